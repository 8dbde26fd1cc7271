"""Restrictions on activating an ability (602.5b): "Activate only if CONDITION", "only during your turn", who may
activate ("any player may", 602.2) — the one place these are checked; "Activate only if" is checked as the ability is
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


@V.cost("your_turn_only", lambda v, c: "" if v is True else repr(v))
def your_turn_only(g, p, o, v):
    """602.5b: "activate only during your turn"."""
    if g.active != p:
        raise IllegalAction(f"{o.name}: this ability can be activated only during its controller's turn (602.5b)")


@V.cost("any_player", lambda v, c: "" if v is True else repr(v))
def any_player(g, p, o, v):
    """602.2: "any player may activate this ability" — who may activate is checked by ``may_activate``; the
    activating player controls the ability (602.2a)."""


def may_activate(g, p, o, a) -> bool:
    """602.2: only the controller of a permanent activates its abilities, unless the ability says any player
    may."""
    return o.controller == p or bool(a.get("any_player"))
