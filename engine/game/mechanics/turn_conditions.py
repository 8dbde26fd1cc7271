"""Conditions that look back over the turn or at the event (603.4 intervening "if", 608.2c): "if you gained life
this turn", "if an opponent lost life this turn" (119.3: a life total that went down or up — state.LifeTotals), revolt ("if a
permanent you controlled left the battlefield this turn", 603.6c), "if it's attacking" (506.4, of the event's
object), "if there are N or more … in …" (a count of a zone)."""
from __future__ import annotations

from ... import vocabulary as V


@V.hook(V.EVENT_WATCHERS, kinds=("zone",))
def _left(g, events):
    for ev in events:
        if ev.kind == "zone" and ev.frm == "battlefield" and ev.obj is not None:
            g.history.add((g.turn, "left_battlefield", ev.obj.controller))


@V.condition("gained_life_this_turn")
def _gained(g, value, src, ctrl, ev):
    """119.3: the controller gained life this turn — or didn't."""
    return ((g.turn, "gained_life", ctrl) in g.history) == bool(value)


@V.condition("gained_life_at_least")
def _gained_at_least(g, value, src, ctrl, ev):
    """119.3: the controller gained at least N life in total this turn."""
    return g.life_gained.get((g.turn, ctrl), 0) >= int(value)


@V.condition("opponent_lost_life_this_turn")
def _opp_lost(g, value, src, ctrl, ev):
    """119.3: an opponent of the controller lost life this turn — or none did."""
    return any((g.turn, "lost_life", p) in g.history for p in g.players if p != ctrl) == bool(value)


@V.condition("revolt")
def _revolt(g, value, src, ctrl, ev):
    """Revolt: a permanent the controller controlled left the battlefield this turn (603.6c) — or none did."""
    return ((g.turn, "left_battlefield", ctrl) in g.history) == bool(value)


@V.condition("event_object_attacking")
def _event_attacking(g, value, src, ctrl, ev):
    """506.4: "it's attacking" — the object the event is about is an attacking creature; in a static ability
    ("has first strike as long as it's attacking", 611.3) with no event, the source itself."""
    o = ev.subject() if ev is not None else src
    return (o is not None and not getattr(o, "is_ability", False) and o.oid in g.attackers) == bool(value)


@V.condition("count_at_least", filters=("filter",))
def _count_at_least(g, value, src, ctrl, ev):
    """"There are N or more … in graveyards / your graveyard": at least `n` objects matching `filter` in `zone`
    (`graveyard|hand|library|exile|battlefield`; every player's unless the filter says whose)."""
    f, zone = value["filter"], value["zone"]
    pool = g.bf if zone == "battlefield" else [o for p in g.players for o in g.pz[p][zone]]
    return sum(1 for o in pool if g.match(o, g.chars(o), f, src, ctrl, ev)) >= value["n"]


@V.hook(V.EVENT_WATCHERS, kinds=("dealt_damage",))
def _damaged(g, events):
    for ev in events:
        if ev.kind == "dealt_damage" and ev.obj is not None:       # ("damaged_by" is recorded as damage is dealt)
            g.history.add((g.turn, "damaged", ev.obj.card_no))


@V.filter_key("dealt_damage_this_turn")
def _dealt_damage_this_turn(g, o, c, v, src, ctrl, ev):
    """120.3: the permanent was dealt damage this turn (by any source) — or wasn't."""
    return ((g.turn, "damaged", o.card_no) in g.history) == bool(v)


@V.filter_key("dealt_damage_by_self_this_turn")
def _dealt_damage_by_self(g, o, c, v, src, ctrl, ev):
    """120.3: "a creature dealt damage by ~ this turn" — the source dealt damage to it this turn (the same card,
    even after it died: 603.10a looks back at it)."""
    return src is not None and ((g.turn, "damaged_by", (src.card_no, o.card_no)) in g.history) == bool(v)
