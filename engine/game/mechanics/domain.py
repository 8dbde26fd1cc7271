"""Counted values of ability words.  Domain (207.2c): the value `basic_land_types:you` — the number of basic land types (205.3i:
Plains, Island, Swamp, Mountain, Forest) among lands the controller controls, read from their current
characteristics (a land with two basic land types counts for both); `card_types:all|you` — card types among
cards in graveyards (205.2a; delirium, Tarmogoyf)."""
from __future__ import annotations

from ... import vocabulary as V

BASIC_LAND_TYPES = ("Plains", "Island", "Swamp", "Mountain", "Forest")


@V.value_form("basic_land_types", args=("you",))
def _basic_land_types(g, arg, ctx):
    """205.3i: the basic land types among lands the controller controls (0 to 5)."""
    seen = set()
    for o in g.bf:
        if o.controller == ctx.controller:
            c = g.chars(o)
            if "Land" in c.types:
                seen.update(t for t in c.subtypes if t in BASIC_LAND_TYPES)
    return len(seen)


@V.value_form("card_types", args=("all", "you"))
def _card_types(g, arg, ctx):
    """205.2a: the number of card types among cards in all graveyards (`card_types:all`, e.g. Tarmogoyf) or in
    the controller's graveyard (`card_types:you`); a card with two types counts for both."""
    from .as_long_as import CARD_TYPES
    players = g.players if arg == "all" else [ctx.controller]
    return len({t for p in players for o in g.pz[p]["graveyard"] for t in o.card.types if t in CARD_TYPES})
