"""What each page shows, as plain JSON-able dicts (the ``/api/…`` answers; the HTML templates render them).

Cards, keywords, rules, documents and claims come from ``kb.show`` / ``kb.cards`` (the dicts of
``mtgkb show … --json``, kept whole at the top level so the API has the CLI's shape) with what the UI adds
beside them under other keys.  Search is ``kb.search.search`` itself.  Unknown names raise
:class:`NotFound` with suggestions; bad input raises :class:`BadRequest` with the parser's message.
"""
from __future__ import annotations

import functools
import re
import threading
import unicodedata
from typing import Any
from urllib.parse import quote, urlencode, urlparse

import yaml

from kb import search as S
from kb import show
from kb.cards import CardTable, behaviour, show_card
from kb.web import queries as Q
from kb.web.sentence import locate
from kb.web.words import expectation_words, log_parts, observed_words

MAX_QUERY_CHARS = 256           # a longer query answers 400
MAX_NAME_CHARS = 300            # card / keyword / document names in a path
PAGE_SIZE, MAX_PAGE_SIZE = 20, 50
MAX_HITS = 200                  # facets and pages are computed over at most this many ranked hits
FACET_HITS = 100
MAX_LIST = 100                  # rows of one list on an HTML page (the JSON has them all)


class NotFound(LookupError):
    def __init__(self, message: str, suggestions: list[str] | None = None, what: str = ""):
        super().__init__(message)
        self.message, self.suggestions, self.what = message, suggestions or [], what


class BadRequest(ValueError):
    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


def _limit_name(name: str) -> str:
    name = unicodedata.normalize("NFC", name or "").strip()
    if not name:
        raise BadRequest("empty name")
    if len(name) > MAX_NAME_CHARS:
        raise BadRequest(f"name too long ({len(name)} characters; at most {MAX_NAME_CHARS})")
    return name


def _shown(store, what: str, name: str, found: dict[str, Any] | None = None, key: str | None = None) -> dict:
    """``kb.show``'s dict for ``what`` NAME (the ``mtgkb show`` lookup), or NotFound with close names."""
    name = _limit_name(name)
    info = found if found is not None or what == "card" else show.SHOW[what](store, key or name)
    if info is None:
        close = show.suggestions(store, what, show.rule_number(name) if what == "rule" else name)
        raise NotFound(f"no {what} named {name!r} in this store", close, what)
    return info


@functools.lru_cache(maxsize=65536)
def node_url(node_id: str) -> str:
    """The page that shows a node (sections and examples: their document, at their anchor)."""
    kind, _, rest = node_id.partition(":")
    if kind == "card":
        return "/card/" + quote(rest, safe="")
    if kind == "kw":
        return "/keyword/" + quote(rest, safe="")
    if kind == "rule":
        return "/rule/" + quote(rest, safe="")
    if kind == "doc":
        return "/document/" + quote(rest, safe="")
    if kind in ("sec", "ex"):
        # sec:{key}:{n}, ex:{key}:{line} or ex:{key}:{line}:{i} (docs/design.md, node ids)
        key = re.sub(r":\d+(:\d+)?$" if kind == "ex" else r":\d+$", "", rest)
        return "/document/" + quote(key, safe="") + "#" + quote(node_id, safe=":")
    if kind == "claim":
        return "/claim/" + quote(node_id, safe=":")
    if kind == "verdict":
        return "/claim/" + quote(rest, safe=":")
    return "/search?" + urlencode({"q": rest or node_id})


# ---------------------------------------------------------------------------------------------- home
def home(store) -> dict[str, Any]:
    info = Q.overview(store.conn)
    for c in info["contradictions"]:
        c["url"] = node_url(c["claim"])
    return info


# ---------------------------------------------------------------------------------------------- search
def _int(value: str | None, default: int, lo: int, hi: int, what: str) -> int:
    if value in (None, ""):
        return default
    try:
        n = int(value)
    except ValueError:
        raise BadRequest(f"{what} must be a whole number, not {value[:20]!r}") from None
    if not lo <= n <= hi:
        raise BadRequest(f"{what} must be between {lo} and {hi}")
    return n


def check_query(q: str | None) -> str:
    q = (q or "").strip()
    if len(q) > MAX_QUERY_CHARS:
        raise BadRequest(f"query too long ({len(q)} characters; at most {MAX_QUERY_CHARS})")
    try:
        S.parse(q)
    except S.QueryError as e:
        raise BadRequest(f"bad query: {e}") from None
    return q


