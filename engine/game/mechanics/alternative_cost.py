"""Alternative costs (118.9): "You may [cost] rather than pay this spell's mana cost" and "If [condition], you may
[cost] rather than pay …" — a static ability of the card (it functions in the hand, 113.6) letting its owner cast
it for that cost instead: `cast` with `mode: alternative`.  Only one alternative cost applies (118.9a); additional
costs are paid as well (118.9d).  The engine does not charge mana (scenarios say what is cast, not how), so what
is checked and done are the condition and the cost's other parts: sacrificing, paying life (119.4),
discarding, returning permanents, exiling from the graveyard … (engine/game/costs.py ``pay_spell_cost``).
"""
from __future__ import annotations

import re

from ... import vocabulary as V
from ..costs import pay_spell_cost

_OWN = ("cost", "if", "sacrifice_other", "pay_life")


def _check(v, checker) -> str:
    if not isinstance(v, dict) or not v:
        return repr(v)
    bad = [k for k in v if k not in _OWN and k not in V.COSTS]
    if bad:
        return f"cost {bad[0]}"
    if "cost" in v and not (isinstance(v["cost"], str) and re.fullmatch(r"(\{[^}]+\})+", v["cost"])):
        return f"cost {v['cost']!r}"
    if "if" in v:
        checker.conditions(v["if"])
    if isinstance(v.get("sacrifice_other"), dict):
        checker.filter({k: x for k, x in v["sacrifice_other"].items() if k != "n"})
    checker.costs({k: x for k, x in v.items() if k in V.COSTS})
    return ""


V.static("alternative_cost", doc="118.9: `{cost?: MANA, if?: CONDITION, <cost keys>}` — the card may be cast "
                                 "for this instead of its mana cost (`cast` with `mode: alternative`)")
V.STATIC_CHECKS["alternative_cost"] = _check


def alternative(o) -> dict | None:
    return next((s["alternative_cost"] for s in o.beh.statics if isinstance(s.get("alternative_cost"), dict)), None)


def _can(g, o) -> str:
    alt = alternative(o)
    if alt is None:
        return f"{o.name} has no alternative cost (118.9)"
    p = o.owner
    if "if" in alt and not g.condition(alt["if"], o, p, None):
        return f"{o.name}: the condition of its alternative cost doesn't hold (118.9)"
    sac = alt.get("sacrifice_other")
    if sac:
        f = {k: x for k, x in sac.items() if k != "n"}
        have = sum(1 for x in g.bf if x.controller == p and g.match(x, g.chars(x), f, o, p))
        if have < sac.get("n", 1):
            return f"{o.name}: not enough permanents to sacrifice for its alternative cost (601.2h)"
    if alt.get("pay_life") and g.life[p] < int(alt["pay_life"]):
        return f"{o.name}: {p} can't pay {alt['pay_life']} life (119.4)"
    return ""


def _pay(g, p, spell):
    alt = alternative(spell)
    g.log("118.9", f"{p} casts {spell.name} for its alternative cost")
    pay_spell_cost(g, p, spell, {k: v for k, v in alt.items() if k not in ("cost", "if")}, "alternative cost")


V.cast_mode("alternative", lambda g, o: (o.beh.spell or {}).get("targets") or [], _can, pay=_pay)
