"""Cards as the rules engine reads them: :class:`Card` (characteristics, no rules text needed), a
:class:`Match` of a name, and the one card-table type, :class:`CardTable`: cards by English name and every
spelling that names them (Japanese names, older translations, normalised and short names, fuzzy).

The bundled table (``engine/data/cards.yaml``) is a ``CardTable``; the application's table
(``kb.cards.CardTable``: MTGJSON, MTG Wiki names, the store's cards) is the same type with loaders added.
``CardIndex`` is the older name of ``CardTable``.

>>> default_cards().resolve("soul warden").card.name
'Soul Warden'
"""
from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field, fields, replace
from functools import lru_cache
from pathlib import Path
from typing import Iterable, Iterator

BUNDLED = Path(__file__).parent / "data" / "cards.yaml"
FUZZY_CUTOFF_EN = 80.0                          # rapidfuzz ratio a misspelt English name must reach
FUZZY_CUTOFF_JA = 75.0
_NO_NAME = {"", "undefined"}                    # mtgwiki-jpnames.json marks missing names "undefined"


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
    mana_value: float | None = None            # MTGJSON manaValue (CR 202.3) when loaded from a card file
    color_identity: str = ""                   # "WU" (CR 903.4), MTGJSON colorIdentity
    keywords: list[str] = field(default_factory=list)      # MTGJSON per-card keyword abilities and actions

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


_SPACES = re.compile(r"[\s\u3000]+")


def normalise_ja(name: str) -> str:
    """Fold the ways one Japanese name is written: width (NFKC), ・/＝/= separators, spaces, 《》, case.

    Also the key of every row in ``card_names`` (English names too: lower case, no spaces).

    >>> normalise_ja("《ハーマ＝パシャール》") == normalise_ja("ハーマ・パシャール")
    True
    """
    s = unicodedata.normalize("NFKC", name).strip()
    s = s.strip("《》『』「」[]")
    s = s.replace("=", "・").replace("･", "・").replace("·", "・")
    s = _SPACES.sub("", s)
    return s.lower()


_SET_CODE = re.compile(r"\s*[(（][A-Za-z0-9]{2,6}[)）]\s*$")


def _link_parts(name: str) -> list[str]:
    """"エルフの笛吹き/Elvish Piper(UD)" → ["エルフの笛吹き", "Elvish Piper"]; [] when NAME is not of that shape."""
    bare = _SET_CODE.sub("", name)
    parts = [p.strip() for p in re.split(r"(?<!/)[/／](?!/)", bare) if p.strip()]
    if len(parts) > 1 or bare != name:
        return parts
    return []


def _is_ja(s: str) -> bool:
    return any(ord(ch) > 0x2E7F for ch in s)


def _en_key(name: str) -> str:
    return _SPACES.sub(" ", unicodedata.normalize("NFKC", name)).strip().lower()


# ranks: a lower rank wins a contested key
_PRIMARY, _FACE, _VARIANT, _SHORT = 0, 1, 2, 3


def short_names(card: Card) -> list[str]:
    """The names a legendary card goes by alone: "Hama Pashar" / "ハーマ・パシャール" (the epithet dropped)."""
    out = []
    if ", " in card.name:
        out.append(card.name.split(", ", 1)[0])
    for ja in (card.name_ja, *card.variants_ja):
        if ja and "、" in ja:
            out.append(ja.rsplit("、", 1)[1])
    return [s for s in out if len(normalise_ja(s)) >= 2]


