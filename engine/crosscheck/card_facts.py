"""Facts a statement gives as the cause of its outcome about a named card: 「《セラの天使》は飛行を持つので、…」
(a condition ``{kind: has | lacks, keyword, card}``, extractor/claims/conditions.py).  Such a clause is no event
and no situation to stage: it states the card's own characteristics (CR 109.3; its keyword abilities, 702;
protection's qualities, 702.16a) — or, ``{kind: is, types?, colors?, card}`` (「《X》はクリーチャー呪文なので」「赤なので」),
its card types and colours (109.3, 205.2a, 105.2).  It is checked against the card — true, it is dropped (what follows is judged
as stated); false, the statement is not confirmable as stated and the claim is unsimulable."""
from __future__ import annotations

import re
from dataclasses import dataclass

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


_GAINS_CONTROL = re.compile(r"\b(?:gains?|gained) control\b|\byou control enchanted\b|\bexchange control\b")


def _control_means(cards: Cards, conds: list) -> None:
    """「《X》でコントロールを得た」 (``just_controlled``, ``by``): X must be a card whose rules text changes control
    (613.1b, layer 2: 「gain control of」「you control enchanted …」「exchange control」) — Skip when it is not (a card
    named as the means is a fact of the statement, never only a label)."""
    for c in conds:
        if isinstance(c, dict) and c.get("kind") == "just_controlled" and isinstance(c.get("by"), str):
            name = cards.name(c["by"])
            if not _GAINS_CONTROL.search((cards.card(name).text or "").lower()):
                raise Skip(f"{name} does not change control of a permanent, which the statement says it was done "
                           "with: not confirmable as stated")


def checked_card_facts(claim: Claim, cards: Cards) -> Claim:
    """The claim without the has / lacks conditions stated of a named card that the card fulfils; a condition
    the card does not fulfil raises Skip (the statement's cause is not a fact of the card); a card named as the
    means of a control change must change control (:func:`_control_means`)."""
    sit = claim.situation or {}
    conds = sit.get("conditions") or []
    _control_means(cards, conds)
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


def _named_facts(claim: Claim) -> list[dict]:
    conds = (claim.situation or {}).get("conditions") or []
    return [c for c in conds if isinstance(c, dict) and (c.get("because") or c.get("unless"))
            and c.get("kind") in ("has", "lacks")
            and isinstance(c.get("card"), str) and c.get("keyword") and c.get("keyword") != "protection"]


def _premises(claim: Claim) -> list[dict]:
    """A composed statement's reason events (「〔X〕は防衛を持つので、…」, compose_traits.premise) of an actor."""
    sit = claim.situation or {}
    if claim.kind != "composed" or not isinstance(sit.get("actors"), dict):
        return []
    return [e for e in sit.get("sequence") or [] if isinstance(e, dict) and e.get("event") == "premise"
            and e.get("keywords") and isinstance(sit["actors"].get(e.get("patient")), str)]


@dataclass
class Cause:
    """One cause a statement gives for its outcome (「…を持つので」) and its test: ``flipped`` is the claim with the
    cause taken away — the cause is one only when that claim is not confirmed too; ``refuted``: the cause fails
    outright (the staged card gives the keyword the statement says the object lacks), nothing to run."""
    words: str
    flipped: Claim | None = None
    refuted: str = ""
    must_fail: bool = False     # an exception (「Kを持たない限り」): without the cause the outcome must be shown to fail


