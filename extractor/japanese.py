"""Japanese text pipeline: spaCy ``blank("ja")`` (SudachiPy + sudachidict-core) with card and keyword entities.

``build_nlp(card_names, keywords)`` is called once per run; every pattern is plain data built from the names
it is given.  Card entities are labelled ``CARD`` with ``ent_id_`` = the English name; keyword entities are
labelled ``KEYWORD`` with ``ent_id_`` = the Japanese keyword name.  Entities are merged into single tokens.

Names that are also common words (short names such as 《無効》 "annul", 《山》 "mountain") only become card
entities inside 《》 or in a card-ish context (``6枚の山``); longer names match bare.  Matching uses the token
``NORM`` (Sudachi's normalised form), so spelling variants Sudachi folds still match.

spaCy is imported only here, and only when :func:`build_nlp` runs.
"""
from __future__ import annotations

import re
import unicodedata
from typing import Any, Iterable, Iterator

from extractor import keywords as lexicon_keywords
from extractor.prose import CARD_MENTION

SUDACHI_MAX_BYTES = 49149          # SudachiPy refuses longer inputs
CHUNK_BYTES = 40000                # stay well below the limit
AMBIGUOUS_MAX_LEN = 2              # names this short are also ordinary words

_COUNTED_AT = re.compile(r"(?:[0-9０-９]+|[一二三四五六七八九十]+)\s*枚の")


def fold(name: str) -> str:
    """Fold width (NFKC), separators (・＝=), 、, spaces and 《》 for name lookup."""
    s = unicodedata.normalize("NFKC", name).strip().strip("《》『』「」[]")
    s = re.sub(r"[\s=・･·、,]", "", s)
    return s.lower()


def load_keywords() -> list[dict[str, Any]]:
    """The keyword lexicon as a fresh list (see :func:`extractor.keywords`, the cached reader)."""
    return [dict(r) for r in lexicon_keywords()]


def name_variants(name_ja: str) -> list[str]:
    """Ways a Japanese card name is written: width, ＝/・ separators, spaces, and for 'X、Y' names the bare Y."""
    base = unicodedata.normalize("NFKC", name_ja).strip()
    out = [name_ja, base, base.replace("=", "・"), base.replace("・", "="), base.replace("・", ""),
           re.sub(r"\s+", "", base), base.replace("、", ""), base.replace("、", "・")]
    if "、" in base:                         # legendary short name: 大修道士、エリシュ・ノーン → エリシュ・ノーン
        short = base.rsplit("、", 1)[1].strip()
        if len(fold(short)) >= 3:
            out += [short, short.replace("・", "")]
    seen: list[str] = []
    for v in out:
        if v and v not in seen:
            seen.append(v)
    return seen


def is_ambiguous(name_ja: str, sudachi=None, keywords: frozenset[str] = frozenset()) -> bool:
    """A card name that is also an ordinary word: very short, Latin-only, a keyword, one dictionary word
    (ターン, ライフ, 稲妻), or only verbs (取り除く).  Such names need 《》 or a card-ish context."""
    f = fold(name_ja)
    if len(f) <= AMBIGUOUS_MAX_LEN or f.isascii() or name_ja in keywords:
        return True
    if sudachi is None:
        return False
    ms = [m for m in sudachi.tokenize(unicodedata.normalize("NFKC", name_ja)) if m.surface().strip()]
    if len(ms) == 1 and not ms[0].is_oov():
        return True
    return all(m.part_of_speech()[0] in ("動詞", "助動詞", "形容詞") for m in ms)


