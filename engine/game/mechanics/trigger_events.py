"""More trigger events (603.2): "enters or leaves the battlefield" (603.6a/603.6c), "transforms (into ~)"
(701.28), "whenever you cast your second spell each turn" (601.2i), "whenever a creature attacks you or a
planeswalker you control" (508.3a), "enters or attacks"."""
from __future__ import annotations

from ... import vocabulary as V
from ..objects import Event
from ..triggers import _players_event


@V.event("enters_or_leaves")
def _enters_or_leaves(g, t, ev, src, subj, sc):
    """603.6a / 603.6c: a permanent enters or leaves the battlefield (leaving is looked back at, 603.10a)."""
    return ev.kind == "zone" and (ev.to == "battlefield" or ev.frm == "battlefield")


@V.event("enters_or_attacks")
def _enters_or_attacks(g, t, ev, src, subj, sc):
    """603.6a / 508.3a: a permanent enters the battlefield, or a creature is declared as an attacker."""
    return ev.kind == "attacks" or ev.kind == "zone" and ev.to == "battlefield"


@V.event("transforms")
def _transforms(g, t, ev, src, subj, sc):
    """701.28a: a permanent transforms (turns to its other face; "transforms into ~" is an ability of the face
    it turned to, so it sees the event after the change, 712.8)."""
    return ev.kind == "transforms"


def _spells_cast_this_turn(g, player) -> int:
    return sum(1 for t, what, who in g.history if t == g.turn and what == "cast" and who[0] == player)


@V.event("cast_second")
def _cast_second(g, t, ev, src, subj, sc):
    """601.2i: a player casts their second spell this turn (`whose: you|opponent|each`; spells cast before the
    scenario began are not counted)."""
    if ev.kind != "cast" or _spells_cast_this_turn(g, ev.player) != 2:
        return False
    whose = t.get("whose", "you")
    return whose == "each" or (ev.player == src.controller) == (whose == "you")


@V.event("attacks_you")
def _attacks_you(g, t, ev, src, subj, sc):
    """508.3a: a creature is declared as an attacker attacking the source's controller or a planeswalker they
    control (`object` filters the attacker)."""
    if ev.kind != "attacks":
        return False
    d = ev.player
    if isinstance(d, str):
        return d == src.controller
    return d is not None and getattr(d, "controller", None) == src.controller


# ---------------------------------------------------------------- events with a second object ("that creature")
def _other_ok(g, t, ev, src):
    f = t.get("other_party")
    o = ev.source
    return f is None or (o is not None and g.match(o, g.chars(o), f, src, src.controller, ev))


def _pair_event(name, kinds, doc):
    def match(g, t, ev, src, subj, sc):
        return ev.kind in kinds and _other_ok(g, t, ev, src)
    match.__doc__ = doc
    V.event(name)(match)
    V.PAIR_EVENTS.add(name)


for _name, _kinds, _doc in (
        ("blocks_creature", ("blocks_pair",), "509.3a: a creature blocks a creature (`object`: the blocker, "
                                              "`other_party`: the attacker it blocks — \"that creature\")."),
        ("blocked_by_creature", ("blocked_by_pair",), "509.3c: an attacking creature becomes blocked by a creature "
                                                      "(`other_party`: the blocker)."),
        ("blocks_or_blocked_by_creature", ("blocks_pair", "blocked_by_pair"),
         "509.3a/509.3c: a creature blocks or becomes blocked by a creature (once for each such creature, "
         "`other_party` filters it)."),
        ("combat_damage_creature", ("combat_damage_to_creature",),
         "510.2: a source deals combat damage to a creature (`other_party`: the creature dealt damage)."),
        ("damage_creature", ("combat_damage_to_creature", "damage_to_creature"),
         "120.3: a source deals damage to a creature, combat or not (`other_party`: the creature).")):
    _pair_event(_name, _kinds, _doc)


@V.object_word("event_other")
def _event_other(g, ctx):
    """"That creature" of an event with a second object: the creature blocked / blocking / dealt damage (608.2c;
    as it is now — gone if it left the battlefield, 400.7)."""
    ev = ctx.event
    o = ev.source if ev is not None and ev.kind in _PAIR_KINDS else None
    return [o] if o is not None and not getattr(o, "gone", True) else []


_PAIR_KINDS = frozenset({"blocks_pair", "blocked_by_pair", "combat_damage_to_creature", "damage_to_creature"})


@V.player_word("event_other_controller")
def _event_other_controller(g, ctx):
    """"That creature's controller" of an event with a second object: the controller of that creature (last
    known information, 608.2h)."""
    ev = ctx.event
    o = ev.source if ev is not None and ev.kind in _PAIR_KINDS else None
    return [o.controller] if o is not None else []



# ---------------------------------------------------------------- discarding (701.9; cycling's own events: mechanics/cycling.py)
def discarded(g, player, cards):
    """701.9: `player` discarded these cards (their new objects in the graveyard): the discard events."""
    g.detect([Event("discard", obj=c, player=player) for c in cards if c is not None])


V.event("discard")(_players_event("discard", "701.9: a player discards a card (one event per card)."))


@V.event("cycle_or_discard")
def _cycle_or_discard(g, t, ev, src, subj, sc):
    """702.29 / 701.9: "whenever you cycle or discard a card" — cycling discards the card, so it triggers once
    for each card discarded (`whose`; the source on the battlefield)."""
    return _discard_event(g, t, ev, src, subj, sc)


_discard_event = _players_event("discard", "")


@V.event("cast_or_copy")
def _cast_or_copy(g, t, ev, src, subj, sc):
    """601.2i / 707.10: a spell is cast or copied (`object` filters the spell; `whose` the player)."""
    if ev.kind not in ("cast", "copy"):
        return False
    whose = t.get("whose", "you")
    return whose == "each" or (ev.player == src.controller) == (whose == "you")


@V.event("draw_second")
def _draw_second(g, t, ev, src, subj, sc):
    """121.1: a player draws their second card this turn (`whose`; the source on the battlefield)."""
    return ev.amount == 2 and _draw(g, t, ev, src, subj, sc)


_draw = _players_event("draw", "")




@V.event("damage_you")
def _damage_you(g, t, ev, src, subj, sc):
    """120.3: a source deals damage to the source's controller ("whenever you're dealt damage", "whenever a
    creature deals damage to you"; `object` filters the source; `event:amount` the damage)."""
    return ev.kind == "damage_player" and ev.player == src.controller


@V.event("combat_damage_you")
def _combat_damage_you(g, t, ev, src, subj, sc):
    """510.2: a creature deals combat damage to the source's controller."""
    return ev.kind == "combat_damage_player" and ev.player == src.controller
