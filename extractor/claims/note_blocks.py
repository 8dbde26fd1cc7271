"""Card ruling blocks of release notes and FAQs (and their blog copies): the card a block is about.

A release note prints, for each card it rules on, the card's name (《名前》 alone on its line, or after a blog post's
date and category words, or followed by a remark such as 「(○○のカード)」), its mana cost (a line of {…} symbols; a
land has none, and blogs run the type line on after the cost), its type line, its P/T or loyalty, its printed rules
text, then the rulings as bullets (•, *, ・).  The card that heads the block is

* the card its rules-text lines are the printed text of (a quoted card text, 《X》は「…」という能力を持つ: read as a
  ``card_text`` claim, compared with the card's Oracle behaviour — never simulated, never a ruling statement:
  「それは-2/-2の修整を受ける」 there is the text's own target, not the card), and
* the card its bullets are about when they name none: their zero subject, これ, それ自身 (the card box rule of
  :func:`extractor.claims.document.card_boxes`, for the release-note layout).

Nothing is keyed by a card or a sentence: the block is read from its layout (name, cost or type line, text, bullets).
"""
from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache

# the block's name line: 《名前》 ending the line (after a post's date / category words), an optional remark
# 「(…のカード)」 after it; a page copied from mid-block starts with the name's end only (「…名前》」)
_NAME = re.compile(r"^(?:.*《)?([^《》\n]{1,40})》\s*(?:[(（][^()（）\n]{1,30}[)）])?\s*$")
# a mana cost line (202.1: the cost printed alone; blogs run the type line on after it: 「{2}{B}エンチャント」)
_COST = re.compile(r"^\s*((?:\{[^{}\s]{1,5}\})+)\s*(.*)$")
# a type line: supertypes, then a card type (205.2a, 205.4); its subtypes after ― / — / -
_KIND = (r"(?:クリーチャー|アーティファクト|エンチャント|インスタント|ソーサリー|土地|プレインズウォーカー|バトル|部族"
         r"|Creature|Artifact|Enchantment|Instant|Sorcery|Land|Planeswalker|Battle|Tribal)")
# a type line, whole: supertypes, card types (205.2a, 205.4), its subtypes after ― / — / - or a remark in ()
_TYPE = re.compile(r"^\s*(?:(?:伝説の|基本|氷雪|ワールド|持続|Legendary|Basic|Snow)\s*)*" + _KIND + r"(?:\s*[・ ]\s*" + _KIND
                   + r")*\s*(?:[―—\-－]\s*[^。、,]{1,30}|[(（][^()（）。]{1,20}[)）])?\s*$")
_PT = re.compile(r"^\s*(?:[\d*X＊]+\s*/\s*[\d*X＊]+|(?:忠誠度|初期忠誠度)\s*[:：]?\s*\d+)\s*$")
# a ruling bullet (•, *, ・, ●, ＊, ※) — not a ** heading **
_BULLET = re.compile(r"^\s*(?:[•・●＊※]|\*(?!\*))\s*")
# a card's bare name alone on its line (no sentence punctuation, no brackets)
_BARE = re.compile(r"[^。、，,「」『』《》()（）{}:：]{2,40}")
_SEPARATOR = re.compile(r"^\s*(?:-{3,}|ー{3,}|―{3,}|={3,})\s*$")
MAX_TEXT_LINES = 8                  # a card's printed text is a few paragraphs


@dataclass(frozen=True)
class NoteBlock:
    first: int                      # the name line (document line number)
    last: int                       # the block's last line (its last bullet, else its last text line)
    card: str | None                # EN name (None: a name the card table does not know)
    text_lines: tuple[int, ...]     # the lines of the card's printed rules text


def card_of(name: str, lookup: dict[str, str]) -> str | None:
    """The EN name of a block's name (「名前」, 「名前/English Name」), by the card table's lookup."""
    from extractor.japanese import fold

    for part in [name, *name.split("/")]:
        en = lookup.get(fold(unicodedata.normalize("NFKC", part.strip())))
        if en:
            return en
    return None


@lru_cache(maxsize=1)
def _words() -> frozenset[str]:
    from extractor.lexicon import lexicon
    return frozenset(lexicon().words("keyword_abilities")) | frozenset(lexicon().words("ability_words"))


