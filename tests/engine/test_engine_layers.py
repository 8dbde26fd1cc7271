"""Continuous effects (613), devotion (700.5), gods, bestow (702.103) and counterspell targeting."""
from __future__ import annotations

import engine


def run(zones, actions=(), expect=(), **top):
    return engine.simulate({"zones": zones, "actions": list(actions), "expect": list(expect), **top}, log=True)


def test_700_5_devotion_counts_hybrid_for_each_color_and_phyrexian_symbols():
    """700.5: {G/W} counts toward both green and white devotion; {W/P} counts toward white."""
    r = run({"you": {"battlefield": ["Kitchen Finks x2", "Yoked Ox", "Murderous Redcap", "Porcelain Legionnaire"]},
             "opponent": {"battlefield": ["Evangel of Heliod"]}}, [],
            [{"devotion": {"player": "you", "color": "W", "n": 6}},
             {"devotion": {"player": "you", "color": "G", "n": 4}},
             {"devotion": {"player": "you", "color": "R", "n": 2}},
             {"devotion": {"player": "you", "color": ["G", "W"], "n": 6}},
             {"devotion": {"player": "opponent", "color": "W", "n": 2}}])
    assert r.passed, r.checks


def test_700_5_evangel_counts_devotion_on_resolution():
    """608.2h: the number of tokens is devotion to white as the trigger resolves (Evangel + Yoked Ox = 3)."""
    r = run({"you": {"battlefield": ["Yoked Ox"], "hand": ["Evangel of Heliod"]}},
            [{"cast": "Evangel of Heliod"}, {"resolve": "all"}],
            [{"count": {"player": "you", "zone": "battlefield", "card": "Soldier Token", "n": 3}},
             {"pt": {"card": "Soldier Token#3", "power": 1, "toughness": 1}}])
    assert r.passed, r.checks


def test_613_layer4_god_is_not_a_creature_below_devotion_and_is_one_above():
    """613.1d / 700.5: Purphoros isn't a creature with devotion to red 1; with 5 it is a 6/5 creature."""
    r = run({"you": {"battlefield": ["Purphoros, God of the Forge"]}}, [],
            [{"types": {"card": "Purphoros, God of the Forge", "has": ["Enchantment", "God"], "lacks": ["Creature"]}}])
    assert r.passed, r.checks
    r = run({"you": {"battlefield": ["Purphoros, God of the Forge", "Murderous Redcap x2"]}}, [],
            [{"types": {"card": "Purphoros, God of the Forge", "has": ["Creature"]}},
             {"pt": {"card": "Purphoros, God of the Forge", "power": 6, "toughness": 5}}])
    assert r.passed, r.checks


def test_god_on_the_stack_is_a_creature_spell():
    """The devotion condition applies only on the battlefield: on the stack Heliod is a creature spell."""
    r = run({"you": {"hand": ["Heliod, God of the Sun"]}, "opponent": {"hand": ["Essence Scatter", "Negate"]}},
            [{"cast": "Heliod, God of the Sun"}],
            [{"can_target": {"spell": "Essence Scatter", "target": "Heliod, God of the Sun", "value": True}},
             {"can_target": {"spell": "Negate", "target": "Heliod, God of the Sun", "value": False}}])
    assert r.passed, r.checks


def test_613_layer6_and_layer7c_elesh_norn_heliod_and_counters():
    """613.1f/613.4c: Heliod grants vigilance (layer 6); Elesh Norn +2/+2 and -2/-2 and counters (7c)."""
    r = run({"you": {"battlefield": ["Elesh Norn, Grand Cenobite", "Heliod, God of the Sun",
                                     {"card": "Grizzly Bears", "counters": {"+1/+1": 1}}]},
             "opponent": {"battlefield": ["Yoked Ox", "Soul Warden"]}}, [{"resolve": "all"}],
            [{"pt": {"card": "Grizzly Bears", "power": 5, "toughness": 5}},
             {"has_ability": {"card": "Grizzly Bears", "ability": "vigilance", "value": True}},
             {"pt": {"card": "Elesh Norn, Grand Cenobite", "power": 4, "toughness": 7}},
             {"pt": {"card": "Yoked Ox", "power": -2, "toughness": 2}},
             {"zone": {"card": "Soul Warden", "zone": "graveyard"}}])
    assert r.passed, r.checks


def test_702_103_bestow_normal_cast_is_creature_spell_bestow_cast_is_aura_spell():
    """702.103a/b: cast normally it's a creature spell (Essence Scatter); bestowed it's an Aura (Negate)."""
    z = {"you": {"battlefield": ["Grizzly Bears"], "hand": ["Nyxborn Shieldmate"]},
         "opponent": {"hand": ["Essence Scatter", "Negate", "Annul"]}}
    r = run(z, [{"cast": "Nyxborn Shieldmate"}],
            [{"can_target": {"spell": "Essence Scatter", "target": "Nyxborn Shieldmate", "value": True}},
             {"can_target": {"spell": "Negate", "target": "Nyxborn Shieldmate", "value": False}},
             {"can_target": {"spell": "Annul", "target": "Nyxborn Shieldmate", "value": True}}])
    assert r.passed, r.checks
    r = run(z, [{"cast": "Nyxborn Shieldmate", "mode": "bestow", "targets": ["Grizzly Bears"]}],
            [{"types": {"card": "Nyxborn Shieldmate", "has": ["Aura"], "lacks": ["Creature"]}},
             {"can_target": {"spell": "Essence Scatter", "target": "Nyxborn Shieldmate", "value": False}},
             {"can_target": {"spell": "Negate", "target": "Nyxborn Shieldmate", "value": True}},
             {"can_target": {"spell": "Annul", "target": "Nyxborn Shieldmate", "value": True}}])
    assert r.passed, r.checks


