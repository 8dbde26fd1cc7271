"""Keywords of permanents (issue 21, group ek1; engine/game/mechanics/permanent_keywords.py), one scenario per
mechanic, each failing if its handler did nothing: exploit 702.110, extort 702.101, living weapon 702.92, totem armor
702.89, provoke 702.39."""
from __future__ import annotations


import engine
import engine.game  # noqa: F401 — the mechanics' registrations
from engine.cardbase import Card, CardTable
from simrun import as_, run_on  # noqa: F401  (as_ is a fixture)

BEAR, SMALL, BIG = "Grizzly Bears", "Small Bear", "Big Bear"
TABLE = CardTable(list(CardTable.bundled()) + [
    Card(name=BIG, cost="{3}", types=["Creature"], power="4", toughness="4"),
    Card(name=SMALL, cost="{1}", types=["Creature"], power="1", toughness="1"),
    Card(name="Germ Blade", cost="{3}", types=["Artifact"], subtypes=["Equipment"], has_text=True),
    Card(name="Test Umbra", cost="{1}", types=["Enchantment"], subtypes=["Aura"], has_text=True),
    Card(name="Test Spell", cost="{1}", types=["Sorcery"], has_text=True)])


def run(s):
    return run_on(TABLE, s)


def test_exploit_sacrifices_and_triggers_exploits(as_):
    as_(BEAR, {"keywords": ["exploit"], "triggers": [{"event": "exploits", "object": {"self": True}, "targets": [],
                                                       "effects": [{"draw": 2}]}]})
    run({"zones": {"you": {"hand": [BEAR], "battlefield": [SMALL], "library": ["Forest"] * 5}},
         "actions": [{"choose": {"may": "yes", "card": SMALL}}, {"cast": BEAR}, {"resolve": "all"}],
         "expect": [{"zone": {"card": SMALL, "zone": "graveyard"}}, {"count": {"player": "you", "zone": "hand", "n": 2}}]})
    run({"zones": {"you": {"hand": [BEAR], "battlefield": [SMALL], "library": ["Forest"] * 5}},
         "actions": [{"choose": {"may": "no"}}, {"cast": BEAR}, {"resolve": "all"}],
         "expect": [{"zone": {"card": SMALL, "zone": "battlefield"}}, {"count": {"player": "you", "zone": "hand", "n": 0}}]})


def test_exploit_itself_still_exploits(as_):
    as_(BEAR, {"keywords": ["exploit"], "triggers": [{"event": "exploits", "object": {"self": True}, "targets": [],
                                                       "effects": [{"draw": 1}]}]})
    run({"zones": {"you": {"hand": [BEAR], "library": ["Forest"] * 3}},
         "actions": [{"choose": {"may": "yes", "card": BEAR}}, {"cast": BEAR}, {"resolve": "all"}],
         "expect": [{"zone": {"card": BEAR, "zone": "graveyard"}}, {"count": {"player": "you", "zone": "hand", "n": 1}}]})


def test_extort_drains_each_opponent_when_paid(as_):
    as_(BEAR, {"keywords": ["extort"]})
    as_("Test Spell", {"spell": {"targets": [], "effects": []}})
    run({"zones": {"you": {"battlefield": [BEAR], "hand": ["Test Spell"]}},
         "actions": [{"choose": {"pay": "yes"}}, {"cast": "Test Spell"}, {"resolve": "all"}],
         "expect": [{"life": {"you": 21, "opponent": 19}}]})
    run({"zones": {"you": {"battlefield": [BEAR], "hand": ["Test Spell"]}},
         "actions": [{"choose": {"pay": "no"}}, {"cast": "Test Spell"}, {"resolve": "all"}],
         "expect": [{"life": {"you": 20, "opponent": 20}}]})


def test_living_weapon_makes_a_germ_and_equips_it(as_):
    as_("Germ Blade", {"keywords": ["living_weapon"], "statics": [{"equipped": {"pt": [2, 2]}}], "equip": "{2}"})
    run({"zones": {"you": {"hand": ["Germ Blade"]}},
         "actions": [{"cast": "Germ Blade"}, {"resolve": "all"}],
         "expect": [{"count": {"player": "you", "zone": "battlefield", "token": True, "n": 1}},
                    {"pt": {"card": "Phyrexian Germ Token", "power": 2, "toughness": 2}}]})


def test_totem_armor_destroys_the_aura_instead(as_):
    as_("Test Umbra", {"keywords": ["totem_armor"], "enchant": {"types": ["Creature"]}})
    run({"zones": {"you": {"battlefield": [BEAR, {"card": "Test Umbra", "attached_to": BEAR}]}},
         "actions": [{"damage": {"to": BEAR, "n": 3}}],
         "expect": [{"zone": {"card": BEAR, "zone": "battlefield"}}, {"damage": {"card": BEAR, "n": 0}},
                    {"zone": {"card": "Test Umbra", "zone": "graveyard"}}]})
    run({"zones": {"you": {"battlefield": [BEAR, {"card": "Test Umbra", "attached_to": BEAR}]}},
         "actions": [{"destroy": BEAR}],
         "expect": [{"zone": {"card": BEAR, "zone": "battlefield"}}, {"zone": {"card": "Test Umbra", "zone": "graveyard"}}]})


def test_provoke_untaps_and_forces_the_block(as_):
    as_(BEAR, {"keywords": ["provoke"]})
    combat = [{"advance": {"turn": 3, "step": "declare_attackers"}}, {"choose": {"targets": [BIG], "may": "yes"}},
              {"attack": [BEAR], "defender": "opponent"}, {"resolve": "all"}]
    run({"zones": {"you": {"battlefield": [BEAR]}, "opponent": {"battlefield": [{"card": BIG, "tapped": True}, SMALL]}},
         "actions": combat + [{"expect": [{"tapped": {"card": BIG, "value": False}},
                                          {"illegal": {"action": {"block": {SMALL: BEAR}}}}]},
                              {"block": {BIG: BEAR}}]})