def causes(claim: Claim, cards: Cards) -> list[Cause]:
    """Every cause a statement gives for its outcome, each with its test (:class:`Cause`), in one list:

    - a keyword fact of a named card (「《セラの天使》は飛行を持つので」: a ``because`` condition with ``card``, or a
      composed statement's ``premise`` event) — true of the card (:func:`checked_card_facts`) is not yet a cause: the
      claim with the card as a stand-in that has that keyword turned over (:func:`_without`) must not hold too;
    - the has / lacks facts of the object the scenario stages (``because``, no ``card``: 「警戒を持たないので」) — the
      claim with all of them turned over (has ↔ lacks) at once must not hold too; those a card the claim stages gives
      the object (:func:`_granted`) are no test of the object's own keyword and are left as they are — but a stated
      *lack* of what that card gives is false outright."""
    out = []
    for fact in _named_facts(claim):
        sit = dict(claim.situation or {})
        conds = [c for c in sit.get("conditions") or [] if c is not fact]
        flipped = _without(claim, cards, str(fact["card"]), [str(fact["keyword"])], fact["kind"] == "has",
                           {**{k: v for k, v in sit.items() if k != "conditions"}, **({"conditions": conds} if conds else {})})
        if flipped is not None:
            out.append(Cause(f"{fact['card']} {'has' if fact['kind'] == 'has' else 'lacks'} {fact['keyword']}", flipped,
                             must_fail=bool(fact.get("unless"))))
    for ev in _premises(claim):
        sit = dict(claim.situation or {})
        sit["sequence"] = [e for e in sit["sequence"] if e is not ev]
        card = sit["actors"][ev["patient"]]
        flipped = _without(claim, cards, card, [str(k) for k in ev["keywords"]], ev.get("holds", True) is not False, sit)
        if flipped is not None:
            out.append(Cause(f"{card} {'has' if ev.get('holds', True) is not False else 'lacks'} "
                             f"{'/'.join(map(str, ev['keywords']))}", flipped))
    for fact in _type_facts(claim):
        sit = dict(claim.situation or {})
        conds = [c for c in sit.get("conditions") or [] if c is not fact]
        flipped = _without_types(claim, cards, str(fact["card"]), fact,
                                 {**{k: v for k, v in sit.items() if k != "conditions"}, **({"conditions": conds} if conds else {})})
        if flipped is not None:
            out.append(Cause(f"{fact['card']} is {'/'.join([*(fact.get('types') or []), *(fact.get('colors') or [])])}",
                             flipped))
    own = _own_causes(claim)
    if not own:
        return out
    words = ", ".join(f"{'has' if c['kind'] == 'has' else 'lacks'} {c['keyword']}" for c in own)
    granted = _granted(claim, cards, own)
    lacks = [c for c in granted if c["kind"] == "lacks"]
    if lacks:               # 「《脅しつけ》で奪ったクリーチャーは速攻を持たないので」: the card gives it
        return [*out, Cause(words, refuted=f"the statement says it lacks {lacks[0]['keyword']}, which the card "
                                           "staged gives it")]
    turned = [c for c in own if not any(c is g for g in granted)]
    if turned:
        conds = [({**{k: v for k, v in c.items() if k not in ("because", "unless")},
                   "kind": "lacks" if c["kind"] == "has" else "has", "turned": True}
                  if any(c is x for x in turned) else c) for c in claim.situation["conditions"]]
        out.append(Cause(words, Claim(**{**claim.__dict__, "situation": {**claim.situation, "conditions": conds}}),
                         must_fail=any(c.get("unless") for c in turned)))
    return out


def _own_causes(claim: Claim) -> list[dict]:
    """The has / lacks facts a statement gives as its cause (「警戒を持たないので」, ``because``) of the object the
    scenario stages (a named card's are :func:`_named_facts`)."""
    conds = (claim.situation or {}).get("conditions") or []
    return [c for c in conds if isinstance(c, dict) and (c.get("because") or c.get("unless"))
            and c.get("kind") in ("has", "lacks")
            and not c.get("card") and c.get("keyword") and c.get("keyword") != "protection"]


def _granted(claim: Claim, cards: Cards, own: list[dict]) -> list[dict]:
    """The stated causes (``own``) a card the claim stages gives the object (「《脅しつけ》で奪ったクリーチャーは、速攻を
    持つので」: Threaten's effect gives haste — the cause holds through the card, so turning the stand-in's own
    keyword over tests nothing): the card's rules text says the object gains the keyword."""
    sit = claim.situation or {}
    names = [c.get("by") for c in sit.get("conditions") or [] if isinstance(c, dict)] + [sit.get("by"), sit.get("cause")]
    texts = []
    for n in (x for x in names if isinstance(x, str)):
        try:
            texts.append((cards.card(n).text or "").lower())
        except Skip:
            continue
    return [c for c in own if any(re.search(r"\bgains?\b[^.]*\b" + re.escape(str(c["keyword"]).lower().replace("_", " "))
                                                + r"\b", t) for t in texts)]


def _same(cards: Cards, v: str, name: str) -> bool:
    try:
        return v == name or cards.name(v) == name
    except Skip:
        return False


def _replaced(v, cards: Cards, name: str, desc: dict):
    """``v`` with each staging of the card ``name`` (by any of its names) as the stand-in ``desc``."""
    if isinstance(v, str) and _same(cards, v, name):
        return {"desc": desc}
    if isinstance(v, dict):
        return {k: _replaced(x, cards, name, desc) for k, x in v.items()}
    if isinstance(v, list):
        return [_replaced(x, cards, name, desc) for x in v]
    return v


