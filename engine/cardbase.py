"""Cards as the rules engine reads them: :class:`Card` (characteristics, no rules text needed), a
:class:`Match` of a name, and a small :class:`CardIndex` over the bundled table (``engine/data/cards.yaml``).

The application's richer table (MTGJSON, Japanese spellings, fuzzy names: ``kb.cards.CardTable``) offers the
same reading interface (iteration, ``get``, ``resolve``, ``in``, ``len``) and may be handed in instead.

>>> default_cards().resolve("soul warden").card.name
'Soul Warden'
"""
from __future__ import annotations

from dataclasses import dataclass, field, fields
from functools import lru_cache
from pathlib import Path
from typing import Iterable, Iterator

BUNDLED = Path(__file__).parent / "data" / "cards.yaml"
FUZZY_CUTOFF_EN = 80.0                          # rapidfuzz ratio a misspelt English name must reach


@dataclass
class Card:
    name: str                                  # English name (face name for multi-face cards)
    name_ja: str | None = None                 # MTG Wiki spelling where known, else the printed name
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
    variants_ja: list[str] = field(default_factory=list)   # other JA spellings (printed, older translations)
    full_name_ja: str | None = None            # "甲 // 乙" for multi-face cards
    text_ja: str | None = None
    layout: str | None = None
    side: str | None = None                    # "a", "b", … for faces of multi-face cards
    behaviour: dict | None = None              # compiled from the rules text (engine.oracle), when supported
    behaviour_reason: str | None = None        # why the compiler gave none: the first failing clause

    @property
    def pt(self) -> str | None:
        return f"{self.power}/{self.toughness}" if self.power is not None else None

    @property
    def is_face(self) -> bool:
        return bool(self.full_name) and self.full_name != self.name

    def to_data(self, rulings: bool = True) -> dict:
        """Compact JSON-able dict (empty fields dropped); inverse of :meth:`from_data`."""
        out = {k: getattr(self, k) for k in _CARD_FIELDS}
        if not rulings:
            out["rulings"] = None
        return {k: v for k, v in out.items() if v not in (None, "", [], False)}

    @classmethod
    def from_data(cls, d: dict) -> "Card":
        return cls(**{k: v for k, v in d.items() if k in _CARD_FIELD_SET})

    def node_data(self) -> dict:
        """Data of the global ``card:{name_en}`` node (docs/design.md)."""
        return {"name_en": self.name, "name_ja": self.name_ja, "cost": self.cost, "colors": self.colors,
                "types": self.types, "subtypes": self.subtypes, "supertypes": self.supertypes, "pt": self.pt,
                "loyalty": self.loyalty, "full_name": self.full_name, "rulings": self.rulings}


_CARD_FIELDS = tuple(f.name for f in fields(Card) if f.name not in ("behaviour", "behaviour_reason"))
_CARD_FIELD_SET = frozenset(_CARD_FIELDS)


@dataclass
class Match:
    card: Card
    score: float                               # 100 for exact matches
    how: str   # exact_en | exact_ja | variant_ja | normalised | short_name | face | link_text | fuzzy


class CardIndex:
    """Cards by exact English name, case-folded English name and exact Japanese name (``name_ja``); a fuzzy
    English match only when asked (a suggestion for a misspelt name, never taken as the card)."""

    def __init__(self, cards: Iterable[Card] = ()):
        self._by_en: dict[str, Card] = {}
        self._folded: dict[str, Card] = {}
        self._by_ja: dict[str, Card] = {}
        for c in cards:
            self._by_en[c.name] = c
            self._folded.setdefault(c.name.casefold(), c)
            if c.name_ja:
                self._by_ja.setdefault(c.name_ja, c)

    def __len__(self) -> int:
        return len(self._by_en)

    def __iter__(self) -> Iterator[Card]:
        return iter(self._by_en.values())

    def __contains__(self, name_en: object) -> bool:
        return name_en in self._by_en

    def get(self, name_en: str) -> Card | None:
        return self._by_en.get(name_en)

    def resolve(self, name: str, fuzzy: bool = True) -> Match | None:
        """The card a name means: exact English, case-folded English, exact Japanese; with ``fuzzy`` the
        closest English name (rapidfuzz ratio, the score in the Match)."""
        if not name or not name.strip():
            return None
        name = name.strip()
        if name in self._by_en:
            return Match(self._by_en[name], 100.0, "exact_en")
        if name.casefold() in self._folded:
            return Match(self._folded[name.casefold()], 100.0, "normalised")
        if name in self._by_ja:
            return Match(self._by_ja[name], 100.0, "exact_ja")
        if not fuzzy:
            return None
        from rapidfuzz import fuzz, process

        best = process.extractOne(name.casefold(), list(self._folded), scorer=fuzz.ratio, score_cutoff=FUZZY_CUTOFF_EN)
        return Match(self._folded[best[0]], round(float(best[1]), 1), "fuzzy") if best else None


def read_cards(path: Path) -> list[Card]:
    """The cards of a card file in the bundled table's YAML shape (``pt: 2/3``, ``card``/``card_ja`` for the
    full name of a face)."""
    import yaml                                 # only when a card file is read: every mtgkb command imports this module

    rows = yaml.load(Path(path).read_text(encoding="utf-8"), Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
    cards = []
    for r in rows:
        p, t = (r["pt"].split("/") if r.get("pt") else (None, None))
        cards.append(Card(name=r["name"], name_ja=r.get("name_ja"), cost=r.get("cost"), colors=r.get("colors", ""),
                          types=r.get("types", []), supertypes=r.get("supertypes", []),
                          subtypes=r.get("subtypes", []), power=p, toughness=t, loyalty=r.get("loyalty"),
                          has_text=r.get("has_text", False), full_name=r.get("card"),
                          full_name_ja=r.get("card_ja"), side=r.get("side"),
                          variants_ja=list(r.get("variants_ja", []))))
    return cards


@lru_cache(maxsize=1)
def default_cards() -> CardIndex:
    """The bundled cards (cached; do not mutate)."""
    return CardIndex(read_cards(BUNDLED))
