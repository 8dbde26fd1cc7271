"""``x_mana_value``: what X counts in a mana value by zone (202.3e: on the stack the announced value, 601.2b; in
every other zone 0).

Staged: a stand-in card with mana cost {X}{R} (mana value 1 + X on the stack, 1 elsewhere) — a sorcery that
only gains you 1 life, or for the battlefield a 2/2 creature.  On the stack it is cast with X announced (readings
X = 2 and X = 3: the statement gives no value) and checked before it resolves; elsewhere it is put in that zone
(off the stack: readings hand, graveyard, battlefield).  ``x_is``: "zero" = mana value 1, "announced" = 1 + X;
off the stack no value is announced, so "announced" there is not staged.
"""
from __future__ import annotations

from extractor.facts import Claim

from ..behaviours import Behaviour
from .builder import Builder, compact
from .cards import Cards
from .registry import Reading, Skip
from .standins import StandinCard, overlay

_COST = "{X}{R}"
_OFF = {"off_stack": ["hand", "graveyard", "battlefield"], "hand": ["hand"], "graveyard": ["graveyard"],
        "library": ["library"], "battlefield": ["battlefield"]}


def _card(cards: Cards, creature: bool) -> str:
    if creature:
        return overlay(cards, StandinCard(name=f"Stand-in {_COST} 2/2 creature", types=["Creature"], cost=_COST,
                                          colors="R", power="2", toughness="2", has_text=False, desc={},
                                          behaviour=Behaviour("<stand-in>", {})))
    spec = {"spell": {"effects": [{"gain_life": {"n": 1, "player": "you"}}]}}
    return overlay(cards, StandinCard(name=f"Stand-in {_COST} sorcery (you gain 1 life)", types=["Sorcery"], cost=_COST,
                                      colors="R", has_text=False, desc={}, behaviour=Behaviour("<stand-in>", spec)))


def _syn_x_mana_value(claim: Claim, cards: Cards) -> list[Reading]:
    zone, x_is = (claim.situation or {}).get("zone"), (claim.outcome or {}).get("x_is")
    if x_is not in ("zero", "announced"):
        raise Skip(f"the claim does not say what X counts ({compact(x_is)})")
    readings = []
    if zone == "stack":
        for x in (2, 3):
            card = _card(cards, False)
            b = Builder(claim, f"cast with X = {x}, on the stack", cards)
            b.rules = ["202.3e", "601.2b"]
            b.add("you", "hand", card)
            b.actions.append({"cast": card, "x": x})
            b.expect.append({"mana_value": {"card": card, "n": 1 + (x if x_is == "announced" else 0)}})
            readings.append(b.build())
        return readings
    if zone not in _OFF:
        raise Skip(f"the zone the claim is about is not one the check stages ({compact(zone)})")
    if x_is == "announced":
        raise Skip("off the stack no value is announced for X (601.2b): the stated value is not staged")
    for where in _OFF[zone]:
        card = _card(cards, where == "battlefield")
        b = Builder(claim, f"in the {where}", cards)
        b.rules = ["202.3e"]
        b.add("you", where, card)
        b.expect.append({"mana_value": {"card": card, "n": 1}})
        readings.append(b.build())
    return readings
