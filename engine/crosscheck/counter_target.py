"""What a spell or ability may do to a spell or permanent: ``can_counter`` (CR 701.6), ``can_target``
(CR 115), ``can_cast`` (CR 601.2, 702.103), ``must_target`` (CR 603.3d) and their ``cannot_`` forms."""
from __future__ import annotations

import re
from typing import Any

from extractor.facts import Claim

from .builder import (STAGED_MODES, Builder, can_outcome, cast_label, named, named_subject, opponent_casts,
                      place_board, spell_readings)
from .cards import CARD_TYPES, PLAIN_CREATURE, TOPIC_FILTERS, Cards, card_type, has_bestow, topic
from .registry import Reading, Skip


def _syn_can_counter(claim: Claim, cards: Cards) -> list[Reading]:
    """can_counter: the opponent casts the spell, you cast the counterspell targeting it (CR 701.6, 115)."""
    sit = claim.situation or {}
    counter = named(cards, sit.get("counter") or claim.subject, "the counterspell")
    can = can_outcome(claim, "the spell can be countered")
    mode = sit.get("mode") or "normal"
    if sit.get("uncounterable") or (sit.get("spell") and _cant_be_countered(cards, cards.name(str(sit["spell"])))):
        # a spell that can't be countered is still a legal target: whether it is countered is what is checked
        return _syn_uncounterable(claim, cards, counter, can, mode)
    readings = []
    for spell in spell_readings(claim, cards, sit.get("spell"), mode):
        beh = cards.behaviour(spell)
        for kw in sit.get("spell_keywords") or []:      # 「呪禁を持つ《X》」: the card must have it
            if beh is None or kw not in beh.keywords:
                raise Skip(f"the text says {spell} has {kw}, which its behaviour does not give")
        b = Builder(claim, cast_label(spell, mode), cards)
        b.rules = ["601.2c", "701.6a"] + (["702.103b"] if mode == "bestow" else [])
        b.add("you", "hand", counter)
        opponent_casts(b, spell, mode)
        b.actions.append({"expect": [{"can_target": {"spell": counter, "target": spell, "value": can}}]})
        if can:
            b.actions.append({"cast": counter, "by": "you", "targets": [spell]})
            b.actions.append({"resolve": "all"})
            b.expect.append({"zone": {"card": spell, "zone": "graveyard"}})
        else:
            b.expect.append({"zone": {"card": spell, "zone": "stack"}})
        readings.append(b.build())
    return readings


def _cant_be_countered(cards: Cards, spell: str) -> bool:
    """CR 101.2: the spell's behaviour says it can't be countered (a keyword, or a compiled static)."""
    beh = cards.behaviour(spell)
    return beh is not None and ("cant_be_countered" in beh.keywords
                                or any(st.get("cant_be_countered") for st in beh.statics))


def _uncounterable_spell(claim: Claim) -> Claim:
    """A can_counter claim about "a spell that can't be countered" that names none: the spell is described
    (a stand-in of the stated types with ``cant_be_countered``, CR 101.2)."""
    sit = claim.situation or {}
    if not sit.get("uncounterable") or sit.get("spell"):
        return claim
    types = [t for t in sit.get("spell_types") or ["Creature"] if t != "Aura"]
    desc = {"types": types, "keywords": ["cant_be_countered"]}
    return Claim(**{**claim.__dict__, "situation": {**sit, "spell": {"desc": desc}}})


def _syn_uncounterable(claim: Claim, cards: Cards, counter: str, can: bool, mode: str) -> list[Reading]:
    """can_counter of a spell that can't be countered: the counterspell is cast targeting it (targeting is
    allowed, CR 115.1 — the spell is a legal target), and when it resolves the spell is still there and then
    resolves (101.2, 701.6a).  What the claim states is whether it is countered: ``countered``, else ``can``."""
    sit, out = claim.situation or {}, claim.outcome or {}
    spell = cards.name(str(sit["spell"]))
    if not _cant_be_countered(cards, spell):
        raise Skip(f"{spell} has no 'can't be countered' in its behaviour")
    if cards.is_spell_only(spell):
        raise Skip("an instant or sorcery goes to the graveyard whether it is countered or resolves: the end "
                   "state cannot tell")
    countered = bool(out["countered"]) if isinstance(out.get("countered"), bool) else can
    b = Builder(claim, f"{spell} (can't be countered) cast", cards)
    b.rules = ["101.2", "701.6a", "115.1"]
    b.add("you", "hand", counter)
    opponent_casts(b, spell, mode)
    b.actions += [{"cast": counter, "by": "you", "targets": [spell]}, {"resolve": "all"}]
    b.expect.append({"zone": {"card": spell, "zone": "graveyard" if countered else "battlefield"}})
    if countered != can:
        # 'it can be countered' and 'it is not countered' (or the reverse) cannot both hold: both are checked
        b.expect.append({"zone": {"card": spell, "zone": "graveyard" if can else "battlefield"}})
    return [b.build()]


