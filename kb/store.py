"""The SQLite knowledge-base store (WAL): documents, nodes, edges, settings.

One :class:`~extractor.facts.ExtractedDocument` is written in one transaction (``BEGIN IMMEDIATE`` …
``COMMIT``): a document whose text hash is unchanged is left alone, otherwise every node and edge it owned
is deleted and the new ones inserted.  Global nodes (card, keyword, page, rule stubs) are upserted and never
deleted by another document.  Schema and node ids: docs/design.md.

>>> s = Store(":memory:")
>>> s.counts()["nodes"]
0
"""
from __future__ import annotations

import bisect
import contextlib
import dataclasses
import functools
import hashlib
import json
import os
import re
import sqlite3
import sys
import time
from pathlib import Path
from typing import Any, Callable, Iterator

from extractor.facts import CardRef, ExtractedDocument, RawDocument
from kb.cards import CardTable, add_card_link
from kb.db import table_names
from kb.fts import STALE, CatchUp, _statements, defer, heal, install, is_stale, undefer

SCHEMA = """
CREATE TABLE IF NOT EXISTS documents(key TEXT PRIMARY KEY, title TEXT, revision TEXT, path TEXT, form TEXT,
                                     sha256 TEXT, ingested_at TEXT, meta JSON);
CREATE TABLE IF NOT EXISTS nodes(id TEXT PRIMARY KEY, kind TEXT, doc TEXT NULL, title TEXT, text TEXT,
                                 tokens TEXT, data JSON);
CREATE INDEX IF NOT EXISTS documents_title ON documents(title);
CREATE INDEX IF NOT EXISTS nodes_kind ON nodes(kind);
CREATE INDEX IF NOT EXISTS nodes_doc ON nodes(doc);
CREATE INDEX IF NOT EXISTS nodes_doc_kind ON nodes(doc, kind);
CREATE TABLE IF NOT EXISTS edges(src TEXT, dst TEXT, kind TEXT, doc TEXT NULL, data JSON);
CREATE INDEX IF NOT EXISTS edges_src ON edges(src);
CREATE INDEX IF NOT EXISTS edges_dst ON edges(dst);
CREATE INDEX IF NOT EXISTS edges_doc ON edges(doc);
CREATE TABLE IF NOT EXISTS settings(key TEXT PRIMARY KEY, value TEXT);
-- the editor's loop (kb/changes.py): a row per validate run, per document it validated, per claim it checked;
-- kept across re-ingests (keyed by the claim's text hash, not its id)
CREATE TABLE IF NOT EXISTS runs(run_id INTEGER PRIMARY KEY AUTOINCREMENT, started_at TEXT, finished_at TEXT,
                                options JSON, summary JSON);
CREATE TABLE IF NOT EXISTS run_documents(run_id INTEGER, doc_key TEXT, title TEXT, revision TEXT, sha256 TEXT,
                                         line_offset INTEGER, partial INTEGER, claims INTEGER,
                                         contradicted INTEGER, signature TEXT, PRIMARY KEY(doc_key, run_id));
CREATE TABLE IF NOT EXISTS verdict_history(claim_key TEXT, document TEXT, doc_key TEXT, revision TEXT,
                                           line INTEGER, kind TEXT, text TEXT, verdict TEXT, reason TEXT,
                                           validated_at TEXT, run_id INTEGER, claim_id TEXT);
CREATE INDEX IF NOT EXISTS verdict_history_key ON verdict_history(claim_key);
CREATE INDEX IF NOT EXISTS verdict_history_doc ON verdict_history(doc_key, run_id);
"""

_SCHEMA_TABLES = {"documents", "nodes", "edges", "settings", "runs", "run_documents", "verdict_history"}
_CORE_TABLES = {"documents", "nodes", "edges", "settings"}
# settings key written when an ingest run ends: a store without it and without documents never finished one
INGEST_FINISHED = "ingest_finished"
_NODE_COLS = "id, kind, doc, title, text, tokens, data"

# doc-owned nodes: a clash with another document's node keeps the first (ids embed the key, so only
# rules can clash: two documents defining the same rule number)
_INSERT_OWNED = f"INSERT INTO nodes({_NODE_COLS}) VALUES(?,?,?,?,?,?,?) ON CONFLICT(id) DO NOTHING"
# a rule defined by this document takes over a global stub (created by a citing document)
_INSERT_RULE = (f"INSERT INTO nodes({_NODE_COLS}) VALUES(?,?,?,?,?,?,?) ON CONFLICT(id) DO UPDATE SET "
                "doc=excluded.doc, title=excluded.title, text=excluded.text, tokens=excluded.tokens, "
                "data=excluded.data WHERE nodes.doc IS NULL")
# global nodes seen in a document: fill what is missing, never overwrite what is known
_UPSERT_FILL = (f"INSERT INTO nodes({_NODE_COLS}) VALUES(?,?,?,?,?,?,?) ON CONFLICT(id) DO UPDATE SET "
                "title=coalesce(nullif(nodes.title,''), excluded.title), "
                "text=coalesce(nullif(nodes.text,''), excluded.text), "
                "tokens=coalesce(nullif(nodes.tokens,''), excluded.tokens), "
                "data=json_patch(excluded.data, coalesce(nodes.data,'{}')) "
                "WHERE json_patch(excluded.data, coalesce(nodes.data,'{}')) IS NOT coalesce(nodes.data,'{}') "
                "OR coalesce(nodes.title,'')='' OR coalesce(nodes.text,'')=''")
