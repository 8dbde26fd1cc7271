"""Combat trigger events and filters (issue 21, group ek; engine/game/mechanics/combat_triggers.py), one play-out
per mechanic, each failing if its handler did nothing: "attacks and isn't blocked" (509.1h), "whenever you attack
with N or more creatures" (508.3a), "deals combat damage" and "… to a player or planeswalker" (510.2),
"creature blocking ~" and "creature attacking you" filters."""
from __future__ import annotations

import engine.game  # noqa: F401 — the mechanics' registrations
from ek_common import BEAR, COMBAT, SMALL, face as _face, run
from family_honesty import assert_added_clause_rejected, assert_supported
from simrun import as_  # noqa: F401  (as_ is a fixture)

UNBLOCKED_DRAIN = {"triggers": [{"object": {"self": True}, "event": "unblocked", "targets": [],
                                 "effects": [{"lose_life": {"player": "defending_player", "n": 3}}]}]}


def test_unblocked_triggers_only_when_no_blocker_was_declared(as_):
    as_(BEAR, UNBLOCKED_DRAIN)
    after = [{"advance": {"turn": 3, "step": "end_combat"}}]
    run({"zones": {"you": {"battlefield": [BEAR]}, "opponent": {"battlefield": [SMALL]}},
         "actions": COMBAT + [{"attack": [BEAR], "defender": "opponent"}] + after,
         "expect": [{"life": {"opponent": 20 - 3 - 2}}]})
    run({"zones": {"you": {"battlefield": [BEAR]}, "opponent": {"battlefield": [SMALL]}},
         "actions": COMBAT + [{"attack": [BEAR], "defender": "opponent"}, {"block": {SMALL: BEAR}}] + after,
         "expect": [{"life": {"opponent": 20}}]})


def test_unblocked_with_blocks_declared_for_another_attacker(as_):
    as_(BEAR, UNBLOCKED_DRAIN)
    run({"zones": {"you": {"battlefield": [BEAR, SMALL]}, "opponent": {"battlefield": [SMALL]}},
         "actions": COMBAT + [{"attack": [BEAR, SMALL], "defender": "opponent"},
                              {"block": {f"{SMALL}#2": SMALL}}, {"resolve": "all"}],
         "expect": [{"life": {"opponent": 17}}]})


def test_whenever_you_attack_with_three_or_more(as_):
    as_(BEAR, {"triggers": [{"event": "attack_3", "whose": "you", "targets": [], "effects": [{"draw": 1}]}]})
    lib = {"library": ["Island"] * 5}          # (one is drawn in the draw step)
    run({"zones": {"you": {"battlefield": [BEAR, SMALL, SMALL], **lib}},
         "actions": COMBAT + [{"attack": [BEAR, f"{SMALL}#1", f"{SMALL}#2"], "defender": "opponent"},
                              {"resolve": "all"}],
         "expect": [{"count": {"player": "you", "zone": "hand", "n": 2}}]})
    run({"zones": {"you": {"battlefield": [BEAR, SMALL, SMALL], **lib}},
         "actions": COMBAT + [{"attack": [BEAR, f"{SMALL}#1"], "defender": "opponent"}, {"resolve": "all"}],
         "expect": [{"count": {"player": "you", "zone": "hand", "n": 1}}]})


def test_deals_combat_damage_triggers_once_with_the_total(as_):
    as_(BEAR, {"triggers": [{"object": {"self": True}, "event": "combat_damage", "targets": [],
                             "effects": [{"gain_life": "event:amount"}]}]})
    run({"zones": {"you": {"battlefield": [BEAR]}},
         "actions": COMBAT + [{"attack": [BEAR], "defender": "opponent"},
                              {"advance": {"turn": 3, "step": "end_combat"}}],
         "expect": [{"life": {"you": 22}}]})
    run({"zones": {"you": {"battlefield": [BEAR]}, "opponent": {"battlefield": [SMALL]}},   # to a creature too
         "actions": COMBAT + [{"attack": [BEAR], "defender": "opponent"}, {"block": {SMALL: BEAR}},
                              {"advance": {"turn": 3, "step": "end_combat"}}],
         "expect": [{"life": {"you": 22}}]})


def test_combat_damage_to_a_player_or_planeswalker(as_):
    as_(BEAR, {"triggers": [{"object": {"self": True}, "event": "combat_damage_player_or_planeswalker",
                             "targets": [], "effects": [{"gain_life": 4}]}]})
    run({"zones": {"you": {"battlefield": [BEAR]}},
         "actions": COMBAT + [{"attack": [BEAR], "defender": "opponent"},
                              {"advance": {"turn": 3, "step": "end_combat"}}],
         "expect": [{"life": {"you": 24}}]})
    run({"zones": {"you": {"battlefield": [BEAR]}, "opponent": {"battlefield": [SMALL]}},   # a creature: no
         "actions": COMBAT + [{"attack": [BEAR], "defender": "opponent"}, {"block": {SMALL: BEAR}},
                              {"advance": {"turn": 3, "step": "end_combat"}}],
         "expect": [{"life": {"you": 20}}]})


def test_destroy_target_creature_blocking_self(as_):
    as_(BEAR, {"activated": [{"cost": "{0}", "targets": [{"kind": "creature", "filter": {"blocking_self": True}}],
                              "effects": [{"destroy": "target"}]}]})
    run({"zones": {"you": {"battlefield": [BEAR]}, "opponent": {"battlefield": [SMALL]}},
         "actions": COMBAT + [{"attack": [BEAR], "defender": "opponent"}, {"block": {SMALL: BEAR}},
                              {"activate": BEAR, "targets": [SMALL]}, {"resolve": "all"}],
         "expect": [{"zone": {"card": SMALL, "zone": "graveyard"}}]})
    run({"zones": {"you": {"battlefield": [BEAR, SMALL]}, "opponent": {"battlefield": [SMALL]}},
         "actions": COMBAT + [{"attack": [BEAR, f"{SMALL}#1"], "defender": "opponent"},
                              {"block": {f"{SMALL}#2": f"{SMALL}#1"}},
                              {"activate": BEAR, "targets": [f"{SMALL}#2"]}, {"resolve": "all"}]},
        passed=False)                                  # it blocks another attacker: not a legal target


