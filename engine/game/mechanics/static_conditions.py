"""CONDITION keys of "as long as" statics (611.3) and intervening ifs (603.4) of clause family S:
"as long as ~ is equipped" (`self_equipped`, 301.5); "as long as there are N or more <cards> in <zone>" is
`count_at_least` (mechanics/turn_conditions.py)."""
from __future__ import annotations

from ... import vocabulary as V


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


@V.hook(V.MOVED_HOOKS, to=("stack", "battlefield"))
def _remember_cast_from_hand(g, old, new, opts):
    """601.2a: a spell cast from its owner's hand; the permanent it becomes remembers it (608.3)."""
    ids = _cast_from_hand(g)
    if (new.zone == "stack" and old.zone == "hand") or (new.zone == "battlefield" and old.oid in ids):
        ids.add(new.oid)


@V.condition("cast_from_hand")
def _was_cast_from_hand(g, v, src, ctrl, ev):
    """The source (a spell, or the permanent it became) was cast from its owner's hand (`true`) — or not."""
    return (src is not None and src.oid in _cast_from_hand(g)) == bool(v)


@V.condition("self_has_counter")
def _self_has_counter(g, v, src, ctrl, ev):
    """The source has one or more counters of this kind (122.1)."""
    return src.counters.get(v, 0) > 0


@V.condition("opponent_controls", filters=("filter",))
def _opponent_controls(g, v, src, ctrl, ev):
    """An opponent of the controller controls a permanent matching `filter`."""
    return any(o.controller != ctrl and g.match(o, g.chars(o), v["filter"], src, ctrl, ev) for o in g.bf)


@V.condition("life_at_most")
def _life_at_most(g, v, src, ctrl, ev):
    """The controller has at most N life (119)."""
    return g.life[ctrl] <= v


@V.condition("host_is", filters=("filter",))
def _host_is(g, v, src, ctrl, ev):
    """The permanent the source (an Aura or Equipment) is attached to matches `filter` (303.4, 301.5)."""
    host = next((o for o in g.bf if o.oid == src.attached_to), None)
    return host is not None and g.match(host, g.chars(host), v["filter"], src, ctrl, ev)
