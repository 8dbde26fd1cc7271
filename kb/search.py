"""Full-text search over the store: a small query language, ranked hits over the FTS5 index (:mod:`kb.fts`).

Query language (Scryfall in spirit; every part is ANDed)::

    誘発 "Soul Warden" -頑強 card:魂の管理人 kw:授与 rule:603.10 kind:example verdict:confirmed

``-`` before a term or operator excludes.  User text never reaches SQL or FTS syntax: each term becomes a
quoted FTS string and every value is an SQL parameter.  Bad queries raise :class:`QueryError`.
"""
from __future__ import annotations

import json
import re
import sqlite3
import sys
import unicodedata
from dataclasses import asdict, dataclass, field, replace
from typing import Any

from kb.db import connection_of

OPERATORS = {"card": "card", "kw": "kw", "keyword": "kw", "rule": "rule", "kind": "kind", "verdict": "verdict"}
# Scryfall's card operators (t: o: mv c: id: pow tou is:), checked and turned into SQL by kb.card_query
from kb.card_query import CARD_OPS, CardQueryError, NUMERIC  # noqa: E402
KINDS = ("example", "claim", "rule", "card", "document", "section", "keyword", "verdict", "page")
VERDICTS = ("confirmed", "contradicted", "unsimulable")
MAX_PARTS = 32                  # terms + operators in one query


# score offsets (bm25 is negative, lower ranks first; typical values are -1 … -30)
LINKED_EXAMPLE = -1000.0    # an example/claim linked to the queried card/keyword
EXACT_CARD = -2000.0        # the card a query names exactly: first of all
EXACT_NODE = -900.0         # the keyword/rule node itself
LINKED_OTHER = -500.0       # a section/document linked to it
OWNED_BY_PAGE = -300.0      # a node of the keyword's own page
TITLE_WEIGHT, TEXT_WEIGHT = 10.0, 1.0


class SearchError(Exception):
    """The store cannot be searched (no index, not a store)."""


class QueryError(ValueError):
    """A malformed query; the message says what is wrong."""


# ---------------------------------------------------------------------------------------------- parse
@dataclass(frozen=True)
class Term:
    text: str
    phrase: bool = False
    negated: bool = False


@dataclass(frozen=True)
class Op:
    name: str          # card | kw | rule | kind | verdict | a card operator (type, oracle, mv, …) | or
    value: str
    negated: bool = False
    more: tuple[str, ...] = ()   # bare words right after an unquoted value (card:soul wardn): may be its rest
    cmp: str = ":"               # a card operator's comparison (mv>=3)
    alts: tuple["Op", ...] = ()  # name "or": the operators joined by ``or`` (t:goblin or t:elf)


@dataclass
class Query:
    terms: list[Term] = field(default_factory=list)
    ops: list[Op] = field(default_factory=list)


_QUOTES = {'"': '"', "“": "”", "「": "」", "『": "』"}
_SPACE = re.compile(r"[\s\u3000]+")
_OPNAME = re.compile(r"([A-Za-z_]+)(>=|<=|!=|:|=|<|>)")
_OR = ("or", "OR", "Or")
_RULE = re.compile(r"\d{3}(\.\d+[a-z]?)?")
_SEARCHABLE = re.compile(r"[^\W_]")


def _searchable(s: str) -> bool:
    return bool(_SEARCHABLE.search(s))


