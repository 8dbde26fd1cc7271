"""Card table: characteristics and Japanese/English name resolution.

The bundled table (``kb/data/cards.yaml``) is the project's own structured data for the cards the sample
corpus uses; an MTGJSON AtomicCards file extends it.

>>> t = CardTable.bundled()
>>> t.resolve("魂の管理人").card.name
'Soul Warden'
"""
from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Iterable, Iterator

BUNDLED = Path(__file__).parent / "data" / "cards.yaml"


@dataclass
class Card:
    name: str                                  # English name (face name for multi-face cards)
    name_ja: str | None = None
    cost: str | None = None                    # "{1}{W}{W}"
    colors: str = ""                           # "WU"
    types: list[str] = field(default_factory=list)
    supertypes: list[str] = field(default_factory=list)
    subtypes: list[str] = field(default_factory=list)
    power: str | None = None
    toughness: str | None = None
    loyalty: str | None = None
    has_text: bool = False                     # whether the card has rules text (needs a behaviour)
    full_name: str | None = None               # "A // B" for multi-face cards
    text: str | None = None                    # rules text when loaded from MTGJSON (never bundled)
    rulings: list[dict] = field(default_factory=list)
    variants_ja: list[str] = field(default_factory=list)


@dataclass
class Match:
    card: Card
    score: float                               # 100 for exact matches
    how: str                                   # exact_en | exact_ja | variant_ja | normalised | fuzzy


_SPACES = re.compile(r"[\s\u3000]+")


def normalise_ja(name: str) -> str:
    """Fold the ways one Japanese name is written: width (NFKC), ・/＝/= separators, spaces, 《》, case.

    >>> normalise_ja("《ハーマ＝パシャール》") == normalise_ja("ハーマ・パシャール")
    True
    """
    s = unicodedata.normalize("NFKC", name).strip()
    s = s.strip("《》『』「」[]")
    s = s.replace("=", "・").replace("･", "・").replace("·", "・")
    s = _SPACES.sub("", s)
    return s.lower()


class CardTable:
    def __init__(self, cards: Iterable[Card] = ()):
        self._by_en: dict[str, Card] = {}
        self._by_key: dict[str, Card] = {}
        for c in cards:
            self.add(c)

    def add(self, card: Card) -> None:
        self._by_en[card.name] = card
        keys = [card.name, card.full_name, card.name_ja, *card.variants_ja]
        for k in keys:
            if k:
                self._by_key.setdefault(normalise_ja(k), card)

    def __len__(self) -> int:
        return len(self._by_en)

    def __iter__(self) -> Iterator[Card]:
        return iter(self._by_en.values())

    def get(self, name_en: str) -> Card | None:
        return self._by_en.get(name_en)

    def resolve(self, name: str) -> Match | None:
        if name in self._by_en:
            return Match(self._by_en[name], 100.0, "exact_en")
        card = self._by_key.get(normalise_ja(name))
        if card:
            return Match(card, 100.0, "normalised")
        return None

    @classmethod
    def bundled(cls) -> "CardTable":
        return _bundled()


@lru_cache(maxsize=1)
def _bundled() -> CardTable:
    import yaml

    rows = yaml.load(BUNDLED.read_text(encoding="utf-8"), Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
    cards = []
    for r in rows:
        p, t = (r["pt"].split("/") if r.get("pt") else (None, None))
        cards.append(Card(name=r["name"], name_ja=r.get("name_ja"), cost=r.get("cost"), colors=r.get("colors", ""),
                          types=r.get("types", []), supertypes=r.get("supertypes", []),
                          subtypes=r.get("subtypes", []), power=p, toughness=t, loyalty=r.get("loyalty"),
                          has_text=r.get("has_text", False), full_name=r.get("card"),
                          variants_ja=r.get("variants_ja", [])))
    return CardTable(cards)