def test_creatures_attacking_you_counted(as_):
    as_(SMALL, {"activated": [{"cost": "{0}", "targets": [], "effects": [
        {"gain_life": {"count": {"types": ["Creature"], "attacking_you": True}, "times": 3}}]}]})
    run({"zones": {"you": {"battlefield": [BEAR, BEAR]}, "opponent": {"battlefield": [SMALL]}},
         "actions": COMBAT + [{"attack": [f"{BEAR}#1", f"{BEAR}#2"], "defender": "opponent"},
                              {"activate": SMALL, "by": "opponent"}, {"resolve": "all"}],
         "expect": [{"life": {"opponent": 26}}]})


def test_the_lines_compile_and_an_added_clause_is_rejected():
    for line in ("Whenever ~ attacks and isn't blocked, defending player loses 2 life.",
                 "Whenever you attack with three or more creatures, draw a card.",
                 "Whenever ~ deals combat damage, you gain that much life.",
                 "Whenever ~ deals combat damage to a player or planeswalker, draw a card."):
        assert_supported(_face(line))
        assert_added_clause_rejected(_face, line)


def test_damage_to_each_creature_blocking_it(as_):
    as_(BEAR, {"triggers": [{"object": {"self": True}, "event": "becomes_blocked", "targets": [], "effects": [
        {"damage": {"n": 1, "to": "each", "filter": {"types": ["Creature"], "blocking_ref": "blocking:self"}}}]}]})
    run({"zones": {"you": {"battlefield": [BEAR, SMALL]}, "opponent": {"battlefield": [SMALL, SMALL]}},
         "actions": COMBAT + [{"attack": [BEAR, f"{SMALL}#1"], "defender": "opponent"},
                              {"block": {f"{SMALL}#2": BEAR, f"{SMALL}#3": f"{SMALL}#1"}}, {"resolve": "all"}],
         "expect": [{"zone": {"card": f"{SMALL}#2", "zone": "graveyard"}},
                    {"zone": {"card": f"{SMALL}#3", "zone": "battlefield"}}]})


def test_when_it_dies_the_creatures_it_fought_are_looked_back_at(as_):
    as_(BEAR, {"triggers": [{"object": {"self": True}, "event": "dies", "targets": [], "effects": [
        {"destroy_all": {"types": ["Creature"], "blocking_ref": "blocking_or_blocked_by:self"}}]}]})
    big = "Craw Wurm"
    run({"zones": {"you": {"battlefield": [BEAR]}, "opponent": {"battlefield": [big, SMALL]}},
         "actions": COMBAT + [{"attack": [BEAR], "defender": "opponent"}, {"block": {big: BEAR}},
                              {"advance": {"turn": 3, "step": "end_combat"}}, {"resolve": "all"}],
         "expect": [{"zone": {"card": BEAR, "zone": "graveyard"}}, {"zone": {"card": big, "zone": "graveyard"}},
                    {"zone": {"card": SMALL, "zone": "battlefield"}}]})


# ---------------------------------------------------------------- 510.1a / 510.1c: how combat damage is assigned
def test_assign_combat_damage_as_though_it_werent_blocked(as_):
    as_(BEAR, {"keywords": ["damage_as_unblocked"]})
    acts = COMBAT + [{"attack": [BEAR], "defender": "opponent"}, {"block": {SMALL: BEAR}}]
    board = {"you": {"battlefield": [BEAR]}, "opponent": {"battlefield": [SMALL]}}
    run({"zones": board, "actions": acts + [{"choose": {"may": "yes"}}, {"advance": {"turn": 3, "step": "end_combat"}}],
         "expect": [{"life": {"opponent": 18}}, {"zone": {"card": SMALL, "zone": "battlefield"}},
                    {"damage": {"card": BEAR, "n": 1}}]})
    run({"zones": board, "actions": acts + [{"choose": {"may": "no"}}, {"advance": {"turn": 3, "step": "end_combat"}}],
         "expect": [{"life": {"opponent": 20}}, {"zone": {"card": SMALL, "zone": "graveyard"}}]})


def test_each_creature_you_control_assigns_damage_by_toughness(as_):
    as_(SMALL, {"statics": [{"layer": 6, "affected": {"types": ["Creature"], "controller": "you"},
                             "grant": ["damage_by_toughness"]}]})
    wurm = "Craw Wurm"                                  # 6/4: assigns 4
    run({"zones": {"you": {"battlefield": [wurm, SMALL]}},
         "actions": COMBAT + [{"attack": [wurm], "defender": "opponent"}, {"advance": {"turn": 3, "step": "end_combat"}}],
         "expect": [{"life": {"opponent": 16}}]})
    run({"zones": {"you": {"battlefield": [wurm]}, "opponent": {"battlefield": [SMALL]}},    # not yours: power
         "actions": COMBAT + [{"attack": [wurm], "defender": "opponent"}, {"advance": {"turn": 3, "step": "end_combat"}}],
         "expect": [{"life": {"opponent": 14}}]})
    for line in ("Each creature you control assigns combat damage equal to its toughness rather than its power.",
                 "You may have ~ assign its combat damage as though it weren't blocked."):
        assert_supported(_face(line))
        assert_added_clause_rejected(_face, line)
