"""Japanese text pipeline: spaCy ``blank("ja")`` (SudachiPy + sudachidict-core) with card and keyword entities.

``build_nlp(card_names, keywords)`` is called once per run; every pattern is plain data built from the names
it is given.  Card entities are labelled ``CARD`` with ``ent_id_`` = the English name; keyword entities are
labelled ``KEYWORD`` with ``ent_id_`` = the Japanese keyword name.  Entities are merged into single tokens.

Names that are also common words (short names such as 《無効》 "annul", 《山》 "mountain") only become card
entities inside 《》 or in a card-ish context (``6枚の山``); longer names match bare.  Matching uses the token
``NORM`` (Sudachi's normalised form), so spelling variants Sudachi folds still match.

spaCy is imported only here, and only when :func:`build_nlp` runs (without its command line: :func:`import_spacy`).
"""
from __future__ import annotations

import itertools
import re
import sys
import unicodedata
from types import ModuleType
from typing import Any, Iterable, Iterator

from extractor import keywords as lexicon_keywords
from extractor.prose import CARD_MENTION

SUDACHI_MAX_BYTES = 49149          # SudachiPy refuses longer inputs
CHUNK_BYTES = 40000                # stay well below the limit
AMBIGUOUS_MAX_LEN = 2              # names this short are also ordinary words

# words of the game that are also (the short form of) a card's name: プレインズウォーカー、ニコル・ボーラス
GAME_TERMS: frozenset[str] = frozenset({
    "プレインズウォーカー", "クリーチャー", "アーティファクト", "エンチャント", "インスタント", "ソーサリー", "土地",
    "バトル", "部族", "伝説", "トークン", "呪文", "能力", "パーマネント", "プレイヤー", "対戦相手", "墓地", "ライブラリー",
    "手札", "戦場", "スタック", "マナ", "ターン", "ダメージ", "カウンター", "コピー", "装備品", "オーラ", "英雄",
})
# nouns that make a verb or adjective into "the one(s) who …": a card name of that shape is an ordinary phrase
GENERIC_HEADS: frozenset[str] = frozenset({"者", "もの", "物", "たち", "達", "こと", "方", "ども"})
_COUNTED_AT = re.compile(r"(?:[0-9０-９]+|[一二三四五六七八九十]+)\s*枚の")


_FOLDED = re.compile(r"[\s=・･·、,]")
_SPACE_RUN = re.compile(r"\s+")
_COMMA = re.compile(r"[、,]")


def fold(name: str) -> str:
    """Fold width (NFKC), separators (・＝=), 、, spaces and 《》 for name lookup."""
    s = unicodedata.normalize("NFKC", name).strip().strip("《》『』「」[]")
    s = _FOLDED.sub("", s)
    return s.lower()


def load_keywords() -> list[dict[str, Any]]:
    """The keyword lexicon as a fresh list (see :func:`extractor.keywords`, the cached reader)."""
    return [dict(r) for r in lexicon_keywords()]


def name_variants(name_ja: str) -> list[str]:
    """Ways a Japanese card name is written: width, ＝/・ separators, spaces, and for 'X、Y' names the bare Y."""
    base = unicodedata.normalize("NFKC", name_ja).strip()
    out = [name_ja, base, base.replace("=", "・"), base.replace("・", "="), base.replace("・", ""),
           _SPACE_RUN.sub("", base), base.replace("、", ""), base.replace("、", "・")]
    out += short_forms(name_ja)
    seen: list[str] = []
    for v in out:
        if v and v not in seen:
            seen.append(v)
    return seen


def short_forms(name_ja: str) -> list[str]:
    """The parts of a legendary / comma name that stand for it alone: 溶鉄の尖峰、ヴァラクート → ヴァラクート,
    溶鉄の尖峰 (also after ，/,); parts shorter than 3 characters are not names on their own."""
    base = unicodedata.normalize("NFKC", name_ja).strip()
    parts = [p.strip() for p in _COMMA.split(base)]
    if len(parts) < 2:
        return []
    out: list[str] = []
    for part in (parts[-1], parts[0]):
        if len(fold(part)) >= 3:
            for v in (part, part.replace("・", "")):
                if v not in out:
                    out.append(v)
    return out