def parse(query: str) -> Query:
    """Parse a query string into terms and operators (raises :class:`QueryError`)."""
    if not isinstance(query, str):
        raise QueryError("the query must be text")
    query = query.replace("\x00", " ")              # FTS5 strings end at NUL
    try:
        query.encode("utf-8")
    except UnicodeEncodeError:
        raise QueryError("the query is not valid Unicode text") from None
    q = Query()
    chain = False           # the last part was an unquoted card:/kw: value (or a word after it)
    chain_or = False        # an ``or`` was read: the next operator joins the last one
    last: Term | Op | None = None
    i, n = 0, len(query)
    while i < n:
        m = _SPACE.match(query, i)
        if m:
            i = m.end()
            continue
        start = i
        negated = query[i] == "-"
        if negated:
            i += 1
            if i >= n or _SPACE.match(query, i):
                continue                                   # a lone "-" means nothing
        op, cmp = None, ":"
        m = _OPNAME.match(query, i)
        if m and (m.group(2) == ":" or m.group(1).lower() in CARD_OPS):
            op, cmp = m.group(1).lower(), m.group(2)
            if op not in OPERATORS and op not in CARD_OPS:
                known = sorted(set(OPERATORS.values()) | {k for k in CARD_OPS if len(k) <= 3})
                raise QueryError(f"unknown operator '{m.group(1)}:' at position {i + 1} "
                                 f"(known: {', '.join(known)}:)")
            if op in OPERATORS and cmp != ":":
                raise QueryError(f"'{op}' takes ':' (e.g. {op}:VALUE), not '{cmp}' at position {i + 1}")
            i = m.end()
        elif not negated and query[i:i + 2] in _OR and (i + 2 >= n or _SPACE.match(query, i + 2)):
            if not q.ops or chain_or or (q.terms and q.terms[-1] is last):
                raise QueryError(f"'or' at position {i + 1} must join two operators (t:goblin or t:elf)")
            chain_or, i = True, i + 2
            continue
        if i < n and query[i] in _QUOTES:
            close = query.find(_QUOTES[query[i]], i + 1)
            if close < 0:
                raise QueryError(f"unbalanced quote {query[i]} at position {i + 1}")
            text, phrase, i = query[i + 1:close], True, close + 1
            if i < n and not _SPACE.match(query, i):
                raise QueryError(f"put a space after the closing quote at position {i}")
        else:
            m = _SPACE.search(query, i)
            end = m.start() if m else n
            text, phrase, i = query[i:end], False, end
            bad = next((c for c in text if c in _QUOTES or c in _QUOTES.values()), None)
            if bad:
                raise QueryError(f"unexpected quote {bad} inside '{query[start:end]}' "
                                 "(quote the whole phrase)")
        text = text.strip()
        if op:
            if not text:
                raise QueryError(f"'{op}{cmp}' needs a value (e.g. {op}{cmp}{'3' if CARD_OPS.get(op) in NUMERIC else 'NAME'})")
            new = _check_op(OPERATORS.get(op) or CARD_OPS[op], text, negated, cmp)
            if chain_or:
                prev = q.ops.pop()
                if negated or prev.negated or "kind" in (new.name, prev.name):
                    raise QueryError("'or' joins operators that are not excluded and not kind: (t:goblin or t:elf)")
                new = Op("or", "", alts=(*(prev.alts or (prev,)), new))
            q.ops.append(new)
            last = new
            chain_or = False
            chain = (OPERATORS.get(op) in ("card", "kw")) and not phrase and not negated and new.name != "or"
        elif chain_or:
            raise QueryError(f"'or' must join two operators (t:goblin or t:elf), not '{text}'")
        elif text and _searchable(text):
            last = Term(text, phrase, negated)
            q.terms.append(last)
            if chain and not phrase and not negated:
                q.ops[-1] = replace(q.ops[-1], more=(*q.ops[-1].more, text))
            else:
                chain = False
    if chain_or:
        raise QueryError("'or' at the end of the query: give the operator it joins (t:goblin or t:elf)")
    if len(q.terms) + len(q.ops) > MAX_PARTS:
        raise QueryError(f"too many terms ({len(q.terms) + len(q.ops)}; at most {MAX_PARTS})")
    if not any(not t.negated for t in q.terms) and not any(not o.negated for o in q.ops):
        if q.terms or q.ops:
            raise QueryError("nothing to search for: give at least one term or operator that is not excluded")
        if query.strip():
            raise QueryError("nothing to search for: the query has no letters or digits")
        raise QueryError("empty query")
    return q


def _check_op(name: str, value: str, negated: bool, cmp: str = ":") -> Op:
    if name in CARD_OPS.values():
        from kb.card_query import check

        try:
            name, cmp, value = check(name, cmp, value)
        except CardQueryError as e:
            raise QueryError(str(e)) from None
        return Op(name, value, negated, cmp=cmp)
    if name == "kind":
        value = value.lower()
        if value not in KINDS:
            raise QueryError(f"unknown kind '{value}' (kinds: {', '.join(KINDS)})")
    elif name == "verdict":
        value = value.lower()
        if value not in VERDICTS:
            raise QueryError(f"unknown verdict '{value}' (verdicts: {', '.join(VERDICTS)})")
    elif name == "rule":
        value = unicodedata.normalize("NFKC", value).lower()
        if not _RULE.fullmatch(value):
            raise QueryError(f"rule:{value} is not a rule number (e.g. rule:603, rule:603.10a)")
    return Op(name, value, negated)


# --------------------------------------------------------------------------------------------- search
@dataclass
class Hit:
    id: str
    kind: str
    title: str
    snippet: str
    score: float
    provenance: dict[str, Any] | None
    same_page: list[str] = field(default_factory=list)     # the other stored revisions and copies of this page
    verdict: str | None = None                              # a claim's stored verdict after `mtgkb validate`
    revisions: int = 1                                      # stored revisions of the page this hit stands for

    def to_dict(self) -> dict[str, Any]:
        """The hit as JSON; ``verdict`` and ``same_page`` only when there is one, ``revisions`` when > 1."""
        d = asdict(self)
        for k in ("verdict", "same_page"):
            if not d[k]:
                del d[k]
        if d["revisions"] <= 1:
            del d["revisions"]
        return d


def fts_string(text: str) -> str:
    """``text`` as one FTS5 string token (a phrase): quoted, inner quotes doubled."""
    return '"' + text.replace('"', '""') + '"'


@dataclass
class _Source:
    """SQL yielding (r = nodes.rowid, s = score) rows; several sources of one term are unioned (best kept).

    Plain FTS sources also keep their table and MATCH expression so that the planner can AND several
    terms into one FTS query; ``surfaces`` are the spellings of short terms (see :func:`_rescale`)."""
    sql: str
    params: list
    table: str | None = None
    expr: str | None = None
    surfaces: tuple[str, ...] = ()


@dataclass
class _Plan:
    conn: sqlite3.Connection
    must: list[list[_Source]] = field(default_factory=list)   # AND of (OR of sources)
    exclude: list[list[_Source]] = field(default_factory=list)
    kinds: list[str] = field(default_factory=list)
    not_kinds: list[str] = field(default_factory=list)
    marks: list[str] = field(default_factory=list)            # strings to highlight in snippets


