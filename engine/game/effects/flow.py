"""Control flow inside effects: "the Nth time this resolves", "unless a player pays" (118.12)."""
from __future__ import annotations

from ...vocabulary import effect
from ..objects import Ctx


@effect("nth_resolution", keys=("n", "then", "else"), nested=("then", "else"), values=(), logged=False)
def nth_resolution(g, arg, ctx):
    """"The Nth time this ability has resolved this turn": run `then` if so, else `else`."""
    a = ctx.ability
    n = g.resolved_count.get((ctx.source.oid, a.index, g.turn), 0) if a else 0
    g.do_effects(arg["then"] if n == arg["n"] else arg.get("else", []), ctx)


@effect("unless", keys=("player", "pay", "pay_life", "sacrifice", "else"), nested=("else",), filters=("sacrifice",))
def unless(g, arg, ctx):
    """"… unless that player pays / sacrifices …": the player decides on resolution (603.5, 118.12)."""
    for p in g.players_of(arg.get("player", "target"), ctx):
        if arg.get("sacrifice"):
            cands = [o for o in g.bf if o.controller == p and
                     g.match(o, g.chars(o), arg["sacrifice"], None, p)]
            if cands and g.choose_yes(p, f"{ctx.source.name}: sacrifice to avoid the effect?", ("pay", "may")):
                o = g.choose_card(p, cands, "sacrifice")
                g.log("701.17a", f"{p} sacrifices {o.name}")
                g.move(o, "graveyard")
                continue
        elif arg.get("pay"):
            if g.choose_yes(p, f"{ctx.source.name}: pay {arg['pay']}?", ("pay", "may")):
                g.log("118.12", f"{p} pays {arg['pay']}")
                continue
        elif arg.get("pay_life") is not None:
            if g.choose_yes(p, f"{ctx.source.name}: pay {arg['pay_life']} life?", ("pay", "may")):
                g.life[p] -= int(arg["pay_life"])
                g.log("119.4", f"{p} pays {arg['pay_life']} life")
                continue
        g.do_effects(arg.get("else", []), Ctx(ctx.source, ctx.controller, ctx.targets, ctx.event,
                                                   ctx.ability))
