"""Fight with its two creatures named (701.14) and blocking requirements of effects (509.1c) (issue 21, group ek;
engine/game/effects/damage.py `fight`, engine/game/mechanics/block_requirements.py, compiler
engine/oracle/combat_ek.py): each play-out fails if the handler did nothing."""
from __future__ import annotations

import engine.game  # noqa: F401 — the mechanics' registrations
from engine.oracle.compile import compile_face
from ek_common import BEAR, BIG, COMBAT, SMALL, face as _face, run
from family_honesty import assert_added_clause_rejected, assert_supported
from simrun import as_  # noqa: F401  (as_ is a fixture)


def test_self_fights_up_to_one_target(as_):
    as_(BIG, {"activated": [{"cost": "{0}", "targets": [{"kind": "creature", "up_to": 1}],
                             "effects": [{"fight": {"a": "self", "b": "target"}}]}]})
    run({"zones": {"you": {"battlefield": [BIG]}, "opponent": {"battlefield": [BEAR]}},
         "actions": [{"activate": BIG, "targets": [BEAR]}, {"resolve": "all"}],
         "expect": [{"zone": {"card": BEAR, "zone": "graveyard"}}, {"damage": {"card": BIG, "n": 2}}]})
    run({"zones": {"you": {"battlefield": [BIG]}, "opponent": {"battlefield": [BEAR]}},   # no target chosen
         "actions": [{"activate": BIG, "targets": []}, {"resolve": "all"}],
         "expect": [{"zone": {"card": BEAR, "zone": "battlefield"}}, {"damage": {"card": BIG, "n": 0}}]})


def test_compiled_it_fights_after_a_pump():
    c = compile_face(_face("Target creature you control gets +2/+2 until end of turn. It fights target creature "
                           "you don't control.", ("Sorcery",)))
    assert c.supported and c.behaviour["spell"]["effects"][-1] == {"fight": "targets"}, c.behaviour
    c = compile_face(_face("When ~ enters the battlefield, you may have it fight target creature you don't "
                           "control."))
    assert c.supported and c.behaviour["triggers"][0]["effects"] == [{"fight": {"a": "self", "b": "target"}}]


def test_target_creature_blocks_self_if_able(as_):
    as_(BEAR, {"activated": [{"cost": "{0}", "targets": [{"kind": "creature"}],
                              "effects": [{"must_block": {"attacker": "self", "blocker": "target"}}]}]})
    board = {"you": {"battlefield": [BEAR]}, "opponent": {"battlefield": [BIG, SMALL]}}
    setup = [{"activate": BEAR, "targets": [BIG]}, {"resolve": "all"}]
    r = run({"zones": board, "actions": [{"advance": {"turn": 3, "step": "main1"}}] + setup + COMBAT +
             [{"attack": [BEAR], "defender": "opponent"}, {"block": {SMALL: BEAR}}]}, passed=False)
    assert "blocks Grizzly Bears this turn if able" in (r.error or ""), r.error
    run({"zones": board, "actions": [{"advance": {"turn": 3, "step": "main1"}}] + setup + COMBAT +
         [{"attack": [BEAR], "defender": "opponent"}, {"block": {BIG: BEAR}}, {"resolve": "all"},
          {"advance": {"turn": 3, "step": "end_combat"}}],
         "expect": [{"zone": {"card": BEAR, "zone": "graveyard"}}]})
    run({"zones": board, "actions": [{"advance": {"turn": 3, "step": "main1"}}] + COMBAT +     # no requirement
         [{"attack": [BEAR], "defender": "opponent"}, {"block": {SMALL: BEAR}}]})


def test_blocks_this_turn_if_able_any_attacker(as_):
    as_(BEAR, {"activated": [{"cost": "{0}", "targets": [{"kind": "creature"}],
                              "effects": [{"must_block": {"blocker": "target"}}]}]})
    r = run({"zones": {"you": {"battlefield": [BEAR]}, "opponent": {"battlefield": [SMALL]}},
             "actions": [{"advance": {"turn": 3, "step": "main1"}}, {"activate": BEAR, "targets": [SMALL]},
                         {"resolve": "all"}] + COMBAT + [{"attack": [BEAR], "defender": "opponent"},
                                                         {"block": {}}]},            # no block declared
            passed=False)
    assert "blocks this turn if able" in (r.error or ""), r.error


