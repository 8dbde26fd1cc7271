"""The sublayers of layer 7 (CR 613.4a-d) and timestamps (613.7): characteristic-defining abilities, effects that
set P/T, effects and counters that modify it, and effects that switch it, each one staged by a described stand-in
spell that does exactly that effect to its target (the cross-check's own stand-in maker).  Every scenario has a
"wrong" twin (the value another layer order would give) that must fail."""
from __future__ import annotations

import dataclasses

import engine
from engine.cardbase import default_cards
from engine.crosscheck.standins import StandinTable, standin_card


def card(name: str, **desc):
    return dataclasses.replace(standin_card(desc), name=name)


def spell(name: str, effect: dict):
    return card(name, types=["Instant"], targets="creature", effects=[effect])


CARDS = StandinTable(default_cards(), {c.name: c for c in [
    card("One Three", types=["Creature"], pt="1/3"),
    card("Two Two", types=["Creature"], pt="2/2", colors="B"),
    spell("Plus 0 1", {"pump": {"affected": "target", "pt": [0, 1]}}),
    spell("Plus 5 0", {"pump": {"affected": "target", "pt": [5, 0]}}),
    spell("Switch", {"pump": {"affected": "target", "switch": True}}),
    spell("Switch Again", {"pump": {"affected": "target", "switch": True}}),
    spell("Set 0 1", {"animate": {"what": "target", "pt": [0, 1], "until": "end_of_turn"}}),
    spell("Make White", {"animate": {"what": "target", "colors": "W", "until": "end_of_turn"}}),
]})


def cast_all(target: str, *spells: str) -> list[dict]:
    out: list[dict] = []
    for s in spells:
        out += [{"cast": s, "targets": [target]}, {"resolve": "all"}]
    return out


def pt(name: str, p: int, t: int) -> dict:
    return {"pt": {"card": name, "power": p, "toughness": t}}


def twin(zones, actions, right, wrong):
    r = engine.simulate({"zones": zones, "actions": actions, "expect": [right]}, cards=CARDS, log=True)
    assert r.passed, (r.checks, r.error, r.log)
    w = engine.simulate({"zones": zones, "actions": actions, "expect": [wrong]}, cards=CARDS)
    assert not w.passed and not w.error, (w.checks, w.error)
    return r


def _hand(*spells):
    return {"you": {"battlefield": ["One Three"], "hand": list(spells)}}


def test_613_4d_switch_applies_after_modifications_whatever_the_timestamps():
    # +0/+1 then switch: 1/4 switched = 4/1; a later +5/+0 still applies before the switch (7c < 7d): 6/4 → 4/6
    twin(_hand("Plus 0 1", "Switch"), cast_all("One Three", "Plus 0 1", "Switch"), pt("One Three", 4, 1),
         pt("One Three", 1, 4))
    twin(_hand("Plus 0 1", "Switch", "Plus 5 0"), cast_all("One Three", "Plus 0 1", "Switch", "Plus 5 0"),
         pt("One Three", 4, 6), pt("One Three", 9, 1))


def test_613_4d_two_switches_undo_each_other():
    twin(_hand("Plus 0 1", "Switch", "Switch Again"), cast_all("One Three", "Plus 0 1", "Switch", "Switch Again"),
         pt("One Three", 1, 4), pt("One Three", 4, 1))


def test_613_4b_a_set_value_is_applied_before_modifications_of_earlier_timestamps():
    # +5/+0 first, then "becomes 0/1": 7b applies before 7c, so the earlier +5/+0 still counts (5/1, not 0/1)
    twin(_hand("Plus 5 0", "Set 0 1"), cast_all("One Three", "Plus 5 0", "Set 0 1"), pt("One Three", 5, 1),
         pt("One Three", 0, 1))


def test_613_4c_counters_and_switch_and_set_together():
    zones = {"you": {"battlefield": [{"card": "One Three", "counters": {"+1/+1": 1}}],
                     "hand": ["Set 0 1", "Switch"]}}
    # 0/1 (7b) +1/+1 counter (7c) = 1/2, switched (7d) = 2/1
    twin(zones, cast_all("One Three", "Switch", "Set 0 1"), pt("One Three", 2, 1), pt("One Three", 1, 2))


def test_613_1e_colour_change_decides_what_an_anthem_for_white_creatures_affects():
    honor = card("White Anthem", types=["Enchantment"],
                 behaviour={"statics": [{"layer": "7c", "affected": {"types": ["Creature"], "controller": "you",
                                                                     "colors": "W"}, "pt": [1, 1]}]})
    CARDS.standins[honor.name] = honor
    zones = {"you": {"battlefield": ["White Anthem", "Two Two"], "hand": ["Make White"]}}
    twin(zones, [], pt("Two Two", 2, 2), pt("Two Two", 3, 3))
    twin(zones, cast_all("Two Two", "Make White"), pt("Two Two", 3, 3), pt("Two Two", 2, 2))
