"""Run one scenario on a card table and assert how it ended, and give cards behaviours for one test (the engine
mechanic tests: ``from simrun import as_, run_on``)."""
from __future__ import annotations

import pytest

import engine
from engine import behaviours


def run_on(table, scenario: dict, passed: bool = True):
    """``engine.simulate`` with the log on; asserts ``passed`` with the checks, the error and the log's end."""
    r = engine.simulate(scenario, cards=table, log=True)
    assert r.passed is passed, (r.checks, r.error, r.log[-15:] if r.log else None)
    return r


@pytest.fixture
def as_():
    """``as_(name, spec)`` gives card ``name`` the behaviour ``spec`` for this test (a made-up or vanilla card
    carrying the keyword under test); every behaviour given is taken back afterwards."""
    names = []

    def give(name, spec):
        behaviours.register(name, spec)
        names.append(name)
    yield give
    for n in names:
        behaviours.unregister(n)
