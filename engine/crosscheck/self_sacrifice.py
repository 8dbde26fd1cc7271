"""``zone_after`` of a permanent that sacrifices itself to its own ability (``situation.self_sacrifice``):
「ほかにクリーチャーがいないなら、《X》自身を生け贄に捧げることになる」.

X's own ability that sacrifices a permanent when X enters (CR 603.6a) is the only cause the sentence gives; with
no other permanent of the stated types under its controller, X is the only one that fits the instruction and
must be sacrificed (CR 701.17a).  Staged: X cast from its controller's hand onto an otherwise empty battlefield,
everything resolved, then where X is.  A card without such an ability is not judged (the cause the sentence
implies is not staged)."""
from __future__ import annotations

from extractor.facts import Claim

from .builder import Builder, compact
from .cards import Cards
from .registry import Reading, Skip


def _sacrifices_on_entering(beh) -> bool:
    for t in getattr(beh, "triggers", None) or []:
        obj = t.get("object") or {}
        if t.get("event") == "enters" and obj.get("self") and any(
                isinstance(e, dict) and "sacrifice" in e for e in t.get("effects") or []):
            return True
    return False


def synthesize(claim: Claim, cards: Cards, zone: str, where) -> list[Reading]:
    """The readings (``where(card, zone, owner)``: the zone expectations of :mod:`engine.crosscheck.removal`)."""
    sit = claim.situation or {}
    card = cards.name(str(sit.get("card") or claim.subject or ""))
    events = [e for e in sit.get("events") or [] if isinstance(e, dict)]
    if [e.get("action") for e in events] != ["enter"]:
        raise Skip(f"events {compact(sit.get('events'))} of a self-sacrifice cannot be staged")
    for c in sit.get("conditions") or []:
        if not (isinstance(c, dict) and c.get("kind") == "no_other"):
            raise Skip(f"the condition {compact(c)} cannot be staged")
    if not _sacrifices_on_entering(cards.behaviour(card)):
        raise Skip(f"the claim says {card} sacrifices itself by its own ability, and {card} has no ability that "
                   "sacrifices a permanent when it enters: the cause the sentence implies is not staged")
    b = Builder(claim, f"{card} enters with no other permanent of the stated types", cards)
    b.rules = ["603.6a", "701.17a"]
    b.add("you", "hand", card)            # nothing else on the battlefield: the stated 'no other' condition
    b.actions += [{"cast": card}, {"resolve": "all"}]
    b.expect += where(card, zone, (claim.outcome or {}).get("owner"))
    return [b.build()]
