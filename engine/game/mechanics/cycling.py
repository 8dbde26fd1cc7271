"""Cycling's triggers (702.29): "When you cycle ~" (702.29d, the cycled card's own ability — it triggers from the
graveyard the card was discarded to) and "Whenever you cycle a card" (a permanent's ability).

Cycling and typecycling abilities carry the cost key ``cycled`` (engine/game/casting.py, mechanics/alt_costs.py):
paid after the card is discarded, it makes the cycle event (702.29c: cycling is activating the ability).
"""
from __future__ import annotations

from ... import vocabulary as V
from ..objects import Event
from ..triggers import _players_event


@V.cost("cycled", lambda v, c: "" if v is True else repr(v))
def cycled(g, p, o, v):
    """702.29c/d: the card was cycled — the event for "whenever you cycle a card" (permanents on the battlefield)
    and the cycled card's own "when you cycle ~" triggers (it is now in the graveyard, 702.29d)."""
    card = next((x for x in g.pz[p]["graveyard"] if x.card_no == o.card_no), None)
    ev = Event("cycle", obj=card or o, player=p)
    if card is not None:
        for idx, t in g.triggers_of(card):
            if t.get("event") == "cycle_self":
                g._trigger(card, t, idx, ev)
    g.detect([ev])


V.event("cycle")(_players_event("cycle", "702.29c: a player cycles a card (activates its cycling ability)."))


@V.event("cycle_self")
def _cycle_self(g, t, ev, src, subj, sc):
    """702.29d: "when you cycle ~" — triggered by the cycled card itself from its owner's graveyard (the
    ``cycled`` cost puts it on the stack; no permanent's event matches it)."""
    return False
