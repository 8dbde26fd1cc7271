"""Sudachi tokens for the short-term search index (1–2 character terms such as 誘発, 信心, 神).

Trigram FTS cannot find terms shorter than three characters, so every node also stores the Sudachi
words of its title and text (split mode A, so 誘発 is found inside 誘発型能力): each content word's
surface form and normalised form, deduplicated, space-joined.  SudachiPy is used directly (no spaCy) and
the dictionary is loaded once, on first use, with a tokenizer per thread.

>>> "誘発" in tokens_for("誘発型能力は2回誘発する。").split()
True
"""
from __future__ import annotations

import re
import threading

# Sudachi rejects inputs longer than 49,149 bytes; stay well under it.
MAX_CHUNK_BYTES = 16_000
# Part-of-speech heads that carry no searchable content.
SKIP_POS = frozenset({"補助記号", "空白", "助詞", "助動詞"})
# Characters unicode61 treats as separators anyway; tokens made only of them are dropped.
_NO_WORD = re.compile(r"^[\W_]+$")

_lock = threading.Lock()
_dictionary = None
_mode = None
_local = threading.local()      # a Sudachi Tokenizer cannot be used by two threads at once (mtgkb serve)


def _get():
    """This thread's Sudachi tokenizer (split mode A) over the shared dictionary, created on first use."""
    global _dictionary, _mode
    tok = getattr(_local, "tokenizer", None)
    if tok is None:
        with _lock:
            if _dictionary is None:
                from sudachipy import Dictionary, SplitMode

                _dictionary = Dictionary(dict="core")
                _mode = SplitMode.A
            tok = _local.tokenizer = _dictionary.tokenizer(mode=_mode, fields={"pos", "normalized_form"})
    return tok


def _chunks(text: str):
    """Pieces of ``text`` each under MAX_CHUNK_BYTES of UTF-8, cut at line ends where possible."""
    if len(text) * 3 <= MAX_CHUNK_BYTES:      # fast path: a UTF-8 character is at most 3 bytes here
        yield text
        return
    buf: list[str] = []
    size = 0
    for line in text.splitlines():
        n = len(line.encode("utf-8")) + 1
        if n > MAX_CHUNK_BYTES:                # hard-split a very long line
            if buf:
                yield "\n".join(buf)
                buf, size = [], 0
            step = MAX_CHUNK_BYTES // 4        # 4 bytes per character at most
            for i in range(0, len(line), step):
                yield line[i:i + step]
            continue
        if size + n > MAX_CHUNK_BYTES and buf:
            yield "\n".join(buf)
            buf, size = [], 0
        buf.append(line)
        size += n
    if buf:
        yield "\n".join(buf)


def _words(text: str):
    """(surface, normalised form) of every content word of ``text``."""
    tok = _get()
    for chunk in _chunks(text):
        if not chunk.strip():
            continue
        for m in tok.tokenize(chunk, _mode):
            if m.part_of_speech()[0] in SKIP_POS:
                continue
            surface = m.surface()
            # Sudachi spells English words in katakana as their normalised form; keep English as written.
            yield surface, (surface if surface.isascii() else m.normalized_form())


def tokens_for(text: str) -> str:
    """Space-joined distinct surface and normalised forms of the content words of ``text``."""
    if not text or not text.strip():
        return ""
    seen: dict[str, None] = {}
    for surface, norm in _words(text):
        for form in (surface, norm):
            if form not in seen and not form.isspace() and not _NO_WORD.match(form):
                seen[form] = None
    return " ".join(w.replace(" ", "") for w in seen)


def query_tokens(term: str) -> list[str]:
    """The normalised forms of the words of a query term, in order (what the token index must contain).

    >>> query_tokens("誘発")
    ['誘発']
    """
    out: list[str] = []
    for surface, norm in _words(term):
        form = norm if not _NO_WORD.match(norm) else surface
        if not form.isspace() and not _NO_WORD.match(form) and form not in out:
            out.append(form.replace(" ", ""))
    return out
