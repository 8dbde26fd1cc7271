"""Japanese words the cross-check still meets in claims.

TRANSITIONAL: removed once the extractor emits English values (Claim.topics, English types/colours).  Every
other module of the engine reads English values only and asks this one to translate a word first.
"""
from __future__ import annotations

import re

# colour words of a devotion claim → the English colour word
COLOURS = {"白": "white", "青": "blue", "黒": "black", "赤": "red", "緑": "green"}
# card type words → the English type word
TYPES = {"クリーチャー": "creature", "アーティファクト": "artifact", "エンチャント": "enchantment",
         "土地": "land", "パーマネント": "permanent"}
# topic keywords (keyword node names) → the English topic
TOPICS = {"授与": "bestow", "怪物化": "monstrosity", "神": "god"}
# the sentence speaks of "this effect" / "that effect" (the effect of the card it is about)
_ABOUT_EFFECT = re.compile(r"この効果|その効果")

_ALL = {**COLOURS, **TYPES, **TOPICS}


def english(word):
    """The English value of a Japanese colour, type or topic word; anything else unchanged."""
    return _ALL.get(word, word) if isinstance(word, str) else word


def speaks_of_its_effect(text: str | None) -> bool:
    return bool(_ABOUT_EFFECT.search(text or ""))
