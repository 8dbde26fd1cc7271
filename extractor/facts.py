"""Typed facts: what the extractor produces and the knowledge base stores.

Every fact carries a :class:`Provenance` (document, revision, section path, line) so that a reader can
go back to the exact place in the source.  These classes are plain dataclasses: the extractor fills them,
``kb`` turns them into graph nodes and edges, ``engine.crosscheck`` reads claims.

>>> p = Provenance(document="誘発型能力", revision=None, section=("解説", "誘発する"), line=17)
>>> p.section_path
'解説 > 誘発する'
"""
from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any


# ``Claim.situation["unrepresented"]`` holds the words of a clause the reader could not represent; this entry
# instead says that the sentence does not state what happened to its object (the question or the line before
# does): the cross-check words it so (engine.crosscheck.verdict.unstated_words)
NO_EVENT = "(何が起きたかは書かれていない)"


@dataclass(frozen=True)
class Provenance:
    document: str                      # document title (page title, or file-derived title)
    revision: str | None = None        # MediaWiki revision id, or None for plain files
    section: tuple[str, ...] = ()      # heading path from the top, e.g. ("解説", "誘発する")
    line: int | None = None            # 1-based line in the source file (XML: line inside the file)
    file: str | None = None            # source file path as given to ingest

    @property
    def section_path(self) -> str:
        return " > ".join(self.section)

    def to_dict(self) -> dict[str, Any]:
        d = asdict(self)
        d["section"] = list(self.section)
        return d


@dataclass
class RawDocument:
    """One document read from a source, before parsing (one page revision of an XML export, one file)."""
    title: str
    text: str                          # wikitext or prose, header lines removed
    path: str                          # file it came from
    form: str = "wikitext"             # wikitext | rules | prose  (rules: CR pages with =603= headings)
    revision: str | None = None
    line_offset: int = 0               # add to a 1-based line inside ``text`` to get the line in ``path``
    meta: dict[str, str] = field(default_factory=dict)   # '# key: value' headers, XML <comment>, …
    key: str = ""                      # stable identity in the store (see docs/design.md)


@dataclass
class Section:
    title: str
    level: int
    prov: Provenance                   # prov.section is the path *including* this section


@dataclass
class Link:
    target: str                        # page title (without fragment)
    fragment: str | None
    label: str | None
    prov: Provenance


@dataclass
class CardRef:
    """A card named in a document: [[JA/EN]], {{#card:EN}}, 《JA》 in prose."""
    name_ja: str | None
    name_en: str | None
    via: str                           # link | template | prose | table
    prov: Provenance


@dataclass
class RuleRef:
    number: str                        # "603", "603.10a", "702.76"
    via: str                           # template | infobox | link | prose
    prov: Provenance


@dataclass
class Cell:
    text: str
    links: list[Link] = field(default_factory=list)
    header: bool = False


@dataclass
class TableRow:
    cells: list[Cell]
    style: str | None                  # the row's style attribute (e.g. background colour), if any
    prov: Provenance


@dataclass
class Table:
    rows: list[TableRow]
    prov: Provenance


@dataclass
class ListItem:
    text: str                          # plain text (markup stripped)
    depth: int                         # number of leading * / # / :
    prov: Provenance
    markup: str = ""                   # the raw wikitext of the item


@dataclass
class Example:
    """A worked example: a bullet starting 例/例えば/例1, or a bullet describing a situation and outcome."""
    id: str                            # stable id, see docs/design.md
    text: str                          # plain text of the example
    prov: Provenance
    cards: list[CardRef] = field(default_factory=list)
    rule: str | None = None            # rule number when the example belongs to a CR rule
    question: str | None = None        # Q&A: the question this example answers (extractor/qa.py)
    polarity: str | None = None        # Q&A: "yes"/"no" = the answer's truth relative to the question as asked
    negative_question: bool = False    # Q&A: the question is itself negative (〜できませんか？)
    reason: str | None = None          # why it gave no claim (set by the claim reader): "no checkable outcome" /
                                       # "phrasing not understood: <the first unmatched predicate>"


@dataclass
class Rule:
    number: str                        # "603.10a"
    text: str
    parent: str | None                 # "603.10" for "603.10a", "603" for "603.10"
    prov: Provenance
    title: str | None = None           # heading text for top-level rules (e.g. 誘発型能力の扱い)
    examples: list[Example] = field(default_factory=list)


@dataclass
class Claim:
    """A typed, checkable statement taken from an example or from rulings prose.

    ``kind`` is one of the names in docs/design.md ("trigger_count", "no_trigger", "can_counter",
    "cannot_counter", "cannot_target", "devotion", "enters_as", "nothing_happens", "must_target",
    "stack_order", "once_per_turn", …).  ``situation`` and ``outcome`` are plain dicts whose keys per kind
    are listed in docs/design.md; both are JSON-serialisable.
    """
    id: str
    kind: str
    text: str                          # the exact source sentence
    prov: Provenance
    subject: str | None = None         # EN name of the card whose ability/spell the claim is about
    cards: list[str] = field(default_factory=list)      # EN names of all cards involved
    keywords: list[str] = field(default_factory=list)   # keyword node names (授与, 信心, …)
    topics: list[str] = field(default_factory=list)   # English topic names (lexicon en, lowercase): bestow, god, monstrosity
    situation: dict[str, Any] = field(default_factory=dict)
    outcome: dict[str, Any] = field(default_factory=dict)
    example_id: str | None = None      # the Example this claim was read from, if any
    answer: str | None = None          # quiz answer key like "1-2" for rulings prose
    clause: str | None = None          # the words of the sentence the reading was made at (normalised; cards 《EN》)

    def to_dict(self) -> dict[str, Any]:
        d = asdict(self)
        d["prov"] = self.prov.to_dict()
        return d


@dataclass
class ExtractedDocument:
    """Everything extracted from one RawDocument."""
    raw: RawDocument
    sections: list[Section] = field(default_factory=list)
    links: list[Link] = field(default_factory=list)
    card_refs: list[CardRef] = field(default_factory=list)
    rule_refs: list[RuleRef] = field(default_factory=list)
    tables: list[Table] = field(default_factory=list)
    list_items: list[ListItem] = field(default_factory=list)
    examples: list[Example] = field(default_factory=list)
    rules: list[Rule] = field(default_factory=list)
    keywords: list[str] = field(default_factory=list)   # keyword names this document defines/discusses
    claims: list[Claim] = field(default_factory=list)
    unparsed: list[Example] = field(default_factory=list)  # example sentences that yielded no claim
    warnings: list[tuple[int | None, str]] = field(default_factory=list)  # (line, message), non-fatal


class ExtractionError(Exception):
    """Bad input: names the file and, where known, the line."""

    def __init__(self, file: str, message: str, line: int | None = None):
        self.file, self.line, self.message = file, line, message
        where = f"{file}:{line}" if line else file
        super().__init__(f"{where}: {message}")

    def to_dict(self) -> dict[str, Any]:
        return {"file": self.file, "line": self.line, "message": self.message}
