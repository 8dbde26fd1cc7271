"""Scry and surveil put the rest back on top in the order the player chooses (701.22a, 701.25a "in any order"):
the answer's ``top`` order, the ``bottom`` list's order, and the ``library`` expectation's ``ordered`` check — and
the looked_cards check of a statement that says so (「望む順番で」), with statements that must not be confirmed."""
from __future__ import annotations

import pytest

import engine
from engine import behaviours
from engine import vocabulary as V
from engine.cardbase import Card, CardIndex, default_cards
from engine.crosscheck import check_claim
from extractor.facts import Claim, Provenance

LIB = ["Island", "Forest", "Swamp", "Mountain", "Plains"]


def run(effect: dict, answer: dict, expect: list) -> engine.Result:
    """A sorcery doing only ``effect`` (its behaviour registered for this run), cast with ``answer`` queued."""
    spec = {"spell": {"effects": [effect]}}
    assert V.unhandled(spec) == [], V.unhandled(spec)
    behaviours.register("Order Peek", spec)
    try:
        table = CardIndex(list(default_cards()) + [Card(name="Order Peek", cost="{0}", types=["Sorcery"], has_text=True)])
        zones = {"you": {"hand": ["Order Peek"], "library": list(LIB)}}
        acts = [{"choose": answer}, {"cast": "Order Peek"}, {"resolve": "all"}]
        return engine.simulate({"zones": zones, "actions": acts, "expect": expect}, cards=table, log=True)
    finally:
        behaviours._extra.pop("Order Peek", None)


def test_scry_puts_the_rest_on_top_in_the_chosen_order():
    want = {"library": {"top": ["Swamp", "Island"], "bottom": ["Forest"], "ordered": ["top"]}}
    r = run({"scry": 3}, {"scry": {"bottom": ["Forest"], "top": ["Swamp", "Island"]}}, [want])
    assert r.passed, (r.error, r.checks)
    # the same answer without an order keeps the library's order: the ordered check fails, the unordered passes
    r = run({"scry": 3}, {"scry": {"bottom": ["Forest"]}}, [want])
    assert not r.passed
    r = run({"scry": 3}, {"scry": {"bottom": ["Forest"]}}, [{"library": {"top": ["Swamp", "Island"], "bottom": ["Forest"]}}])
    assert r.passed, (r.error, r.checks)


def test_scry_bottom_order_is_the_answers():
    r = run({"scry": 2}, {"scry": {"bottom": ["Forest", "Island"]}},
            [{"library": {"bottom": ["Forest", "Island"], "ordered": ["bottom"]}}])
    assert r.passed, (r.error, r.checks)
    r = run({"scry": 2}, {"scry": {"bottom": ["Forest", "Island"]}},
            [{"library": {"bottom": ["Island", "Forest"], "ordered": ["bottom"]}}])
    assert not r.passed


def test_surveil_puts_the_rest_on_top_in_the_chosen_order():
    want = {"library": {"top": ["Mountain", "Swamp", "Island"], "graveyard": ["Forest"], "ordered": ["top"]}}
    r = run({"surveil": 4}, {"surveil": {"graveyard": ["Forest"], "top": ["Mountain", "Swamp", "Island"]}}, [want])
    assert r.passed, (r.error, r.checks)
    r = run({"surveil": 4}, {"surveil": {"graveyard": ["Forest"]}}, [want])
    assert not r.passed


def claim(situation: dict, can: bool = True) -> Claim:
    return Claim(id="claim:order", kind="looked_cards", text="…", prov=Provenance("D", line=1),
                 situation=situation, outcome={"can": can})


DEFINITION = [[{"cards": "all", "to": "bottom"}], [{"cards": "all", "to": "top"}],
              [{"cards": "some", "to": "bottom"}, {"cards": "rest", "to": "top"}]]


@pytest.mark.parametrize("action, arrangements, ordered, want", [
    # 701.22a: any number on the bottom in any order, the rest on top in any order
    ("scry", DEFINITION, ["bottom", "top"], "confirmed"),
    # 701.25a: any number into the graveyard, the rest on top in any order
    ("surveil", [[{"cards": "all", "to": "graveyard"}], [{"cards": "all", "to": "top"}],
                 [{"cards": "some", "to": "graveyard"}, {"cards": "rest", "to": "top"}]], ["top"], "confirmed"),
    # keyword swapped: surveil never puts a card on the bottom (one arrangement of three is false)
    ("surveil", DEFINITION, ["bottom", "top"], "contradicted"),
    # destination swapped: scry never puts a card into the graveyard
    ("scry", [[{"cards": "all", "to": "graveyard"}], [{"cards": "all", "to": "top"}]], ["top"], "contradicted"),
])
def test_several_arrangements_each_must_be_possible(action, arrangements, ordered, want):
    v = check_claim(claim({"action": action, "arrangements": arrangements, "n": 3, "ordered": ordered}), default_cards())
    assert v.verdict == want, (v.verdict, v.reason)


def test_an_order_of_a_part_that_leaves_cards_free_is_not_judged():
    v = check_claim(claim({"action": "scry", "parts": [{"cards": "any", "to": "top"}], "ordered": ["top"]}),
                    default_cards())
    assert v.verdict == "unsimulable", v.reason


def test_a_denial_of_several_arrangements_is_not_judged():
    v = check_claim(claim({"action": "scry", "arrangements": DEFINITION[:2]}, can=False), default_cards())
    assert v.verdict == "unsimulable", v.reason
