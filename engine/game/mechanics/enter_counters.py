"""Replacement effects as a permanent enters (614.1c): "enters with N counters of a kind" (122.6); a planeswalker
enters with its printed loyalty (306.5b) and goes with none left (704.5i)."""
from __future__ import annotations

from ... import vocabulary as V
from ...vocabulary import sba_check


def _check(v, checker=None):
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


@V.hook(V.ENTER_HOOKS)
def planeswalker_loyalty(g, new, opts):
    """306.5b: a planeswalker enters with loyalty counters equal to its printed loyalty."""
    printed = getattr(new.card, "loyalty", None)
    if printed and "Planeswalker" in new.card.types and str(printed).isdigit():
        new.counters["loyalty"] = new.counters.get("loyalty", 0) + int(printed)


@sba_check("704.5i", on="countered")
def zero_loyalty(g, sweep):
    """704.5i: a planeswalker with 0 loyalty is put into its owner's graveyard."""
    for o, c in sweep.live(sweep.countered):
        if "Planeswalker" in c.types and o.counters.get("loyalty", 0) <= 0:
            sweep.put(o)
            g.log("704.5i", f"{o.name} has no loyalty and is put into its owner's graveyard")
    return False
