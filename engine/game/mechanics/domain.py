"""Domain (an ability word, 207.2c): the value `basic_land_types:you` — the number of basic land types (205.3i:
Plains, Island, Swamp, Mountain, Forest) among lands the controller controls, read from their current
characteristics (a land with two basic land types counts for both)."""
from __future__ import annotations

from ... import vocabulary as V

BASIC_LAND_TYPES = ("Plains", "Island", "Swamp", "Mountain", "Forest")


@V.value_form("basic_land_types", args=("you",))
def _basic_land_types(g, arg, ctx):
    """205.3i: the basic land types among lands the controller controls (0 to 5)."""
    seen = set()
    for o in g.bf:
        if o.controller == ctx.controller:
            c = g.chars(o)
            if "Land" in c.types:
                seen.update(t for t in c.subtypes if t in BASIC_LAND_TYPES)
    return len(seen)
