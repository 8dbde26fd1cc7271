"""Quoted card wording (issue 19 item 4): what a claim quotes, compiled by the caller with the Japanese card
grammar (kb.cards_ja — the engine imports nothing of kb), handed to :func:`engine.crosscheck.check_claim` as
``quoted = {quoted text: {"supported": bool, "reason": str | None, "behaviour": dict | None}}``.

- ``card_text`` (「《X》は「…」という能力を持つ」): the quoted wording's behaviour must be part of card X's
  behaviour in the engine (hand-written, else compiled from its English Oracle text) — every ability it states
  is one of the card's (the same data, one behaviour format whichever language it came from).  Then the claim is
  confirmed.  A quote that does not compile supported, a card with no behaviour, or a quote that differs from the card (printed
  wording and Oracle errata can differ, so a difference is never a contradiction) keeps it unsimulable with
  the reason.
- a trigger given only by its wording (``situation.quoted_ability``, no card named): the stand-in that has the
  ability is built from the compiled behaviour (:func:`quoted_source`), so the claim is staged like any card.
"""
from __future__ import annotations

import copy
import json

from extractor.facts import Claim

from ..behaviours import Behaviour, BehaviourError
from .builder import short
from .registry import Skip


def compiled_quote(quoted: dict | None, text: str) -> dict:
    """The compile of one quoted text; :class:`Skip` with the compile's reason when it is not supported."""
    c = (quoted or {}).get(text)
    if not isinstance(c, dict):
        raise Skip(f"the quoted wording 「{short(str(text), 40)}」 was not compiled (no Japanese card grammar was given "
                   f"to the cross-check)")
    if not c.get("supported") or not isinstance(c.get("behaviour"), dict):
        raise Skip(f"the quoted wording 「{short(str(text), 40)}」 does not compile with the Japanese card grammar: "
                   f"{c.get('reason') or 'not supported'}")
    return c["behaviour"]


def _canon(v) -> str:
    return json.dumps(v, sort_keys=True, ensure_ascii=False, default=str)


_LISTS = ("triggers", "activated", "statics")
_VALUES = ("spell", "enchant", "bestow", "transform_to", "enters_tapped", "land_mana", "enters_choice", "pt_cda")


def missing_parts(part: Behaviour, whole: Behaviour) -> list[str]:
    """What of ``part`` (the quote's behaviour) is not in ``whole`` (the card's): each of its triggered,
    activated and static abilities must be one of the card's, its keywords among the card's, anything else
    it states equal — both read by the engine's own :class:`Behaviour` (the same defaults filled in)."""
    out = []
    for k in _LISTS:
        have = {_canon(x) for x in getattr(whole, k)}
        out += [f"{k}[{i}]" for i, x in enumerate(getattr(part, k)) if _canon(x) not in have]
    out += [f"keywords.{k}" for k in sorted(part.keywords - whole.keywords)]
    out += [k for k in _VALUES if getattr(part, k) and _canon(getattr(part, k)) != _canon(getattr(whole, k))]
    out += [k for k in sorted(part.extra) if _canon(part.extra[k]) != _canon(whole.extra.get(k))]
    return out


def judge_card_text(claim: Claim, cards, quoted: dict | None) -> tuple[str, str]:
    """(verdict, reason) of a ``card_text`` claim: confirmed only when the quoted wording compiles supported
    and all of its behaviour is the named card's behaviour in the engine (hand-written, else compiled from
    its English Oracle text — ``engine.behaviours.resolve``)."""
    sit = claim.situation or {}
    text = sit.get("quoted")
    name = sit.get("card") or claim.subject
    if not text or not name:
        raise Skip("the claim does not give both the card and its quoted wording")
    spec = compiled_quote(quoted, str(text))
    card = cards.card(str(name))
    whole, how = cards.behaviour(card.name), ""
    if whole is None:
        whole = paragraph_behaviour(card)
        how = " (its Oracle paragraphs compiled one by one: the whole text does not compile supported)"
    if whole is None:
        raise Skip(f"{card.name} has no behaviour (its English Oracle text does not compile supported, nor does any "
                   f"paragraph of it alone), so the quoted wording has nothing to be compared with")
    try:
        part = Behaviour(f"{card.name} (quoted)", copy.deepcopy(spec))
    except BehaviourError as e:
        raise Skip(f"the quoted wording's behaviour is not in the engine's vocabulary: {e}") from None
    diff = missing_parts(part, whole)
    if diff:
        raise Skip(f"the quoted wording 「{short(str(text), 40)}」 compiles to a behaviour that is not "
                   f"{card.name}'s (differs at {', '.join(diff[:5])}); printed wording and Oracle text may differ, "
                   f"so this is not judged a contradiction")
    return "confirmed", (f"the quoted wording compiles (Japanese card grammar) to {', '.join(sorted(spec))} "
                         f"that {card.name}'s behaviour also has{how}")


