"""Adding mana (106.4)."""
from __future__ import annotations

from ...vocabulary import effect


@effect("add_mana", keys=("mana", "player", "any_color", "one_of", "one_color", "produced", "n", "among"),
        values=("any_color", "one_color", "n"), enums={"player": ("event_controller",), "produced": lambda v: "" if v is True else repr(v)})
def add_mana(g, arg, ctx):
    """106.4: add mana (`mana: G|chosen`, `n` times — "an amount of {G} equal to …"; `player: event_controller`)
    or `any_color: N` chosen mana (each its own colour, 106.1b "in any combination of colors"), `one_color: N` — N
    mana of one colour chosen once; `produced: true` — one mana of a type the permanent tapped for mana just
    produced (605.1b event, its `color`: the symbols it added; the player chooses if several); `among: "RG"`
    with `any_color` — "in any combination of {R} and/or {G}": each mana one of those colours."""
    before = {p: dict(g.pool[p]) for p in g.players}
    _add_mana(g, arg, ctx)
    # what this effect added, by player (106.6: "spend this mana only …" restricts exactly that mana)
    g.last_mana_added = (ctx.ability, [(p, sym) for p in g.players for sym, n in g.pool[p].items()
                                       for _ in range(n - before[p].get(sym, 0))])


def _add_mana(g, arg, ctx):
    p = ctx.controller
    if arg.get("player") == "event_controller" and ctx.event is not None and ctx.event.obj is not None:
        p = ctx.event.obj.controller
    if arg.get("produced"):
        kinds = sorted(set(ctx.event.color or "")) if ctx.event is not None else []
        if not kinds:
            g.log("106.7", f"{ctx.source.name}: the permanent produced no mana, none added")
            return
        _add_one_of(g, p, kinds, ctx, " (a type that permanent produced)")
    elif "mana" in arg:
        mana = arg["mana"]
        if mana == "chosen":
            mana = ctx.source.chosen or ""
        mana = mana * g.value(arg.get("n", 1), ctx)
        for sym in mana:
            g.pool[p][sym] = g.pool[p].get(sym, 0) + 1
        g.log("106.4", f"{p} adds {{{mana}}}")
    elif "one_of" in arg:
        # 106.1: "add {R} or {G}" — the player chooses one of the listed mana symbols.
        opts = [(ctx.source.chosen or "") if o == "chosen" else o for o in arg["one_of"]]   # 614.12 "the chosen color"
        _add_one_of(g, p, [o for o in opts if o], ctx)
    elif "one_color" in arg:
        col = g.choose_color(p, f"{ctx.ability.label if ctx.ability else ctx.source.name}: mana color")
        n = g.value(arg["one_color"], ctx)
        g.pool[p][col] = g.pool[p].get(col, 0) + n
        g.log("106.4", f"{p} adds {{{col}}} x{n}")
    else:
        for _ in range(g.value(arg.get("any_color", 1), ctx)):
            col = g.choose_color(p, f"{ctx.ability.label if ctx.ability else ctx.source.name}: mana color")
            if "among" in arg and col not in arg["among"]:
                from ...errors import IllegalAction
                raise IllegalAction(f"{col} is not one of {arg['among']} (106.1b)")
            g.pool[p][col] = g.pool[p].get(col, 0) + 1
            g.log("106.4", f"{p} adds {{{col}}}")


def _add_one_of(g, p, opts: list, ctx, why: str = "") -> None:
    """106.1 / 106.4: one mana of a type ``p`` chooses among ``opts`` (no choice when there is one)."""
    col = opts[0] if len(opts) == 1 else g.choose_color(p, f"{ctx.source.name}: one of {opts}")
    if col not in opts:
        from ...errors import IllegalAction
        raise IllegalAction(f"{col} is not one of {opts}")
    g.pool[p][col] = g.pool[p].get(col, 0) + 1
    g.log("106.4", f"{p} adds {{{col}}}{why}")
