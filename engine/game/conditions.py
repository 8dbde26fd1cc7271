"""CONDITION keys read by intervening ifs (603.4), "as long as" statics (611.3) and "if …" effects (608.2c).

Add a condition = one ``@condition`` function ``fn(game, value, src, ctrl, ev) -> bool`` here (the older
trigger conditions live in ``triggers``)."""
from __future__ import annotations

from ..vocabulary import condition


@condition("control_at_most", filters=("filter",))
def _control_at_most(g, v, src, ctrl, ev):
    """The controller controls at most `n` permanents matching `filter`."""
    n = sum(1 for o in g.bf if o.controller == ctrl and g.match(o, g.chars(o), v.get("filter", {}), src, ctrl, ev))
    return n <= v["n"]


@condition("life_at_least")
def _life_at_least(g, v, src, ctrl, ev):
    """The controller has at least N life (119)."""
    return g.life[ctrl] >= v


@condition("hand_at_least")
def _hand_at_least(g, v, src, ctrl, ev):
    """The controller has at least N cards in hand."""
    return len(g.pz[ctrl]["hand"]) >= v


@condition("hand_empty")
def _hand_empty(g, v, src, ctrl, ev):
    """The controller has no cards in hand (`true`), or has some (`false`)."""
    return (not g.pz[ctrl]["hand"]) == bool(v)


@condition("graveyard_at_least")
def _graveyard_at_least(g, v, src, ctrl, ev):
    """The controller has at least N cards in their graveyard (e.g. threshold, 702 ability words)."""
    return len(g.pz[ctrl]["graveyard"]) >= v


@condition("your_turn")
def _your_turn(g, v, src, ctrl, ev):
    """It is (`true`) or is not the controller's turn (500)."""
    return (g.active == ctrl) == bool(v)


@condition("self_tapped")
def _self_tapped(g, v, src, ctrl, ev):
    """The source is a tapped permanent."""
    return src.zone == "battlefield" and not src.gone and src.tapped == bool(v)


@condition("self_untapped")
def _self_untapped(g, v, src, ctrl, ev):
    """The source is an untapped permanent."""
    return src.zone == "battlefield" and not src.gone and src.tapped != bool(v)


@condition("self_attacking")
def _self_attacking(g, v, src, ctrl, ev):
    """The source is an attacking creature (506.4)."""
    return (src.oid in g.attackers) == bool(v)


@condition("self_enchanted")
def _self_enchanted(g, v, src, ctrl, ev):
    """The source has an Aura attached to it (303.4)."""
    return any(o.attached_to == src.oid and "Aura" in g.chars(o).subtypes for o in g.bf) == bool(v)


@condition("kicked")
def _kicked(g, v, src, ctrl, ev):
    """702.33d: the spell (or the permanent it became) was kicked."""
    return bool(getattr(src, "kicked", 0)) == bool(v)