_INSERT_EDGE = "INSERT INTO edges(src, dst, kind, doc, data) VALUES(?,?,?,?,?)"


class StoreError(Exception):
    """The store file cannot be used (not SQLite, unreadable, …); the message names the file."""


def probe_header(path: str | os.PathLike) -> None:
    """Raise :class:`StoreError` naming ``path`` unless SQLite reads it as a database.

    Only SQLite opens the file: a Python ``open()``/``close()`` of it would drop every POSIX lock this
    process holds on it (other connections' included), and a concurrent writer could then delete the
    ``-wal``/``-shm`` files still mapped here."""
    try:
        probe = sqlite3.connect(f"{Path(path).resolve().as_uri()}?mode=ro", uri=True)
    except sqlite3.Error as e:
        raise StoreError(f"{path}: cannot open store: {e}") from e
    try:
        probe.execute("PRAGMA schema_version").fetchone()
    except sqlite3.DatabaseError as e:
        if "not a database" in str(e) or "encrypted" in str(e):
            raise StoreError(f"{path}: not an SQLite database (not an mtgkb store)") from e
        raise StoreError(f"{path}: cannot read store file: {e}") from e
    finally:
        probe.close()


def check_complete(conn: sqlite3.Connection, path: str) -> None:
    """Refuse a store whose first ingest never finished: table-less or missing a core table, or holding
    neither a document, a node nor a setting (such as the mark an ingest leaves when it ends,
    ``settings.ingest_finished``)."""
    tables = table_names(conn)
    missing = _CORE_TABLES - tables
    if missing:
        what = "holds no mtgkb tables" if len(missing) == len(_CORE_TABLES) else \
            f"lacks the {', '.join(sorted(missing))} table{'s' if len(missing) > 1 else ''}"
        raise StoreError(f"{path}: incomplete store: it {what} (its first ingest was interrupted) — "
                         "run `mtgkb ingest` again")
    if not any(conn.execute(f"SELECT 1 FROM {table} LIMIT 1").fetchone() for table in ("documents", "nodes")) \
            and conn.execute("SELECT 1 FROM settings LIMIT 1").fetchone() is None:
        # nothing ever committed: no document, no node (cards loaded make card nodes), no setting (an ingest
        # that ends writes ``ingest_finished``, --cards writes its path)
        raise StoreError(f"{path}: incomplete store: nothing was ever stored in it (its first ingest was "
                         "interrupted) — run `mtgkb ingest` again")


_TITLE_SEPARATOR = re.compile(r"\s*[／/]\s*")


def split_title(title: str) -> list[str]:
    """A "JA/EN" page or link title in its halves (``魂の管理人/Soul Warden``); ``[title]`` without a slash."""
    return _TITLE_SEPARATOR.split(title, 1)


def _dumps(obj: Any) -> str:
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":"), default=str)


def _loads(s: str | None) -> Any:
    return json.loads(s) if s else {}


def document_key(raw: RawDocument) -> str:
    """The store key of a raw document (docs/design.md, "Document identity")."""
    if raw.key:
        return raw.key
    base = os.path.basename(raw.path) if raw.path else raw.title
    if base.lower().endswith(".xml"):
        base = f"{base}#{raw.title}"
    return base


def text_hash(raw: RawDocument) -> str:
    h = hashlib.sha256()
    for part in (raw.form or "", raw.revision or "", raw.text):
        h.update(part.encode("utf-8", "surrogatepass"))
        h.update(b"\x00")
    return h.hexdigest()


def _tokens_function() -> Callable[[str], str]:
    """``kb.tokens.tokens_for`` computed line by line, each distinct line once (bounded LRU): section,
    example and claim texts repeat the same lines, so most lines are tokenised only once per run."""
    try:
        from kb.tokens import tokens_for
    except ImportError:  # pragma: no cover - the module ships with the package
        return lambda text: ""

    @functools.lru_cache(maxsize=20_000)
    def line_tokens(line: str) -> tuple[str, ...]:
        return tuple(tokens_for(line).split())

    def tokens(text: str) -> str:
        if "\n" not in text:
            return " ".join(line_tokens(text)) if len(text) < 1000 else tokens_for(text)
        seen: dict[str, None] = {}
        for line in text.split("\n"):
            for word in (line_tokens(line) if len(line) < 1000 else tokens_for(line).split()):
                seen[word] = None
        return " ".join(seen)
    return tokens


