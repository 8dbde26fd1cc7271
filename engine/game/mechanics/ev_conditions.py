"""CONDITION keys of clause family EV (issue 21) for "as long as" statics (611.3) and "if" (608.2c): the other
players' graveyards, life and hands, cards drawn this turn (121.1), the controller's hand size, and the negated
host condition of an Aura's "otherwise" (303.4)."""
from __future__ import annotations

from ... import vocabulary as V


def _opponents(g, ctrl):
    return [p for p in g.players if p != ctrl]


@V.condition("opponent_graveyard_at_least")
def _opp_graveyard(g, v, src, ctrl, ev):
    """An opponent of the controller has at least N cards in their graveyard."""
    return any(len(g.pz[p]["graveyard"]) >= v for p in _opponents(g, ctrl))


@V.condition("opponent_life_at_most")
def _opp_life(g, v, src, ctrl, ev):
    """An opponent of the controller has at most N life (119)."""
    return any(g.life[p] <= v for p in _opponents(g, ctrl))


@V.condition("opponent_hand_empty")
def _opp_hand_empty(g, v, src, ctrl, ev):
    """An opponent of the controller has no cards in hand — or (false) none has an empty hand."""
    return any(not g.pz[p]["hand"] for p in _opponents(g, ctrl)) == bool(v)


@V.condition("drawn_this_turn_at_least")
def _drawn(g, v, src, ctrl, ev):
    """121.1: the controller has drawn at least N cards this turn."""
    return g.draws.get((g.turn, ctrl), 0) >= v


@V.condition("hand_at_most")
def _hand_at_most(g, v, src, ctrl, ev):
    """The controller has at most N cards in hand."""
    return len(g.pz[ctrl]["hand"]) <= v


@V.condition("host_is_not", filters=("filter",))
def _host_is_not(g, v, src, ctrl, ev):
    """303.4 "otherwise": the source is attached to a permanent that does NOT match `filter` (false when unattached)."""
    host = next((o for o in g.bf if o.oid == src.attached_to), None)
    return host is not None and not g.match(host, g.chars(host), v["filter"], src, ctrl, ev)