def search_hits(store, q: str | None, limit: str | None = None) -> list[dict[str, Any]]:
    """``mtgkb search --json`` for the API: the hit dicts, best first."""
    q = check_query(q)
    n = _int(limit, 10, 1, MAX_PAGE_SIZE, "limit")
    return [h.to_dict() for h in _search(store, q, n)]


def _search(store, q: str, limit: int, snippets: int | None = None):
    try:
        return S.search(store.conn, q, limit=limit, snippets=snippets)
    except S.QueryError as e:               # pragma: no cover - check_query parsed it already
        raise BadRequest(f"bad query: {e}") from None
    except S.SearchError as e:
        raise BadRequest(f"cannot search this store: {e}") from None


def _facet_query(q: str, op: str, value: str) -> str:
    """The query with ``op:value`` added, or taken away when it is there already."""
    token = f"{op}:{value}"
    parts = q.split()
    if token in parts:
        return " ".join(p for p in parts if p != token)
    return f"{q} {token}"


def search_page(store, q: str | None, page: str | None = None, size: str | None = None) -> dict[str, Any]:
    q = check_query(q)
    page_n = _int(page, 1, 1, MAX_HITS, "page")
    size_n = _int(size, PAGE_SIZE, 1, MAX_PAGE_SIZE, "size")
    want = min(MAX_HITS, max(FACET_HITS, page_n * size_n + 1))
    hits = _search(store, q, want, snippets=page_n * size_n)        # snippets for the hits shown only
    verdicts = Q.hit_verdicts(store.conn, [h.id for h in hits])
    kinds: dict[str, int] = {}
    vcount: dict[str, int] = {}
    for h in hits:
        kinds[h.kind] = kinds.get(h.kind, 0) + 1
        for v in verdicts.get(h.id, []):
            vcount[v] = vcount.get(v, 0) + 1
    shown = hits[(page_n - 1) * size_n: page_n * size_n]
    ops = {(o.name, o.value) for o in S.parse(q).ops if not o.negated}
    facets = {
        "kind": [{"value": k, "count": n, "active": ("kind", k) in ops,
                  "q": _facet_query(q, "kind", k)} for k, n in sorted(kinds.items(), key=lambda x: -x[1])],
        "verdict": [{"value": v, "count": vcount.get(v, 0), "active": ("verdict", v) in ops,
                     "q": _facet_query(q, "verdict", v)} for v in Q.VERDICTS if vcount.get(v) or ("verdict", v) in ops],
    }
    rows = [{**h.to_dict(), "url": node_url(h.id), "parts": getattr(h, "parts", [(h.snippet, False)]),
             "verdicts": verdicts.get(h.id, [])} for h in shown]
    more = len(hits) > page_n * size_n
    return {"query": q, "page": page_n, "size": size_n, "hits": rows, "counted": len(hits),
            "capped": len(hits) >= want, "more": more, "facets": facets}


# ---------------------------------------------------------------------------------------------- cards
class _Tables:
    """The store's card table (``CardTable.from_store``), built once per store file and state, shared by
    the serving threads (one store at a time: serving another store or a changed one rebuilds it)."""

    def __init__(self):
        self._lock = threading.Lock()
        self._table: CardTable | None = None
        self._version = None

    def get(self, store) -> CardTable:
        version = (store.path, Q.store_version(store.path))
        with self._lock:
            if self._table is None or version != self._version:
                self._table, self._version = CardTable.from_store(store), version
            return self._table


TABLES = _Tables()


def _behaviour(card, name_en: str) -> dict[str, Any]:
    """The engine's behaviour for a card object (``kb.cards.behaviour``, the one answer of every page)."""
    return behaviour(card)


def card_page(store, name: str) -> dict[str, Any]:
    table = TABLES.get(store)
    found = show_card(store, _limit_name(name), table=table)
    if found is None:               # close names from the served table's own fuzzy index: no store scan
        raise NotFound(f"no card named {_limit_name(name)!r} in this store", table.suggest(name), "card")
    info = _shown(store, "card", name, found)
    claims = [m["node"] for m in info.get("mentions") or [] if m["kind"] == "claim"]
    verdicts = Q.verdicts_of(store.conn, claims)
    mentions = [{**m, "url": node_url(m["node"]), **(verdicts.get(m["node"]) or {"verdict": None, "reason": ""})}
                for m in info.get("mentions") or []]           # copies: the CLI's dict stays as it is
    match = info["match"]
    return {**info, "did_you_mean": match["how"] == "fuzzy",
            "sections": [m for m in mentions if m["kind"] in ("section", "document")],
            "claims": [m for m in mentions if m["kind"] == "claim"],
            "examples": [m for m in mentions if m["kind"] == "example"]}


