"""Phasing (702.26, engine/game/mechanics/phasing.py): the keyword phases a permanent out and in on its controller's
untap steps; the effect phase_out; a phased-out permanent is treated as though it doesn't exist (702.26b), with
what is attached to it (702.26g), and phases in without entering (702.26d)."""
from __future__ import annotations


import engine
import engine.game  # noqa: F401 — the mechanics' registrations
from engine.cardbase import Card, CardTable
from simrun import as_, run_on  # noqa: F401  (as_ is a fixture)

BEAR, OX = "Grizzly Bears", "Yoked Ox"
TABLE = CardTable(list(CardTable.bundled()) + [Card(name="Test Aura", cost="{G}", colors="G", types=["Enchantment"],
                                                    subtypes=["Aura"], has_text=True)])


def run(s):
    return run_on(TABLE, s)


def test_phasing_keyword_alternates_on_its_controllers_untap_steps(as_):
    as_(BEAR, {"keywords": ["phasing"], "triggers": [{"event": "enters", "object": {"self": True}, "targets": [],
                                                      "effects": [{"gain_life": 1}]}]})
    run({"zones": {"you": {"battlefield": [BEAR]}},
         "actions": [{"advance": {"turn": 3, "step": "upkeep"}},
                     {"expect": [{"count": {"player": "you", "zone": "battlefield", "card": BEAR, "n": 0}}]},
                     {"advance": {"turn": 4, "step": "upkeep"}},
                     {"expect": [{"count": {"player": "you", "zone": "battlefield", "card": BEAR, "n": 0}}]},
                     {"advance": {"turn": 5, "step": "upkeep"}}],
         "expect": [{"count": {"player": "you", "zone": "battlefield", "card": BEAR, "n": 1}},
                    {"life": {"you": 20}}]})                     # 702.26d: phasing in is not entering


def test_phase_out_effect_takes_the_creature_and_its_aura_out_until_its_controllers_untap_step(as_):
    as_(OX, {"activated": [{"cost": "{1}", "targets": [{"kind": "creature"}], "effects": [{"phase_out": "target"}]}]})
    as_("Test Aura", {"enchant": {"types": ["Creature"]}, "statics": [{"enchanted": {"pt": [2, 0]}}]})
    run({"zones": {"you": {"battlefield": [OX]}, "opponent": {"battlefield": [BEAR, {"card": "Test Aura",
                                                                                      "attached_to": BEAR}]}},
         "actions": [{"activate": OX, "ability": 1, "targets": [BEAR]}, {"resolve": "all"},
                     {"expect": [{"count": {"player": "opponent", "zone": "battlefield", "n": 0}}]},
                     {"advance": {"turn": 2, "step": "upkeep"}}],
         "expect": [{"pt": {"card": BEAR, "power": 4, "toughness": 2}},
                    {"attached": {"card": "Test Aura", "to": BEAR, "value": True}}]})
