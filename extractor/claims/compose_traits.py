"""A named card's printed characteristics, read by composition (issue 20): the outcome that a card is what its
card says — a piece of the composed reader's tables (:mod:`extractor.claims.compose` extends its own with
these; nothing here knows a sentence).

- ``has`` (an outcome): 「〔X〕は飛行と警戒を持つ」「〔X〕は到達を持っている」「〔X〕は速攻を持たない」 — the keywords
  the object has (``keywords``, a run read by the composed reader's keyword reading), at the end of the main
  clause only (「飛行を持つクリーチャーは…」 is a description, read by the object reader);
- ``is_card`` (an outcome): 「〔X〕は6/4のクリーチャーである」「〔X〕は2/1である」「〔X〕はインスタントである」
  「〔X〕は緑のクリーチャーだ」「〔X〕は5/5の飛行クリーチャーである」「〔X〕は(対象に)2点のダメージを与えるインスタントで
  ある」 — the printed P/T (``pt``), the damage the spell deals (``damage``), card types
  (``types``), colours (``colors``) and keywords the copula states of the object (the object phrase is read whole
  by the card grammar's object reader, or the reading is refused).

- ``premise`` (an event): a ``has`` clause closed by 「ので／ため／から」 (「〔X〕は防衛を持つので、攻撃できない」) — the
  statement asserts it, so it is checked as the outcome is, on the card before the later events.

All are checked against the card as the engine has it (its characteristics, 109.3; printed P/T 208.1, types
205, colour 105.2, keyword abilities 702): a card only — a described object has what it is described with, which
says nothing (:mod:`engine.crosscheck.outcome_traits`).
"""
from __future__ import annotations

from functools import lru_cache
import re
from typing import Any, Callable

# the copula closing a statement: 「である」「です」「だ」 (a denial, 「ではない」, is not read: refused)
_COPULA = r"(?:である|です|だ)?\s*$"
_PT = r"(?P<t_pt>\d+/\d+)"


def _type_words() -> str:
    """The card types (205.2a) an object phrase of ``is_card`` ends with (「…クリーチャー」「インスタント」)."""
    from extractor.ja_card.vocab import card_types
    return "|".join(sorted(map(re.escape, card_types()), key=len, reverse=True))


def predicates(kw_item: str) -> list[tuple[str, str, dict[str, str]]]:
    """The verb phrases (``kw_item``: the composed reader's keyword item pattern); each closes its clause."""
    types = _type_words()
    run = rf"(?P<t_run>{kw_item}(?:\s*(?:と|や|、|および|・)\s*{kw_item})*)(?:の両方|の(?:すべて|全て))?"
    return [
        # 「…を持つ」「…を持っている」「…を持ちます」「…を持たない」: the polarity is read after the stem
        (rf"{run}を持(?:つ(?=\s*$)|っ(?=てい(?:る|ない|ます|ません)?\s*$)|ち(?=ま(?:す|せん)\s*$)"
         rf"|(?=た(?:ない|ず)\s*$))", "has", {"s": "patient"}),
        # 「6/4のクリーチャーである」「2/1である」「インスタントである」「緑のクリーチャーだ」
        (rf"(?:{_PT}(?:の(?P<t_obj>[^\s、。はがをに]{{0,16}}?(?:{types})))?|(?:(?:対象に|対戦相手に)?(?P<t_dmg>\d+)点のダメージを与える)?(?P<t_obj2>[^\s、。はがをに]{{0,16}}?(?:{types})))"
         rf"(?={_COPULA})(?:である|です|だ)?", "is_card", {"s": "patient"}),
    ]


EVENTS = frozenset({"premise"})
OUTCOMES = frozenset({"has", "is_card"})
SUBJECT_ROLES = {"has": "patient", "is_card": "patient", "premise": "patient"}
# a clause closed by a reason connective (「…を持つので、」「…を持つため、」「…を持つから、」) states a fact the
# outcome rests on: the statement asserts it (unlike 「…を持つ場合」, a supposition)
REASON = re.compile(r"(?:ので|ため|から)、?")


def premise(item: dict) -> dict:
    """A ``has`` clause before a reason connective: the event ``premise`` (the keywords, its polarity kept) —
    the checker observes it on the card before the later events; any other predicate stays as it is."""
    if item["name"] != "has":
        return item
    return {**item, "name": "premise"}
NEEDS = ("を持", "である", "です", "だ")
# what the object phrase of ``is_card`` may state: the rest of a description is not a printed characteristic read here
_TRAIT_KEYS = {"types", "subtypes", "colors", "keywords"}


@lru_cache(maxsize=1)
def _keyword_words() -> tuple[tuple[str, str], ...]:
    """(word, keyword) of the lexicon's keyword abilities, longest word first (read once)."""
    from extractor.lexicon import lexicon
    lex = lexicon()
    return tuple((w, lex.value("keyword_abilities", w))
                 for w in sorted(lex.words("keyword_abilities"), key=len, reverse=True))


def _keyword_noun(phrase: str, object_of: Callable[[str], Any]) -> Any:
    """「飛行クリーチャー」: a keyword written before the type noun (the object has it), else None."""
    for w, kw in _keyword_words():
        if kw and phrase.startswith(w) and len(phrase) > len(w):
            got = object_of(phrase[len(w):])
            if isinstance(got, dict) and isinstance(got.get("desc"), dict):
                got["desc"]["keywords"] = [kw, *got["desc"].get("keywords", [])]
                return got
    return None


def facts(m: re.Match, keywords: Callable[[str], tuple[list[str], list[str]]],
          object_of: Callable[[str], Any]) -> dict:
    """The characteristics a ``has`` / ``is_card`` phrase states; ValueError on a word no piece reads (the
    composed reading is then refused: a characteristic is a fact, never dropped)."""
    g = m.groupdict()
    if g.get("t_run"):
        kws, prot = keywords(g["t_run"])
        if prot:
            raise ValueError("protection as a printed ability is not read here")
        return {"keywords": kws}
    if "t_pt" not in g:
        return {}
    out: dict[str, Any] = {}
    if g.get("t_pt"):
        out["pt"] = g["t_pt"]
    if g.get("t_dmg"):
        out["damage"] = int(g["t_dmg"])        # 「2点のダメージを与えるインスタント」: what the spell does (120.3)
    phrase = g.get("t_obj") or g.get("t_obj2")
    if phrase:
        got = object_of(phrase) or _keyword_noun(phrase, object_of)
        desc = got.get("desc") if isinstance(got, dict) else None
        if not desc or set(desc) - _TRAIT_KEYS or not desc.get("types"):
            raise ValueError(phrase)
        out.update({k: v for k, v in desc.items() if v})
    if not out:
        raise ValueError(m.group(0))
    return out
