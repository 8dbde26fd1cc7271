"""Wikitext → :class:`ExtractedDocument` with mwparserfromhell.

The page is parsed once.  One walk over the node tree, in document order, keeps a running character
offset (``str(node)`` round-trips exactly), so every fact gets its exact source line by a bisect over the
newline positions.  The walk tracks the current heading path, the list item being read and the table
cell being read, and hands each link / card / rule reference to whichever of them is open.

Worked examples (see :func:`is_example`): list items that start with 例/例えば/例1/例：, and bullets that
name a card and state a game event or outcome.  Pure card-list bullets (``*マナ能力である誘発型能力：
[[繁茂/Wild Growth]]、…``) have no event/outcome verb and are not examples; in lists of card notes such
as the 関連している能力 list only the bullets that state an outcome (e.g. ``…することはできない``) count.
"""
from __future__ import annotations

import re
from bisect import bisect_left

import mwparserfromhell
from mwparserfromhell.nodes import Heading, Tag, Template, Text, Wikilink

from extractor.facts import (Cell, CardRef, Example, ExtractedDocument, Link, ListItem, Provenance, RawDocument,
                             RuleRef, Section, Table, TableRow)

RULE_NUMBER = re.compile(r"(?<![\d.])\d{3}(?:\.\d+[a-z]?)?(?![\d])")
_BULLETS = frozenset("*#:;")
_NAMESPACES = frozenset({"file", "image", "media", "category", "ファイル", "画像", "カテゴリ", "template",
                         "テンプレート", "special", "特別", "help", "ヘルプ", "user", "利用者", "mtgwiki",
                         "wikipedia", "wiktionary", "project"})
_INTERWIKI = re.compile(r"[a-z]{2,3}(?:-[a-z]+)?")
_NO_WALK = frozenset({"nowiki", "pre", "math", "syntaxhighlight", "source", "code"})
_EN_CHARS = re.compile(r"[A-Za-z0-9][A-Za-z0-9\u00c0-\u024f ,.'’:!?&\-/()\"]*")

# 例/例えば/例1/例：/例:/例) at the start of an item (not 例外 = "exception")
_EXAMPLE_PREFIX = re.compile(r"\s*(?:例えば|例[0-9０-９]*\s*[：:]|例[0-9０-９]+|例\s*[)）])")
# a concrete game event: a past-tense sentence end or a past-tense condition (…した。 …したとき …した場合)
_EVENT = re.compile(r"[たっ]た[。、]|[^っ]た(?:。|ら|なら|場合|とき|時)|だ。")
# an outcome: how many times something triggers, what can / must / cannot happen
_OUTCOME = re.compile(r"誘発する|誘発しない|誘発はしない|誘発はする|誘発することはない|回誘発|だけ誘発|できない|できず|"
                      r"なくてはならない|ねばならない|何もしない|何も起こらない|何も起きない|打ち消せない|"
                      r"対象に取れ|解決時である|先になる|置いてもよい|ことはない")


def extract_wikitext(raw: RawDocument) -> ExtractedDocument:
    """Sections, links, card and rule references, tables, list items and worked examples of one page."""
    return _Walker(raw).run()


def split_card_link(target: str) -> tuple[str | None, str] | None:
    """``"魂の管理人/Soul Warden"`` → (ja, en); ``"Su-Chi"`` → (None, en); not a card name → None.

    ``+1/+1カウンター`` and ``1/1`` are not cards: the part after the slash must look like an English
    card name (ASCII letter/digit first, contains letters, no ``+``) and the part before must not be ASCII.
    """
    t = target.strip()
    if not t:
        return None
    i = t.find("/")
    if i < 0:
        if t.isascii() and t[0].isupper() and any(c.islower() for c in t) and _looks_english(t):
            return None, t
        return None
    ja, en = t[:i].strip(), t[i + 1:].strip()
    if not ja or not en or ja.isascii() or not _looks_english(en):
        return None
    return ja, en


def _looks_english(name: str) -> bool:
    return ("+" not in name and _EN_CHARS.fullmatch(name) is not None
            and any("a" <= c.lower() <= "z" for c in name))


