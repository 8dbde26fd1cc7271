"""The scenario expectation ``life_change`` with a bound (``{at_most: N}`` / ``{at_least: N}``, docs/scenario-format.md):
"can deal N damage to the defending player" holds when the most the attacker may assign to the player is at least N
(510.1c-d, 702.19b).  A malformed bound is a clear error, never a traceback."""
from __future__ import annotations

import engine


def _unblocked(expect):
    return engine.simulate({"zones": {"you": {"battlefield": ["Grizzly Bears"]}},
                            "actions": [{"attack": ["Grizzly Bears"]}, {"advance": {"turn": 1, "step": "main2"}}],
                            "expect": expect})


def test_a_bound_holds_at_and_beyond_the_amount():
    assert _unblocked([{"life_change": {"opponent": {"at_most": -2}}}]).passed
    assert _unblocked([{"life_change": {"opponent": {"at_most": -1}}}]).passed
    assert _unblocked([{"life_change": {"opponent": {"at_least": -2, "at_most": 0}}}]).passed


def test_a_bound_fails_when_the_life_did_not_change_that_much():
    assert not _unblocked([{"life_change": {"opponent": {"at_most": -3}}}]).passed
    assert not _unblocked([{"life_change": {"opponent": {"at_least": -1}}}]).passed


def test_a_malformed_bound_is_a_clear_error():
    r = _unblocked([{"life_change": {"opponent": {"below": -3}}}])
    assert not r.passed and r.error and "at_most" in r.error and "Traceback" not in r.error
