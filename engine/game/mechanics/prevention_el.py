"""Prevention of group el (issue 21): shields divided among targets (615.7 with 601.2d: "prevent the next 5 damage
that would be dealt this turn to any number of targets, divided as you choose" — each target gets a shield of its
share) — ``prevent_divided``.  Shields from a chosen source against any recipient ("prevent all damage a source of
your choice would deal this turn", 609.7a) are ``prevent_source`` with ``to: any`` (prevention_statics.py)."""
from __future__ import annotations

from ... import vocabulary as V
from ..effects.divided_copy import divided


@V.effect("prevent_divided", keys=("n", "to"), enums={"to": ("target",)})
def prevent_divided(g, arg, ctx):
    """615.7 / 601.2d: the next `n` damage that would be dealt this turn to the targets, divided as the controller
    chose (answer `choose: {divide: [N, …]}` in target order): each target gets a shield of its share, used up by
    the damage it prevents."""
    for t, share in divided(g, ctx, g.value(arg.get("n", 1), ctx), "prevention"):
        who = t if isinstance(t, str) else t.oid
        g.prevention.append({"shield": share, "who": who, "combat_only": False})
        g.log("615.7", f"{ctx.source.name}: the next {share} damage to {t if isinstance(t, str) else t.name} this "
                       f"turn will be prevented")