class CardTable:
    """Cards by English name, and every spelling that names them."""

    def __init__(self, cards: Iterable[Card] = ()):
        self._by_en: dict[str, Card] = {}
        # name indexes: spelling -> (name_en, rank); a lower rank wins a contested spelling
        self._exact_en: dict[str, tuple[str, int]] = {}       # EN names and full names
        self._exact_ja: dict[str, tuple[str, int]] = {}       # JA names and full names
        self._variant: dict[str, tuple[str, int]] = {}        # other JA spellings
        self._by_key: dict[str, tuple[str, int]] = {}         # normalise_ja(any name), short names
        self._fuzzy: tuple[list, list, list, list] | None = None
        for c in cards:
            self.add(c)

    # -- building -----------------------------------------------------------------------------------------
    def _entries(self, card: Card) -> list[tuple[dict, str, int]]:
        rank = _FACE if card.is_face else _PRIMARY
        out = [(self._exact_en, card.name, rank), (self._by_key, normalise_ja(card.name), rank)]
        if card.name_ja:
            out += [(self._exact_ja, card.name_ja, rank), (self._by_key, normalise_ja(card.name_ja), rank)]
        if card.full_name and card.side in (None, "a"):
            out += [(self._exact_en, card.full_name, _FACE), (self._by_key, normalise_ja(card.full_name), _FACE)]
            if card.full_name_ja:
                out += [(self._exact_ja, card.full_name_ja, _FACE),
                        (self._by_key, normalise_ja(card.full_name_ja), _FACE)]
        for v in card.variants_ja:
            if v and v != card.name_ja:
                out += [(self._variant, v, _VARIANT), (self._by_key, normalise_ja(v), _VARIANT)]
        out += [(self._by_key, normalise_ja(short), _SHORT) for short in short_names(card)]
        return out

    def add(self, card: Card) -> None:
        """Add (or replace) a card; a whole card wins a name over another card's face of the same name."""
        old = self._by_en.get(card.name)
        if old is not None:
            if card.is_face and not old.is_face:
                return
            for index, key, rank in self._entries(old):          # forget spellings only the old card had
                if index.get(key) == (old.name, rank):
                    del index[key]
        self._by_en[card.name] = card
        for index, key, rank in self._entries(card):
            self._put(index, key, card.name, rank)
        self._fuzzy = None

    def add_alias(self, name: str, name_en: str) -> bool:
        """Let another spelling (older translation, wiki link text) resolve to card ``name_en``."""
        card = self._by_en.get(name_en)
        if card is None or not name or name in _NO_NAME:
            return False
        if name == card.name_ja or name == card.name:
            return True
        if name not in card.variants_ja and _is_ja(name):
            card.variants_ja.append(name)
        self._put(self._variant, name, name_en, _VARIANT)
        self._put(self._by_key, normalise_ja(name), name_en, _VARIANT)
        if "、" in name:
            self._put(self._by_key, normalise_ja(name.rsplit("、", 1)[1]), name_en, _SHORT)
        self._fuzzy = None
        return True

    @staticmethod
    def _put(index: dict, key: str, name_en: str, rank: int) -> None:
        old = index.get(key)
        if old is None or rank <= old[1]:
            index[key] = (name_en, rank)

    def merge(self, card: Card, prefer_own_ja: bool = False) -> None:
        """Add ``card``; where a card of that name exists, keep every JA spelling of both.

        ``prefer_own_ja`` keeps the existing card's ``name_ja`` (e.g. the bundled MTG Wiki spelling over a
        printed one).
        """
        old = self._by_en.get(card.name)
        if old is None:
            self.add(card)
            return
        new = replace(card, variants_ja=list(card.variants_ja), rulings=list(card.rulings))
        if not new.name_ja or (prefer_own_ja and old.name_ja):
            new.name_ja = old.name_ja
        for v in [old.name_ja, *old.variants_ja, card.name_ja]:
            if v and v != new.name_ja and v not in new.variants_ja:
                new.variants_ja.append(v)
        for attr in ("cost", "power", "toughness", "loyalty", "full_name", "full_name_ja"):
            if getattr(new, attr) is None:
                setattr(new, attr, getattr(old, attr))
        self.add(new)

    # -- reading ------------------------------------------------------------------------------------------
    def __len__(self) -> int:
        return len(self._by_en)

    def __iter__(self) -> Iterator[Card]:
        return iter(self._by_en.values())

    def __contains__(self, name_en: str) -> bool:
        return name_en in self._by_en

    def get(self, name_en: str) -> Card | None:
        return self._by_en.get(name_en)

    def resolve(self, name: str, fuzzy: bool = True) -> Match | None:
        """Resolve a card name: exact EN, exact JA, JA variant, normalised (any spelling, or a legendary
        card's short name), a face of "A // B", link text "JA/EN(SET)", then fuzzy (rapidfuzz, score in the
        Match)."""
        if not name or not name.strip():
            return None
        for index, how in ((self._exact_en, "exact_en"), (self._exact_ja, "exact_ja"),
                           (self._variant, "variant_ja")):
            hit = index.get(name)
            if hit:
                return Match(self._by_en[hit[0]], 100.0, how)
        hit = self._by_key.get(normalise_ja(name))
        if hit:
            how = {_VARIANT: "variant_ja" if _is_ja(name) else "normalised", _SHORT: "short_name"}.get(hit[1])
            return Match(self._by_en[hit[0]], 100.0, how or "normalised")
        if "//" in name:                                       # "A // B" unknown as a whole: its faces
            for part in name.split("//"):
                m = self.resolve(part.strip(), fuzzy=False)
                if m:
                    return Match(m.card, m.score, "face")
        parts = _link_parts(name)                              # "JA/EN(SET)" as written in prose and links
        if parts:
            for part in parts:
                m = self.resolve(part, fuzzy=False)
                if m:
                    return Match(m.card, m.score, "link_text")
        return self._fuzzy_match(name) if fuzzy else None

    def _fuzzy_index(self) -> tuple[list, list, list, list]:
        if self._fuzzy is None:
            en: dict[str, str] = {}
            ja: dict[str, str] = {}
            for index in (self._exact_en, self._exact_ja, self._variant):
                for k, (name_en, _rank) in index.items():
                    fuzzy_key_into(k, name_en, en, ja)
            self._fuzzy = (list(en), list(en.values()), list(ja), list(ja.values()))
        return self._fuzzy

    def _fuzzy_match(self, name: str) -> Match | None:
        best = fuzzy_best(name, *self._fuzzy_index())
        return Match(self._by_en[best[0]], best[1], "fuzzy") if best else None

    def suggest(self, name: str, limit: int = 5) -> list[str]:
        """English names of the cards closest to NAME (looser than a fuzzy match: "did you mean" lists)."""
        from rapidfuzz import fuzz, process

        en_keys, en_cards, ja_keys, ja_cards = self._fuzzy_index()
        ja = _is_ja(name)
        keys, cards, query = (ja_keys, ja_cards, normalise_ja(name)) if ja else (en_keys, en_cards, _en_key(name))
        hits = process.extract(query, keys, scorer=fuzz.ratio, score_cutoff=40 if len(query) <= 3 else 65,
                               limit=limit * 3)
        return list(dict.fromkeys(cards[i] for _k, _s, i in hits))[:limit]

    # -- constructors -------------------------------------------------------------------------------------
    @classmethod
    def bundled(cls) -> "CardTable":
        """The project's own table (cached; do not mutate — use ``copy``)."""
        return default_cards()

    def copy(self) -> "CardTable":
        t = type(self)()
        for c in self:
            t.add(replace(c, variants_ja=list(c.variants_ja)))
        return t



