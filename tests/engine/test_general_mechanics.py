"""The general mechanics real rulings statements check (issue 20, item 4), each with the CR rule it exercises:
a scenario that holds and its "wrong" twin (the opposite outcome) that must fail.  Objects the bundled card
table lacks (a planeswalker, a creature with protection, an Equipment, …) are described stand-ins built by the
cross-check's own stand-in maker, so each scenario states exactly the characteristics the rule is about."""
from __future__ import annotations

import dataclasses

import pytest

import engine
from engine.cardbase import default_cards
from engine.crosscheck.standins import StandinTable, standin_card


def card(name: str, **desc):
    return dataclasses.replace(standin_card(desc), name=name)


CARDS = StandinTable(default_cards(), {c.name: c for c in [
    card("Walker", types=["Planeswalker"]),
    card("Pro Red", types=["Creature"], pt="2/2", protection=["R"]),
    card("Pro Artifacts", types=["Creature"], pt="2/2", protection=["artifacts"]),
    card("Red Bear", types=["Creature"], pt="2/2", colors="R"),
    card("Red Giant", types=["Creature"], pt="3/3", colors="R"),
    card("Gear", types=["Artifact"], subtypes=["Equipment"], equip="{1}"),
    card("Troll", types=["Creature"], pt="2/2", regenerates=True),
    card("Tapper", types=["Artifact"], activated=[{"tap": True}]),
    card("Tapping Creature", types=["Creature"], pt="1/1", activated=[{"tap": True}]),
    card("Trampler", types=["Creature"], pt="3/3", keywords=["trample", "deathtouch"]),
    card("Plain Trampler", types=["Creature"], pt="3/3", keywords=["trample"]),
    card("Wall", types=["Creature"], pt="0/5"),
    card("Linker", types=["Creature"], pt="2/2", keywords=["lifelink"]),
    card("Striker", types=["Creature"], pt="2/2", keywords=["first_strike"]),
]})


def run(zones, actions=(), expect=(), **top):
    return engine.simulate({"zones": zones, "actions": list(actions), "expect": list(expect), **top}, cards=CARDS,
                           log=True)


def twin(zones, actions, right, wrong, rule: str | None = None):
    """The scenario holds with ``right`` and fails with ``wrong`` (and runs to the end: the check fails, not the
    run); the game log cites ``rule`` when given.  Returns the log."""
    r = run(zones, actions, right)
    assert r.passed, (r.checks, r.error, r.log)
    assert rule is None or any(line.startswith(rule) for line in r.log), r.log
    w = run(zones, actions, wrong)
    assert not w.passed and not w.error, (w.checks, w.error)
    return r.log


def test_704_5q_plus_and_minus_counters_annihilate():
    zones = {"you": {"battlefield": [{"card": "Red Giant", "counters": {"+1/+1": 2, "-1/-1": 3}}]}}
    twin(zones, [{"resolve": "all"}],
         [{"counters": {"card": "Red Giant", "kind": "-1/-1", "n": 1}}, {"counters": {"card": "Red Giant", "kind": "+1/+1", "n": 0}},
          {"pt": {"card": "Red Giant", "power": 2, "toughness": 2}}],
         [{"counters": {"card": "Red Giant", "kind": "+1/+1", "n": 2}}], "704.5q")


def test_120_3c_damage_to_a_planeswalker_removes_loyalty():
    zones = {"you": {"battlefield": [{"card": "Walker", "counters": {"loyalty": 5}}]}}
    twin(zones, [{"damage": {"to": "Walker", "n": 3}}],
         [{"counters": {"card": "Walker", "kind": "loyalty", "n": 2}}, {"damage": {"card": "Walker", "n": 0}}],
         [{"counters": {"card": "Walker", "kind": "loyalty", "n": 5}}])


def test_120_3c_lethal_loyalty_damage_puts_it_into_the_graveyard():
    zones = {"you": {"battlefield": [{"card": "Walker", "counters": {"loyalty": 2}}]}}
    twin(zones, [{"damage": {"to": "Walker", "n": 3}}],
         [{"zone": {"card": "Walker", "zone": "graveyard"}}], [{"zone": {"card": "Walker", "zone": "battlefield"}}],
         "704.5i")


def test_400_3_a_card_goes_to_its_owners_graveyard():
    """A creature the opponent owns and you control dies: it goes to the opponent's graveyard (400.3)."""
    zones = {"opponent": {"battlefield": [{"card": "Red Bear", "controller": "you"}]}}
    twin(zones, [{"destroy": "Red Bear"}],
         [{"count": {"player": "opponent", "zone": "graveyard", "card": "Red Bear", "n": 1}},
          {"count": {"player": "you", "zone": "graveyard", "n": 0}}],
         [{"count": {"player": "you", "zone": "graveyard", "card": "Red Bear", "n": 1}}], "400.7")


def test_701_15_regeneration_replaces_destruction():
    """701.15a: the regeneration shield replaces the destruction — tapped, damage removed, stays."""
    zones = {"you": {"battlefield": ["Troll"]}}
    twin(zones, [{"damage": {"to": "Troll", "n": 2}}],
         [{"zone": {"card": "Troll", "zone": "battlefield"}}, {"tapped": {"card": "Troll", "value": True}},
          {"damage": {"card": "Troll", "n": 0}}],
         [{"zone": {"card": "Troll", "zone": "graveyard"}}], "701.15")