def _tri(expr: str) -> _Source:
    return _Source(f"SELECT rowid AS r, bm25(nodes_tri, {TITLE_WEIGHT}, {TEXT_WEIGHT}) AS s "
                   "FROM nodes_tri WHERE nodes_tri MATCH ?", [expr], "tri", expr)


def _tok(expr: str, surfaces: tuple[str, ...] = ()) -> _Source:
    return _Source("SELECT rowid AS r, bm25(nodes_tok) AS s FROM nodes_tok WHERE nodes_tok MATCH ?",
                   [expr], "tok", expr, surfaces)


def _merge(groups: list[list[_Source]]) -> list[list[_Source]]:
    """AND the plain trigram terms into one FTS query, and the plain token terms into another."""
    out: list[list[_Source]] = []
    for table, make in (("tri", _tri), ("tok", _tok)):
        plain = [g[0] for g in groups if len(g) == 1 and g[0].table == table]
        if len(plain) == 1:
            out.append(plain)
        elif plain:
            src = make(" AND ".join(f"({p.expr})" for p in plain))
            src.surfaces = tuple(x for p in plain for x in p.surfaces)
            out.append([src])
    return out + [g for g in groups if not (len(g) == 1 and g[0].table in ("tri", "tok"))]


def _variants(text: str) -> list[str]:
    out = [text]
    folded = unicodedata.normalize("NFKC", text)
    if folded != text:
        out.append(folded)
    return out


def _short_expr(text: str) -> str:
    """Token-index expression for a short term: the term itself or its Sudachi words (normalised)."""
    from kb.tokens import query_tokens

    alts = [fts_string(v) for v in _variants(text)]
    words = query_tokens(text)
    if words and words != [text]:
        alts.append("(" + " AND ".join(fts_string(w) for w in words) + ")")
    return " OR ".join(alts)


def _text_sources(plan: _Plan, text: str, fallback: bool = True) -> list[_Source]:
    """Where a plain term matches: trigram for ≥ 3 characters (token words when that finds nothing and
    ``fallback``; an excluded term excludes only its exact spelling)."""
    plan.marks.append(text)
    if len(text) < 3:
        return [_tok(_short_expr(text), (text,))]
    expr = " OR ".join(fts_string(v) for v in _variants(text))
    if not fallback or plan.conn.execute("SELECT 1 FROM nodes_tri WHERE nodes_tri MATCH ? LIMIT 1",
                                         (expr,)).fetchone():
        return [_tri(expr)]
    from kb.tokens import query_tokens

    words = query_tokens(text)
    plan.marks.extend(words)
    if not words:
        return [_tri(expr)]
    return [_tok(" AND ".join(fts_string(w) for w in words))]


def _linked(dst: list[str], edge_kinds: tuple[str, ...], first: str = "example") -> _Source:
    """Nodes with an edge of ``edge_kinds`` to one of ``dst``: ``first`` (example or claim), then the
    other of the two, then sections and documents."""
    qd = ",".join("?" * len(dst))
    qk = ",".join("?" * len(edge_kinds))
    return _Source(f"SELECT n.rowid AS r, CASE WHEN n.kind = ? THEN {LINKED_EXAMPLE} "
                   f"WHEN n.kind IN ('example','claim') THEN {LINKED_EXAMPLE + 10} "
                   f"ELSE {LINKED_OTHER} END AS s FROM edges e JOIN nodes n ON n.id = e.src "
                   f"WHERE e.dst IN ({qd}) AND e.kind IN ({qk})", [first, *dst, *edge_kinds])


def _ids(ids: list[str], score: float) -> _Source:
    return _Source(f"SELECT rowid AS r, {score} AS s FROM nodes WHERE id IN ({','.join('?' * len(ids))})", list(ids))


# ------------------------------------------------------------------------------------- card / keyword
def _resolve_card(conn: sqlite3.Connection, name: str, fuzzy: bool) -> tuple[list[str], list[str]] | None:
    """(card node ids, EN/JA names) for a card name, or None (:func:`kb.names.card`)."""
    from kb.names import card

    found = card(conn, name, fuzzy=fuzzy)
    return (found.ids, found.names) if found else None


def _may_name_card(text: str, negated: bool) -> bool:
    """Whether a bare query word is read as a card name.  Short Japanese card names are also common words
    (誘発 is Provoke, 無効 is Annul): a bare word of one or two characters stays a word unless written
    《…》; ``card:`` always looks the name up."""
    if negated:
        return False
    if text.startswith("《") and text.endswith("》"):
        return True
    return len(text.strip()) > 2 or text.isascii()


MAX_NAME_TERMS = 8     # spellings of one card term searched as text (the typed one first)


def _card_term(plan: _Plan, text: str, ids: list[str], names: list[str]) -> list[_Source]:
    """The card's nodes, what links to them, and its spellings as text.  The spellings are bounded: a name
    shared by hundreds of card nodes (one per copy of a page) would otherwise put hundreds of phrase
    queries into one search (each a trigram MATCH and a bm25), while the links already find their nodes."""
    sources = [_linked(ids, ("mentions", "about")), _ids(ids, EXACT_CARD)]
    for name in list(dict.fromkeys([text, *names]))[:MAX_NAME_TERMS]:
        sources += _text_sources(plan, name)
    return sources