def is_example(text: str, has_card: bool) -> bool:
    """The example rule: a 例-prefixed item, or a card-naming bullet that states an event or an outcome
    (or gives one mid-sentence with 例えば)."""
    if _EXAMPLE_PREFIX.match(text):
        return True
    return has_card and ("例えば" in text or _EVENT.search(text) is not None or _OUTCOME.search(text) is not None)


def states_rule(text: str) -> bool:
    """A bullet that names no card but states a checkable general rule (「*接死を持つクリーチャーから…破壊される」): a
    keyword or a card type it is about, and an event or an outcome as :func:`is_example` requires of a card
    bullet.  Read as an example, its statement gets every reader (not only the general-statement kinds)."""
    if len(text) > _RULE_MAX:
        return False
    if defines_action(text):
        return True
    if not (_EVENT.search(text) or _OUTCOME.search(text) or _RULE_OUTCOME.search(text)):
        return False
    return _rule_terms().search(text) is not None


def defines_action(text: str) -> bool:
    """A keyword action's definition as the CR words it (「「呪文を打ち消す」とは、…ことである」 701.6a, 「「占術Nを行う」
    とは、…」 701.22a): a rule, also as a numbered item (the wiki's 「==定義==」 lists)."""
    return len(text) <= _RULE_MAX and _ACTION_DEFINITION.search(_LINK_MARKUP.sub(r"\1", text)) is not None


_RULE_MAX = 200                 # longer bullets are discussion paragraphs, not one statement
# the CR's definition of a keyword action, as the wiki's keyword-action pages quote it (701.6a, 701.8a, 701.17a,
# 701.22a, 701.25a): 「「X」とは、…ことである」
_ACTION_DEFINITION = re.compile(r"(?:打ち消す|破壊する|生け?贄に捧げる|追放する|(?:占術|諜報)\s*[0-9NX]*\s*を行な?う)"
                                r"(?:\s*/[^」]*)?」\s*とは[、,].*こと(?:である|だ|です)?[。.]?\s*$")
# outcomes of a general rule the composed reader reads (destroyed, put into a zone, can block / attack, damage)
_RULE_OUTCOME = re.compile(r"破壊され(?:る|ない)|墓地に置かれ(?:る|ない)|ブロック(?:でき|され)|攻撃(?:でき|して)"
                           r"|ダメージを(?:受け|与え)|タップし(?:ない|て)|生け?贄に捧げ(?:る|ら)|追放され")


def _rule_terms() -> re.Pattern:
    """A keyword ability or a card type as the object a general rule is about (lexicon words)."""
    global _TERMS
    if _TERMS is None:
        from extractor.lexicon import alternation, lexicon
        lex = lexicon()
        words = tuple(lex.words("keyword_abilities")) + tuple(t.ja for t in lex.card_types if t.object)
        _TERMS = re.compile("(?:" + alternation(words) + r")(?:を持つ|を持った|持ちの|は|が|も|に|の)")
    return _TERMS


_TERMS: re.Pattern | None = None


class _Item:
    __slots__ = ("start", "depth", "level", "parts", "cards")

    def __init__(self, start: int, level: int):
        self.start, self.depth, self.level = start, 1, level
        self.parts: list[str] = []
        self.cards: list[CardRef] = []


_TERM_EXAMPLE = re.compile(r"例[0-9０-９]*\s*[：:]?")
_LINK_MARKUP = re.compile(r"\[\[(?:[^\[\]|]*\|)?([^\[\]]*)\]\]")


def strip_links(cell: str) -> str:
    """Text without internal-link and bold/italic markup (``[[a|b]]`` → ``b``)."""
    return _LINK_MARKUP.sub(r"\1", cell).replace("'''", "").replace("''", "").strip()


def _plain(node) -> str:
    """A node's plain text, as ``Wikicode.strip_code`` gives it (every mwparserfromhell node has ``__strip__``)."""
    s = node.__strip__(normalize=True, collapse=True, keep_template_params=False)
    return str(s) if s else ""


# a page longer than this is parsed a part at a time: mwparserfromhell's tree takes 100-300 bytes per
# character, so a 20 MB page parsed whole would need gigabytes; the walker's state carries over from part to
# part (a 1.25M-character page: 172 MB peak parsed whole, 73 MB in parts of this size)
PART_CHARS = 1 << 18
_HEADING_LINE = re.compile(r"=+[^=\n].*=+[ \t]*")
# constructs a part never ends inside: templates, tables, comments, tags whose content is not wikitext
_OPENERS = (("{{", "}}"), ("<!--", "-->"))
_TAG_OPEN = re.compile(r"<(ref|nowiki|pre|math|syntaxhighlight|source|code|gallery|poem|references)\b[^>]*?(?<!/)>",
                       re.I)