def test_702_103_bestowed_aura_gives_bonus_then_becomes_creature_when_unattached():
    """702.103f: when the enchanted creature dies, the bestowed Aura becomes an enchantment creature."""
    z = {"you": {"battlefield": ["Grizzly Bears"], "hand": ["Nyxborn Shieldmate"]}}
    r = run(z, [{"cast": "Nyxborn Shieldmate", "mode": "bestow", "targets": ["Grizzly Bears"]}, {"resolve": "all"},
                {"expect": [{"pt": {"card": "Grizzly Bears", "power": 3, "toughness": 4}},
                            {"types": {"card": "Nyxborn Shieldmate", "has": ["Aura"], "lacks": ["Creature"]}}]},
                {"destroy": "Grizzly Bears"}],
            [{"zone": {"card": "Nyxborn Shieldmate", "zone": "battlefield"}},
             {"types": {"card": "Nyxborn Shieldmate", "has": ["Enchantment", "Creature"], "lacks": ["Aura"]}},
             {"pt": {"card": "Nyxborn Shieldmate", "power": 1, "toughness": 2}}])
    assert r.passed, r.checks


def test_702_103e_bestow_target_illegal_on_resolution_enters_as_creature():
    """702.103e: the bestowed spell's target is gone; it isn't countered but resolves as a creature."""
    r = run({"you": {"battlefield": ["Grizzly Bears"], "hand": ["Nyxborn Shieldmate"]}},
            [{"cast": "Nyxborn Shieldmate", "mode": "bestow", "targets": ["Grizzly Bears"]},
             {"destroy": "Grizzly Bears"}, {"resolve": "all"}],
            [{"zone": {"card": "Nyxborn Shieldmate", "zone": "battlefield"}},
             {"types": {"card": "Nyxborn Shieldmate", "has": ["Creature"], "lacks": ["Aura"]}}])
    assert r.passed, r.checks
    assert any(line.startswith("702.103e") for line in r.log)


def test_bestow_needs_a_target_creature():
    """702.103b/601.2c: with no creature to enchant, bestow can't be chosen (illegal; can_cast false)."""
    r = run({"you": {"hand": ["Nyxborn Shieldmate"]}}, [],
            [{"can_cast": {"player": "you", "card": "Nyxborn Shieldmate", "mode": "bestow", "value": False}},
             {"can_cast": {"player": "you", "card": "Nyxborn Shieldmate", "value": True}},
             {"illegal": {"action": {"cast": "Nyxborn Shieldmate", "mode": "bestow"}, "message": "target"}}])
    assert r.passed, r.checks


def test_608_2b_counterspell_whose_target_left_does_not_resolve():
    """608.2b: Essence Scatter's target was countered first; Essence Scatter doesn't resolve."""
    r = run({"you": {"hand": ["Grizzly Bears"]}, "opponent": {"hand": ["Essence Scatter"]}},
            [{"cast": "Grizzly Bears"}, {"cast": "Essence Scatter", "by": "opponent", "targets": ["Grizzly Bears"]},
             {"counter": "Grizzly Bears"}, {"resolve": "all"}],
            [{"zone": {"card": "Essence Scatter", "zone": "graveyard"}},
             {"zone": {"card": "Grizzly Bears", "zone": "graveyard"}}])
    assert r.passed, r.checks
    assert any("608.2b" in line for line in r.log)


def test_sorcery_speed_timing_for_creature_spells():
    """307.1: a creature spell can't be cast in the opponent's turn or while the stack isn't empty."""
    r = run({"you": {"hand": ["Grizzly Bears", "Hushwing Gryff"]}}, [], [
        {"can_cast": {"player": "you", "card": "Grizzly Bears", "value": True}}], active="opponent")
    assert not r.passed
    r = run({"you": {"hand": ["Grizzly Bears", "Hushwing Gryff"]}}, [], [
        {"can_cast": {"player": "you", "card": "Grizzly Bears", "value": False}},
        {"can_cast": {"player": "you", "card": "Hushwing Gryff", "value": True}}], active="opponent")
    assert r.passed, r.checks


def test_702_103f_bestowed_aura_on_a_host_that_stops_being_a_creature_stays_as_a_creature():
    """702.103f: Heliod loses creature-ness (devotion drops); the bestowed Shieldmate becomes a creature."""
    z = {"you": {"battlefield": ["Heliod, God of the Sun", "Evangel of Heliod", "Soul Warden",
                                 {"card": "Nyxborn Shieldmate", "attached_to": "Heliod, God of the Sun"}]}}
    r = run(z, [{"expect": [{"types": {"card": "Heliod, God of the Sun", "has": ["Creature"]}},
                            {"pt": {"card": "Heliod, God of the Sun", "power": 6, "toughness": 8}}]},
                {"destroy": "Evangel of Heliod"}],
            [{"types": {"card": "Heliod, God of the Sun", "lacks": ["Creature"]}},
             {"zone": {"card": "Nyxborn Shieldmate", "zone": "battlefield"}},
             {"types": {"card": "Nyxborn Shieldmate", "has": ["Creature"], "lacks": ["Aura"]}}])
    assert r.passed, r.checks