def _targeting_source(claim: Claim) -> Claim:
    """A can_target claim whose targeting spell is only described (「対戦相手の呪文の対象にならない」): the
    description gets what the verb says it does — it targets (a creature, or a permanent: CR 115.1) — and
    nothing else."""
    sit = claim.situation or {}
    src, tgt = sit.get("source"), sit.get("target")
    if not (isinstance(src, dict) and isinstance(src.get("desc"), dict)) or "targets" in src["desc"]:
        return claim
    tdesc = tgt.get("desc") if isinstance(tgt, dict) else None
    kind = "creature" if tdesc and "Creature" in (tdesc.get("types") or []) else "permanent"
    if sit.get("zone") == "graveyard":
        kind = "graveyard_card"        # a card in a graveyard (115.1; protection works only on the battlefield)
    elif sit.get("zone") == "stack":
        kind = "spell"                 # a spell on the stack (115.1)
    return Claim(**{**claim.__dict__, "situation": {**sit, "source": {"desc": {**src["desc"], "targets": kind}}}})


def _syn_can_target(claim: Claim, cards: Cards) -> list[Reading]:
    """can_target: the would-be target is put where the sentence has it (a spell on the stack, else a
    permanent of the opponent) and targetability is checked (CR 115)."""
    sit = claim.situation or {}
    source = named(cards, sit.get("source") or sit.get("spell") or claim.subject,
                    "the spell or ability that targets")
    can = can_outcome(claim, "it can target")
    beh = cards.behaviour(source)
    if getattr(cards.card(source), "desc", None) is not None and not (
            beh is not None and ((beh.spell or {}).get("targets") or any(a.get("targets") for a in beh.activated))):
        raise Skip("the spell or ability that targets is only described: the text gives it no targeting rules, "
                   "so 'it can't target' would hold of anything")
    mode = sit.get("mode") or "normal"
    if sit.get("zone") == "graveyard":
        return _target_in_graveyard(claim, cards, source, can)
    on_stack = bool(sit.get("spell_types")) or mode != "normal" or sit.get("zone") == "stack"
    if sit.get("target"):
        targets_ = [cards.name(sit["target"])]
        if targets_[0] == source:
            raise Skip("a spell targeting itself (CR 115.5) is not staged: the engine has no expectation for "
                        "a spell's own targets while it is being cast")
    elif topic(sit.get("target_kind")) in TOPIC_FILTERS:   # "a God on the stack": the Gods the engine knows
        targets_ = cards.candidates(claim, need=[sit["target_kind"]], exclude=[source])
        if not targets_:
            raise Skip(f"no card of the kind {sit['target_kind']!r} has a behaviour")
    else:
        targets_ = spell_readings(claim, cards, None, mode)
    readings = []
    for target in targets_:
        # where the target is, when the text does not say: a card that can be a spell or a permanent is
        # each in turn (a reading per zone: the claim must hold in both)
        zones = [True] if on_stack or cards.is_spell_only(target) else \
            [False] if sit.get("zone") == "battlefield" else [False, True]
        if getattr(cards.card(target), "desc", None) is not None and not on_stack:
            zones = [False]          # a described "creature" is a creature permanent (CR 109.2)
        if zones == [False, True] and not targets_spells(cards, source):
            zones = [False]          # a source that targets no spell (115.1): the named card is the permanent
        # a described source the text says is an opponent's targets what you control (hexproof 702.11b)
        who = (getattr(cards.card(source), "desc", None) or {}).get("controller")
        theirs = who == "opponent"
        # who controls a described target, when the text does not say: the source's controller's opponent, or
        # the source's controller (hexproof 702.11b depends on it): each is a reading
        tdesc = getattr(cards.card(target), "desc", None)
        sides = [False, True] if tdesc is not None and not who and not tdesc.get("controller") else [False]
        # a named target whose controller the text states (or leaves open beside 「自分の」 spell): 702.11b
        sides = {"source": [True], "opponent": [False], "either": [False, True]}.get(
            sit.get("target_controller"), sides)
        for stack, own in [(s, o) for s in zones for o in sides if not (s and o)]:
            b = Builder(claim, (cast_label(target, mode) if stack else f"{target} on the battlefield")
                        + (", the source's controller's own" if own else ""), cards)
            b.rules = ["115.1"]
            b.add("opponent" if theirs else "you", "hand", source)
            if stack:
                if theirs:
                    raise Skip("an opponent's spell targeting your spell on the stack is not staged")
                opponent_casts(b, target, mode)
            else:
                # the target on the source's controller's side (own) or the other side (108.4, 702.11b)
                src_side = "opponent" if theirs else "you"
                b.add(src_side if own else ("you" if theirs else "opponent"), "battlefield", target)
            b.expect.append({"can_target": {"spell": source, "target": target, "value": can}})
            readings.append(b.build())
    return readings


