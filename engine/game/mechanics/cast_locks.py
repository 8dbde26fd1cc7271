"""Casting prohibitions an effect creates for the rest of the turn (601.3, 101.2): "your opponents can't cast
spells this turn", "target player can't cast noncreature spells this turn" — ``cant_cast_this_turn`` with the
players it binds and an optional spell FILTER.  Nothing is recorded until such an effect resolves; the cast check
reads only the locks of the current turn (611.2a: the effect lasts until end of turn)."""
from __future__ import annotations

from ... import vocabulary as V


@V.effect("cant_cast_this_turn", keys=("player", "filter"), players=("player",), filters=("filter",), values=())
def cant_cast_this_turn(g, arg, ctx):
    """601.3 / 611.2a: each named player can't cast spells (fitting `filter`) for the rest of this turn."""
    locks = g.__dict__.setdefault("cast_locks", [])
    players = g.players_of(arg.get("player", "you"), ctx)
    locks.append((g.turn, frozenset(players), arg.get("filter") or {}, ctx.source, ctx.controller))
    g.log("601.3", f"{ctx.source.name}: {', '.join(players)} can't cast "
                   f"{'those ' if arg.get('filter') else ''}spells this turn")


@V.hook(V.CAST_CHECKS)
def _locked(g, p, o, mode) -> str:
    locks = g.__dict__.get("cast_locks")
    if not locks:
        return ""
    for turn, players, f, src, ctrl in locks:
        if turn == g.turn and p in players and (not f or g.match(o, g.chars(o), f, src, ctrl)):
            return f"{o.name} can't be cast: {src.name}'s effect prohibits it this turn (601.3, 611.2a)"
    return ""
