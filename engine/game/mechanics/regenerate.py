"""Regeneration (701.19): a shield replaces the next destruction this turn — remove all damage, tap it, remove
it from combat (701.19a); "can't be regenerated" (701.19c)."""
from __future__ import annotations

from ... import vocabulary as V


@V.effect("regenerate", objects=("*",))
def regenerate(g, arg, ctx):
    """701.19a: the next time the permanent would be destroyed this turn, it's regenerated instead."""
    for o in g.objects_of(arg, ctx):
        g.regen.setdefault((o.oid, g.turn), 0)
        g.regen[(o.oid, g.turn)] += 1
        g.log("701.19a", f"{o.name} gets a regeneration shield")


@V.effect("regenerate_all", filters=("*",))
def regenerate_all(g, arg, ctx):
    """701.19a for every permanent matching the FILTER."""
    for o in [o for o in g.bf if g.match(o, g.chars(o), arg, ctx.source, ctx.controller)]:
        g.regen[(o.oid, g.turn)] = g.regen.get((o.oid, g.turn), 0) + 1


@V.hook(V.DESTROY_REPLACEMENTS)
def use_shield(g, o) -> bool:
    key = (o.oid, g.turn)
    if not g.regen.get(key) or o.oid in g.no_regen:
        return False
    g.regen[key] -= 1
    o.damage, o.deathtouch, o.tapped = 0, False, True
    g.attackers.pop(o.oid, None)
    g.blockers.pop(o.oid, None)
    g.touch()
    g.log("701.19a", f"{o.name} regenerates (tapped, damage removed, removed from combat)")
    return True
