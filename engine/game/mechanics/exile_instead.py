"""A permanent's own replacement effect "If ~ would die, exile it instead" / "If ~ would be put into a graveyard
from anywhere, exile it instead" (614.1a, 614.6; the ability functions wherever the card is, 113.6h).
``{graveyard_to_exile: self}`` (from anywhere) or ``{graveyard_to_exile: dies}`` (from the battlefield,
700.4)."""
from __future__ import annotations

from ... import vocabulary as V

_FORMS = ("self", "dies")
V.static("graveyard_to_exile", doc="614.1a: `self` — put into a graveyard from anywhere, exiled instead; `dies`: "
                                   "only from the battlefield")
V.STATIC_CHECKS["graveyard_to_exile"] = lambda v, c: "" if v in _FORMS else repr(v)


@V.hook(V.MOVE_REPLACEMENTS, to=("graveyard",))
def exile_instead(g, o, to):
    """614.1a: the card would be put into a graveyard — it is exiled instead."""
    if to != "graveyard" or o.is_ability:
        return to
    for s in o.beh.statics:
        v = s.get("graveyard_to_exile")
        if v == "self" or (v == "dies" and o.zone == "battlefield"):
            g.log("614.1a", f"{o.name} would be put into a graveyard: it is exiled instead")
            return "exile"
    return to