_TAG_CLOSE = re.compile(r"</(ref|nowiki|pre|math|syntaxhighlight|source|code|gallery|poem|references)\s*>", re.I)


def parts(text: str, size: int | None = None) -> list[tuple[int, str]]:
    """``[(offset, part)]``: the whole text, or for a text over ``size`` characters, pieces of about ``size``
    that end before a heading line, an empty line or a list item, never inside a template, a table, a comment or a
    ``<ref>``/``<nowiki>``-like tag (a construct longer than ``size`` stays whole in its part)."""
    size = size or PART_CHARS
    if len(text) <= size:
        return [(0, text)]
    out: list[tuple[int, str]] = []
    start = pos = 0
    depth = 0                                   # open constructs at the end of the lines read so far
    for line in text.splitlines(keepends=True):
        if depth == 0 and pos - start >= size and (_HEADING_LINE.fullmatch(line.rstrip("\r\n"))
                                                  or not line.strip() or line[:1] in _BULLETS):
            out.append((start, text[start:pos]))
            start = pos
        stripped = line.lstrip()
        depth += sum(line.count(a) - line.count(b) for a, b in _OPENERS)
        depth += stripped.startswith("{|") - stripped.startswith("|}")
        depth += len(_TAG_OPEN.findall(line)) - len(_TAG_CLOSE.findall(line))
        depth = max(depth, 0)
        pos += len(line)
    out.append((start, text[start:]))
    return out


