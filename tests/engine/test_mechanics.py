"""Card mechanics are modules (engine/game/mechanics/): each one's registrations make the mechanic, and with
them taken out the general code no longer knows it (setup → actions → assertions, XMage style)."""
from __future__ import annotations

import pytest

import engine
from engine import behaviours
from engine import vocabulary as V
from engine.behaviours import BehaviourError
from engine.errors import EngineError
from engine.game.mechanics import bestow, gods, trigger_mods


def run(zones, actions=(), expect=(), **top):
    return engine.simulate({"zones": zones, "actions": list(actions), "expect": list(expect), **top}, log=True)


def test_bestow_module_is_the_bestow_cast_mode(monkeypatch):
    """702.103b: cast with bestow, Nyxborn Shieldmate is an Aura spell targeting a creature — through the
    cast mode the bestow module registers; without it the engine has no `bestow` mode."""
    z = {"you": {"battlefield": ["Grizzly Bears"], "hand": ["Nyxborn Shieldmate"]}}
    cast = {"cast": "Nyxborn Shieldmate", "mode": "bestow", "targets": ["Grizzly Bears"]}
    r = run(z, [cast, {"resolve": "all"}], [{"pt": {"card": "Grizzly Bears", "power": 3, "toughness": 4}}])
    assert r.passed, r.checks
    monkeypatch.delitem(V.CAST_MODES, "bestow")
    r = run(z, [cast], [])
    assert not r.passed and "bestow" in (r.error or "")


def test_bestow_module_keeps_an_unattached_bestowed_aura_on_the_battlefield(monkeypatch):
    """702.103f instead of 704.5m: the host dies, the Aura stays as an enchantment creature; without the
    module's hooks the general rule (704.5m) would put an unattached Aura into the graveyard."""
    z = {"you": {"battlefield": ["Grizzly Bears"], "hand": ["Nyxborn Shieldmate"]}}
    acts = [{"cast": "Nyxborn Shieldmate", "mode": "bestow", "targets": ["Grizzly Bears"]}, {"resolve": "all"},
            {"destroy": "Grizzly Bears"}]
    r = run(z, acts, [{"zone": {"card": "Nyxborn Shieldmate", "zone": "battlefield"}}])
    assert r.passed, r.checks
    monkeypatch.setattr(V, "UNATTACH_HOOKS", [h for h in V.UNATTACH_HOOKS if h is not bestow.host_left])
    monkeypatch.setattr(V, "AURA_HOOKS", [h for h in V.AURA_HOOKS if h is not bestow.illegal_host])
    r = run(z, acts, [{"zone": {"card": "Nyxborn Shieldmate", "zone": "graveyard"}}])
    assert r.passed, r.checks


def test_gods_module_is_the_layer_4_devotion_effect(monkeypatch):
    """700.5 / 613.1d: with devotion to red below 5 Purphoros isn't a creature; the type change is the gods
    module's layer-4 provider."""
    z = {"you": {"battlefield": ["Purphoros, God of the Forge"]}}
    r = run(z, [], [{"types": {"card": "Purphoros, God of the Forge", "lacks": ["Creature"]}}])
    assert r.passed, r.checks
    monkeypatch.setitem(V.LAYER_EFFECTS, "4", [f for f in V.LAYER_EFFECTS["4"] if f is not gods.devotion_type_change])
    r = run(z, [], [{"types": {"card": "Purphoros, God of the Forge", "has": ["Creature"]}}])
    assert r.passed, r.checks


def test_monstrosity_module_is_the_monstrosity_effect(monkeypatch):
    """701.37a: Keepsake Gorgon's monstrosity puts one +1/+1 counter on it; the verb lives in the module."""
    z = {"you": {"battlefield": ["Keepsake Gorgon"]}, "opponent": {"battlefield": ["Grizzly Bears"]}}
    acts = [{"activate": "Keepsake Gorgon", "ability": "monstrosity"}, {"resolve": "all"}]
    r = run(z, acts, [{"monstrous": {"card": "Keepsake Gorgon", "value": True}},
                      {"counters": {"card": "Keepsake Gorgon", "kind": "+1/+1", "n": 1}}])
    assert r.passed, r.checks
    assert V.unhandled({"activated": [{"effects": [{"monstrosity": 1}]}]}) == []
    monkeypatch.delitem(V.EFFECTS, "monstrosity")
    assert V.unhandled({"activated": [{"effects": [{"monstrosity": 1}]}]}) == ["effect monstrosity"]
    with pytest.raises(EngineError, match="unknown effect 'monstrosity'"):
        run(z, acts, [])


