"""Document-level reading for the claims: card mentions the pipeline does not know, the page's card,
card boxes, sections, quiz answers and topic keywords."""
from __future__ import annotations

import itertools
import re
import unicodedata
from functools import lru_cache
from typing import Any, Callable

from extractor.facts import Example, ExtractedDocument
from extractor.lexicon import lexicon
from extractor.prose import ANSWER_KEY, ANSWER_LABELLED, QUESTION, answer_key, heading_keyword

Span = tuple[int, int, str]          # (start, end, EN name) inside a segment's text

_BOX_NAME = re.compile(r"^\s*([A-Z][A-Za-z0-9' ,\-]*[A-Za-z])\s*/\s*([^\s/()（）《》]{2,30})(?:\s*[（(].*)?\s*$")
_BRACKET_NAME = re.compile(r"《([^《》/]{1,30})/([A-Z][A-Za-z0-9' ,\-]*[A-Za-z])(?:\s*\([A-Z0-9]{2,5}\))?》")
_EN_NAME = r"[A-Z][A-Za-z0-9'\-]*(?:,? (?:of|the|to|and|a|an|in|from|for|with|[A-Z][A-Za-z0-9'\-]*))*"
_SLASH_EN = re.compile(r"(?<=[\u3040-\u30ff\u4e00-\u9fff])/(" + _EN_NAME + r")(?:\([A-Z0-9]{2,5}\))?"
                       r"(?=の(?:状態誘発型|再帰誘発型|遅延誘発型|誘発型|起動型)?能力)")
_BRACKETED = re.compile(r"《([^《》/\n]{1,30})》")
_CARD_BOX = re.compile(r"^([A-Za-z][^/]*?)(?:\s*/\s*[^()]+)?(?:\s*\([^()]{1,8}\))+\s*$")


def _overlaps(a: int, b: int, taken) -> bool:
    return any(s < b and a < e for s, e, *_ in taken)


def card_spans(text: str, sdoc, ex: Example | None, names: dict[str, str],
               lookup: dict[str, str] | None = None) -> list[Span]:
    """Card spans of one segment: the pipeline's CARD entities first (each extended over a following
    '/English Name'), then names the example links or the document states, then a card's exact name in 「」
    (``lookup``: the pipeline's folded name → EN name), then 《…》 the pipeline does not resolve, then a
    wiki-style '日本語名/English Nameの能力'."""
    from extractor.japanese import cards_in

    spans = [_with_english(text, sp) for sp in cards_in(sdoc)]
    spans += [sp for sp in _ref_spans(text, ex, names) if not _overlaps(sp[0], sp[1], list(spans))]
    spans += _quoted_names(text, spans, lookup or {})
    spans += _unknown_bracketed(text, spans)
    spans += _slash_english(text, spans)
    return spans


def _with_english(text: str, span: Span) -> Span:
    """Extend a card span over a following '/English Name' (wiki link text kept as 'JA/EN')."""
    s, e, en = span
    if text.startswith("/" + en, e):
        e += 1 + len(en)
    return s, e, en


def _ref_spans(text: str, ex: Example | None, names: dict[str, str] | None = None) -> list[Span]:
    """Cards the example links to by name (e.g. wiki links), or that the document names with their English
    name elsewhere (``names``), that the pipeline did not know."""
    pairs = {ref.name_ja: ref.name_en for ref in (ex.cards if ex else []) if ref.name_ja and ref.name_en}
    for ja, en in (names or {}).items():
        pairs.setdefault(ja, en)
    out: list[Span] = []
    for ja in sorted(pairs, key=len, reverse=True):            # longest first: a name inside another is not one
        en = pairs[ja]
        for m in re.finditer(re.escape(ja) + "(?:/" + re.escape(en) + r"(?:\([A-Z0-9]+\))?)?", text):
            if not _overlaps(m.start(), m.end(), out):
                out.append((m.start(), m.end(), en))
    return out


