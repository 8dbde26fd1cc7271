"""The Japanese → English lexicon of the claim readers: ``extractor/data/lexicon.yaml`` (card types,
colours, events, removals, zones, mana symbols, cast modes, topics, 'this effect'), read once.

>>> lexicon().colour("白"), lexicon().card_type("クリーチャー"), lexicon().topic("神")
('W', 'Creature', 'god')
>>> lexicon().first("cast_modes", "授与で唱えた")
'bestow'
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cached_property, lru_cache
from pathlib import Path

LEXICON_FILE = Path(__file__).parent / "data" / "lexicon.yaml"
SECTIONS = ("colours", "events", "removals", "zones", "mana_symbols", "cast_modes", "topics", "keyword_abilities",
            "protections", "subtypes", "supertypes", "ability_words")


def alternation(words) -> str:
    """A regex group matching any of ``words`` (literal), longest first: '(?:授与で唱え|授与)'."""
    return "(?:" + "|".join(re.escape(w) for w in sorted(set(words), key=len, reverse=True)) + ")"


@dataclass(frozen=True)
class CardType:
    en: str               # CR 205.2a name: Creature, Artifact, … (+ Permanent, Aura)
    ja: str
    object: bool          # names a permanent on the battlefield


@dataclass(frozen=True)
class Lexicon:
    card_types: tuple[CardType, ...]
    sections: dict[str, tuple[tuple[str, tuple[str, ...]], ...]]    # section → ((en, (ja, …)), …) in file order
    about_effect: tuple[str, ...]

    # ------------------------------------------------------------------ card types
    @cached_property
    def _type_en(self) -> dict[str, str]:
        return {t.ja: t.en for t in self.card_types}

    def card_type(self, ja: str) -> str | None:
        """クリーチャー → Creature (None for a word that is not a type)."""
        return self._type_en.get(ja)

    @cached_property
    def object_words(self) -> tuple[str, ...]:
        """Japanese words naming a permanent (in file order: the first found in a phrase wins)."""
        return tuple(t.ja for t in self.card_types if t.object)

    def object_type(self, phrase: str) -> str | None:
        """The first object word ``phrase`` contains, in English: 'あなたのアーティファクト' → Artifact."""
        return next((self._type_en[w] for w in self.object_words if w in phrase), None)

    @cached_property
    def type_run_words(self) -> tuple[str, ...]:
        """Words that stand in a type run ('クリーチャー・エンチャント'): every type but パーマネント."""
        return tuple(t.ja for t in self.card_types if t.en != "Permanent")

    def types_in(self, run: str) -> list[str]:
        """English types a run names, sorted: 'エンチャント・オーラ' → ['Aura', 'Enchantment']."""
        return sorted({self._type_en[w] for w in self.type_run_words if w in run})

    # ------------------------------------------------------------------ word sections
    def words(self, section: str, en: str | None = None) -> tuple[str, ...]:
        """Japanese words of a section (of one English value when ``en`` is given)."""
        return tuple(w for k, ws in self.sections[section] for w in ws if en is None or k == en)

    def first(self, section: str, text: str) -> str | None:
        """The English value of the first entry (file order) one of whose words ``text`` contains."""
        for en, ws in self.sections[section]:
            if any(w in text for w in ws):
                return en
        return None

    def all_in(self, section: str, text: str) -> list[str]:
        """English values (file order) whose words ``text`` contains."""
        return [en for en, ws in self.sections[section] if any(w in text for w in ws)]

    def value(self, section: str, ja: str) -> str | None:
        """The English value of one exact Japanese word."""
        return next((en for en, ws in self.sections[section] if ja in ws), None)

    def colour(self, ja: str) -> str | None:
        return self.value("colours", ja)

    def topic(self, ja: str) -> str | None:
        """A topic word (lexicon topics, else keywords.yaml 'en' lowercased): 神 → god, 不死 → undying."""
        return self.value("topics", ja) or keyword_topic(ja)

    def is_about_effect(self, text: str) -> bool:
        return any(w in text for w in self.about_effect)


@lru_cache(maxsize=None)
def keyword_topic(ja: str) -> str | None:
    """The English name of a keyword of keywords.yaml (its name or an alias), lowercased: 英雄的 → heroic."""
    from extractor import keywords

    for row in keywords():
        if row["en"] and (row["ja"] == ja or ja in row["aliases"]):
            return str(row["en"]).lower()
    return None


@lru_cache(maxsize=1)
def lexicon() -> Lexicon:
    """The lexicon file, read and checked once; a bad file raises ValueError naming it."""
    import yaml

    try:
        loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)          # libyaml when built with it
        data = yaml.load(LEXICON_FILE.read_text(encoding="utf-8"), Loader=loader) or {}
        types = tuple(CardType(str(r["en"]), str(r["ja"]), bool(r.get("object"))) for r in data["card_types"])
        sections = {}
        for name in SECTIONS:
            rows = data[name]
            if not isinstance(rows, dict):
                raise TypeError(f"section {name!r} must map English values to lists of words")
            sections[name] = tuple((str(en), tuple(str(w) for w in ws)) for en, ws in rows.items())
        about = tuple(str(w) for w in data["about_effect"])
    except (OSError, yaml.YAMLError, KeyError, TypeError, AttributeError) as e:
        raise ValueError(f"{LEXICON_FILE}: bad lexicon: {e}") from e
    return Lexicon(types, sections, about)