def is_ambiguous(name_ja: str, sudachi=None, keywords: frozenset[str] = frozenset()) -> bool:
    """A card name that is also an ordinary word: very short, Latin-only, a keyword, one dictionary word
    (ターン, ライフ, 稲妻), or only verbs (取り除く).  Such names need 《》 or a card-ish context."""
    f = fold(name_ja)
    if len(f) <= AMBIGUOUS_MAX_LEN or f.isascii() or name_ja in keywords or f in GAME_TERMS:
        return True
    if sudachi is None:
        return False
    ms = [m for m in sudachi.tokenize(unicodedata.normalize("NFKC", name_ja)) if m.surface().strip()]
    if len(ms) == 1 and not ms[0].is_oov():
        return True
    if ms[0].part_of_speech()[0] in ("動詞", "形容詞") and len(ms) > 1 and all(
            m.surface() in GENERIC_HEADS for m in ms[1:]):
        return True                     # a clause + a generic noun: 仕える者たち ("those who serve")
    return all(m.part_of_speech()[0] in ("動詞", "助動詞", "形容詞") for m in ms)


def import_spacy() -> ModuleType:
    """``import spacy`` without spaCy's command line.  spaCy's package initialiser imports ``spacy.cli.info``
    (for ``spacy.info``), and with it the whole CLI (typer, requests, httpx, jinja2, weasel): about a third of
    the import's time at every start-up, for a function nothing here calls.  While the package initialises, a
    stand-in ``spacy.cli.info`` answers that import; afterwards the stand-ins are gone, so ``import spacy.cli``
    is the real CLI and ``spacy.info()`` imports the real function when called.  Anything else the stand-in
    would break falls back to the ordinary import."""
    if "spacy" in sys.modules:
        return sys.modules["spacy"]
    cli, info = ModuleType("spacy.cli"), ModuleType("spacy.cli.info")
    cli.__path__ = []                         # a package, with nothing to find in it

    def spacy_info(*args: Any, **kwargs: Any) -> Any:
        from spacy.cli.info import info as real
        return real(*args, **kwargs)

    info.info = spacy_info
    stand_ins = {"spacy.cli": cli, "spacy.cli.info": info}
    if any(name in sys.modules for name in stand_ins):
        import spacy
        return spacy
    sys.modules.update(stand_ins)
    try:
        import spacy
    except Exception:
        spacy = None
    finally:
        for name, module in stand_ins.items():
            if sys.modules.get(name) is module:
                del sys.modules[name]
        package = sys.modules.get("spacy")
        if package is not None and getattr(package, "cli", None) is cli:
            del package.cli
    if spacy is None:                          # the stand-in was not enough for this spaCy: the ordinary way
        import spacy
    return spacy


def build_nlp(card_names: Iterable[tuple[str | None, str]], keywords: Iterable[Any] = (),
              extra_names: Iterable[tuple[str | None, str]] = ()):
    """spaCy pipeline: tokenizer + entity_ruler (CARD/KEYWORD) + 《》/context card finder + merge_entities.

    ``card_names``: ``(name_ja, name_en)`` pairs.  ``keywords``: extra keyword names (strings, or
    ``(ja, en)`` pairs, e.g. page titles) on top of ``extractor/data/keywords.yaml``.  ``extra_names``:
    more Japanese spellings ``(ja, en)`` of cards, e.g. MTG Wiki's own (``mtgwiki-jpnames.json``); a
    spelling already known for the same card costs nothing.
    """
    spacy = import_spacy()
    from spacy.language import Language

    nlp = spacy.blank("ja")
    nlp.tokenizer = NormTokenizer(nlp.vocab, nlp.tokenizer.tokenizer)
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

    names = _Names()
    # the wiki's own spellings first: where a card data file gives the same spelling to another card, the
    # spelling the wiki texts use wins
    _card_entries(extra_names, sudachi, kw_names, lookup, ambiguous, add_pattern, names)
    _card_entries(card_names, sudachi, kw_names, lookup, ambiguous, add_pattern, names)

    keyword_en: dict[str, str | None] = {}
    spellings: dict[str, list[tuple[str, str]]] = {}    # first character → (KEYWORD spelling, its keyword)
    for row in kw_rows:
        keyword_en.setdefault(row["ja"], row["en"])
        for v in [row["ja"], *row["aliases"]]:
            if len(fold(v)) >= 2 and not re.fullmatch(r"[\d.\-_#@ a-f]+", fold(v)):   # not "603", file keys
                add_pattern("KEYWORD", v, row["ja"])
                spellings.setdefault(v.strip()[0], []).append((v.strip(), row["ja"]))

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
    nlp.get_pipe(_FACTORY).names = names
    nlp.add_pipe("merge_entities")
    nlp.meta["mtgkb"] = {"cards": len(lookup), "ambiguous": sorted(ambiguous), "keywords": len(keyword_en)}
    nlp.mtgkb_lookup = lookup             # folded name → EN name (used by prose/claims for 《》 lookups)
    nlp.mtgkb_keywords = keyword_en
    nlp.mtgkb_kw_names = kw_names
    nlp.mtgkb_keyword_spellings = spellings     # for reading a text without the pipeline (keywords_in_text)
    nlp.mtgkb_patterns = seen_patterns
    return nlp


