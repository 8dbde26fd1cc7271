"""Control-changing statics of Auras (303.4, 613.1b layer 2): "You control enchanted creature" (Control Magic,
Mind Control).  The Aura's controller controls the permanent it is attached to for as long as the Aura is
attached and the ability applies (an "as long as" condition, 611.3); when it stops applying, control goes back
to the controller it had before (or to the next such Aura by timestamp, 613.7).

The engine keeps control as an attribute of the object rather than recomputing it in the layers, so the effect
is re-applied whenever the game settles (before a player gets priority, 117.5: the check runs with the
state-based actions, never acting as one) — the moment the Aura resolves attached to the creature, and after
it leaves or is unattached."""
from __future__ import annotations

from ... import vocabulary as V

V.static("control_enchanted", doc="613.1b layer 2: the Aura's controller controls the enchanted permanent (303.4)")


def _controlled(g) -> dict:
    """host oid -> the controller its latest control Aura gives (613.7: timestamp order)."""
    want: dict = {}
    for ts, src, s in g._statics():
        if s.get("control_enchanted") and src.attached_to is not None and g._is_attached_aura(src):
            want[src.attached_to] = src.controller          # later timestamps overwrite earlier ones
    return want


@V.sba_check("613.1b", on=("attached", "aura_control"))
def control_auras(g, sweep) -> bool:
    """Apply (or end) the control effects of attached control Auras; never an action of its own (False)."""
    before = g.aura_control                                  # host oid -> controller before the Auras
    want = _controlled(g) if (before or any(s.get("control_enchanted") for o in g.bf for s in o.beh.statics)) \
        else {}
    for o in g.bf:
        new = want.get(o.oid)
        if new is None and o.oid in before:
            new = before.pop(o.oid)                             # the effect ended: control goes back
        elif new is not None:
            before.setdefault(o.oid, o.controller)
        if new is not None and new != o.controller:
            o.controller = new
            o.since_turn = g.turn                               # 302.6: it hasn't been controlled since the turn began
            g.attackers.pop(o.oid, None)                        # 506.4: removed from combat
            g.touch()
            g.log("613.1b", f"{new} controls {o.name}")
    for oid in [k for k in before if not any(o.oid == k for o in g.bf)]:
        before.pop(oid)                                         # left the battlefield: a new object (400.7)
    return False
