""""Switch target creature's power and toughness until end of turn" (613.4d, layer 7d: after every other P/T
effect and counters; two switches undo each other)."""
from __future__ import annotations

from ... import vocabulary as V


@V.effect("switch_pt", objects=("*",), values=())
def switch_pt(g, arg, ctx):
    """613.4d: until end of turn, the objects' power and toughness are switched (locked in as it begins, 611.2c)."""
    ids = {o.oid for o in g.objects_of(arg, ctx)}
    g.ts += 1
    g.effects.append({"ids": ids, "switch": True, "ts": g.ts})
    g.touch()
    g.log("613.4d", f"{ctx.source.name}: power and toughness of {len(ids)} object(s) switched until end of turn")


@V.layer_effect("7d")
def _switch(g, o, c, statics):
    """613.4d: each switch effect on the object, in timestamp order."""
    for e in g.effects:
        if e.get("switch") and o.oid in e["ids"]:
            c.power, c.toughness = c.toughness, c.power
