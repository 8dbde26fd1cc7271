"""CONDITION keys of "as long as" statics (611.3) of clause family ES (issue 21): "as long as ~ is monstrous"
(`self_monstrous`, 701.37b) and "as long as there are N or more card types among cards in your graveyard"
(`card_types_in_graveyard_at_least`, delirium — the card types of 205.2a), "as long as ~ has N or more <kind>
counters on it" (`self_counters_at_least`), "as long as defending player controls <a permanent>"
(`defending_player_controls`, 506.2)."""
from __future__ import annotations

from ... import vocabulary as V
from ..objects import Ctx

# 205.2a: the card types (a card with two of them counts for both; "tribal"/"kindred" is one too)
CARD_TYPES = ("Artifact", "Battle", "Creature", "Enchantment", "Instant", "Kindred", "Land", "Planeswalker",
              "Sorcery", "Tribal")


@V.condition("self_monstrous")
def _self_monstrous(g, v, src, ctrl, ev):
    """701.37b: the source is monstrous (it stays so until it leaves the battlefield)."""
    return src is not None and bool(getattr(src, "monstrous", False)) == bool(v)


@V.condition("card_types_in_graveyard_at_least")
def _card_types_in_graveyard(g, v, src, ctrl, ev):
    """Delirium: at least N card types (205.2a) among cards in the controller's graveyard."""
    return g.value("card_types:you", Ctx(src, ctrl, [], None, None)) >= v


@V.condition("self_counters_at_least")
def _self_counters_at_least(g, v, src, ctrl, ev):
    """The source has at least `n` counters of `kind` on it (122.1), e.g. quest counters."""
    return src is not None and src.counters.get(v["kind"], 0) >= v["n"]


@V.condition("defending_player_controls", filters=("filter",))
def _defending_player_controls(g, v, src, ctrl, ev):
    """506.2 / 509.1b: the source is attacking and the player it attacks (or the controller of the planeswalker
    or battle it attacks) controls a permanent matching `filter`; not attacking: false."""
    if src is None or src.oid not in g.attackers:
        return False
    d = g.attackers[src.oid]
    player = d if isinstance(d, str) else getattr(d, "controller", None)
    return any(o.controller == player and g.match(o, g.chars(o), v["filter"], src, ctrl, ev) for o in g.bf)

