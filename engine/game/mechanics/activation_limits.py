"""Restrictions on activating an ability (602.5b): "Activate only if CONDITION" — checked as the ability is
activated, like the other activation restrictions of engine/game/costs.py (once each turn, during …)."""
from __future__ import annotations

from ... import vocabulary as V
from ...errors import IllegalAction


def _check(v, checker) -> str:
    if not isinstance(v, dict) or not v:
        return repr(v)
    checker.conditions(v)
    return ""


@V.cost("if", _check)
def only_if(g, p, o, v):
    """602.5b: "activate only if …" — the CONDITION must hold as the ability is activated."""
    if not g.condition(v, o, p, None):
        raise IllegalAction(f"{o.name}: this ability can be activated only if {', '.join(v)} (602.5b)")
