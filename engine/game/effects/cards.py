"""Card effects: draw (121), scry (701.22), discard (701.8), mill (701.13), search (701.19)."""
from __future__ import annotations

from ...vocabulary import effect


@effect("draw", keys=("n",))
def draw(g, arg, ctx):
    """121.1: the controller draws `n` cards."""
    n = g.value(arg if not isinstance(arg, dict) else arg.get("n", 1), ctx)
    g.draw(ctx.controller, n)


@effect("scry")
def scry(g, arg, ctx):
    """701.22a: the controller scries N."""
    g.scry(ctx.controller, g.value(arg, ctx))


@effect("discard", keys=("player", "n"))
def discard(g, arg, ctx):
    """701.8: `player` discards `n` cards of their choice."""
    for p in g.players_of(arg.get("player"), ctx):
        for _ in range(g.value(arg.get("n", 1), ctx)):
            hand = g.pz[p]["hand"]
            if not hand:
                break
            o = g.choose_card(p, list(hand), "discard")
            g.log("701.8", f"{p} discards {o.name}")
            g.move(o, "graveyard")


@effect("discard_chosen", keys=("player", "filter"), filters=("filter",))
def discard_chosen(g, arg, ctx):
    """The ability's controller picks a matching card from the target player's hand; it is discarded."""
    for p in g.players_of(arg.get("player", "target"), ctx):
        cands = [o for o in g.pz[p]["hand"] if g.match(o, g.chars(o), arg.get("filter", {}), None,
                                                               ctx.controller)]
        o = g.choose_card(ctx.controller, cands, f"card for {p} to discard")
        if o is not None:
            g.log("701.8", f"{p} discards {o.name}")
            g.move(o, "graveyard")


@effect("mill", keys=("player", "n"))
def mill(g, arg, ctx):
    """701.13a: put the top N cards of the library into the graveyard."""
    for p in g.players_of(arg.get("player", "you"), ctx):
        n = g.value(arg.get("n", 1), ctx)
        cards = g.pz[p]["library"][:n]
        if cards:
            g.log("701.13a", f"{p} mills {len(cards)}")
            g.move_batch([(o, "graveyard", None) for o in cards])


@effect("search", keys=("filter", "to", "tapped"), filters=("filter",))
def search(g, arg, ctx):
    """701.19: search the library for a card matching `filter`; put it `to` a zone (`tapped`)."""
    p = ctx.controller
    lib = g.pz[p]["library"]
    f = arg.get("filter", {})
    cands = [o for o in lib if g.match(o, g.chars(o), f, ctx.source, p)]
    o = g.choose_card(p, cands, "search the library")
    if o is None:
        g.log("701.19", f"{p} finds nothing")
        return
    g.log("701.19", f"{p} searches and finds {o.name}")
    g.move(o, arg.get("to", "hand"), controller=p, tapped=arg.get("tapped", False))
