"""Exert (701.39): "You may exert ~ as it attacks. When you do, …".

701.39a: the controller may exert the creature as it is declared as an attacker (answer `may`); an exerted
creature won't untap during its controller's next untap step (701.39b, the same as `skip_untap`); "when you
do, …" is a reflexive triggered ability (603.12) — the event `exerted` of the creature."""
from __future__ import annotations

from ... import vocabulary as V
from ..objects import Event

V.top_key("exert", lambda v, checker: "" if v is True else repr(v),
          "701.39a: you may exert this creature as it attacks (a `may` answer); it does not untap during your "
          "next untap step (701.39b); the trigger event `exerted` is 'when you do'")


@V.hook(V.ATTACK_HOOKS)
def _exert(g, o):
    """701.39a/b: exert as it attacks — it doesn't untap during its controller's next untap step."""
    if not o.beh.extra.get("exert") or not g.choose_yes(o.controller, f"{o.name}: exert it as it attacks (701.39a)?"):
        return []
    g.skip_untap.add(o.oid)
    g.log("701.39a", f"{o.controller} exerts {o.name}")
    return [Event("exerted", obj=o, player=o.controller)]


@V.event("exerted")
def _exerted(g, t, ev, src, subj, sc):
    """701.39a / 603.12: the creature was exerted ("when you do")."""
    return ev.kind == "exerted"
