"""Keywords whose trigger works from the graveyard or the hand (group ek, issue 21): recover (702.59) and miracle
(702.94).

- Recover [cost]: "When a creature is put into your graveyard from the battlefield, you may pay [cost]. If you
  do, return this card from your graveyard to your hand. Otherwise, exile this card." (702.59a) — the card's
  owner answers `pay: yes|no` as the trigger resolves.
- Miracle [cost]: "You may reveal this card from your hand as you draw it if it's the first card you've drawn
  this turn. When you reveal this card this way, you may cast it by paying [cost] rather than its mana cost."
  (702.94a) — `may: yes|no` to reveal as it is drawn, then `may: yes|no` (and the spell's `targets`) as the
  trigger resolves; the spell is cast then, timing ignored (702.94a), with `mode: miracle`.
"""
from __future__ import annotations

from ... import vocabulary as V

_MANA = lambda v, c=None: "" if isinstance(v, str) and v.startswith("{") else repr(v)         # noqa: E731

# ---------------------------------------------------------------- recover 702.59
V.top_key("recover", _MANA, "702.59a: recover [cost] — when a creature is put into its owner's graveyard from the "
                            "battlefield, this card there returns to the hand if the cost is paid (`pay`), else "
                            "it is exiled")
_RECOVER = {"event": "recover", "name": "recover", "targets": [], "effects": [{"recover_return": True}]}
_RECOVER_INDEX = 9059             # the trigger's index among the card's abilities (apart from its printed ones)


@V.event("recover")
def _recover_event(g, t, ev, src, subj, sc):
    """702.59a: the recover trigger is put there by the creature's move itself (no permanent's event matches
    it)."""
    return False


@V.hook(V.EVENT_WATCHERS, kinds=("zone",))
def _creature_to_graveyard(g, events):
    """702.59a: a creature put into a graveyard from the battlefield triggers recover of each card with recover
    already in that graveyard (its owner's: a card goes to its owner's graveyard, 404.2)."""
    for ev in events:
        if ev.kind != "zone" or ev.frm != "battlefield" or ev.to != "graveyard" or ev.new is None:
            continue
        if "Creature" not in g.chars(ev.obj).types:
            continue
        for card in list(g.pz[ev.new.owner]["graveyard"]):
            if card is not ev.new and card.beh.extra.get("recover"):
                g._trigger(card, _RECOVER, _RECOVER_INDEX, ev)


@V.effect("recover_return", keys=None, values=())
def recover_return(g, arg, ctx):
    """702.59a: pay the recover cost (`pay` answer) — the card returns to its owner's hand; otherwise it is
    exiled.  A card no longer in the graveyard is left where it is (400.7)."""
    o = ctx.source
    if o.gone or o.zone != "graveyard":
        return
    cost = o.beh.extra.get("recover")
    if g.choose_yes(o.owner, f"{o.name}: pay recover {cost}?", ("pay", "may")):
        g.log("702.59a", f"{o.owner} pays recover {cost}: {o.name} returns to their hand")
        g.move(o, "hand")
    else:
        g.log("702.59a", f"{o.name}: recover not paid, exiled")
        g.move(o, "exile")


# ---------------------------------------------------------------- miracle 702.94
def _miracle_cost(v, checker=None) -> str:
    """A miracle cost with {X} is left unhandled: the cast as the trigger resolves announces no X (107.3)."""
    return _MANA(v) or ("miracle cost with X" if "{X}" in v else "")


V.top_key("miracle", _miracle_cost, "702.94a: miracle [cost] — revealed as it is drawn as the first card of the turn "
                            "(`may`), its trigger lets its owner cast it for the cost (`may: yes`, timing ignored)")
_MIRACLE = {"event": "miracle", "name": "miracle", "targets": [], "effects": [{"miracle_cast": True}]}
_MIRACLE_INDEX = 9094


@V.event("miracle")
def _miracle_event(g, t, ev, src, subj, sc):
    """702.94a: the miracle trigger is put there by the reveal as the card is drawn."""
    return False


@V.hook(V.EVENT_WATCHERS, kinds=("draw",))
def _drawn(g, events):
    """702.94a: the first card a player draws in a turn, with miracle, may be revealed; revealing it triggers."""
    for ev in events:
        o = ev.obj
        if ev.kind != "draw" or ev.amount != 1 or o is None or o.zone != "hand" or not o.beh.extra.get("miracle"):
            continue
        if g.choose_yes(ev.player, f"{o.name}: reveal it for miracle?", ("may",)):
            g.log("702.94a", f"{ev.player} reveals {o.name} (miracle)")
            g._trigger(o, _MIRACLE, _MIRACLE_INDEX, ev)


def _miracle_check(g, o):
    if not o.beh.extra.get("miracle"):
        return f"{o.name} has no miracle (702.94a)"
    if o.zone != "hand" or g.phase[0] != "resolution":
        return f"{o.name} is cast by miracle only as its miracle trigger resolves (702.94a)"
    return ""


V.cast_mode("miracle", lambda g, o: (o.beh.spell or {}).get("targets") or [], _miracle_check, zones=("hand",),
            timing=False)


@V.effect("miracle_cast", keys=None, values=())
def miracle_cast(g, arg, ctx):
    """702.94a: the owner may cast the revealed card for its miracle cost, timing ignored; it stays in the hand
    otherwise (or when it can't be cast: no legal target, 601.2c)."""
    o = ctx.source
    if o.gone or o.zone != "hand":
        return
    p = o.owner
    if g.choose_yes(p, f"{o.name}: cast it for its miracle cost {o.beh.extra.get('miracle')}?", ("may",)):
        ok, why = g.can_cast(p, o, "miracle")
        if ok:
            g.cast(p, o, mode="miracle")
            return
        g.log("702.94a", f"{o.name} can't be cast: {why}")
    g.log("702.94a", f"{p} doesn't cast {o.name}: it stays in their hand")
