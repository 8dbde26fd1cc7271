"""Card effects: draw (121), scry (701.22), surveil (701.25), discard (701.9), mill (701.17), search (701.23)."""
from __future__ import annotations

from ...vocabulary import effect, is_value, value_problems
from ..mechanics.trigger_events import discarded
from .library import _order, _pick
from .flow import action_done


@effect("draw", keys=("n", "player"), players=("player",))
def draw(g, arg, ctx):
    """121.1: the controller (or `player`: each player named) draws `n` cards."""
    if is_value(arg):
        g.draw(ctx.controller, g.value(arg, ctx))
        return
    for p in g.players_of(arg.get("player", "you"), ctx):
        g.draw(p, g.value(arg.get("n", 1), ctx))


@effect("scry")
def scry(g, arg, ctx):
    """701.22a: the controller scries N."""
    g.scry(ctx.controller, g.value(arg, ctx))


@effect("surveil")
def surveil(g, arg, ctx):
    """701.25a: the controller looks at the top N cards and puts any number into the graveyard, the rest back on top in any order (the answer `choose: {surveil: {graveyard: [names], top: [names, first on top]}}`)."""
    p = ctx.controller
    n = g.value(arg, ctx)
    look = g.pz[p]["library"][:n]
    if not look:
        return
    v = g.answer(p, "surveil", f"surveil {n}: looking at {[o.name for o in look]}", {})
    names = list((v or {}).get("graveyard") or [])
    out = []
    for name in names:
        o = next((x for x in look if x.name == g.resolve_name(name) and x not in out), None)
        if o is not None:
            out.append(o)
    g.log("701.25a", f"{p} surveils {n}, {len(out)} into the graveyard")
    if out:
        g.move_batch([(o, "graveyard", None) for o in out])
    g.order_top(g.pz[p]["library"], [o for o in look if o not in out], (v or {}).get("top"))   # the rest, in any order

def _discard_n(v):
    """`n`: a VALUE, or `all` — the whole hand ("discard your hand", 701.9)."""
    return "" if v == "all" else value_problems(v)


@effect("discard", keys=("player", "n", "random", "filter"), players=("player",), filters=("filter",), values=(),
        enums={"n": _discard_n})
def discard(g, arg, ctx):
    """701.9: `player` discards `n` cards (`all`: the hand) of their choice (`filter`: only such cards); `random: true` — chosen at random (701.9c: the scenario's `card` answers name the cards the randomness picked)."""
    for p in g.players_of(arg.get("player"), ctx):
        if arg.get("n") == "all":               # "discards their hand": every card at once, no choice
            hand = [o for o in g.pz[p]["hand"] if g.match(o, g.chars(o), arg.get("filter", {}), ctx.source, p)]
            g.log("701.8", f"{p} discards their hand ({len(hand)} cards)")
            discarded(g, p, g.move_batch([(o, "graveyard", None) for o in hand]) if hand else [])
            continue
        n = g.value(arg.get("n", 1), ctx)
        for _ in range(n):
            hand = [o for o in g.pz[p]["hand"] if g.match(o, g.chars(o), arg.get("filter", {}), ctx.source, p)]
            if not hand:
                action_done(ctx, False)         # 608.2c: "you may discard a card. If you do": it didn't happen
                break
            o = g.choose_card(p, list(hand), "discard at random" if arg.get("random") else "discard")
            action_done(ctx, True)
            g.log("701.8", f"{p} discards {o.name}")
            discarded(g, p, [g.move(o, "graveyard")])


@effect("discard_chosen", keys=("player", "filter"), filters=("filter",), players=("player",))
def discard_chosen(g, arg, ctx):
    """The ability's controller picks a matching card from the target player's hand; it is discarded."""
    for p in g.players_of(arg.get("player", "target"), ctx):
        cands = [o for o in g.pz[p]["hand"] if g.match(o, g.chars(o), arg.get("filter", {}), None,
                                                               ctx.controller)]
        o = g.choose_card(ctx.controller, cands, f"card for {p} to discard")
        if o is not None:
            g.log("701.8", f"{p} discards {o.name}")
            discarded(g, p, [g.move(o, "graveyard")])


