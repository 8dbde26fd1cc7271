"""Derive the Japanese words for subtypes and card types from an AtomicCards file's type lines (each face's
English subtypes aligned, in order, with the words after ― in its Japanese type line; the majority reading
wins).  ``python -m extractor.ja_card.build_vocab AtomicCards.json`` rewrites extractor/data/ja_card_vocab.json.
Only type lines are read, never rules text."""
from __future__ import annotations

import json
import re
import sys
import unicodedata
from collections import Counter, defaultdict
from pathlib import Path

OUT = Path(__file__).resolve().parents[1] / "data" / "ja_card_vocab.json"


def derive(cards: dict) -> dict:
    votes: dict = defaultdict(Counter)
    for faces in cards.values():
        for f in faces:
            jp = next((d for d in f.get("foreignData", []) if d.get("language") == "Japanese"), None)
            subs = f.get("subtypes") or []
            if not jp or not jp.get("type") or not subs:
                continue
            t = unicodedata.normalize("NFKC", jp["type"])
            parts = re.split(r"\s*[—―－-]\s*", t, maxsplit=1)
            if len(parts) != 2:
                continue
            words = [w for w in re.split(r"[・\s]+", parts[1].strip()) if w]
            if len(words) == len(subs):
                for ja, en in zip(words, subs):
                    votes[ja][en] += 1
    return {"subtypes": {ja: c.most_common(1)[0][0] for ja, c in sorted(votes.items())
                         if c.most_common(1)[0][1] >= 1}}


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    with open(argv[0], encoding="utf-8") as fh:
        cards = json.load(fh)["data"]
    OUT.write_text(json.dumps(derive(cards), ensure_ascii=False, indent=0, sort_keys=True) + "\n", encoding="utf-8")
    print(f"wrote {OUT}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