def targets_spells(cards: Cards, source: str) -> bool:
    """Whether any target of the source — its spell, a mode of it (700.2), an activated or triggered
    ability — may be a spell on the stack (115.1: "target spell")."""
    beh = cards.behaviour(source)
    if beh is None:
        return True                  # unknown: both readings stay
    spell = beh.spell or {}
    specs = list(spell.get("targets") or [])
    specs += [t for grp in spell.get("modes") or [] for m in grp.get("modes") or [] for t in m.get("targets") or []]
    specs += [t for a in [*beh.activated, *beh.triggers] for t in a.get("targets") or []]
    return any(t.get("kind") in ("spell", "spell_or_ability") for t in specs if isinstance(t, dict))


def _target_in_graveyard(claim: Claim, cards: Cards, source: str, can: bool) -> list[Reading]:
    """can_target of a card in a graveyard (「墓地にあるプロテクション(黒)のクリーチャー…黒の呪文で対象に取れる」):
    the card is in its owner's graveyard — the opponent's, and the source's controller's own — and the
    source's targets are checked (115.1; a permanent's abilities such as protection work only on the
    battlefield, 113.6)."""
    sit = claim.situation or {}
    if not sit.get("target"):
        raise Skip("the claim does not say which card in the graveyard is targeted")
    target = cards.name(sit["target"])
    beh = cards.behaviour(source)
    kinds = {t.get("kind") for t in ((beh.spell or {}).get("targets") or [])} if beh is not None else set()
    if "graveyard_card" not in kinds:
        raise Skip(f"{source} does not target a card in a graveyard")
    readings = []
    for owner in ("opponent", "you"):
        b = Builder(claim, f"{target} in the {'opponent' if owner == 'opponent' else 'own'} graveyard", cards)
        b.rules = ["115.1", "113.6"]
        b.add("you", "hand", source)
        b.add(owner, "graveyard", target)
        b.expect.append({"can_target": {"spell": source, "target": target, "value": can}})
        readings.append(b.build())
    return readings


def _syn_can_cast(claim: Claim, cards: Cards) -> list[Reading]:
    """can_cast: whether the spell may be cast (in the stated mode) from the hand (CR 601.2, 702.103);
    casting from another zone needs the card whose effect allows it."""
    sit = claim.situation or {}
    can = can_outcome(claim, "the spell can be cast")
    mode = sit.get("mode") or "normal"
    if claim.subject:
        cards.name(claim.subject)                       # a card the table does not know: say so first
    if sit.get("zone") and sit["zone"] != "hand":
        raise Skip(f"casting from the {sit['zone']} needs the card whose effect allows it, which the claim does not "
                    "name" if not claim.subject else
                    f"casting from the {sit['zone']} by {claim.subject}'s effect is not in the engine's vocabulary")
    about_effect = bool(sit.get("about_effect"))
    if about_effect and not claim.subject and not sit.get("effect"):
        raise Skip("the claim is about an effect ('this effect') that the sentence does not name")
    effect = _cast_effect_card(claim, cards, mode, about_effect)
    if effect:
        # the named card's effect allows or forbids the cast (e.g. CR 702.103d: "creature spells can't be
        # cast" does not stop a bestow card cast with bestow): it is on the battlefield and another card is cast
        if cards.behaviour(effect) is None:
            raise Skip(f"no behaviour for {effect}, whose effect decides whether the spell can be cast")
        spells = spell_readings(claim, cards, sit.get("spell"), mode)
    else:
        spells = spell_readings(claim, cards, claim.subject, mode) if claim.subject or mode == "bestow" else []
    if not spells:
        raise Skip("the claim does not name the spell whose casting it is about")
    if mode not in STAGED_MODES:
        raise Skip(f"casting as {mode} is not staged")
    readings = []
    for spell in spells:
        _target_staged(cards, spell, mode)
        b = Builder(claim, cast_label(spell, mode) + (f" with {effect} on the battlefield" if effect else ""), cards)
        b.rules = ["601.2", "702.103a"] if mode == "bestow" else ["601.2"]
        if effect:
            b.add("you", "battlefield", effect)
        b.add("you", "hand", spell)
        if mode == "bestow":
            b.add("you", "battlefield", PLAIN_CREATURE)       # something to enchant (the bestow Aura's target)
        b.expect.append({"can_cast": {"player": "you", "card": spell, "value": can,
                                      **({"mode": mode} if mode != "normal" else {})}})
        readings.append(b.build())
    return readings


