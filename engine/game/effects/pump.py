"""Until-end-of-turn P/T and ability changes (611.2c, layer 6/7c)."""
from __future__ import annotations

from ...vocabulary import OBJECT_WORDS, STEP_HOOKS, effect, hook
from ..mechanics import durations
from ..mechanics.protection_choice import resolve_choices


@effect("pump", keys=("affected", "pt", "grant", "per", "lose", "until", "switch"), filters=("affected",), keywords=("grant", "lose"), values=("per",),
        enums={"affected": lambda v: "" if isinstance(v, dict) or v in ("self", "enchanted_or_self")
               or v in OBJECT_WORDS or isinstance(v, str) and v.startswith("target:") else v,
               "until": lambda v: "" if v == "your_next_turn" else durations.until_check(v) if isinstance(v, dict) else v,
               "switch": lambda v: "" if v is True else repr(v)})
def pump(g, arg, ctx):
    """611.2c: until end of turn, `pt` and/or `grant` (or `lose`: keywords it loses, 613.1f) for `affected` (self,
    target, target:N, enchanted_or_self, an object word such as `enchanted`/`equipped` (303.4, 301.5), or a
    FILTER); `until: your_next_turn` — until the controller's next turn begins (611.2b); `until: {while: KIND}` —
    for as long as ~ remains tapped / you control ~ (611.2b, mechanics/durations.py); `switch: true` — their
    power and toughness are switched (613.4d, layer 7d: engine.game.layers)."""
    until = arg.get("until")
    w = durations.begin(g, until, ctx) if isinstance(until, dict) else None
    if isinstance(until, dict) and w is None:
        g.log("611.2b", f"{ctx.source.name}: the duration has already ended; no effect")
        return
    aff = arg.get("affected", "self")
    if aff == "self":
        ids = set() if ctx.source.gone else {ctx.source.oid}
    elif isinstance(aff, str) and (aff in OBJECT_WORDS or aff.startswith("target:")):
        ids = {o.oid for o in g.objects_of(aff, ctx)}
    elif aff == "enchanted_or_self":
        host = next((o for o in g.bf if o.oid == ctx.source.attached_to), None)
        ids = {host.oid} if host is not None else (set() if ctx.source.gone else {ctx.source.oid})
    else:
        # 611.2c: the affected set is locked in when the effect begins.
        ids = {o.oid for o in g.bf if g.match(o, g.chars(o), aff, ctx.source, ctx.controller)}
    g.ts += 1
    pt = arg.get("pt")
    if pt is not None:
        pt = [g.value(x, ctx) if not isinstance(x, int) else x for x in pt]    # X fixed on resolution
        if "per" in arg:                                                   # "+1/+1 for each …"
            k = g.value(arg["per"], ctx)
            pt = [x * k for x in pt]
    grant = resolve_choices(g, arg.get("grant"), ctx)                    # "the color of your choice" (702.16)
    g.effects.append({"ids": ids, "pt": pt, "grant": grant, "ts": g.ts,
                      **({"lose": arg["lose"]} if arg.get("lose") else {}),
                      **({"switch": True} if arg.get("switch") else {}),
                      **({"until_turn_of": ctx.controller} if until == "your_next_turn" else {}),
                      **({"while": w} if w is not None else {})})
    g.touch()
    g.log("611.2c", f"{ctx.source.name}: {len(ids)} object(s) affected until end of turn")


@hook(STEP_HOOKS)
def _next_turn_begins(g, step):
    """611.2b: effects that last "until your next turn" end as that player's next turn begins."""
    if step == "untap" and any(e.get("until_turn_of") == g.active for e in g.effects):
        g.effects[:] = [e for e in g.effects if e.get("until_turn_of") != g.active]
        g.touch()
        g.log("611.2b", f"{g.active}'s turn begins: effects until their next turn end")
