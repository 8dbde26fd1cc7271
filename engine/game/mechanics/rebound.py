"""Rebound (702.88a): "If this spell was cast from your hand, instead of putting it into your graveyard as it
resolves, exile it and, at the beginning of your next upkeep, you may cast this card from exile without paying its
mana cost."  The owner answers `may: yes` (and the spell's `targets`) as that delayed trigger resolves; the spell
is cast then, timing ignored, with `mode: rebound` (cast that way it is not cast from the hand: no second rebound).
"""
from __future__ import annotations

from ... import vocabulary as V
from ..objects import Event
from .resolving_cast import offer_cast, resolving_cast_mode

V.keyword("rebound", "702.88")
_TRIGGER = {"event": "rebound", "name": "rebound", "targets": [], "effects": [{"rebound_cast": True}]}


def _state(g) -> dict:
    return g.__dict__.setdefault("rebound", {"from_hand": set(), "waiting": []})


@V.hook(V.MOVED_HOOKS, to=("stack", "exile"))
def _moved(g, old, new, opts):
    """702.88a: remember a rebound spell cast from the hand; once exiled by rebound, wait for the next upkeep."""
    if old.zone == "hand" and new.zone == "stack" and "rebound" in new.beh.keywords:
        _state(g)["from_hand"].add(new.oid)
    elif old.mode == "rebounding" and new.zone == "exile":
        _state(g)["waiting"].append((new, new.owner, g.turn))


@V.hook(V.MOVE_REPLACEMENTS, frm=("stack",), to=("graveyard",))
def _exile_instead(g, o, to):
    """702.88a: the resolving spell cast from the hand is exiled instead of going to the graveyard (a countered
    one is not: it doesn't resolve)."""
    if to == "graveyard" and o.zone == "stack" and not o.is_ability and "rebound" in o.beh.keywords and \
            o.oid in _state(g)["from_hand"] and g.phase == ("resolution", o.name):
        g.log("702.88a", f"{o.name} has rebound: exiled instead")
        o.mode = "rebounding"
        return "exile"
    return to


@V.hook(V.STEP_HOOKS)
def _upkeep(g, step):
    """702.88a: at the beginning of the owner's next upkeep, the delayed trigger (603.7)."""
    st = g.__dict__.get("rebound")
    if step != "upkeep" or not st or not st["waiting"]:
        return
    keep = []
    for o, owner, turn in st["waiting"]:
        if g.active == owner and g.turn > turn:
            g._trigger(o, _TRIGGER, 9088, Event("rebound", obj=o, player=owner))
        else:
            keep.append((o, owner, turn))
    st["waiting"] = keep


V.event("rebound")(lambda g, t, ev, src, subj, sc: False)      # put there by the rebound rules, never matched


resolving_cast_mode("rebound", lambda o: "rebound" in o.beh.keywords, "702.88a", "rebound trigger")


@V.effect("rebound_cast", keys=None, values=())
def rebound_cast(g, arg, ctx):
    """702.88a: its owner may cast it from exile without paying its mana cost (else it stays exiled)."""
    offer_cast(g, ctx, "rebound", "cast it by rebound", "702.88a")
