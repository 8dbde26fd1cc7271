"""Conditions about the source itself (603.4 intervening "if", 611.3 "as long as"): "if this creature isn't a
token" (Progenitor Mimic's copied ability) — ``self_is: {filter: FILTER}``."""
from __future__ import annotations

from ... import vocabulary as V


@V.condition("self_is", filters=("filter",))
def _self_is(g, v, src, ctrl, ev):
    """The source object matches `filter` (e.g. `{token: false}`: it isn't a token, 111.1)."""
    return src is not None and not src.is_ability and g.match(src, g.chars(src), v["filter"], src, ctrl, ev)
