"""Zone-changing effects: destroy (701.7), exile (406) and linked abilities (607), blink (400.7), sacrifice (701.17)."""
from __future__ import annotations

from ...vocabulary import effect
from ..mechanics.exile_until import exile_until_leaves
from .flow import action_done


@effect("destroy", keys=("what", "no_regen"), objects=("*", "what"))
def destroy(g, arg, ctx):
    """701.7: destroy the objects named (`target`, `self`, `event`); indestructible ones survive (702.12b); `{what, no_regen: true}`: they can't be regenerated (701.19c)."""
    if isinstance(arg, dict):
        objs = g.objects_of(arg.get("what", "target"), ctx)
        added = {o.oid for o in objs} - g.no_regen if arg.get("no_regen") else set()   # (kept: "this turn" ones)
        g.no_regen.update(added)
        try:
            g.destroy_many(objs)
        finally:
            g.no_regen.difference_update(added)
        return
    g.destroy_many(g.objects_of(arg, ctx))


@effect("destroy_all", filters=("*",))
def destroy_all(g, arg, ctx):
    """701.7: destroy every permanent matching the FILTER argument, simultaneously."""
    g.destroy_many([o for o in g.bf if g.match(o, g.chars(o), arg, ctx.source, ctx.controller)])


@effect("exile", keys=("what", "link", "until"), objects=("*", "what"), enums={"until": ("self_leaves",)})
def exile(g, arg, ctx):
    """Exile objects; with `link: true` the source remembers them for a linked ability (607.2a); `until:
    self_leaves`: until the source leaves the battlefield (610.3, mechanics/exile_until)."""
    target = arg.get("what", "target") if isinstance(arg, dict) else arg
    objs = [o for o in g.objects_of(target, ctx) if o.zone in ("battlefield", "graveyard", "hand", "stack")]
    ev = ctx.event
    if target == "self" and ctx.source.gone and ev is not None and ev.obj is not None and \
            ev.obj.oid == ctx.source.oid:
        # 400.7d: "when ~ dies, you may exile it" — the ability finds the card its event put in the graveyard,
        # if it is still that object there
        new = ev.new
        objs = [new] if new is not None and not new.gone and new.zone == "graveyard" else []
    action_done(ctx, bool(objs))            # 608.2c: "you may exile it. If you do": nothing there, not done
    if isinstance(arg, dict) and arg.get("until") == "self_leaves":
        return exile_until_leaves(g, objs, ctx)
    news = g.move_batch([(o, "exile", None) for o in objs])
    if isinstance(arg, dict) and arg.get("link"):
        g.linked.setdefault(ctx.source.card_no, []).extend(n for n in news if n is not None)


@effect("return_linked", keys=(), values=())
def return_linked(g, arg, ctx):
    """Return every card the linked ability exiled — all at once (607.2a, 610.3c)."""
    cards = [o for o in g.linked.pop(ctx.source.card_no, []) if not o.gone and o.zone == "exile"]
    if cards:
        g.move_batch([(o, "battlefield", {"controller": o.owner}) for o in cards])


@effect("blink", keys=("what", "tapped"), objects=("*", "what"))
def blink(g, arg, ctx):
    """Exile, then return under the owner's control — a new object each time (400.7)."""
    for o in g.objects_of(arg.get("what", "target") if isinstance(arg, dict) else arg, ctx):
        if o.zone != "battlefield":
            continue
        ex = g.move(o, "exile")
        if ex is not None and not ex.gone:
            g.move(ex, "battlefield", controller=ex.owner,
                      tapped=bool(arg.get("tapped")) if isinstance(arg, dict) else False)


@effect("return_to_hand", keys=("choose", "n", "zone"), objects=("*",), filters=("choose",),
        enums={"zone": ("graveyard",)})
def return_to_hand(g, arg, ctx):
    """Return objects to their owners' hands: `target`/`self` (a permanent, or a card in a graveyard); `event`: the card the event moved (e.g. a creature that died), if it is still that object (400.7)."""
    if isinstance(arg, dict):             # "return a creature you control to its owner's hand": chosen now
        # "return a creature card from your graveyard to your hand": a card in the controller's graveyard (404.1)
        pool = g.bf
        if arg.get("zone") == "graveyard":
            mine = (arg["choose"] or {}).get("owner") == "you"
            pool = [o for p in ([ctx.controller] if mine else list(g.pz)) for o in g.pz[p]["graveyard"]]
        cands = [o for o in pool if g.match(o, g.chars(o), arg["choose"], ctx.source, ctx.controller)]
        picked = []
        for _ in range(g.value(arg.get("n", 1), ctx)):
            rest = [o for o in cands if o not in picked]
            if not rest:
                break
            picked.append(g.choose_card(ctx.controller, rest, "return to hand", by_object=True))
        action_done(ctx, bool(picked))      # 608.2c: "you may return a land you control …. If you do"
        if picked:
            g.move_batch([(o, "hand", None) for o in picked])
        return
    ev = ctx.event
    if arg == "self" and ctx.source.gone and ev is not None and ev.obj is not None and ev.obj.oid == ctx.source.oid:
        arg = "event"          # 400.7d: an ability triggered by its source moving finds the new object
    if arg == "event":
        card = ev.new if ev is not None else None
        if card is None or card.gone or card.zone != "graveyard":
            g.log("400.7", "the card is no longer where the event put it: nothing returns")
            action_done(ctx, False)
            return
        g.move(card, "hand")
        return
    objs = [o for o in g.objects_of(arg, ctx) if not o.gone and o.zone in ("battlefield", "graveyard", "exile")]
    action_done(ctx, bool(objs))
    if objs:
        g.move_batch([(o, "hand", None) for o in objs])