def _keyword_term(plan: _Plan, value: str) -> list[_Source]:
    from kb.names import keyword

    conn = plan.conn
    ids, names = [], [value]
    kw = keyword(conn, value)                  # bestow, Bestow, 授与/Bestow → 授与
    if kw is not None:
        value = kw.ja
        names += [x for x in (kw.ja, kw.en) if x]
    row = conn.execute("SELECT id, title, data FROM nodes WHERE id = ?", (f"kw:{value}",)).fetchone()
    rows = [row] if row else conn.execute(
        "SELECT id, title, data FROM nodes WHERE id >= 'kw:' AND id < 'kw;' AND (title = ? COLLATE NOCASE "
        "OR json_extract(data, '$.name_en') = ? COLLATE NOCASE)", (value, value)).fetchall()
    for nid, title, data in rows:
        ids.append(nid)
        try:
            d = json.loads(data) if data else {}
        except ValueError:
            d = {}
        names += [x for x in (title, d.get("name"), d.get("name_en")) if x]
    names = list(dict.fromkeys(names))
    sources = []
    if ids:
        sources += [_linked(ids, ("topic", "mentions", "links_to"), first="claim"), _ids(ids, EXACT_NODE)]
        # every node of a document that defines the keyword
        qd = ",".join("?" * len(ids))
        sources.append(_Source(f"SELECT n.rowid AS r, {OWNED_BY_PAGE} AS s FROM edges e JOIN nodes n ON n.doc = e.doc "
                               f"WHERE e.dst IN ({qd}) AND e.kind = 'defines'", list(ids)))
    qn = ",".join("?" * len(names))
    sources.append(_Source(f"SELECT n.rowid AS r, {OWNED_BY_PAGE} AS s FROM documents d JOIN nodes n ON n.doc = d.key "
                           f"WHERE d.title IN ({qn})", list(names)))
    for name in names:
        sources += _text_sources(plan, name)
    en = (kw.en if kw is not None else None) or next((n for n in names if n.isascii()), None)
    if en and _has_cards(conn):           # the cards the card file gives the keyword
        from kb.card_query import keyword_sql
        sources.append(_Source(*keyword_sql(en)))
    return sources


def _rule_term(plan: _Plan, number: str) -> list[_Source]:
    """The rule, its subrules (number prefix: 603 → 603.*, 603.10 → 603.10a…) and what cites them."""
    exact = f"rule:{number}"
    pattern = f"rule:{number}.*" if "." not in number else f"rule:{number}[a-z]*"
    plan.marks.append(number)
    return [
        _Source(f"SELECT rowid AS r, CASE WHEN id = ? THEN {EXACT_NODE} ELSE {EXACT_NODE / 2} END AS s FROM nodes "
                "WHERE id = ? OR id GLOB ?", [exact, exact, pattern]),
        _Source(f"SELECT n.rowid AS r, CASE WHEN n.kind IN ('example','claim') THEN {LINKED_OTHER / 2} "
                f"ELSE {LINKED_OTHER / 4} END AS s FROM edges e JOIN nodes n ON n.id = e.src "
                "WHERE e.kind IN ('cites', 'has_example') AND (e.dst = ? OR e.dst GLOB ?)", [exact, pattern]),
    ]


def _verdict_term(plan: _Plan, verdict: str) -> list[_Source]:
    return [_Source("SELECT n.rowid AS r, 0.0 AS s FROM nodes v JOIN edges e ON e.dst = v.id AND e.kind = 'has_verdict' "
                    "JOIN nodes n ON n.id = e.src WHERE v.id >= 'verdict:' AND v.id < 'verdict;' "
                    "AND lower(v.title) = ?", [verdict])]


# -------------------------------------------------------------------------------------------- planner
def _name_words(conn: sqlite3.Connection, op: Op) -> tuple[str, int]:
    """An unquoted ``card:``/``kw:`` value with the bare words typed after it when together they name a card
    or keyword the value alone does not (``card:soul wardn`` → "soul wardn"); returns (name, words taken)."""
    from kb.names import card, keyword

    alone = card(conn, op.value, fuzzy=False) if op.name == "card" else keyword(conn, op.value)
    if alone is not None:
        return op.value, 0
    for k in range(len(op.more), 0, -1):
        name = " ".join((op.value, *op.more[:k]))
        if (card(conn, name) if op.name == "card" else keyword(conn, name)) is not None:
            return name, k
    return op.value, 0


