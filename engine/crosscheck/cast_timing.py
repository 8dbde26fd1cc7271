"""``cast_timing``: when a kind of spell may be cast, or a land played (307.1 sorcery timing: the active player's main
phase, the stack empty; 302.1 creature spells, 117.1a instants, 702.8a flash, 305.1 lands).

Staged: a stand-in card of exactly the stated kind (a sorcery or an instant that gains you 1 life and targets
nothing, a vanilla 2/2 creature — with flash when the text says so —, a vanilla artifact, enchantment or
planeswalker, a basic land) in your hand at the stated time — your main phase with the stack empty (the game's
start), the opponent's main phase, your beginning of combat step, while your stand-in instant waits on the stack,
your next upkeep, your end step; then whether you may cast it (the engine's ``can_cast``) or play it (``allowed``).
「…しか…ない」 (``only``): allowed at the stated time and refused at every other staged time that is not part of it
(every reading must hold).  An activated ability: a stand-in artifact's "{1}: you gain 1 life" (602.2: whenever its
controller has priority); equip: a stand-in Equipment with equip {1} and your creature to target (702.6a: only as a
sorcery) — activated at the time (``allowed``).  「ソーサリー・タイミングで」 is the main phase with the stack empty.
"""
from __future__ import annotations

from extractor.facts import Claim

from ..behaviours import Behaviour
from .builder import Builder, can_outcome, compact
from .cards import PLAIN_CREATURE, Cards
from .registry import Reading, Skip
from .stack_use import artifact as _artifact
from .standins import StandinCard, overlay, standin_card

LAND = "Forest"
RESPONSE = "Stand-in instant on the stack (you gain 1 life)"
TIMES = ("main_empty", "main", "opponent_turn", "combat", "response", "upkeep", "end", "opp_upkeep", "opp_end",
         "own_turn")
_YOURS = ("main_empty", "main", "combat", "response", "upkeep", "end")
EQUIPMENT = {"types": ["Artifact"], "subtypes": ["Equipment"], "equip": "{1}"}     # equip {1} (702.6a)
# the times that fall within a stated time (an 'only' reading refuses the cast at every other one)
WITHIN = {"main": ("main_empty", "response"), "main_empty": (), "opponent_turn": ("opp_upkeep", "opp_end"),
          "combat": (), "response": (), "upkeep": (), "end": (), "opp_upkeep": (), "opp_end": (),
          "own_turn": _YOURS}
# (「ソーサリー・タイミングで」 = the main phase with an empty stack, 307.1, 602.5d; the opponent's main phase is the
# opponent's turn as staged; 「自分のターンに」 is staged in your main phase — 'only' refuses at the opponent's times)
SAME = {"sorcery_timing": "main_empty", "opp_main": "opponent_turn"}
LABEL = {"main_empty": "your main phase, the stack empty", "main": "your main phase, the stack empty",
         "opponent_turn": "the opponent's main phase", "combat": "your beginning of combat step",
         "response": "your main phase, your instant on the stack", "upkeep": "your next upkeep",
         "end": "your end step", "opp_upkeep": "the opponent's upkeep", "opp_end": "the opponent's end step",
         "own_turn": "your main phase (your turn), the stack empty"}
_PT = {"Creature": ("2", "2")}


def _gain(n: int) -> dict:
    return {"spell": {"effects": [{"gain_life": {"n": n, "player": "you"}}]}}


def _standin(cards: Cards, desc: dict) -> str:
    """The stand-in card of exactly the stated kind."""
    if set(desc) - {"types", "keywords", "lacks"} or len(desc.get("types") or []) != 1:
        raise Skip(f"the described spell {compact(desc)} is not staged")
    t = desc["types"][0]
    kws = list(desc.get("keywords") or [])
    if set(kws) - {"flash"} or set(desc.get("lacks") or []) - {"flash"}:
        raise Skip(f"the keywords {compact(desc)} are not staged")
    if t not in ("Sorcery", "Instant", "Creature", "Artifact", "Enchantment", "Planeswalker"):
        raise Skip(f"a {t} spell is not staged")
    spec = _gain(1) if t in ("Sorcery", "Instant") else {}
    if kws:
        spec["keywords"] = kws
    p, tough = _PT.get(t, (None, None))
    name = f"Stand-in {t.lower()}" + (" with flash" if kws else "") + (" (you gain 1 life)" if spec.get("spell") else "")
    return overlay(cards, StandinCard(name=name, types=[t], power=p, toughness=tough, has_text=False, desc={},
                                      loyalty="3" if t == "Planeswalker" else None,
                                      behaviour=Behaviour("<stand-in>", spec)))


