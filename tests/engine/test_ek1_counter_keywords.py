"""Numbered keywords of permanents built on counters (issue 21, group ek1; engine/game/mechanics/counter_keywords.py),
one scenario per mechanic, each failing if its handler did nothing: modular 702.43, graft 702.58, fabricate 702.123,
renown 702.112, bloodthirst 702.54, afterlife 702.135, fading 702.32, vanishing 702.63."""
from __future__ import annotations


import engine
import engine.game  # noqa: F401 — the mechanics' registrations
from engine.cardbase import Card, CardTable
from simrun import as_, run_on  # noqa: F401  (as_ is a fixture)

BEAR = "Grizzly Bears"          # a vanilla 2/2 given the keyword under test (behaviours.register)
ORN = "Modular Bot"             # a 0/0 artifact creature given modular N
BOT = "Plain Bot"               # a vanilla 1/1 artifact creature
TABLE = CardTable(list(CardTable.bundled()) + [
    Card(name=ORN, cost="{2}", types=["Artifact", "Creature"], power="0", toughness="0", has_text=True),
    Card(name=BOT, cost="{1}", types=["Artifact", "Creature"], power="1", toughness="1"),
    Card(name="Other Bear", cost="{1}{G}", colors="G", types=["Creature"], subtypes=["Bear"], power="2", toughness="2")])


def run(s):
    return run_on(TABLE, s)


def test_modular_enters_with_counters_and_moves_them_on_death(as_):
    as_(ORN, {"modular": 2})
    run({"zones": {"you": {"hand": [ORN]}}, "actions": [{"cast": ORN}, {"resolve": "all"}],
         "expect": [{"counters": {"card": ORN, "kind": "+1/+1", "n": 2}},
                    {"pt": {"card": ORN, "power": 2, "toughness": 2}}]})


def test_modular_dies_trigger_puts_counters_on_target_artifact_creature(as_):
    as_(ORN, {"modular": 3})
    run({"zones": {"you": {"battlefield": [{"card": ORN, "counters": {"+1/+1": 3}}, BOT]}},
         "actions": [{"choose": {"may": "yes", "targets": [BOT]}}, {"destroy": ORN}, {"resolve": "all"}],
         "expect": [{"counters": {"card": BOT, "kind": "+1/+1", "n": 3}},
                    {"zone": {"card": ORN, "zone": "graveyard"}}]})
    run({"zones": {"you": {"battlefield": [{"card": ORN, "counters": {"+1/+1": 3}}, BOT]}},
         "actions": [{"choose": {"may": "no", "targets": [BOT]}}, {"destroy": ORN}, {"resolve": "all"}],
         "expect": [{"counters": {"card": BOT, "kind": "+1/+1", "n": 0}}]})


def test_graft_enters_with_counters_and_moves_one_to_an_entering_creature(as_):
    as_(BEAR, {"graft": 2})
    run({"zones": {"you": {"hand": [BEAR, BOT]}},
         "actions": [{"cast": BEAR}, {"resolve": "all"}, {"choose": {"may": "yes"}}, {"cast": BOT},
                     {"resolve": "all"}],
         "expect": [{"counters": {"card": BEAR, "kind": "+1/+1", "n": 1}},
                    {"counters": {"card": BOT, "kind": "+1/+1", "n": 1}},
                    {"pt": {"card": BOT, "power": 2, "toughness": 2}}]})


def test_fabricate_counters_or_servos(as_):
    as_(BEAR, {"fabricate": 2})
    run({"zones": {"you": {"hand": [BEAR]}},
         "actions": [{"cast": BEAR}, {"choose": {"may": "yes"}}, {"resolve": "all"}],
         "expect": [{"counters": {"card": BEAR, "kind": "+1/+1", "n": 2}},
                    {"count": {"player": "you", "zone": "battlefield", "token": True, "n": 0}}]})
    run({"zones": {"you": {"hand": [BEAR]}},
         "actions": [{"cast": BEAR}, {"choose": {"may": "no"}}, {"resolve": "all"}],
         "expect": [{"counters": {"card": BEAR, "kind": "+1/+1", "n": 0}},
                    {"count": {"player": "you", "zone": "battlefield", "token": True, "n": 2}}]})


def test_renown_once_on_combat_damage_to_a_player(as_):
    as_(BEAR, {"renown": 1})
    attack = [{"advance": {"turn": 3, "step": "declare_attackers"}}, {"attack": [BEAR], "defender": "opponent"},
              {"resolve": "all"}, {"advance": {"turn": 3, "step": "end"}}]
    again = [{"advance": {"turn": 5, "step": "declare_attackers"}}, {"attack": [BEAR], "defender": "opponent"},
             {"resolve": "all"}, {"advance": {"turn": 5, "step": "end"}}]
    run({"zones": {"you": {"battlefield": [BEAR]}}, "actions": attack + again,
         "expect": [{"counters": {"card": BEAR, "kind": "+1/+1", "n": 1}}, {"life": {"opponent": 15}},
                    {"triggered": {"source": BEAR, "times": 1}}]})


