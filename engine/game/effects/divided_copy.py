"""Damage divided among targets (601.2d) and tokens that are copies of permanents (707.2, 111.10 — "create a
token that's a copy of …")."""
from __future__ import annotations

from ..mechanics.counter_replacements import division
from ...vocabulary import effect
from ..objects import Event, tname


@effect("damage_divided", keys=("n", "to"), enums={"to": ("target",)})
def damage_divided(g, arg, ctx):
    """601.2d: `n` damage divided as the controller chose among the targets (at least 1 each; answer
    `choose: {divide: [N, …]}` in target order; a single target gets it all); 608.2b: an illegal target is
    dealt none of its share."""
    items = [(ctx.source, t, s) for t, s in divided(g, ctx, g.value(arg.get("n", 1), ctx), "damage")]
    if not items:
        return
    g.log("601.2d", "divided damage: " + ", ".join(f"{s} to {tname(t)}" for _, t, s in items))
    g.deal_damage(items)


def divided(g, ctx, n, what) -> list:
    """601.2d: (target, share) for the legal targets (608.2b) of an `n` divided among the announced targets."""
    chosen, legal, shares = division(g, ctx, n, what)
    return [(t, s) for t, s in zip(chosen, shares) if any(t is x for x in legal)]


@effect("create_copy", keys=("of",), enums={"of": ("target", "self", "event")})
def create_copy(g, arg, ctx):
    """707.2 / 111.10: create a token that's a copy of the permanent named (its copiable values — the card's
    characteristics and abilities, 707.2; as it last existed if it has left, 608.2h)."""
    of = arg.get("of", "target")
    objs = [ctx.source] if of == "self" else g.objects_of(of, ctx)
    objs = [o for o in objs if o is not None and not isinstance(o, str)]
    if not objs:
        return
    src = objs[0]
    o = g.make(src.card, ctx.controller, "battlefield", token=True, beh=src.beh)
    o.since_turn = g.turn
    ctx.created = [o]
    g.touch()
    g.log("707.2", f"create a token copy of {src.name}")
    g.detect([Event("zone", obj=None, new=o, frm=None, to="battlefield")])
