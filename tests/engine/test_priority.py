"""Who receives priority (117.3a-d), steps without priority (502.4, 514.3, 514.3a) and passing in succession (117.4,
500.2): the engine's ``Game.holder`` through the scenario action ``pass`` and the expectation ``priority``."""
from __future__ import annotations

import engine

LIB = ["Grizzly Bears", "Grizzly Bears"]


def run(zones, actions, **top):
    r = engine.simulate({"zones": zones, "actions": list(actions), "expect": [], **top}, log=True)
    assert not r.error, r.error
    return r


def _holders(r):
    return [c["observed"]["player"] for c in r.checks if "priority" in c["expect"]]


def test_117_3c_caster_then_117_3b_active_player_after_resolution():
    r = run({"you": {"library": LIB}, "opponent": {"library": LIB, "hand": ["Raise the Alarm"]}},
            [{"expect": [{"priority": {"player": "you"}}]},
             {"cast": "Raise the Alarm", "by": "opponent"}, {"expect": [{"priority": {"player": "opponent"}}]},
             {"resolve": 1}, {"expect": [{"priority": {"player": "you"}}]}])
    assert r.passed, r.checks
    assert _holders(r) == ["you", "opponent", "you"]


def test_117_3d_pass_and_117_4_all_pass_with_empty_stack_ends_the_step():
    r = run({"you": {"library": LIB}, "opponent": {"library": LIB}},
            [{"pass": 1}, {"expect": [{"priority": {"player": "opponent", "step": "main1"}}]},
             {"pass": 1}, {"expect": [{"priority": {"player": "you", "step": "begin_combat"}}]}])
    assert r.passed, r.checks
    assert any(line.startswith("500.2") for line in r.log)


def test_117_4_all_pass_resolves_the_top_object_then_the_active_player_has_priority():
    r = run({"you": {"library": LIB, "hand": ["Raise the Alarm"]}, "opponent": {"library": LIB}},
            [{"cast": "Raise the Alarm"}, {"pass": 2},
             {"expect": [{"stack": {"n": 0}}, {"priority": {"player": "you", "step": "main1"}}]}])
    assert r.passed, r.checks


def test_502_4_and_514_3_no_priority_in_untap_and_cleanup_steps():
    r = run({"you": {"library": LIB}, "opponent": {"library": LIB}},
            [{"advance": {"turn": 2, "step": "untap", "priority": True}}, {"expect": [{"priority": {"player": "none"}}]},
             {"advance": {"turn": 2, "step": "upkeep", "priority": True}},
             {"expect": [{"priority": {"player": "opponent"}}]},
             {"advance": {"turn": 2, "step": "cleanup", "priority": True}},
             {"expect": [{"priority": {"player": "none"}}, {"priority": {"player": "any", "value": False}}]}])
    assert r.passed, r.checks


def test_a_wrong_holder_fails_the_expectation():
    r = engine.simulate({"zones": {"you": {"library": LIB}}, "actions": [
        {"advance": {"turn": 2, "step": "untap", "priority": True}}],
        "expect": [{"priority": {"player": "opponent"}}]})
    assert not r.passed and not r.error
