"""The wiki editor's loop: verdict history per claim, and what changed between validations and revisions.

Every ``mtgkb validate`` run appends one ``runs`` row, a ``run_documents`` row per document it validated
(the document's state: signature of its verdicts) and one ``verdict_history`` row per claim it checked
(tables created by :data:`kb.store.SCHEMA`), in the transaction that stores the verdict nodes.  A claim is
followed across re-ingests by its **claim key** (:func:`claim_key`): a hash of the page title, the
normalised sentence, the kind, the subject and the canonical JSON of situation and outcome, so the same
sentence in the same page keeps its history when the page is re-ingested (new claim ids) or appears in
another revision.

:func:`changes` compares, per stored document, its latest validation with the previous *different* one
(repeating a validation that changes nothing hides nothing), and, for a page stored in several revisions
(``--all-revisions``), each revision with the one before it.  Claims are paired by key, else by kind and
nearest line (a corrected number changes the key, not the line).  It only reads the store: the web UI
calls it on a read-only connection.
"""
from __future__ import annotations

import difflib
import hashlib
import io
import json
import re
import sqlite3
import sys
import unicodedata
from collections import Counter
from dataclasses import dataclass, field
from datetime import datetime, timezone
from typing import Any, Iterable

from kb.db import connection_of, table_names

CATEGORIES = ("new_contradictions", "fixed", "became_simulable", "became_unsimulable", "added", "removed")
LABELS = {"new_contradictions": "NEW contradiction", "fixed": "FIXED", "became_simulable": "became simulable",
          "became_unsimulable": "became unsimulable", "added": "added", "removed": "removed"}
DECISIVE = ("confirmed", "contradicted")
_HISTORY_COLS = ("claim_key, document, doc_key, revision, line, kind, text, verdict, reason, validated_at, "
                 "run_id, claim_id")
_REVISION_SUFFIX = re.compile(r"@(\d+)$")
# a claim without a partner of the same key is paired with a claim of the same kind on a nearby line
# (within NEAR_LINES of its line inside the document) or with a sentence at least SIMILAR alike
NEAR_LINES = 3
SIMILAR = 0.6


# ------------------------------------------------------------------------------------------- keys, time
def _normalise(text: str) -> str:
    return "".join(unicodedata.normalize("NFKC", text or "").split())


def claim_key(data: dict, text: str | None = None) -> str:
    """The stable key of a claim node's data (``Claim.to_dict()`` plus provenance): sha256 over the page
    title, the sentence (NFKC, whitespace removed), kind, subject and canonical JSON (sorted keys) of
    situation and outcome; 20 hex digits.  Independent of the claim id, the store key and the line."""
    prov = data.get("prov") or {}
    title = _normalise(data.get("document") or prov.get("document") or "")
    canon = json.dumps({"situation": data.get("situation") or {}, "outcome": data.get("outcome") or {},
                        "subject": data.get("subject")}, sort_keys=True, ensure_ascii=False,
                       separators=(",", ":"), default=str)
    h = hashlib.sha256()
    for part in (title, _normalise(text if text is not None else data.get("text") or ""),
                 data.get("kind") or "", canon):
        h.update(part.encode("utf-8", "surrogatepass"))
        h.update(b"\x00")
    return h.hexdigest()[:20]


def keys_of(nodes: Iterable[dict]) -> dict[str, str]:
    """Claim id → claim key for claim nodes; the n-th repeat of one key in a document gets ``~n``."""
    out: dict[str, str] = {}
    seen: dict[tuple, int] = {}
    for n in nodes:
        k = claim_key(n["data"], n.get("text"))
        owner = n.get("doc") or n["data"].get("key")
        i = seen[(owner, k)] = seen.get((owner, k), 0) + 1
        out[n["id"]] = k if i == 1 else f"{k}~{i}"
    return out


def now() -> str:
    """UTC time as stored in ``runs`` and ``verdict_history`` (ISO 8601, microseconds, ``Z``)."""
    return datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def parse_time(text: str) -> datetime:
    """An ISO date or datetime as an aware UTC datetime (a time without zone is UTC, like the store's)."""
    t = datetime.fromisoformat(text.strip())
    return t.replace(tzinfo=timezone.utc) if t.tzinfo is None else t.astimezone(timezone.utc)