def test_bloodthirst_needs_an_opponent_dealt_damage_this_turn(as_):
    as_(BEAR, {"bloodthirst": 2})
    run({"zones": {"you": {"hand": [BEAR]}},
         "actions": [{"damage": {"to": "opponent", "n": 1}}, {"cast": BEAR}, {"resolve": "all"}],
         "expect": [{"counters": {"card": BEAR, "kind": "+1/+1", "n": 2}}]})
    run({"zones": {"you": {"hand": [BEAR]}},
         "actions": [{"damage": {"to": "you", "n": 1}}, {"cast": BEAR}, {"resolve": "all"}],
         "expect": [{"counters": {"card": BEAR, "kind": "+1/+1", "n": 0}}]})


def test_afterlife_creates_flying_spirits_when_it_dies(as_):
    as_(BEAR, {"afterlife": 2})
    run({"zones": {"you": {"battlefield": [BEAR]}},
         "actions": [{"destroy": BEAR}, {"resolve": "all"}],
         "expect": [{"count": {"player": "you", "zone": "battlefield", "token": True, "n": 2}}]})


def test_fading_removes_a_counter_each_upkeep_then_sacrifices(as_):
    as_(BEAR, {"fading": 1})
    run({"zones": {"you": {"hand": [BEAR]}},
         "actions": [{"cast": BEAR}, {"resolve": "all"},
                     {"expect": [{"counters": {"card": BEAR, "kind": "fade", "n": 1}}]},
                     {"advance": {"turn": 3, "step": "draw"}},
                     {"expect": [{"counters": {"card": BEAR, "kind": "fade", "n": 0}},
                                 {"zone": {"card": BEAR, "zone": "battlefield"}}]},
                     {"advance": {"turn": 5, "step": "draw"}}],
         "expect": [{"zone": {"card": BEAR, "zone": "graveyard"}}]})


def test_vanishing_sacrifices_when_the_last_time_counter_is_removed(as_):
    as_(BEAR, {"vanishing": 2})
    run({"zones": {"you": {"hand": [BEAR]}},
         "actions": [{"cast": BEAR}, {"resolve": "all"},
                     {"advance": {"turn": 3, "step": "draw"}},
                     {"expect": [{"counters": {"card": BEAR, "kind": "time", "n": 1}},
                                 {"zone": {"card": BEAR, "zone": "battlefield"}}]},
                     {"advance": {"turn": 5, "step": "draw"}}],
         "expect": [{"zone": {"card": BEAR, "zone": "graveyard"}}]})


def test_devour_sacrifices_and_counts(as_):
    as_(BEAR, {"devour": 2})
    run({"zones": {"you": {"hand": [BEAR], "battlefield": [BOT, BOT, BOT]}},
         "actions": [{"choose": {"card": [BOT, BOT]}}, {"cast": BEAR}, {"resolve": "all"}],
         "expect": [{"counters": {"card": BEAR, "kind": "+1/+1", "n": 4}},
                    {"count": {"player": "you", "zone": "graveyard", "n": 2}},
                    {"count": {"player": "you", "zone": "battlefield", "card": BOT, "n": 1}}]})
    run({"zones": {"you": {"hand": [BEAR], "battlefield": [BOT]}},
         "actions": [{"choose": {"card": []}}, {"cast": BEAR}, {"resolve": "all"}],
         "expect": [{"counters": {"card": BEAR, "kind": "+1/+1", "n": 0}}, {"zone": {"card": BOT, "zone": "battlefield"}}]})


def test_amplify_counts_revealed_cards_sharing_a_creature_type(as_):
    as_(BEAR, {"amplify": 1})                      # Grizzly Bears is a Bear; Other Bear too, Forest is not
    run({"zones": {"you": {"hand": [BEAR, BEAR, "Other Bear", "Forest"]}},
         "actions": [{"choose": {"card": [BEAR, "Other Bear"]}}, {"cast": BEAR}, {"resolve": "all"}],
         "expect": [{"counters": {"card": BEAR, "kind": "+1/+1", "n": 2}}]})
    r = engine.simulate({"zones": {"you": {"hand": [BEAR, "Other Bear", "Forest"]}},
                         "actions": [{"choose": {"card": ["Forest"]}}, {"cast": BEAR}, {"resolve": "all"}]},
                        cards=TABLE)
    assert r.error and "not a legal choice" in r.error
