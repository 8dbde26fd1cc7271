"""Activation claims: ``can_activate`` — an activated ability named by its keyword (outlast 702.107) is
activated in the stated situation and the rules allow or refuse it: a {T} cost of a creature that came under
its controller's control this turn (CR 302.6, 602.5a), sorcery timing outside the main phase (CR 307.1, 602.5d)."""
from __future__ import annotations

import copy

from extractor.facts import Claim

from .builder import Builder, can_outcome, compact
from .cards import PLAIN_CREATURE, Cards
from .registry import Kind, Reading, Skip, register

# the conditions this kind stages on the creature whose ability is activated
_SICK = ("summoning_sick", "just_controlled")
_COMBAT = ("in_combat", "attacking", "blocking")


def _ability_ref(cards: Cards, card: str, ability: str):
    """How the scenario names the ability: a keyword's name (outlast), or for "tap" (an ability named by its
    {T} cost) the number of the card's one {T} ability that targets nothing; None when the card has none."""
    beh = cards.behaviour(card)
    if beh is None:
        raise Skip(f"no behaviour for {card}")
    if ability == "tap":
        taps = [i for i, a in enumerate(beh.activated) if a.get("tap")]
        if len(taps) > 1:
            raise Skip(f"{card} has {len(taps)} {{T}} abilities; the claim does not say which")
        if taps and beh.activated[taps[0]].get("targets"):
            raise Skip(f"{card}'s {{T}} ability targets: what it would target is not stated")
        return taps[0] + 1 if taps else None
    return ability if ability in beh.extra or any(str(a.get("name")) == ability for a in beh.activated) else None


def _stage(claim: Claim, cards: Cards, card: str, ability, conds: list[str], can: bool | None) -> Reading:
    """One scenario: the creature (put onto the battlefield this turn when it is summoning sick), the combat
    the conditions state, then the activation tried (``can`` None: the baseline, expected allowed)."""
    label = f"{card} activates {ability}" + (f" ({', '.join(conds)})" if conds else "")
    b = Builder(claim, label, cards)
    b.rules = ["602.5a", "302.6", "307.1", "702.107a"]
    you = "you"
    if "blocking" in conds:
        b.active = "opponent"                      # a creature blocks in its opponent's combat (509.1)
    if any(k in _SICK for k in conds):
        b.add(you, "hand", card)
        b.actions.append({"put": {"cards": [card], "zone": "battlefield", "player": you}})
    else:
        b.add(you, "battlefield", card)
    if "blocking" in conds:
        attacker = b.add("opponent", "battlefield", PLAIN_CREATURE)[0]
        b.actions.append({"attack": [attacker], "defender": you})
        b.actions.append({"block": {card: attacker}})
    elif "attacking" in conds:
        b.actions.append({"attack": [card], "defender": "opponent"})
    elif "in_combat" in conds:
        b.actions.append({"advance": {"turn": 1, "step": "begin_combat", "priority": True}})
    act = {"activate": card, "ability": ability}
    if "blocking" in conds:
        act["by"] = you
    b.expect.append({"allowed": {"action": act, "value": True if can is None else can}})
    return b.build()


def _syn_can_activate(claim: Claim, cards: Cards) -> list[Reading]:
    sit = claim.situation or {}
    card = sit.get("card") or claim.subject
    if not card:
        raise Skip("the claim does not name or describe the creature whose ability is activated")
    card = cards.name(str(card))
    ability = sit.get("ability")
    if not ability:
        raise Skip("the claim does not say which ability is activated")
    ref = _ability_ref(cards, card, str(ability))
    if ref is None:
        raise Skip(f"{card} has no {ability} ability in its behaviour")
    can = can_outcome(claim, "the ability can be activated")
    conds = []
    for c in sit.get("conditions") or []:
        k = c.get("kind") if isinstance(c, dict) else None
        if k not in _SICK + _COMBAT:
            raise Skip(f"the condition {compact(c)} cannot be staged")
        conds.append(k)
    if conds:
        # what the conditions change is seen only against a baseline where the ability can be activated
        base = copy.deepcopy(_stage(claim, cards, card, ref, [], None).scenario)
        if any(c.get("ok") is False for c in cards.probe(base)):
            raise Skip(f"{card}'s {ability} cannot be activated even without the stated conditions, so the "
                       "scenario cannot show what they change")
    return [_stage(claim, cards, card, ref, conds, can)]


register(Kind("can_activate", _syn_can_activate, stages=("card", "ability", "conditions")))