# the target kinds a can_cast board (the spell in hand, the two players) always offers
_BOARD_TARGETS = ("player", "any", "player_or_planeswalker")


def _target_staged(cards: Cards, spell: str, mode: str) -> None:
    """A spell with a target the board of a can_cast scenario does not hold (a spell, a creature, a permanent …)
    cannot be cast there (601.2c) — a fact the claim does not state: 「《対抗呪文》を唱えることはできる」 was
    contradicted on a board with no spell to target.  Not judged (a bestow cast stages its creature, 702.103a)."""
    if mode == "bestow" or spell.startswith("Stand-in "):
        return
    beh = cards.behaviour(spell)
    kinds = [t.get("kind") for t in ((getattr(beh, "spell", None) or {}).get("targets") or [])]
    missing = [k for k in kinds if k not in _BOARD_TARGETS]
    if missing:
        raise Skip(f"casting {spell} needs a {missing[0]} to target (601.2c), which the claim does not stage — "
                   "never judged on a board without one")


def _cast_effect_card(claim: Claim, cards: Cards, mode: str, about_effect: bool) -> str | None:
    """The card whose effect allows or forbids a can_cast claim's cast (docs/design.md: the claim's subject),
    or None when the subject is the spell itself: ``situation.effect``; else the subject when the sentence
    speaks of its effect (situation ``about_effect``) or, in bestow mode, when it is not itself a bestow card (CR 702.103a)."""
    sit = claim.situation or {}
    if sit.get("effect"):
        return cards.name(sit["effect"])
    if not claim.subject:
        return None
    card = cards.card(claim.subject)
    if about_effect:
        return card.name
    if cards.is_spell_only(card.name):
        return None            # an instant or sorcery has no effect in play on other casts: it is the spell
    if mode == "bestow" and not has_bestow(card, cards.behaviour(card.name)):
        if cards.behaviour(card.name) is not None or "Creature" not in card.types:
            return card.name
    return None


def _syn_must_target(claim: Claim, cards: Cards) -> list[Reading]:
    """must_target: with only the stated board, the ability still goes on the stack (CR 603.3c/d)."""
    sit = claim.situation or {}
    source = named_subject(claim, cards, "the card whose ability must target")
    out = claim.outcome or {}
    want: dict[str, Any] = {"source": source}
    if out.get("controller") in ("you", "opponent"):
        want["controller"] = out["controller"]
    target = str(out.get("target") or "")
    word = re.sub(r"^(?:own|opponent's)\s+", "", target)
    if card_type(word) in CARD_TYPES:
        want["type"] = card_type(word)
    elif target and cards.table.resolve(target) is not None:
        want["card"] = cards.name(target)
    b = Builder(claim, "as stated", cards)
    b.rules = ["603.3d", "115.1"]
    place_board(b, sit, cards, skip=[source])
    placed = [n for n in b._count if n != source]
    if "type" not in want and "card" not in want:
        raise Skip(f"the target the ability must have ({target or 'unstated'}) is not a card or a card type")
    if "type" in want and not any(want["type"] in cards.card(n).types for n in placed) or \
            "card" in want and want["card"] not in placed:
        # the target the claim names must be there (the text's board): else nothing stages "must"
        raise Skip("the claim does not say that what it must target is on the battlefield")
    b.add("you", "hand", source)
    # the ability is on the stack with the target the claim says it must have (checked while it waits)
    b.actions += [{"cast": source}, {"resolve": 1}, {"expect": [{"stack": [source]}, {"targets": want}]},
                  {"resolve": "all"}]
    b.expect.append({"triggered": {"source": source, "times": 1}})
    return [b.build()]
