"""The Japanese keyword names of kb/data/keyword_names.yaml are the names printed on Japanese cards: for every
ability keyword that at least three faces of the card file have (MTGJSON `keywords`) with Japanese text, some
line of those texts starts with the file's Japanese name or one of its aliases (or has it right after another
keyword's reminder) (a keyword line: 「会戦（このク…」,
「怒濤{1}{R}」).  Several names were once guessed wrong (会戦 written 乱闘, 怒濤 written 高揚, …)."""
from __future__ import annotations

import json
import unicodedata
from collections import defaultdict

import yaml

from kb.keywords import NAMES_FILE


def _fold(s: str) -> str:
    return unicodedata.normalize("NFKC", s).strip()


def _starts_item(line: str, name: str) -> bool:
    """The line starts with the keyword, or the keyword follows another keyword's reminder on the same line
    (some printed texts run 「欠色（…）嚥下（…）」 together)."""
    return line.startswith(name) or ")" + name in line


def test_japanese_keyword_names_are_the_printed_ones(shared):
    cards = json.loads(shared("cards", "AtomicCards.json").read_text(encoding="utf-8"))["data"]
    lines: dict[str, list[str]] = defaultdict(list)
    for faces in cards.values():
        for face in faces:
            ja = [fd.get("text") or "" for fd in face.get("foreignData") or () if fd.get("language") == "Japanese"]
            for kw in face.get("keywords") or ():
                for text in ja:
                    if text:
                        lines[kw.casefold()].append([_fold(line) for line in text.split("\n")])
    rows = yaml.safe_load(NAMES_FILE.read_text(encoding="utf-8"))["abilities"]
    checked, wrong = 0, []
    for row in rows:
        en, names = row[0], [row[1], *(row[2] if len(row) > 2 else ())]
        texts = lines.get(en.casefold(), [])
        if len(texts) < 3:
            continue
        checked += 1
        if not any(_starts_item(line, _fold(n)) for text in texts for line in text for n in names if n):
            wrong.append(f"{en}: {row[1]}")
    assert checked >= 80, checked
    assert not wrong, wrong
