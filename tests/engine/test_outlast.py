"""Outlast (702.107, engine/game/mechanics/outlast.py): "[cost], {T}: put a +1/+1 counter on this creature;
activate only as a sorcery" — refused for a summoning-sick creature (302.6) and outside your main phase."""
from __future__ import annotations

import pytest

import engine
import engine.game  # noqa: F401 — the mechanics' registrations
from engine import behaviours

NAME = "Grizzly Bears"


@pytest.fixture(autouse=True)
def outlaster():
    behaviours.register(NAME, {"outlast": "{1}{W}"})      # as the Oracle compiler writes "Outlast {1}{W}"
    yield
    behaviours.unregister(NAME)


def _allowed(zones, before, value):
    act = {"activate": NAME, "ability": "outlast"}
    return engine.simulate({"zones": zones, "actions": before,
                            "expect": [{"allowed": {"action": act, "value": value}}]}, log=True)


def test_outlast_puts_a_counter_in_the_main_phase():
    r = engine.simulate({"zones": {"you": {"battlefield": [NAME]}},
                         "actions": [{"activate": NAME, "ability": "outlast"}, {"resolve": "all"}],
                         "expect": [{"counters": {"card": NAME, "kind": "+1/+1", "n": 1}},
                                    {"tapped": {"card": NAME, "value": True}}]}, log=True)
    assert r.passed, (r.checks, r.error)


def test_outlast_is_refused_when_summoning_sick():
    z = {"you": {"hand": [NAME]}}
    r = _allowed(z, [{"put": {"cards": [NAME], "zone": "battlefield", "player": "you"}}], False)
    assert r.passed, (r.checks, r.error)


def test_outlast_is_refused_during_combat():
    z = {"you": {"battlefield": [NAME]}}
    r = _allowed(z, [{"advance": {"turn": 1, "step": "begin_combat", "priority": True}}], False)
    assert r.passed, (r.checks, r.error)
    r = _allowed({"you": {"battlefield": [NAME]}}, [], True)
    assert r.passed, (r.checks, r.error)
