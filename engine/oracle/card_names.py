"""Card names a search may name ("search your library and/or graveyard for a card named …"): the planeswalker
cards' names (lower case), a closed vocabulary derived from the card file's type lines like vocab.SUBTYPES. It is
data (`engine/data/planeswalker_names.txt`), regenerated from the card file by
``python -m engine.oracle.card_names AtomicCards.json`` (the faces whose types include Planeswalker, by ``faceName``
or ``name``; Alchemy's rebalanced "A-" printings left out). A name outside this list does not parse, so a mutated
name is never swallowed."""
from __future__ import annotations

import json
import sys
from pathlib import Path

DATA = Path(__file__).resolve().parents[1] / "data" / "planeswalker_names.txt"


def planeswalker_names(cards: dict) -> list[str]:
    """The planeswalker names of an MTGJSON AtomicCards ``data`` mapping, sorted, lower case."""
    names = {(f.get("faceName") or f["name"]).lower() for faces in cards.values() for f in faces
             if "Planeswalker" in (f.get("types") or [])}
    return sorted(n for n in names if not n.startswith("a-"))


def _read() -> frozenset[str]:
    lines = DATA.read_text(encoding="utf-8").splitlines()
    return frozenset(x.strip() for x in lines if x.strip() and not x.startswith("#"))


PLANESWALKER_NAMES = _read()


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if len(argv) != 1:
        print("usage: python -m engine.oracle.card_names AtomicCards.json", file=sys.stderr)
        return 2
    try:
        data = json.loads(Path(argv[0]).read_text(encoding="utf-8"))["data"]
    except (OSError, ValueError, KeyError) as e:
        print(f"{argv[0]}: cannot read the card file: {e}", file=sys.stderr)
        return 2
    head = DATA.read_text(encoding="utf-8").splitlines()[0]
    DATA.write_text(head + "\n" + "\n".join(planeswalker_names(data)) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