def build_nlp(card_names: Iterable[tuple[str | None, str]], keywords: Iterable[Any] = ()):
    """spaCy pipeline: tokenizer + entity_ruler (CARD/KEYWORD) + 《》/context card finder + merge_entities.

    ``card_names``: ``(name_ja, name_en)`` pairs.  ``keywords``: extra keyword names (strings, or
    ``(ja, en)`` pairs, e.g. page titles) on top of ``extractor/data/keywords.yaml``.
    """
    import spacy
    from spacy.language import Language

    nlp = spacy.blank("ja")
    lookup: dict[str, str] = {}             # folded JA/EN name → EN name
    ambiguous: dict[str, str] = {}          # bare-word-ambiguous JA variant → EN name
    patterns: list[dict[str, Any]] = []
    seen_patterns: set[tuple[str, str]] = set()
    add_pattern = _pattern_adder(seen_patterns, patterns)

    sudachi = getattr(nlp.tokenizer, "tokenizer", None)          # the SudachiPy tokenizer spaCy wraps
    kw_rows = list(lexicon_keywords())
    for k in keywords:
        ja, en = (k, None) if isinstance(k, str) else (k[0], k[1] if len(k) > 1 else None)
        if ja:
            kw_rows.append({"ja": ja, "en": en, "aliases": ()})
    kw_names = frozenset(v for row in kw_rows for v in [row["ja"], *row["aliases"]])

    _card_entries(card_names, sudachi, kw_names, lookup, ambiguous, add_pattern)

    keyword_en: dict[str, str | None] = {}
    for row in kw_rows:
        keyword_en.setdefault(row["ja"], row["en"])
        for v in [row["ja"], *row["aliases"]]:
            if len(fold(v)) >= 2 and not re.fullmatch(r"[\d.\-_#@ a-f]+", fold(v)):   # not "603", file keys
                add_pattern("KEYWORD", v, row["ja"])

    ruler = nlp.add_pipe("entity_ruler", config={"phrase_matcher_attr": "NORM", "overwrite_ents": False})
    ruler.add_patterns(patterns)
    # EntityRuler checks "has patterns" on every document by counting all of them (O(patterns) per doc);
    # the patterns are fixed from here on, so the check is done once.
    if len(ruler) == 0:
        import warnings
        warnings.warn("build_nlp: no card or keyword patterns")
    ruler._require_patterns = lambda: None

    if not Language.has_factory(_FACTORY):
        Language.factory(_FACTORY, func=_make_card_context)
    nlp.add_pipe(_FACTORY, config={"lookup": lookup, "ambiguous": ambiguous})
    nlp.add_pipe("merge_entities")
    nlp.meta["mtgkb"] = {"cards": len(lookup), "ambiguous": sorted(ambiguous), "keywords": len(keyword_en)}
    nlp.mtgkb_lookup = lookup             # folded name → EN name (used by prose/claims for 《》 lookups)
    nlp.mtgkb_keywords = keyword_en
    nlp.mtgkb_kw_names = kw_names
    nlp.mtgkb_patterns = seen_patterns
    return nlp


def _pattern_adder(seen: set[tuple[str, str]], patterns: list[dict[str, Any]]):
    """``add(label, text, ident)``: append a phrase pattern once.  The ruler tokenizes it and matches every
    token's NORM (PhraseMatcher; a token Matcher with tens of thousands of card names is ~100x slower)."""
    def add(label: str, text: str, ident: str) -> None:
        text = text.strip()
        if text and (label, text) not in seen:
            seen.add((label, text))
            patterns.append({"label": label, "pattern": text, "id": ident})
    return add


def _card_entries(card_names, sudachi, kw_names, lookup: dict, ambiguous: dict, add_pattern) -> None:
    """Every spelling of each card: a folded lookup key, and a CARD phrase pattern or (a name that is also
    an ordinary word) a context-only name."""
    for name_ja, name_en in card_names:
        if not name_en:
            continue
        lookup.setdefault(fold(name_en), name_en)
        if not name_ja:
            continue
        for v in name_variants(name_ja):
            lookup.setdefault(fold(v), name_en)
            if is_ambiguous(v, sudachi, kw_names):
                ambiguous.setdefault(unicodedata.normalize("NFKC", v), name_en)
            else:
                add_pattern("CARD", v, name_en)


def add_cards(nlp, card_names: Iterable[tuple[str | None, str]]) -> None:
    """Add ``(name_ja, name_en)`` cards to a pipeline from :func:`build_nlp`, by the same rules (so a
    caller with tens of thousands of cards can start from the ones that may occur and add others when a
    text names them)."""
    ctx = nlp.get_pipe(_FACTORY)
    patterns: list[dict[str, Any]] = []
    add_pattern = _pattern_adder(nlp.mtgkb_patterns, patterns)
    lookup: dict[str, str] = {}
    ambiguous: dict[str, str] = {}
    _card_entries(card_names, getattr(nlp.tokenizer, "tokenizer", None), nlp.mtgkb_kw_names, lookup, ambiguous,
                  add_pattern)
    for table in (ctx.lookup, nlp.mtgkb_lookup):
        for k, v in lookup.items():
            table.setdefault(k, v)
    for k, v in ambiguous.items():
        ctx.ambiguous.setdefault(k, v)
    ctx.max_len = max((len(a) for a in ctx.ambiguous), default=0)
    if patterns:
        nlp.get_pipe("entity_ruler").add_patterns(patterns)


