"""Regeneration (CR 701.15, "Regenerate"; numbered 701.19 in older rules): a shield from a resolving spell or
ability replaces the permanent's next destruction this turn — remove all damage, tap it, remove it from combat
(701.15a); a static ability's regeneration replaces every destruction while it applies (701.15b, behaviour key
``regenerates``); "can't be regenerated" stops both (701.15c).  An indestructible permanent is not destroyed
(702.12b), so its shield is never used (state.destroy_many checks indestructible first)."""
from __future__ import annotations

from ... import vocabulary as V


@V.effect("regenerate", objects=("*",))
def regenerate(g, arg, ctx):
    """701.15a: the next time the permanent would be destroyed this turn, it's regenerated instead."""
    for o in g.objects_of(arg, ctx):
        g.regen.setdefault((o.oid, g.turn), 0)
        g.regen[(o.oid, g.turn)] += 1
        g.log("701.15a", f"{o.name} gets a regeneration shield")


@V.effect("regenerate_all", filters=("*",))
def regenerate_all(g, arg, ctx):
    """701.15a for every permanent matching the FILTER."""
    for o in [o for o in g.bf if g.match(o, g.chars(o), arg, ctx.source, ctx.controller)]:
        g.regen[(o.oid, g.turn)] = g.regen.get((o.oid, g.turn), 0) + 1


@V.effect("destroy_all_no_regen", filters=("*",))
def destroy_all_no_regen(g, arg, ctx):
    """701.7 + 701.15c: destroy every permanent matching the FILTER; they can't be regenerated."""
    objs = [o for o in g.bf if g.match(o, g.chars(o), arg, ctx.source, ctx.controller)]
    g.no_regen.update(o.oid for o in objs)
    try:
        g.destroy_many(objs)
    finally:
        g.no_regen.difference_update(o.oid for o in objs)


V.top_key("regenerates", lambda v, c=None: "" if v is True else f"true, not {v!r}",
          "701.15b: a static ability regenerates this permanent — every destruction is replaced while it is on "
          "the battlefield")


def _regenerate(g, o, rule: str) -> None:
    o.damage, o.deathtouch, o.tapped = 0, False, True
    g.attackers.pop(o.oid, None)
    g.blockers.pop(o.oid, None)
    g.touch()
    g.log(rule, f"{o.name} regenerates (tapped, damage removed, removed from combat)")


@V.hook(V.DESTROY_REPLACEMENTS)
def use_shield(g, o) -> bool:
    if o.oid in g.no_regen:                          # 701.15c: it can't be regenerated
        return False
    beh = getattr(o, "beh", None)
    if beh is not None and (beh.extra or {}).get("regenerates"):
        _regenerate(g, o, "701.15b")                 # static: each time, no shield used up
        return True
    key = (o.oid, g.turn)
    if not g.regen.get(key):
        return False
    g.regen[key] -= 1
    _regenerate(g, o, "701.15a")
    return True
