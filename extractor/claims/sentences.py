"""Sentences of an example: text forms, splitting, and the normalised form with card markers.

The normalised form (what every phrase pattern reads):

* NFKC (full-width digits and brackets become ASCII), 漢数字 before a counter become digits (二回 → 2回);
* every card span becomes a marker ``〔i〕`` (``i`` indexes the sentence's card list, EN names).  The spans
  are the pipeline's CARD entities (:func:`extractor.japanese.cards_in`), completed by the document's own
  name statements in :mod:`extractor.claims.mentions`.
"""
from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import Any

from extractor.normalise import plain

_KANJI = {"一": 1, "二": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9, "十": 10, "〇": 0}
_KANJI_NUM = re.compile(r"([一二三四五六七八九十]+)(?=\s*(?:回|つ|体|枚|個|点|度|人|番目|ターン))")
MARK = re.compile(r"〔(\d+)〕")
NEG = re.compile(r"(?:ない|ず|ません|ぬ|なかった)$")
# "it is not that …" / "not necessarily …": the statement the sentence negates is not its claim
HEDGE = re.compile(r"な(?:い|く)(?:という)?(?:こと|事)は(?:ない|ありません)|(?:わけ|訳)(?:で|じゃ)(?:は|も)?(?:ない|なく|ありません)"
                   r"|とは限ら(?:ない|ず|ません)|(?:の|ん)ではない")
MAX_SENTENCE = 600
# a question states nothing ('…打ち消せますか?'): its proposition is read only through its answer (qa_join)
QUESTION = re.compile(r"[?？]\s*[)）]?\s*$|(?:です|ます|でしょう|のだろう|だろう)か[。]?\s*$")
_POLITE = re.compile(r"ま(?:す|せん|した)|でし|です")


def kanji_int(s: str) -> int:
    """二 → 2, 十二 → 12, 二十 → 20, 二十三 → 23."""
    if "十" not in s:
        v = 0
        for ch in s:
            v = v * 10 + _KANJI[ch]
        return v
    a, _, b = s.partition("十")
    return (kanji_int(a) if a else 1) * 10 + (kanji_int(b) if b else 0)


# the wording before the Magic 2010 rules (older pages, Q&A sites): 「場」 is the battlefield (「場に出る」 = 「戦場に出る」,
# 「場を離れる」 = 「戦場を離れる」); a 場 inside a word (戦場, 登場, 場合) is not it
_OLD_FIELD = re.compile(r"(?<![\u4e00-\u9fff])場(?=に出|を離れ|から離れ|に戻|にある|に残|に置)")


def normalise(text: str) -> str:
    s = unicodedata.normalize("NFKC", text)
    s = _OLD_FIELD.sub("戦場", s)
    return _KANJI_NUM.sub(lambda m: str(kanji_int(m.group(1))), s)


@dataclass
class Sentence:
    text: str                       # exact source sentence
    line: int | None
    norm: str                       # normalised, cards as 〔i〕
    cards: list[str]                # EN names, by marker index
    keywords: list[str] = field(default_factory=list)
    x: int | None = None            # the X the sentence announces (「X=3で」「Xを2として」, CR 107.3), taken out of norm
    premise: str | None = None      # the quoted rule this sentence is stated because of (「「S」というルールがあるので、…」)

    def card(self, m: re.Match | str | int | None) -> str | None:
        if m is None:
            return None
        i = int(m.group(1)) if isinstance(m, re.Match) else int(m)
        return self.cards[i] if 0 <= i < len(self.cards) else None


_SPLIT_AT = re.compile(r"[（(「『）)」』。\n]")


