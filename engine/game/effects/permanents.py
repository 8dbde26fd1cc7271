"""Permanent state: tap and untap (701.26), transform (701.28, 712), counters (122)."""
from __future__ import annotations

from ...vocabulary import OBJECT_WORDS, effect
from ...errors import EngineError
from ..mechanics.counter_replacements import counters_put
from .flow import action_done
from ..mechanics.tapping import set_tapped
from ..objects import Event


@effect("tap", objects=("*",))
def tap(g, arg, ctx):
    """701.26a: tap the objects named ("tap target untapped creature. If you do, …": whether one was tapped)."""
    done = False
    for o in g.objects_of(arg, ctx):
        done = done or (o.zone == "battlefield" and not o.tapped)
        g.detect(set_tapped(g, [o], True))
        g.log("701.26a", f"tap {o.name}")
    action_done(ctx, done)


def turn_over(g, o, rule: str = "701.28a") -> None:
    """712.8: the permanent turns to its other face — the same object, now with that face's characteristics."""
    other = g.cards.get(o.beh.transform_to)
    if other is None:
        raise EngineError(f"{o.name}: other face {o.beh.transform_to} missing from the card table")
    old = o.name
    o.card = other                            # 712.8: same object, the other face up
    o.beh = g.behaviour_for(other)
    g.touch()
    g.log(rule, f"{old} transforms into {other.name}")
    g.detect([Event("transforms", obj=o, player=o.controller)])     # "when ~ transforms into ~" (603.2)


@effect("transform", values=(), enums={"*": ("self",)})
def transform(g, arg, ctx):
    """701.28a/712.8: the source turns to its other face (the same object)."""
    src = ctx.source
    if src.gone or src.zone != "battlefield" or not src.beh.transform_to:
        return
    turn_over(g, src)


@effect("put_counters", keys=("to", "kind", "n", "filter"), enums={"to": lambda v: "" if v == "each" or v in OBJECT_WORDS else v},
        filters=("filter",))
def put_counters(g, arg, ctx):
    """122.1: put `n` counters of `kind` (any kind, 122.1) on the objects named by `to` (`each` + `filter`: every permanent matching it)."""
    to = arg.get("to", "self")
    objs = [o for o in g.bf if g.match(o, g.chars(o), arg.get("filter", {}), ctx.source, ctx.controller)] \
        if to == "each" else g.objects_of(to, ctx)
    put = 0
    for o in objs:
        n = counters_put(g, o, arg["kind"], g.value(arg.get("n", 1), ctx))   # 614.1a, 616.1
        o.counters[arg["kind"]] = o.counters.get(arg["kind"], 0) + n
        put += n
        g.touch()
    action_done(ctx, put > 0)               # 608.2c: "put a counter on it for each …. If you do, …"


@effect("untap", objects=("*",))
def untap(g, arg, ctx):
    """701.26b: untap the objects named."""
    for o in g.objects_of(arg, ctx):
        g.detect(set_tapped(g, [o], False))
        g.log("701.26b", f"untap {o.name}")


def _tap_all(verb, tapped, rule):
    def fn(g, arg, ctx):
        g.detect(set_tapped(g, [o for o in g.bf if g.match(o, g.chars(o), arg, ctx.source, ctx.controller)],
                            tapped))
        g.log(rule, f"{verb} all matching permanents")
    fn.__doc__ = f"{rule}: {verb} every permanent matching the FILTER."
    effect(f"{verb}_all", filters=("*",))(fn)


_tap_all("tap", True, "701.26a")
_tap_all("untap", False, "701.26b")

