"""Phasing (702.26): a phased-out permanent is treated as though it doesn't exist (702.26b) — the engine keeps it
aside, out of the battlefield list every rule reads, as the same object (phasing is no zone change, 702.26d: no
enters or leaves triggers, counters and tapped state kept). The keyword phasing (702.26a) and the effect ``phase_out``
(701-style "target creature phases out"); permanents attached to one phase out with it (indirectly, 702.26g) and
phase in with it. Phasing in happens in its controller's next untap step, before untapping (502.1)."""
from __future__ import annotations

from ... import vocabulary as V


def phased_out(g) -> list:
    """[(object, directly)] of the permanents phased out now."""
    return g.__dict__.setdefault("_phased_out", [])


def phase_out(g, objs) -> None:
    """702.26b/g: the objects (and what is attached to them, indirectly) phase out simultaneously; 506.4: a phased-out
    creature is removed from combat."""
    out = phased_out(g)
    direct = [o for o in objs if o in g.bf]
    indirect = [x for x in g.bf if x not in direct and any(x.attached_to == o.oid for o in direct)]
    for o in direct + indirect:
        g.bf.remove(o)
        g.attackers.pop(o.oid, None)
        g.blockers.pop(o.oid, None)
        out.append((o, o in direct))
        g.log("702.26b", f"{o.name} phases out" + ("" if o in direct else " (indirectly)"))
    if direct:
        g.touch()


@V.effect("phase_out", objects=("*",))
def phase_out_effect(g, arg, ctx):
    """702.26b: the objects named phase out (until their controller's next untap step, 702.26a)."""
    phase_out(g, g.objects_of(arg, ctx))


@V.hook(V.STEP_HOOKS)
def _untap_step(g, step):
    """502.1 / 702.26a: as the active player's untap step begins, their permanents with phasing that are phased in
    phase out, and their directly phased-out permanents phase in (with those that phased out with them), at once."""
    if step != "untap":
        return
    p = g.active
    going = [o for o in g.bf if o.controller == p and "phasing" in g.chars(o).keywords]
    out = phased_out(g)
    coming = [o for o, direct in out if direct and o.controller == p]
    back = coming + [o for o, direct in out if not direct and any(o.attached_to == h.oid for h in coming)]
    if back:
        out[:] = [(o, d) for o, d in out if o not in back]
        for o in back:
            g.bf.append(o)
            g.log("702.26a", f"{o.name} phases in")
        g.touch()
    if going:
        phase_out(g, going)


V.keyword("phasing", "702.26")
