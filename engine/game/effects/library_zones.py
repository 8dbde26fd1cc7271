"""More library effects (701.19 family): reveal cards until one matches (701.20), shuffle whole zones into a
library (701.24), and the `named` filter of a search for a card by name (201.2)."""
from __future__ import annotations

from ...vocabulary import effect, filter_key
from .library import _REST, dig


@effect("reveal_until", keys=("filter", "to", "rest"), filters=("filter",), values=(),
        enums={"to": ("hand", "battlefield", "graveyard"), "rest": _REST})
def reveal_until(g, arg, ctx):
    """701.20: reveal cards from the top of the library until a card matching `filter` is revealed (or the
    library runs out); that card goes `to` a zone, the other revealed cards go `rest` (as for `dig`)."""
    lib = g.pz[ctx.controller]["library"]
    f = arg.get("filter") or {}
    k = next((i + 1 for i, o in enumerate(lib) if g.match(o, g.chars(o), f, ctx.source, ctx.controller)), None)
    parts = [{"take": 1, "filter": f, "to": arg["to"]}] if k else []      # none found: the whole library revealed
    dig(g, {"n": k or len(lib), "reveal": True, "parts": parts, "rest": arg.get("rest", "bottom_random")}, ctx)


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
