"""Learn (701.45, engine/game/mechanics/learn.py): a Lesson from outside the game (the sideboard) into the hand, or
discard a card to draw a card, or nothing."""
from __future__ import annotations

import engine.game  # noqa: F401 — the mechanics' registrations
from engine.cardbase import Card, CardTable
from simrun import as_, run_on  # noqa: F401  (as_ is a fixture)

OX, BEAR, LESSON = "Yoked Ox", "Grizzly Bears", "Test Lesson"
TABLE = CardTable(list(CardTable.bundled()) + [Card(name=LESSON, types=["Sorcery"], subtypes=["Lesson"], has_text=True),
                                               Card(name="Test Sorcery", types=["Sorcery"], has_text=True)])
LEARNER = {"activated": [{"cost": "{1}", "targets": [], "effects": [{"learn": True}]}]}


def _run(answer, expect, passed=True, card=None):
    acts = [{"choose": {"learn": answer}}] + ([{"choose": {"card": card}}] if card else [])
    return run_on(TABLE, {"zones": {"you": {"battlefield": [OX], "hand": [BEAR, "Plains"],
                                            "sideboard": [LESSON, "Test Sorcery"]}},
                          "actions": acts + [{"activate": OX, "ability": 1}, {"resolve": "all"}],
                          "expect": expect}, passed=passed)


def test_learn_takes_a_lesson_or_rummages_or_does_nothing(as_):
    as_(OX, LEARNER)
    as_(LESSON, {"spell": {"targets": [], "effects": [{"draw": 1}]}})
    as_("Test Sorcery", {"spell": {"targets": [], "effects": [{"draw": 1}]}})
    _run(LESSON, [{"zone": {"card": LESSON, "zone": "hand"}}, {"count": {"player": "you", "zone": "hand", "n": 3}}])
    _run("discard", [{"zone": {"card": BEAR, "zone": "graveyard"}}, {"count": {"player": "you", "zone": "hand", "n": 2}},
                     {"zone": {"card": LESSON, "zone": "sideboard"}}], card=BEAR)
    _run("no", [{"count": {"player": "you", "zone": "hand", "n": 2}}, {"count": {"player": "you", "zone": "graveyard", "n": 0}}])


def test_only_a_lesson_from_outside_the_game_can_be_learned(as_):
    as_(OX, LEARNER)
    as_("Test Sorcery", {"spell": {"targets": [], "effects": [{"draw": 1}]}})
    as_(LESSON, {"spell": {"targets": [], "effects": [{"draw": 1}]}})
    r = _run("Test Sorcery", [], passed=False)
    assert "not a Lesson card" in r.error
