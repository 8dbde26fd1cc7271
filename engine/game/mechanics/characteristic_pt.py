"""P/T that depends on the game: characteristic-defining abilities counting objects (604.3, 613.4a layer 7a:
"~'s power and toughness are each equal to the number of …") and "~ gets +1/+1 for each …" (613.4c layer 7c).

A count reads the characteristics of other objects (their types, controllers); while it is taken, counting
P/T abilities of the objects counted are left out and nothing is cached, so two such objects never ask each
other in a loop (a count never depends on P/T it would change: the filters these abilities use read types,
subtypes, colours and controllers, layers 1–5)."""
from __future__ import annotations

from ... import vocabulary as V
from ..objects import Ctx


def counted_value(g, src, v) -> int:
    """A value (int, ``{count: FILTER}`` …) evaluated for ``src``'s static ability, without recursion."""
    if isinstance(v, int):
        return v
    if g._pt_counting:
        return 0
    g._pt_counting = True
    saved, g._in_static_if = g._in_static_if, True          # nothing computed meanwhile is cached
    try:
        return g.value(v, Ctx(src, src.controller, [], None, None))
    finally:
        g._pt_counting = False
        g._in_static_if = saved


def cda_pt(g, o, c, cda) -> None:
    """604.3 / 613.4a: set power and toughness from the CDA (``{count: F}`` both; ``{power: V}`` /
    ``{toughness: V}`` one of them, the other stays the printed value)."""
    if isinstance(cda, dict) and set(cda) <= {"power", "toughness"}:
        if "power" in cda:
            c.power = counted_value(g, o, cda["power"])
        if "toughness" in cda:
            c.toughness = counted_value(g, o, cda["toughness"])
    else:
        c.power = c.toughness = counted_value(g, o, cda)


def check_cda(v, checker) -> str:
    """The checker for a CDA that is a value (or a power/toughness pair of values)."""
    if isinstance(v, dict) and v and set(v) <= {"power", "toughness"}:
        for k, x in v.items():
            checker.value(x, v, k)
        return ""
    checker.value(v, {"pt_cda": v}, "pt_cda")
    return ""


V.static("pt_per", doc="layer 7c (613.4c): `{pt: [P, T], count: VALUE}` — +P/+T for each counted object",
         values=("count",), keys=("pt", "count"))


@V.layer_effect("7c", statics=("pt_per",))
def _pt_per(g, o, c, statics):
    """613.4c: "gets +P/+T for each …" — the bonus times the count, for the affected objects."""
    for _, src, s in statics:
        per = s.get("pt_per")
        if per and g._affects(src, s, o, c):
            n = counted_value(g, src, per["count"])
            c.power += per["pt"][0] * n
            c.toughness += per["pt"][1] * n
V.DICT_VALUE_CHECKS["pt_cda"] = check_cda
