"""Facts a statement gives as the cause of its outcome about a named card: 「《セラの天使》は飛行を持つので、…」
(a condition ``{kind: has | lacks, keyword, card}``, extractor/claims/conditions.py).  Such a clause is no event
and no situation to stage: it states the card's own characteristics (CR 109.3; its keyword abilities, 702;
protection's qualities, 702.16a) — or, ``{kind: is, types?, colors?, card}`` (「《X》はクリーチャー呪文なので」「赤なので」),
its card types and colours (109.3, 205.2a, 105.2).  It is checked against the card — true, it is dropped (what follows is judged
as stated); false, the statement is not confirmable as stated and the claim is unsimulable."""
from __future__ import annotations

from extractor.facts import Claim

from .cards import Cards
from .registry import Skip
from .standins import protection_quality


def _norm(k) -> str:
    return str(k).lower().replace("_", " ")


def _has(cards: Cards, name: str, fact: dict) -> bool:
    beh = cards.behaviour(name)
    if beh is None and not cards.card(name).has_text:
        return False                             # a card without rules text has no keyword ability
    if beh is None:
        raise Skip(f"no behaviour for {name}: its stated {fact.get('keyword')} cannot be checked")
    if fact.get("keyword") == "protection":
        held = beh.extra.get("protection") or []
        if {"everything": True} in held:
            return True                          # 702.16k: protection from everything
        return all(protection_quality(q) in held for q in fact.get("protection") or []) \
            and bool(fact.get("protection"))
    return _norm(fact.get("keyword")) in {_norm(k) for k in beh.keywords or ()}


def _is(cards: Cards, name: str, fact: dict) -> None:
    """A stated card type / colour of the card (its printed characteristics, 109.3): Skip when it lacks one."""
    card = cards.card(name)
    types = {*card.types, *card.subtypes, *card.supertypes}
    missing = [t for t in fact.get("types") or () if t not in types] + \
        [c for c in fact.get("colors") or () if c not in (card.colors or "")]
    if missing:
        raise Skip(f"{name} is not {'/'.join(missing)}, which the statement gives as its cause: not confirmable "
                   "as stated")


def checked_card_facts(claim: Claim, cards: Cards) -> Claim:
    """The claim without the has / lacks conditions stated of a named card that the card fulfils; a condition
    the card does not fulfil raises Skip (the statement's cause is not a fact of the card)."""
    sit = claim.situation or {}
    conds = sit.get("conditions") or []
    facts = [c for c in conds if isinstance(c, dict) and c.get("kind") in ("has", "lacks", "is") and c.get("card")]
    if not facts:
        return claim
    for f in facts:
        name = cards.name(str(f["card"]))
        if f["kind"] == "is":
            _is(cards, name, f)
            continue
        what = f"protection from {'/'.join(f.get('protection') or [])}" if f.get("keyword") == "protection" \
            else str(f.get("keyword"))
        if _has(cards, name, f) != (f["kind"] == "has"):
            raise Skip(f"{name} {'does not have' if f['kind'] == 'has' else 'has'} {what}, which the statement "
                       "gives as its cause: not confirmable as stated")
    rest = [c for c in conds if not any(c is f for f in facts)]
    sit = {k: v for k, v in sit.items() if k != "conditions"}
    if "_helpers" in sit:       # a kind that prepared helpers (composed) may still read the cause the statement gives
        sit["_helpers"] = {**sit["_helpers"], "card_facts": facts}
    if rest:
        sit["conditions"] = rest
    return Claim(**{**claim.__dict__, "situation": sit})