def parse_since(text: str) -> tuple[str, Any]:
    """``--since`` as ``("revision", int)`` (digits: a MediaWiki revision id) or ``("date", datetime)``."""
    s = (text or "").strip()
    if s.isdigit():
        return "revision", int(s)
    try:
        return "date", parse_time(s)
    except ValueError:
        raise ValueError(f"--since {text!r}: neither a revision number nor an ISO date or datetime "
                         "(e.g. 361986, 2026-12-01, 2026-12-01T09:30)") from None


def _revision_number(rev) -> int | None:
    return int(rev) if rev is not None and str(rev).strip().isdigit() else None


def newer_than(doc: dict, since: tuple[str, Any]) -> bool:
    """Whether a stored document (``documents`` row as a dict) is newer than ``parse_since``'s value:
    a revision id above REV (documents without a numeric revision are not), or ingested at/after DATE."""
    how, value = since
    if how == "revision":
        rev = _revision_number(doc.get("revision"))
        return rev is not None and rev > value
    at = doc.get("ingested_at")
    return bool(at) and parse_time(at) >= value


def page_of(doc_key: str) -> str:
    """The page a stored document is a revision of: its key without the ``@{revid}`` of ``--all-revisions``."""
    return _REVISION_SUFFIX.sub("", doc_key or "")


# ------------------------------------------------------------------------------------------- writing
def _signature(claims: dict[str, dict]) -> str:
    """A hash of a state's (claim key, verdict) pairs: two states with the same one report no change."""
    h = hashlib.sha1()
    for k in sorted(claims):
        h.update(f"{k}={claims[k]['verdict']}\n".encode("utf-8", "surrogatepass"))
    return h.hexdigest()


def record_run(conn: sqlite3.Connection, nodes: list[dict], verdicts: list, documents: dict[str, dict],
               options: dict, started_at: str) -> int:
    """Append a ``runs`` row, a ``run_documents`` row per document and the history rows of one validate
    run (inside the caller's transaction).

    ``documents``: key → ``{title, revision, sha256, offset, partial}`` for every document the run
    validated (also those left with no claim: their claims are gone); ``partial`` when a --keyword/--card
    filter checked only some of its claims."""
    keys = keys_of(nodes)
    owner = {n["id"]: n.get("doc") or n["data"].get("key") for n in nodes}
    at = now()
    cur = conn.execute("INSERT INTO runs(started_at, finished_at, options, summary) VALUES(?,?,?,?)",
                       (started_at, at, json.dumps(options, ensure_ascii=False, default=str),
                        json.dumps(Counter(v.verdict for v in verdicts))))
    run_id = cur.lastrowid
    rows = [(keys[v.claim_id], v.document, owner.get(v.claim_id), v.revision, v.line, v.kind, v.text, v.verdict,
             v.reason, at, run_id, v.claim_id) for v in verdicts]
    conn.executemany(f"INSERT INTO verdict_history({_HISTORY_COLS}) VALUES(?,?,?,?,?,?,?,?,?,?,?,?)", rows)
    per_doc: dict[str, dict[str, dict]] = {}
    for r in rows:
        per_doc.setdefault(r[2], {})[r[0]] = {"verdict": r[7]}
    empty = _signature({})
    last = {k: (sig, sha) for k, sig, sha in conn.execute(
        f"SELECT rd.doc_key, rd.signature, rd.sha256 FROM run_documents rd JOIN ({_LATEST}) l "
        "ON l.doc_key=rd.doc_key AND l.run_id=rd.run_id")}
    out = []
    for k, d in documents.items():
        claims = per_doc.get(k, {})
        if not claims and not d.get("partial") and last.get(k, (empty, d.get("sha256"))) == (empty, d.get("sha256")):
            continue              # no claim now and none recorded before: nothing to follow (keeps the table small)
        if d.get("partial"):
            prev = _latest_before(conn, k, run_id)
            claims = {**(_load(conn, prev).claims if prev else {}), **claims}
        out.append((run_id, k, d.get("title"), d.get("revision"), d.get("sha256"), int(d.get("offset") or 0),
                    int(bool(d.get("partial"))), len(per_doc.get(k, {})),
                    sum(1 for c in claims.values() if c["verdict"] == "contradicted"), _signature(claims)))
    conn.executemany(f"INSERT INTO run_documents({_RUN_DOC_COLS}) VALUES(?,?,?,?,?,?,?,?,?,?)", out)
    return run_id


