"""CONDITION keys of "as long as" statics (611.3) and intervening ifs (603.4) of clause family S:
"as long as there are N or more <cards> in <zone>" (`count_at_least`), "as long as ~ is equipped"
(`self_equipped`, 301.5)."""
from __future__ import annotations

from ... import vocabulary as V
from ..objects import Ctx


@V.condition("count_at_least", filters=("filter",))
def _count_at_least(g, v, src, ctrl, ev):
    """There are at least `n` objects matching `filter` (with `zone`: cards there, 400.1)."""
    return g.value({"count": v["filter"]}, Ctx(src, ctrl, [], ev, None)) >= v["n"]


@V.condition("self_equipped")
def _self_equipped(g, v, src, ctrl, ev):
    """301.5: an Equipment is attached to the source (`true`) — or none is."""
    return any(x.attached_to == src.oid and "Equipment" in g.chars(x).subtypes for x in g.bf) == bool(v)


@V.filter_key("zone")
def _zone(g, o, c, v, src, ctrl, ev):
    """In this zone (400.1: `graveyard`, `hand`, `library`, `exile`, `battlefield`, `stack`)."""
    return o.zone == v
