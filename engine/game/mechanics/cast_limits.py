"""Timing restrictions on casting a spell (307.5, 601.3): the static ``cast_only: {during?: PHASE, if?: CONDITION}``
("Cast this spell only during combat", "… only if you've been attacked this step") — checked as the card is
cast (and by `can_cast`), on top of the card's normal timing (307.1)."""
from __future__ import annotations

from ... import vocabulary as V
from ..costs import _step_at_most

_COMBAT = ("begin_combat", "declare_attackers", "declare_blockers", "combat_damage", "end_combat")


def _in_combat(g):
    return g.step in _COMBAT


PHASES = {
    "combat": lambda g, p: _in_combat(g),
    "declare_attackers": lambda g, p: g.step == "declare_attackers",
    "your_declare_attackers": lambda g, p: g.step == "declare_attackers" and g.active == p,
    "declare_blockers": lambda g, p: g.step == "declare_blockers",
    "before_blockers_in_combat": lambda g, p: _in_combat(g) and _step_at_most(g, "declare_attackers"),
    "after_blockers_in_combat": lambda g, p: g.step in ("declare_blockers", "combat_damage", "end_combat"),
    "before_blockers": lambda g, p: _step_at_most(g, "declare_attackers"),
    "before_attackers": lambda g, p: _step_at_most(g, "begin_combat"),
    "before_combat_damage": lambda g, p: _step_at_most(g, "declare_blockers"),
    "after_combat": lambda g, p: not _step_at_most(g, "end_combat"),
    "your_turn": lambda g, p: g.active == p,
    "opponents_turn": lambda g, p: g.active != p,
    "opponents_upkeep": lambda g, p: g.active != p and g.step == "upkeep",
    "your_end_step": lambda g, p: g.active == p and g.step == "end",
    "your_upkeep": lambda g, p: g.active == p and g.step == "upkeep",
    "combat_opponents_turn": lambda g, p: g.active != p and _in_combat(g),
    "combat_your_turn": lambda g, p: g.active == p and _in_combat(g),
    "declare_blockers_opponents_turn": lambda g, p: g.active != p and g.step == "declare_blockers",
}


def _check(v, checker) -> str:
    if not isinstance(v, dict) or not v or set(v) - {"during", "if"}:
        return repr(v)
    if "during" in v and v["during"] not in PHASES:
        return f"during {v['during']!r}"
    if "if" in v:
        checker.conditions(v["if"])
    return ""


V.static("cast_only", doc="307.5 / 601.3: `{during?: PHASE, if?: CONDITION}` — the spell can be cast only then")
V.STATIC_CHECKS["cast_only"] = _check


@V.hook(V.CAST_CHECKS)
def _cast_only(g, p, o, mode) -> str:
    """601.3: a spell whose restriction doesn't hold can't begin to be cast."""
    for s in o.beh.statics:
        lim = s.get("cast_only")
        if not isinstance(lim, dict):
            continue
        if "during" in lim and not PHASES[lim["during"]](g, p):
            return f"{o.name} can be cast only {lim['during'].replace('_', ' ')} (307.5, 601.3)"
        if "if" in lim and not g.condition(lim["if"], o, p, None):
            return f"{o.name} can be cast only if {', '.join(lim['if'])} (601.3)"
    return ""


@V.condition("attacked_this_step")
def _attacked(g, v, src, ctrl, ev):
    """508.1: a creature attacks the controller (the player) in this combat's declare attackers step."""
    return (g.step == "declare_attackers" and any(d == ctrl for d in g.attackers.values())) == bool(v)