def test_persist_undying_module_expands_the_keywords(monkeypatch):
    """702.79a: a creature with persist that dies without a -1/-1 counter returns with one; the keyword's
    trigger comes from the module (without it `persist` is not in the vocabulary)."""
    behaviours.register("Mechanics Test Persister", {"keywords": ["persist"]})
    try:
        b = behaviours.get("Mechanics Test Persister")
        assert [t["name"] for t in b.triggers] == ["persist"]
        assert b.triggers[0]["effects"] == [{"return_to_battlefield": {"counter": "-1/-1"}}]
        r = run({"you": {"battlefield": ["Kitchen Finks"]}}, [{"destroy": "Kitchen Finks"}, {"resolve": "all"}],
                [{"zone": {"card": "Kitchen Finks", "zone": "battlefield"}},
                 {"counters": {"card": "Kitchen Finks", "kind": "-1/-1", "n": 1}}])
        assert r.passed, r.checks
        monkeypatch.delitem(V.KEYWORDS, "persist")
        monkeypatch.delitem(V.KEYWORD_ABILITIES, "persist")
        with pytest.raises(BehaviourError, match="persist"):
            behaviours.register("Mechanics Test Persister 2", {"keywords": ["persist"]})
    finally:
        behaviours._extra.pop("Mechanics Test Persister", None)


def test_trigger_mods_module_suppresses_enters_triggers(monkeypatch):
    """603.2 (Torpor Orb): creatures entering don't cause abilities to trigger — the module's suppressor."""
    z = {"you": {"battlefield": ["Torpor Orb", "Tormod's Crypt"], "hand": ["Manic Vandal"]}}
    acts = [{"cast": "Manic Vandal"}, {"resolve": "all"}]
    r = run(z, acts, [{"triggered": {"source": "Manic Vandal", "times": 0}}])
    assert r.passed, r.checks
    monkeypatch.setattr(V, "TRIGGER_SUPPRESSORS",
                        [s for s in V.TRIGGER_SUPPRESSORS if s is not trigger_mods.suppressed])
    r = run(z, acts, [{"triggered": {"source": "Manic Vandal", "times": 1}}], strict_choices=False)
    assert r.passed, r.checks


def test_trigger_mods_module_doubles_dies_triggers(monkeypatch):
    """603.2d (Teysa Karlov): a creature dying causes Zulaport Cutthroat's ability to trigger an additional time."""
    z = {"you": {"battlefield": ["Teysa Karlov", "Zulaport Cutthroat", "Grizzly Bears"]}}
    acts = [{"destroy": "Grizzly Bears"}, {"resolve": "all"}]
    r = run(z, acts, [{"triggered": {"source": "Zulaport Cutthroat", "times": 2}}], strict_choices=False)
    assert r.passed, r.checks
    monkeypatch.setattr(V, "TRIGGER_MULTIPLIERS",
                        [m for m in V.TRIGGER_MULTIPLIERS if m is not trigger_mods.extra_triggers])
    r = run(z, acts, [{"triggered": {"source": "Zulaport Cutthroat", "times": 1}}], strict_choices=False)
    assert r.passed, r.checks


def test_prowess_module_adds_the_cast_trigger():
    """702.108a: prowess is a cast trigger (+1/+1 until end of turn) registered by the prowess module."""
    behaviours.register("Mechanics Test Monk", {"keywords": ["prowess"]})
    try:
        t = behaviours.get("Mechanics Test Monk").triggers
        assert [(x["event"], x["name"]) for x in t] == [("cast", "prowess")]
        assert t[0]["object"] == {"not_types": ["Creature"], "controller": "you"}
    finally:
        behaviours._extra.pop("Mechanics Test Monk", None)
