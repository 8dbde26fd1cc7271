"""Cost keywords of a spell itself: affinity (702.41) — a cost reduction read by ``total_cost``
(mechanics/cost_changes.py, 601.2f); entwine (702.42) — an additional cost that lets a modal spell be cast with
all its modes (`cast` with `mode: entwine` and every mode in `modes`)."""
from __future__ import annotations

from ... import vocabulary as V
from ..costs import mana_or_costs, pay_keyword_cost
from .cost_changes import SELF_MODIFIERS


def _filter_check(v, checker) -> str:
    if not isinstance(v, dict):
        return repr(v)
    checker.filter(v)
    return ""


V.top_key("affinity", _filter_check, "702.41a: affinity for [text] — this spell costs {1} less to cast for each "
                                     "[text] you control (read by `total_cost`)")


def _affinity(g, o):
    """702.41a: "This spell costs {1} less to cast for each [text] you control"; 702.41b: several instances
    each apply (one keyword per face here)."""
    f = o.beh.extra.get("affinity")
    if not isinstance(f, dict):
        return []
    return [{"self": True, "less": "{1}", "per": {"count": dict(f, controller="you")}}]


SELF_MODIFIERS.append(_affinity)


# ---------------------------------------------------------------- entwine 702.42
V.top_key("entwine", mana_or_costs, "702.42a: entwine [cost] — pay it to choose all modes (`mode: entwine`)")


def _entwine_check(g, o) -> str:
    if not o.beh.extra.get("entwine"):
        return f"{o.name} has no entwine (702.42)"
    if not (o.beh.spell or {}).get("modes"):
        return f"{o.name} is not modal (702.42a)"
    return ""


V.cast_mode("entwine", lambda g, o: g.spell_target_specs(o, None), _entwine_check,
            pay=lambda g, p, o: pay_keyword_cost(g, p, o, o.beh.extra.get("entwine"), "entwine cost"))   # 601.2h
