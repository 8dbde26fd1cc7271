"""Typed facts: what the extractor produces and the knowledge base stores.

Every fact carries a :class:`Provenance` (document, revision, section path, line) so that a reader can
go back to the exact place in the source.  These classes are plain dataclasses: the extractor fills them,
``kb`` turns them into graph nodes and edges, ``engine.crosscheck`` reads claims — and the claim kinds, each
declared once (:func:`declared_kinds`, at the end).

>>> p = Provenance(document="誘発型能力", revision=None, section=("解説", "誘発する"), line=17)
>>> p.section_path
'解説 > 誘発する'
"""
from __future__ import annotations

from dataclasses import asdict, dataclass, field
from functools import lru_cache
from pathlib import Path
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
    general: bool = False              # a wikitext rule bullet naming no card (wikitext.states_rule): read with
                                       # the general statements' kinds only


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

# --------------------------------------------------------------------------- claim kinds, declared once
# Every claim kind is one record of ``extractor/data/claim_kinds.yaml`` (docs/design.md, "Adding a claim kind"),
# declared here with the Claim type: the one place both sides read (the engine imports only this module of the
# extractor).  One record per kind says everything both sides need to know of it:
#
# - ``kind``: its name (``Claim.kind``); ``family``: the statements it shares with other kinds (``cannot_counter``
#   is a ``can_counter`` with ``can: false``; the kinds of keyword damage rules are the ``damage_result`` family, whose
#   paraphrase cases are one file; default: itself);
# - the reader: ``reader`` — the modules ``extractor/claims/<module>.py`` whose finders emit it (the extractor
#   imports exactly these), ``own_events`` — its claims state their own events ({action: …}) and cause, never the
#   example's;
# - the checker: ``checker`` — the module ``engine/crosscheck/<module>.py`` holding its functions, named by
#   ``synthesize`` (``(claim, cards) -> [Reading]``), ``statement``, ``prepare``, ``prepare_cards``, ``require_all``
#   (a function's name, or ``true``: every reading must hold); ``stages`` (the situation keys the synthesizer
#   stages), ``outcome`` (fields the kind fixes), ``negatable``, ``unsupported`` (why it has no synthesis);
# - ``docs``: its rows of the claim-kind table in docs/design.md (``situation``, ``outcome``, ``example``, and a
#   ``label`` when the row is about one reading of the kind), which :func:`kinds_markdown` renders.
#
# The extractor reads the reader side (``extractor.claims`` imports the reader modules, ``OWN_EVENTS``), the
# cross-check (``engine.crosscheck.registry``) builds its ``Kind`` records from the checker side.  A bad file
# raises :class:`KindsError` naming it and the record.
KINDS_FILE = Path(__file__).parent / "data" / "claim_kinds.yaml"
KINDS_DOC_BEGIN = "<!-- claim-kinds:begin (generated by extractor.facts.kinds_markdown() from " \
                  "extractor/data/claim_kinds.yaml; tests/extractor/test_kinds.py checks it) -->"
KINDS_DOC_END = "<!-- claim-kinds:end -->"
_FUNCTIONS = ("synthesize", "statement", "prepare", "prepare_cards")
_FIELDS = {"kind", "family", "reader", "own_events", "checker", "require_all", "stages", "outcome", "negatable",
           "unsupported", "docs", *_FUNCTIONS}
_DOC_FIELDS = {"label", "situation", "outcome", "example"}


class KindsError(ValueError):
    """The claim-kind declarations are unusable; the message names the file and the record."""


@dataclass(frozen=True)
class DocRow:
    label: str
    situation: str
    outcome: str
    example: str


@dataclass(frozen=True)
class DeclaredKind:
    """One declared claim kind (the fields of its YAML record; function fields are names in ``checker``)."""
    name: str
    family: str
    reader: tuple[str, ...] = ()
    own_events: bool = False
    checker: str | None = None
    synthesize: str | None = None
    statement: str | None = None
    prepare: str | None = None
    prepare_cards: str | None = None
    require_all: str | bool | None = None
    stages: tuple[str, ...] = ()
    outcome: dict[str, Any] = field(default_factory=dict)
    negatable: bool = False
    unsupported: str = ""
    docs: tuple[DocRow, ...] = ()


def _names(value: Any, what: str) -> tuple[str, ...]:
    if value is None:
        return ()
    if not isinstance(value, list) or not all(isinstance(x, str) and x for x in value):
        raise TypeError(f"{what} must be a list of names")
    return tuple(value)


