"""The creature types (205.3m), data (``engine/data/creature_types.txt``) regenerated from the card file by
``python -m engine.game.creature_types AtomicCards.json``: the subtypes of creature and kindred faces that no other
kind of face has (land, artifact, enchantment … types), joke faces and type-line fragments left out. Changeling
(702.73, engine/game/mechanics/changeling.py) reads them."""
from __future__ import annotations

import re
import sys
from pathlib import Path

from ..data_lists import read_list, regenerate

DATA = Path(__file__).resolve().parents[1] / "data" / "creature_types.txt"
_REAL = {"Artifact", "Battle", "Creature", "Enchantment", "Instant", "Land", "Planeswalker", "Sorcery", "Kindred",
         "Tribal"}
_CREATURISH = {"Creature", "Kindred", "Tribal"}
_WORD = re.compile(r"[A-Z][a-z]+(-[A-Z][a-z]+)?( Lord)?")


def creature_types(cards: dict) -> list[str]:
    """205.3m: the creature types of an MTGJSON AtomicCards ``data`` mapping, sorted."""
    creature, other = set(), set()
    for faces in cards.values():
        for f in faces:
            types = set(f.get("types") or [])
            if f.get("isFunny") or not types or not types <= _REAL:
                continue
            (creature if types & _CREATURISH else other).update(f.get("subtypes") or [])
    return sorted(t for t in creature - other if _WORD.fullmatch(t))


CREATURE_TYPES = tuple(read_list(DATA))


def main(argv=None) -> int:
    return regenerate(argv, DATA, creature_types, "engine.game.creature_types")


if __name__ == "__main__":
    sys.exit(main())
