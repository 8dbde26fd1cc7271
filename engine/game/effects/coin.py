"""Coin flips (705)."""
from __future__ import annotations

from ...errors import IllegalAction
from ...vocabulary import effect


@effect("flip_coin", keys=("win", "lose"), nested=("win", "lose"), values=())
def flip_coin(g, arg, ctx):
    """705.1–705.2: the controller flips a coin and wins or loses the flip (random, 705.3: the scenario says
    how it landed — `choose: {coin: win|lose}`); the `win` or `lose` effects follow."""
    v = str(g.answer(ctx.controller, "coin", f"{ctx.source.name}: coin flip (win or lose)", "win")).lower()
    if v not in ("win", "lose", "won", "lost"):
        raise IllegalAction(f"coin: {v!r} — a coin flip is answered win or lose (705.2)")
    won = v in ("win", "won")
    g.log("705.2", f"{ctx.controller} {'wins' if won else 'loses'} the flip")
    g.do_effects(arg.get("win" if won else "lose") or [], ctx)
