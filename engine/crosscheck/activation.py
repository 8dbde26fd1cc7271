"""Summoning sickness and activated abilities (CR 302.6; haste 702.10b; costs 602.2b; sorcery timing 307.1,
602.5d): ``can_activate`` and ``summoning_sick``.

``can_activate``: the creature (a card, or a stand-in whose one activated ability is the one the text
describes by its cost) is put onto the battlefield this turn when the claim says it is summoning sick / just
came under its controller's control (302.6), else it has been controlled since the turn began; then the
ability is activated — or, for "tapped to pay a cost", a stand-in artifact's ability whose cost is "tap an
untapped creature you control" is activated with the creature tapped for it — and the rules allow it or
refuse it (``allowed`` expectation).  An ability named by its keyword (outlast 702.107) is activated in the stated
situation (entered this turn, in combat, attacking, blocking), after a baseline shows it can be activated
without the stated conditions.  ``summoning_sick``: whether the creature may attack (302.6: a creature
without haste that its controller has not controlled continuously since their most recent turn began).
"""
from __future__ import annotations

import copy

from extractor.facts import Claim

from ..behaviours import Behaviour
from ..game import BASIC_MANA
from .builder import Builder, can_outcome, compact
from .cards import PLAIN_CREATURE, Cards
from .creatures import _conditions as staged_conditions, control_means
from .registry import Reading, Skip
from .standins import StandinCard, is_desc, overlay

_ENTERED_THIS_TURN = ("summoning_sick", "just_controlled")
_STAGED = _ENTERED_THIS_TURN + ("controlled_since_turn_start",)
# the ability a described creature is given: the text describes it only by its cost (302.6 reads the cost)
_ABILITY = {"tap": lambda v: {"name": "ability", "tap": True} if v else {"name": "ability", "cost": "{1}"}}
# a permanent whose ability is paid by tapping an untapped creature you control (602.2b: a cost, not {T})
_PAYER = {"desc": {"types": ["Artifact"], "activated": [{"name": "tap a creature",
                                                          "tap_other": {"types": ["Creature"], "tapped": False,
                                                                        "controller": "you"}}]}}


def _conditions(sit: dict, means: bool = False) -> list[str]:
    kinds = staged_conditions(sit, _STAGED, means)
    if "controlled_since_turn_start" in kinds and any(k in _ENTERED_THIS_TURN for k in kinds):
        raise Skip("the conditions say both that it just came under its controller's control and that it did not")
    return kinds


def _prepare(claim: Claim) -> Claim:
    """Before stand-ins: a described creature gets the one activated ability the text describes by its cost;
    "tapped for a cost" adds the permanent whose cost taps it."""
    sit = copy.deepcopy(claim.situation or {})
    ab = sit.get("ability") if isinstance(sit.get("ability"), dict) else {}
    card = sit.get("card")
    if "tap" in ab and is_desc(card):
        card["desc"]["activated"] = [_ABILITY["tap"](bool(ab["tap"]))]
    if ab.get("tapped_for_cost") and ab.get("for") not in ("crew", "convoke"):
        sit["payer"] = copy.deepcopy(_PAYER)
    return Claim(**{**claim.__dict__, "situation": sit})


def _place(b: Builder, card: str, conds: list[str], by: str | None = None) -> str:
    if by:                                                # 「《X》でコントロールを得た」: X cast on it (613.1b)
        return b.steal_with(card, by)
    if any(k in _ENTERED_THIS_TURN for k in conds):       # 302.6: under its control only since this turn
        obj = b.add("you", "hand", card)[0]
        b.actions.append({"put": {"cards": [card], "zone": "battlefield", "player": "you"}})
        return obj
    return b.add("you", "battlefield", card)[0]


