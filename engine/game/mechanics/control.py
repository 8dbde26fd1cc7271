"""Control-changing effects (613.1b, layer 2): "gain control of target creature (until end of turn)" —
with untap and haste, a threaten effect; 302.6: a creature that just changed control has summoning
sickness."""
from __future__ import annotations

from ... import vocabulary as V


@V.effect("gain_control", keys=("what", "until"), objects=("what",), enums={"until": ("end_of_turn",)}, values=())
def gain_control(g, arg, ctx):
    """613.1b: the controller of the ability gains control of the objects (until end of turn: 514.2 undoes it)."""
    for o in g.objects_of(arg.get("what", "target"), ctx):
        if o.zone != "battlefield" or o.controller == ctx.controller:
            continue
        if arg.get("until") == "end_of_turn":
            g.control_until_eot.append((o, o.controller))
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
