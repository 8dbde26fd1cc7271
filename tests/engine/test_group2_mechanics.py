"""Mechanics of engine breadth group 2 that no widely played card's scenario shows alone: "until your next
turn" (611.2b), the compiled form of its pump, and honesty of the own-only keyword triggers."""
from __future__ import annotations

import engine
from engine import behaviours
from engine.oracle.compile import compile_face
from engine.vocabulary import unhandled


def run(zones, actions=(), expect=(), **top):
    return engine.simulate({"zones": zones, "actions": list(actions), "expect": list(expect), **top}, log=True)


def test_until_your_next_turn_outlasts_the_cleanup_and_ends_as_that_turn_begins():
    c = compile_face({"name": "Day of Judgment", "types": ["Sorcery"],
                      "text": "Target creature gets -2/-0 until your next turn."})
    assert c.supported, c.reason
    assert c.behaviour["spell"]["effects"] == [{"pump": {"pt": [-2, 0], "affected": "target",
                                                         "until": "your_next_turn"}}]
    behaviours.register("Day of Judgment", c.behaviour)     # a bundled sorcery carries the compiled text
    try:
        _until_next_turn()
    finally:
        behaviours.unregister("Day of Judgment")


def _until_next_turn():
    z = {"you": {"hand": ["Day of Judgment"]}, "opponent": {"battlefield": ["Grizzly Bears"]}}
    acts = [{"cast": "Day of Judgment", "targets": ["Grizzly Bears"]}, {"resolve": "all"},
            {"advance": {"turn": 2, "step": "main1", "priority": True}},
            {"expect": [{"pt": {"card": "Grizzly Bears", "power": 0, "toughness": 2}}]},
            {"advance": {"turn": 3, "step": "main1", "priority": True}}]
    r = run(z, acts, [{"pt": {"card": "Grizzly Bears", "power": 2, "toughness": 2}}])
    assert r.passed, (r.error, r.checks)
    r = run(z, acts[:4], [{"pt": {"card": "Grizzly Bears", "power": 2, "toughness": 2}}])
    assert not r.passed                      # during the opponent's turn it still has -2/-0


def test_granting_a_keyword_whose_trigger_is_the_cards_own_is_unhandled():
    """Echo, bushido, evoke, soulshift run from the card's own behaviour (their number or cost is the card's): an
    Aura granting bushido would be represented but not run, so the compiler must not call it supported. (Flanking,
    which has no number, runs when granted since issue 21 group ek1: engine/game/triggers.py triggers_of.)"""
    assert unhandled({"keywords": ["flanking"]}) == []
    assert unhandled({"statics": [{"enchanted": {"grant": ["flanking"]}}]}) == []
    assert unhandled({"statics": [{"enchanted": {"grant": ["bushido"]}}]}) == ["granted keyword bushido"]
