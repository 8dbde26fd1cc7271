"""Day/night (726, engine/game/mechanics/day_night.py): "if it's neither day nor night, it becomes day as ~ enters"
(static `day_if_neither`) and "whenever day becomes night or night becomes day" (event `day_night_changes`)."""
from __future__ import annotations

import engine.game  # noqa: F401 — the mechanics' registrations
from engine.cardbase import CardTable
from engine.oracle.compile import compile_face
from family_honesty import assert_line_family
from simrun import as_, run_on  # noqa: F401  (as_ is a fixture)

BEAR = "Grizzly Bears"
TABLE = CardTable.bundled()
TRIGGER = {"event": "day_night_changes", "targets": [], "effects": [{"gain_life": 2}]}


def _scenario(turn, life):
    return {"actions": [{"put": {"card": BEAR, "zone": "battlefield", "player": "you"}},
                        {"advance": {"turn": turn, "step": "upkeep", "priority": True}}, {"resolve": "all"}],
            "expect": [{"life": {"you": life}}]}


def test_entering_makes_it_day_and_the_change_to_night_triggers(as_):
    as_(BEAR, {"statics": [{"day_if_neither": True}], "triggers": [TRIGGER]})
    # turn 1: it becomes day as the Bears enter (no trigger: day did not "become" from night, 726.2);
    # turn 2's untap step: the previous turn's active player cast no spell → night (726.3a) → the trigger
    run_on(TABLE, _scenario(2, 22))
    # turn 3: the opponent (turn 2's active player) cast no spell either: it stays night → nothing new
    run_on(TABLE, _scenario(3, 22))


def test_without_the_static_it_stays_neither_and_nothing_triggers(as_):
    as_(BEAR, {"triggers": [TRIGGER]})
    run_on(TABLE, _scenario(2, 20))


def _face(text):
    return {"name": "Test Watcher", "text": text, "types": ["Creature"], "type": "Creature — Human"}


def test_day_night_lines_compile_and_mutants_do_not():
    line = "If it's neither day nor night, it becomes day as Test Watcher enters the battlefield."
    assert_line_family(_face, line, "Whenever day becomes night or night becomes day, you gain 2 life.")
    assert not compile_face(_face(line.replace("day as", "dusk as"))).supported
    # the trigger returning the card from its graveyard would need the graveyard watched: unhandled
    back = "Whenever day becomes night or night becomes day, return Test Watcher from your graveyard to the battlefield."
    c = compile_face(_face(back))
    assert not c.supported
