"""Card names a search may name ("search your library and/or graveyard for a card named …"): the planeswalker
cards' names (lower case), a closed vocabulary derived from the card file's type lines like vocab.SUBTYPES. It is
data (`engine/data/planeswalker_names.txt`), regenerated from the card file by
``python -m engine.oracle.card_names AtomicCards.json`` (the faces whose types include Planeswalker, by ``faceName``
or ``name``; Alchemy's rebalanced "A-" printings left out). A name outside this list does not parse, so a mutated
name is never swallowed."""
from __future__ import annotations

import sys
from pathlib import Path

from ..data_lists import read_list, regenerate

DATA = Path(__file__).resolve().parents[1] / "data" / "planeswalker_names.txt"


def planeswalker_names(cards: dict) -> list[str]:
    """The planeswalker names of an MTGJSON AtomicCards ``data`` mapping, sorted, lower case."""
    names = {(f.get("faceName") or f["name"]).lower() for faces in cards.values() for f in faces
             if "Planeswalker" in (f.get("types") or [])}
    return sorted(n for n in names if not n.startswith("a-"))


PLANESWALKER_NAMES = frozenset(read_list(DATA))


def main(argv=None) -> int:
    return regenerate(argv, DATA, planeswalker_names, "engine.oracle.card_names")


if __name__ == "__main__":
    sys.exit(main())