def _own_ability(cards: Cards, card: str, ab: dict) -> int | str:
    """The 1-based index of the card's activated ability with (or without) {T} in its cost (a basic land's
    intrinsic mana ability by its name, 305.6)."""
    beh = cards.behaviour(card)
    if beh is None:
        raise Skip(f"no behaviour for {card}")
    want = bool(ab.get("tap"))
    hits = [i for i, a in enumerate(beh.activated) if bool(a.get("tap")) == want]
    if want and not hits and not beh.activated and not beh.land_mana and "Land" in cards.types(card):
        # 305.6: a basic land type gives its land "{T}: Add [mana]" — the engine's intrinsic ability, named by
        # its mana (one basic land type: one such ability)
        basic = [t for t in cards.card(card).subtypes if t in BASIC_MANA]
        if len(basic) == 1:
            return f"mana {BASIC_MANA[basic[0]]}"
    if len(hits) != 1:
        raise Skip(f"{card} has {len(hits)} activated abilities {'with' if want else 'without'} {{T}}")
    extra = {k for k, v in beh.activated[hits[0]].items() if v and k not in _PLAIN_ABILITY_KEYS}
    if extra:      # the rules could refuse it for another reason (a target, a cost, a timing restriction)
        raise Skip(f"{card}'s ability has {sorted(extra)}: a refusal would not say whether 302.6 allows it")
    return hits[0] + 1


_PLAIN_ABILITY_KEYS = {"name", "cost", "tap", "effects", "mana"}


# the conditions this kind stages on the creature whose ability is activated
_COMBAT = ("in_combat", "attacking", "blocking")


def _ability_ref(cards: Cards, card: str, ability: str):
    """How the scenario names the ability: the keyword's name (outlast); None when the card has none."""
    beh = cards.behaviour(card)
    if beh is None:
        raise Skip(f"no behaviour for {card}")
    return ability if ability in beh.extra or any(str(a.get("name")) == ability for a in beh.activated) else None


def _keyword_stage(claim: Claim, cards: Cards, card: str, ability, conds: list[str], can: bool | None) -> Reading:
    """One scenario: the creature (put onto the battlefield this turn when it is summoning sick), the combat
    the conditions state, then the activation tried (``can`` None: the baseline, expected allowed)."""
    label = f"{card} activates {ability}" + (f" ({', '.join(conds)})" if conds else "")
    b = Builder(claim, label, cards)
    b.rules = ["602.5a", "302.6", "307.1", "702.107a"]
    you = "you"
    if "blocking" in conds:
        b.active = "opponent"                      # a creature blocks in its opponent's combat (509.1)
    _place(b, card, conds)
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


def _syn_keyword_activation(claim: Claim, cards: Cards, card: str, ability: str) -> list[Reading]:
    """An ability named by its keyword (outlast): activated in the stated situation."""
    sit = claim.situation or {}
    ref = _ability_ref(cards, card, str(ability))
    if ref is None:
        raise Skip(f"{card} has no {ability} ability in its behaviour")
    can = can_outcome(claim, "the ability can be activated")
    conds = []
    for c in sit.get("conditions") or []:
        k = c.get("kind") if isinstance(c, dict) else None
        if k not in _ENTERED_THIS_TURN + _COMBAT:
            raise Skip(f"the condition {compact(c)} cannot be staged")
        conds.append(k)
    if conds:
        # what the conditions change is seen only against a baseline where the ability can be activated
        base = copy.deepcopy(_keyword_stage(claim, cards, card, ref, [], None).scenario)
        if any(c.get("ok") is False for c in cards.probe(base)):
            raise Skip(f"{card}'s {ability} cannot be activated even without the stated conditions, so the "
                       "scenario cannot show what they change")
    return [_keyword_stage(claim, cards, card, ref, conds, can)]


def _syn_can_activate(claim: Claim, cards: Cards) -> list[Reading]:
    sit = claim.situation or {}
    card = sit.get("card") or claim.subject
    if not card:
        raise Skip("the claim does not name or describe the creature")
    card = cards.name(str(card))
    ab = sit.get("ability") if isinstance(sit.get("ability"), dict) else {}
    if ab.get("keyword"):
        return _syn_keyword_activation(claim, cards, card, str(ab["keyword"]))
    if "untap" in ab:
        raise Skip("the engine does not stage an ability with the untap symbol {Q} in its cost")
    can = can_outcome(claim, "it can be activated")
    conds = _conditions(sit, means=True)
    by = control_means(cards, sit)
    if ab.get("tapped_for_cost") and ab.get("for") == "spell":
        raise Skip("tapping a creature to pay a spell's cost (convoke 702.51) is not staged")
    if ab.get("tapped_for_cost") and ab.get("for") in ("crew", "convoke"):
        return [_crew_convoke(claim, cards, card, conds, by, can, str(ab["for"]))]
    if ab.get("tapped_for_cost"):
        payer = cards.name(str(sit.get("payer")))
        b = Builder(claim, f"{card} tapped to pay {payer}'s cost" + (", entered this turn" if conds else ""), cards)
        b.rules = ["302.6", "602.2b"]
        obj = _place(b, card, conds, by)
        src = b.add("you", "battlefield", payer)[0]
        b.expect.append({"allowed": {"action": {"activate": src}, "value": can}})
        if can:
            b.expect.append({"tapped": {"card": obj, "value": True}})
        return [b.build()]
    if "tap" not in ab:
        raise Skip(f"the claim does not say which cost the ability has ({compact(ab)})")
    index = _own_ability(cards, card, ab)
    sym = "{T}" if ab["tap"] else "no {T}"
    b = Builder(claim, f"{card} activates an ability with {sym}" + (f", control gained with {by}" if by else
                                                                     ", entered this turn" if conds else ""), cards)
    b.rules = ["302.6", "602.2"] + (["613.1b"] if by else [])
    obj = _place(b, card, conds, by)
    b.expect.append({"allowed": {"action": {"activate": obj, "ability": index}, "value": can}})
    return [b.build()]