def test_lure_until_end_of_turn(as_):
    as_(SMALL, {"activated": [{"cost": "{0}", "targets": [{"kind": "creature"}],
                               "effects": [{"pump": {"affected": "target", "grant": ["all_must_block"]}}]}]})
    board = {"you": {"battlefield": [BEAR, SMALL]}, "opponent": {"battlefield": [BIG]}}
    pre = [{"advance": {"turn": 3, "step": "main1"}}, {"activate": SMALL, "targets": [BEAR]}, {"resolve": "all"}]
    run({"zones": board, "actions": pre + COMBAT + [{"attack": [BEAR, SMALL], "defender": "opponent"},
                                                    {"block": {BIG: SMALL}}]}, passed=False)
    run({"zones": board, "actions": pre + COMBAT + [{"attack": [BEAR, SMALL], "defender": "opponent"},
                                                    {"block": {BIG: BEAR}}]})


def test_the_lines_compile_and_an_added_clause_is_rejected():
    for line in ("{1}{G}: Target creature blocks ~ this turn if able.",
                 "When ~ enters the battlefield, you may have target creature block it this turn if able.",
                 "{2}{G}: All creatures able to block ~ this turn do so.",
                 "{2}: ~ fights another target creature."):
        assert_supported(_face(line))
        assert_added_clause_rejected(_face, line)
    c = compile_face(_face("Target creature blocks target creature this turn if able.", ("Instant",)))
    assert c.behaviour["spell"]["effects"] == [{"must_block": {"blocker": "target:0", "attacker": "target:1"}}]


# ---------------------------------------------------------------- 614.1a: "if it would die this turn, exile it instead"
def test_exile_instead_if_the_damaged_creature_would_die(as_):
    as_(SMALL, {"activated": [{"cost": "{0}", "targets": [{"kind": "creature"}],
                               "effects": [{"damage": {"n": 2, "to": "target"}}, {"exile_if_dies": "target"}]}]})
    run({"zones": {"you": {"battlefield": [SMALL]}, "opponent": {"battlefield": [BEAR]}},
         "actions": [{"activate": SMALL, "targets": [BEAR]}, {"resolve": "all"}],
         "expect": [{"zone": {"card": BEAR, "zone": "exile"}}]})
    run({"zones": {"you": {"battlefield": [SMALL]}, "opponent": {"battlefield": [BIG, BEAR]}},    # survives:
         "actions": [{"activate": SMALL, "targets": [BIG]}, {"resolve": "all"},                    # still this
                     {"destroy": BIG}, {"destroy": BEAR}],                                          # turn only it
         "expect": [{"zone": {"card": BIG, "zone": "exile"}}, {"zone": {"card": BEAR, "zone": "graveyard"}}]})
    run({"zones": {"you": {"battlefield": [SMALL]}, "opponent": {"battlefield": [BIG]}},        # the turn ended
         "actions": [{"activate": SMALL, "targets": [BIG]}, {"resolve": "all"},
                     {"advance": {"turn": 2, "step": "main1"}}, {"destroy": BIG}],
         "expect": [{"zone": {"card": BIG, "zone": "graveyard"}}]})


def test_exile_instead_each_creature_dealt_damage_this_way(as_):
    as_(SMALL, {"activated": [{"cost": "{0}", "targets": [], "effects": [
        {"damage": {"n": 3, "to": "each", "filter": {"types": ["Creature"], "controller": "opponent"}}},
        {"exile_if_dies": "damaged_this_way"}]}]})
    run({"zones": {"you": {"battlefield": [SMALL, BEAR]}, "opponent": {"battlefield": [BEAR]}},
         "actions": [{"activate": SMALL}, {"resolve": "all"}, {"destroy": f"{BEAR}#1"}],
         "expect": [{"zone": {"card": f"{BEAR}#2", "zone": "exile"}},
                    {"zone": {"card": f"{BEAR}#1", "zone": "graveyard"}}]})
    for line in ("~ deals 3 damage to each creature. If a creature dealt damage this way would die this turn, exile "
                 "it instead.", "~ deals 2 damage to target creature. If that creature would die this turn, exile "
                 "it instead."):
        assert_supported(_face(line, ("Sorcery",)))
        assert_added_clause_rejected(lambda t: _face(t, ("Sorcery",)), line)