class NormTokenizer:
    """spaCy's Japanese tokenizer reduced to what the pipeline reads: Sudachi's words (split mode A, as
    ``spacy.blank("ja")``), their whitespace and their ``NORM`` (the normalised form the card and keyword
    phrase patterns match).  spaCy's own one also derives a tag, a part of speech, a lemma, a reading and
    the inflection of every token, which nothing here reads, at about three times the cost of the
    segmentation itself.  Its words, spaces and norms are the same, spaces between words included
    (``spacy.lang.ja.get_dtokens_and_spaces``).  ``tokenizer`` is the SudachiPy tokenizer (with every
    field: :func:`is_ambiguous` reads parts of speech)."""

    def __init__(self, vocab, sudachi=None):
        if sudachi is None:
            from sudachipy import Dictionary, SplitMode
            sudachi = Dictionary().tokenizer(mode=SplitMode.A)
        self.vocab = vocab
        self.tokenizer = sudachi

    def __call__(self, text: str):
        import numpy
        from spacy.attrs import NORM
        from spacy.lang.ja import DetailedToken, get_dtokens_and_spaces
        from spacy.tokens import Doc

        dtokens = [DetailedToken(s, "", "", s, m.normalized_form(), None, None)
                   for m in self.tokenizer.tokenize(text) if (s := m.surface())]
        dtokens, spaces = get_dtokens_and_spaces(dtokens, text)
        doc = Doc(self.vocab, words=[d.surface for d in dtokens], spaces=spaces)
        if dtokens:
            add = self.vocab.strings.add
            doc.from_array([NORM], numpy.array([[add(d.norm)] for d in dtokens], dtype="uint64"))
        return doc


def _pattern_adder(seen: set[tuple[str, str]], patterns: list[dict[str, Any]]):
    """``add(label, text, ident)``: append a phrase pattern once.  The ruler tokenizes it and matches every
    token's NORM (PhraseMatcher; a token Matcher with tens of thousands of card names is ~100x slower)."""
    def add(label: str, text: str, ident: str) -> None:
        text = text.strip()
        if text and (label, text) not in seen:
            seen.add((label, text))
            patterns.append({"label": label, "pattern": text, "id": ident})
    return add


class _Names:
    """What the card finder needs to know about every name handed in: the folded full names, the folded
    short forms with the cards each stands for (a short form of several cards is ambiguous), the folded
    spellings already seen per card (a repeated spelling is skipped) and multi-word English names."""

    def __init__(self):
        self.full: dict[str, str] = {}             # folded full name (JA or EN) → EN name
        self.keyword_like: set[str] = set()        # NFKC names that are also keywords or game terms
        self.shorts: dict[str, set[str]] = {}
        self.seen: set[tuple[str, str]] = set()
        self.english: dict[str, str] = {}          # folded multi-word EN name → EN name
        self.max_words = 0