_FACTORY = "mtgkb_card_context"


def _make_card_context(nlp, name: str, lookup: dict, ambiguous: dict):
    return _CardContext(lookup, ambiguous)


class _CardContext:
    """Adds CARD entities for 《name》 (any known card) and for short names in a card-ish context."""

    def __init__(self, lookup: dict[str, str], ambiguous: dict[str, str]):
        self.lookup = lookup
        self.ambiguous = ambiguous
        self.max_len = max((len(a) for a in ambiguous), default=0)

    def __call__(self, doc):
        from spacy.tokens import Span
        from spacy.util import filter_spans

        text = doc.text
        found = []
        for m in CARD_MENTION.finditer(text):
            inner = re.sub(r"\s*\([A-Z0-9]{2,4}\)$", "", m.group(1))   # 《炉のドラゴン/Furnace Dragon(DST)》
            parts = [inner, *inner.split("/")]
            en = next((self.lookup[fold(p)] for p in parts if fold(p) in self.lookup), None)
            if en:
                found.append((m.start(1), m.start(1) + len(m.group(1)), en))
        if self.ambiguous:
            for m in _COUNTED_AT.finditer(text):                  # 6枚の山: the longest name after it
                for n in range(min(self.max_len, len(text) - m.end()), 0, -1):
                    cand = unicodedata.normalize("NFKC", text[m.end():m.end() + n])
                    if cand in self.ambiguous:
                        found.append((m.end(), m.end() + n, self.ambiguous[cand]))
                        break
            for m in re.finditer("/", text):                      # 山/Mountain (wiki link text)
                for n in range(min(self.max_len, m.start()), 0, -1):
                    cand = unicodedata.normalize("NFKC", text[m.start() - n:m.start()])
                    if cand in self.ambiguous:
                        found.append((m.start() - n, m.start(), self.ambiguous[cand]))
                        break
        spans = []
        for s, e, en in found:
            span = doc.char_span(s, e, label="CARD", alignment_mode="expand")
            if span is not None:
                spans.append(Span(doc, span.start, span.end, label="CARD", span_id=en))
        if spans:
            doc.ents = filter_spans(list(doc.ents) + spans)
        return doc


def split_for_sudachi(text: str, limit: int = CHUNK_BYTES) -> list[str]:
    """Cut ``text`` into pieces under Sudachi's byte limit: by paragraph, then line, then 。, then hard."""
    if len(text.encode("utf-8")) <= limit:
        return [text]
    out: list[str] = []
    buf = ""
    for piece in _pieces(text, limit):
        if len((buf + piece).encode("utf-8")) > limit and buf:
            out.append(buf)
            buf = ""
        buf += piece
    if buf:
        out.append(buf)
    return out


def _pieces(text: str, limit: int, seps: tuple[str, ...] = ("\n\n", "\n", "。")) -> Iterator[str]:
    for k, sep in enumerate(seps):
        if sep in text.rstrip(sep):
            parts = text.split(sep)
            for i, p in enumerate(parts):
                p = p + (sep if i < len(parts) - 1 else "")
                if len(p.encode("utf-8")) > limit:
                    yield from _pieces(p, limit, seps[k + 1:])
                elif p:
                    yield p
            return
    step = max(1, limit // 4)                 # hard split: a UTF-8 character is at most 4 bytes
    for i in range(0, len(text), step):
        yield text[i:i + step]


def parse(nlp, texts: Iterable[str], batch_size: int = 64) -> Iterator[Any]:
    """``nlp.pipe`` that accepts texts of any length: long texts are parsed in chunks and re-joined."""
    from spacy.tokens import Doc

    pending: list[str] = list(texts)
    chunked = [split_for_sudachi(t) for t in pending]
    flat = [c for chunks in chunked for c in chunks]
    docs = iter(nlp.pipe(flat, batch_size=batch_size))
    for chunks in chunked:
        parts = [next(docs) for _ in chunks]
        yield parts[0] if len(parts) == 1 else Doc.from_docs(parts, ensure_whitespace=False)


def cards_in(doc) -> list[tuple[int, int, str]]:
    """(start_char, end_char, EN name) of CARD entities."""
    return [(e.start_char, e.end_char, e.ent_id_) for e in doc.ents if e.label_ == "CARD"]


def keywords_in(doc) -> list[str]:
    out: list[str] = []
    for e in doc.ents:
        if e.label_ == "KEYWORD" and e.ent_id_ not in out:
            out.append(e.ent_id_)
    return out
