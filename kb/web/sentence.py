"""Where a claim's sentence stands in the text it was read from, for the claim page.

A claim's ``text`` is its sentence as the reader saw it: a wiki line with its list or table markup
(``| *…``), a Q&A claim's question and answer joined by `` — ``, a prose paragraph's sentence.  The text it
came from is its example; a claim read from prose hangs off its document, whose node holds no text, so the
sentence is looked for in the document's sections then (the one of the claim's heading path first).

:func:`locate` answers the passage to show (the paragraph lines holding the sentence, one line of context
either side) as ``(text, is_sentence)`` parts; the match ignores white space and wiki markup, and the
pieces of a joined Q&A sentence are each marked where they stand.
"""
from __future__ import annotations

import re
from difflib import SequenceMatcher
from typing import Iterable

from kb.search import plain

JOINED = " — "                                   # a Q&A claim: question — answer (extractor/qa.py)
_LEAD = re.compile(r"^[\s|*#:;!]+")               # list / table markup before a wiki line's words
_SPACE = re.compile(r"\s+")
MIN_PIECE = 4                                     # shorter pieces ("はい。") are not looked for alone
FUZZY = 0.6                                       # share of a piece a near match must cover word for word
CONTEXT = 240                                     # characters of context kept either side of the sentence


def pieces(sentence: str) -> list[str]:
    """The claim text's pieces to look for: its markup dropped, a joined Q&A sentence split."""
    out = []
    for p in plain(sentence or "").split(JOINED):
        p = _LEAD.sub("", p).strip()
        if len(_SPACE.sub("", p)) >= MIN_PIECE or (p and not out):
            out.append(p)
    return out


def _squeezed(text: str) -> tuple[str, list[int]]:
    """``text`` without white space, and for each of its characters the index it had in ``text``."""
    keep = [i for i, ch in enumerate(text) if not ch.isspace()]
    return "".join(text[i] for i in keep), keep


def _spans(text: str, wanted: list[str], fuzzy: bool) -> list[tuple[int, int]]:
    """Spans of ``text`` holding the pieces (white space ignored; ``fuzzy``: the longest common run when it
    covers most of a piece)."""
    flat, where = _squeezed(text)
    if not flat:
        return []
    out = []
    for p in wanted:
        q, _ = _squeezed(p)
        if not q:
            continue
        at = flat.find(q)
        if at >= 0:
            out.append((where[at], where[at + len(q) - 1] + 1))
            continue
        if fuzzy:
            m = SequenceMatcher(None, flat, q, autojunk=False).find_longest_match(0, len(flat), 0, len(q))
            if m.size >= max(MIN_PIECE, FUZZY * len(q)):
                out.append((where[m.a], where[m.a + m.size - 1] + 1))
    return sorted(set(out))


def _passage(text: str, spans: list[tuple[int, int]]) -> list[tuple[str, bool]]:
    """The lines of ``text`` the spans touch (and one line either side, at most ``CONTEXT`` characters
    either side of the spans), the spans marked."""
    starts = [0] + [m.end() for m in re.finditer(r"\n", text)]
    ends = [s - 1 for s in starts[1:]] + [len(text)]
    first = max(0, max(i for i, s in enumerate(starts) if s <= spans[0][0]) - 1)
    last = min(len(starts) - 1, max(i for i, s in enumerate(starts) if s < spans[-1][1]) + 1)
    lo = max(starts[first], spans[0][0] - CONTEXT)
    hi = min(ends[last], spans[-1][1] + CONTEXT)
    parts: list[tuple[str, bool]] = [("…", False)] if lo > starts[first] else []
    pos = lo
    for a, b in spans:
        a = max(a, pos)
        if a >= b:
            continue
        if a > pos:
            parts.append((text[pos:a], False))
        parts.append((text[a:b], True))
        pos = b
    if pos < hi:
        parts.append((text[pos:hi], False))
    if hi < ends[last]:
        parts.append(("…", False))
    return [(t, m) for t, m in parts if t]


def locate(sentence: str, texts: Iterable[tuple[str, str]]) -> tuple[str | None, list[tuple[str, bool]]]:
    """``(id of the text, parts)``: the first of ``texts`` (``(id, text)`` pairs, best first) holding the
    sentence word for word, else the first holding most of it; ``(None, [])`` when none does."""
    wanted = pieces(sentence)
    texts = [(i, plain(t or "").strip()) for i, t in texts]
    for fuzzy in (False, True):
        for tid, text in texts:
            spans = _spans(text, wanted, fuzzy)
            if spans:
                return tid, _passage(text, spans)
    return None, []