def _response(cards: Cards) -> str:
    return overlay(cards, StandinCard(name=RESPONSE, types=["Instant"], has_text=False, desc={},
                                      behaviour=Behaviour("<stand-in>", _gain(2))))


def _stage(claim: Claim, cards: Cards, card: str, land: bool, when: str, can: bool, ability: str | None = None
           ) -> Reading:
    what = f"{card}'s {'equip' if ability == 'equip' else ''} ability".replace("  ", " ") if ability else card
    b = Builder(claim, f"{what} at {LABEL[when]}", cards)
    b.rules = ["117.1a", "307.1", "302.1", "305.1", "702.8a"] if not ability else ["117.1b", "602.2", "602.5d", "702.6a"]
    if ability:
        obj = b.add("you", "battlefield", card)[0]
        act = {"activate": obj, "ability": 1, "by": "you"}
        if ability == "equip":
            act.update(ability="equip", targets=[b.add("you", "battlefield", PLAIN_CREATURE)[0]])
    else:
        b.add("you", "hand", card)
    if when == "opponent_turn":
        b.active = "opponent"
    elif when == "combat":
        b.actions.append({"advance": {"turn": 1, "step": "begin_combat", "priority": True}})
    elif when == "upkeep":
        b.actions.append({"advance": {"turn": 3, "step": "upkeep", "priority": True}})
    elif when == "end":
        b.actions.append({"advance": {"turn": 1, "step": "end", "priority": True}})
    elif when in ("opp_upkeep", "opp_end"):                  # turn 2 is the opponent's
        b.actions.append({"advance": {"turn": 2, "step": "upkeep" if when == "opp_upkeep" else "end",
                                      "priority": True}})
    elif when == "response":
        inst = _response(cards)
        b.add("you", "hand", inst)
        b.actions += [{"cast": inst}, {"expect": [{"stack": {"n": 1}}]}]
    if ability:
        b.expect.append({"allowed": {"action": act, "value": can}})
    elif land:
        b.expect.append({"allowed": {"action": {"cast": card, "by": "you"}, "value": can}})
    else:
        b.expect.append({"can_cast": {"player": "you", "card": card, "value": can}})
    return b.build()


def _objects(cards: Cards, sit: dict) -> list[tuple[str, bool, str | None]]:
    """(card, is a land, ability) of each reading: the stated kind of spell, land or activated ability."""
    ab = sit.get("ability")
    if ab == "activated":
        return [(_artifact(cards), False, "activated")]
    if ab == "equip":
        return [(overlay(cards, standin_card(dict(EQUIPMENT))), False, "equip")]
    if ab:
        raise Skip(f"the ability {compact(ab)} is not staged")
    out = []
    for sp in sit.get("spells") or []:
        land = sp == "land"
        out.append((LAND if land else _standin(cards, sp if isinstance(sp, dict) else {}), land, None))
    if not out:
        raise Skip("the claim does not say which kind of spell")
    return out


def _syn_cast_timing(claim: Claim, cards: Cards) -> list[Reading]:
    sit, out = claim.situation or {}, claim.outcome or {}
    when = SAME.get(sit.get("when"), sit.get("when"))
    if when == "any":                                    # 「いつでも」 (117.1a): at every staged time
        if not can_outcome(claim, "it can be cast then") or out.get("only"):
            raise Skip("'not at any time' is not one expectation")
        whens = [t for t in TIMES if t not in ("main", "own_turn")]
        return [_stage(claim, cards, card, land, t, True, ab) for card, land, ab in _objects(cards, sit) for t in whens]
    if when not in TIMES:
        raise Skip(f"the time {compact(when)} is not staged")
    can = can_outcome(claim, "it can be cast then")
    readings = []
    for card, land, ab in _objects(cards, sit):
        readings.append(_stage(claim, cards, card, land, when, can, ab))
        if out.get("only"):
            if not can:
                raise Skip("'only then … not' is not one expectation")
            for other in TIMES:
                if other != when and other not in WITHIN[when] and other != "own_turn" and \
                        not (when == "main_empty" and other == "main"):
                    readings.append(_stage(claim, cards, card, land, other, False, ab))
    return readings
