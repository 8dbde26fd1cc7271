"""Keywords acting on their controller's game (issue 21, group ek1; engine/game/mechanics/player_keywords.py), and the
granted protections of 702.16 with a quality other than one color (mechanics/protection_choice.py): ascend 702.131,
dredge 702.52, undaunted 702.125, partner 702.124 (no effect in a game), protection from creatures / artifacts / all
colors 702.16."""
from __future__ import annotations

import pytest

import engine
import engine.game  # noqa: F401 — the mechanics' registrations
from engine.cardbase import Card, CardTable
from simrun import as_, run_on  # noqa: F401  (as_ is a fixture)

BEAR, SMALL = "Grizzly Bears", "Small Bear"
TABLE = CardTable(list(CardTable.bundled()) + [
    Card(name=SMALL, cost="{1}", types=["Creature"], power="1", toughness="1"),
    Card(name="Dredger", cost="{1}{B}", colors="B", types=["Creature"], power="1", toughness="1", has_text=True),
    Card(name="Sweep", cost="{3}{U}{U}", colors="U", types=["Sorcery"], has_text=True),
    Card(name="Test Bolt", cost="{R}", colors="R", types=["Instant"], has_text=True),
    Card(name="Test Shatter", cost="{1}{R}", colors="R", types=["Instant"], has_text=True)])


def run(s):
    return run_on(TABLE, s)


def test_ascend_gives_the_blessing_at_ten_permanents_for_the_rest_of_the_game(as_):
    as_(BEAR, {"keywords": ["ascend"], "statics": [{"layer": "7c", "affected": {"self": True}, "pt": [2, 2],
                                                    "if": {"citys_blessing": True}}]})
    nine = [BEAR] + ["Forest"] * 8
    run({"zones": {"you": {"battlefield": nine}}, "expect": [{"pt": {"card": BEAR, "power": 2, "toughness": 2}}]})
    run({"zones": {"you": {"battlefield": nine, "hand": ["Forest"]}},
         "actions": [{"cast": "Forest"}, {"expect": [{"pt": {"card": BEAR, "power": 4, "toughness": 4}}]},
                     {"destroy": "Forest"}],             # 702.131c: kept for the rest of the game
         "expect": [{"pt": {"card": BEAR, "power": 4, "toughness": 4}}]})


def test_ascend_without_the_keyword_gives_no_blessing(as_):
    as_(BEAR, {"statics": [{"layer": "7c", "affected": {"self": True}, "pt": [2, 2], "if": {"citys_blessing": True}}]})
    run({"zones": {"you": {"battlefield": [BEAR] + ["Forest"] * 10}},
         "expect": [{"pt": {"card": BEAR, "power": 2, "toughness": 2}}]})


def test_dredge_replaces_a_draw(as_):
    as_("Dredger", {"dredge": 2})
    lib = ["Forest", "Island", "Swamp"]
    run({"zones": {"you": {"graveyard": ["Dredger"], "library": lib}},
         "actions": [{"choose": {"may": "yes"}}, {"draw": 1}],
         "expect": [{"zone": {"card": "Dredger", "zone": "hand"}}, {"count": {"player": "you", "zone": "hand", "n": 1}},
                    {"count": {"player": "you", "zone": "library", "n": 1}},
                    {"count": {"player": "you", "zone": "graveyard", "n": 2}}]})
    run({"zones": {"you": {"graveyard": ["Dredger"], "library": lib}},
         "actions": [{"choose": {"may": "no"}}, {"draw": 1}],
         "expect": [{"zone": {"card": "Dredger", "zone": "graveyard"}},
                    {"count": {"player": "you", "zone": "library", "n": 2}}]})
    run({"zones": {"you": {"graveyard": ["Dredger"], "library": ["Forest"]}},          # 702.52b
         "actions": [{"draw": 1}],
         "expect": [{"zone": {"card": "Dredger", "zone": "graveyard"}}, {"zone": {"card": "Forest", "zone": "hand"}}]})


def test_undaunted_costs_one_less_per_opponent(as_):
    as_("Sweep", {"keywords": ["undaunted"], "spell": {"targets": [], "effects": []}})
    run({"zones": {"you": {"hand": ["Sweep"]}}, "expect": [{"total_cost": {"card": "Sweep", "mana": "{2}{U}{U}"}}]})


def test_partner_has_no_effect_in_a_game(as_):
    from engine.vocabulary import unhandled
    as_(BEAR, {"keywords": ["partner", "vigilance"]})
    assert unhandled({"keywords": ["partner"]}) == []
    run({"zones": {"you": {"battlefield": [BEAR]}},
         "actions": [{"advance": {"turn": 3, "step": "declare_attackers"}}, {"attack": [BEAR], "defender": "opponent"},
                     {"advance": {"turn": 3, "step": "end"}}],
         "expect": [{"life": {"opponent": 18}}, {"tapped": {"card": BEAR, "value": False}}]})


@pytest.mark.parametrize("kw,blocked_by_bear,bolted", [("protection_creatures", False, True),
                                                       ("protection_all_colors", False, False),
                                                       ("protection_artifacts", True, True)])
def test_granted_protection_qualities(as_, kw, blocked_by_bear, bolted):
    as_(SMALL, {"keywords": [kw]})
    as_("Test Bolt", {"spell": {"targets": [{"kind": "any"}], "effects": [{"damage": {"n": 3, "to": "target"}}]}})
    run({"zones": {"you": {"battlefield": [SMALL]}, "opponent": {"battlefield": [BEAR]}},
         "actions": [{"advance": {"turn": 3, "step": "declare_attackers"}}, {"attack": [SMALL], "defender": "opponent"},
                     {"expect": [{"allowed": {"action": {"block": {BEAR: SMALL}}, "value": blocked_by_bear}}]}]})
    run({"zones": {"you": {"battlefield": [SMALL]}, "opponent": {"hand": ["Test Bolt"]}},
         "expect": [{"can_target": {"spell": "Test Bolt", "target": SMALL, "by": "opponent", "value": bolted}}]})
