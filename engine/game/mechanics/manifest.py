"""Manifest (701.34): put the top card of a library onto the battlefield face down as a 2/2 creature (the
face-down state of morph.py, 708.2a).  701.34a: its controller may turn it face up any time they have priority
if it is a creature card, by paying its mana cost (a special action, 116.2b — ``activate: CARD`` with
``ability: turn face up``); a card with morph may also use its morph cost (702.37e, morph.py).  Which permanents
were manifested is remembered by object (a new object after a zone change is no longer manifested, 400.7)."""
from __future__ import annotations

from ... import vocabulary as V
from .morph import is_face_down


def _manifested(g) -> set:
    return g.__dict__.setdefault("manifested_ids", set())


@V.effect("manifest", keys=("n",))
def manifest(g, arg, ctx):
    """701.34a: the controller manifests the top `n` cards of their library, one at a time (701.34c)."""
    p = ctx.controller
    for _ in range(g.value(arg.get("n", 1), ctx)):
        lib = g.pz[p]["library"]
        if not lib:
            break
        new = g.move(lib[0], "battlefield", controller=p, face_down=True)
        if new is not None:
            _manifested(g).add(new.oid)
            g.log("701.34a", f"{p} manifests the top card of their library")


@V.hook(V.ABILITY_HOOKS)
def _turn_manifested_face_up(g, o):
    """701.34a: a manifested creature card may be turned face up for its mana cost (a special action)."""
    if o.zone != "battlefield" or o.oid not in _manifested(g) or not is_face_down(o):
        return []
    if "Creature" not in o.card.types or not o.card.cost:
        return []
    return [{"name": "turn face up", "cost": o.card.cost, "special": True, "targets": [],
             "effects": [{"turn_face_up": True}]}]