def _card_entries(card_names, sudachi, kw_names, lookup: dict, ambiguous: dict, add_pattern,
                  names: _Names) -> None:
    """Every spelling of each card: a folded lookup key, and a CARD phrase pattern or (a name that is also
    an ordinary word) a context-only name; short forms are recorded with their cards."""
    for name_ja, name_en in card_names:
        if not name_en:
            continue
        fen = fold(name_en)
        lookup.setdefault(fen, name_en)
        if fen not in names.full:
            names.full[fen] = name_en
            words = len(name_en.split())
            if words >= 2 and name_en.isascii():
                names.english.setdefault(fen, name_en)
                names.max_words = max(names.max_words, words)
        if not name_ja:
            continue
        fja = fold(name_ja)
        if (fja, name_en) in names.seen:            # this spelling of this card is done
            continue
        names.seen.add((fja, name_en))
        names.full.setdefault(fja, name_en)
        shorts = {fold(v) for v in short_forms(name_ja)}
        for f in shorts:
            names.shorts.setdefault(f, set()).add(name_en)
        for v in name_variants(name_ja):
            lookup.setdefault(fold(v), name_en)
            if is_ambiguous(v, sudachi, kw_names):
                ambiguous.setdefault(unicodedata.normalize("NFKC", v), name_en)
                if v in kw_names or fold(v) in GAME_TERMS:       # only in 《》: 探検, プレインズウォーカー
                    names.keyword_like.add(unicodedata.normalize("NFKC", v))
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
                  add_pattern, ctx.names)
    for table in (ctx.lookup, nlp.mtgkb_lookup):
        for k, v in lookup.items():
            table.setdefault(k, v)
    for k, v in ambiguous.items():
        ctx.ambiguous.setdefault(k, v)
    ctx.max_len = max((len(a) for a in ctx.ambiguous), default=0)
    if patterns:
        nlp.get_pipe("entity_ruler").add_patterns(patterns)
    _parsed(nlp).clear()                     # earlier parses may lack the cards added now


_FACTORY = "mtgkb_card_context"


def _make_card_context(nlp, name: str, lookup: dict, ambiguous: dict):
    return _CardContext(lookup, ambiguous)


# Words after a name that mark it as a card (patterns as data): a name that is also an ordinary word
# (無効, 山, 否認) is a card mention bare only before one of these, at a token boundary.
CARD_CONTEXT_AFTER: tuple[str, ...] = (
    "を唱え", "が唱えられ", "の能力", "の誘発型能力", "の起動型能力", "の効果で", "の効果により",
    "が戦場に", "を戦場に", "が戦場を", "が死亡", "をコントロール", "を対象に", "で打ち消", "を打ち消",
    "が攻撃", "でブロック", "をブロック", "を生け贄", "を追放", "を唱えた", "のコピー", "を出し", "が出た",
)
_CONTEXT_AFTER = re.compile("|".join(map(re.escape, sorted(CARD_CONTEXT_AFTER, key=len, reverse=True))))
# a card named in full stands for itself by the part after one of these (悪夢の番人 → 番人 in 番人の能力)
TAIL_SEPARATORS: tuple[str, ...] = ("の", "、", "・", "＝", " ")
_LATIN_RUN = re.compile(r"[A-Za-z][A-Za-z0-9'’\-]*(?:[ ,]+[A-Za-z][A-Za-z0-9'’\-]*)*")


