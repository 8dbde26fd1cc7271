"""What happened this turn, for conditions that look back over the turn: "if a creature died this turn"
(morbid, 700.4), "if you attacked this turn" (raid, 508.1 — a player attacked if they declared an attacker),
"if no spells were cast last turn" / "if a player cast two or more spells last turn" (601.2i; turns before the
scenario began count as having none)."""
from __future__ import annotations

from ... import vocabulary as V


@V.hook(V.EVENT_WATCHERS, kinds=("zone", "attacks", "cast"))
def _remember(g, events):
    for ev in events:
        if ev.kind == "zone" and ev.frm == "battlefield" and ev.to == "graveyard" and ev.obj is not None:
            c = ev.obj.lki or g.chars(ev.obj)
            if "Creature" in c.types:
                g.history.add((g.turn, "creature_died", ev.obj.controller))
        elif ev.kind == "attacks" and ev.obj is not None:
            g.history.add((g.turn, "attacked", ev.obj.controller))
        elif ev.kind == "cast" and ev.obj is not None:
            g.history.add((g.turn, "cast", (ev.player, ev.obj.oid)))


@V.condition("creature_died_this_turn")
def _creature_died(g, value, src, ctrl, ev):
    """700.4: a creature died this turn (any player's) — or none did."""
    return any(t == g.turn and what == "creature_died" for t, what, _ in g.history) == bool(value)


@V.condition("attacked_this_turn")
def _attacked(g, value, src, ctrl, ev):
    """508.1: the controller declared one or more attackers this turn — or didn't."""
    return ((g.turn, "attacked", ctrl) in g.history) == bool(value)


def _casts_last_turn(g):
    out: dict = {}
    for t, what, who in g.history:
        if t == g.turn - 1 and what == "cast":
            out[who[0]] = out.get(who[0], 0) + 1
    return out


@V.condition("no_spells_last_turn")
def _no_spells(g, value, src, ctrl, ev):
    """No spells were cast during the previous turn (by any player) — or some were."""
    return (not _casts_last_turn(g)) == bool(value)


@V.condition("two_spells_last_turn")
def _two_spells(g, value, src, ctrl, ev):
    """A player cast two or more spells during the previous turn — or none did."""
    return any(n >= 2 for n in _casts_last_turn(g).values()) == bool(value)
