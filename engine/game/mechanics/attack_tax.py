"""Costs to attack (508.1g-h): "creatures can't attack you [or planeswalkers you control] unless their controller
pays {2} for each creature they control that's attacking you" (Propaganda, Ghostly Prison) — a static
``attack_tax: {n: VALUE, planeswalkers: bool}`` of a permanent; the defending player is its controller.

As each creature is declared an attacker against that player (or, with ``planeswalkers``, a planeswalker they
control), its controller is asked `pay` (the mana is paid abstractly, as the engine pays costs); declining makes the
whole declaration illegal (508.1h): it is undone — the attackers untapped, none declared — and refused."""
from __future__ import annotations

from ... import vocabulary as V
from ...errors import IllegalAction
from ..objects import split_ordinal


def _check(v, checker) -> str:
    if not isinstance(v, dict) or "n" not in v or set(v) - {"n", "planeswalkers"}:
        return repr(v)
    return ""


V.static("attack_tax", keys=("n", "planeswalkers"), values=("n",),
         doc="508.1g: `{n: VALUE, planeswalkers: bool}` — creatures can't attack the source's controller (or, with "
             "`planeswalkers`, their planeswalkers) unless their controller pays {n} for each (`pay` answers)")
V.STATIC_CHECKS["attack_tax"] = _check


@V.hook(V.ATTACK_HOOKS)
def _pay_to_attack(g, o) -> list:
    defender = g.attackers.get(o.oid)
    if defender in g.players:
        player, walker = defender, False
    else:                                           # a planeswalker, by object or by name (506.2)
        base, k = split_ordinal(defender) if isinstance(defender, str) else (None, None)
        pw = defender if base is None else \
            next((y for y in g.bf if y.name == base and (k is None or y.ordinal == k)), None)
        player, walker = getattr(pw, "controller", None), True
    if player is None:
        return []
    from ..objects import Ctx
    for x in g.bf:
        if x.controller != player:
            continue
        for s in x.beh.statics:
            tax = s.get("attack_tax")
            if tax is None or (walker and not tax.get("planeswalkers")):
                continue
            n = g.value(tax["n"], Ctx(x, x.controller, [], None, None))
            if g.choose_yes(o.controller, f"{o.name}: pay {{{n}}} to attack ({x.name}, 508.1g)?", ("pay",)):
                g.log("508.1h", f"{o.controller} pays {{{n}}} for {o.name} to attack ({x.name})")
                continue
            for oid in list(g.attackers):          # 508.1h: the declaration is illegal: undone
                a = next((y for y in g.bf if y.oid == oid), None)
                if a is not None:
                    a.tapped = False
            g.attackers.clear()
            g.touch()
            raise IllegalAction(f"{o.name} can't attack {player} unless {o.controller} pays {{{n}}} ({x.name}, 508.1h)")
    return []
