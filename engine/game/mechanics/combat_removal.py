"""Removing a creature from combat (506.4) and "can't be regenerated this turn" (701.15c) as effects of a resolving
spell or ability (group ek, issue 21)."""
from __future__ import annotations

from ... import vocabulary as V


@V.effect("remove_from_combat", values=(), objects=("*",))
def remove_from_combat(g, arg, ctx):
    """506.4: the creature stops being an attacking, blocking, blocked or unblocked creature (it deals and is
    dealt no combat damage; the creatures it blocked or was blocked by stay blocking / blocked, 506.4, 509.1h)."""
    for o in g.objects_of(arg, ctx):
        if o.gone or (o.oid not in g.attackers and o.oid not in g.blockers):
            continue
        g.attackers.pop(o.oid, None)
        g.blockers.pop(o.oid, None)
        g.blocked.discard(o.oid)
        for b, atts in g.blockers.items():
            if o.oid in atts:
                g.blockers[b] = [x for x in atts if x != o.oid]
        g.touch()
        g.log("506.4", f"{o.name} is removed from combat")


@V.effect("no_regeneration", values=(), objects=("*",))
def no_regeneration(g, arg, ctx):
    """701.15c: the permanents can't be regenerated this turn (no regeneration shield nor static regeneration
    replaces their destruction until the turn ends, 514.2)."""
    ids = {o.oid for o in g.objects_of(arg, ctx) if not o.gone}
    new = ids - g.no_regen
    if not new:
        return
    g.no_regen.update(new)
    g.ts += 1
    g.effects.append({"ids": set(), "ts": g.ts, "no_regen_this_turn": new})
    g.log("701.15c", f"{ctx.source.name}: {len(new)} permanent(s) can't be regenerated this turn")


@V.hook(V.STEP_HOOKS)
def _turn_ends(g, step):
    """514.2: "this turn" ends in the cleanup step (before the turn's other effects are cleared there)."""
    if step == "cleanup":
        for e in g.effects:
            if "no_regen_this_turn" in e:
                g.no_regen.difference_update(e["no_regen_this_turn"])


@V.effect("damage_itself", keys=("each",), filters=("each",), objects=("*",), values=())
def damage_itself(g, arg, ctx):
    """120.3 / 120.4: each creature named (an object word, or `{each: FILTER}`: every creature matching) deals
    damage to itself equal to its power, simultaneously (120.2; it is the source: deathtouch, lifelink, infect
    apply, 702.2b/702.15b/702.90b)."""
    if isinstance(arg, dict):
        objs = [o for o in g.bf if g.match(o, g.chars(o), arg["each"], ctx.source, ctx.controller)]
    else:
        objs = [o for o in g.objects_of(arg, ctx) if not o.gone and o.zone == "battlefield"]
    g.deal_damage([(o, o, max(0, g.chars(o).power)) for o in objs])
