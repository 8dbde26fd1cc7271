""""You may have ~ enter the battlefield as a copy of any creature on the battlefield" (707.9 copy effects as a
permanent enters; 614.1c replacement effect, applied before the other "as it enters" effects, 614.12).

The permanent takes the copiable values of the chosen object (707.2: its printed characteristics and
abilities, as modified by other copy effects — a copy of a copy copies what the first copies, 707.3); counters,
damage and other effects are not copied.  Scenario answers: `may` (yes/no) and `card` (which object).

707.9b: "except it's an artifact in addition to its other types" / "except it has haste" / "except it's 7/7" —
`except: {types: [..], subtypes: [..], grant: [keywords], pt: [P, T]}` become part of the copy's copiable
values (so a copy of it copies them too); a grant may be a quoted ability `{ability: BEHAVIOUR}` ("except it has
'At the beginning of your upkeep, …'"), then its triggers, activated abilities and statics are the copy's own."""
from __future__ import annotations

import copy
import dataclasses

from ... import vocabulary as V

_EXCEPT = {"types", "subtypes", "grant", "pt"}


def _check(v, checker) -> str:
    if not isinstance(v, dict) or set(v) - {"filter", "may", "except"} or not isinstance(v.get("filter"), dict):
        return repr(v)
    checker.filter(v["filter"])
    ex = v.get("except")
    if ex is not None:
        if not isinstance(ex, dict) or not ex or set(ex) - _EXCEPT:
            return f"except {ex!r}"
        grant = ex.get("grant") or []
        if not isinstance(grant, list):
            return f"except grant {grant!r}"
        for kw in grant:
            if not (isinstance(kw, str) and kw in V.KEYWORDS or _quoted_ok(kw)):
                return f"except keyword {kw!r}"
        pt = ex.get("pt")
        if pt is not None and not (isinstance(pt, list) and len(pt) == 2 and all(isinstance(x, int) for x in pt)):
            return f"except pt {pt!r}"
    return ""


def _with_exceptions(new, card, beh, ex):
    """707.9b: the exceptions are copiable values of the copy."""
    changes = {}
    if ex.get("types"):
        changes["types"] = list(card.types) + [t for t in ex["types"] if t not in card.types]
    if ex.get("subtypes"):
        changes["subtypes"] = list(card.subtypes) + [t for t in ex["subtypes"] if t not in card.subtypes]
    if ex.get("pt"):
        changes["power"], changes["toughness"] = (str(x) for x in ex["pt"])
    new.card = dataclasses.replace(card, **changes) if changes else card
    new.beh = beh
    if ex.get("grant"):
        new.beh = b = copy.copy(beh)
        b.keywords = beh.keywords | frozenset(k for k in ex["grant"] if isinstance(k, str))
        for k in ex["grant"]:               # "except it has '<ability>'": the quoted ability is the copy's own
            if isinstance(k, dict):
                from ..layers import granted_behaviour
                q = granted_behaviour(k["ability"])
                b.triggers, b.activated = list(b.triggers) + list(q.triggers), list(b.activated) + list(q.activated)
                b.statics, b.keywords = list(b.statics) + list(q.statics), b.keywords | q.keywords


def _quoted_ok(k) -> bool:
    """A quoted ability the copy has (707.9b, 113.1a): one the engine runs as it stands."""
    return isinstance(k, dict) and set(k) == {"ability"} and isinstance(k["ability"], dict) and \
        set(k["ability"]) <= {"triggers", "activated", "statics", "keywords"} and not V.unhandled(k["ability"])


V.static("enters_as_copy", doc="707.9/614.1c: `{filter, may: true, except: {types, subtypes, grant, pt}}` — it "
                               "may enter as a copy of a permanent matching the FILTER (answers `may`, then `card`), "
                               "with the exceptions as copiable values (707.9b)")
V.STATIC_CHECKS["enters_as_copy"] = _check


def _as_copy(g, new, opts):
    """707.9: the choice is made as the permanent enters; then it is a copy (707.2) of the chosen object."""
    for s in new.beh.statics:
        ec = s.get("enters_as_copy")
        if not ec:
            continue
        zone = ec["filter"].get("zone")             # "any creature card in a graveyard" (707.9, Body Double)
        pool = g.bf if zone in (None, "battlefield") else [o for p in g.players for o in g.pz[p][zone]]
        cands = [o for o in pool if g.match(o, g.chars(o), ec["filter"], new, new.controller)]
        if not cands:
            return
        if ec.get("may") and not g.choose_yes(new.controller, f"{new.name}: enter as a copy (707.9)?"):
            return
        pick = g.choose_card(new.controller, cands, f"{new.name}: the permanent to copy", by_object=True)
        g.log("707.9", f"{new.name} enters as a copy of {pick.name}")
        _with_exceptions(new, pick.card, pick.beh, ec.get("except") or {})
        return


V.ENTER_HOOKS.insert(0, _as_copy)             # before "enters with counters" / choices of what it copies (614.12)