class Store:
    """An open knowledge-base store.  ``Store(":memory:")`` works for tests."""

    _PRAGMAS = ("PRAGMA journal_mode=WAL",
                "PRAGMA synchronous=NORMAL",          # WAL: durable at checkpoints, never corrupt
                "PRAGMA wal_autocheckpoint=10000",    # fewer checkpoints (fsyncs) while ingesting
                "PRAGMA foreign_keys=OFF",
                "PRAGMA temp_store=MEMORY")

    def __init__(self, path: str | os.PathLike, create: bool = True):
        """``create``: give a new or table-less file the schema (``mtgkb ingest``); otherwise a store whose
        first ingest never finished is refused (:func:`check_complete`)."""
        self.path = str(path)
        if self.path != ":memory:":
            p = Path(self.path)
            if p.is_dir():
                raise StoreError(f"{self.path}: is a folder, not a store file")
            if p.exists() and p.stat().st_size > 0:
                probe_header(p)
        try:
            self.conn = sqlite3.connect(self.path, isolation_level=None, timeout=30.0)
            self._check_foreign()
            for pragma in self._PRAGMAS:
                self.conn.execute(pragma)
            if not create:
                check_complete(self.conn, self.path)
            self._create_schema()           # a store of an older version gets its newer tables
            heal(self.conn)                 # a search index an ingest left deferred (killed meanwhile): rebuilt
        except sqlite3.DatabaseError as e:
            self.conn.close()
            raise StoreError(f"{self.path}: cannot open store: {e}") from e
        except StoreError:
            self.conn.close()
            raise
        self._tokens = _tokens_function()
        self._card_table = None
        self._writes = 0
        # global nodes (card/keyword/page/rule stub) already written by this Store, id -> data JSON: a
        # document repeating one skips its tokens and upsert.  Filled only after COMMIT; bounded.
        self._globals_written: dict[str, str] = {}
        self._defer_after: int | None = None      # nodes committed before the search index is deferred
        self._nodes_written = 0
        self._deferring = False
        self._catch_up: CatchUp | None = None     # the deferred index rows written a batch at a time

    # ------------------------------------------------------------ search index
    def defer_index_after(self, nodes: int | None) -> None:
        """Let :meth:`commit` defer the search index (:func:`kb.fts.defer`) once it has written ``nodes``
        nodes from now on (None: never); :meth:`finish_index` ends it.  An ingest's writer does this: the
        index is then rebuilt once, which costs far less than indexing document by document, but only when
        the ingest writes a good share of the store (a rebuild re-reads all of it)."""
        self._defer_after = nodes
        self._nodes_written = 0

    def finish_index(self) -> None:
        """End a deferral: the triggers index again, the rows left out are indexed (:class:`kb.fts.CatchUp`)
        and the index is no longer stale — or, when that cannot be done, a stale index is rebuilt
        (:func:`kb.fts.heal`)."""
        self._defer_after = None
        if self._deferring:
            undefer(self.conn)
            self._deferring = False
            catch_up, self._catch_up = self._catch_up, None
            if catch_up is not None:
                try:
                    with self.transaction() as c:
                        if catch_up.step():             # everything is indexed: no longer stale
                            c.execute("DELETE FROM settings WHERE key=?", (STALE,))
                except sqlite3.Error:                   # rolled back, still stale: rebuilt below
                    pass
                catch_up.close()
        heal(self.conn)

    def index_some(self, at_least: int) -> None:
        """While deferring, index the rows left out so far when there are ``at_least`` of them (one
        transaction): a writer does this while it waits, so that less is left for :meth:`finish_index`."""
        if self._catch_up is not None and self._catch_up.ok and self._catch_up.pending() >= at_least:
            try:
                with self.transaction():
                    self._catch_up.step()
            except sqlite3.Error:              # rolled back: the index is rebuilt at the end instead
                self._catch_up.ok = False

    # ------------------------------------------------------------------ schema
    def _check_foreign(self) -> None:
        """Refuse (and leave untouched) an SQLite database that holds other tables and none of ours."""
        tables = table_names(self.conn)
        if tables and not tables & {"documents", "nodes", "edges", "settings", "cards", "card_names"}:
            raise StoreError(f"{self.path}: an SQLite database, but not an mtgkb store "
                             f"(it holds {', '.join(sorted(tables)[:5])})")

    def _create_schema(self) -> None:
        """The tables, indexes and search index, in one transaction: a process killed meanwhile leaves a
        table-less file, never half a schema (:func:`check_complete` tells it apart from a store)."""
        conn = self.conn
        if _SCHEMA_TABLES <= table_names(conn):
            install(conn)                   # nothing to create (an ingest running now is not waited for)
            return
        conn.execute("BEGIN IMMEDIATE")
        try:
            for statement in _statements(SCHEMA):
                conn.execute(statement)
            install(conn)
        except BaseException:
            conn.execute("ROLLBACK")
            raise
        conn.execute("COMMIT")

    def close(self) -> None:
        self.conn.close()

    def __enter__(self) -> "Store":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    # ------------------------------------------------------------ transactions
    @contextlib.contextmanager
    def transaction(self) -> Iterator[sqlite3.Connection]:
        """``BEGIN IMMEDIATE`` … ``COMMIT``; rollback on any error.  Nested use becomes a savepoint."""
        conn = self.conn
        if conn.in_transaction:
            name = f"sp{id(object())}"
            conn.execute(f"SAVEPOINT {name}")
            try:
                yield conn
            except BaseException:
                conn.execute(f"ROLLBACK TO {name}")
                conn.execute(f"RELEASE {name}")
                raise
            conn.execute(f"RELEASE {name}")
            return
        conn.execute("BEGIN IMMEDIATE")
        try:
            yield conn
        except BaseException:
            conn.execute("ROLLBACK")
            raise
        conn.execute("COMMIT")

    # ----------------------------------------------------------------- settings
    def get_setting(self, key: str, default: str | None = None) -> str | None:
        row = self.conn.execute("SELECT value FROM settings WHERE key=?", (key,)).fetchone()
        return row[0] if row else default

    def set_setting(self, key: str, value: str | None) -> None:
        if value is None:
            self.conn.execute("DELETE FROM settings WHERE key=?", (key,))
        else:
            self.conn.execute("INSERT INTO settings(key, value) VALUES(?,?) "
                              "ON CONFLICT(key) DO UPDATE SET value=excluded.value", (key, str(value)))

    # ------------------------------------------------------------------ queries
    @staticmethod
    def _node_dict(row) -> dict[str, Any]:
        return {"id": row[0], "kind": row[1], "doc": row[2], "title": row[3], "text": row[4],
                "data": _loads(row[6])}

    def node(self, node_id: str) -> dict[str, Any] | None:
        row = self.conn.execute(f"SELECT {_NODE_COLS} FROM nodes WHERE id=?", (node_id,)).fetchone()
        return self._node_dict(row) if row else None

    def nodes(self, kind: str | None = None, doc: str | None = None) -> Iterator[dict[str, Any]]:
        sql, args = f"SELECT {_NODE_COLS} FROM nodes", []
        where = []
        if kind is not None:
            where.append("kind=?"), args.append(kind)
        if doc is not None:
            where.append("doc=?"), args.append(doc)
        if where:
            sql += " WHERE " + " AND ".join(where)
        for row in self.conn.execute(sql + " ORDER BY rowid", args):
            yield self._node_dict(row)

    @staticmethod
    def _edge_dict(row) -> dict[str, Any]:
        return {"src": row[0], "dst": row[1], "kind": row[2], "doc": row[3], "data": _loads(row[4])}

    def edges_from(self, node_id: str, kind: str | None = None) -> list[dict[str, Any]]:
        sql = "SELECT src, dst, kind, doc, data FROM edges WHERE src=?" + (" AND kind=?" if kind else "")
        args = (node_id, kind) if kind else (node_id,)
        return [self._edge_dict(r) for r in self.conn.execute(sql + " ORDER BY rowid", args)]

    def edges_to(self, node_id: str, kind: str | None = None) -> list[dict[str, Any]]:
        sql = "SELECT src, dst, kind, doc, data FROM edges WHERE dst=?" + (" AND kind=?" if kind else "")
        args = (node_id, kind) if kind else (node_id,)
        return [self._edge_dict(r) for r in self.conn.execute(sql + " ORDER BY rowid", args)]

    def all_edges(self) -> Iterator[dict[str, Any]]:
        for row in self.conn.execute("SELECT src, dst, kind, doc, data FROM edges ORDER BY rowid"):
            yield self._edge_dict(row)

    def document(self, key: str) -> dict[str, Any] | None:
        row = self.conn.execute("SELECT key, title, revision, path, form, sha256, ingested_at, meta "
                                "FROM documents WHERE key=?", (key,)).fetchone()
        return self._doc_dict(row) if row else None

    @staticmethod
    def _doc_dict(row) -> dict[str, Any]:
        return {"key": row[0], "title": row[1], "revision": row[2], "path": row[3], "form": row[4],
                "sha256": row[5], "ingested_at": row[6], "meta": _loads(row[7])}

    def documents(self) -> list[dict[str, Any]]:
        return [self._doc_dict(r) for r in self.conn.execute(
            "SELECT key, title, revision, path, form, sha256, ingested_at, meta FROM documents ORDER BY key")]

    def counts(self) -> dict[str, int]:
        """Rows per node kind, plus ``documents``, ``nodes`` and ``edges`` totals."""
        out = {k: n for k, n in self.conn.execute("SELECT kind, count(*) FROM nodes GROUP BY kind")}
        out["documents"] = self.conn.execute("SELECT count(*) FROM documents").fetchone()[0]
        out["nodes"] = self.conn.execute("SELECT count(*) FROM nodes").fetchone()[0]
        out["edges"] = self.conn.execute("SELECT count(*) FROM edges").fetchone()[0]
        return out

    # ----------------------------------------------------------------- writing
    def upsert_node(self, node_id: str, kind: str, title: str = "", text: str = "",
                    data: dict[str, Any] | None = None, doc: str | None = None, replace: bool = False) -> None:
        """Insert a node, or merge into an existing one.

        ``replace=False`` (default): keep what is known, fill what is missing (title/text/data keys).
        ``replace=True``: new title/text/data keys win (data is merged, ``None`` values are dropped)."""
        data = {k: v for k, v in (data or {}).items() if v is not None}
        row = (node_id, kind, doc, title or "", text or "", self._tokens(f"{title or ''} {text or ''}"),
               _dumps(data))
        if replace:
            self.conn.execute(
                f"INSERT INTO nodes({_NODE_COLS}) VALUES(?,?,?,?,?,?,?) ON CONFLICT(id) DO UPDATE SET "
                "kind=excluded.kind, doc=coalesce(excluded.doc, nodes.doc), "
                "title=coalesce(nullif(excluded.title,''), nodes.title), "
                "text=coalesce(nullif(excluded.text,''), nodes.text), "
                "tokens=coalesce(nullif(excluded.tokens,''), nodes.tokens), "
                "data=json_patch(coalesce(nodes.data,'{}'), excluded.data)", row)
        else:
            self.conn.execute(_UPSERT_FILL, row)

    def add_edge(self, src: str, dst: str, kind: str, doc: str | None = None,
                 data: dict[str, Any] | None = None) -> None:
        self.conn.execute(_INSERT_EDGE, (src, dst, kind, doc, _dumps(data) if data else None))

    def is_unchanged(self, raw: RawDocument) -> bool:
        row = self.conn.execute("SELECT sha256 FROM documents WHERE key=?", (document_key(raw),)).fetchone()
        return bool(row) and row[0] == text_hash(raw)

    def delete_document(self, key: str) -> bool:
        """Remove a document and every node/edge it owns; its rules become global stubs if still cited."""
        with self.transaction():
            found = self.conn.execute("DELETE FROM documents WHERE key=?", (key,)).rowcount > 0
            self._delete_owned(key)
        return found

    def _delete_owned(self, key: str) -> None:
        c = self.conn
        # a rule may be cited by other documents: keep it as a stub instead of deleting it
        c.execute("UPDATE nodes SET doc=NULL, text='', tokens='', "
                  "data=json_object('number', json_extract(data,'$.number'), 'stub', 1) "
                  "WHERE doc=? AND kind='rule'", (key,))
        c.execute("DELETE FROM nodes WHERE doc=?", (key,))
        c.execute("DELETE FROM edges WHERE doc=?", (key,))

    @property
    def card_table(self):
        """Bundled card table extended with the store's cards (``kb.cards.CardTable.from_store``), cached."""
        if self._card_table is None:
            self._card_table = CardTable.from_store(self)
        return self._card_table

    @property
    def has_card_file(self) -> bool:
        """Whether a card file (or MTG Wiki's card names) was loaded into this store (asked again whenever
        the card table is rebuilt, e.g. after ``ingest --cards``)."""
        table = self.card_table
        if getattr(self, "_card_file_of", None) is not table:
            try:
                loaded = self.conn.execute("SELECT 1 FROM cards LIMIT 1").fetchone() is not None
            except sqlite3.OperationalError:
                loaded = False
            self._card_file_of, self._card_file = table, loaded
        return self._card_file

    def is_card(self, ref: CardRef) -> bool:
        """Whether a reference names a card. Cards come only from card sources: a ``{{#card}}`` box always
        (a card the card file lacks stays a card, shown as not in the card file); a page title only when it
        resolves to a card; a ``[[JA/EN]]`` link, a table cell, a 《》 name or a claim's card when it resolves,
        or when no card file is loaded (then the link form is all there is to go by). A set, a person, a
        file name or a rule number (``[[テーロス/Theros]]``, a page titled ``603``) never becomes a card."""
        if ref.via == "template":
            return True
        if ref.via != "title" and not self.has_card_file:
            return True
        return any(self.card_table.resolve(n.strip(), fuzzy=False) is not None
                   for n in (ref.name_en, ref.name_ja) if n and n.strip())

    def resolve_card(self, ref: CardRef) -> tuple[str, str | None, str | None]:
        """(node id, name_en, name_ja) for a card reference (docs/design.md: ``card:{name_en}``)."""
        name_en, name_ja = (ref.name_en or "").strip() or None, (ref.name_ja or "").strip() or None
        for name in (name_en, name_ja):
            # exact/normalised names only: a guess must never merge two cards
            match = self.card_table.resolve(name, fuzzy=False) if name else None
            if match is not None:
                name_en = match.card.name
                name_ja = match.card.name_ja or name_ja
                break
        if name_en:
            return f"card:{name_en}", name_en, name_ja
        return f"card:ja:{name_ja}", None, name_ja

    def write_document(self, doc: ExtractedDocument) -> str:
        """Store one extracted document in one transaction: "added", "replaced" or "unchanged"."""
        rows = self.prepare(doc)
        return "unchanged" if rows is None else self.commit(rows)

    def prepare(self, doc: ExtractedDocument, tokens: bool = True) -> "_DocumentRows | None":
        """The rows of a document (tokens and JSON built outside any transaction, so the write lock stays
        short); None when the stored text hash is the same.  ``tokens=False`` leaves the search tokens to
        :meth:`commit` (e.g. in a writer process that has the tokenizer and its cache)."""
        key = document_key(doc.raw)
        sha = text_hash(doc.raw)
        row = self.conn.execute("SELECT sha256 FROM documents WHERE key=?", (key,)).fetchone()
        if row and row[0] == sha:
            return None
        rows = _DocumentRows(self, doc, key)
        if not tokens:
            rows.tokens = lambda text: None
        rows.build()
        rows.sha = sha
        rows.doc = None                  # the rows are all that is written: let the facts go
        return rows

    def commit(self, rows: "_DocumentRows") -> str:
        """Write prepared rows (from this process or another) in one transaction: "added", "replaced" or
        "unchanged"."""
        raw, key, sha = rows.raw, rows.key, rows.sha
        die_after = os.environ.get("MTGKB_TEST_DIE_AFTER")
        if self._defer_after is not None and not self._deferring and self._nodes_written >= self._defer_after:
            # marked stale before anything is left out: whatever this connection writes from now on
            complete = not is_stale(self.conn)
            self.conn.execute("INSERT OR IGNORE INTO settings(key, value) VALUES(?, '1')", (STALE,))
            defer(self.conn)
            self._deferring = True
            self._catch_up = CatchUp(self.conn) if complete else None
        with self.transaction() as c:
            row = c.execute("SELECT sha256 FROM documents WHERE key=?", (key,)).fetchone()
            if row and row[0] == sha:
                return "unchanged"
            status = "replaced" if row else "added"
            if self._deferring:             # this transaction writes nodes without their index rows
                c.execute("INSERT OR IGNORE INTO settings(key, value) VALUES(?, '1')", (STALE,))
            if row:
                self._delete_owned(key)
            c.execute("INSERT OR REPLACE INTO documents(key, title, revision, path, form, sha256, ingested_at, meta) "
                      "VALUES(?,?,?,?,?,?,?,?)",
                      (key, raw.title, raw.revision, raw.path, raw.form, sha,
                       time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()), _dumps(raw.meta or {})))
            rows.skip_written(self._globals_written)
            rows.fill_tokens(self._tokens)
            rows.write(c, die_after is not None and self._writes >= int(die_after))
        self._writes += 1
        self._nodes_written += len(rows.owned) + len(rows.rules) + len(rows.globals) + len(rows.stubs)
        if len(self._globals_written) > 200_000:
            self._globals_written.clear()
        for table in (rows.globals, rows.stubs):
            for node_id, row in table.items():
                self._globals_written[node_id] = row[6]
        return status