def _matching(g, f, ctx):
    return [o for o in g.bf if g.match(o, g.chars(o), f, ctx.source, ctx.controller)]


@effect("return_to_hand_all", filters=("*",))
def return_to_hand_all(g, arg, ctx):
    """Return every permanent matching the FILTER to its owner's hand, simultaneously."""
    objs = _matching(g, arg, ctx)
    if objs:
        g.move_batch([(o, "hand", None) for o in objs])


@effect("exile_all", filters=("*",))
def exile_all(g, arg, ctx):
    """406.3: exile every permanent matching the FILTER, simultaneously."""
    objs = _matching(g, arg, ctx)
    if objs:
        g.move_batch([(o, "exile", None) for o in objs])


@effect("sacrifice_all", filters=("*",))
def sacrifice_all(g, arg, ctx):
    """701.17a: each player sacrifices every permanent they control matching the FILTER."""
    objs = _matching(g, arg, ctx)
    if objs:
        g.move_batch([(o, "graveyard", None) for o in objs])


@effect("sacrifice", keys=("player", "n", "filter"), objects=("*",), players=("player",), filters=("filter",))
def sacrifice(g, arg, ctx):
    """701.17a: the objects named are sacrificed (moved to the graveyard, not destroyed); `{player, n, filter}`: each of those players chooses `n` permanents they control matching `filter` (701.17a), all sacrificed at once."""
    if isinstance(arg, dict):
        moves = []
        for p in g.players_of(arg.get("player", "you"), ctx):
            cands = [o for o in g.bf if o.controller == p and
                     g.match(o, g.chars(o), arg.get("filter", {}), ctx.source, p)]
            for _ in range(g.value(arg.get("n", 1), ctx)):
                if not cands:
                    break
                o = g.choose_card(p, cands, "sacrifice")
                cands.remove(o)
                g.log("701.21a", f"{p} sacrifices {o.name}")
                moves.append((o, "graveyard", None))
        action_done(ctx, bool(moves))
        if moves:
            g.move_batch(moves)
        return
    objs = [o for o in g.objects_of(arg, ctx) if o.zone == "battlefield"]
    action_done(ctx, bool(objs))
    if objs:
        g.move_batch([(o, "graveyard", None) for o in objs])



@effect("exile_graveyard", players=("*",))
def exile_graveyard(g, arg, ctx):
    """406: exile the graveyards of the players named."""
    for p in g.players_of(arg, ctx):
        gy = list(g.pz[p]["graveyard"])
        if gy:
            g.log("406", f"exile {p}'s graveyard ({len(gy)} cards)")
            g.move_batch([(o, "exile", None) for o in gy])


@effect("put_in_library", keys=("what", "where"), objects=("what",), enums={"where": ("top", "bottom", "second", "third")},
        values=())
def put_in_library(g, arg, ctx):
    """401.4 / 400.7: put objects into their owners' libraries — on top, second or third from the top (fewer cards:
    as deep as the library goes), or on the bottom."""
    for o in g.objects_of(arg.get("what", "target"), ctx):
        if o.gone or o.zone not in ("battlefield", "graveyard", "hand", "exile", "stack"):
            continue
        new = g.move(o, "library")
        if new is None:
            continue
        lib = g.pz[new.owner]["library"]
        lib.remove(new)
        where = arg.get("where", "top")
        lib.insert({"top": 0, "second": min(1, len(lib)), "third": min(2, len(lib)), "bottom": len(lib)}[where], new)
        g.log("401.4", f"{o.name} is put into its owner's library ({where})")


@effect("shuffle_into_library", objects=("*",))
def shuffle_into_library(g, arg, ctx):
    """701.24 / 401.3: put the objects into their owners' libraries, then those libraries are shuffled (the
    scenario's library order is kept: its order is unknown to the rules)."""
    objs = [o for o in g.objects_of(arg, ctx) if not o.gone and o.zone != "library"]
    if objs:
        g.move_batch([(o, "library", None) for o in objs])
        g.log("701.24", "the library is shuffled")


@effect("return_from_graveyard", keys=("what", "to", "tapped", "controller"), objects=("what",), values=(),
        enums={"to": ("hand", "battlefield"), "controller": ("you", "owner")})
def return_from_graveyard(g, arg, ctx):
    """400.7: return a card from a graveyard (`what`: `self`, `target`, `event`) to the hand or the battlefield; an ability of the card itself finds it there (400.7d when it just moved)."""
    what = arg.get("what", "self")
    objs = g.objects_of(what, ctx)
    ev = ctx.event
    if what == "self" and not objs and ev is not None and ev.obj is not None and ev.obj.oid == ctx.source.oid:
        objs = [ev.new] if ev.new is not None else []
    if what == "self" and ctx.source.zone == "graveyard" and not ctx.source.gone:
        objs = [ctx.source]
    objs = [o for o in objs if o is not None and not o.gone and o.zone == "graveyard"]
    to = arg.get("to", "hand")
    if objs:
        g.move_batch([(o, to, {"controller": ctx.controller if arg.get("controller") == "you" else o.owner,
                               "tapped": bool(arg.get("tapped"))} if to == "battlefield" else None) for o in objs])
