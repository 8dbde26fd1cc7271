"""Rulings prose (quiz answers with explanations, Q&A columns, release notes) → ``ExtractedDocument``.

Recognised structure, all with exact line numbers:

* answer keys: ``1−1） 《本質の散乱》`` (−/-/－, full- or half-width digits), ``解答2-1:可能。``, ``[Q]…`` / ``[A]…``,
  ``Q1:`` / ``A1:``, ``Q.`` / ``A.``, ``質問:`` / ``回答:`` and ``問1`` / ``答1`` pairs; a Q&A example carries its
  question, the answer's polarity relative to it and whether the question is negative (``extractor.qa``);
* topic blocks: a short line heading a block (``授与／Bestow``, ``信心``, ``怪物化（を行う）／Monstrosity``);
* explanations: a paragraph that says ``1−1）のように`` explains answer 1−1; the paragraphs after it belong
  to the same answer until another answer is referenced or a new topic starts;
* card mentions in 《》 (``CardRef`` via="prose"; names resolved later by the card table);
* keyword definitions: ``「怪物化Nを行う」とは…を意味する``.

One ``Example`` per answer key (Q&A pair): text = the answer line, then its explanation paragraphs, joined
with newlines; id ``ex:{key}:{line}`` (line of the answer key).
"""
from __future__ import annotations

import bisect
import re
import unicodedata
from dataclasses import dataclass, field
from functools import lru_cache

from extractor.facts import CardRef, Example, ExtractedDocument, Provenance, RawDocument, Section
from extractor.qa import A_LABEL, Q_LABEL, ends_answer, inline_answer, qa_pairs, relative_polarity, standalone_heading

_DASH = r"[−\-－‐–—ー―]"
_NUM = r"[0-9０-９]+"
ANSWER_KEY = re.compile(rf"^\s*({_NUM})\s*{_DASH}\s*({_NUM})\s*[）)]\s*(.*)$")
ANSWER_LABELLED = re.compile(rf"^\s*(?:解答|答え?|正解)\s*({_NUM})\s*{_DASH}\s*({_NUM})\s*[:：]\s*(.*)$")
ANSWER_REF = re.compile(rf"({_NUM})\s*{_DASH}\s*({_NUM})\s*[）)]\s*(?:のように|の(?:よう|場合|通り))")
QUESTION = re.compile(r"^\s*(?:[\[［]\s*Q\s*[\]］]|Q\s*(" + _NUM + r")\s*[:：.．])\s*(.*)$")
ANSWER_QA = re.compile(r"^\s*(?:[\[［]\s*A\s*[\]］]|A\s*(" + _NUM + r")\s*[:：.．])\s*(.*)$")
CARD_MENTION = re.compile(r"《([^《》\n]{1,60})》")
KEYWORD_DEF = re.compile(r"「([^「」]{1,20}?)(?:N|Ｎ|X|Ｘ)?(?:を行う|を持つ)?」\s*とは[^\n]*?を意味する")


def _digits(s: str) -> str:
    return unicodedata.normalize("NFKC", s)


def answer_key(a: str, b: str) -> str:
    return f"{_digits(a)}-{_digits(b)}"


def keyword_of_heading(title: str) -> tuple[str, str | None]:
    """``怪物化（を行う）／Monstrosity`` → ("怪物化", "Monstrosity")."""
    parts = re.split(r"\s*[／/]\s*", title, maxsplit=1)
    ja, en = parts[0], (parts[1] if len(parts) > 1 else "")
    ja = re.sub(r"[（(][^）)]*[）)]", "", ja).strip()
    return ja, (en.strip() or None)


@lru_cache(maxsize=1)
def _lexicon() -> dict[str, str]:
    """Folded keyword name or alias → keyword name (from extractor/data/keywords.yaml)."""
    from extractor import keywords
    out: dict[str, str] = {}
    for row in keywords():
        for v in [row["ja"], *row["aliases"], row["en"] or ""]:
            if v:
                out.setdefault(unicodedata.normalize("NFKC", v).lower(), row["ja"])
    return out


def heading_keyword(title: str) -> str | None:
    """The keyword a topic heading is about, if any: a lexicon name, or any ``JA／EN`` heading."""
    ja, en = keyword_of_heading(title)
    lex = _lexicon()
    for k in (ja, en or ""):
        hit = lex.get(unicodedata.normalize("NFKC", k).lower())
        if hit:
            return hit
    return ja if en and ja else None


@dataclass
class _Answer:
    key: str
    line: int                       # line in the source file
    text: str
    paragraphs: list[tuple[int, str]] = field(default_factory=list)
    section: tuple[str, ...] = ()


def _is_heading(lines: list[str], i: int) -> bool:
    s = lines[i].rstrip()
    if ANSWER_KEY.match(s) or ANSWER_LABELLED.match(s) or QUESTION.match(s) or ANSWER_QA.match(s):
        return False
    # a heading stands alone (blank line before) and heads some text that is not itself a heading
    return standalone_heading(lines, i)


