"""Changeling (702.73): "this object is every creature type" — a characteristic-defining ability (604.3), so it
applies in every zone (a changeling card in the hand or the library is an Elf for "reveal an Elf card") and before
the layers (613.3). The creature types (205.3m) are data: engine/game/creature_types.py."""
from __future__ import annotations

from ... import vocabulary as V
from ..creature_types import CREATURE_TYPES


@V.hook(V.CHARS_HOOKS)
def every_creature_type(g, o, c):
    """702.73a / 604.3: an object with changeling has every creature type, in every zone (its own keyword: a
    characteristic-defining ability is printed, 604.3a)."""
    if "changeling" in o.beh.keywords:
        have = set(c.subtypes)
        c.subtypes = list(c.subtypes) + [t for t in CREATURE_TYPES if t not in have]


V.keyword("changeling", "702.73")
V.OWN_ONLY_KEYWORDS.add("changeling")      # granted ("gains changeling") it is not run: reported unhandled
