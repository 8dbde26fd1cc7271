"""Flashback (702.34): cast the card from its owner's graveyard by paying its flashback cost (`flashback:
"{2}{R}"`, cast with `mode: flashback`); if it would leave the stack to anywhere but exile, it's exiled
instead (702.34a)."""
from __future__ import annotations

from ... import vocabulary as V


def _targets(g, o):
    return (o.beh.spell or {}).get("targets") or []


def _check(g, o):
    if not o.beh.extra.get("flashback"):
        return f"{o.name} has no flashback (702.34)"
    if o.zone not in ("graveyard", "stack"):
        return f"{o.name} is cast with flashback from a graveyard (702.34a)"
    return ""


V.top_key("flashback", lambda v, c=None: "" if isinstance(v, str) else repr(v),
          "702.34: cast from the graveyard with `mode: flashback`; exiled instead of leaving the stack elsewhere")
V.cast_mode("flashback", _targets, _check, zones=("graveyard",))


@V.hook(V.MOVE_REPLACEMENTS)
def exile_instead(g, o, to):
    """702.34a: a flashback spell leaving the stack goes to exile instead."""
    if o.zone == "stack" and not o.is_ability and o.mode == "flashback" and to != "exile":
        g.log("702.34a", f"{o.name} was cast with flashback: exiled instead")
        return "exile"
    return to