def extract_prose(raw: RawDocument) -> ExtractedDocument:
    doc = ExtractedDocument(raw=raw)
    lines = raw.text.split("\n")

    def prov(i: int, section: tuple[str, ...]) -> Provenance:
        return Provenance(document=raw.title, revision=raw.revision, section=section,
                          line=i + 1 + raw.line_offset, file=raw.path)

    section: tuple[str, ...] = ()
    answers: dict[str, _Answer] = {}
    order: list[_Answer] = []
    current: _Answer | None = None          # answer whose explanation is being read
    qa: _Answer | None = None               # open [Q]/[A] pair
    answered = False                        # its answer label was read: the page's next item ends it
    qa_n = 0

    def open_answer(key: str, i: int, text: str) -> _Answer:
        a = _Answer(key=key, line=i + 1 + raw.line_offset, text=text, section=section)
        if key in answers:                  # a repeated key: keep both, the later one gets a suffix
            key = f"{key}#{i + 1}"
            a.key = key
        answers[key] = a
        order.append(a)
        return a

    for i, line in enumerate(lines):
        s = line.strip()
        for m in CARD_MENTION.finditer(line):
            doc.card_refs.append(CardRef(name_ja=m.group(1), name_en=None, via="prose", prov=prov(i, section)))
        for m in KEYWORD_DEF.finditer(s):
            kw = re.sub(r"[（(][^）)]*[）)]", "", m.group(1)).strip()
            if kw and kw not in doc.keywords:
                doc.keywords.append(kw)
        if not s:
            continue
        m = ANSWER_KEY.match(s) or ANSWER_LABELLED.match(s)
        if m and not ANSWER_REF.match(s):
            open_answer(answer_key(m.group(1), m.group(2)), i, s)
            current = qa = None
            continue
        m = QUESTION.match(s)
        mq = None if m else Q_LABEL.match(unicodedata.normalize("NFKC", s))      # Q./質問:/問1 (extractor.qa)
        if m or mq:
            qa_n += 1
            num = _digits(m.group(1) or "") if m else next((g for g in mq.groups()[:-1] if g), "")
            qa = open_answer(f"Q{num or qa_n}", i, s)
            current, answered = None, False
            if len(inline_answer(s)) == 2:      # 「Q: …? A: …」 on one line: the pair is that line
                qa = None
            continue
        if qa is not None and answered and ends_answer(lines, i, (qa.paragraphs or [(0, qa.text)])[-1][1]):
            qa = None                       # the page's next item (a heading, a list item, a new question)
        if qa is not None:                  # the question's continuation and its answer, up to the next Q
            qa.paragraphs.append((i + 1 + raw.line_offset, s))
            answered = answered or bool(A_LABEL.match(unicodedata.normalize("NFKC", s)))
            continue
        if _is_heading(lines, i):
            section = (s,)
            doc.sections.append(Section(title=s, level=1, prov=prov(i, section)))
            kw = heading_keyword(s)
            if kw and kw not in doc.keywords:
                doc.keywords.append(kw)
            current = None
            continue
        m = ANSWER_REF.search(s)
        if m and answer_key(m.group(1), m.group(2)) in answers:
            current = answers[answer_key(m.group(1), m.group(2))]
            if not current.paragraphs:
                current.section = section
        if current is not None:
            current.paragraphs.append((i + 1 + raw.line_offset, s))

    asked = {p.q_line: p for p in qa_pairs(raw.text, raw.line_offset, parts=False) if p.question}
    for a in order:
        text = "\n".join([a.text] + [p for _, p in a.paragraphs])
        p = Provenance(document=raw.title, revision=raw.revision, section=a.section, line=a.line, file=raw.path)
        refs = [CardRef(name_ja=m.group(1), name_en=None, via="prose", prov=p) for m in CARD_MENTION.finditer(text)]
        pair = asked.get(a.line)
        doc.examples.append(Example(id=f"ex:{raw.key or raw.title}:{a.line}", text=text, prov=p, cards=refs,
                                    question=pair.question if pair else None,
                                    polarity=relative_polarity(pair) if pair else None,
                                    negative_question=pair.negative_question if pair else False))
    return doc


# lines after an example's first line searched for a paragraph of it that is not a whole line (a bounded
# search: with thousands of examples on a page, a search to the end of the page for each is quadratic)
SEGMENT_WINDOW = 400


@lru_cache(maxsize=4)
def _line_index(text: str) -> tuple[list[str], dict[str, list[int]]]:
    """A document's lines and, for each stripped line, the indexes where it stands (ascending): built once
    per document, not once per example (a page of thousands of examples would be read thousands of times)."""
    lines = text.split("\n")
    where: dict[str, list[int]] = {}
    for j, line in enumerate(lines):
        where.setdefault(line.strip(), []).append(j)
    return lines, where


def example_segments(doc: ExtractedDocument, ex: Example) -> list[tuple[int | None, str]]:
    """The example's paragraphs with their source lines (found in the document text, in order)."""
    paras = [p for p in ex.text.split("\n") if p.strip()]
    base = ex.prov.line
    if base is None:
        return [(None, p) for p in paras]
    lines, where = _line_index(doc.raw.text)
    off = doc.raw.line_offset
    out: list[tuple[int | None, str]] = []
    pos = max(0, base - 1 - off)
    for p in paras:
        want = p.strip()
        at = where.get(want, ())
        k = bisect.bisect_left(at, pos)                 # the first line from pos that is the paragraph
        hit = at[k] if k < len(at) else None
        if hit is None:                             # a line holding it, near the example (SEGMENT_WINDOW)
            hit = next((j for j in range(pos, min(len(lines), pos + SEGMENT_WINDOW)) if want in lines[j]), None)
        if hit is None:
            out.append((base, p))
        else:
            out.append((hit + 1 + off, p))
            pos = hit + 1 if hit + 1 > pos else pos
    return out