# ---------------------------------------------------------------------------------------------------------
class _DocumentRows:
    """Turns one ExtractedDocument into node and edge rows (built before the transaction opens)."""

    def __init__(self, store: Store, doc: ExtractedDocument, key: str):
        self.store, self.doc, self.key = store, doc, key
        self.raw = doc.raw
        self.owned: dict[str, tuple] = {}
        self.rules: dict[str, tuple] = {}
        self.globals: dict[str, tuple] = {}
        self.stubs: dict[str, tuple] = {}
        self.edges: list[tuple] = []
        self.spellings: set[tuple[str, str]] = set()     # (JA spelling, EN name) seen in [[JA/EN]] links
        self._edge_seen: set[tuple] = set()
        self.tokens = store._tokens

    # helpers -------------------------------------------------------------
    def _node(self, target: dict, node_id: str, kind: str, title: str, text: str, data: dict, doc=True):
        if node_id in target:
            return
        if not doc:
            blob = _dumps({k: v for k, v in data.items() if v is not None})
            if self.store._globals_written.get(node_id) == blob:
                return                   # written by an earlier document of this session, unchanged
        else:
            blob = _dumps(data)
        target[node_id] = (node_id, kind, self.key if doc else None, title or "", text or "",
                           self.tokens(f"{title or ''} {text or ''}"), blob)

    def _edge(self, src: str, dst: str | None, kind: str, data: dict | None = None) -> None:
        if dst is None:                      # a reference that names no card (kb.store.Store.is_card)
            return
        k = (src, dst, kind)
        if k in self._edge_seen:
            return
        self._edge_seen.add(k)
        self.edges.append((src, dst, kind, self.key, _dumps(data) if data else None))

    def _prov(self, prov, line=None) -> dict:
        return {"document": prov.document if prov and prov.document else self.raw.title,
                "key": self.key, "revision": self.raw.revision,
                "section": list(prov.section) if prov else [],
                "line": (prov.line if prov and prov.line is not None else line)}

    def _section_of(self, line: int | None) -> str:
        """The id of the section holding a (file) line, or the document node."""
        if line is None or not self.sec_lines:
            return self.doc_id
        i = bisect.bisect_right(self.sec_lines, line) - 1
        return self.sec_ids[i] if i >= 0 else self.doc_id

    def _card(self, ref: CardRef) -> str | None:
        """The card node a reference names, or None when it names no card (:meth:`Store.is_card`)."""
        if not self.store.is_card(ref):
            return None
        node_id, name_en, name_ja = self.store.resolve_card(ref)
        if ref.via == "link" and ref.name_ja and name_en:
            self.spellings.add((ref.name_ja.strip(), name_en))
        self._node(self.globals, node_id, "card", name_en or name_ja or "", name_ja or "",
                   {"name_en": name_en, "name_ja": name_ja}, doc=False)
        return node_id

    def _card_en(self, name: str) -> str | None:
        return self._card(CardRef(name_ja=None, name_en=name, via="claim", prov=None))

    def _rule_target(self, number: str) -> str:
        number = number.strip()
        node_id = f"rule:{number}"
        if node_id not in self.rules:
            self._node(self.stubs, node_id, "rule", number, "", {"number": number, "stub": 1}, doc=False)
        return node_id

    def _page_card(self, title: str) -> str | None:
        """The card node a page is about, when the page is a card's own page: its title is a card link
        (``魂の管理人/Soul Warden``), an English card name, or a Japanese card name of three or more
        characters — and not a term of the keyword lexicon (誘発 and 無効 name cards too, but a page titled
        so is about the word)."""
        title = title.strip()
        if title in _keyword_lexicon():
            return None
        parts = split_title(title)
        if len(parts) == 2:
            ref = CardRef(name_ja=parts[0], name_en=parts[1], via="title", prov=None)
        elif title.isascii():
            ref = CardRef(name_ja=None, name_en=title, via="title", prov=None)
        elif len(title) > 2:
            ref = CardRef(name_ja=title, name_en=None, via="title", prov=None)
        else:
            return None
        if not self.store.is_card(ref):
            return None
        node_id, name_en, _ = self.store.resolve_card(ref)
        if not name_en or (ref.name_en and ref.name_en != name_en):
            return None
        return self._card(ref)

    @functools.cached_property
    def _page(self) -> tuple[str | None, set[str]]:
        """The page's card node (if it is a card's own page) and the names that stand for it."""
        title = self.raw.title.strip()
        card = self._page_card(title)
        return card, ({title, *split_title(title)} if card else set())

    def _topic(self, name: str) -> str:
        """The node a page-derived topic name stands for: the page's card on a card's own page (the title
        ``魂の管理人/Soul Warden`` and either half of it), otherwise a keyword node."""
        card, names = self._page
        return card if card and name.strip() in names else self._keyword(name)

    def _keyword(self, name: str) -> str:
        name = name.strip()
        parts = split_title(name)
        ja = parts[0]
        en = parts[1] if len(parts) > 1 else (_keyword_lexicon().get(ja) or None)
        node_id = f"kw:{ja}"
        self._node(self.globals, node_id, "keyword", ja, "", {"name": ja, "name_en": en} if en else {"name": ja},
                   doc=False)
        return node_id

    # build ----------------------------------------------------------------
    def build(self) -> None:
        doc, raw, key = self.doc, self.raw, self.key
        lines = raw.text.split("\n")
        off = raw.line_offset or 0
        self.doc_id = f"doc:{key}"
        sections = sorted(doc.sections, key=lambda s: (s.prov.line or 0))
        self.sec_ids = [f"sec:{key}:{n}" for n in range(1, len(sections) + 1)]
        self.sec_lines = [s.prov.line or 0 for s in sections]
        first_heading = (self.sec_lines[0] - off - 1) if sections else len(lines)
        lead = "\n".join(lines[:max(first_heading, 0)]).strip()
        doc_data = {"key": key, "title": raw.title, "revision": raw.revision, "path": raw.path, "form": raw.form,
                    "meta": raw.meta or {}, "document": raw.title, "section": [], "line": off + 1 if lines else None,
                    "keywords": list(doc.keywords)}
        if doc.unparsed:
            doc_data["unparsed"] = [{"id": e.id, "text": e.text, "reason": e.reason, **self._prov(e.prov)}
                                  for e in doc.unparsed]
        if doc.warnings:
            doc_data["warnings"] = [{"line": ln, "message": m} for ln, m in doc.warnings]
        self._node(self.owned, self.doc_id, "document", raw.title, lead[:4000], doc_data)

        # sections: own text = lines from the heading to the next heading
        stack: list[tuple[int, str]] = []
        for i, s in enumerate(sections):
            start = (s.prov.line or 0) - off - 1
            end = (self.sec_lines[i + 1] - off - 1) if i + 1 < len(sections) else len(lines)
            body = lines[start + 1:end] if 0 <= start < len(lines) else []
            data = {**self._prov(s.prov), "path": list(s.prov.section), "level": s.level}
            self._node(self.owned, self.sec_ids[i], "section", s.title, "\n".join(body).strip(), data)
            while stack and stack[-1][0] >= s.level:
                stack.pop()
            self._edge(stack[-1][1] if stack else self.doc_id, self.sec_ids[i], "contains")
            stack.append((s.level, self.sec_ids[i]))

        # tables and list items are kept compactly in their section's data
        extra: dict[str, dict[str, list]] = {}
        for t in doc.tables:
            sid = self._section_of(t.prov.line)
            extra.setdefault(sid, {}).setdefault("tables", []).append(
                {"line": t.prov.line,
                 "rows": [{"cells": [c.text for c in r.cells], "style": r.style, "line": r.prov.line}
                          for r in t.rows]})
        for it in doc.list_items:
            sid = self._section_of(it.prov.line)
            extra.setdefault(sid, {}).setdefault("items", []).append(
                {"text": it.text, "depth": it.depth, "line": it.prov.line})
        for sid, more in extra.items():
            row = self.owned[sid]
            data = json.loads(row[6])
            data.update(more)
            self.owned[sid] = row[:6] + (_dumps(data),)

        # rules (CR documents own their rule nodes)
        for r in doc.rules:
            rid = f"rule:{r.number}"
            title = f"{r.number} {r.title}" if r.title else r.number
            data = {**self._prov(r.prov), "number": r.number, "parent": r.parent, "title": r.title}
            self._node(self.rules, rid, "rule", title, r.text, data)
        for r in doc.rules:
            rid = f"rule:{r.number}"
            if r.parent:
                self._edge(self._rule_target(r.parent), rid, "subrule")
            for ex in r.examples:
                self._example(ex, rid)
        for ex in doc.examples:
            self._example(ex, f"rule:{ex.rule}" if ex.rule else None)

        for link in doc.links:
            target = link.target.strip()
            if not target:
                continue
            pid = f"page:{target}"
            self._node(self.globals, pid, "page", target, "", {"title": target}, doc=False)
            self._edge(self._section_of(link.prov.line), pid, "links_to")
        for ref in doc.card_refs:
            if not (ref.name_en or ref.name_ja):
                continue
            self._edge(self._section_of(ref.prov.line), self._card(ref), "mentions", {"via": ref.via})
        for ref in doc.rule_refs:
            self._edge(self._section_of(ref.prov.line), self._rule_target(ref.number), "cites", {"via": ref.via})
        for kw in doc.keywords:
            if kw and kw.strip():
                self._edge(self.doc_id, self._topic(kw), "defines")
        for cl in doc.claims:
            self._claim(cl)

    def _example(self, ex, rule_id: str | None) -> None:
        if ex.id in self.owned:
            return
        data = {**self._prov(ex.prov), "text": ex.text, "rule": ex.rule}
        self._node(self.owned, ex.id, "example", "", ex.text, data)
        if rule_id:
            self._rule_target(rule_id.split(":", 1)[1])
            self._edge(rule_id, ex.id, "has_example")
            self._edge(ex.id, rule_id, "cites")
        else:
            self._edge(self._section_of(ex.prov.line), ex.id, "has_example")
        for ref in ex.cards:
            if ref.name_en or ref.name_ja:
                self._edge(ex.id, self._card(ref), "mentions", {"via": ref.via})

    def _claim(self, cl) -> None:
        data = cl.to_dict()
        data.update(self._prov(cl.prov))
        self._node(self.owned, cl.id, "claim", cl.kind, cl.text, data)
        if cl.example_id and (cl.example_id in self.owned):
            self._edge(cl.example_id, cl.id, "has_claim")
        else:
            self._edge(self.doc_id, cl.id, "has_claim")
        if cl.subject:
            self._edge(cl.id, self._card_en(cl.subject), "about")
        for name in cl.cards:
            if name:
                self._edge(cl.id, self._card_en(name), "mentions")
        for kw in cl.keywords:
            if kw:
                self._edge(cl.id, self._topic(kw), "topic")

    def __getstate__(self) -> dict:
        """What a writer in another process needs: the rows, not the store, the facts or the text."""
        state = {k: v for k, v in self.__dict__.items() if k not in ("store", "doc", "tokens", "_edge_seen")}
        state["raw"] = dataclasses.replace(self.raw, text="", meta=json.loads(_dumps(self.raw.meta or {})))
        return state

    def fill_tokens(self, tokens: Callable[[str], str]) -> None:
        """Compute the search tokens that :meth:`Store.prepare` left out."""
        for table in (self.owned, self.rules, self.globals, self.stubs):
            for node_id, row in table.items():
                if row[5] is None:
                    table[node_id] = row[:5] + (tokens(f"{row[3]} {row[4]}"),) + row[6:]

    def skip_written(self, written: dict[str, str]) -> None:
        """Drop global nodes that an earlier commit of this session wrote with the same data."""
        for table in (self.globals, self.stubs):
            for node_id in [i for i, row in table.items() if written.get(i) == row[6]]:
                del table[node_id]

    # write (inside the store's transaction) ---------------------------------
    def write(self, c: sqlite3.Connection, die: bool = False) -> None:
        c.executemany(_UPSERT_FILL, self.globals.values())
        c.executemany(_INSERT_RULE, self.rules.values())
        c.executemany(_INSERT_OWNED, self.owned.values())
        if die:  # test hook: simulate a crash in the middle of a document's transaction
            os._exit(86)
        stubs = [s for i, s in self.stubs.items() if i not in self.rules]
        c.executemany(f"INSERT OR IGNORE INTO nodes({_NODE_COLS}) VALUES(?,?,?,?,?,?,?)", stubs)
        c.executemany(_INSERT_EDGE, self.edges)
        if self.spellings:
            for name, name_en in sorted(self.spellings):
                add_card_link(c, name, name_en)


