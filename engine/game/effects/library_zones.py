"""More library effects (701.19 family): reveal cards until one matches (701.20), shuffle whole zones into a
library (701.24), and the `named` filter of a search for a card by name (201.2)."""
from __future__ import annotations

from ...vocabulary import effect, filter_key
from .library import _REST, _order, dig


@effect("reveal_until", keys=("filter", "to", "rest", "player", "n"), filters=("filter",), players=("player",),
        enums={"to": ("hand", "battlefield", "graveyard"), "rest": _REST + ("shuffle",)})
def reveal_until(g, arg, ctx):
    """701.20: reveal cards from the top of the library until a card matching `filter` is revealed (`n`: until
    that many are; or the library runs out); those cards go `to` a zone, the other revealed cards go `rest` (as
    for `dig`; `shuffle`: shuffled back into the library, 701.24).  `player`: each player named reveals from
    their own library and puts the cards (onto the battlefield under their own control, 110.2)."""
    if arg.get("player", "you") == "you" and arg.get("n", 1) == 1:
        lib = g.pz[ctx.controller]["library"]
        f = arg.get("filter") or {}
        k = next((i + 1 for i, o in enumerate(lib) if g.match(o, g.chars(o), f, ctx.source, ctx.controller)), None)
        parts = [{"take": 1, "filter": f, "to": arg["to"]}] if k else []      # none found: the whole library revealed
        rest = arg.get("rest", "bottom_random")
        dig(g, {"n": k or len(lib), "reveal": True, "parts": parts, "rest": "stay" if rest == "shuffle" else rest}, ctx)
        return
    for p in g.players_of(arg.get("player", "you"), ctx):
        _reveal_until_of(g, p, arg, ctx)


def _reveal_until_of(g, p, arg, ctx):
    lib = g.pz[p]["library"]
    need, hits, k = g.value(arg.get("n", 1), ctx), [], len(lib)
    for i, o in enumerate(lib):
        if g.match(o, g.chars(o), arg.get("filter") or {}, ctx.source, ctx.controller):
            hits.append(o)
            if len(hits) >= need:
                k = i + 1
                break
    revealed = lib[:k]
    g.log("701.20", f"{p} reveals {[o.name for o in revealed]} ({len(hits)} matching)")
    left = [o for o in revealed if o not in hits]
    rest = arg.get("rest", "bottom_random")
    moves = [(o, arg["to"], {"controller": p}) for o in hits]
    if rest in ("bottom", "bottom_random") and left:
        ordered = left if rest == "bottom_random" else _order(g, p, left, f"{ctx.source.name}: the rest")
        for o in ordered:
            lib.remove(o)
        lib.extend(ordered)
    elif rest not in ("stay", "top", "shuffle"):
        moves += [(o, rest, {"controller": p}) for o in left]
    news = g.move_batch(moves) if moves else []
    ctx.found = [n for n in news[:len(hits)] if n is not None]
    g.touch()


@effect("shuffle_zones", keys=("player", "zones"), players=("player",), values=(),
        enums={"zones": lambda v, c=None: "" if isinstance(v, list) and v and set(v) <= {"hand", "graveyard"}
               else repr(v)})
def shuffle_zones(g, arg, ctx):
    """701.24 / 401.3: each player named puts every card of those zones (their hand, their graveyard) into their
    library, then shuffles it (the scenario's library order is kept: its order is unknown to the rules)."""
    moves = [(o, "library", None) for p in g.players_of(arg.get("player", "you"), ctx)
             for z in arg["zones"] for o in list(g.pz[p][z])]
    if moves:
        g.move_batch(moves)
    g.log("701.24", f"{', '.join(arg['zones'])} shuffled into the library")


@filter_key("named")
def _named(g, o, c, v, src, ctrl, ev):
    """201.2: the card has this name (as the Oracle text spells it, case aside)."""
    return isinstance(v, str) and c.name.lower() == v.lower()


@filter_key("same_name")
def _same_name(g, o, c, v, src, ctrl, ev):
    """201.2: the card has the same name as the object an object word names (`it`: the ability's target or the
    object it refers to, last known information 608.2h)."""
    ctx = g.ctx_now
    refs = g.objects_of(v, ctx) if ctx is not None and isinstance(v, str) else []
    return any(c.name == r.name for r in refs)
