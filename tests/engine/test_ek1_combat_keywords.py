"""Keywords of combat (issue 21, group ek1; engine/game/mechanics/combat_keywords.py), one scenario per mechanic,
each failing if its handler did nothing: battle cry 702.91, dethrone 702.105, mentor 702.134, training 702.149,
melee 702.121, rampage 702.23, annihilator 702.86, ingest 702.115, skulk 702.118, decayed 702.147, unleash 702.98,
riot 702.136, nonbasic/legendary/desert landwalk 702.14."""
from __future__ import annotations

import pytest

import engine
import engine.game  # noqa: F401 — the mechanics' registrations
from engine.cardbase import Card, CardTable
from simrun import as_, run_on  # noqa: F401  (as_ is a fixture)

BEAR = "Grizzly Bears"          # a vanilla 2/2 given the keyword under test (behaviours.register)
BIG = "Big Bear"                # a vanilla 4/4
SMALL = "Small Bear"            # a vanilla 1/1
TABLE = CardTable(list(CardTable.bundled()) + [
    Card(name=BIG, cost="{3}", types=["Creature"], power="4", toughness="4"),
    Card(name=SMALL, cost="{1}", types=["Creature"], power="1", toughness="1"),
    Card(name="Nonbasic Place", types=["Land"]),
    Card(name="Old Keep", types=["Land"], supertypes=["Legendary"]),
    Card(name="Dune", types=["Land"], subtypes=["Desert"])])
COMBAT = [{"advance": {"turn": 3, "step": "declare_attackers"}}]


def run(s, passed=True):
    return run_on(TABLE, s, passed)


def attack(*names, **kw):
    return COMBAT + [{"attack": list(names), "defender": "opponent"}, {"resolve": "all"}]


def test_battle_cry_pumps_each_other_attacker(as_):
    as_(BEAR, {"keywords": ["battle_cry"]})
    run({"zones": {"you": {"battlefield": [BEAR, SMALL]}}, "actions": attack(BEAR, SMALL),
         "expect": [{"pt": {"card": SMALL, "power": 2, "toughness": 1}},
                    {"pt": {"card": BEAR, "power": 2, "toughness": 2}}]})


def test_dethrone_only_against_the_player_with_the_most_life(as_):
    as_(BEAR, {"keywords": ["dethrone"]})
    run({"zones": {"you": {"battlefield": [BEAR]}}, "actions": attack(BEAR),
         "expect": [{"counters": {"card": BEAR, "kind": "+1/+1", "n": 1}}]})
    run({"life": {"opponent": 10}, "zones": {"you": {"battlefield": [BEAR]}}, "actions": attack(BEAR),
         "expect": [{"counters": {"card": BEAR, "kind": "+1/+1", "n": 0}}]})


def test_mentor_counters_an_attacker_with_lesser_power(as_):
    as_(BEAR, {"keywords": ["mentor"]})
    run({"zones": {"you": {"battlefield": [BEAR, SMALL]}},
         "actions": COMBAT + [{"choose": {"targets": [SMALL]}}, {"attack": [BEAR, SMALL], "defender": "opponent"},
                              {"resolve": "all"}],
         "expect": [{"counters": {"card": SMALL, "kind": "+1/+1", "n": 1}}]})
    run({"zones": {"you": {"battlefield": [BEAR, BIG]}},
         "actions": COMBAT + [{"attack": [BEAR, BIG], "defender": "opponent"}, {"resolve": "all"}],
         "expect": [{"counters": {"card": BIG, "kind": "+1/+1", "n": 0}}]})


def test_training_needs_a_fellow_attacker_with_greater_power(as_):
    as_(BEAR, {"keywords": ["training"]})
    run({"zones": {"you": {"battlefield": [BEAR, BIG]}}, "actions": attack(BEAR, BIG),
         "expect": [{"counters": {"card": BEAR, "kind": "+1/+1", "n": 1}}]})
    run({"zones": {"you": {"battlefield": [BEAR, SMALL]}}, "actions": attack(BEAR, SMALL),
         "expect": [{"counters": {"card": BEAR, "kind": "+1/+1", "n": 0}}]})


def test_melee_pumps_for_the_opponent_attacked(as_):
    as_(BEAR, {"keywords": ["melee"]})
    run({"zones": {"you": {"battlefield": [BEAR]}}, "actions": attack(BEAR),
         "expect": [{"pt": {"card": BEAR, "power": 3, "toughness": 3}}]})


