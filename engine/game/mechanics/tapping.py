"""Becoming tapped or untapped (701.26) as trigger events: "Whenever enchanted creature becomes tapped, …",
"Whenever ~ becomes untapped, …" (603.2).  Every place the engine taps or untaps a permanent goes through
``set_tapped``: costs ({T}, 602.2b; tapping other permanents), attacking (508.1f), the tap/untap effects, the
untap step (502.3).  Only a permanent that changes state gives an event (a tapped permanent doesn't become
tapped again)."""
from __future__ import annotations

from ... import vocabulary as V
from ..objects import Event


def set_tapped(g, objs, value: bool) -> list:
    """Tap (``value`` True) or untap the objects; the becomes_tapped / becomes_untapped events (not yet
    detected: the caller detects them with the rest of its events)."""
    out = []
    for o in objs:
        if o.tapped != value:
            o.tapped = value
            out.append(Event("becomes_tapped" if value else "becomes_untapped", obj=o, player=o.controller))
    if out:
        g.touch()                   # characteristics may depend on it ("as long as ~ is untapped", 611.3)
    return out


@V.event("becomes_tapped")
def _becomes_tapped(g, t, ev, src, subj, sc):
    """701.26a: a permanent becomes tapped (`object` filters it: `self`, `enchanted` …)."""
    return ev.kind == "becomes_tapped"


@V.event("becomes_untapped")
def _becomes_untapped(g, t, ev, src, subj, sc):
    """701.26b: a permanent becomes untapped (in the untap step too, 502.3)."""
    return ev.kind == "becomes_untapped"
