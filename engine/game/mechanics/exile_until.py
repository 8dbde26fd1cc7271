"""Exile "until ~ leaves the battlefield" (610.3) and the cards a linked ability exiled (607.2a).

610.3a: the exiled object returns to the battlefield under its owner's control immediately after the source
leaves the battlefield (no triggered ability: it is not on the stack and can't be responded to; the engine
returns it the next time the game settles, before any player gets priority, 117.5); 610.3c: if the source has
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
    g.exiled_until.append((src, news))
    g.log("610.3", f"{src.name}: {len(news)} object(s) exiled until it leaves the battlefield")


@V.sba_check("610.3a")
def _return_exiled(g, sweep) -> bool:
    """610.3a: the source left the battlefield — its exiled cards return under their owners' control."""
    if not g.exiled_until:
        return False
    back = [(src, objs) for src, objs in g.exiled_until if src.gone or src.zone != "battlefield"]
    if not back:
        return False
    g.exiled_until[:] = [x for x in g.exiled_until if x not in back]
    moves = [(o, "battlefield", {"controller": o.owner}) for _, objs in back for o in objs
             if not o.gone and o.zone == "exile"]
    if moves:
        g.log("610.3a", f"{', '.join(s.name for s, _ in back)} left the battlefield: the exiled cards return")
        g.move_batch(moves)
    return False