def test_rampage_counts_blockers_beyond_the_first(as_):
    as_(BEAR, {"rampage": 2})
    run({"zones": {"you": {"battlefield": [BEAR]}, "opponent": {"battlefield": [SMALL, SMALL, SMALL]}},
         "actions": attack(BEAR) + [{"block": {f"{SMALL}#1": BEAR, f"{SMALL}#2": BEAR, f"{SMALL}#3": BEAR}},
                                    {"resolve": "all"},
                                    {"expect": [{"pt": {"card": BEAR, "power": 6, "toughness": 6}}]}]})


def test_annihilator_makes_the_defending_player_sacrifice(as_):
    as_(BEAR, {"annihilator": 2})
    run({"zones": {"you": {"battlefield": [BEAR]}, "opponent": {"battlefield": [SMALL, BIG, "Forest"]}},
         "actions": COMBAT + [{"choose": {"card": SMALL}, "by": "opponent"}, {"choose": {"card": "Forest"}, "by": "opponent"},
                              {"attack": [BEAR], "defender": "opponent"}, {"resolve": "all"}],
         "expect": [{"count": {"player": "opponent", "zone": "battlefield", "n": 1}},
                    {"zone": {"card": BIG, "zone": "battlefield"}}]})


def test_ingest_exiles_the_top_card_of_the_damaged_player(as_):
    as_(BEAR, {"keywords": ["ingest"]})
    run({"zones": {"you": {"battlefield": [BEAR]}, "opponent": {"library": ["Forest", "Island"]}},
         "actions": attack(BEAR) + [{"advance": {"turn": 3, "step": "end_combat"}}],
         "expect": [{"count": {"player": "opponent", "zone": "exile", "n": 1}}]})


def test_skulk_cant_be_blocked_by_greater_power(as_):
    as_(BEAR, {"keywords": ["skulk"]})
    base = {"zones": {"you": {"battlefield": [BEAR]}, "opponent": {"battlefield": [BIG, SMALL]}}}
    run(dict(base, actions=attack(BEAR) + [
        {"expect": [{"illegal": {"action": {"block": {BIG: BEAR}}}}]}, {"block": {SMALL: BEAR}}]))


def test_decayed_cant_block_and_is_sacrificed_after_attacking(as_):
    as_(BEAR, {"keywords": ["decayed"]})
    run({"zones": {"you": {"battlefield": [BEAR]}},
         "actions": attack(BEAR) + [{"advance": {"turn": 3, "step": "main2"}}],
         "expect": [{"zone": {"card": BEAR, "zone": "graveyard"}}, {"life": {"opponent": 18}}]})
    run({"zones": {"you": {"battlefield": [SMALL]}, "opponent": {"battlefield": [BEAR]}},
         "actions": attack(SMALL) + [{"expect": [{"illegal": {"action": {"block": {BEAR: SMALL}}}}]}]})


def test_unleash_counter_and_no_blocking(as_):
    as_(BEAR, {"keywords": ["unleash"]})
    run({"zones": {"you": {"hand": [BEAR]}},
         "actions": [{"choose": {"may": "yes"}}, {"cast": BEAR}, {"resolve": "all"}],
         "expect": [{"counters": {"card": BEAR, "kind": "+1/+1", "n": 1}}]})
    run({"zones": {"opponent": {"hand": [BEAR]}, "you": {"battlefield": [SMALL]}},
         "actions": [{"advance": {"turn": 2, "step": "main1"}}, {"choose": {"may": "yes"}, "by": "opponent"},
                     {"cast": BEAR, "by": "opponent"},
                     {"resolve": "all"}] + attack(SMALL) + [
                    {"expect": [{"illegal": {"action": {"block": {BEAR: SMALL}}}}]}]})
    run({"zones": {"opponent": {"hand": [BEAR]}, "you": {"battlefield": [SMALL]}},
         "actions": [{"advance": {"turn": 2, "step": "main1"}}, {"choose": {"may": "no"}, "by": "opponent"},
                     {"cast": BEAR, "by": "opponent"},
                     {"resolve": "all"}] + attack(SMALL) + [{"block": {BEAR: SMALL}}]})


