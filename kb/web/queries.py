"""Every SQL statement of the web UI (bound parameters only), over a read-only connection.

The pages reuse ``kb.show`` / ``kb.cards`` / ``kb.search`` for what they already answer (a card, a keyword,
a rule, a document, a claim, a search); this module holds only what the UI needs beside them: the overview
of the store, verdicts of many claims at once, a document's sections and examples, and a node's
neighbourhood.  Nothing here writes: the connection is opened ``mode=ro`` with ``query_only`` on.
"""
from __future__ import annotations

import contextlib
import json
import os
import sqlite3
import stat
import threading
from pathlib import Path
from typing import Any, Iterable

import networkx as nx

from kb.store import Store, StoreError, check_complete

VERDICTS = ("confirmed", "contradicted", "unsimulable")


class ReadOnlyStore(Store):
    """A :class:`kb.store.Store` whose connection is read-only (``file:…?mode=ro``, ``query_only``).

    Only the reading methods of ``Store`` (``node``, ``nodes``, ``edges_from``, ``edges_to``, ``document``,
    ``counts`` …) are meant to be used; ``Store.__init__`` is not called because it creates the schema.

    The file is opened by SQLite alone, never by a Python ``open()``: on Linux closing any descriptor of a
    file drops all of the process's POSIX locks on it, SQLite's included, and an ingest that then believes
    it is the last connection deletes the ``-wal``/``-shm`` files the server still has mapped."""

    def __init__(self, path: str | Path):                  # noqa: D107 - see the class docstring
        p = Path(path)
        self.path = str(p)
        self.identity = _identity(p)
        if self.identity is None:
            raise StoreError(f"{p}: no store file here — run `mtgkb ingest` first (or pass --db FILE)")
        try:
            self.conn = sqlite3.connect(f"{p.resolve().as_uri()}?mode=ro", uri=True, check_same_thread=False)
        except sqlite3.Error as e:
            raise StoreError(f"{p}: cannot open store: {e}") from e
        try:
            self.conn.execute("PRAGMA query_only = ON")
            check_complete(self.conn, self.path)
        except sqlite3.DatabaseError as e:
            self.conn.close()
            if "not a database" in str(e) or "encrypted" in str(e):
                raise StoreError(f"{p}: not an SQLite database (not an mtgkb store)") from e
            raise StoreError(f"{p}: cannot open store: {e}") from e
        except StoreError:
            self.conn.close()
            raise
        self._card_table = None

    def current(self) -> bool:
        """Whether the file at the path is still the one this connection reads (not replaced or removed)."""
        return _identity(Path(self.path)) == self.identity


def _identity(p: Path) -> tuple[int, int] | None:
    """(device, inode) of a regular file, None when there is none (``os.stat``: no descriptor is opened)."""
    try:
        st = p.stat()
    except OSError:
        return None
    return (st.st_dev, st.st_ino) if stat.S_ISREG(st.st_mode) else None


class Pool:
    """One read-only connection per serving thread (sqlite3 connections are not shared across threads).

    A thread's connection is opened again when the file at the path was replaced (another inode) or after a
    request failed reading it (:meth:`discard`), so the server recovers once the store is whole again."""

    def __init__(self, path: str | Path):
        self.path = Path(path)
        ReadOnlyStore(self.path).close()                   # fail now, naming the file, not on the 1st request
        self._local = threading.local()
        self._all: list[ReadOnlyStore] = []
        self._lock = threading.Lock()

    def get(self) -> ReadOnlyStore:
        """This thread's connection; raises :class:`kb.store.StoreError` naming the file when the store
        cannot be opened now (removed, replaced by something else, damaged)."""
        store = getattr(self._local, "store", None)
        if store is not None and not store.current():
            self.discard()
            store = None
        if store is None:
            store = ReadOnlyStore(self.path)
            self._local.store = store
            with self._lock:
                self._all.append(store)
        return store

    def discard(self) -> None:
        """Close this thread's connection (its next request opens a new one)."""
        store = getattr(self._local, "store", None)
        self._local.store = None
        if store is not None:
            with self._lock:
                if store in self._all:
                    self._all.remove(store)
            with contextlib.suppress(sqlite3.Error):
                store.close()

    def close(self) -> None:
        with self._lock:
            for s in self._all:
                try:
                    s.close()
                except sqlite3.ProgrammingError:            # pragma: no cover - closed already
                    pass
            self._all.clear()
            self._local = threading.local()                 # a later request opens a new connection


def _loads(s: str | None) -> Any:
    try:
        return json.loads(s) if s else {}
    except ValueError:
        return {}


def _marks(n: int) -> str:
    return ",".join("?" * n)


