"""Exile "until ~ leaves the battlefield" (610.3) and the cards a linked ability exiled (607.2a).

610.3a: the exiled object returns to the battlefield under its owner's control immediately after the source
leaves the battlefield (no triggered ability: it is not on the stack and can't be responded to; the engine
returns it at once, as the move of the source is done, before anything else happens); 610.3c: if the source has
already left the battlefield when the exile would happen, nothing is exiled.  The ``linked`` object word names
the cards an ability of this object exiled with ``link: true`` (Oblivion Ring's two abilities, 607.2a)."""
from __future__ import annotations

from ... import vocabulary as V


@V.object_word("linked")
def _linked(g, ctx):
    """607.2a: the cards this object's linked ability exiled (still in exile)."""
    return [o for o in g.linked.get(ctx.source.card_no, []) if not o.gone and o.zone == "exile"]


def exile_until_leaves(g, objs, ctx) -> None:
    """610.3: exile the objects until the source leaves the battlefield."""
    src = ctx.source
    if src.gone or src.zone != "battlefield":
        g.log("610.3c", f"{src.name} has left the battlefield: nothing is exiled")
        return
    news = [n for n in g.move_batch([(o, "exile", None) for o in objs]) if n is not None]
    g.exiled_until.setdefault(src.oid, []).extend(news)
    g.log("610.3", f"{src.name}: {len(news)} object(s) exiled until it leaves the battlefield")


@V.hook(V.AFTER_MOVES_HOOKS)
def _return_exiled(g, done) -> None:
    """610.3a: when the object whose ability exiled cards "until it leaves the battlefield" leaves, the exiled
    cards return to the battlefield under their owners' control (at once, not a triggered ability)."""
    if not g.exiled_until:
        return
    for old, _new in done:
        cards = g.exiled_until.pop(old.oid, None) if old.zone == "battlefield" else None
        back = [o for o in cards or [] if not o.gone and o.zone == "exile"]
        if back:
            g.log("610.3a", f"{old.name} left the battlefield: the exiled cards return")
            g.move_batch([(o, "battlefield", {"controller": o.owner}) for o in back])
