"""Objects attached to others: an Aura enchants an object (CR 303.4), an Equipment is attached to a creature
(301.5).  A statement whose condition is about "the enchanted object" / "the equipped creature" and that names
no object of its own is about an Aura / an Equipment: :func:`holder_of` gives the description of that object.
"""
from __future__ import annotations

from typing import Any

# what holds an "enchanted object" / an "equipped creature" (303.4a, 301.5a)
HOLDERS: dict[str, dict[str, Any]] = {
    "aura": {"desc": {"types": ["Enchantment"], "subtypes": ["Aura"]}},
    "equipment": {"desc": {"types": ["Artifact"], "subtypes": ["Equipment"]}},
}


def holder_of(sit: dict[str, Any]) -> dict[str, Any] | None:
    """The described Aura / Equipment a situation's host condition implies (None without one)."""
    for c in sit.get("conditions") or []:
        if isinstance(c, dict) and c.get("kind") == "host_leaves" and c.get("attached") in HOLDERS:
            return {"desc": dict(HOLDERS[c["attached"]]["desc"])}
    return None
