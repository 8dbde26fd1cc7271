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


def exiled_when_leaving_stack(mode: str, rule: str, what: str):
    """Register the replacement "a spell cast with ``mode`` that would leave the stack for anywhere but exile is
    exiled instead" (614.1a; flashback 702.34a, jump-start 702.133a, aftermath 702.127a)."""
    def replace(g, o, to):
        if o.zone == "stack" and not o.is_ability and o.mode == mode and to != "exile":
            g.log(rule, f"{o.name} was cast with {what}: exiled instead")
            return "exile"
        return to
    replace.__doc__ = f"{rule}: a {what} spell leaving the stack goes to exile instead."
    return V.hook(V.MOVE_REPLACEMENTS, frm=("stack",))(replace)


exile_instead = exiled_when_leaving_stack("flashback", "702.34a", "flashback")
