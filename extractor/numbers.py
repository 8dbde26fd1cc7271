"""Numbers in every script the rulings prose uses, and counts followed by a counter word.

``parse_number(s)`` reads ``3``, ``３``, ``二十三``, ``百``, ``〇``, ``二〇二`` (digit by digit), ``ひとつ``,
``ふたり``; ``find_counts(text)`` finds ``2回``, ``一度``, ``三体``, ``１２枚``, ``ひとつ``, ``2つ目`` with their
counter word.  ``object_count(word)`` gives the number a quantity word stands for where it counts objects
(``両方`` = 2).  Everything is table-driven: the tables below are the only place a script is described.
"""
from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

KANJI_DIGITS: dict[str, int] = {"〇": 0, "零": 0, "一": 1, "二": 2, "三": 3, "四": 4, "五": 5,
                                "六": 6, "七": 7, "八": 8, "九": 9, "壱": 1, "弐": 2, "参": 3}
KANJI_UNITS: dict[str, int] = {"十": 10, "百": 100, "千": 1000}
# native counting words: the value, and the counter word each one contains
NATIVE_WORDS: dict[str, tuple[int, str]] = {
    "ひとつ": (1, "つ"), "ふたつ": (2, "つ"), "みっつ": (3, "つ"), "よっつ": (4, "つ"), "いつつ": (5, "つ"),
    "むっつ": (6, "つ"), "ななつ": (7, "つ"), "やっつ": (8, "つ"), "ここのつ": (9, "つ"), "とお": (10, "つ"),
    "ひとり": (1, "人"), "ふたり": (2, "人"), "一人": (1, "人"), "二人": (2, "人"),
}
# words that count objects without a numeral (where the text counts objects: 両方を対象に = 2 targets)
OBJECT_COUNT_WORDS: dict[str, int] = {"両方": 2, "双方": 2, "両者": 2, "二つとも": 2, "2つとも": 2,
                                      "片方": 1, "どちらか一方": 1, "どちらか": 1}
COUNTERS: tuple[str, ...] = ("ターン", "番目", "回", "度", "つ", "体", "枚", "個", "点", "人", "匹", "色", "種類")
# a numeral + counter that is an idiom, not a count (二度と = never again, 一度に = at once, 一体化 = merge)
IDIOMS: tuple[str, ...] = ("二度と", "一度に", "一体化", "一体何", "一点張り", "一人称")

_KANJI_NUMERAL = "".join(KANJI_DIGITS) + "".join(KANJI_UNITS)
_NUMERAL = rf"[0-9０-９]+|[{_KANJI_NUMERAL}]+"
COUNT_RE = re.compile(
    rf"(?P<ord>第)?(?P<num>{'|'.join(sorted(NATIVE_WORDS, key=len, reverse=True))}|{_NUMERAL})"
    rf"(?P<counter>{'|'.join(sorted(COUNTERS, key=len, reverse=True))})?(?P<me>目)?")
# a kanji numeral glued to the kanji word before it is part of that word (唯一, 統一, 同一): not a count
_WORD_BEFORE = re.compile(r"[\u4e00-\u9fff々]$")


def _kanji_value(s: str) -> int | None:
    """二十三 → 23, 百 → 100, 千二百 → 1200, 二〇二 → 202 (digit by digit when there is no unit)."""
    if not s or any(c not in KANJI_DIGITS and c not in KANJI_UNITS for c in s):
        return None
    if not any(c in KANJI_UNITS for c in s):
        return int("".join(str(KANJI_DIGITS[c]) for c in s))
    total, digit, last_unit = 0, None, 10_000
    for c in s:
        if c in KANJI_DIGITS:
            if digit is not None:                      # two digits in a row inside a unit numeral: 二三十
                return None
            digit = KANJI_DIGITS[c]
        else:
            unit = KANJI_UNITS[c]
            if unit >= last_unit or digit == 0:        # 十百, 〇十: not a numeral
                return None
            total += (1 if digit is None else digit) * unit
            digit, last_unit = None, unit
    return total + (digit or 0)


def parse_number(s: str) -> int | None:
    """The integer ``s`` writes (ASCII / full-width digits, kanji numerals, native words), else None."""
    if s is None:
        return None
    t = unicodedata.normalize("NFKC", s).strip()
    if not t:
        return None
    if t.isascii() and t.isdigit():
        return int(t)
    if t in NATIVE_WORDS:
        return NATIVE_WORDS[t][0]
    return _kanji_value(t)


def to_kanji(n: int) -> str:
    """0..9999 as a kanji numeral (二十三, 百五, 〇) — the inverse of :func:`parse_number`."""
    if not 0 <= n <= 9999:
        raise ValueError(f"to_kanji: {n} out of range 0..9999")
    if n == 0:
        return "〇"
    digit_of = {v: k for k, v in KANJI_DIGITS.items() if k in "一二三四五六七八九"}
    out = []
    for unit, ch in ((1000, "千"), (100, "百"), (10, "十")):
        d, n = divmod(n, unit)
        if d:
            out.append(("" if d == 1 else digit_of[d]) + ch)
    if n:
        out.append(digit_of[n])
    return "".join(out)


def object_count(word: str) -> int | None:
    """How many objects a quantity word counts (両方 → 2, 片方 → 1), else None."""
    return OBJECT_COUNT_WORDS.get(unicodedata.normalize("NFKC", word).strip())


@dataclass(frozen=True)
class Count:
    value: int
    counter: str | None        # the counter word (回, 体, つ, ターン, …); None for a bare numeral
    ordinal: bool              # 第2, 2つ目, 2番目
    start: int
    end: int
    text: str


def find_counts(text: str, counters: tuple[str, ...] | None = None, bare: bool = False) -> list[Count]:
    """Counts in ``text``: a numeral (any script) followed by a counter word (``counters``, default all of
    :data:`COUNTERS`), or a native word (ひとつ).  ``bare=True`` also returns numerals with no counter
    (digits only: a bare kanji numeral is too often part of a word)."""
    allowed = COUNTERS if counters is None else counters
    out: list[Count] = []
    for m in COUNT_RE.finditer(text):
        num, counter = m.group("num"), m.group("counter")
        if num in NATIVE_WORDS:
            counter = counter or NATIVE_WORDS[num][1]
        kanji = num[0] in _KANJI_NUMERAL
        if kanji and not m.group("ord") and _WORD_BEFORE.search(text[:m.start()]):
            continue
        if any(text.startswith(idiom, m.start("num")) for idiom in IDIOMS):
            continue
        if counter is None and not (bare and not kanji and num not in NATIVE_WORDS):
            continue
        if counter is not None and counter not in allowed:
            continue
        value = parse_number(num)
        if value is None:
            continue
        out.append(Count(value=value, counter=counter, ordinal=bool(m.group("ord") or m.group("me")
                                                                    or counter == "番目"),
                         start=m.start(), end=m.end(), text=m.group(0)))
    return out


def first_count(text: str, counters: tuple[str, ...] | None = None) -> int | None:
    """The value of the first count in ``text`` with one of ``counters`` (cardinal, not ordinal)."""
    return next((c.value for c in find_counts(text, counters) if not c.ordinal), None)