def _plan(conn: sqlite3.Connection, q: Query) -> _Plan:
    plan = _Plan(conn)
    terms = list(q.terms)
    ops = []
    for op in q.ops:
        if op.more:
            name, k = _name_words(conn, op)
            for word in op.more[:k]:            # those words are the name, not terms of their own
                terms.remove(next(t for t in terms if t.text == word and not t.negated and not t.phrase))
            op = replace(op, value=name, more=())
        ops.append(op)
    positives = [t for t in terms if not t.negated]
    # several bare words that together name a card ("Soul Warden" typed without quotes)
    if len(positives) > 1 and not any(t.phrase for t in positives):
        whole = " ".join(t.text for t in positives)
        card = _resolve_card(conn, whole, fuzzy=False)
        if card:
            terms = [t for t in terms if t.negated]
            plan.must.append(_card_term(plan, whole, *card))
    for t in terms:
        card = _resolve_card(conn, t.text, fuzzy=False) if _may_name_card(t.text, t.negated) else None
        sources = _card_term(plan, t.text, *card) if card else _text_sources(plan, t.text, not t.negated)
        (plan.exclude if t.negated else plan.must).append(sources)
    for op in ops:
        if op.name == "kind":
            (plan.not_kinds if op.negated else plan.kinds).append(op.value)
            continue
        (plan.exclude if op.negated else plan.must).append(_op_sources(plan, op))
    if "card" in plan.kinds:            # kind:card 稲妻: a card named exactly so first, even by a short name
        for t in terms:
            card = None if t.negated or _may_name_card(t.text, t.negated) else _resolve_card(conn, t.text, False)
            if card:
                plan.must = [g + [_ids(card[0], EXACT_CARD)] if g and g[0].surfaces == (t.text,) else g
                             for g in plan.must]
    return plan


def _op_sources(plan: _Plan, op: Op) -> list[_Source]:
    """The sources of one operator (several ORed: ``or``; a card operator: kb.card_query)."""
    from kb import card_query

    if op.name == "or":
        return [s for alt in op.alts for s in _op_sources(plan, alt)]
    if op.name == "card":
        card = _resolve_card(plan.conn, op.value, fuzzy=True)
        return _card_term(plan, op.value, *card) if card else _text_sources(plan, op.value)
    if op.name == "kw":
        return _keyword_term(plan, op.value)
    if op.name == "rule":
        return _rule_term(plan, op.value)
    if op.name == "verdict":
        return _verdict_term(plan, op.value)
    if not _has_cards(plan.conn):         # no card file loaded: no card has characteristics to search
        return [_Source("SELECT NULL AS r, 0.0 AS s WHERE 0", [])]
    if op.name == "oracle":
        plan.marks.append(op.value)
    return [_Source(*card_query.source_sql(op.name, op.cmp, op.value))]


def _has_cards(conn: sqlite3.Connection) -> bool:
    try:
        return conn.execute("SELECT 1 FROM cards LIMIT 1").fetchone() is not None
    except sqlite3.OperationalError:
        return False


def _union(sources: list[_Source]) -> tuple[str, list]:
    if len(sources) == 1:
        return sources[0].sql, list(sources[0].params)
    sql = " UNION ALL ".join(s.sql for s in sources)
    return f"SELECT r, min(s) AS s FROM ({sql}) GROUP BY r", [p for s in sources for p in s.params]


def _filters(plan: _Plan, excluded: int) -> list[tuple[str, list]]:
    """The kind: filters and the excluded sets ``x0…`` as (SQL with ``{key}`` for the row id, params)."""
    out = []
    if plan.kinds:
        out.append((f"+{{key}} IN (SELECT rowid FROM nodes WHERE kind IN ({','.join('?' * len(plan.kinds))}))",
                    list(plan.kinds)))
    if plan.not_kinds:
        out.append((f"+{{key}} NOT IN (SELECT rowid FROM nodes WHERE kind IN "
                    f"({','.join('?' * len(plan.not_kinds))}))", list(plan.not_kinds)))
    return out + [(f"+{{key}} NOT IN (SELECT r FROM x{i})", []) for i in range(excluded)]


