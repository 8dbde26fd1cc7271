"""Persist (702.79) and undying (702.93): keywords that stand for a dies trigger returning the card with a
-1/-1 (+1/+1) counter unless it had one, and the effect ``return_to_battlefield: {counter}`` it uses."""
from __future__ import annotations

from ... import vocabulary as V
from ...vocabulary import condition, effect, keyword_ability
from .counter_replacements import add_counters


def _returns(kw: str, kind: str) -> list[dict]:
    # "When this dies, if it had no <kind> counters on it, return it to the battlefield under its owner's
    # control with a <kind> counter on it" — intervening if (603.4), look-back (603.10a).
    return [{"event": "dies", "name": kw, "object": {"self": True}, "if": {"event_object_no_counters": kind},
             "targets": [], "effects": [{"return_to_battlefield": {"counter": kind}}]}]


@keyword_ability("persist", "702.79")
def persist():
    return _returns("persist", "-1/-1")


@keyword_ability("undying", "702.93")
def undying():
    return _returns("undying", "+1/+1")


@condition("event_object_no_counters")
def no_counters(g, v, src, ctrl, ev):
    """The object the event is about had no counters of that kind (last known information, 603.10a)."""
    o = ev.obj if ev is not None else None
    return not (o is not None and o.counters.get(v, 0) > 0)


@effect("return_to_battlefield", keys=("counter", "what", "controller", "tapped"), values=(), objects=("what",),
        enums={"controller": ("you", "owner")})
def return_to_battlefield(g, arg, ctx):
    """Return the card that caused the trigger (persist, undying).  The card must still be the same
    object in the graveyard (400.7, 603.6c/603.10a look-back); otherwise the ability can't find it.  With
    `what` (an object word): those cards, from a graveyard or exile, under `controller` (`owner` default)."""
    if "what" in arg:
        objs = [o for o in g.objects_of(arg["what"], ctx) if not o.gone and o.zone in ("graveyard", "exile")]
        who = arg.get("controller", "owner")
        if objs:
            g.move_batch([(o, "battlefield", {"controller": ctx.controller if who == "you" else o.owner,
                                               "tapped": bool(arg.get("tapped"))}) for o in objs])
        return
    ev = ctx.event
    card = ev.new if ev is not None else None
    if card is None or card.gone or card.zone != "graveyard":
        g.log("400.7", f"{ctx.source.name} is no longer in the graveyard: nothing returns")
        return
    counter = arg.get("counter")
    g.log("702.79a" if arg.get("counter") == "-1/-1" else "702.93a",
          f"return {card.name} to the battlefield with {arg.get('counter')} counter")
    g.move(card, "battlefield", controller=card.owner, **({"returns_with": counter} if counter else {}))


@V.hook(V.ENTER_HOOKS)
def returns_with_counter(g, new, opts):
    """122.6 / 614.1c: it enters with the counter already on it — counted as it enters, under its new
    controller, so counter replacements (614.1a) see the permanent it will be."""
    kind = opts.get("returns_with")
    if kind:
        add_counters(g, new, kind, 1)