def history(store, key: str) -> list[dict]:
    """Every recorded verdict of a claim key, oldest first."""
    conn = connection_of(store)
    if "verdict_history" not in table_names(conn):
        return []
    cols = [c.strip() for c in _HISTORY_COLS.split(",")]
    rows = conn.execute(f"SELECT {_HISTORY_COLS} FROM verdict_history WHERE claim_key=? ORDER BY run_id, rowid",
                        (key,))
    return [dict(zip(cols, r)) for r in rows]


# ------------------------------------------------------------------------------------------- reading
_RUN_DOC_COLS = "run_id, doc_key, title, revision, sha256, line_offset, partial, claims, contradicted, signature"
_LATEST = "SELECT doc_key, max(run_id) AS run_id FROM run_documents GROUP BY doc_key"   # each document's last run


@dataclass
class _State:
    """A document's verdicts after one run (``run_documents`` row); ``claims``: claim key → history row,
    read only for the states a report compares (:func:`_load`)."""
    doc_key: str
    run_id: int
    validated_at: str
    revision: str | None
    sha256: str | None
    offset: int
    title: str
    partial: bool = False
    contradicted: int = 0
    signature: str = ""
    claims: dict[str, dict] = field(default_factory=dict)

    def where(self) -> dict:
        return {"document": self.doc_key, "revision": self.revision, "run": self.run_id,
                "validated_at": self.validated_at}


_STATE_SQL = (f"SELECT rd.run_id, rd.doc_key, r.finished_at, rd.revision, rd.sha256, rd.line_offset, rd.title, "
              f"rd.partial, rd.contradicted, rd.signature FROM run_documents rd JOIN runs r USING(run_id)")


def _state(row) -> _State:
    run_id, key, at, rev, sha, off, title, partial, contra, sig = row
    return _State(key, run_id, at, rev, sha, int(off or 0), title or key, bool(partial), contra or 0, sig or "")


def _latest_before(conn: sqlite3.Connection, doc_key: str, run_id: int) -> _State | None:
    row = conn.execute(f"{_STATE_SQL} WHERE rd.doc_key=? AND rd.run_id<? ORDER BY rd.run_id DESC LIMIT 1",
                       (doc_key, run_id)).fetchone()
    return _state(row) if row else None


def _load(conn: sqlite3.Connection, state: _State) -> _State:
    """Fill a state's claims from the history (a partial run: on top of the state before it)."""
    if state.claims or state.run_id is None:      # None: a stored revision with no claim, never recorded
        return state
    cols = [c.strip() for c in _HISTORY_COLS.split(",")]
    claims = {}
    if state.partial:
        prev = _latest_before(conn, state.doc_key, state.run_id)
        claims = dict(_load(conn, prev).claims) if prev else {}
    for r in conn.execute(f"SELECT {_HISTORY_COLS} FROM verdict_history WHERE doc_key=? AND run_id=? "
                          "ORDER BY rowid", (state.doc_key, state.run_id)):
        row = dict(zip(cols, r))
        claims[row["claim_key"]] = row
    state.claims = claims
    return state


def _current(conn: sqlite3.Connection) -> dict[str, _State]:
    """Each document's state after the latest run that validated it."""
    return {s.doc_key: s for s in map(_state, conn.execute(
        f"{_STATE_SQL} JOIN ({_LATEST}) l ON l.doc_key=rd.doc_key AND l.run_id=rd.run_id"))}