def test_riot_counter_or_haste(as_):
    as_(BEAR, {"keywords": ["riot"]})
    run({"zones": {"you": {"hand": [BEAR]}},
         "actions": [{"advance": {"turn": 3, "step": "main1"}}, {"choose": {"may": "no"}}, {"cast": BEAR},
                     {"resolve": "all"}] + attack(BEAR),
         "expect": [{"counters": {"card": BEAR, "kind": "+1/+1", "n": 0}},
                    {"has_ability": {"card": BEAR, "ability": "haste", "value": True}}]})
    run({"zones": {"you": {"hand": [BEAR]}},
         "actions": [{"choose": {"may": "yes"}}, {"cast": BEAR}, {"resolve": "all"}],
         "expect": [{"counters": {"card": BEAR, "kind": "+1/+1", "n": 1}},
                    {"has_ability": {"card": BEAR, "ability": "haste", "value": False}}]})


@pytest.mark.parametrize("kw,land", [("nonbasic_landwalk", "Nonbasic Place"), ("legendary_landwalk", "Old Keep"),
                                     ("desertwalk", "Dune")])
def test_landwalks(as_, kw, land):
    as_(BEAR, {"keywords": [kw]})
    run({"zones": {"you": {"battlefield": [BEAR]}, "opponent": {"battlefield": [SMALL, land]}},
         "actions": attack(BEAR) + [{"expect": [{"illegal": {"action": {"block": {SMALL: BEAR}}}}]}]})
    run({"zones": {"you": {"battlefield": [BEAR]}, "opponent": {"battlefield": [SMALL, "Forest"]}},
         "actions": attack(BEAR) + [{"block": {SMALL: BEAR}}]})


def test_granted_keyword_abilities_trigger(as_):
    """613.1f: a keyword ability granted by a static (here flanking and prowess) triggers like a printed one
    (engine/game/triggers.py triggers_of)."""
    as_(BIG, {"statics": [{"layer": 6, "affected": {"types": ["Creature"], "controller": "you"},
                           "grant": ["flanking", "prowess"]}]})
    run({"zones": {"you": {"battlefield": [BEAR, BIG]}, "opponent": {"battlefield": [SMALL]}},
         "actions": attack(BEAR) + [{"block": {SMALL: BEAR}}, {"resolve": "all"}],
         "expect": [{"zone": {"card": SMALL, "zone": "graveyard"}}]})
    as_("Annul", {"spell": {"targets": [], "effects": []}})
    run({"zones": {"you": {"battlefield": [BEAR, BIG], "hand": ["Annul"]}},
         "actions": [{"choose": {"order": [f"{BEAR}: prowess", f"{BIG}: prowess"]}}, {"cast": "Annul"}, {"resolve": "all"}],
         "expect": [{"pt": {"card": BEAR, "power": 3, "toughness": 3}}]})


def test_myriad_copies_attack_the_other_opponents_and_leave_at_end_of_combat(as_):
    as_(BEAR, {"keywords": ["myriad"]})
    base = {"players": ["you", "opponent", "third"], "zones": {"you": {"battlefield": [BEAR]}}}
    run(dict(base, actions=[{"advance": {"turn": 4, "step": "declare_attackers"}}, {"choose": {"may": "yes"}}, {"attack": [BEAR], "defender": "opponent"},
                                     {"resolve": "all"}, {"advance": {"turn": 4, "step": "main2"}}],
             expect=[{"life": {"opponent": 18, "third": 18}},
                     {"count": {"player": "you", "zone": "battlefield", "token": True, "n": 0}}]))
    run(dict(base, actions=[{"advance": {"turn": 4, "step": "declare_attackers"}}, {"choose": {"may": "no"}}, {"attack": [BEAR], "defender": "opponent"},
                                     {"resolve": "all"}, {"advance": {"turn": 4, "step": "main2"}}],
             expect=[{"life": {"opponent": 18, "third": 20}}]))


def test_granted_riot_applies_as_the_creature_enters(as_):
    """614.12: a creature that would enter with riot granted by another permanent ("creatures you control have riot")
    makes the riot choice as it enters."""
    as_(BIG, {"statics": [{"layer": 6, "affected": {"types": ["Creature"], "controller": "you"}, "grant": ["riot"]}]})
    run({"zones": {"you": {"battlefield": [BIG], "hand": [SMALL]}},
         "actions": [{"choose": {"may": "yes"}}, {"cast": SMALL}, {"resolve": "all"}],
         "expect": [{"counters": {"card": SMALL, "kind": "+1/+1", "n": 1}}]})
