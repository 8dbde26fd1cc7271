"""Blocking requirements created by effects, until end of turn (group ek, issue 21): "target creature blocks ~ this
turn if able", "… blocks target creature this turn if able", "target creature blocks this turn if able" (509.1c).

The effect `must_block` records the requirement in the turn's effects (they end in the cleanup step, 514.2);
as blockers are declared, a creature under a requirement that could obey it and doesn't makes the block
illegal (509.1c; when one creature has several requirements the declaration must obey as many as possible —
here each requirement is checked on its own, the creature's other requirements of mechanics/restrictions.py
included)."""
from __future__ import annotations

from ... import vocabulary as V


@V.effect("must_block", keys=("blocker", "attacker"), objects=("blocker", "attacker"), values=())
def must_block(g, arg, ctx):
    """509.1c: until end of turn, `blocker` blocks `attacker` if able (no `attacker`: it blocks if able)."""
    b = next(iter(g.objects_of(arg.get("blocker"), ctx)), None)
    if b is None or b.gone or b.zone != "battlefield":
        return
    a = None
    if "attacker" in arg:
        a = next(iter(g.objects_of(arg["attacker"], ctx)), None)
        if a is None or a.gone or a.zone != "battlefield":
            return
    g.ts += 1
    g.effects.append({"ids": set(), "ts": g.ts, "must_block": (b.oid, a.oid if a is not None else None)})
    g.log("509.1c", f"{b.name} blocks {a.name if a is not None else 'a creature'} this turn if able")


def _can_block(g, b, a) -> bool:
    """Whether ``b`` could block attacker ``a`` on its own (509.1a/509.1b)."""
    c = g.chars(b)
    return not b.tapped and "Creature" in c.types and a.oid in g.attackers and \
        not g.block_problem(b, c, a, g.chars(a))


@V.hook(V.BLOCKS_DECLARED_CHECKS)
def _requirements(g, declared):
    """509.1c: a creature required to block (a given attacker) that is able to and doesn't: the block is
    illegal."""
    reqs = [e["must_block"] for e in g.effects if "must_block" in e]
    if not reqs:
        return ""
    byid = {o.oid: o for o in g.bf}
    for bid, aid in reqs:
        b = byid.get(bid)
        if b is None or b.controller == g.active:
            continue
        atts = declared.get(bid, [])
        if aid is None:
            if not atts and any(_can_block(g, b, byid[x]) for x in g.attackers if x in byid):
                return f"{b.name} blocks this turn if able (509.1c)"
            continue
        a = byid.get(aid)
        if a is not None and aid not in atts and _can_block(g, b, a):
            return f"{b.name} blocks {a.name} this turn if able (509.1c)"
    return ""
