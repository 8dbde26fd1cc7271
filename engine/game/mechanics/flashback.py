"""Flashback (702.34): cast the card from its owner's graveyard by paying its flashback cost (`flashback:
"{2}{R}"`, cast with `mode: flashback`); if it would leave the stack to anywhere but exile, it's exiled
instead (702.34a)."""
from __future__ import annotations

from ... import vocabulary as V
from ..costs import mana_or_costs, pay_keyword_cost


def _targets(g, o):
    return (o.beh.spell or {}).get("targets") or []


def _check(g, o):
    if not o.beh.extra.get("flashback"):
        return f"{o.name} has no flashback (702.34)"
    if o.zone not in ("graveyard", "stack"):
        return f"{o.name} is cast with flashback from a graveyard (702.34a)"
    return ""


V.top_key("flashback", mana_or_costs,
          "702.34: cast from the graveyard with `mode: flashback` (its cost: mana, or a cost mapping — \"Flashback—{1}{G}, "
          "Pay 3 life\"); exiled instead of leaving the stack elsewhere")
V.cast_mode("flashback", _targets, _check, zones=("graveyard",),
            pay=lambda g, p, o: pay_keyword_cost(g, p, o, o.beh.extra.get("flashback"), "flashback cost"))  # 601.2h


@V.hook(V.MOVE_REPLACEMENTS)
def exile_instead(g, o, to):
    """702.34a: a flashback spell leaving the stack goes to exile instead."""
    if o.zone == "stack" and not o.is_ability and o.mode == "flashback" and to != "exile":
        g.log("702.34a", f"{o.name} was cast with flashback: exiled instead")
        return "exile"
    return to
