"""Replacement effects as a permanent enters (614.1c): "enters with N counters of a kind" (122.6) — N a number,
X (the value announced as it was cast, 107.3) or a count ("for each …"), and "if ~ was kicked, it enters with …"
(a static with an `if`, 702.33d); a planeswalker enters with its printed loyalty (306.5b) and goes with none left
(704.5i)."""
from __future__ import annotations

from ... import vocabulary as V
from ...vocabulary import sba_check
from ..objects import Ctx
from .counter_replacements import counters_put


def _check(v, checker=None):
    if not isinstance(v, dict) or not v:
        return repr(v)
    for kind, n in v.items():
        if isinstance(n, bool) or not isinstance(kind, str):
            return f"count {n!r}"
        if checker is not None:
            checker.value(n, v, kind)
        elif not isinstance(n, int):
            return f"count {n!r}"
    return ""


V.top_key("enters_with_counters", _check, "614.1c / 122.6: enters with `{KIND: N}` counters (N: a value — a "
          "number, `X` as announced, a count)")
V.static("enters_with_counters", doc="614.1c with an `if` (e.g. `kicked`, 702.33d): enters with `{KIND: N}` counters",
         values=())
V.STATIC_CHECKS["enters_with_counters"] = _check


def _put(g, new, counters):
    ctx = Ctx(new, new.controller, [], None, None, x=getattr(new, "x", 0) or 0)
    for kind, n in counters.items():
        k = counters_put(g, new, kind, max(0, g.value(n, ctx)))   # 122.6, 614.1a, 616.1
        if k:
            new.counters[kind] = new.counters.get(kind, 0) + k
        g.log("614.1c", f"{new.name} enters with {k} {kind} counter(s)")


@V.hook(V.ENTER_HOOKS)
def enters_with_counters(g, new, opts):
    """614.1c: the permanent enters with the counters already on it (no separate event)."""
    _put(g, new, new.beh.extra.get("enters_with_counters") or {})
    for s in new.beh.statics:                      # "if ~ was kicked, it enters with …" (702.33d)
        if s.get("enters_with_counters") and g.condition(s.get("if") or {}, new, new.controller, None):
            _put(g, new, s["enters_with_counters"])


@V.hook(V.ENTER_HOOKS)
def planeswalker_loyalty(g, new, opts):
    """306.5b: a planeswalker enters with loyalty counters equal to its printed loyalty."""
    printed = getattr(new.card, "loyalty", None)
    if printed and "Planeswalker" in new.card.types and str(printed).isdigit():
        new.counters["loyalty"] = new.counters.get("loyalty", 0) + counters_put(g, new, "loyalty", int(printed))  # 122.6


@sba_check("704.5i", on="countered")
def zero_loyalty(g, sweep):
    """704.5i: a planeswalker with 0 loyalty is put into its owner's graveyard."""
    for o, c in sweep.live(sweep.countered):
        if "Planeswalker" in c.types and o.counters.get("loyalty", 0) <= 0:
            sweep.put(o)
            g.log("704.5i", f"{o.name} has no loyalty and is put into its owner's graveyard")
    return False