class _CardContext:
    """Adds CARD entities for 《name》 (any known card), short names in a card-ish context and multi-word
    English names; resolves short forms that several cards share (溶鉄の尖峰、ヴァラクート → ヴァラクート)
    by the other cards the text or its page names (``page_cards``), else drops them."""

    def __init__(self, lookup: dict[str, str], ambiguous: dict[str, str]):
        self.lookup = lookup
        self.ambiguous = ambiguous
        self.max_len = max((len(a) for a in ambiguous), default=0)
        self.names = _Names()
        self.page_cards: frozenset[str] = frozenset()      # EN names the page names (set by parse())

    def _shared(self, key: str) -> set[str] | None:
        """The cards a short form stands for when it is several cards' short form and no card's full name."""
        cands = self.names.shorts.get(key)
        return cands if cands and len(cands) > 1 and key not in self.names.full else None

    def __call__(self, doc):
        from spacy.tokens import Span
        from spacy.util import filter_spans

        text = doc.text
        found: list[tuple[int, int, str | None, set[str] | None]] = []   # (start, end, EN, shared candidates)
        for m in CARD_MENTION.finditer(text):
            inner = re.sub(r"\s*\([A-Z0-9]{2,4}\)$", "", m.group(1))   # 《炉のドラゴン/Furnace Dragon(DST)》
            parts = [inner, *inner.split("/")]
            hit = next((p for p in map(fold, parts) if p in self.lookup), None)
            if hit is not None:
                shared = self._shared(hit)
                en = self.names.full.get(hit) or self.lookup[hit]       # a full name wins over a short form
                found.append((m.start(1), m.start(1) + len(m.group(1)), None if shared else en, shared))
        if self.names.english:
            found += self._english(text)
        spans, named = [], set(self.page_cards)
        for e in doc.ents:
            key = fold(e.text) if e.label_ == "CARD" else ""
            shared = self._shared(key) if key else None
            if shared:
                found.append((e.start_char, e.end_char, None, shared))
            elif key and self.names.full.get(key, e.ent_id_) != e.ent_id_:    # a full name wins over a short form
                found.append((e.start_char, e.end_char, self.names.full[key], None))
            else:
                spans.append(e)
                if e.label_ == "CARD":
                    named.add(e.ent_id_)
        named |= {en for _, _, en, _ in found if en}
        tails = _tails({text[s:e]: en for s, e, en, _ in found if en}
                       | {e.text: e.ent_id_ for e in spans if e.label_ == "CARD"})
        for i, e in enumerate(spans):          # a bare short form that is the end of a card the text names
            if e.label_ == "CARD" and tails.get(e.text, e.ent_id_) != e.ent_id_ and fold(e.text) in self.names.shorts:
                spans[i] = Span(doc, e.start, e.end, label="CARD", span_id=tails[e.text])
        if self.ambiguous or tails:
            found += self._word_names(doc, text, tails)
        for s, e, en, shared in found:
            if shared is not None:                   # several cards' short form: the one the page names
                known = shared & named
                en = next(iter(known)) if len(known) == 1 else None
            if en is None:
                continue
            span = doc.char_span(s, e, label="CARD", alignment_mode="expand")
            if span is not None:
                spans.append(Span(doc, span.start, span.end, label="CARD", span_id=en))
        doc.ents = filter_spans(spans)
        return doc

    def _word_names(self, doc, text: str, tails: dict[str, str]) -> list[tuple[int, int, str, None]]:
        """Names that are also ordinary words, where the text marks a card: 6枚の山, 山/Mountain, 無効を唱え
        (not a keyword's name: 探検の能力 is the keyword's); before a context word, the end of a card the text
        names (番人の能力 after 《悪夢の番人》) is that card."""
        found = []
        for m in _CONTEXT_AFTER.finditer(text):
            for tail, en in tails.items():
                s = m.start() - len(tail)
                if s >= 0 and text.startswith(tail, s) and doc.char_span(s, m.start(), alignment_mode="strict"):
                    found.append((s, m.start(), en, None))
                    break
        for m in _COUNTED_AT.finditer(text):                      # 6枚の山: the longest name after it
            for n in range(min(self.max_len, len(text) - m.end()), 0, -1):
                cand = unicodedata.normalize("NFKC", text[m.end():m.end() + n])
                if cand in self.ambiguous:
                    found.append((m.end(), m.end() + n, self.ambiguous[cand], None))
                    break
        for m in itertools.chain(re.finditer("/", text), _CONTEXT_AFTER.finditer(text)):
            strict = m.group(0) != "/"
            for n in range(min(self.max_len, m.start()), 0, -1):
                cand = unicodedata.normalize("NFKC", text[m.start() - n:m.start()])
                if cand in self.ambiguous:
                    en = self.ambiguous[cand]
                    if strict:            # a context word: the name must be whole tokens, not a keyword
                        ok = cand not in self.names.keyword_like and doc.char_span(m.start() - n, m.start(), alignment_mode="strict") is not None
                    else:                 # 山/Mountain: the English name after the slash must be this card's
                        ok = fold(text[m.end():m.end() + len(en) + 8]).startswith(fold(en))
                    if ok:
                        found.append((m.start() - n, m.start(), en, None))
                    break
        return found

    def _english(self, text: str) -> list[tuple[int, int, str, None]]:
        """Multi-word English card names written bare (Soul Warden): the longest run of words that is one."""
        found = []
        for m in _LATIN_RUN.finditer(text):
            words = [(w.start(), w.end()) for w in re.finditer(r"[A-Za-z0-9'’\-]+", m.group(0))]
            i = 0
            while i < len(words):
                for j in range(min(len(words), i + self.names.max_words), i + 1, -1):
                    s, e = m.start() + words[i][0], m.start() + words[j - 1][1]
                    en = self.names.english.get(fold(text[s:e]))
                    if en:
                        found.append((s, e, en, None))
                        i = j
                        break
                else:
                    i += 1
        return found


