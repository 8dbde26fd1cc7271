"""A card that would be put into a graveyard from anywhere goes elsewhere instead (a replacement effect of the
card itself, 614.1a / 614.6): `graveyard_instead: library` ("reveal it and shuffle it into its owner's library
instead"), `hand` or `exile`.  Indestructible permanents of this kind still go nowhere when destroyed: the
replacement only changes where a card that is put into a graveyard goes."""
from __future__ import annotations

from ... import vocabulary as V

ZONES = ("library", "hand", "exile")

V.top_key("graveyard_instead", lambda v, c=None: "" if v in ZONES else f"one of {ZONES}, not {v!r}",
          "614.1a: if the card would be put into a graveyard from anywhere, it goes to this zone instead")


@V.hook(V.MOVE_REPLACEMENTS, to=("graveyard",))
def graveyard_instead(g, o, to):
    """614.1a: the card's own replacement — the graveyard becomes the stated zone."""
    zone = o.beh.extra.get("graveyard_instead") if not o.is_ability else None
    if to == "graveyard" and zone in ZONES:
        g.log("614.1a", f"{o.name} would be put into a graveyard: put into its owner's {zone} instead")
        return zone
    return to