def _sql(plan: _Plan, k: int) -> tuple[str, list]:
    """Stage one: the best ``k`` (rowid, score per term) rows.  Every term set is materialized once, so
    SQLite intersects them instead of re-running an FTS query per row."""
    params: list = []
    ctes = []
    must = _merge(plan.must)
    exclude = []
    for g in plan.exclude:
        # "-term" on the table a required term already queries: FTS5's own NOT, no extra set
        same = [i for i, m in enumerate(must) if len(m) == 1 and len(g) == 1 and m[0].table
                and m[0].table == g[0].table]
        if same:
            m = must[same[0]][0]
            folded = (_tri if m.table == "tri" else _tok)(f"({m.expr}) NOT ({g[0].expr})")
            folded.surfaces = m.surfaces
            must[same[0]] = [folded]
        else:
            exclude.append(g)
    # plain FTS terms first: the first one streams and is scored; later plain terms only filter (bm25 over
    # every hit of a common word costs more than the rest of the query); card/keyword/rule sets keep scores
    plain = [g for g in must if len(g) == 1 and g[0].table]
    must = sorted(plain, key=lambda g: g[0].table != "tri") + [g for g in must if g not in plain]
    filters = _filters(plan, len(exclude))
    # the first term's FTS sources rank a bounded candidate set, picked among the rows that pass every
    # filter and every other term (the materialized t1…), so the bound never empties the answer
    inner = filters + [(f"+{{key}} IN (SELECT r FROM t{i})", []) for i in range(1, len(must))]
    pieces = [_bounded(plan.conn, x, x.sql, list(x.params), inner) if x.table else (x.sql, list(x.params))
              for x in (must[0] if must else [])]
    head_sql, head_params = pieces[0] if len(pieces) == 1 else (
        f"SELECT r, min(s) AS s FROM ({' UNION ALL '.join(q for q, _ in pieces)}) GROUP BY r",
        [v for _, p in pieces for v in p])
    for i, sources in enumerate(must[1:], 1):
        if len(sources) == 1 and sources[0].table:
            x = sources[0]
            sql, p = f"SELECT rowid AS r, 0.0 AS s FROM nodes_{x.table} WHERE nodes_{x.table} MATCH ?", [x.expr]
        else:
            sql, p = _union(sources)
        ctes.append(f"t{i}(r, s) AS MATERIALIZED ({sql})")
        params += p
    for i, sources in enumerate(exclude):
        # no scores needed to exclude
        parts = [(f"SELECT rowid AS r FROM nodes_{x.table} WHERE nodes_{x.table} MATCH ?", [x.expr])
                 if x.table else (f"SELECT r FROM ({x.sql})", x.params) for x in sources]
        ctes.append(f"x{i}(r) AS MATERIALIZED ({' UNION '.join(q for q, _ in parts)})")
        params += [v for _, p in parts for v in p]
    where = []
    if must:
        # the first term's hits stream (no copy); the others are looked up in their materialized sets
        cols = ", ".join(f"t{i}.s" for i in range(len(must)))
        body = f"SELECT t0.r AS r, {cols} FROM ({head_sql}) AS t0" + "".join(
            f" CROSS JOIN t{i}" for i in range(1, len(must)))
        params += head_params
        where += [f"t{i}.r = +t0.r" for i in range(1, len(must))]
        key, score = "t0.r", " + ".join(f"t{i}.s" for i in range(len(must)))
    else:                                   # only kind: filters
        body, key, score = "SELECT n.rowid AS r, 0.0 FROM nodes n", "n.rowid", "0.0"
    where += [f.format(key=key) for f, _ in filters]
    params += [v for _, p in filters for v in p]
    sql = ("WITH " + ", ".join(ctes) + " " if ctes else "") + body
    if where:
        sql += " WHERE " + " AND ".join(where)
    sql += f" ORDER BY {score}, {key} LIMIT ?"
    params.append(k)
    return sql, params, [(g[0].surfaces if len(g) == 1 else ()) for g in must]


RANK_BOUND = 2000       # a lone text term with more hits than this ranks a bounded candidate set


def _bounded(conn: sqlite3.Connection, src: _Source, sql: str, params: list,
             filters: list[tuple[str, list]]) -> tuple[str, list]:
    """The rows of one FTS source of the query's first term.

    bm25 over every hit of a common word (誘発: 30,000 rows) costs ~100 ms while counting them costs 1 ms.
    Past ``RANK_BOUND`` hits the ranked candidates are every node whose *title* matches (trigram table: the
    column filter; title hits carry the title weight, so they are the best-ranked rows) plus the first
    ``RANK_BOUND`` hits in index order that pass ``filters`` (kind:, exclusions, the other terms: so they
    never empty the set); bm25 orders that set.  Below the bound nothing changes."""
    table = f"nodes_{src.table}"
    n = conn.execute(f"SELECT count(*) FROM (SELECT 1 FROM {table} WHERE {table} MATCH ? LIMIT ?)",
                     (src.expr, RANK_BOUND + 1)).fetchone()[0]
    if n <= RANK_BOUND:
        return sql, params
    score = src.sql.split(" AS s ")[0].split("AS r, ", 1)[1]
    cond = "".join(f" AND {f.format(key='rowid')}" for f, _ in filters)
    parts = [f"SELECT * FROM (SELECT rowid AS r, {score} AS s FROM {table} WHERE {table} MATCH ?{cond} "
             f"LIMIT {RANK_BOUND})"]
    args = [src.expr, *(v for _, p in filters for v in p)]
    if src.table == "tri":
        parts.append(f"SELECT rowid AS r, {score} AS s FROM {table} WHERE {table} MATCH ?")
        args.append(f"{{title}} : ({src.expr})")
    return f"SELECT r, min(s) AS s FROM ({' UNION ALL '.join(parts)}) GROUP BY r", args


def _rescale(score: float, surfaces: tuple[str, ...], title: str, text: str) -> float:
    """Tokens are deduplicated per node, so bm25 on the token index cannot see how often a short term
    occurs; scale its score by the occurrences in the text (a title occurrence counts three)."""
    if not surfaces or score >= 0:
        return score
    n = sum(text.count(x) + 3 * (x in title) for x in surfaces)
    return score * (1.0 + 0.5 * min(6, n))


