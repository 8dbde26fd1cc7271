"""Monstrosity (701.37): the effect ``monstrosity: N`` and the ``monstrous`` trigger event (701.37b)."""
from __future__ import annotations

from ...vocabulary import effect, event
from ..objects import Event
from .counter_replacements import add_counters


@effect("monstrosity")
def monstrosity(g, arg, ctx):
    """701.37a: if this permanent isn't monstrous, put N +1/+1 counters on it and it becomes monstrous."""
    src = ctx.source
    if src.gone or src.zone != "battlefield":
        g.log("701.37a", f"{src.name} has left the battlefield: monstrosity does nothing")
        return
    if src.monstrous:
        g.log("701.37a", f"{src.name} is already monstrous: nothing happens")
        return
    n = g.value(arg, ctx)
    add_counters(g, src, "+1/+1", n)               # 614.1a: a replaceable put
    src.monstrous = True
    g.touch()
    g.log("701.37b", f"{src.name} gets {n} +1/+1 counter(s) and becomes monstrous")
    g.detect([Event("monstrous", obj=src)])


@event("monstrous")
def _monstrous(g, t, ev, src, subj, sc):
    """701.37b: "when this becomes monstrous"."""
    return ev.kind == "monstrous"
