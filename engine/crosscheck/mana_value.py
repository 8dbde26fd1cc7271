"""``mana_value`` claims: the object is put in its owner's hand (a permanent card, a land) or on the battlefield
(a token: a token exists only there, CR 111.7) — off the stack, where X counts as 0 (CR 202.3e) — and the
engine counts its mana value (CR 202.3)."""
from __future__ import annotations

from extractor.facts import Claim

from .builder import Builder, checks, named
from .cards import Cards
from .registry import Reading, Skip


def _syn_mana_value(claim: Claim, cards: Cards) -> list[Reading]:
    sit, out = claim.situation or {}, claim.outcome or {}
    n = out.get("mana_value")
    if not isinstance(n, int) or isinstance(n, bool):
        raise Skip("the claim gives no mana value number")
    card = named(cards, sit.get("card") or claim.subject, "the object whose mana value it states")
    token = bool(cards.entry(card).get("token")) if hasattr(cards, "entry") else False
    desc = getattr(cards.card(card), "desc", None)
    if desc is not None and not (token or "Land" in (desc.get("types") or [])):
        # a stand-in has no mana cost; only a land and a token that copies nothing have none by the rules
        raise Skip("the described object's mana cost is not stated (only a land or a token that copies nothing "
                   "has no mana cost)")
    b = Builder(claim, "on the battlefield" if token else "in the hand", cards)
    b.rules = ["202.3"] + (["111.3"] if token else [])
    b.add("you", "battlefield" if token else "hand", card)
    b.expect.append({"mana_value": {"card": card, "n": n}})
    return [b.build()]


def _mana_value_checked(claim: Claim, scenarios: list[dict]) -> str | None:
    n = (claim.outcome or {}).get("mana_value")
    if not isinstance(n, int) or checks(scenarios, "mana_value", lambda d: str(d.get("n")) == str(n)):
        return None
    return f"mana value {n}"
