""""If that creature would die this turn, exile it instead" and "if a creature dealt damage this way would die this
turn, exile it instead" (group ek, issue 21): a replacement effect created by a resolving spell or ability
(614.1a), lasting this turn (it ends in the cleanup step with the turn's other effects, 514.2); the objects are
the ones named as the effect begins (611.2c — a permanent that leaves and comes back is a new object, 400.7)."""
from __future__ import annotations

from ... import vocabulary as V


@V.object_word("damaged_this_way")
def _damaged_this_way(g, ctx):
    """The permanents dealt damage this turn by the source of the resolving spell or ability ("dealt damage
    this way": the damage effect before it in the same ability, 608.2c)."""
    src = ctx.source
    return [o for o in g.bf if (g.turn, "damaged_by", (src.card_no, o.card_no)) in g.history]


@V.effect("exile_if_dies", values=(), objects=("*",))
def exile_if_dies(g, arg, ctx):
    """614.1a: this turn, if one of these permanents would die (be put into a graveyard from the battlefield,
    700.4), it is exiled instead."""
    ids = {o.oid for o in g.objects_of(arg, ctx) if not o.gone and o.zone == "battlefield"}
    if not ids:
        return
    g.ts += 1
    g.effects.append({"ids": set(), "ts": g.ts, "exile_if_dies": ids})
    g.log("614.1a", f"{ctx.source.name}: {len(ids)} permanent(s) exiled instead if they would die this turn")


@V.hook(V.MOVE_REPLACEMENTS, frm=("battlefield",), to=("graveyard",))
def _exiled_instead(g, o, to):
    """614.1a: a permanent under such an effect would go from the battlefield to a graveyard: exile instead."""
    if to != "graveyard" or o.zone != "battlefield" or not g.effects:
        return to
    if any(o.oid in e["exile_if_dies"] for e in g.effects if "exile_if_dies" in e):
        g.log("614.1a", f"{o.name} would die: it is exiled instead")
        return "exile"
    return to
