"""Replacement effects as a permanent enters (614.1c): "enters with N counters of a kind" (122.6)."""
from __future__ import annotations

from ... import vocabulary as V


def _check(v):
    if not isinstance(v, dict) or not v:
        return repr(v)
    bad = [k for k, n in v.items() if not isinstance(n, int) or isinstance(n, bool)]
    return f"count {v[bad[0]]!r}" if bad else ""


V.top_key("enters_with_counters", _check, "614.1c / 122.6: enters with `{KIND: N}` counters")


@V.hook(V.ENTER_HOOKS)
def enters_with_counters(g, new, opts):
    """614.1c: the permanent enters with the counters already on it (no separate event)."""
    for kind, n in (new.beh.extra.get("enters_with_counters") or {}).items():
        new.counters[kind] = new.counters.get(kind, 0) + n
        g.log("614.1c", f"{new.name} enters with {n} {kind} counter(s)")
