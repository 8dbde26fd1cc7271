"""Planechase (311, 901; engine/game/mechanics/planes.py): the face-up plane's static abilities apply, rolling
{CHAOS} on the planar die triggers its chaos ability, rolling {PLANESWALK} planeswalks (701.31): the away / to
triggers, the next plane face up and the old one's statics gone."""
from __future__ import annotations

import engine.game  # noqa: F401 — the mechanics' registrations
from engine.cardbase import Card, CardTable
from engine.oracle.compile import compile_face
from family_honesty import assert_added_clause_rejected, assert_line_family, assert_supported
from simrun import as_, run_on  # noqa: F401  (as_ is a fixture)

BEAR, P1, P2, PHEN = "Grizzly Bears", "Test Plane", "Test Plane Two", "Test Phenomenon"
TABLE = CardTable(list(CardTable.bundled()) + [Card(name=n, types=["Plane"], subtypes=["Testland"], has_text=True)
                                               for n in (P1, P2)] + [Card(name=PHEN, types=["Phenomenon"], has_text=True)])


def _trig(event, effects):
    return {"event": event, "targets": [], "effects": effects}


def test_statics_chaos_and_planeswalking(as_):
    as_(P1, {"statics": [{"layer": "7c", "affected": {"types": ["Creature"]}, "pt": [2, 2]}],
             "triggers": [_trig("roll_chaos", [{"gain_life": 3}]),
                          _trig("planeswalk_away", [{"lose_life": {"n": 1, "player": "each_opponent"}}])]})
    as_(P2, {"triggers": [_trig("planeswalk_to", [{"gain_life": 10}])]})
    run_on(TABLE, {"zones": {"you": {"battlefield": [BEAR], "command": [P1, P2]}},
                   "actions": [{"expect": [{"pt": {"card": BEAR, "power": 4, "toughness": 4}}]},
                               {"roll_planar_die": "chaos"}, {"resolve": "all"},
                               {"expect": [{"life": {"you": 23}}]},
                               {"roll_planar_die": "blank"}, {"resolve": "all"},
                               {"choose": {"order": [P1, P2]}},
                               {"roll_planar_die": "planeswalk"}, {"resolve": "all"}],
                   "expect": [{"life": {"you": 33, "opponent": 19}}, {"pt": {"card": BEAR, "power": 2, "toughness": 2}},
                              {"illegal": {"action": {"roll_planar_die": "chaos", "by": "opponent"},
                                           "message": "active player"}}]})


def test_without_a_plane_nothing_applies(as_):
    as_(P1, {"statics": [{"layer": "7c", "affected": {"types": ["Creature"]}, "pt": [2, 2]}]})
    run_on(TABLE, {"zones": {"you": {"battlefield": [BEAR], "hand": [P1]}},
                   "expect": [{"pt": {"card": BEAR, "power": 2, "toughness": 2}},
                              {"illegal": {"action": {"roll_planar_die": "chaos"}, "message": "no face-up plane"}}]})


def _plane(text):
    return {"name": P1, "text": text, "types": ["Plane"], "type": "Plane — Testland"}


def test_plane_lines_compile_only_for_what_the_command_zone_runs():
    ok = "All creatures get +2/+2.\nWhenever you roll {CHAOS}, you gain 3 life."
    assert_supported(_plane(ok))
    assert_added_clause_rejected(_plane, "Whenever you roll {CHAOS}, you gain 3 life.", parsed_too=False)
    assert_supported(_plane("When you planeswalk to Test Plane, you gain 3 life."))
    # a plane's upkeep trigger and a static about itself or spells are not run from the command zone
    for text in ("At the beginning of your upkeep, you gain 1 life.\nWhenever you roll {CHAOS}, you gain 3 life.",
                 "Test Plane gets +2/+2.\nWhenever you roll {CHAOS}, you gain 3 life."):
        assert not compile_face(_plane(text)).supported, text
    # the chaos trigger on a permanent card is a plane's event, never its own
    assert not compile_face({"name": P1, "text": "Whenever you roll {CHAOS}, you gain 3 life.",
                             "types": ["Creature"], "type": "Creature"}).supported


def test_a_phenomenon_is_encountered_then_left(as_):
    as_(P1, {"triggers": [_trig("roll_chaos", [{"gain_life": 1}])]})
    as_(PHEN, {"triggers": [_trig("encounter", [{"gain_life": 4}])]})
    as_(P2, {"triggers": [_trig("planeswalk_to", [{"gain_life": 10}])]})
    run_on(TABLE, {"zones": {"you": {"command": [P1, PHEN, P2]}},
                   "actions": [{"roll_planar_die": "planeswalk"}, {"expect": [{"stack": [PHEN]}]}, {"resolve": "all"}],
                   "expect": [{"life": {"you": 34}}, {"stack": {"n": 0}}]})       # encountered, then on to the next plane
    # encountering it is the phenomenon's own event: planeswalking between planes does not trigger it
    run_on(TABLE, {"zones": {"you": {"command": [P1, P2, PHEN]}},
                   "actions": [{"roll_planar_die": "planeswalk"}, {"resolve": "all"}],
                   "expect": [{"life": {"you": 30}}]})


def test_phenomenon_line_compiles():
    face = lambda text: {"name": PHEN, "text": text, "types": ["Phenomenon"], "type": "Phenomenon"}  # noqa: E731
    assert_line_family(face, "When you encounter Test Phenomenon, each player draws four cards.")