def _baseline_runs(conn: sqlite3.Connection, since) -> dict[str, int]:
    """Per document, the run whose state its latest one is compared with: the last run before DATE, or
    (None / REV) the most recent earlier run whose state has another signature."""
    if since and since[0] == "date":
        return dict(conn.execute(
            "SELECT p.doc_key, max(p.run_id) FROM run_documents p JOIN runs r USING(run_id) "
            "WHERE r.finished_at < ? GROUP BY p.doc_key", (_stamp(since[1]),)))
    return dict(conn.execute(
        f"SELECT p.doc_key, max(p.run_id) FROM run_documents p JOIN ({_LATEST}) l ON l.doc_key=p.doc_key "
        "JOIN run_documents c ON c.doc_key=l.doc_key AND c.run_id=l.run_id "
        "WHERE p.run_id < l.run_id AND p.signature IS NOT c.signature GROUP BY p.doc_key"))


def _stamp(t: datetime) -> str:
    return t.astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def _pair(before: _State | None, after: _State) -> list[tuple[dict | None, dict | None]]:
    """Claims of two states paired by key, then by kind and nearest line in the document (or similar text)."""
    old = dict(before.claims) if before else {}
    new = dict(after.claims)
    pairs = [(old.pop(k), new.pop(k)) for k in [k for k in new if k in old]]
    off_old, off_new = (before.offset if before else 0), after.offset
    candidates = []
    for kn, a in new.items():
        for ko, b in old.items():
            if a["kind"] != b["kind"]:
                continue
            dist = abs(((a["line"] or 0) - off_new) - ((b["line"] or 0) - off_old))
            ratio = difflib.SequenceMatcher(None, a["text"] or "", b["text"] or "").ratio()
            if dist <= NEAR_LINES or ratio >= SIMILAR:
                candidates.append((dist, -ratio, ko, kn))
    for _, _, ko, kn in sorted(candidates):
        if ko in old and kn in new:
            pairs.append((old.pop(ko), new.pop(kn)))
    pairs += [(None, a) for a in new.values()] + [(b, None) for b in old.values()]
    return pairs


def _category(b: dict | None, a: dict | None) -> str | None:
    bv, av = (b or {}).get("verdict"), (a or {}).get("verdict")
    if av == "contradicted" and bv != "contradicted":
        return "new_contradictions"
    if bv == "contradicted" and av in ("confirmed", None):
        return "fixed"                        # now holds, or the sentence is gone (the text was corrected)
    if bv == "unsimulable" and av in DECISIVE:
        return "became_simulable"
    if bv in DECISIVE and av == "unsimulable":
        return "became_unsimulable"
    if b is None:
        return "added"
    if a is None:
        return "removed"
    return None


def _side(row: dict | None) -> dict | None:
    if row is None:
        return None
    return {k: row[k] for k in ("verdict", "reason", "text", "line", "claim_key", "claim_id", "revision")}


def _entry(kind: str, before: _State | None, after: _State, quiet_added: bool = False) -> dict | None:
    """The changes from ``before`` to ``after`` (states with their claims), or None when there are none."""
    entry: dict[str, Any] = {"type": kind, "document": after.doc_key,
                             "from": before.where() if before else None, "to": after.where(),
                             "first": before is None, **{c: [] for c in CATEGORIES}}
    for b, a in _pair(before, after):
        cat = _category(b, a)
        if cat is None or (quiet_added and cat == "added"):
            continue
        row = a or b
        entry[cat].append({"kind": row["kind"], "line": row["line"], "text": row["text"],
                           "claim_key": row["claim_key"], "before": _side(b), "after": _side(a)})
    for c in CATEGORIES:
        entry[c].sort(key=lambda x: (x["line"] or 0, x["kind"]))
    return entry if any(entry[c] for c in CATEGORIES) else None