# ---------------------------------------------------------------------------------------------- keyword / rule
def keyword_page(store, name: str) -> dict[str, Any]:
    info = _shown(store, "keyword", name)
    verdicts = Q.verdicts_of(store.conn, [c["id"] for c in info["claims"]])
    # annotated copies beside the CLI's lists (which stay as ``mtgkb show keyword --json`` gives them)
    return {**info,
            "claim_rows": [{**c, "url": node_url(c["id"]), **(verdicts.get(c["id"]) or {"verdict": None,
                                                                                   "reason": ""})}
                           for c in info["claims"]],
            "document_rows": [{**d, "url": node_url(f"doc:{d['key']}")} for d in info["documents"]],
            "example_rows": [{**e, "url": node_url(e["id"])} for e in info["examples"]]}


def rule_page(store, number: str) -> dict[str, Any]:
    info = _shown(store, "rule", number)
    claims = Q.claims_of(store.conn, [e["id"] for e in info["examples"]])
    return {**info,
            "example_rows": [{**e, "url": node_url(e["id"]),
                              "claims": [{**c, "url": node_url(c["id"])} for c in once(claims.get(e["id"], []))]}
                             for e in info["examples"]],
            "cited_rows": [{**c, "url": node_url(c["id"])} for c in info["cited_by"]],
            "subrule_rows": [{**x, "url": node_url(f"rule:{x['number']}")} for x in info["subrules"]],
            "parent_url": node_url(f"rule:{info['parent']}") if info.get("parent") else None}


# ---------------------------------------------------------------------------------------------- documents
def wiki_url(meta: dict[str, Any] | None, revision: str | None) -> str | None:
    """The page on the wiki at this revision, from the document's ``source`` address (http(s) only)."""
    source = str((meta or {}).get("source") or "").split()
    if not source:
        return None
    u = urlparse(source[0])
    if u.scheme not in ("http", "https") or not u.netloc:
        return None
    if revision and str(revision).isdigit():
        sep = "&" if u.query else "?"
        return f"{source[0]}{sep}{urlencode({'oldid': revision})}"
    return source[0]


def _first_line(text: str) -> str:
    return next((S.plain(x).strip() for x in text.split("\n") if x.strip()), "")


def _same_line(example: str, text: str) -> bool:
    """Whether a section line is where an example stands (its first line, or a line of it long enough
    not to be a mere heading word)."""
    return bool(example) and (example in text or (len(text) >= 12 and text in example))


