"""Life gain and loss (119)."""
from __future__ import annotations

from ...vocabulary import effect, value_form, is_value


@effect("gain_life", keys=("n", "player"), players=("player",))
def gain_life(g, arg, ctx):
    """119.3: players gain `n` life (unless an effect says they can't, 119.7)."""
    n, who = (arg, None) if is_value(arg) else (arg.get("n", 1), arg.get("player"))
    for p in g.players_of(who, ctx):
        g.gain_life(p, g.value(n, ctx))


@effect("lose_life", keys=("player", "n"), players=("player",))
def lose_life(g, arg, ctx):
    """119.3: players lose `n` life (the total is what "the life lost this way" reads next)."""
    total = 0
    for p in g.players_of(arg.get("player"), ctx):
        k = g.value(arg.get("n", 1), ctx)
        g.life[p] -= k
        total += max(0, k)
        g.log("119.3", f"{p} loses {k} life")
    g.life_lost_this_way = total


@value_form("lost_this_way", args=("life",))
def _lost_this_way(g, arg, ctx):
    """`lost_this_way:life`: the total life the previous life-loss effect of this resolution made players lose
    ("you gain life equal to the life lost this way", 608.2c)."""
    return g.life_lost_this_way


@effect("energy")
def energy(g, arg, ctx):
    """107.14 / 122.1: "you get {E}{E}" — the controller gets that many energy counters."""
    pc = g.pcounters[ctx.controller]
    pc["energy"] = pc.get("energy", 0) + g.value(arg, ctx)


@effect("win_game", keys=(), values=())
def win_game(g, arg, ctx):
    """104.2b: an effect states that a player (the controller) wins the game; 104.3a: in a two-player game each
    opponent loses it (104.2a: the player still in the game wins)."""
    for q in g.opponents(ctx.controller):
        g.lost.add(q)
        g.log("104.2b", f"{ctx.controller} wins the game; {q} loses it")