@effect("mill", keys=("player", "n"), players=("player",))
def mill(g, arg, ctx):
    """701.13a: put the top N cards of the library into the graveyard."""
    for p in g.players_of(arg.get("player", "you"), ctx):
        n = g.value(arg.get("n", 1), ctx)
        cards = g.pz[p]["library"][:n]
        if cards:
            g.log("701.13a", f"{p} mills {len(cards)}")
            g.move_batch([(o, "graveyard", None) for o in cards])


_SEARCH_ZONES = (["library", "graveyard"], ["graveyard", "hand", "library"])


@effect("search", keys=("filter", "to", "tapped", "reveal", "n", "up_to", "zones", "player", "take"), filters=("filter",),
        players=("player",),
        enums={"to": ("hand", "battlefield", "graveyard", "library_top", "exile", "split", "split_graveyard"),
               "take": ("all", "any"), "zones": lambda v, c=None: "" if v in _SEARCH_ZONES else repr(v)})
def search(g, arg, ctx):
    """701.19: search the library for `n` cards matching `filter` (`up_to`: fewer allowed — 701.19b a player
    may always fail to find cards with a stated quality); put them `to` a zone (`tapped`; `library_top`: on top
    after the shuffle in any order, 701.19 / 401.4; `split`: the first card found onto the battlefield tapped,
    the other into the hand; `split_graveyard`: the first into the hand, the other into the graveyard;
    `zones: [library, graveyard]`: "search your library and/or graveyard", the found card from either; `[graveyard,
    hand, library]`: "search its controller's graveyard, hand, and library").  `player`: whose zones are searched
    (701.19a: "search target opponent's library" — the ability's controller searches, found cards enter under
    their control); `take: all` — every matching card, `any` — any number of them (answer `dig: [names]`)."""
    p = ctx.controller
    whose = g.players_of(arg["player"], ctx)[:1] if "player" in arg else [p]
    if not whose:
        return
    owner = whose[0]
    lib = g.pz[owner]["library"]
    pool = [o for z in arg.get("zones", ["library"]) for o in g.pz[owner][z]]
    f = arg.get("filter", {})
    if "take" in arg:
        cands = [o for o in pool if g.match(o, g.chars(o), f, ctx.source, p)]
        found = _pick(g, p, {"take": arg["take"]}, cands, f"{ctx.source.name}: search")
    else:
        found = _search_n(g, p, pool, f, g.value(arg.get("n", 1), ctx), arg.get("up_to"), ctx)
    if not found:
        g.log("701.19", f"{p} finds nothing")
        ctx.found = []
        return
    g.log("701.23", f"{p} searches and finds {[o.name for o in found]}" + (" and reveals them (701.20)" if arg.get("reveal") else ""))
    if arg.get("to") == "library_top":
        found = _order(g, p, found, f"{ctx.source.name}: on top")
        for o in found:
            lib.remove(o)
        lib[0:0] = found
        g.log("701.19", "the library is shuffled, the found cards put on top")
        g.touch()
        ctx.found = list(found)
        return
    if arg.get("to") in ("split", "split_graveyard"):   # "put one onto the battlefield tapped and the other …"
        first, other = ("battlefield", "hand") if arg["to"] == "split" else ("hand", "graveyard")
        moves = [(o, first if i == 0 else other, {"controller": p, "tapped": i == 0 and first == "battlefield"})
                 for i, o in enumerate(found)]
    else:
        moves = [(o, arg.get("to", "hand"), {"controller": p, "tapped": arg.get("tapped", False)}) for o in found]
    news = g.move_batch(moves)
    ctx.found = [x for x in news if x is not None]


def _search_n(g, p, pool, f, n, up_to, ctx):
    found = []
    for _ in range(n):
        cands = [o for o in pool if o not in found and g.match(o, g.chars(o), f, ctx.source, p)]
        if found and up_to and cands and not g.choose_yes(p, f"search for another card ({len(found)} found)"):
            break
        o = g.choose_card(p, cands, "search the library")
        if o is None:
            break
        found.append(o)
    return found
