"""Morph and megamorph (702.37) and the face-down state (708).

A card with morph can be cast face down (``mode: morph``, 702.37c) for {3}: a face-down spell or permanent is a
2/2 creature with no name, no text, no subtypes, no colour and no mana cost (708.2a) — its behaviour is the
empty one while it stays face down, so none of its abilities exist.  It stays face down from the stack onto the
battlefield (708.4); once it leaves the battlefield or the stack for another zone, it is face up again (708.9).
Its controller may turn it face up for its morph cost at any time they have priority — a special action that
doesn't use the stack (702.37e, 116.2b; ``activate: CARD`` with ``ability: turn face up``); it is then the
same object with its abilities (708.8) and "when this is turned face up" triggers; a megamorph permanent also
gets a +1/+1 counter (702.37b).
"""
from __future__ import annotations

from ... import vocabulary as V
from ...behaviours import Behaviour
from ..objects import Event
from .counter_replacements import add_counters

FACE_DOWN_NAME = "<face-down>"
_FACE_DOWN: list = []


def face_down_behaviour() -> Behaviour:
    if not _FACE_DOWN:
        _FACE_DOWN.append(Behaviour(FACE_DOWN_NAME, {}))
    return _FACE_DOWN[0]


def is_face_down(o) -> bool:
    return getattr(o, "beh", None) is not None and o.beh.name == FACE_DOWN_NAME


def _cost_check(v, c=None):
    return "" if isinstance(v, str) and v.startswith("{") else repr(v)


V.top_key("morph", _cost_check, "702.37a: morph [cost] — cast face down as a 2/2 for {3} (`mode: morph`); "
                                "turn it face up for its morph cost (`ability: turn face up`)")
V.top_key("megamorph", _cost_check, "702.37b: megamorph [cost] — morph, and a +1/+1 counter as it is turned face up")


def _morph_cost(beh):
    return beh.extra.get("morph") or beh.extra.get("megamorph")


def _check(g, o):
    return "" if _morph_cost(o.beh) else f"{o.name} has no morph (702.37)"


V.cast_mode("morph", lambda g, o: [], _check, face_down=True)


@V.hook(V.MOVED_HOOKS)
def _stay_face_down(g, old, new, opts):
    """702.37c / 708.4: cast face down, the spell and then the permanent it becomes are face down; 708.9: a
    face-down permanent or spell put into another zone is face up there."""
    if opts.get("face_down"):
        new.beh = face_down_behaviour()
    elif is_face_down(old) and not (old.zone == "stack" and new.zone == "battlefield"):
        new.beh = g.behaviour_for(new.card)


@V.hook(V.CHARS_HOOKS)
def _face_down_chars(g, o, c):
    """708.2a: a face-down object is a 2/2 creature with no name, subtypes, colour or abilities (before the
    layers: effects that apply to it still do)."""
    if is_face_down(o):
        c.name, c.types, c.subtypes, c.supertypes, c.colors = "", ["Creature"], [], [], ""
        c.power = c.toughness = 2
        c.keywords = set()


@V.hook(V.ABILITY_HOOKS)
def _turn_face_up_action(g, o):
    """702.37e: the special action of a face-down permanent with morph: pay its morph cost, turn it face up."""
    if not is_face_down(o) or o.zone != "battlefield":
        return []
    real = g.behaviour_for(o.card)
    cost = _morph_cost(real)
    if not cost:
        return []
    return [{"name": "turn face up", "cost": cost, "special": True, "targets": [],
             "effects": [{"turn_face_up": True}]}]


@V.effect("turn_face_up", keys=None, values=())
def turn_face_up(g, arg, ctx):
    """708.8: the permanent turns face up — the same object, now with its characteristics and abilities;
    702.37b: megamorph puts a +1/+1 counter on it; "when this is turned face up" triggers (708.8)."""
    o = ctx.source
    if not is_face_down(o):
        return
    o.beh = g.behaviour_for(o.card)
    if o.beh.extra.get("megamorph"):
        add_counters(g, o, "+1/+1", 1)             # 702.37b megamorph; 614.1a: a replaceable put
    g.touch()
    g.log("702.37e", f"{o.card.name} is turned face up")
    g.detect([Event("turned_face_up", obj=o, player=o.controller)])


@V.event("turned_face_up")
def _turned_face_up(g, t, ev, src, subj, sc):
    """708.8: a permanent is turned face up."""
    return ev.kind == "turned_face_up"


@V.filter_key("face_down")
def _face_down_filter(g, o, c, v, src, ctrl, ev):
    """Face down (708) or not."""
    return is_face_down(o) == bool(v)
