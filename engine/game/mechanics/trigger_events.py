"""More trigger events (603.2): "enters or leaves the battlefield" (603.6a/603.6c), "transforms (into ~)"
(701.28), "whenever you cast your second spell each turn" (601.2i), "whenever a creature attacks you or a
planeswalker you control" (508.3a), "enters or attacks"."""
from __future__ import annotations

from ... import vocabulary as V


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