def test_702_16e_damage_from_a_source_with_the_quality_is_prevented():
    zones = {"you": {"battlefield": ["Red Giant"]}, "opponent": {"battlefield": ["Pro Red"]}}
    twin(zones, [{"attack": ["Red Giant"]}, {"block": {"Pro Red": "Red Giant"}}, {"advance": {"turn": 1, "step": "main2"}}],
         [{"zone": {"card": "Pro Red", "zone": "battlefield"}}, {"damage": {"card": "Pro Red", "n": 0}},
          {"damage": {"card": "Red Giant", "n": 2}}],
         [{"zone": {"card": "Pro Red", "zone": "graveyard"}}], "615")


def test_702_16f_cannot_be_blocked_by_a_creature_with_the_quality():
    zones = {"you": {"battlefield": ["Pro Red"]}, "opponent": {"battlefield": ["Red Bear"]}}
    r = run(zones, [{"attack": ["Pro Red"]}], [{"allowed": {"action": {"block": {"Red Bear": "Pro Red"}}, "value": False}}])
    assert r.passed, (r.checks, r.error)
    w = run(zones, [{"attack": ["Pro Red"]}], [{"allowed": {"action": {"block": {"Red Bear": "Pro Red"}}, "value": True}}])
    assert not w.passed


def test_702_16d_an_equipment_with_the_quality_becomes_unattached():
    """702.16d / 704.5n: an Equipment attached to a creature with protection from artifacts falls off and stays
    on the battlefield."""
    zones = {"you": {"battlefield": ["Pro Artifacts", {"card": "Gear", "attached_to": "Pro Artifacts"}]}}
    twin(zones, [{"resolve": "all"}],
         [{"attached": {"card": "Gear", "to": "Pro Artifacts", "value": False}}, {"zone": {"card": "Gear", "zone": "battlefield"}}],
         [{"attached": {"card": "Gear", "to": "Pro Artifacts", "value": True}}], "704.5n")


def test_704_5n_an_equipment_on_a_creature_without_protection_stays():
    r = run({"you": {"battlefield": ["Red Bear", {"card": "Gear", "attached_to": "Red Bear"}]}}, [{"resolve": "all"}],
            [{"attached": {"card": "Gear", "to": "Red Bear", "value": True}}])
    assert r.passed, r.checks


def test_302_6_summoning_sickness_is_only_for_creatures():
    """302.6: a creature put onto the battlefield this turn can't use {T}; an artifact put there this turn can."""
    put = [{"put": {"cards": ["Tapper", "Tapping Creature"], "zone": "battlefield", "player": "you"}}]
    right = [{"allowed": {"action": {"activate": "Tapper", "ability": 1}, "value": True}},
             {"allowed": {"action": {"activate": "Tapping Creature", "ability": 1}, "value": False}}]
    r = run({"you": {}}, put, right)
    assert r.passed, (r.checks, r.error)
    wrong = [{"allowed": {"action": {"activate": "Tapper", "ability": 1}, "value": False}}]
    assert not run({"you": {}}, put, wrong).passed


def test_702_15_lifelink_counts_any_damage_not_only_combat():
    """702.15b: damage dealt by a source with lifelink causes its controller to gain that much life — combat
    damage to a blocker and to a player alike."""
    zones = {"you": {"battlefield": ["Linker"]}, "opponent": {"battlefield": ["Wall"]}}
    twin(zones, [{"attack": ["Linker"]}, {"block": {"Wall": "Linker"}}, {"advance": {"turn": 1, "step": "main2"}}],
         [{"life": {"you": 22}}], [{"life": {"you": 20}}], "702.15")


def test_510_4_first_strike_damage_step_kills_before_regular_damage():
    zones = {"you": {"battlefield": ["Striker"]}, "opponent": {"battlefield": ["Red Bear"]}}
    log = twin(zones, [{"attack": ["Striker"]}, {"block": {"Red Bear": "Striker"}}, {"advance": {"turn": 1, "step": "main2"}}],
               [{"zone": {"card": "Striker", "zone": "battlefield"}}, {"zone": {"card": "Red Bear", "zone": "graveyard"}}],
               [{"zone": {"card": "Striker", "zone": "graveyard"}}])
    steps = [i for i, line in enumerate(log) if line.startswith("510.2")]
    died = next(i for i, line in enumerate(log) if line.startswith("704.5g"))
    assert len(steps) == 2 and steps[0] < died < steps[1], log      # two damage steps; the blocker dies in the first


def test_702_19c_trample_with_deathtouch_assigns_one_as_lethal():
    """702.19c + 702.2c: with deathtouch, 1 damage is lethal for the blocker, the rest tramples over."""
    zones = {"you": {"battlefield": ["Trampler", "Plain Trampler"]}, "opponent": {"battlefield": ["Wall", "Wall"]}}
    acts = [{"attack": ["Trampler", "Plain Trampler"]}, {"block": {"Wall": "Trampler", "Wall#2": "Plain Trampler"}},
            {"advance": {"turn": 1, "step": "main2"}}]
    twin(zones, acts, [{"life": {"opponent": 18}}, {"zone": {"card": "Wall", "zone": "graveyard"}},
                       {"zone": {"card": "Wall#2", "zone": "battlefield"}}],
         [{"life": {"opponent": 20}}])
