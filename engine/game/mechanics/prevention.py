"""Prevention effects (615) created by spells and abilities: "prevent all combat damage that would be dealt
this turn" (a Fog, 615.1), "prevent all damage that would be dealt to [it] this turn" (615.1a), and shields that
prevent "the next N damage that would be dealt to [it] this turn" (615.7: each damage event uses up the shield
by the amount it prevents, until nothing is left or the turn ends)."""
from __future__ import annotations

from ... import vocabulary as V


def _recipients(g, to, ctx) -> list:
    """The objects and players ``to`` names (an "any target" may be a player, 115.4)."""
    if isinstance(to, str) and (to == "target" or to.startswith("target:")):
        i = to.partition(":")[2]
        return [ctx.targets[int(i)]] if i else [x for x in ctx.targets if x is not None]
    return g.objects_of(to, ctx)


@V.effect("prevent", keys=("what", "to", "until", "n"), objects=("to",), values=("n",),
          enums={"what": ("combat",), "until": ("end_of_turn",)})
def prevent(g, arg, ctx):
    """615.1: until end of turn, prevent all combat damage (`what: combat`) or all damage dealt to `to`;
    with `n`, a shield: the next N damage that would be dealt to `to` this turn (615.7)."""
    if "n" in arg:
        n = g.value(arg["n"], ctx)
        for r in _recipients(g, arg.get("to"), ctx):
            if r is None or (not isinstance(r, str) and r.gone):
                continue
            g.prevention.append({"shield": n, "who": r if isinstance(r, str) else r.oid})
            g.log("615.7", f"{ctx.source.name}: the next {n} damage to {r if isinstance(r, str) else r.name} "
                           f"this turn will be prevented")
        return
    if arg.get("what") == "combat":
        g.prevention.append({"combat": True})
        g.log("615.1", f"{ctx.source.name}: all combat damage this turn will be prevented")
    if "to" in arg:
        objs = g.objects_of(arg["to"], ctx)
        g.prevention.append({"ids": {o.oid for o in objs}})
        g.log("615.1a", f"{ctx.source.name}: damage to {len(objs)} object(s) will be prevented this turn")


@V.hook(V.PREVENTION_CHECKS)
def prevented(g, src, tgt, combat):
    for p in g.prevention:
        if p.get("combat") and combat:
            return True
        if not isinstance(tgt, str) and tgt.oid in p.get("ids", ()):
            return True
    return False


@V.hook(V.DAMAGE_REDUCERS)
def shields(g, src, tgt, n, combat) -> int:
    """615.7: each shield for this recipient prevents as much as it has left; what it prevents is used up."""
    who = tgt if isinstance(tgt, str) else tgt.oid
    for p in g.prevention:
        if n > 0 and p.get("shield") and p.get("who") == who:
            k = min(n, p["shield"])
            p["shield"] -= k
            n -= k
            g.log("615.7", f"{k} damage to {tgt if isinstance(tgt, str) else tgt.name} is prevented")
    return n


@V.hook(V.CLEANUP_HOOKS)
def _ends(g):
    """514.2: the prevention effects end with the turn."""
    g.prevention.clear()