def search(store_or_conn, query: str, limit: int = 10, snippets: int | None = None) -> list[Hit]:
    """Ranked hits for ``query`` (see the module docstring for the language); ``snippets``: only the first
    that many hits get a snippet (a page of hits counted for facets shows a few of them)."""
    conn = connection_of(store_or_conn)
    q = parse(query)
    if limit <= 0:
        return []
    try:
        plan = _plan(conn, q)
        sql, params, surfaces = _sql(plan, limit * 4 + 40)
        top = conn.execute(sql, params).fetchall()
        rows = {}
        for i in range(0, len(top), 500):
            chunk = [t[0] for t in top[i:i + 500]]
            rows.update((r[0], r) for r in conn.execute(
                "SELECT rowid, id, kind, title, text, data FROM nodes "
                f"WHERE rowid IN ({','.join('?' * len(chunk))})", chunk))
    except sqlite3.OperationalError as e:
        if "no such table" in str(e):
            raise SearchError("the store has no search index (re-run `mtgkb ingest`)") from e
        raise
    ranked = []
    for t in top:
        row = rows.get(t[0])
        if row is None:
            continue
        title, text = row[3] or "", row[4] or ""
        score = sum(_rescale(s or 0.0, surf, title, text) for s, surf in zip(t[1:], surfaces)) if surfaces else 0.0
        # link-target stubs (page nodes) only after real content
        ranked.append((row[2] == "page", score, t[0], row))
    ranked.sort(key=lambda x: x[:3])
    hits: list[Hit] = []
    pages: dict[tuple, tuple[Hit, set]] = {}
    for _, score, _, row in ranked:
        page, revision = _page_of(row)
        if page in pages:               # another revision (or copy) of a page already hit: counted there
            lead, revs = pages[page]
            lead.same_page.append(row[1])
            revs.add(revision)
            lead.revisions = len(revs)
            continue
        if len(hits) == limit:          # the ranked rows left only add to the revisions of the hits kept
            continue
        hit = _hit(row, score, plan.marks, snippets is None or len(hits) < snippets)
        if page:
            pages[page] = (hit, {revision})
        hits.append(hit)
    _add_verdicts(conn, hits)
    return hits


def _add_verdicts(conn: sqlite3.Connection, hits: list["Hit"]) -> None:
    """A claim hit gets its stored verdict; an example hit the verdicts of its claims (``2 confirmed``).
    Two queries for the whole page of hits, not one per hit."""
    claims = [h.id for h in hits if h.kind == "claim"]
    examples = [h.id for h in hits if h.kind == "example"]
    own: dict[str, str] = {}
    for i in range(0, len(claims), 500):
        chunk = [f"verdict:{c}" for c in claims[i:i + 500]]
        own.update((vid[len("verdict:"):], title) for vid, title in
                   conn.execute(f"SELECT id, title FROM nodes WHERE id IN ({','.join('?' * len(chunk))})", chunk))
    counts: dict[str, list[tuple[str, int]]] = {}
    for i in range(0, len(examples), 500):
        chunk = examples[i:i + 500]
        for src, title, n in conn.execute(
                "SELECT e.src, v.title, count(*) FROM edges e JOIN nodes v ON v.id = 'verdict:' || e.dst "
                f"WHERE e.src IN ({','.join('?' * len(chunk))}) AND e.kind = 'has_claim' "
                "GROUP BY e.src, v.title ORDER BY e.src, v.title", chunk):
            counts.setdefault(src, []).append((title, n))
    for h in hits:
        if h.kind == "claim":
            h.verdict = own.get(h.id)
        elif h.kind == "example":
            h.verdict = ", ".join(f"{n} {w}" for w, n in counts.get(h.id, [])) or None


def _page_of(row) -> tuple[tuple | None, str]:
    """What makes ranked rows one result, and the revision a row comes from.  One result: the stored revisions
    and copies of one page (a document: its title) and a section, example or claim the same in each of them
    (same page, heading path, title and text).  The revision: its id, else (a file without one) the node."""
    _, nid, kind, title, text, data = row
    if kind not in ("document", "section", "example", "claim"):
        return None, nid                                    # cards, keywords, rules: one node each
    d = _data(data)
    document = (d.get("document") or d.get("title")) if d.get("document") or d.get("key") else None
    revision = f"rev {d['revision']}" if d.get("revision") else nid
    if not document:
        return None, revision
    if kind == "document":
        return ("document", str(document)), revision
    return (kind, str(document), tuple(d.get("section") or ()), title or "", text or ""), revision


def _data(data: str | None) -> dict[str, Any]:
    try:
        d = json.loads(data) if data else {}
    except ValueError:
        return {}
    return d if isinstance(d, dict) else {}


# ------------------------------------------------------------------------------------------- snippets
_SENTENCE = re.compile(r"[^。！？!?\n]*[。！？!?]?")
SNIPPET_CHARS = 160


def _marker(marks: list[str]) -> re.Pattern | None:
    alts = sorted({m for m in marks if m and m.strip()}, key=len, reverse=True)
    return re.compile("|".join(re.escape(m) for m in alts), re.IGNORECASE) if alts else None


_MARKUP = [
    (re.compile(r"<!--.*?(?:-->|\Z)", re.S), ""),                  # HTML comments (e.g. [diff hunk: …] marks)
    (re.compile(r"\[\[(?:[^\]|]*\|)?([^\]]*)\]\]"), r"\1"),        # [[target|label]] -> label
    (re.compile(r"\{\{#(?:card|cr):([^}]*)\}\}"), r"\1"),             # {{#card:X}} -> X
    (re.compile(r"'{2,}|</?nowiki>|<!--|-->"), ""),
]


def plain(text: str) -> str:
    """Wiki markup dropped for display (links keep their label)."""
    for pat, rep in _MARKUP:
        text = pat.sub(rep, text)
    return text


def snippet(text: str, marks: list[str]) -> str:
    """The sentence of ``text`` with the most matches, each match wrapped in ``[`` ``]``."""
    return "".join(f"[{t}]" if hit else t for t, hit in snippet_parts(text, marks))


