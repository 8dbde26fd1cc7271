"""Madness (702.35): "If a player would discard this card, that player discards it, but exiles it instead of
putting it into their graveyard" (a replacement, 614.1a) and "When this card is exiled this way, its owner may
cast it by paying [cost] rather than paying its mana cost. If that player doesn't, they put this card into their
graveyard" (a triggered ability, 702.35a).  The owner answers `may: yes` (then the spell's `targets`) as the
trigger resolves; the spell is cast then, timing ignored (702.35a), with `mode: madness`."""
from __future__ import annotations

from ... import vocabulary as V

from ..objects import Event
from .resolving_cast import offer_cast, resolving_cast_mode

_MANA = lambda v, c=None: "" if isinstance(v, str) and v.startswith("{") else repr(v)         # noqa: E731
V.top_key("madness", _MANA, "702.35a: madness [cost] — a discarded card is exiled instead; its trigger lets its "
                            "owner cast it for the cost (`may: yes`), else it goes to the graveyard")

_TRIGGER = {"event": "madness", "name": "madness", "targets": [], "effects": [{"madness_cast": True}]}
_INDEX = 9035                     # the trigger's index among the card's abilities (apart from its printed ones)


@V.hook(V.MOVE_REPLACEMENTS, frm=("hand",), to=("graveyard",))
def _exile_instead(g, o, to):
    """702.35a / 701.9a: a card with madness that would be discarded (hand → graveyard) is exiled instead."""
    if o.zone == "hand" and to == "graveyard" and o.beh.extra.get("madness") and not o.is_ability:
        g.log("702.35a", f"{o.name} has madness: discarded into exile instead")
        o.mode = "madness_discarded"
        return "exile"
    return to


@V.hook(V.MOVED_HOOKS, to=("exile",))
def _madness_trigger(g, old, new, opts):
    """702.35a: "When this card is exiled this way" — the madness trigger of the exiled card."""
    if new.zone == "exile" and old.mode == "madness_discarded":
        g._trigger(new, _TRIGGER, _INDEX, Event("madness", obj=new, player=new.owner))


@V.event("madness")
def _madness_event(g, t, ev, src, subj, sc):
    """702.35a: the madness trigger is put there by the discard itself (no permanent's event matches it)."""
    return False


resolving_cast_mode("madness", lambda o: bool(o.beh.extra.get("madness")), "702.35a", "madness trigger")


@V.effect("madness_cast", keys=None, values=())
def madness_cast(g, arg, ctx):
    """702.35a: the owner may cast the exiled card for its madness cost; if they don't (or can't: no legal
    target, 601.2c), it is put into their graveyard."""
    offer_cast(g, ctx, "madness", f"cast it for its madness cost {ctx.source.beh.extra.get('madness')}", "702.35a",
               declined="graveyard")
