"""Afflict (702.130): "Afflict N" means "Whenever this creature becomes blocked, defending player loses N life."

A behaviour has the keyword ``afflict`` and its number as the top-level key ``afflict: N``.  Becoming blocked is
one event however many creatures block it (509.3c), so the ability triggers once per combat (603.2)."""
from __future__ import annotations

from ... import vocabulary as V

V.top_key("afflict", lambda v, c=None: "" if isinstance(v, int) and not isinstance(v, bool) and v >= 1 else repr(v),
          "702.130a: afflict N — whenever this creature becomes blocked, defending player loses N life")


@V.keyword_ability("afflict", "702.130")
def afflict():
    """702.130a: the trigger of afflict; its N is the behaviour's ``afflict`` key (read as it resolves)."""
    return [{"event": "becomes_blocked", "name": "afflict", "object": {"self": True}, "targets": [],
             "effects": [{"afflict_life_loss": True}]}]


@V.effect("afflict_life_loss", keys=None, values=())
def afflict_life_loss(g, arg, ctx):
    """702.130a: the defending player (the player the creature attacks, 506.2) loses N life, N the source's
    afflict number; a source without a number loses nobody any life and says so."""
    src = ctx.source
    n = (src.beh.extra.get("afflict") if getattr(src, "beh", None) is not None else None)
    if not isinstance(n, int):
        g.log("702.130a", f"{src.name} has afflict without a number: no life is lost")
        return
    defender = g.defending_player(src.oid)         # 506.2 (a planeswalker's controller)
    players = [defender] if defender in g.life else g.opponents(ctx.controller)
    for p in players:
        g.life[p] -= n
        g.log("702.130a", f"{p} loses {n} life (afflict {n})")
