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


def _cast_from_hand(g) -> set:
    return g.__dict__.setdefault("cast_from_hand_ids", set())


@V.hook(V.MOVED_HOOKS)
def _remember_cast_from_hand(g, old, new, opts):
    """601.2a: a spell cast from its owner's hand; the permanent it becomes remembers it (608.3)."""
    ids = _cast_from_hand(g)
    if (new.zone == "stack" and old.zone == "hand") or (new.zone == "battlefield" and old.oid in ids):
        ids.add(new.oid)


@V.condition("cast_from_hand")
def _was_cast_from_hand(g, v, src, ctrl, ev):
    """The source (a spell, or the permanent it became) was cast from its owner's hand (`true`) — or not."""
    return (src is not None and src.oid in _cast_from_hand(g)) == bool(v)
