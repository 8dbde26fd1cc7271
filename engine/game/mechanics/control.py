"""Control-changing effects (613.1b, layer 2): "gain control of target creature (until end of turn)" —
with untap and haste, a threaten effect; 302.6: a creature that just changed control has summoning
sickness.
Control of a spell (e.g. "gain control of target spell"): the spell's controller changes while it is on the stack, and
a permanent spell that resolves enters under its controller's control (608.3a; the spell's owner stays its owner,
108.3)."""
from __future__ import annotations

from ... import vocabulary as V
from . import durations


@V.effect("gain_control", keys=("what", "until"), objects=("what",), values=(),
          enums={"until": lambda v: "" if v == "end_of_turn" else durations.until_check(v) if isinstance(v, dict) else v})
def gain_control(g, arg, ctx):
    """613.1b: the controller of the ability gains control of the objects (until end of turn: 514.2 undoes it; `until:
    {while: KIND}`: for as long as you control ~ / ~ remains tapped, 611.2b, mechanics/durations.py)."""
    until = arg.get("until")
    w = durations.begin(g, until, ctx) if isinstance(until, dict) else None
    if isinstance(until, dict) and w is None:
        g.log("611.2b", f"{ctx.source.name}: the duration has already ended; no effect")
        return
    for o in g.objects_of(arg.get("what", "target"), ctx):
        if o.zone == "stack" and not o.is_ability and not o.gone and o.controller != ctx.controller:
            o.controller = ctx.controller               # a spell changes controller (608.3a at resolution)
            g.touch()
            g.log("608.3a", f"{ctx.controller} gains control of the spell {o.name}")
            continue
        if o.zone != "battlefield" or o.controller == ctx.controller:
            continue
        if arg.get("until") == "end_of_turn":
            g.control_until_eot.append((o, o.controller))
        elif w is not None:
            durations.gain_control_while(g, o, w)
        o.controller = ctx.controller
        o.since_turn = g.turn                           # 302.6: not continuously controlled since the turn began
        g.attackers.pop(o.oid, None)
        g.touch()
        g.log("613.1b", f"{ctx.controller} gains control of {o.name}")


@V.hook(V.CLEANUP_HOOKS)
def control_returns(g):
    """514.2: "until end of turn" control changes end."""
    for o, before in g.control_until_eot:
        if not o.gone:
            o.controller = before
            g.log("514.2", f"{before} regains control of {o.name}")
    g.control_until_eot.clear()