# ---------------------------------------------------------------- 506.4 removed from combat, 701.15c no regeneration
def test_removed_from_combat_deals_and_takes_no_combat_damage(as_):
    as_(BEAR, {"triggers": [{"object": {"self": True}, "event": "becomes_blocked", "targets": [],
                             "effects": [{"untap": "self"}, {"remove_from_combat": "self"}]}]})
    run({"zones": {"you": {"battlefield": [BEAR]}, "opponent": {"battlefield": [BIG]}},
         "actions": COMBAT + [{"attack": [BEAR], "defender": "opponent"}, {"block": {BIG: BEAR}},
                              {"resolve": "all"}, {"advance": {"turn": 3, "step": "end_combat"}}],
         "expect": [{"zone": {"card": BEAR, "zone": "battlefield"}}, {"tapped": {"card": BEAR, "value": False}},
                    {"damage": {"card": BIG, "n": 0}}]})
    as_(BEAR, {"triggers": [{"object": {"self": True}, "event": "becomes_blocked", "targets": [],
                             "effects": [{"untap": "self"}]}]})                  # not removed: it dies
    run({"zones": {"you": {"battlefield": [BEAR]}, "opponent": {"battlefield": [BIG]}},
         "actions": COMBAT + [{"attack": [BEAR], "defender": "opponent"}, {"block": {BIG: BEAR}},
                              {"resolve": "all"}, {"advance": {"turn": 3, "step": "end_combat"}}],
         "expect": [{"zone": {"card": BEAR, "zone": "graveyard"}}]})


def test_cant_be_regenerated_this_turn(as_):
    as_(BEAR, {"activated": [{"cost": "{0}", "targets": [], "effects": [{"regenerate": "self"}]}]})
    as_(SMALL, {"activated": [{"cost": "{0}", "targets": [{"kind": "creature"}],
                               "effects": [{"no_regeneration": "target"}]}]})
    board = {"you": {"battlefield": [SMALL]}, "opponent": {"battlefield": [BEAR]}}
    run({"zones": board, "actions": [{"activate": BEAR, "by": "opponent"}, {"resolve": "all"},
                                     {"activate": SMALL, "targets": [BEAR]}, {"resolve": "all"}, {"destroy": BEAR}],
         "expect": [{"zone": {"card": BEAR, "zone": "graveyard"}}]})
    run({"zones": board, "actions": [{"activate": SMALL, "targets": [BEAR]}, {"resolve": "all"},
                                     {"advance": {"turn": 2, "step": "main1"}},          # the turn ended
                                     {"activate": BEAR, "by": "opponent"}, {"resolve": "all"}, {"destroy": BEAR}],
         "expect": [{"zone": {"card": BEAR, "zone": "battlefield"}}]})
    for line in ("Whenever ~ becomes blocked, you may untap it and remove it from combat.",
                 "{R}: Target creature can't be regenerated this turn."):
        assert_supported(_face(line))
        assert_added_clause_rejected(_face, line)


def test_creature_deals_damage_to_itself_equal_to_its_power(as_):
    as_(SMALL, {"activated": [{"cost": "{0}", "targets": [{"kind": "creature"}], "effects": [{"damage_itself": "target"}]}]})
    run({"zones": {"you": {"battlefield": [SMALL]}, "opponent": {"battlefield": [BIG, BEAR]}},
         "actions": [{"activate": SMALL, "targets": [BIG]}, {"resolve": "all"}],
         "expect": [{"zone": {"card": BIG, "zone": "graveyard"}}, {"zone": {"card": BEAR, "zone": "battlefield"}}]})
    as_(SMALL, {"activated": [{"cost": "{0}", "targets": [], "effects": [
        {"damage_itself": {"each": {"types": ["Creature"], "tapped": True}}}]}]})
    run({"zones": {"you": {"battlefield": [SMALL]},
                   "opponent": {"battlefield": [{"card": BIG, "tapped": True}, BEAR]}},
         "actions": [{"activate": SMALL}, {"resolve": "all"}],
         "expect": [{"zone": {"card": BIG, "zone": "graveyard"}}, {"damage": {"card": BEAR, "n": 0}}]})
    for line in ("Target creature deals damage to itself equal to its power.",
                 "Each creature deals damage to itself equal to its power."):
        assert_supported(_face(line, ("Instant",)))
        assert_added_clause_rejected(lambda t: _face(t, ("Instant",)), line)
