"""Prevention effects (615) created by spells and abilities: "prevent all combat damage that would be dealt
this turn" (a Fog, 615.1), "prevent all damage that would be dealt to [it] this turn" (615.1a).  Shields that
prevent "the next N damage" (615.7) are not run (the `n` key is reported by the vocabulary)."""
from __future__ import annotations

from ... import vocabulary as V


@V.effect("prevent", keys=("what", "to", "until"), objects=("to",), values=(),
          enums={"what": ("combat",), "until": ("end_of_turn",)})
def prevent(g, arg, ctx):
    """615.1: until end of turn, prevent all combat damage (`what: combat`) or all damage dealt to `to`."""
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


@V.hook(V.CLEANUP_HOOKS)
def _ends(g):
    """514.2: the prevention effects end with the turn."""
    g.prevention.clear()
