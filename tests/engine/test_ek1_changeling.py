"""Changeling (702.73, engine/game/mechanics/changeling.py): every creature type, in every zone; the creature-type
list is the card file's (engine/game/creature_types.py)."""
from __future__ import annotations

import json

import engine
import engine.game  # noqa: F401 — the mechanics' registrations
from engine import behaviours
from engine.game import creature_types
from conftest import shared_path

BEAR, LORD = "Grizzly Bears", "Yoked Ox"


def test_changeling_is_every_creature_type_on_the_battlefield_and_in_the_hand():
    behaviours.register(BEAR, {"keywords": ["changeling"]})
    behaviours.register(LORD, {"statics": [{"layer": "7c", "affected": {"subtypes": ["Elf"], "other": True},
                                            "pt": [1, 1]}]})
    try:
        r = engine.simulate({"zones": {"you": {"battlefield": [BEAR, LORD]}},
                             "expect": [{"pt": {"card": BEAR, "power": 3, "toughness": 3}}]}, log=True)
        assert r.passed, (r.checks, r.error)
        r = engine.simulate({"zones": {"you": {"hand": [BEAR]}},       # 604.3: in every zone
                             "expect": [{"types": {"card": BEAR, "has": ["Elf", "Goblin", "Sliver", "Bear"],
                                                   "lacks": ["Forest", "Equipment", "Aura"]}}]}, log=True)
        assert r.passed, (r.checks, r.error)
        behaviours.unregister(BEAR)
        behaviours.register(BEAR, {})
        r = engine.simulate({"zones": {"you": {"battlefield": [BEAR, LORD]}},
                             "expect": [{"pt": {"card": BEAR, "power": 2, "toughness": 2}}]})
        assert r.passed, (r.checks, r.error)
    finally:
        behaviours.unregister(BEAR)
        behaviours.unregister(LORD)


def test_granted_changeling_is_reported_unhandled():
    from engine.vocabulary import unhandled
    assert any("changeling" in u for u in unhandled({"statics": [{"layer": 6, "affected": {"types": ["Creature"]},
                                                                   "grant": ["changeling"]}]}))
    assert unhandled({"keywords": ["changeling"]}) == []


def test_creature_types_are_the_card_files():
    data = json.loads(shared_path("cards/AtomicCards.json").read_text(encoding="utf-8"))["data"]
    assert creature_types.CREATURE_TYPES == tuple(creature_types.creature_types(data))
    assert {"Elf", "Dragon", "Time Lord", "Assembly-Worker"} <= set(creature_types.CREATURE_TYPES)
    assert not {"Forest", "Equipment", "Aura", "Treasure", "Jace"} & set(creature_types.CREATURE_TYPES)