def document_names(text: str, lookup: dict[str, str] | None = None,
                   page: tuple[str, str] | None = None) -> dict[str, str]:
    """JA → EN card names a document states itself: a rendered card box ``Radiant Fountain / 光輝の泉``, a
    bracketed ``《炉のドラゴン/Furnace Dragon(DST)》`` (so a later bare 《炉のドラゴン》 names that card), a
    ``《羽ばたき狐》`` the card table knows (``lookup``: folded name → EN name) and the page's own card (``page``:
    its JA and EN names).  A name the page states is that card wherever the page writes it, with or without
    《》, and so are its short forms (死者の神、エレボス → エレボス): never a word for a generic object (issue 20)."""
    from extractor.japanese import fold, is_ambiguous

    # a name that is also an ordinary word or a keyword (再生, 死亡, 稲妻) stays a word: only its 《》 names the card
    words = frozenset(lexicon().words("keyword_abilities")) | frozenset(lexicon().words("ability_words"))

    def alone(ja: str) -> bool:
        return not is_ambiguous(ja, None, words) and ja not in words

    out: dict[str, str] = {}
    if page and page[0] and page[1] and alone(page[0]):
        out[page[0]] = page[1]
    for line in text.split("\n"):
        m = _BOX_NAME.match(line)
        if m and not re.search(r"[A-Za-z]", m.group(2)):
            out.setdefault(m.group(2), m.group(1))
    for m in _BRACKET_NAME.finditer(text):
        out.setdefault(m.group(1).strip(), m.group(2).strip())
    if lookup:
        for m in _BRACKETED.finditer(text):
            ja = m.group(1).strip()
            en = lookup.get(fold(ja))
            if en and alone(ja):
                out.setdefault(unicodedata.normalize("NFKC", ja), en)
    return {**_short_names(out), **out}


def _short_names(names: dict[str, str]) -> dict[str, str]:
    """The short forms of the names a document states (死者の神、エレボス → エレボス): a page names its card by
    them; a short form two of its cards share names neither."""
    from extractor.japanese import short_forms

    seen: dict[str, set[str]] = {}
    for ja, en in names.items():
        for short in short_forms(ja):
            seen.setdefault(short, set()).add(en)
    return {short: next(iter(ens)) for short, ens in seen.items() if len(ens) == 1 and short not in names}


def _slash_english(text: str, taken: list[Span]) -> list[Span]:
    """A wiki-style '日本語名/English Nameの能力' the pipeline and the links do not know: whose ability the
    sentence talks about (the Japanese part stays text; where it starts cannot be told)."""
    return [(m.start(), m.end(), m.group(1)) for m in _SLASH_EN.finditer(text)
            if not _overlaps(m.start(), m.end(), taken)]


_QUOTED = re.compile(r"[「『]([^「」『』\n]{1,30})[」』]")


def _quoted_names(text: str, taken: list[Span], lookup: dict[str, str]) -> list[Span]:
    """A card named in 「」 / 『』 instead of 《》 (blogs write 「否認」): the quote is exactly a card's name."""
    from extractor.japanese import fold

    out: list[Span] = []
    for m in _QUOTED.finditer(text):
        en = lookup.get(fold(m.group(1)))
        if en and not _overlaps(m.start(), m.end(), taken):
            out.append((m.start() + 1, m.end() - 1, en))
    return out


def _unknown_bracketed(text: str, taken: list[Span]) -> list[Span]:
    """《名前》 the pipeline and the document do not resolve: still a card mention, kept under its Japanese
    name (the cross-check then says that card is not in the card table instead of 'no card named')."""
    return [(m.start() + 1, m.end() - 1, m.group(1).strip()) for m in _BRACKETED.finditer(text)
            if not _overlaps(m.start(), m.end(), taken)]


def answer_of(first_line: str) -> tuple[str | None, str | None]:
    """(answer key, answer text) of a quiz example's first line: 'A1-2: 1体' → ('1-2', '1体')."""
    s = first_line.strip()
    m = ANSWER_KEY.match(s) or ANSWER_LABELLED.match(s)
    if m:
        return answer_key(m.group(1), m.group(2)), m.group(3)
    m = QUESTION.match(s)
    if m:
        return (f"Q{unicodedata.normalize('NFKC', m.group(1))}" if m.group(1) else None), None
    return None, None


def topic_keywords(doc: ExtractedDocument, section: tuple[str, ...], known: dict[str, Any]) -> list[str]:
    """Keyword names a unit is about: its nearest keyword heading, and the page title when it is a keyword."""
    out: list[str] = []
    for title in reversed(section):
        kw = heading_keyword(title)
        if kw and kw not in out:
            out.append(kw)
            break
    if doc.raw.title in known and doc.raw.title not in out:
        out.append(doc.raw.title)
    return out


