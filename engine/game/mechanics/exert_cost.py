"""Exert as a cost of an activated ability (group ek, issue 21): "{T}, Exert ~: …" (701.39a: the permanent won't
untap during its controller's next untap step, 701.39b; it is exerted, so "whenever you exert a creature" and
"when you do" abilities see the `exerted` event of mechanics/exert.py)."""
from __future__ import annotations

from ... import vocabulary as V
from ..objects import Event


@V.cost("exert", lambda v, checker: "" if v is True else repr(v))
def exert_cost(g, p, o, v):
    """701.39a / 602.2b: exert the permanent as a cost — it doesn't untap during its controller's next untap
    step (701.39b; a permanent may be exerted again while already exerted)."""
    g.skip_untap.add(o.oid)
    g.log("701.39a", f"{p} exerts {o.name} as a cost")
    g.detect([Event("exerted", obj=o, player=p)])