class _Walker:
    def __init__(self, raw: RawDocument):
        self.raw = raw
        self.text = raw.text
        self.newlines = [m.start() for m in re.finditer("\n", self.text)]
        self.doc = ExtractedDocument(raw=raw, keywords=[raw.title] if raw.title else [])
        self.stack: list[tuple[int, str]] = []     # (level, title) of open headings
        self.path: tuple[str, ...] = ()
        self.item: _Item | None = None
        self.cell: list[Link] | None = None
        self.depth = 0
        self.in_table = 0
        self.example_ids: set[str] = set()
        self.known: dict[str, CardRef] = {}        # JA name → first link to that card (later plain mentions)
        self.term_examples: list[tuple[int, Provenance]] = []   # ";例" terms: the paragraph after is an example
        self.unclosed_tables: list[int] = []
        self.lines: list[str] | None = None

    # ------------------------------------------------------------------ helpers
    def line(self, offset: int) -> int:
        return bisect_left(self.newlines, offset) + 1 + self.raw.line_offset

    def prov(self, offset: int) -> Provenance:
        return Provenance(document=self.raw.title, revision=self.raw.revision, section=self.path,
                          line=self.line(offset), file=self.raw.path)

    def warn(self, offset: int, message: str) -> None:
        self.doc.warnings.append((self.line(offset), message))

    # ------------------------------------------------------------------ walk
    def run(self) -> ExtractedDocument:
        for start, part in parts(self.text):     # one part, unless the page is huge (memory: see parts)
            self.walk(mwparserfromhell.parse(part).nodes, start)
        if self.item is not None:
            self.close_item(len(self.text))
        for end, prov in self.term_examples:
            self.paragraph_example(end, prov)
        for start in self.unclosed_tables:
            self.loose_table(start)
        if self.term_examples or self.unclosed_tables:
            self.doc.examples.sort(key=lambda e: e.prov.line or 0)
            self.doc.tables.sort(key=lambda t: t.prov.line or 0)
        return self.doc

    def walk(self, nodes, base: int) -> None:
        self.depth += 1
        level = self.depth
        pos = base
        for node in nodes:
            s = str(node)
            start = pos
            pos += len(s)
            item = self.item if (self.item is not None and self.item.level == level) else None
            t = type(node)
            if t is Text:
                self.on_text(s, start, item)
                continue
            if t is Tag and node.wiki_markup in _BULLETS and str(node.tag) in ("li", "dt", "dd"):
                self.on_bullet(start, level)
                continue
            if item is not None:
                item.parts.append(_plain(node))
            if t is Wikilink:
                self.on_link(node, start)
            elif t is Template:
                self.on_template(node, s, start)
            elif t is Tag:
                self.on_tag(node, s, start)
            elif t is Heading:
                if level == 1:
                    self.on_heading(node, start)
        if self.item is not None and self.item.level == level and level > 1:
            self.close_item(pos)
        self.depth -= 1

    def on_text(self, s: str, start: int, item: _Item | None) -> None:
        if "{{" in s or "{|" in s:
            self.check_unclosed(s, start)
        if item is None:
            return
        cut = s.find("\n")
        if cut < 0:
            item.parts.append(s)
        else:
            item.parts.append(s[:cut])
            self.close_item(start + cut)

    def check_unclosed(self, s: str, start: int) -> None:
        i = s.find("{|")
        while i >= 0:
            at = start + i
            if at == 0 or self.text[at - 1] == "\n":
                self.warn(at, "unclosed table: '{|' without a matching '|}' (rows read line by line)")
                self.unclosed_tables.append(at)
            i = s.find("{|", i + 2)
        i = s.find("{{")
        if i >= 0:
            self.warn(start + i, "unclosed template: '{{' without a matching '}}'")

    def on_bullet(self, start: int, level: int) -> None:
        item = self.item
        if item is not None and item.level == level and not item.parts and start == item.start + item.depth:
            item.depth += 1                     # "**": one more bullet on the same item
            return
        if start != 0 and self.text[start - 1] != "\n":
            return                              # ";term : definition" on one line stays one item
        if item is not None:
            self.close_item(start)
        self.item = _Item(start, level)

    def close_item(self, end: int) -> None:
        item, self.item = self.item, None
        markup = self.text[item.start:end].rstrip("\r")
        plain = "".join(item.parts).strip()
        prov = self.prov(item.start)
        self.doc.list_items.append(ListItem(text=plain, depth=item.depth, prov=prov, markup=markup))
        if not plain:
            return
        cards = item.cards
        if not cards and self.known and is_example(plain, True):
            cards = self.mentions(plain, prov)      # only worth the search when it could make an example
        if is_example(plain, bool(cards)):
            self.add_example(plain, prov, cards)
        elif not cards and (markup.startswith("*") and states_rule(plain) or markup.startswith("#") and defines_action(plain)):
            self.add_example(plain, prov, cards)
            self.doc.examples[-1].general = True
        elif markup.startswith(";") and _TERM_EXAMPLE.fullmatch(plain):
            self.term_examples.append((end, prov))

    def add_example(self, text: str, prov: Provenance, cards: list[CardRef]) -> None:
        ex_id = f"ex:{self.raw.key}:{prov.line}"
        n = 1
        while ex_id in self.example_ids:
            ex_id = f"ex:{self.raw.key}:{prov.line}:{n}"
            n += 1
        self.example_ids.add(ex_id)
        self.doc.examples.append(Example(id=ex_id, text=text, prov=prov, cards=list(cards)))

    def mentions(self, plain: str, prov: Provenance) -> list[CardRef]:
        """Cards linked earlier on the page and named again in plain text (the wiki links a card once)."""
        refs = [CardRef(name_ja=ja, name_en=ref.name_en, via="prose", prov=prov)
                for ja, ref in self.known.items() if ja in plain]
        self.doc.card_refs.extend(refs)
        return refs

    def paragraph_example(self, end: int, term: Provenance) -> None:
        """The paragraph after a ``;例`` term (skipping ``{{#card:…}}`` lines) is one worked example."""
        first = self.line(end) - self.raw.line_offset + 1      # 1-based line in text after the term
        if self.lines is None:
            self.lines = self.text.split("\n")
        lines = self.lines
        body: list[str] = []
        start = None
        i = first - 1
        while i < len(lines):
            line = lines[i]
            stripped = line.strip()
            if start is None and (not stripped or (stripped.startswith("{{") and stripped.endswith("}}"))):
                i += 1
                continue
            if not stripped or stripped[0] in "=*#:;{|" or stripped.startswith("|}"):
                break
            if start is None:
                start = i + 1
            body.append(line)
            i += 1
        if start is None:
            return
        text = mwparserfromhell.parse("\n".join(body)).strip_code().strip()
        lo, hi = first + self.raw.line_offset, start + len(body) - 1 + self.raw.line_offset
        cards: list[CardRef] = []
        for c in self.doc.card_refs:
            if lo <= (c.prov.line or 0) <= hi and c.via != "prose":
                same = next((i for i, d in enumerate(cards) if d.name_en == c.name_en), None)
                if same is None:
                    cards.append(c)
                elif c.name_ja and not cards[same].name_ja:
                    cards[same] = c                     # [[JA/EN]] link beats {{#card:EN}}
        prov = Provenance(document=term.document, revision=term.revision, section=term.section,
                          line=start + self.raw.line_offset, file=term.file)
        if text:
            self.add_example(text, prov, cards)

    def loose_table(self, start: int) -> None:
        """Rows of a table whose ``|}`` is missing, read line by line up to a blank line or heading."""
        lines = self.text[start:].split("\n")
        base = self.line(start)
        rows: list[TableRow] = []
        cells: list[Cell] = []
        style = None
        row_line = None
        section = self.section_at(base)

        def flush():
            if cells:
                rows.append(TableRow(cells=list(cells), style=style, prov=self.prov_at(row_line, section)))
                cells.clear()

        for n, line in enumerate(lines[1:], start=1):
            if not line.strip() or line.startswith("=") or line.startswith("|}"):
                break
            if line.startswith("|-"):
                flush()
                m = re.search(r'style\s*=\s*"([^"]*)"', line)
                style = m.group(1).strip() if m else None
                continue
            if line[0] in "|!":
                header = line[0] == "!"
                if row_line is None or not cells:
                    row_line = base + n
                for raw_cell in re.split(r"\|\||!!", line[1:]):
                    links = [link for link in self.doc.links
                             if link.prov.line == base + n and f"[[{link.target}" in raw_cell]
                    cells.append(Cell(text=strip_links(raw_cell), links=links, header=header))
        flush()
        self.doc.tables.append(Table(rows=rows, prov=self.prov_at(base, section)))

    def section_at(self, line: int) -> tuple[str, ...]:
        path: tuple[str, ...] = ()
        for sec in self.doc.sections:
            if (sec.prov.line or 0) <= line:
                path = sec.prov.section
        return path

    def prov_at(self, line: int | None, section: tuple[str, ...]) -> Provenance:
        return Provenance(document=self.raw.title, revision=self.raw.revision, section=section, line=line,
                          file=self.raw.path)

    def on_heading(self, node: Heading, start: int) -> None:
        if self.item is not None:
            self.close_item(start)
        title = node.title.strip_code().strip() or str(node.title).strip()
        level = node.level
        while self.stack and self.stack[-1][0] >= level:
            self.stack.pop()
        self.stack.append((level, title))
        self.path = tuple(t for _, t in self.stack)
        self.doc.sections.append(Section(title=title, level=level, prov=self.prov(start)))
        ts = str(node.title)
        if "[[" in ts or "{{" in ts:
            self.walk(node.title.nodes, start + level)

    def on_link(self, node: Wikilink, start: int) -> None:
        title = str(node.title).strip()
        if not title or title.startswith(":"):
            return
        target, _, fragment = title.partition("#")
        target = target.strip()
        if ":" in target:
            prefix = target.split(":", 1)[0].strip().lower()
            if prefix in _NAMESPACES or _INTERWIKI.fullmatch(prefix):
                return
        label = node.text.strip_code().strip() if node.text is not None else None
        prov = self.prov(start)
        fragment = fragment.strip() or None
        link = Link(target=target, fragment=fragment, label=label or None, prov=prov)
        self.doc.links.append(link)
        if self.cell is not None:
            self.cell.append(link)
        if target.startswith("総合ルール") and fragment and RULE_NUMBER.fullmatch(fragment):
            self.doc.rule_refs.append(RuleRef(number=fragment, via="link", prov=prov))
            return
        names = split_card_link(target)
        if names is not None:
            self.add_card(CardRef(name_ja=names[0], name_en=names[1],
                                  via="table" if self.in_table else "link", prov=prov))

    def add_card(self, ref: CardRef) -> None:
        self.doc.card_refs.append(ref)
        if ref.name_ja and len(ref.name_ja) >= 3 and ref.name_ja not in self.known:
            self.known[ref.name_ja] = ref
        if self.item is not None:
            self.item.cards.append(ref)

    def on_template(self, node: Template, s: str, start: int) -> None:
        name = str(node.name).strip()
        low = name.lower()
        if low.startswith("#card:"):
            en = name[6:].strip()
            if en:
                self.add_card(CardRef(name_ja=None, name_en=en, via="template", prov=self.prov(start)))
            return
        if low.startswith("#cr:"):
            for num in RULE_NUMBER.findall(name[4:]):
                self.doc.rule_refs.append(RuleRef(number=num, via="template", prov=self.prov(start)))
            return
        cursor = len(name) + 2
        for param in node.params:
            pname = str(param.name).strip().lower()
            value = str(param.value)
            if low in ("cr", "総合ルール") and not param.showkey:
                for num in RULE_NUMBER.findall(value):
                    self.doc.rule_refs.append(RuleRef(number=num, via="template", prov=self.prov(start)))
            elif pname == "cr":
                for num in RULE_NUMBER.findall(value):
                    self.doc.rule_refs.append(RuleRef(number=num, via="infobox", prov=self.prov(start)))
            if "[[" in value or "{{" in value:
                at = s.find(value, cursor)
                if at >= 0:
                    cursor = at + len(value)
                    self.walk(param.value.nodes, start + at)

    def on_tag(self, node: Tag, s: str, start: int) -> None:
        tag = str(node.tag).strip().lower()
        if tag == "table" and node.wiki_markup == "{|":
            self.on_table(node, s, start)
            return
        if tag in _NO_WALK or node.contents is None or node.self_closing:
            return
        cs = str(node.contents)
        if "[[" not in cs and "{{" not in cs and "{|" not in cs and "\n" not in cs:
            return
        at = s.find(cs) if cs else -1
        if at >= 0:
            self.walk(node.contents.nodes, start + at)

    def on_table(self, node: Tag, s: str, start: int) -> None:
        self.in_table += 1
        rows: list[TableRow] = []
        prov = self.prov(start)
        cs = str(node.contents)
        pos = start + max(s.find(cs), 0)
        loose: list[tuple[Tag, str, int]] = []        # cells outside any |- row (first row may omit it)
        for child in node.contents.nodes:
            cstr = str(child)
            cstart = pos
            pos += len(cstr)
            if type(child) is Tag and str(child.tag) == "tr":
                if loose:
                    rows.append(self.row(loose, None, loose[0][2]))
                    loose = []
                rows.append(self.row_of(child, cstr, cstart))
            elif type(child) is Tag and str(child.tag) in ("td", "th"):
                loose.append((child, cstr, cstart))
            else:
                self.walk([child], cstart)
        if loose:
            rows.append(self.row(loose, None, loose[0][2]))
        self.in_table -= 1
        self.doc.tables.append(Table(rows=rows, prov=prov))

    def row_of(self, tr: Tag, s: str, start: int) -> TableRow:
        style = str(tr.get("style").value).strip() if tr.has("style") else None
        cells: list[tuple[Tag, str, int]] = []
        cs = str(tr.contents)
        pos = start + max(s.find(cs), 0)
        for child in tr.contents.nodes:
            cstr = str(child)
            if type(child) is Tag and str(child.tag) in ("td", "th"):
                cells.append((child, cstr, pos))
            else:
                self.walk([child], pos)
            pos += len(cstr)
        return self.row(cells, style, cells[0][2] if cells else start)

    def row(self, cells: list[tuple[Tag, str, int]], style: str | None, start: int) -> TableRow:
        out: list[Cell] = []
        outer = self.cell                           # a table nested in a cell keeps the outer cell's links
        for td, s, at in cells:
            self.cell = links = []
            contents = td.contents
            if contents is not None:
                cs = str(contents)
                off = s.rfind(cs) if cs else -1
                if off >= 0:
                    self.walk(contents.nodes, at + off)
                text = contents.strip_code().strip()
            else:
                text = ""
            self.cell = outer
            if outer is not None:
                outer.extend(links)
            out.append(Cell(text=text, links=links, header=str(td.tag) == "th"))
        return TableRow(cells=out, style=style, prov=self.prov(start))