CardIndex = CardTable          # the older name


def fuzzy_key_into(name: str, name_en: str, en: dict[str, str], ja: dict[str, str]) -> None:
    """File one spelling under its fuzzy key: Japanese spellings normalised, English ones case-folded."""
    if _is_ja(name):
        ja.setdefault(normalise_ja(name), name_en)
    else:
        en.setdefault(_en_key(name), name_en)


def fuzzy_best(name: str, en_keys: list[str], en_cards: list[str], ja_keys: list[str],
               ja_cards: list[str], folded=None) -> tuple[str, float] | None:
    """(English name, score) of the closest spelling to a misspelt NAME (rapidfuzz ratio), or None.
    ``folded``: how the English keys were folded (default :func:`_en_key`; ``normalise_ja`` for stored keys)."""
    from rapidfuzz import fuzz, process

    if not _is_ja(name):
        best = process.extractOne((folded or _en_key)(name), en_keys, scorer=fuzz.ratio,
                                  score_cutoff=FUZZY_CUTOFF_EN)
        return (en_cards[best[2]], round(float(best[1]), 1)) if best else None
    # Japanese names are short: a typo changes a character or two, while a longer name that merely
    # contains the query ("テーロス" in "テーロスの魂") is another thing altogether
    query = normalise_ja(name)
    slack = max(1, len(query) // 5)
    for key, score, i in process.extract(query, ja_keys, scorer=fuzz.ratio, score_cutoff=FUZZY_CUTOFF_JA, limit=8):
        if abs(len(key) - len(query)) <= slack:
            return ja_cards[i], round(float(score), 1)
    return None


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
def default_cards() -> CardTable:
    """The bundled cards (cached; do not mutate)."""
    return CardTable(read_cards(BUNDLED))
