"""Outlast (702.107): "Outlast [cost]" means "[Cost], {T}: Put a +1/+1 counter on this creature. Activate only
as a sorcery." — ``outlast: "{1}{W}"``.  Its {T} cost makes it subject to summoning sickness (302.6); sorcery
timing (307.1) means only in your main phase with an empty stack."""
from __future__ import annotations

import re

from ... import vocabulary as V

_COST = re.compile(r"^(\{[^}]+\})+$")

V.top_key("outlast", lambda v, c=None: "" if isinstance(v, str) and _COST.match(v) else repr(v),
          "702.107a: `Outlast [cost]` — [cost], {T}: put a +1/+1 counter on this creature (sorcery speed)")


def outlast_ability(o):
    """702.107a: the outlast activated ability of ``o`` (None without the key)."""
    cost = o.beh.extra.get("outlast")
    if cost is None:
        return None
    return {"name": "outlast", "cost": cost, "tap": True, "speed": "sorcery", "targets": [],
            "effects": [{"put_counters": {"to": "self", "kind": "+1/+1", "n": 1}}]}