@functools.lru_cache(maxsize=1)
def _keyword_lexicon() -> dict[str, str]:
    """Keyword name (and alias) → English name, from :func:`extractor.keywords`."""
    from extractor import keywords

    out: dict[str, str] = {}
    for r in keywords():
        for name in (r["ja"], *r["aliases"]):
            if name:
                out.setdefault(name, r["en"] or "")
    return out


# ------------------------------------------------------------------ the store of a command
DEFAULT_DB = "mtgkb.sqlite"


class StoreUnavailable(Exception):
    """The command cannot use its store; the reason is already printed. ``main`` exits with ``code``."""

    def __init__(self, message: str, code: int = 2):
        super().__init__(message)
        self.code = code


def _fail(args, message: str) -> None:
    if getattr(args, "json", False):
        print(json.dumps({"error": message}, ensure_ascii=False))
    print(f"error: {message}", file=sys.stderr)
    raise StoreUnavailable(message)


@contextlib.contextmanager
def open_store(args, readonly: bool = False, create: bool = False) -> Iterator:
    """The existing store ``args.db`` for a reading command, closed on exit.

    A missing, unreadable or damaged store prints an error naming the file (also as JSON with ``--json``)
    and raises ``StoreUnavailable`` (exit 2) instead of creating an empty store or showing a traceback.
    ``readonly``: a read-only ``sqlite3.Connection`` (never writes, never waits on a running ingest)
    instead of a ``kb.store.Store``.  ``create``: a missing store is created (``mtgkb ingest``)."""
    db = Path(args.db)
    if not db.is_file() and not (create and not db.exists()):
        _fail(args, f"{db}: is a folder, not a store file" if db.is_dir() else
              f"no store at {db} — run `mtgkb ingest` first (or pass --db FILE)")
    try:
        if readonly:
            probe_header(db)
            store = sqlite3.connect(f"{db.resolve().as_uri()}?mode=ro", uri=True)
            try:
                check_complete(store, str(db))
            except (StoreError, sqlite3.DatabaseError):
                store.close()
                raise
        else:
            store = Store(db, create=create)
    except (StoreError, OSError, sqlite3.DatabaseError) as e:
        _fail(args, str(e) if isinstance(e, StoreError) else f"{db}: cannot open store: {e}")
    try:
        yield store
    except sqlite3.DatabaseError as e:
        _fail(args, f"{db}: cannot read the store ({e}); ingest again into a new --db file")
    finally:
        store.close()