def split_sentences(text: str) -> list[tuple[int, int]]:
    """(start, end) of sentences: split after 。 outside brackets; a parenthesised remark joins the sentence
    before it."""
    out: list[tuple[int, int]] = []
    depth, start = 0, 0
    for m in _SPLIT_AT.finditer(text):         # the only characters the split reads (the others change nothing)
        i, ch = m.start(), m.group()
        if ch in "（(「『":
            depth += 1
        elif ch in "）)」』":
            depth = max(0, depth - 1)
            if depth == 0 and ch in "）)" and i > 0 and text[i - 1] == "。":
                out.append((start, i + 1))             # （…。） closes a remark
                start = i + 1
        elif ch in "。\n" and depth == 0:
            out.append((start, i + 1))
            start = i + 1
    if start < len(text):
        out.append((start, len(text)))
    merged: list[tuple[int, int]] = []
    for s, e in out:
        chunk = text[s:e].strip()
        if not chunk:
            continue
        if merged and chunk[0] in "（(" and e - merged[-1][0] <= MAX_SENTENCE:
            merged[-1] = (merged[-1][0], e)
        else:
            merged.append((s, e))
    # no real sentence is this long; cutting keeps the phrase patterns linear on run-on text
    final: list[tuple[int, int]] = []
    for s, e in merged:
        while e - s > MAX_SENTENCE:
            cut = text.rfind("、", s + MAX_SENTENCE // 2, s + MAX_SENTENCE)
            cut = cut + 1 if cut > 0 else s + MAX_SENTENCE
            final.append((s, cut))
            s = cut
        final.append((s, e))
    return final


# 「なぜなら、Xからです。」 gives a reason by stating X: the sentence states X
_BECAUSE = re.compile(r"^なぜなら(?:ば)?[、,\s]*(?P<s>.+?)(?:から|ため)(?:だ|である|です)?[。.]?$")
# a list item's mark (release-note bullets 「* …」, wiki items 「- …」「• …」, numbered steps 「1.…」): not a word of the sentence
# (a dash before a digit is a sign: 「-1/-1カウンター」); nor is an example's label 「例:」「例2:」 (the CR's and the wiki's
# examples of a rule, after the mark or alone): the statement is the words after it
_ITEM_MARK = re.compile(r"^\s*(?:(?:[*•・●◆◇■□○◎※]+|-+(?![\d])|\d{1,2}[.)](?!\d))\s*)?(?:例\s*\d{0,2}\s*[:：]\s*)?")
# 「〜することは可能だ / 不可能です」 say 「〜することはできる / できない」 (the patterns are written with できる)
# 「X=3で」「Xを2として」「Xが3の」「Xの値を4にした場合」: the value announced for X (107.3, 601.2b) — a fact of the
# statement (situation.x), taken out of the text the phrase patterns read
# (a bound — 「Xが3以上」 — or a count — 「X=3体」 — is no value: the phrase must end at one of these tails)
# (「Xを0として扱う／数える／計算する」 states how X is counted, 202.3e — no value announced)
_X_VALUE = re.compile(r"(?<![A-Za-z])X(?:の値)?\s*(?:=|を|が)\s*(\d+)\s*(?:(?:と|に)(?:して(?!\s*(?:扱|数え|計算|みな|カウント))"
                      r"|した(?:場合|とき|なら)?|する(?:と|場合|とき)?)"
                      r"|とした(?:場合|とき)?|で|の(?!値)|(?=[、。)]|$))、?")
_MODAL = re.compile(r"こと(は|が|も)(不)?可能(?:だ|です|である|となる|になる)?(?=[。、,]|$)")


@lru_cache(maxsize=8192)
def _plain(norm: str) -> str:
    """``plain`` of a normalised sentence (Sudachi per sentence: repeated sentences are read once)."""
    return plain(norm)


def make_sentence(text: str, spans: list[tuple[int, int, str]], line: int | None, keywords: list[str]) -> Sentence:
    """Build the normalised form; ``spans`` are card (start, end, EN) inside ``text``."""
    cards: list[str] = []
    parts: list[str] = []
    pos = 0
    for s, e, en in sorted(spans):
        if s < pos:
            continue
        if s > 0 and e < len(text) and (text[s - 1], text[e]) in (("《", "》"), ("「", "」"), ("『", "』")):
            s, e = s - 1, e + 1
        parts.append(normalise(text[pos:s]))
        if en not in cards:
            cards.append(en)
        parts.append(f"〔{cards.index(en)}〕")
        pos = e
    parts.append(normalise(text[pos:]))
    norm = _ITEM_MARK.sub("", "".join(parts)).strip()
    xs = {int(m.group(1)) for m in _X_VALUE.finditer(norm)}
    x = xs.pop() if len(xs) == 1 else None       # two values of X in one sentence: none is the sentence's
    if x is not None:
        norm = _X_VALUE.sub("", norm)
    if _POLITE.search(norm):
        norm = _plain(norm)             # 〜します / 〜できません: the patterns are written in plain form
    norm = _MODAL.sub(lambda m: f"こと{m.group(1)}でき{'ない' if m.group(2) else 'る'}", norm)
    norm = _BECAUSE.sub(r"\g<s>。", norm)
    return Sentence(text=text.strip(), line=line, norm=norm, cards=cards, keywords=keywords, x=x)


# a rule quoted as a rule the page asserts: 「S」というルールである / ということだ / がある(ので) / により / に従って — S is stated, and so is
# what follows the quote's reason (…があるので、Y); the words before the quote name the rule (「召喚酔いルールとは、」).
# 「…というルールはない」 and other predicates assert nothing and stay one sentence.
_QUOTED_RULE = re.compile(r"「(?P<s>[^「」]{6,300})」という(?:ルール|規則|こと)(?:で(?:ある|す)|だ(?=[。、]|$)|があ(?:る|ります)(?:ので|ため|から)?"
                          r"|により|によって|に(?:従って|従い|よって)|のため|なので)[、,]?")


def _quoted_rules(text: str, a: int, b: int) -> list[tuple[int, int, str | None]]:
    """The sentence (a, b) of ``text`` as its parts when it asserts a quoted rule: the rule's words, then what
    the sentence states after it (if anything) with the rule's words as its premise when the rule is given as its
    reason (があるので / により / に従って / のため / なので: not 「…というルールである」); else the sentence itself."""
    m = _QUOTED_RULE.search(text, a, b)
    if m is None or QUESTION.search(text[a:b].strip()):        # 「S」ということですか？ asks, never states
        return [(a, b, None)]
    out: list[tuple[int, int, str | None]] = [(*m.span("s"), None)]
    if len(re.sub(r"[\s。、.,）)]", "", text[m.end():b])) >= 4:
        because = not re.search(r"(?:で(?:ある|す)|だ)[、,]?$", m.group(0))
        out.append((m.end(), b, m.group("s").strip() if because else None))
    return out


def unread_premises(found: list[tuple[Sentence, Any]]) -> list[tuple[Sentence, Any]]:
    """Readings ``(sentence, Found)`` with the quoted rule a sentence is stated because of (``premise``) among its
    ``unrepresented`` words when that rule's own sentence gave no reading: the rule is a stated part of the line
    (「「S」というルールがあるので、Y」) — false or unread, Y's reading alone never decides it (read, S is judged by its
    own claim: contradicted, the line is false; confirmed, it is the premise of Y — ``reason_for`` Y, so that a true
    rule never decides a line whose own statement is undecided, engine/crosscheck/verdict.check_claim)."""
    read = {(x.line, x.text) for x, _ in found}
    given_for = {(x.line, x.premise.strip()): x.text.strip() for x, _ in found if x.premise}
    out = []
    for x, f in found:
        if x.premise and (x.line, x.premise) not in read:
            sit = dict(f.situation or {})
            sit["unrepresented"] = [*(sit.get("unrepresented") or []), x.premise]
            f = f._replace(situation=sit)
        main = given_for.get((x.line, x.text.strip()))
        if main and not (f.situation or {}).get("reason_for"):
            f = f._replace(situation={**(f.situation or {}), "reason_for": main})
        out.append((x, f))
    return out


def sentences_of(text: str, line: int | None, sdoc, spans: list[tuple[int, int, str]]) -> list[Sentence]:
    """The sentences of one segment: ``sdoc`` is the pipeline's Doc of ``text`` (its KEYWORD entities give
    each sentence's keywords), ``spans`` the card spans over ``text``."""
    out = []
    for a, b, premise in (part for s, e in split_sentences(text) for part in _quoted_rules(text, s, e)):
        inner = [(s - a, e - a, en) for s, e, en in spans if s >= a and e <= b]
        kws = [e.ent_id_ for e in sdoc.ents if e.label_ == "KEYWORD" and a <= e.start_char < b]
        sent = make_sentence(text[a:b], inner, line, list(dict.fromkeys(kws)))
        out.append(replace(sent, premise=premise) if premise else sent)
    return out


# A copied page keeps its source's line breaks, so a sentence may run over several lines (「速攻を持つクリーチャーには」
# / 「召喚酔いルールが適用されない。」).  A line is broken inside a sentence when it ends where no sentence can — after
# 、, a particle, an opening bracket or quote left open — and the next line is no new item (a bullet, a numbered
# step, a table row, a Q/A label).  Lines that end a sentence, headings and card-box lines end in none of these.
_OPEN_END = re.compile(r"(?:[、,(（「『“]|(?:は|が|を|に|の|で|と|も|へ|や|より|から|まで))$")
_NEW_ITEM = re.compile(r"^(?:[-*•・●■◆◇○#>|=]|\d+\s*[.)．）:：]|[QAＱＡ]\s*\d*\s*[.:．：\]]|[\[［][QA]|問\s*\d|答\s*\d|質問|回答)")
_OPENERS, _CLOSERS = "（(「『“", "）)」』”"
MAX_BROKEN_LINES = 6


def _left_open(s: str) -> bool:
    return sum(s.count(c) for c in _OPENERS) > sum(s.count(c) for c in _CLOSERS)


def continues(line: str, nxt: str) -> bool:
    """Whether a page's ``line`` was broken inside a sentence that ``nxt`` continues."""
    a, b = line.strip(), nxt.strip()
    if not a or not b or _NEW_ITEM.match(b) or "|" in a or "|" in b:
        return False
    return bool(_OPEN_END.search(a)) or _left_open(a)


def logical_lines(segs: list[tuple[int | None, str]]) -> list[tuple[int | None, str]]:
    """A page's lines ``(line number, text)`` as sentences' lines: a run of broken lines on consecutive lines,
    each continued by the next, is one (its first line number, the lines joined); other lines stand alone."""
    out: list[tuple[int | None, str]] = []
    last: int | None = None
    for line, text in segs:
        if (out and line is not None and last is not None and line == last + 1 and len(out[-1][1]) < MAX_SENTENCE
                and out[-1][1].count("\n") < MAX_BROKEN_LINES and continues(out[-1][1].rsplit("\n", 1)[-1], text)):
            out[-1] = (out[-1][0], out[-1][1] + "\n" + text.strip())
        else:
            out.append((line, text.strip()))
        last = line
    return [(line, text.replace("\n", "")) for line, text in out]
