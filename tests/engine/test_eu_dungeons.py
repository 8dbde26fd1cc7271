"""Venturing into the dungeon (701.46, 309; engine/game/mechanics/dungeons.py): the first venture puts the chosen
dungeon into the command zone and enters its topmost room, later ones move along the room links; each room's
ability triggers; a dungeon whose last room's ability has resolved is completed and removed (704.5t)."""
from __future__ import annotations

import pytest

import engine.game  # noqa: F401 — the mechanics' registrations
from engine.cardbase import CardTable
from engine.errors import EngineError
from engine.game.mechanics.dungeons import data_problems
from simrun import as_, run_on  # noqa: F401  (as_ is a fixture)

OX = "Yoked Ox"
TABLE = CardTable.bundled()
VENTURER = {"activated": [{"cost": "{1}", "targets": [], "effects": [{"venture": True}]}]}
GO = [{"activate": OX, "ability": 1}, {"resolve": "all"}]


def test_the_dungeon_data_fits_the_vocabulary():
    assert data_problems() == []


def test_venturing_walks_the_rooms_and_completes_the_dungeon(as_):
    as_(OX, VENTURER)
    run_on(TABLE, {"zones": {"you": {"battlefield": [OX]}},
                   "actions": [{"choose": {"dungeon": "Lost Mine of Phandelver"}}, *GO,          # Cave Entrance: scry 1
                               {"expect": [{"count": {"player": "you", "zone": "command", "n": 1}},
                                           {"count": {"player": "you", "zone": "battlefield", "n": 1}}]},
                               {"choose": {"room": "Mine Tunnels"}}, *GO,                          # a Treasure
                               {"expect": [{"count": {"player": "you", "zone": "battlefield",
                                                      "card": "Treasure Token", "n": 1}}]},
                               {"choose": {"room": "Dark Pool"}}, *GO,                             # drain 1
                               {"expect": [{"life": {"you": 21, "opponent": 19}}]},
                               *GO,                                                                # the Temple: draw
                               {"expect": [{"count": {"player": "you", "zone": "hand", "n": 1}},
                                           {"count": {"player": "you", "zone": "command", "n": 0}}]},
                               {"choose": {"dungeon": "Lost Mine of Phandelver"}}, *GO],         # a new dungeon
                   "expect": [{"count": {"player": "you", "zone": "command", "n": 1}},
                              {"count": {"player": "you", "zone": "hand", "n": 1}}]})


def test_a_room_the_marker_cannot_reach_is_refused_and_unmodelled_dungeons_stop_the_run(as_):
    as_(OX, VENTURER)
    r = run_on(TABLE, {"zones": {"you": {"battlefield": [OX]}},
                       "actions": [{"choose": {"dungeon": "Lost Mine of Phandelver"}}, *GO,
                                   {"choose": {"room": "Temple of Dumathoin"}}, *GO]}, passed=False)
    assert "Goblin Lair or Mine Tunnels" in r.error
    with pytest.raises(EngineError, match="not modelled"):
        run_on(TABLE, {"zones": {"you": {"battlefield": [OX]}},
                       "actions": [{"choose": {"dungeon": "Tomb of Annihilation"}}, *GO]})


def test_completing_a_dungeon_triggers_and_the_condition_holds_after(as_):
    as_(OX, VENTURER)
    as_("Grizzly Bears", {"statics": [{"layer": "7c", "affected": {"self": True}, "pt": [3, 0],
                                       "if": {"completed_dungeon": True}}],
                          "triggers": [{"event": "complete_dungeon", "whose": "you", "targets": [],
                                        "effects": [{"gain_life": 5}]}]})
    run_on(TABLE, {"zones": {"you": {"battlefield": [OX, "Grizzly Bears"]}},
                   "actions": [{"choose": {"dungeon": "Lost Mine of Phandelver"}}, *GO, {"choose": {"room": "Mine Tunnels"}},
                               *GO, {"choose": {"room": "Fungi Cavern"}}, {"choose": {"targets": ["Grizzly Bears"]}},
                               *GO,
                               {"expect": [{"pt": {"card": "Grizzly Bears", "power": -2, "toughness": 2}},
                                           {"life": {"you": 20}}]},
                               *GO],                                                  # the Temple: completed
                   "expect": [{"pt": {"card": "Grizzly Bears", "power": 1, "toughness": 2}}, {"life": {"you": 25}}]})


def _face(text):
    return {"name": "Test Delver", "text": text, "types": ["Creature"], "type": "Creature — Human"}


def test_dungeon_lines_compile_and_mutants_do_not():
    from engine.oracle.compile import compile_face
    from family_honesty import assert_line_family
    assert_line_family(_face, "When Test Delver enters the battlefield, venture into the dungeon.",
                       "As long as you've completed a dungeon, Test Delver has double strike.",
                       "Whenever you complete a dungeon, create a 2/2 green Wolf creature token.", parsed_too=False)
    assert not compile_face(_face("As long as you've completed a castle, Test Delver has double strike.")).supported
    back = "Whenever you complete a dungeon, return Test Delver from your graveyard to your hand."
    assert not compile_face(_face(back)).supported          # works from the graveyard: not watched there
