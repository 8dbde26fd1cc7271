"""Damage effects (120): damage to targets or players, fight (701.14)."""
from __future__ import annotations

from ...vocabulary import effect


@effect("damage", keys=("to", "n"),
        enums={"to": ("target", "each_opponent", "you", "each_player", "event_player")})
def damage(g, arg, ctx):
    """120.3: deal `n` damage to the targets or to players (`to: target|each_opponent|you|each_player|event_player`)."""
    n = g.value(arg.get("n", 1), ctx)
    to = arg.get("to", "target")
    tgts = []
    if to == "target":
        tgts = [x for x in ctx.targets if x is not None]
    elif to in ("each_opponent", "you", "each_player", "event_player"):
        tgts = g.players_of(to, ctx)
    g.deal_damage([(ctx.source, x, n) for x in tgts])


@effect("fight")
def fight(g, arg, ctx):
    """701.14a: each of two creatures deals damage equal to its power to the other."""
    a, b = (ctx.targets + [None, None])[:2]
    if a is None or b is None or a.gone or b.gone:
        return
    g.deal_damage([(a, b, max(0, g.chars(a).power)), (b, a, max(0, g.chars(b).power))])
