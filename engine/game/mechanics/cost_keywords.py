"""Cost keywords of a spell itself: affinity (702.41) — a cost reduction read by ``total_cost``
(mechanics/cost_changes.py, 601.2f)."""
from __future__ import annotations

from ... import vocabulary as V
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
