"""Permanent state: tap (701.26), transform (701.28, 712), counters (122)."""
from __future__ import annotations

from ...vocabulary import effect
from ...errors import EngineError


@effect("tap")
def tap(g, arg, ctx):
    """701.26a: tap the objects named."""
    for o in g.objects_of(arg, ctx):
        o.tapped = True
        g.log("701.26a", f"tap {o.name}")


@effect("transform")
def transform(g, arg, ctx):
    """701.28a/712.8: the source turns to its other face (the same object)."""
    src = ctx.source
    if src.gone or src.zone != "battlefield" or not src.beh.transform_to:
        return
    other = g.cards.get(src.beh.transform_to)
    if other is None:
        raise EngineError(f"{src.name}: back face {src.beh.transform_to} missing from the card table")
    old = src.name
    src.card = other                          # 712.8: same object, the other face up
    src.beh = g.behaviour_for(other)
    g.touch()
    g.log("701.28a", f"{old} transforms into {other.name}")


@effect("put_counters", keys=("to", "kind", "n"))
def put_counters(g, arg, ctx):
    """122.1: put `n` counters of `kind` on the objects named by `to`."""
    for o in g.objects_of(arg.get("to", "self"), ctx):
        o.counters[arg["kind"]] = o.counters.get(arg["kind"], 0) + g.value(arg.get("n", 1), ctx)
        g.touch()
