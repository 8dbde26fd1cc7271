"""Zone-changing effects: destroy (701.7), exile (406) and linked abilities (607), blink (400.7), sacrifice (701.17)."""
from __future__ import annotations

from ...vocabulary import effect


@effect("destroy")
def destroy(g, arg, ctx):
    """701.7: destroy the objects named (`target`, `self`, `event`); indestructible ones survive (702.12b)."""
    g.destroy_many(g.objects_of(arg, ctx))


@effect("destroy_all", filters=("*",))
def destroy_all(g, arg, ctx):
    """701.7: destroy every permanent matching the FILTER argument, simultaneously."""
    g.destroy_many([o for o in g.bf if g.match(o, g.chars(o), arg, ctx.source, ctx.controller)])


@effect("exile", keys=("what", "link"))
def exile(g, arg, ctx):
    """Exile objects; with `link: true` the source remembers them for a linked ability (607.2a)."""
    target = arg.get("what", "target") if isinstance(arg, dict) else arg
    objs = [o for o in g.objects_of(target, ctx) if o.zone in ("battlefield", "graveyard", "hand", "stack")]
    news = g.move_batch([(o, "exile", None) for o in objs])
    if isinstance(arg, dict) and arg.get("link"):
        g.linked.setdefault(ctx.source.card_no, []).extend(n for n in news if n is not None)


@effect("return_linked")
def return_linked(g, arg, ctx):
    """Return every card the linked ability exiled — all at once (607.2a, 610.3c)."""
    cards = [o for o in g.linked.pop(ctx.source.card_no, []) if not o.gone and o.zone == "exile"]
    if cards:
        g.move_batch([(o, "battlefield", {"controller": o.owner}) for o in cards])


@effect("blink", keys=("what", "tapped"))
def blink(g, arg, ctx):
    """Exile, then return under the owner's control — a new object each time (400.7)."""
    for o in g.objects_of(arg.get("what", "target") if isinstance(arg, dict) else arg, ctx):
        if o.zone != "battlefield":
            continue
        ex = g.move(o, "exile")
        if ex is not None and not ex.gone:
            g.move(ex, "battlefield", controller=ex.owner,
                      tapped=bool(arg.get("tapped")) if isinstance(arg, dict) else False)


@effect("return_to_hand")
def return_to_hand(g, arg, ctx):
    """Return the card the event moved (e.g. a creature that died), if it is still that object (400.7)."""
    card = ctx.event.new if (arg == "event" and ctx.event is not None) else None
    if card is None or card.gone or card.zone != "graveyard":
        g.log("400.7", "the card is no longer where the event put it: nothing returns")
        return
    g.move(card, "hand")


@effect("sacrifice")
def sacrifice(g, arg, ctx):
    """701.17a: the objects named are sacrificed (moved to the graveyard, not destroyed)."""
    objs = g.objects_of(arg, ctx)
    if objs:
        g.move_batch([(o, "graveyard", None) for o in objs if o.zone == "battlefield"])


@effect("exile_graveyard")
def exile_graveyard(g, arg, ctx):
    """406: exile the graveyards of the players named."""
    for p in g.players_of(arg, ctx):
        gy = list(g.pz[p]["graveyard"])
        if gy:
            g.log("406", f"exile {p}'s graveyard ({len(gy)} cards)")
            g.move_batch([(o, "exile", None) for o in gy])
