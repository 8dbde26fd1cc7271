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