def snippet_parts(text: str, marks: list[str]) -> list[tuple[str, bool]]:
    """The snippet as (text, is_match) pieces (for rich output, where brackets in the text stay brackets)."""
    text = plain(text or "").strip()
    pat = _marker(marks)
    sentences = [s.strip() for s in _SENTENCE.findall(text) if s.strip()] or [text]
    best = sentences[0]
    if pat:
        counts = [len(pat.findall(s)) for s in sentences]
        if max(counts) > 0:
            best = sentences[counts.index(max(counts))]
    if len(best) > SNIPPET_CHARS:
        m = pat.search(best) if pat else None
        start = max(0, (m.start() if m else 0) - SNIPPET_CHARS // 3)
        cut = best[start:start + SNIPPET_CHARS]
        best = ("…" if start else "") + cut + ("…" if start + SNIPPET_CHARS < len(best) else "")
    if not pat:
        return [(best, False)]
    parts, pos = [], 0
    for m in pat.finditer(best):
        if m.start() > pos:
            parts.append((best[pos:m.start()], False))
        parts.append((m.group(0), True))
        pos = m.end()
    if pos < len(best):
        parts.append((best[pos:], False))
    return parts


def _hit(row, score: float, marks: list[str], with_snippet: bool = True) -> Hit:
    _, nid, kind, title, text, data = row
    d = _data(data)
    prov = None
    if d.get("document") or d.get("key"):
        prov = {"document": d.get("document") or d.get("title"), "revision": d.get("revision"),
                "section": d.get("section") or [], "line": d.get("line")}
    if not title or kind in ("example", "claim"):
        where = " > ".join([prov["document"], *prov["section"]]) if prov and prov["document"] else ""
        title = f"{title} — {where}" if title and where else (title or where or nid)
    parts = snippet_parts(text if plain(text or "").strip() else (title or ""), marks) if with_snippet else []
    hit = Hit(id=nid, kind=kind, title=title, snippet="".join(f"[{t}]" if m else t for t, m in parts),
              score=round(-float(score or 0.0), 3), provenance=prov)
    hit.parts = parts
    return hit


# ------------------------------------------------------------------------------------------------ CLI
def _provenance_text(p: dict[str, Any] | None) -> str:
    if not p:
        return ""
    parts = [str(p.get("document") or "")]
    if p.get("revision"):
        parts[0] += f" (rev {p['revision']})"
    if p.get("section"):
        parts.append(" > ".join(p["section"]))
    if p.get("line"):
        parts.append(f"line {p['line']}")
    return ", ".join(x for x in parts if x)


def cmd_search(args) -> int:
    """``mtgkb search QUERY… [--limit N] [--json] [--db F]``."""
    from kb.store import open_store

    with open_store(args, readonly=True) as conn:
        try:
            hits = search(conn, " ".join(args.query), limit=args.limit)
        except QueryError as e:
            if args.json:
                print(json.dumps({"error": f"bad query: {e}"}, ensure_ascii=False))
            print(f"bad query: {e}", file=sys.stderr)
            return 2
        except SearchError as e:
            print(f"{args.db}: cannot search: {e}", file=sys.stderr)
            return 2
    if args.json:
        print(json.dumps([h.to_dict() for h in hits], ensure_ascii=False, indent=1))
        return 0 if hits else 1
    if not hits:
        print("no hits", file=sys.stderr)
        return 1                                # README: 1 = nothing found
    if sys.stdout.isatty():
        _print_rich(hits)
    else:
        for i, h in enumerate(hits, 1):
            print(f"{i:2}. [{h.kind}] {h.title}{_revisions(h)}  ({_score(h.score)})"
                  + (f" → {h.verdict}" if h.verdict else ""))
            print(f"    {h.snippet}")
            where = _provenance_text(h.provenance)
            print(f"    {h.id}" + (f" — {where}" if where else ""))
    return 0


def _revisions(h: Hit) -> str:
    return f"  [{h.revisions} revisions]" if h.revisions > 1 else ""


def _score(score: float) -> str:
    """A rank for reading: two decimals at most, no exponent, never ``-0``."""
    return f"{round(score, 2) + 0.0:g}" if score else "0"


def _print_rich(hits: list[Hit], console=None) -> None:
    """Hits on a terminal: one head line (cut with … rather than wrapped, so the score stays on it), the
    snippet with its matches highlighted and wrapped lines kept indented (rich measures wide JA text)."""
    from rich.console import Console
    from rich.padding import Padding
    from rich.text import Text

    console = console or Console(highlight=False)
    for i, h in enumerate(hits, 1):
        head = Text(f"{i:2}. ")
        head.append(f"{h.kind:8}", style="bold cyan")
        head.append(f"{_score(h.score):>8}  ", style="dim")
        if h.verdict:
            head.append(f"{h.verdict}  ", style="bold red" if "contradicted" in h.verdict else "green")
        head.append(h.title + _revisions(h), style="bold")
        console.print(head, no_wrap=True, overflow="ellipsis")
        body = Text()
        for text, match in getattr(h, "parts", None) or [(h.snippet, False)]:
            body.append(text, style="bold yellow" if match else None)
        console.print(Padding(body, (0, 0, 0, 4)))
        where = _provenance_text(h.provenance)
        console.print(Padding(Text(f"{h.id}" + (f" — {where}" if where else ""), style="dim"), (0, 0, 0, 4)))