_UNOFFICIAL = re.compile(r"非公式|非実在")      # a page's section of unofficial (made-up) cards starts here


def page_card_end(doc: ExtractedDocument, page_card: str | None) -> float:
    """The line from which the page's card no longer is the subject: another card's box (a rendered
    'Name / 名前 (色)' heading of a different card) or an unofficial-card section."""
    if not page_card:
        return 0
    off = doc.raw.line_offset
    for i, line in enumerate(doc.raw.text.split("\n")):
        t = line.strip()
        m = _CARD_BOX.match(t)
        if _UNOFFICIAL.match(t) or (m and m.group(1).strip() != page_card):
            return i + 1 + off
    return float("inf")


def card_boxes(doc: ExtractedDocument) -> list[tuple[int, int, str | None]]:
    """(first line, last line, EN name) of the card boxes of a rendered page: the 'Name / 名前 (cost)' line,
    the type line, the rules text, up to the P/T line or a blank line after the text (at most 10 lines).
    The rules text in a box is that card's, whatever page it is on.  A box after the page's unofficial-card
    heading is a made-up card's, whatever real card shares its name: its name is None (its text is about
    no card the engine knows)."""
    lines = doc.raw.text.split("\n")
    off = doc.raw.line_offset
    out: list[tuple[int, int, str | None]] = []
    unofficial = False
    for i, line in enumerate(lines):
        unofficial = unofficial or bool(_UNOFFICIAL.match(line.strip()))
        m = _CARD_BOX.match(line.strip())
        if not m:
            continue
        end, seen_text = i, False
        for j in range(i + 1, min(len(lines), i + 11)):
            t = lines[j].strip()
            if _CARD_BOX.match(t):
                break
            end = j
            if re.fullmatch(r"[\d*X]+/[\d*X]+", t):
                break
            if not t and seen_text and j > i + 2:
                break
            seen_text = seen_text or (bool(t) and j > i + 1)
        out.append((i + 1 + off, end + 1 + off, None if unofficial else m.group(1).strip()))
    return out


def page_card(doc: ExtractedDocument, nlp) -> str | None:
    """The card a page is about: its title (``JA/EN`` or ``JA``, as MTG Wiki card pages are named) is
    exactly one card's name."""
    from extractor.japanese import cards_in, fold, parse

    title = (doc.raw.title or "").replace("_", " ").strip()
    ja, _, en = title.partition("/")
    ja = ja.strip()
    if not ja or len(ja) > 60:
        return None
    en = en.strip()
    # a short name is a card only in context: the title's own 'JA/EN' form, or 《JA》
    forms = ([f"{ja}/{en}"] if en else []) + [ja, f"《{ja}》"]
    known = getattr(nlp, "mtgkb_lookup", None)
    if en and known is not None and fold(en) not in known:
        # a form gives its card only when it is ``en``, and every card the pipeline can name has its folded
        # name in the lookup (extractor.japanese.build_nlp, add_cards): a set's or a term's 'JA/EN' title needs
        # no parse (a mechanical shortcut, the result is the same)
        forms = []
    # a card page's own 'JA/EN' form is parsed alone first (the others, one batch, only when it is not the card)
    docs = itertools.chain(parse(nlp, forms[:1]), parse(nlp, forms[1:])) if en else parse(nlp, forms)
    for text, tdoc in zip(forms, docs):
        start = 1 if text.startswith("《") else 0
        spans = cards_in(tdoc)
        if len(spans) == 1 and spans[0][0] == start and spans[0][1] == start + len(ja):
            name = spans[0][2]
            if not en or en == name:
                return name
    for ref in doc.card_refs:                      # a page whose title is a [[JA/EN]] name it links to
        if ref.name_en and ref.name_ja == ja and (not en or en == ref.name_en):
            return ref.name_en
    return None


@lru_cache(maxsize=1)
def bare_nlp():
    """The pipeline without cards or keywords (attach_claims given no pipeline)."""
    from extractor.japanese import build_nlp
    return build_nlp([], ())


def section_lookup(doc: ExtractedDocument) -> Callable[[int | None], tuple[str, ...]]:
    heads = sorted(((s.prov.line or 0), s.prov.section) for s in doc.sections)

    def at(line: int | None) -> tuple[str, ...]:
        cur: tuple[str, ...] = ()
        for ln, sec in heads:
            if line is not None and ln <= line:
                cur = sec
        return cur
    return at