VEHICLE = "Stand-in 3/3 Vehicle (crew 1)"
CONVOKER = "Stand-in sorcery with convoke (you gain 1 life)"


def _crew_convoke(claim: Claim, cards: Cards, card: str, conds: list[str], by: str | None, can: bool,
                  how: str) -> Reading:
    """The creature taps for a Vehicle's crew 1 (702.122a) or for a spell's convoke (702.51a): costs that are not
    its own {T} ability, which summoning sickness does not restrict (302.6)."""
    if how == "crew":
        try:
            power = int(cards.card(card).power)
        except (TypeError, ValueError):
            power = 0
        if power < 1:
            raise Skip(f"{card}'s power is not 1 or more: crew 1 would be refused for its power (702.122a)")
        helper = overlay(cards, StandinCard(name=VEHICLE, types=["Artifact"], subtypes=["Vehicle"], power="3",
                                            toughness="3", has_text=False, desc={},
                                            behaviour=Behaviour("<stand-in>", {"crew": 1})))
    else:
        spec = {"keywords": ["convoke"], "spell": {"effects": [{"gain_life": {"n": 1, "player": "you"}}]}}
        helper = overlay(cards, StandinCard(name=CONVOKER, types=["Sorcery"], cost="{1}", has_text=False, desc={},
                                            behaviour=Behaviour("<stand-in>", spec)))
    b = Builder(claim, f"{card} tapped for {helper}'s {how}" + (", entered this turn" if conds else ""), cards)
    b.rules = ["302.6", "702.122a"] if how == "crew" else ["302.6", "702.51a"]
    obj = _place(b, card, conds, by)
    if how == "crew":
        src = b.add("you", "battlefield", helper)[0]
        action = {"activate": src, "ability": "crew"}
    else:
        b.add("you", "hand", helper)
        action = {"cast": helper, "convoke": [obj]}
    b.expect.append({"allowed": {"action": action, "value": can}})
    if can:
        b.expect.append({"tapped": {"card": obj, "value": True}})
    return b.build()


def _syn_summoning_sick(claim: Claim, cards: Cards) -> list[Reading]:
    """Summoning sick = the rules refuse its attack (302.6); a creature with haste ignores the rule (702.10b),
    and whether it "is summoning sick" then is a matter of words, so that is not judged."""
    sit, out = claim.situation or {}, claim.outcome or {}
    card = sit.get("card") or claim.subject
    if not card:
        raise Skip("the claim does not name or describe the creature")
    card = cards.name(str(card))
    if not isinstance(out.get("sick"), bool):
        raise Skip("the claim does not say whether it is summoning sick")
    beh = cards.behaviour(card)
    if beh is not None and "haste" in (beh.keywords or []):
        raise Skip(f"{card} has haste (702.10b): whether it 'is summoning sick' is not a rules question")
    conds = _conditions(sit)
    if not conds:
        raise Skip("the claim does not say since when the creature has been under its controller's control")
    b = Builder(claim, f"{card} attacks" + (", entered this turn" if conds else ""), cards)
    b.rules = ["302.6", "508.1a"]
    obj = _place(b, card, conds)
    b.expect.append({"allowed": {"action": {"attack": [obj], "defender": "opponent"}, "value": not out["sick"]}})
    return [b.build()]