def _tails(named: dict[str, str]) -> dict[str, str]:
    """The ends of the names a text gives in full, after a :data:`TAIL_SEPARATORS` character (two
    characters at least), with their card; an end two cards share stands for neither."""
    out: dict[str, str] = {}
    shared: set[str] = set()
    for full, en in named.items():
        for i, ch in enumerate(full):
            tail = full[i + 1:]
            if ch in TAIL_SEPARATORS and len(tail) >= 2:
                if out.get(tail, en) != en:
                    shared.add(tail)
                out.setdefault(tail, en)
    return {t: en for t, en in out.items() if t not in shared}


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


# parsed texts a pipeline keeps (``parse``): pages repeat their sentences across revisions and pages
PARSED_MAX = 2048
PARSED_TEXT_MAX = 2000          # characters; a longer text is parsed each time (memory stays bounded)


def _parsed(nlp) -> dict[tuple[str, frozenset[str]], Any]:
    """The pipeline's cache of parsed texts, (text, page cards) -> Doc, emptied whenever the pipeline changes
    (:func:`add_cards`): a cached Doc is the parse the pipeline would give the text now.  Nothing reads a
    Doc to change it (its entities are read into Sentences)."""
    cache = getattr(nlp, "mtgkb_parsed", None)
    if cache is None:
        cache = nlp.mtgkb_parsed = {}
    return cache


def parse(nlp, texts: Iterable[str], batch_size: int = 64, page_cards: Iterable[str] = ()) -> Iterator[Any]:
    """``nlp.pipe`` that accepts texts of any length: long texts are parsed in chunks and re-joined.
    A text parsed before with the same page cards by the same pipeline is not parsed again (:func:`_parsed`).

    ``page_cards``: EN names of the cards the page these texts come from names (its title card, its card
    links); a short form several cards share is read as the one of them the page names."""
    from spacy.tokens import Doc

    pending: list[str] = list(texts)
    chunked = [split_for_sudachi(t) for t in pending]
    flat = [c for chunks in chunked for c in chunks]
    ctx = nlp.get_pipe(_FACTORY) if _FACTORY in nlp.pipe_names else None
    before = ctx.page_cards if ctx is not None else frozenset()
    cards = frozenset(page_cards)
    cache = _parsed(nlp)
    got = {c: cache[(c, cards)] for c in flat if (c, cards) in cache}
    todo = list(dict.fromkeys(c for c in flat if c not in got))
    if todo:
        if ctx is not None:
            ctx.page_cards = cards
        try:
            for c, d in zip(todo, nlp.pipe(todo, batch_size=batch_size)):
                got[c] = d
                if len(c) <= PARSED_TEXT_MAX:
                    if len(cache) >= PARSED_MAX:
                        del cache[next(iter(cache))]          # the oldest entry
                    cache[(c, cards)] = d
        finally:
            if ctx is not None:
                ctx.page_cards = before
    docs = [got[c] for c in flat]
    it = iter(docs)
    for chunks in chunked:
        parts = [next(it) for _ in chunks]
        yield parts[0] if len(parts) == 1 else Doc.from_docs(parts, ensure_whitespace=False)


def cards_in(doc) -> list[tuple[int, int, str]]:
    """(start_char, end_char, EN name) of CARD entities."""
    return [(e.start_char, e.end_char, e.ent_id_) for e in doc.ents if e.label_ == "CARD"]


def keywords_in_text(nlp, text: str) -> list[str]:
    """The keywords (``ent_id_`` of KEYWORD entities) whose spellings occur in ``text`` as substrings, without
    the pipeline: what a parse could find, and possibly more (no token boundaries).  The spellings are indexed
    by their first character (:func:`build_nlp`)."""
    index = nlp.mtgkb_keyword_spellings
    found = [(text.find(v), k) for ch in set(text) for v, k in index.get(ch, ()) if v in text]
    return list(dict.fromkeys(k for _, k in sorted(found)))


def keywords_in(doc) -> list[str]:
    out: list[str] = []
    for e in doc.ents:
        if e.label_ == "KEYWORD" and e.ent_id_ not in out:
            out.append(e.ent_id_)
    return out