# ------------------------------------------------------------------------------------------ overview
def overview(conn: sqlite3.Connection, latest: int = 10) -> dict[str, Any]:
    """Counts by node kind, documents, verdict totals and the latest contradicted claims."""
    kinds = dict(conn.execute("SELECT kind, count(*) FROM nodes GROUP BY kind ORDER BY kind").fetchall())
    documents = conn.execute("SELECT count(*) FROM documents").fetchone()[0]
    totals = {v: 0 for v in VERDICTS}
    for title, n in conn.execute("SELECT lower(title), count(*) FROM nodes "
                                 "WHERE id >= 'verdict:' AND id < 'verdict;' GROUP BY lower(title)"):
        totals[title] = n
    rows = conn.execute("SELECT v.id, v.text, c.id, c.title, c.text, c.data FROM nodes v "
                        "JOIN nodes c ON c.id = substr(v.id, 9) "
                        "WHERE v.id >= 'verdict:' AND v.id < 'verdict;' AND lower(v.title) = 'contradicted' "
                        "ORDER BY v.rowid DESC LIMIT ?", (latest,)).fetchall()
    contradictions = [{"claim": cid, "kind": ckind, "text": ctext, "reason": reason,
                       "document": _loads(cdata).get("document"), "line": _loads(cdata).get("line")}
                      for _vid, reason, cid, ckind, ctext, cdata in rows]
    return {"documents": documents, "kinds": kinds, "verdicts": totals, "contradictions": contradictions}


# ------------------------------------------------------------------------------------------ verdicts
def verdicts_of(conn: sqlite3.Connection, claim_ids: Iterable[str]) -> dict[str, dict[str, str]]:
    """``{claim id: {verdict, reason}}`` for the claims that have a verdict."""
    ids = [f"verdict:{c}" for c in dict.fromkeys(claim_ids)]
    out: dict[str, dict[str, str]] = {}
    for i in range(0, len(ids), 500):
        chunk = ids[i:i + 500]
        for vid, title, text in conn.execute(
                f"SELECT id, title, text FROM nodes WHERE id IN ({_marks(len(chunk))})", chunk):
            out[vid[len("verdict:"):]] = {"verdict": (title or "").lower(), "reason": text or ""}
    return out


def claims_of(conn: sqlite3.Connection, sources: Iterable[str]) -> dict[str, list[dict[str, Any]]]:
    """``{example (or document) id: [claim {id, kind, text, outcome, verdict, reason}]}`` via ``has_claim``."""
    src = list(dict.fromkeys(sources))
    out: dict[str, list[dict[str, Any]]] = {s: [] for s in src}
    for i in range(0, len(src), 500):
        chunk = src[i:i + 500]
        rows = conn.execute(
            "SELECT e.src, c.id, c.title, c.text, c.data, v.title, v.text FROM edges e "
            "JOIN nodes c ON c.id = e.dst LEFT JOIN nodes v ON v.id = 'verdict:' || c.id "
            f"WHERE e.kind = 'has_claim' AND e.src IN ({_marks(len(chunk))}) ORDER BY e.rowid", chunk)
        for s, cid, kind, text, data, verdict, reason in rows:
            out[s].append({"id": cid, "kind": kind, "text": text, "outcome": _loads(data).get("outcome") or {},
                           "verdict": (verdict or "").lower() or None, "reason": reason or ""})
    return out


def hit_verdicts(conn: sqlite3.Connection, ids: Iterable[str]) -> dict[str, list[str]]:
    """The verdicts a search hit carries: a claim's own, an example's claims', a verdict node's title."""
    ids = list(dict.fromkeys(ids))
    out: dict[str, list[str]] = {i: [] for i in ids}
    claims = [i for i in ids if i.startswith("claim:")]
    for cid, v in verdicts_of(conn, claims).items():
        out[cid].append(v["verdict"])
    for ex, cs in claims_of(conn, [i for i in ids if i.startswith("ex:")]).items():
        out[ex] += [c["verdict"] for c in cs if c["verdict"]]
    verdict_nodes = [i for i in ids if i.startswith("verdict:")]
    for i in range(0, len(verdict_nodes), 500):
        chunk = verdict_nodes[i:i + 500]
        for vid, title in conn.execute(f"SELECT id, title FROM nodes WHERE id IN ({_marks(len(chunk))})", chunk):
            out[vid].append((title or "").lower())
    return {k: list(dict.fromkeys(v)) for k, v in out.items()}


def claim_example(conn: sqlite3.Connection, claim_id: str) -> dict[str, Any] | None:
    """The example (or document) a claim was read from: ``{id, kind, text}``."""
    row = conn.execute("SELECT n.id, n.kind, n.text FROM edges e JOIN nodes n ON n.id = e.src "
                       "WHERE e.dst = ? AND e.kind = 'has_claim' ORDER BY e.rowid LIMIT 1", (claim_id,)).fetchone()
    return {"id": row[0], "kind": row[1], "text": row[2] or ""} if row else None