def _record(r: Any) -> DeclaredKind:
    if not isinstance(r, dict) or not isinstance(r.get("kind"), str):
        raise TypeError("a record must be a mapping with a 'kind' name")
    extra = set(r) - _FIELDS
    if extra:
        raise TypeError(f"unknown field(s) {sorted(extra)}")
    fns = {k: r.get(k) for k in _FUNCTIONS}
    if any(v is not None and not isinstance(v, str) for v in fns.values()):
        raise TypeError(f"{', '.join(_FUNCTIONS)} name functions of the checker module")
    if not isinstance(r.get("require_all"), (str, bool, type(None))):
        raise TypeError("require_all is a function name or true")
    if (any(fns.values()) or isinstance(r.get("require_all"), str)) and not r.get("checker"):
        raise TypeError("names a checker function but no checker module")
    if not fns["synthesize"] and not r.get("unsupported"):
        raise TypeError("has neither a synthesize function nor an 'unsupported' reason")
    rows = []
    for d in r.get("docs") or []:
        if not isinstance(d, dict) or set(d) - _DOC_FIELDS or not {"situation", "outcome", "example"} <= set(d):
            raise TypeError(f"a docs row has the fields situation, outcome, example (and label): {d!r}")
        rows.append(DocRow(str(d.get("label") or f"`{r['kind']}`"), str(d["situation"]), str(d["outcome"]),
                           str(d["example"])))
    if not isinstance(r.get("outcome") or {}, dict):
        raise TypeError("outcome must map outcome keys to the values the kind fixes")
    return DeclaredKind(name=r["kind"], family=str(r.get("family") or r["kind"]), reader=_names(r.get("reader"), "reader"),
                    own_events=bool(r.get("own_events")), checker=r.get("checker"), require_all=r.get("require_all"),
                    stages=_names(r.get("stages"), "stages"), outcome=dict(r.get("outcome") or {}),
                    negatable=bool(r.get("negatable")), unsupported=str(r.get("unsupported") or ""), docs=tuple(rows),
                    **fns)


def load_kinds(path: Path = KINDS_FILE) -> dict[str, DeclaredKind]:
    """The declarations of a kinds file, by name, in file order."""
    import yaml

    try:
        loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)          # libyaml when built with it
        data = yaml.load(path.read_text(encoding="utf-8"), Loader=loader)
    except (OSError, yaml.YAMLError) as e:
        raise KindsError(f"{path}: {e}") from None
    if not isinstance(data, list):
        raise KindsError(f"{path}: the file must be a list of claim-kind records")
    out: dict[str, DeclaredKind] = {}
    for i, r in enumerate(data):
        where = f"{path}: record {i + 1}" + (f" ({r['kind']})" if isinstance(r, dict) and "kind" in r else "")
        try:
            d = _record(r)
        except TypeError as e:
            raise KindsError(f"{where}: {e}") from None
        if d.name in out:
            raise KindsError(f"{where}: the kind {d.name!r} is declared twice")
        out[d.name] = d
    return out


@lru_cache(maxsize=1)
def declared_kinds() -> dict[str, DeclaredKind]:
    """Every declared claim kind (the bundled file, read once)."""
    return load_kinds()


def kind_reader_modules() -> list[str]:
    """The modules of ``extractor.claims`` whose finders read the declared kinds, each once."""
    return list(dict.fromkeys(m for d in declared_kinds().values() for m in d.reader))


def own_event_kinds() -> frozenset[str]:
    """The kinds whose claims state their own events and cause (never the example's event words)."""
    return frozenset(d.name for d in declared_kinds().values() if d.own_events)


def kind_family(kind: str) -> str:
    """The family of ``kind`` (itself for an undeclared kind)."""
    d = declared_kinds().get(kind)
    return d.family if d else kind


def kinds_markdown() -> str:
    """The claim-kind table of docs/design.md (the block between KINDS_DOC_BEGIN and KINDS_DOC_END), one row per
    docs row of each declared kind, in the file's order."""
    out = [KINDS_DOC_BEGIN, "| kind | situation | outcome | example sentence |", "|---|---|---|---|"]
    out += [f"| {r.label} | {r.situation} | {r.outcome} | {r.example} |" for d in declared_kinds().values() for r in d.docs]
    out.append(KINDS_DOC_END)
    return "\n".join(out)