def once(claims: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Claims of one example that read the same (kind, sentence, verdict and reason) shown once: the first,
    with the ids of the others under ``same`` (a sentence read into several claims of one kind)."""
    out: dict[tuple, dict[str, Any]] = {}
    for c in claims:
        key = (c.get("kind"), c.get("text"), c.get("verdict"), c.get("reason"))
        if key in out:
            out[key]["same"].append(c["id"])
        else:
            out[key] = {**c, "same": []}
    return list(out.values())


def _blocks(section: dict[str, Any], examples: list[dict[str, Any]], claims: dict[str, list]) -> list[dict]:
    """A section's text as paragraphs, each example shown where its first line stands, with its claims."""
    out: list[dict[str, Any]] = []
    todo = list(examples)
    for para in re.split(r"\n", section["text"]):
        text = S.plain(para).strip()
        if not text:
            continue
        ex = next((e for e in todo if _same_line(_first_line(e["text"]), text)), None)
        if ex is not None:
            todo.remove(ex)
            out.append({"type": "example", "id": ex["id"], "text": text.lstrip("*#:; "), "line": ex["line"],
                        "claims": once(claims.get(ex["id"], []))})
        else:
            out.append({"type": "text", "text": text.lstrip("*#:; "),
                        "item": para.lstrip()[:1] in ("*", "#")})
    for ex in todo:       # examples whose text the section does not hold word for word (prose answers)
        out.append({"type": "example", "id": ex["id"], "text": S.plain(ex["text"]).strip(), "line": ex["line"],
                    "claims": once(claims.get(ex["id"], []))})
    return out


def document_page(store, name: str) -> dict[str, Any]:
    info = _shown(store, "document", name, key=Q.document_key_for(store.conn, _limit_name(name)))
    key = info["key"]
    sections = Q.document_sections(store.conn, key)
    examples = Q.document_examples(store.conn, key)
    claims = Q.claims_of(store.conn, [e["id"] for e in examples] + [f"doc:{key}"])
    by_path: dict[tuple, list] = {}
    for e in examples:
        by_path.setdefault(tuple(e["section"]), []).append(e)
    placed = set()
    body = []
    for s in sections:
        path = tuple(s["path"]) if s["path"] else (s["title"],)
        mine = [e for e in by_path.get(path, []) if e["id"] not in placed]
        if not mine:
            mine = [e for e in by_path.get((s["title"],), []) if e["id"] not in placed]
        placed.update(e["id"] for e in mine)
        body.append({**s, "blocks": _blocks(s, mine, claims)})
    rest = [e for e in examples if e["id"] not in placed]
    if rest:
        body.append({"id": f"sec:{key}:rest", "title": "", "level": 2, "line": None, "text": "",
                     "blocks": _blocks({"text": ""}, rest, claims)})
    totals = {v: 0 for v in Q.VERDICTS}
    for cs in claims.values():
        for c in cs:
            if c["verdict"] in totals:
                totals[c["verdict"]] += 1
    return {**info, "wiki_url": wiki_url(info.get("meta"), info.get("revision")), "body": body,
            "lead_text": " ".join(S.plain(info.get("lead") or "").split()),
            "prose_claims": once(claims.get(f"doc:{key}", [])), "verdicts": totals,
            "revision_rows": [{**r, "url": node_url(f"doc:{r['key']}")} for r in info.get("revisions") or []]}


# ---------------------------------------------------------------------------------------------- claims
def _sentence_in(store, info: dict[str, Any], example: dict[str, Any] | None) -> tuple[str | None, list]:
    """The claim's sentence marked in its example, or — for a claim read from prose (its example is the
    document) or an example that lost its words — in the section of its document that holds it."""
    texts = [(example["id"], example["text"])] if example else []
    key = (info.get("provenance") or {}).get("key")
    if key:
        path = list((info.get("provenance") or {}).get("section") or [])
        sections = Q.document_sections(store.conn, key)
        sections.sort(key=lambda s: (s["path"] or [s["title"]]) != path)      # its own section first
        texts += [(s["id"], s["text"]) for s in sections]
    return locate(info.get("text") or "", texts)


def _log_with_rules(store, log: list[str]) -> list[list[tuple[str, str | None, bool]]]:
    """Game-log lines as ``(text, CR number or None, stored)`` pieces: a number links to its rule page only
    when the store holds that rule; the page says so for the others."""
    lines = [log_parts(line) for line in log]
    stored = Q.stored_rules(store.conn, [r for parts in lines for _, r in parts if r])
    return [[(text, rule, rule in stored) for text, rule in parts] for parts in lines]


def claim_page(store, name: str) -> dict[str, Any]:
    info = _shown(store, "claim", name)
    v = Q.verdict_data(store.conn, info["id"]) or {}
    example = Q.claim_example(store.conn, info["id"])
    readings = []
    for r in v.get("readings_tried") or []:
        readings.append({"reading": r.get("reading"), "passed": r.get("passed"), "error": r.get("error"),
                         "observed": r.get("observed"),
                         "yaml": yaml.safe_dump(r.get("scenario"), allow_unicode=True, sort_keys=False)
                         if r.get("scenario") else ""})
    expected = v.get("expected") or []
    observed = v.get("observed") or []
    checks = [{"expect": expectation_words(e), "observed": observed_words(e, observed[i] if i < len(observed)
                                                                          else None)}
              for i, e in enumerate(expected)]
    prov = info.get("provenance") or {}
    shown_in, example_parts = _sentence_in(store, info, example)
    if not example_parts:                   # not found in any stored text: the sentence as read, marked
        before = S.plain((example or {}).get("text") or "").strip()
        example_parts = ([(before + "\n", False)] if before else []) + [(S.plain(info["text"] or ""), True)]
    example = example or {"id": info.get("from") or info["id"], "kind": "claim", "text": info["text"] or ""}
    return {**info, "url_document": node_url(f"doc:{prov['key']}") if prov.get("key") else None,
            "example": {**example, "url": node_url(shown_in or example["id"]), "shown_in": shown_in,
                        "parts": example_parts},
            "verdict_name": v.get("verdict"), "reason": v.get("reason"), "origin": v.get("origin"),
            "checks": checks, "readings": readings,
            "scenario_yaml": yaml.safe_dump(v["scenario"], allow_unicode=True, sort_keys=False)
            if v.get("scenario") else "",
            "log": _log_with_rules(store, v.get("log") or []),
            "subject_url": node_url(f"card:{info['subject']}") if info.get("subject") else None,
            "card_urls": [{"name": c, "url": node_url(f"card:{c}")} for c in info.get("cards") or []]}