def changes(store, since: str | tuple | None = None) -> dict:
    """What changed, per page and revision (reads the store only; a ``kb.store.Store`` or a connection).

    ``since``: None — each document's latest change (its latest validation against the previous one that
    gave other verdicts; a first validation counts as a change from nothing and lists only its
    contradictions); ``"REV"`` — only documents and revisions newer than that revision id; ``"DATE"`` —
    the verdicts now against those each document had before DATE.  Returns ``{since, pages: [{page,
    title, entries: [...]}], totals}``; an entry is ``{type: "revalidated" | "revision", document, from,
    to, first, stale, new_contradictions, fixed, became_simulable, became_unsimulable, added, removed}``,
    each list holding ``{kind, line, text, claim_key, before, after}`` (``before``/``after``: verdict,
    reason, text, line, claim_key, claim_id, revision, or None)."""
    conn = connection_of(store)
    parsed = parse_since(since) if isinstance(since, str) else since
    report: dict[str, Any] = {"since": since if isinstance(since, str) or since is None else str(since[1]),
                              "pages": [], "totals": {c: 0 for c in CATEGORIES}}
    if not {"runs", "run_documents", "verdict_history"} <= table_names(conn):
        return report                          # a store older than the history: nothing recorded yet
    stored = {r[0]: {"key": r[0], "title": r[1], "revision": r[2], "sha256": r[3], "ingested_at": r[4]}
              for r in conn.execute("SELECT key, title, revision, sha256, ingested_at FROM documents")}
    current = {k: st for k, st in _current(conn).items() if k in stored}   # removed documents: not corrected
    base = _baseline_runs(conn, parsed)
    at = _stamp(parsed[1]) if parsed and parsed[0] == "date" else None
    rev_since = parsed[1] if parsed and parsed[0] == "revision" else None
    pages: dict[str, dict] = {}

    def add(page: str, title: str, entry: dict | None, stale: bool = False) -> None:
        if entry is None:
            return
        entry["stale"] = stale
        p = pages.setdefault(page, {"page": page, "title": title, "entries": []})
        p["entries"].append(entry)

    for key, cur in sorted(current.items()):
        if (at and cur.validated_at < at) or \
                (rev_since is not None and (_revision_number(cur.revision) or 0) <= rev_since):
            continue
        before = None
        if key in base:
            before = _state(conn.execute(f"{_STATE_SQL} WHERE rd.doc_key=? AND rd.run_id=?",
                                         (key, base[key])).fetchone())
        if (before is None and not cur.contradicted) or (before and before.signature == cur.signature):
            continue                           # a first validation lists only its contradictions
        entry = _entry("revalidated", before and _load(conn, before), _load(conn, cur), quiet_added=before is None)
        add(page_of(key), cur.title, entry, stale=stored[key]["sha256"] != cur.sha256)

    by_page: dict[str, list[_State]] = {}
    for key, cur in current.items():
        if _revision_number(stored[key]["revision"]) is not None:
            by_page.setdefault(page_of(key), []).append(cur)
    for key, doc in stored.items():            # revisions without a claim have no recorded state
        if key not in current and page_of(key) in by_page and _revision_number(doc["revision"]) is not None \
                and conn.execute("SELECT 1 FROM nodes WHERE doc=? AND kind='claim' LIMIT 1", (key,)).fetchone() is None:
            by_page[page_of(key)].append(_State(key, None, doc["ingested_at"] or "", doc["revision"], doc["sha256"],
                                                0, doc["title"] or key, signature=_signature({})))
    for page, revs in sorted(by_page.items()):
        revs.sort(key=lambda st: _revision_number(st.revision) or 0)
        for older, newer in zip(revs, revs[1:]):
            if older.signature == newer.signature or \
                    (rev_since is not None and (_revision_number(newer.revision) or 0) <= rev_since) or \
                    (at and max(older.validated_at, newer.validated_at) < at):
                continue
            add(page, newer.title, _entry("revision", _load(conn, older), _load(conn, newer)))

    for p in sorted(pages.values(), key=lambda p: (p["title"], p["page"])):
        p["entries"].sort(key=lambda e: (e["type"] != "revision",
                                         _revision_number(e["to"]["revision"]) or 0, e["document"]))
        report["pages"].append(p)
        for e in p["entries"]:
            for c in CATEGORIES:
                report["totals"][c] += len(e[c])
    return report


# ------------------------------------------------------------------------------------------- output
def _heading(entry: dict) -> str:
    to, fr = entry["to"], entry["from"]
    if entry["type"] == "revision":
        return f"revision {fr['revision']} → {to['revision']}"
    rev = f"revision {to['revision']}, " if to["revision"] else ""
    when = f"{rev}validated {to['validated_at'][:19].replace('T', ' ')} (run {to['run']})"
    if fr is None:
        return f"{entry['document']}: first validation, {when}"
    return f"{entry['document']}: {when}, against run {fr['run']}" + \
        (" — re-ingested since, not validated" if entry.get("stale") else "")