def _without(claim: Claim, cards: Cards, named: str, keywords: list[str], has: bool, sit: dict) -> Claim | None:
    """The claim (its situation ``sit``, the stated cause taken out) with the named card turned over: a stand-in
    with the card's characteristics and its whole behaviour (standins.py) but the keyword abilities taken away
    (``has``) or given — 「《セラの天使》は警戒を持つので、《灰色熊》はブロックできない」: with vigilance taken away,
    Serra Angel's flying still stops the block (702.9b), so vigilance is no cause.  None when the card cannot be
    described."""
    try:
        name = cards.name(named)
        card = cards.card(name)
    except Skip:
        return None
    if card.power is None or card.toughness is None or not card.types:
        return None
    spec = dict(card.behaviour or {})
    keys = {_norm(k).replace(" ", "_") for k in keywords}
    held = [k for k in spec.get("keywords") or [] if _norm(k).replace(" ", "_") not in keys]
    spec["keywords"] = held if has else [*held, *sorted(keys)]
    desc = {"types": list(card.types), "subtypes": list(card.subtypes), "supertypes": list(card.supertypes),
            "pt": f"{card.power}/{card.toughness}", "colors": list(card.colors or ""), "behaviour": spec,
            "label": f"{name} {'without' if has else 'with'} {'/'.join(keywords)}"}
    rest = {k: (v if k == "conditions" else _replaced(v, cards, name, desc)) for k, v in sit.items()}
    return Claim(**{**claim.__dict__, "situation": rest})


def _type_facts(claim: Claim) -> list[dict]:
    """The card types / colours a statement gives as its cause about a named card (「《X》はクリーチャー呪文なので」: a
    reason clause, conditions.is_reason)."""
    conds = (claim.situation or {}).get("conditions") or []
    return [c for c in conds if isinstance(c, dict) and c.get("kind") == "is" and isinstance(c.get("card"), str)
            and (c.get("types") or c.get("colors"))]


def _without_types(claim: Claim, cards: Cards, named: str, fact: dict, sit: dict) -> Claim | None:
    """The claim (its situation ``sit``, the stated cause taken out) with the named card turned over: a stand-in with
    the card's other characteristics and its whole behaviour but without the card types / colours the statement
    gives as the cause (109.3) — 「《X》はクリーチャー呪文なので、《稲妻》では打ち消せない」: Lightning Bolt counters no
    spell, creature or not, so being a creature spell is no cause.  None when nothing would be left to describe."""
    try:
        name = cards.name(named)
        card = cards.card(name)
    except Skip:
        return None
    types = [t for t in card.types if t not in (fact.get("types") or [])]
    sub = [t for t in card.subtypes if t not in (fact.get("types") or [])]
    colors = [c for c in (card.colors or "") if c not in (fact.get("colors") or [])]
    if not types or (card.behaviour is None and card.has_text):
        return None                     # (a card with rules text and no behaviour: nothing to stand in with)
    desc = {"types": types, "subtypes": sub if "Creature" in types or set(types) & {"Artifact", "Enchantment", "Land"}
            else [], "supertypes": list(card.supertypes), "colors": colors,
            "behaviour": dict(card.behaviour or {}),
            "label": f"{name} not {'/'.join([*(fact.get('types') or []), *(fact.get('colors') or [])])}"}
    if "Creature" in types:
        if card.power is None or card.toughness is None:
            return None
        desc["pt"] = f"{card.power}/{card.toughness}"
    rest = {k: (v if k == "conditions" else _replaced(v, cards, name, desc)) for k, v in sit.items()}
    return Claim(**{**claim.__dict__, "situation": rest})


def _named_in(v, cards: Cards, out: list[str]) -> bool:
    """The card names a situation value stages (into ``out``); False when it stages a described object."""
    if isinstance(v, dict):
        if "desc" in v:
            return False
        return all(_named_in(x, cards, out) for k, x in v.items() if k not in ("conditions", "unrepresented"))
    if isinstance(v, list):
        return all(_named_in(x, cards, out) for x in v)
    if isinstance(v, str):
        try:
            out.append(cards.name(v))
        except Skip:
            pass
    return True


def owner_of_cause(claim: Claim, cards: Cards) -> Claim:
    """A cause stated with its subject left out (「いいえ、被覆を持つのでできません」: ``because``, no ``card``) of a
    claim that stages only named cards: the one of them the fact is true of (has / lacks the keyword) — then checked
    as that card's cause (:func:`causes`: the outcome must differ without it); none or several: left as it is
    (unstaged, the claim unsimulable)."""
    sit = claim.situation or {}
    conds = sit.get("conditions") or []
    open_ = [c for c in conds if isinstance(c, dict) and c.get("because") and c.get("kind") in ("has", "lacks")
             and not c.get("card") and c.get("keyword") and c.get("keyword") != "protection"]
    names: list[str] = []
    if not open_ or not _named_in(sit, cards, names) or not names:
        return claim
    fixed = []
    for c in conds:
        if any(c is o for o in open_):
            try:
                fits = [n for n in dict.fromkeys(names) if _has(cards, n, c) == (c["kind"] == "has")]
            except Skip:
                fits = []
            c = {**c, "card": fits[0]} if len(fits) == 1 else c
        fixed.append(c)
    return Claim(**{**claim.__dict__, "situation": {**sit, "conditions": fixed}})
