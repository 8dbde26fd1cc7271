""""You may have ~ enter the battlefield as a copy of any creature on the battlefield" (707.9 copy effects as a
permanent enters; 614.1c replacement effect, applied before the other "as it enters" effects, 614.12).

The permanent takes the copiable values of the chosen object (707.2: its printed characteristics and
abilities, as modified by other copy effects — a copy of a copy copies what the first copies, 707.3); counters,
damage and other effects are not copied.  Scenario answers: `may` (yes/no) and `card` (which object)."""
from __future__ import annotations

from ... import vocabulary as V


def _check(v, checker) -> str:
    if not isinstance(v, dict) or set(v) - {"filter", "may"} or not isinstance(v.get("filter"), dict):
        return repr(v)
    checker.filter(v["filter"])
    return ""


V.static("enters_as_copy", doc="707.9/614.1c: `{filter, may: true}` — it may enter as a copy of a permanent "
                               "matching the FILTER (answers `may`, then `card`)")
V.STATIC_CHECKS["enters_as_copy"] = _check


def _as_copy(g, new, opts):
    """707.9: the choice is made as the permanent enters; then it is a copy (707.2) of the chosen object."""
    for s in new.beh.statics:
        ec = s.get("enters_as_copy")
        if not ec:
            continue
        cands = [o for o in g.bf if g.match(o, g.chars(o), ec["filter"], new, new.controller)]
        if not cands:
            return
        if ec.get("may") and not g.choose_yes(new.controller, f"{new.name}: enter as a copy (707.9)?"):
            return
        pick = g.choose_card(new.controller, cands, f"{new.name}: the permanent to copy", by_object=True)
        g.log("707.9", f"{new.name} enters as a copy of {pick.name}")
        new.card, new.beh = pick.card, pick.beh
        return


V.ENTER_HOOKS.insert(0, _as_copy)             # before "enters with counters" / choices of what it copies (614.12)