def _verdict_of(side: dict | None) -> str:
    return side["verdict"] if side else "—"


def _items(entry: dict) -> Iterable[tuple[str, dict]]:
    for c in CATEGORIES:
        for item in entry[c]:
            yield c, item


def totals_line(report: dict) -> str:
    t = report["totals"]
    return (f"{t['new_contradictions']} new contradictions, {t['fixed']} fixed, {t['became_simulable']} "
            f"became simulable, {t['became_unsimulable']} became unsimulable, {t['added']} added, "
            f"{t['removed']} removed")


def print_report(report: dict, console=None) -> None:
    """The report as rich tables, one per page."""
    from rich.console import Console
    from rich.table import Table
    from rich.text import Text

    console = console or Console(width=None if sys.stdout.isatty() else 160)
    styles = {"new_contradictions": "bold red", "fixed": "green", "became_simulable": "cyan",
              "became_unsimulable": "yellow"}
    for p in report["pages"]:
        console.rule(Text(f"{p['title']}  {p['page']}"), style="dim", characters="─")
        for e in p["entries"]:
            table = Table(title=Text(_heading(e)), title_justify="left", expand=False)
            table.add_column("change", no_wrap=True)
            table.add_column("line", justify="right")
            table.add_column("kind", no_wrap=True)
            table.add_column("verdict", no_wrap=True)
            table.add_column("claim", ratio=1)
            for c, item in _items(e):
                b, a = item["before"], item["after"]
                claim = Text(item["text"] or "")
                if b and a and b["text"] != a["text"]:
                    claim.append(f"\nwas: {b['text']}", style="dim")
                reason = (a or b or {}).get("reason")
                if reason:
                    claim.append(f"\n{reason}", style="dim")
                table.add_row(LABELS[c], str(item["line"] or ""), Text(item["kind"] or ""),
                              f"{_verdict_of(b)} → {_verdict_of(a)}", claim, style=styles.get(c))
            console.print(table)
    since = f" since {report['since']}" if report.get("since") else ""
    console.print(f"changes{since}: {totals_line(report)}", markup=False, highlight=False, soft_wrap=True)


def text_report(report: dict, width: int = 160) -> str:
    """:func:`print_report` as plain text."""
    from rich.console import Console

    console = Console(file=io.StringIO(), width=width, record=True, color_system=None)
    print_report(report, console)
    return console.export_text()


def wikitext_report(report: dict) -> str:
    """The report for a maintenance page: one table per page and change, every wiki string in <nowiki>."""
    from kb.reports import WIKI_COLOURS, nowiki

    colour = {"new_contradictions": WIKI_COLOURS["contradicted"], "fixed": WIKI_COLOURS["confirmed"]}
    since = f" since {nowiki(report['since'])}" if report.get("since") else ""
    out = ["== mtgkb: changes of verdicts ==", f"{totals_line(report)}{since}.", ""]
    for p in report["pages"]:
        out.append(f"=== {nowiki(p['title'])} ({nowiki(p['page'])}) ===")
        for e in p["entries"]:
            out.append(f"; {nowiki(_heading(e))}")
            out.append('{| class="wikitable"')
            out.append("! change !! line !! kind !! before !! after !! claim !! reason")
            for c, item in _items(e):
                out.append(f'|- style="background-color:{colour.get(c, "#ffffff")}"')
                reason = (item["after"] or item["before"] or {}).get("reason") or ""
                out.append(f"| {LABELS[c]} || {item['line'] or ''} || {item['kind']} || "
                           f"{_verdict_of(item['before'])} || {_verdict_of(item['after'])} || "
                           f"{nowiki(item['text'])} || {nowiki(reason)}")
            out.append("|}")
        out.append("")
    return "\n".join(out)


__all__ = ["CATEGORIES", "claim_key", "keys_of", "parse_since", "newer_than", "page_of", "record_run",
           "history", "changes", "print_report", "text_report", "wikitext_report", "totals_line", "now"]
