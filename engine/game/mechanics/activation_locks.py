"""Statics that forbid activating abilities (602.5, 101.2): "activated abilities of <permanents> can't be activated
[unless they're mana abilities]" — ``cant_activate: {filter: FILTER, except_mana: bool}`` (Cursed Totem, Null Rod,
Linvala, Keeper of Silence).  The FILTER is read relative to the static's source ("your opponents control"); it
speaks of permanents, so abilities of cards in other zones (cycling 702.29a) are not affected.  Loyalty abilities
are activated abilities (606.3); mana abilities are those of 605.1a."""
from __future__ import annotations

from ... import vocabulary as V


def _check(v, checker) -> str:
    if not isinstance(v, dict) or set(v) - {"filter", "except_mana"} or not isinstance(v.get("filter"), dict):
        return repr(v)
    checker.filter(v["filter"])
    return ""


V.static("cant_activate", keys=("filter", "except_mana"), doc="602.5: `{filter, except_mana}` — activated abilities of permanents "
                                          "matching the FILTER can't be activated (mana abilities still can with "
                                          "`except_mana: true`)")
V.STATIC_CHECKS["cant_activate"] = _check


@V.hook(V.ACTIVATION_CHECKS)
def _locked(g, p, o, a) -> str:
    if a.get("special") or o.zone != "battlefield":
        return ""
    c = None
    for x in g.bf:
        for s in x.beh.statics:
            lock = s.get("cant_activate")
            if lock is None or (lock.get("except_mana") and a.get("mana")):
                continue
            c = c or g.chars(o)
            if g.match(o, c, lock["filter"], x, x.controller):
                return f"{o.name}'s activated abilities can't be activated: {x.name} (602.5, 101.2)"
    return ""