# a general rule statement on a wiki page (not a card example) is read when it has one of these predicates
_GENERAL = re.compile(r"破壊(?:さ|す|で)|除去(?:は|が)?で|追放(?:さ|す|で)|に置かれ|に送られ|に残る|消滅する|生け?贄に捧げ(?:る|ら)"
                      r"|ブロック(?:でき|され|に参加|には参加|する|を)|攻撃(?:でき|に参加|には参加|すること(?:が|は|も)?でき)|ダメージを(?:与え|受け)"
                      r"|起動(?:すること)?(?:が|は|も)?でき"
                      r"|ライフを(?:得|失)|対象に(?:取|と|選|な|す)"
                      r"|(?:戦場に出した|生成した|生み出した|作った)プレイヤー|ルール(?:は|が)適用|ルールが妨げ"
                      r"|召喚酔い|起動型能力|装備(?:する|し直|しなお|させ|して|でき|し)|(?:につけ|に付け)(?:る|ること)"
                      r"|マナ能力(?:では|で|は)|スタック(?:に(?:も)?(?:乗|積ま)|を使)|に対応(?:すること|でき|して[^。]{0,16}こと)|マナ総量|点数で見たマナ・?コスト"
                      r"|カウンター(?:は|が)?(?:1個ずつ|同じ数)?(?:取り除かれ|相殺)|ダメージ(?:が|は)与えられ|再生(?:し|す|され)"
                      r"|タップされ|起動でき|(?:ブロック|攻撃)・?クリーチャー(?:に|として)指定|追放され|手札に戻"     # (the composed reader's outcomes, extractor/claims/compose.py)
                      r"|優先権を(?:得|受け)|優先権(?:は|が)(?:発生|生じ)|打ち消され")   # (priority.py, countered.py)
_LINE_MARKUP = re.compile(r"^[\s*#:;|+\-−]+")
GENERAL_MAX = 300                   # longer lines are prose paragraphs, not statements
_OBJECT = re.compile(r"《|クリーチャー|パーマネント|トークン|アーティファクト|エンチャント|土地|プレインズウォーカー|装備品|オーラ|呪文|召喚酔い"
                     r"|常在型能力|誘発型能力|誘発した能力|ターン起因処理|状況起因処理|特別な処理"   # (stack_use.py's subjects)
                     r"|優先権")                                                                  # (priority.py: players)
_DIFF_CELLS = re.compile(r"\s*\|\s*[+\-−]?\s*\|\s*|\s+\|\s*$")
_SKIP_LINE = re.compile(r"^\s*(?:\{\{|\{\||\|\}|!|=|<|\[\[(?:Category|カテゴリ|File|ファイル|画像):)")


def has_general_statements(doc: ExtractedDocument) -> bool:
    """Whether a wiki page may hold general rule statements (a cheap scan before the pipeline is built)."""
    return _GENERAL.search(doc.raw.text) is not None


def general_statements(doc: ExtractedDocument, covered: set[int]) -> list[tuple[int, str]]:
    """(line, plain text) of a wiki page's lines that are not examples but state a checkable outcome about
    described objects ('破壊されないパーマネントを生け贄に捧げることはできる'): bullets and paragraphs, markup
    stripped (links, list and diff marks)."""
    from extractor.wikitext import strip_links

    off = doc.raw.line_offset
    out: list[tuple[int, str]] = []
    keyword_page = bool(lexicon().value("keyword_abilities", doc.raw.title))
    for i, line in enumerate(doc.raw.text.split("\n")):
        ln = i + 1 + off
        if not keyword_page and not _OBJECT.search(line):
            continue                        # no object named or described: nothing these kinds could check
                                            # (a keyword's own page: the object with it is elided)
        if ln in covered or _SKIP_LINE.match(line):
            continue
        plain = strip_links(line)
        if not _GENERAL.search(plain):
            continue
        for part in _DIFF_CELLS.split(plain):                     # a diff row: old | new cells
            text = _LINE_MARKUP.sub("", part).strip()
            if text and len(text) <= GENERAL_MAX and _GENERAL.search(text) and (ln, text) not in out:
                out.append((ln, text))
    return out
