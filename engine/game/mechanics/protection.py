"""Protection (702.16) and "can't be countered" (101.2, 701.6).

Protection is a keyword with a parameter: ``protection_from_<quality>``, the quality a colour letter (w, u, b,
r, g) or a card type in the plural (artifacts, creatures, enchantments, …).  A permanent with protection
from a quality can't be the target of spells or abilities with that quality (702.16b), can't be blocked by
creatures with it (702.16f) and damage from sources with it is prevented (702.16e) — "DEBT" without the
attachment part (702.16c/d), which no behaviour uses yet.
"""
from __future__ import annotations

from ...vocabulary import keyword

COLOR_QUALITIES = ("w", "u", "b", "r", "g")
TYPE_QUALITIES = {"artifacts": "Artifact", "creatures": "Creature", "enchantments": "Enchantment",
                  "instants": "Instant", "sorceries": "Sorcery", "planeswalkers": "Planeswalker", "lands": "Land"}
PREFIX = "protection_from_"


def protection_keyword(quality: str) -> str:
    """The keyword for protection from a colour letter ("W") or a card type ("artifacts")."""
    q = str(quality).strip().lower()
    if q not in COLOR_QUALITIES and q not in TYPE_QUALITIES:
        raise ValueError(f"protection from {quality!r} is not a colour (W/U/B/R/G) or a card type")
    return PREFIX + q


def has_quality(chars, quality: str) -> bool:
    """Whether an object (its characteristics) has a protection quality (702.16a)."""
    if quality in COLOR_QUALITIES:
        return quality.upper() in (chars.colors or "")
    t = TYPE_QUALITIES.get(quality)
    return t is not None and t in chars.types


def protected_from(chars, source_chars) -> bool:
    """Whether an object with ``chars`` has protection from a source with ``source_chars``."""
    if source_chars is None:
        return False
    return any(has_quality(source_chars, k[len(PREFIX):]) for k in chars.keywords if k.startswith(PREFIX))


for _q in COLOR_QUALITIES + tuple(TYPE_QUALITIES):
    keyword(PREFIX + _q, "702.16")
keyword("cant_be_countered", "101.2")     # "this spell can't be countered": a counter effect does nothing to it
