"""Adding mana (106.4)."""
from __future__ import annotations

from ...vocabulary import effect


@effect("add_mana", keys=("mana", "player", "any_color"))
def add_mana(g, arg, ctx):
    """106.4: add mana (`mana: G|chosen`, `player: event_controller`) or `any_color: N` chosen mana."""
    p = ctx.controller
    if arg.get("player") == "event_controller" and ctx.event is not None and ctx.event.obj is not None:
        p = ctx.event.obj.controller
    if "mana" in arg:
        mana = arg["mana"]
        if mana == "chosen":
            mana = ctx.source.chosen or ""
        for sym in mana:
            g.pool[p][sym] = g.pool[p].get(sym, 0) + 1
        g.log("106.4", f"{p} adds {{{mana}}}")
    else:
        for _ in range(arg.get("any_color", 1)):
            col = g.choose_color(p, f"{ctx.ability.label if ctx.ability else ctx.source.name}: mana color")
            g.pool[p][col] = g.pool[p].get(col, 0) + 1
            g.log("106.4", f"{p} adds {{{col}}}")
