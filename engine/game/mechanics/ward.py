"""Ward (702.21): "whenever this permanent becomes the target of a spell or ability an opponent controls,
counter it unless that player pays [cost]" — ``ward: "{2}"`` or ``ward: "life:3"``."""
from __future__ import annotations

import re

from ... import vocabulary as V
from ..objects import Event, StackAbility

_COST = re.compile(r"^(\{[^}]+\})+$|^life:\d+$")


V.top_key("ward", lambda v, c=None: "" if isinstance(v, str) and _COST.match(v) else repr(v),
          "702.21: counter a targeting spell or ability of an opponent unless its controller pays")


@V.hook(V.TARGETED_HOOKS)
def ward_triggers(g, obj, targets):
    """702.21a: each warded permanent an opponent's spell or ability targets triggers once (603.2)."""
    seen = set()
    for t in targets:
        if t is None or isinstance(t, str) or t.is_ability or t.oid in seen:
            continue
        seen.add(t.oid)
        cost = t.beh.extra.get("ward")
        if not cost or t.gone or t.zone != "battlefield" or t.controller == obj.controller:
            continue
        pay = {"pay_life": int(cost[5:])} if cost.startswith("life:") else {"pay": cost}
        spec = {"name": "ward", "targets": [], "effects": [
            {"unless": dict(player="event_controller", **pay, **{"else": [{"counter": "event"}]})}]}
        a = StackAbility(g.next_oid, t, spec, -1, t.controller, Event("becomes_target", obj=obj), "trigger")
        g.next_oid += 1
        g.pending.append(a)
        g.triggered.append((t.name, "ward", "becomes_target", t.ordinal))
        g.log("702.21a", f"{a.label} triggers ({obj.name} targets {t.name})")
