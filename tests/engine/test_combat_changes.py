"""Abilities lost or gained during combat: the second combat damage step (702.4b-d, engine/game/combat.py),
a blocker that loses flying or shrinks after blocks still blocks (509.1h, 506.4: the 'blocking' expectation),
and 'loses all abilities' (613.1f, engine/game/mechanics/animate.py) as Turn to Frog does."""
from __future__ import annotations

import engine
import engine.game  # noqa: F401 — the mechanics' registrations
from engine import behaviours

_LOSES_DS = {"keywords": ["double_strike"],
             "triggers": [{"event": "combat_damage_player", "object": {"self": True}, "name": "loses",
                           "effects": [{"pump": {"affected": "self", "lose": ["double_strike"]}}]}]}


def _attack_unblocked(expect):
    return engine.simulate({"zones": {"you": {"battlefield": ["Grizzly Bears"]}, "opponent": {"battlefield": []}},
                            "actions": [{"attack": ["Grizzly Bears"], "defender": "opponent"},
                                        {"advance": {"turn": 1, "step": "end_combat"}}],
                            "expect": expect}, log=True)


def _bears_as(spec: dict, opponent_life: int):
    behaviours.register("Grizzly Bears", spec)
    try:
        r = _attack_unblocked([{"life": {"opponent": opponent_life}}])
        assert r.passed, (r.checks, r.error)
    finally:
        behaviours.unregister("Grizzly Bears")


def test_a_creature_that_loses_double_strike_in_the_first_step_deals_no_damage_in_the_second():
    _bears_as(_LOSES_DS, 18)                              # 702.4c


def test_a_double_striker_that_keeps_it_deals_damage_in_both_steps():
    _bears_as({"keywords": ["double_strike"]}, 16)


def test_a_first_striker_given_double_strike_after_its_damage_deals_again():
    gains = {"keywords": ["first_strike"],
             "triggers": [{"event": "combat_damage_player", "object": {"self": True}, "name": "gains",
                           "effects": [{"pump": {"affected": "self", "grant": ["double_strike"]}}]}]}
    _bears_as(gains, 16)                                  # 702.4d


def test_a_blocker_that_loses_flying_still_blocks():
    zones = {"you": {"battlefield": ["Ornithopter"], "hand": ["Turn to Frog"]},
             "opponent": {"battlefield": ["Ornithopter"]}}
    r = engine.simulate({"zones": zones,
                         "actions": [{"attack": ["Ornithopter"], "defender": "opponent"},
                                     {"block": {"Ornithopter#2": "Ornithopter"}},
                                     {"cast": "Turn to Frog", "targets": ["Ornithopter#2"]}, {"resolve": "all"}],
                         "expect": [{"has_ability": {"card": "Ornithopter#2", "ability": "flying", "value": False}},
                                    {"pt": {"card": "Ornithopter#2", "power": 1, "toughness": 1}},
                                    {"blocking": {"card": "Ornithopter#2", "attacker": "Ornithopter", "value": True}}]},
                        log=True)
    assert r.passed, (r.checks, r.error)


def _blocked_after_exile(value: bool, exile: bool = True):
    zones = {"you": {"battlefield": ["Grizzly Bears"]}, "opponent": {"battlefield": ["Grizzly Bears"]}}
    actions = [{"attack": ["Grizzly Bears"], "defender": "opponent"}, {"block": {"Grizzly Bears#2": "Grizzly Bears"}},
               {"advance": {"turn": 1, "step": "declare_blockers"}}, *([{"exile": "Grizzly Bears#2"}] if exile else [])]
    return engine.simulate({"zones": zones, "actions": actions,
                            "expect": [{"blocked": {"card": "Grizzly Bears", "value": value}}]}, log=True)


def test_an_attacker_stays_blocked_when_its_blocker_leaves():
    """509.1h, 506.4: the 'blocked' expectation — once blocked, still blocked with no blocker left."""
    assert _blocked_after_exile(True).passed
    assert not _blocked_after_exile(False).passed
    assert _blocked_after_exile(True, exile=False).passed


def test_an_unblocked_attacker_is_not_blocked():
    r = engine.simulate({"zones": {"you": {"battlefield": ["Grizzly Bears"]}, "opponent": {"battlefield": []}},
                         "actions": [{"attack": ["Grizzly Bears"], "defender": "opponent"},
                                     {"advance": {"turn": 1, "step": "declare_blockers"}}],
                         "expect": [{"blocked": {"card": "Grizzly Bears", "value": False}}]}, log=True)
    assert r.passed, (r.checks, r.error)