def verdict_data(conn: sqlite3.Connection, claim_id: str) -> dict[str, Any] | None:
    """The stored Verdict fields of a claim (scenario, readings tried, expected, observed, log)."""
    row = conn.execute("SELECT title, text, data FROM nodes WHERE id = ?", (f"verdict:{claim_id}",)).fetchone()
    if row is None:
        return None
    return {**_loads(row[2]), "verdict": (row[0] or "").lower(), "reason": row[1] or ""}


def stored_rules(conn: sqlite3.Connection, numbers: Iterable[str]) -> set[str]:
    """The CR numbers among ``numbers`` whose rule the store holds (``rule:N`` nodes)."""
    ids = [f"rule:{n}" for n in dict.fromkeys(numbers)]
    out: set[str] = set()
    for i in range(0, len(ids), 500):
        chunk = ids[i:i + 500]
        out.update(r[0][len("rule:"):] for r in conn.execute(
            f"SELECT id FROM nodes WHERE id IN ({_marks(len(chunk))})", chunk))
    return out


# ------------------------------------------------------------------------------------------ documents
def document_sections(conn: sqlite3.Connection, key: str) -> list[dict[str, Any]]:
    """The document's sections in order: ``{id, title, text, level, line, path}``."""
    out = []
    for nid, title, text, data in conn.execute(
            "SELECT id, title, text, data FROM nodes WHERE doc = ? AND kind = 'section' ORDER BY rowid", (key,)):
        d = _loads(data)
        out.append({"id": nid, "title": title or "", "text": text or "", "level": d.get("level") or 2,
                    "line": d.get("line"), "path": d.get("path") or d.get("section") or []})
    return out


def document_examples(conn: sqlite3.Connection, key: str) -> list[dict[str, Any]]:
    """The document's examples: ``{id, text, line, section}`` (section = heading path), in line order."""
    out = []
    for nid, text, data in conn.execute(
            "SELECT id, text, data FROM nodes WHERE doc = ? AND kind = 'example' ORDER BY rowid", (key,)):
        d = _loads(data)
        out.append({"id": nid, "text": text or "", "line": d.get("line") or 0, "section": d.get("section") or []})
    out.sort(key=lambda e: (e["line"], e["id"]))
    return out


def document_key_for(conn: sqlite3.Connection, name: str) -> str | None:
    """A stored document key from a key or a title (the newest revision first), as ``mtgkb show`` reads it."""
    row = conn.execute("SELECT key FROM documents WHERE key = ?", (name,)).fetchone()
    if row is None:
        row = conn.execute("SELECT key FROM documents WHERE title = ? "
                           "ORDER BY CAST(revision AS INTEGER) DESC, key LIMIT 1", (name,)).fetchone()
    return row[0] if row else None


# ------------------------------------------------------------------------------------------ graph
def neighbourhood(conn: sqlite3.Connection, node_id: str, limit: int = 24) -> nx.MultiDiGraph | None:
    """The node, up to ``limit`` of its neighbours (edges either way) and the edges among them."""
    row = conn.execute("SELECT id, kind, title, text FROM nodes WHERE id = ?", (node_id,)).fetchone()
    if row is None:
        return None
    g = nx.MultiDiGraph()
    g.add_node(row[0], kind=row[1], title=row[2] or "", text=(row[3] or "")[:80], center=True)
    edges = conn.execute("SELECT src, dst, kind FROM edges WHERE src = ? UNION ALL "
                         "SELECT src, dst, kind FROM edges WHERE dst = ? LIMIT ?",
                         (node_id, node_id, limit * 4)).fetchall()
    others: list[str] = []
    for src, dst, _kind in edges:
        other = dst if src == node_id else src
        if other != node_id and other not in others:
            others.append(other)
    others = others[:limit]
    found = {}
    if others:
        for nid, kind, title, text in conn.execute(
                f"SELECT id, kind, title, text FROM nodes WHERE id IN ({_marks(len(others))})", others):
            found[nid] = (kind, title or "", (text or "")[:80])
    for nid in others:
        kind, title, text = found.get(nid, ("missing", nid, ""))
        g.add_node(nid, kind=kind, title=title, text=text, center=False)
    for src, dst, kind in edges:
        if src in g and dst in g:
            g.add_edge(src, dst, kind=kind)
    return g


# ------------------------------------------------------------------------------------------ names
def store_version(path: str | Path) -> tuple:
    """Changes when the store is written (cached card tables and pages are rebuilt then): the size and
    modification time of the store file and of its write-ahead log, where every commit lands first (WAL
    mode, kb.store).  A few stat calls, where counting the card rows took 20 ms on a full card load."""
    out = []
    for p in (str(path), f"{path}-wal"):
        try:
            st = os.stat(p)
        except OSError:
            out.append(None)
            continue
        out.append((st.st_mtime_ns, st.st_size, st.st_ino))
    return tuple(out)
