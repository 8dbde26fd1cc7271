"""Afflict (702.130, engine/game/mechanics/afflict.py): "whenever this creature becomes blocked, defending player
loses N life" — one trigger however many creatures block it (509.3c), none when it is not blocked."""
from __future__ import annotations

import pytest

import engine
import engine.game  # noqa: F401 — the mechanics' registrations
from engine import behaviours


def _run(blockers: int):
    zones = {"you": {"battlefield": ["Grizzly Bears"]}, "opponent": {"battlefield": ["Grizzly Bears"] * 3}}
    actions = [{"attack": ["Grizzly Bears"], "defender": "opponent"}]
    if blockers:
        actions.append({"block": {f"Grizzly Bears#{i + 2}": "Grizzly Bears" for i in range(blockers)}})
    actions.append({"resolve": "all"})
    return zones, actions


def test_afflict_triggers_once_for_three_blockers():
    behaviours.register("Grizzly Bears", {"afflict": 2})    # as the Oracle compiler writes "Afflict 2"
    try:
        zones, actions = _run(3)
        r = engine.simulate({"zones": zones, "actions": actions,
                             "expect": [{"triggered": {"source": "Grizzly Bears", "times": 1}},
                                        {"life": {"you": 20, "opponent": 18}}]}, log=True)
        assert r.passed, (r.checks, r.error)
        zones, actions = _run(0)
        r = engine.simulate({"zones": zones, "actions": actions,
                             "expect": [{"triggered": {"source": "Grizzly Bears", "times": 0}},
                                        {"life": {"you": 20, "opponent": 20}}]}, log=True)
        assert r.passed, (r.checks, r.error)
    finally:
        behaviours.unregister("Grizzly Bears")


def test_afflict_number_must_be_a_positive_integer():
    from engine.behaviours import BehaviourError
    with pytest.raises(BehaviourError):
        behaviours.Behaviour("x", {"keywords": ["afflict"], "afflict": "two"})