_LIST_KEYS = ("triggers", "activated", "statics", "keywords")


def paragraph_behaviour(card) -> Behaviour | None:
    """The abilities of a card whose whole Oracle text does not compile: each paragraph (one ability, 113.2)
    compiled alone, the supported ones together (a key two paragraphs state differently: None).  A quote is the
    card's when each of its abilities is one of these; a paragraph that does not compile is simply not compared."""
    from ..oracle.compile import compile_face

    text = getattr(card, "text", None) or ""
    merged: dict = {}
    for para in (p.strip() for p in text.split("\n")):
        if not para:
            continue
        c = compile_face({"name": card.name, "types": list(getattr(card, "types", None) or []), "text": para})
        if not c.supported or not isinstance(c.behaviour, dict):
            continue
        for k, v in c.behaviour.items():
            if k in _LIST_KEYS and isinstance(v, list):
                merged[k] = [*merged.get(k, []), *(x for x in v if x not in merged.get(k, []))]
            elif k in merged and _canon(merged[k]) != _canon(v):
                return None
            else:
                merged[k] = v
    if not merged:
        return None
    try:
        return Behaviour(f"{card.name} (paragraphs)", copy.deepcopy(merged))
    except BehaviourError:
        return None


def quoted_source(claim: Claim, quoted: dict | None) -> Claim:
    """A trigger claim whose ability is given only by its wording (``situation.quoted_ability``, no card named):
    the source becomes a described object whose behaviour is the compiled quote (a stand-in, standins.py) — its
    card type and P/T, which the sentence does not state, are readings (the claim must hold in each).  A quote
    that does not compile: :class:`Skip` with the compile's reason.  No compiled quotes given: unchanged."""
    claim = described_cause(claim, quoted)
    sit = claim.situation or {}
    text = sit.get("quoted_ability")
    if claim.kind not in ("trigger_count", "no_trigger") or claim.subject or sit.get("source") or not text \
            or quoted is None:
        return claim
    beh = compiled_quote(quoted, str(text))
    if not beh.get("triggers"):
        raise Skip(f"the quoted wording 「{short(str(text), 40)}」 compiles to no triggered ability")
    desc: dict = {"behaviour": beh}
    if sit.get("quoted_holder"):                  # the card type the sentence gives the object with the ability
        desc["types"] = [str(sit["quoted_holder"])]
    return Claim(**{**claim.__dict__, "subject": {"desc": desc}})


def quoted_effects(claim: Claim, quoted: dict | None) -> Claim:
    """A story of effects in order (``situation.in_order``, layered_pt.py) whose effects quote their wording: each
    such effect gets the behaviour its quote compiles to (:class:`Skip` with the compile's reason when it does not)."""
    sit = claim.situation or {}
    effects = sit.get("effects")
    if not sit.get("in_order") or not isinstance(effects, list) or \
            not any(isinstance(e, dict) and "quoted" in e for e in effects):
        return claim
    out = [dict(e, behaviour=compiled_quote(quoted, str(e["quoted"]))) if isinstance(e, dict) and "quoted" in e else e
           for e in effects]
    return Claim(**{**claim.__dict__, "situation": {**sit, "effects": out}})


def described_cause(claim: Claim, quoted: dict | None) -> Claim:
    """A trigger claim whose event is caused by a spell described by what it does (「すべての土地を破壊する呪文を
    唱えた」, ``situation.cause_spell``, no card named): the cause becomes a stand-in sorcery whose behaviour is that
    wording compiled as a spell's text (601.2: it is cast, then resolves).  A wording that does not compile to a
    spell: :class:`Skip` with the reason.  No compiled quotes given: unchanged (the fact is then not staged)."""
    sit = claim.situation or {}
    text = sit.get("cause_spell")
    if claim.kind not in ("trigger_count", "no_trigger") or not text or sit.get("cause") or quoted is None:
        return claim
    beh = compiled_quote(quoted, str(text))
    if not (beh.get("spell") or {}).get("effects"):
        raise Skip(f"the spell described as 「{short(str(text), 40)}」 compiles to no spell effect")
    return Claim(**{**claim.__dict__, "situation": {**sit, "cause": {"desc": {"types": ["Sorcery"], "behaviour": beh}}}})