def _word_free(name: str) -> bool:
    """A bare name that is no keyword or ordinary word (《瞬速》 and 《再生》 are cards: a 「瞬速」 keyword line
    before an activated ability's cost is no block's name; cf. document.document_names)."""
    from extractor.japanese import is_ambiguous

    return not is_ambiguous(name, None, _words()) and name not in _words()


def _header(lines: list[str], i: int, lookup: dict[str, str]) -> tuple[str, int] | None:
    """(the name, the index of the cost or type line after it) when line ``i`` heads a card block: 《名前》 before
    a cost or type line, or a card's bare name alone on its line before a mana cost line."""
    line = lines[i].strip()
    m = _NAME.match(line)
    if not m and not (line and _BARE.fullmatch(line) and _word_free(line) and card_of(line, lookup)):
        return None
    j = i + 1
    while j < len(lines) and not lines[j].strip() and j <= i + 1:
        j += 1                      # one blank line may stand between the name and the cost
    if j >= len(lines):
        return None
    nxt = lines[j].strip()
    if _COST.match(nxt) or (m and _TYPE.match(nxt)):
        return (m.group(1) if m else line).strip(), j
    return None


def _text_before_bullets(lines: list[str], k: int, lookup: dict[str, str]) -> bool:
    """Whether lines from ``k`` are a paragraph (the printed text, after a blank line) that ruling bullets follow
    (a blank line between them allowed): only then is a paragraph after a blank line the card's text — a blog's
    commentary after a card with no bullets stays prose."""
    j = k
    while j < len(lines) and lines[j].strip() and not _BULLET.match(lines[j].strip()) \
            and _header(lines, j, lookup) is None and not _SEPARATOR.match(lines[j].strip()):
        j += 1
    if j == k or j - k > MAX_TEXT_LINES:
        return False
    while j < len(lines) and not lines[j].strip():
        j += 1
    return j < len(lines) and bool(_BULLET.match(lines[j].strip()))


def note_blocks(text: str, line_offset: int, lookup: dict[str, str]) -> list[NoteBlock]:
    """The card ruling blocks of a document's text (``lookup``: folded JA/EN name → EN name)."""
    lines = text.split("\n")
    out: list[NoteBlock] = []
    i = 0
    while i < len(lines):
        head = _header(lines, i, lookup)
        if head is None:
            i += 1
            continue
        name, j = head
        card = card_of(name, lookup)
        cost = _COST.match(lines[j].strip())
        k = j + 1
        if cost and not (cost.group(2) and _TYPE.match(cost.group(2))):
            if k < len(lines) and _TYPE.match(lines[k].strip()):
                k += 1              # the type line after the cost line
        text_lines: list[int] = []
        last = k - 1
        if k < len(lines) and not lines[k].strip() and _text_before_bullets(lines, k + 1, lookup):
            k += 1                  # a blank line between the type line / P/T and a text that bullets follow
        while k < len(lines):
            t = lines[k].strip()
            if not t and not text_lines and _PT.match(lines[k - 1].strip()) and \
                    _text_before_bullets(lines, k + 1, lookup):
                k += 1              # … or between the P/T and that text
                continue
            if not t or _SEPARATOR.match(t) or _BULLET.match(t) or _header(lines, k, lookup) is not None \
                    or len(text_lines) >= MAX_TEXT_LINES:
                break
            if not _PT.match(t):
                text_lines.append(k + 1 + line_offset)
            last = k
            k += 1
        while k < len(lines):       # the rulings: bullets, a blank line between them allowed
            t = lines[k].strip()
            if _BULLET.match(t):
                last = k
            elif t or _header(lines, k, lookup) is not None:
                break
            k += 1
        out.append(NoteBlock(i + 1 + line_offset, last + 1 + line_offset, card, tuple(text_lines)))
        i = max(last + 1, i + 1)
    return out


def card_text_claims(blocks: list[NoteBlock], text: str, line_offset: int):
    """(line, quoted text, card) of each rules-text line of a block whose card the table knows: the block states
    that its card has that printed ability (a ``card_text`` claim; "Quoted wording" in docs/design.md)."""
    lines = text.split("\n")
    for b in blocks:
        if b.card is None:
            continue
        for ln in b.text_lines:
            quoted = lines[ln - 1 - line_offset].strip()
            if quoted:
                yield ln, quoted, b.card
