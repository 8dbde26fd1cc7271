"""The FTS5 index of the store's ``nodes`` (part of the store's schema, kept in sync by triggers):

* ``nodes_tri`` — ``tokenize='trigram'`` over title and text: any substring of three or more characters;
* ``nodes_tok`` — ``unicode61`` over ``nodes.tokens`` (Sudachi words, see :mod:`kb.tokens`): the
  one- and two-character terms trigrams cannot find (誘発, 信心, 神).

:mod:`kb.search` queries it.

A large ingest defers the index (:func:`defer`): its writer's connection leaves out the triggers' FTS writes,
and the rows left out are indexed in a few large batches (:class:`CatchUp`, while the writer waits and at
the end; else the index is rebuilt from ``nodes`` at the end, :func:`heal`) — FTS5 writes a segment per
transaction, so indexing document by document (one transaction each) cost about as much as all the rest of
the writing.  While any node may lack its index rows, the store holds the setting :data:`STALE` (committed in
the same transaction as such rows); only the last batch or a rebuild removes it, and a writable store that
finds it (an ingest killed meanwhile) rebuilds first (``kb.store.Store``), so trigger writes never meet a stale
index for long.
"""
from __future__ import annotations

import sqlite3

from kb.tokens import tokens_for

SCHEMA = """
CREATE VIRTUAL TABLE IF NOT EXISTS nodes_tri USING fts5(
    title, text, content='nodes', content_rowid='rowid', tokenize='trigram');
CREATE VIRTUAL TABLE IF NOT EXISTS nodes_tok USING fts5(
    tokens, content='nodes', content_rowid='rowid', tokenize='unicode61 remove_diacritics 2');
CREATE TRIGGER IF NOT EXISTS nodes_fts_insert AFTER INSERT ON nodes BEGIN
    INSERT INTO nodes_tri(rowid, title, text) VALUES (new.rowid, new.title, new.text);
    INSERT INTO nodes_tok(rowid, tokens) VALUES (new.rowid, new.tokens);
END;
CREATE TRIGGER IF NOT EXISTS nodes_fts_delete AFTER DELETE ON nodes BEGIN
    INSERT INTO nodes_tri(nodes_tri, rowid, title, text) VALUES ('delete', old.rowid, old.title, old.text);
    INSERT INTO nodes_tok(nodes_tok, rowid, tokens) VALUES ('delete', old.rowid, old.tokens);
END;
CREATE TRIGGER IF NOT EXISTS nodes_fts_update AFTER UPDATE ON nodes BEGIN
    INSERT INTO nodes_tri(nodes_tri, rowid, title, text) VALUES ('delete', old.rowid, old.title, old.text);
    INSERT INTO nodes_tok(nodes_tok, rowid, tokens) VALUES ('delete', old.rowid, old.tokens);
    INSERT INTO nodes_tri(rowid, title, text) VALUES (new.rowid, new.title, new.text);
    INSERT INTO nodes_tok(rowid, tokens) VALUES (new.rowid, new.tokens);
END;
"""


def install(conn: sqlite3.Connection) -> None:
    """Create the FTS tables and their triggers on ``nodes`` (idempotent).

    Also turns on ``recursive_triggers`` for this connection so that an ``INSERT OR REPLACE`` on nodes
    fires the delete trigger and the index stays consistent.  A store that already has nodes but no index
    gets one built (tokens included)."""
    conn.execute("PRAGMA recursive_triggers = ON")
    had = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE name IN ('nodes_tri', 'nodes_tok')")}
    for statement in _statements(SCHEMA):      # not executescript: that would commit an open transaction
        conn.execute(statement)
    if len(had) < 2 and conn.execute("SELECT 1 FROM nodes LIMIT 1").fetchone():
        # a store written before the index existed: index what it holds, or later deletes would corrupt it
        rebuild(conn, retokenize=True)


def _statements(script: str) -> list[str]:
    out, buf = [], ""
    for line in script.splitlines(keepends=True):
        buf += line
        if sqlite3.complete_statement(buf):
            out.append(buf.strip())
            buf = ""
    return out


def rebuild(conn: sqlite3.Connection, retokenize: bool = False) -> None:
    """Re-populate both FTS tables from ``nodes`` (optionally recomputing ``nodes.tokens`` first)."""
    install(conn)
    conn.execute("SAVEPOINT search_rebuild")
    try:
        if retokenize:
            rows = conn.execute("SELECT rowid, title, text FROM nodes").fetchall()
            # the update trigger would 'delete' entries the index may not hold: drop it meanwhile
            conn.execute("DROP TRIGGER IF EXISTS nodes_fts_update")
            conn.executemany("UPDATE nodes SET tokens = ? WHERE rowid = ?",
                             [(tokens_for(f"{t or ''} {x or ''}"), r) for r, t, x in rows])
            install(conn)
        conn.execute("INSERT INTO nodes_tri(nodes_tri) VALUES ('rebuild')")
        conn.execute("INSERT INTO nodes_tok(nodes_tok) VALUES ('rebuild')")
    except BaseException:
        conn.execute("ROLLBACK TO search_rebuild")
        conn.execute("RELEASE search_rebuild")
        raise
    conn.execute("RELEASE search_rebuild")


def check(conn: sqlite3.Connection) -> None:
    """Raise sqlite3.DatabaseError if an FTS index disagrees with ``nodes``."""
    conn.execute("INSERT INTO nodes_tri(nodes_tri, rank) VALUES ('integrity-check', 1)")
    conn.execute("INSERT INTO nodes_tok(nodes_tok, rank) VALUES ('integrity-check', 1)")


# the setting present while the index may lack rows of ``nodes`` (see the module docstring)
STALE = "search_index_stale"
_FTS_TABLES = frozenset({"nodes_tri", "nodes_tok"})


def _skip_index(action: int, arg1: str | None, _arg2, _db, trigger: str | None) -> int:
    """Authorizer of a deferring connection: the ``nodes_fts_*`` triggers' writes into the FTS tables
    (inserts and ``'delete'`` commands alike) are left out of every statement it prepares; nothing else."""
    if action == sqlite3.SQLITE_INSERT and arg1 in _FTS_TABLES and (trigger or "").startswith("nodes_fts_"):
        return sqlite3.SQLITE_IGNORE
    return sqlite3.SQLITE_OK


def _allow(*_args) -> int:
    return sqlite3.SQLITE_OK


def defer(conn: sqlite3.Connection) -> None:
    """From now on this connection writes nodes without their FTS rows (the caller marks :data:`STALE` in
    each transaction that does).  Setting an authorizer expires the connection's prepared statements, so
    the cached ones are prepared again without the FTS writes."""
    conn.set_authorizer(_skip_index)


def undefer(conn: sqlite3.Connection) -> None:
    """This connection's triggers write the FTS rows again.  Clearing an authorizer does not expire prepared
    statements (a cached one would go on skipping the index): an allow-all one is set first, which does."""
    conn.set_authorizer(_allow)
    conn.set_authorizer(None)


def is_stale(conn: sqlite3.Connection) -> bool:
    try:
        return conn.execute("SELECT 1 FROM settings WHERE key=?", (STALE,)).fetchone() is not None
    except sqlite3.OperationalError:        # no settings table yet
        return False


def heal(conn: sqlite3.Connection) -> bool:
    """Rebuild the index from ``nodes`` and drop :data:`STALE`, in one transaction, if the store is marked
    stale; returns whether it was.  The connection must not be deferring (:func:`undefer`)."""
    if not is_stale(conn):
        return False
    conn.execute("BEGIN IMMEDIATE")
    try:
        if is_stale(conn):                  # another process may have healed it meanwhile
            rebuild(conn)
            conn.execute("DELETE FROM settings WHERE key=?", (STALE,))
    except BaseException:
        conn.execute("ROLLBACK")
        raise
    conn.execute("COMMIT")
    return True


# the rows a deferring connection updates or deletes, with the values the index held for them (the first
# change since the last catch-up wins: later ones see values the index never held).  NOT EXISTS, not OR
# IGNORE: an outer statement's conflict clause (INSERT OR REPLACE) would override the trigger's
_TOUCHED = """
CREATE TEMP TABLE IF NOT EXISTS fts_touched(id INTEGER PRIMARY KEY, title, text, tokens);
CREATE TEMP TRIGGER IF NOT EXISTS fts_touched_update AFTER UPDATE ON main.nodes BEGIN
    INSERT INTO fts_touched(id, title, text, tokens) SELECT old.rowid, old.title, old.text, old.tokens
    WHERE NOT EXISTS (SELECT 1 FROM fts_touched WHERE id = old.rowid);
END;
CREATE TEMP TRIGGER IF NOT EXISTS fts_touched_delete AFTER DELETE ON main.nodes BEGIN
    INSERT INTO fts_touched(id, title, text, tokens) SELECT old.rowid, old.title, old.text, old.tokens
    WHERE NOT EXISTS (SELECT 1 FROM fts_touched WHERE id = old.rowid);
END;
"""


class CatchUp:
    """The index rows a deferring connection leaves out, written a batch at a time (:meth:`step`) — while
    the writer waits for the next document, and the rest at the end — instead of rebuilding the whole index
    once the ingest is over.  Made when deferral starts on a complete index (not :data:`STALE`): every row up
    to :attr:`upto` is indexed, as the triggers would have it.  A step indexes the rows written since, and for
    the rows up to :attr:`upto` that were updated or deleted meanwhile (logged by temp triggers with the
    values the index held) does what the update / delete triggers would have done.  The index is then what
    the triggers (or a rebuild) give.  Another connection's commit meanwhile (``PRAGMA data_version``; e.g. a
    rebuild) ends it (:attr:`ok` false): the caller rebuilds instead (:func:`heal`)."""

    def __init__(self, conn: sqlite3.Connection):
        self.conn = conn
        for statement in _statements(_TOUCHED):
            conn.execute(statement)
        conn.execute("DELETE FROM temp.fts_touched")
        self.upto = conn.execute("SELECT coalesce(max(rowid), 0) FROM nodes").fetchone()[0]
        self.version = conn.execute("PRAGMA data_version").fetchone()[0]
        self.ok = True

    def pending(self) -> int:
        """Rows written since the last step (new rowids; updated ones not counted)."""
        return self.conn.execute("SELECT coalesce(max(rowid), 0) FROM nodes").fetchone()[0] - self.upto

    def step(self) -> bool:
        """Index what was written since the last step; inside the caller's write transaction (``BEGIN
        IMMEDIATE``: nothing else writes meanwhile).  False (and nothing written) once :attr:`ok` is false."""
        c = self.conn
        if self.ok and c.execute("PRAGMA data_version").fetchone()[0] != self.version:
            self.ok = False                  # another connection wrote the store: what the index holds is unknown
        if not self.ok:
            return False
        top = c.execute("SELECT coalesce(max(rowid), 0) FROM nodes").fetchone()[0]
        # the delete trigger's work for the indexed rows changed since (with their values as indexed) …
        c.execute("INSERT INTO nodes_tri(nodes_tri, rowid, title, text) "
                  "SELECT 'delete', id, title, text FROM temp.fts_touched WHERE id <= ? ORDER BY id", (self.upto,))
        c.execute("INSERT INTO nodes_tok(nodes_tok, rowid, tokens) "
                  "SELECT 'delete', id, tokens FROM temp.fts_touched WHERE id <= ? ORDER BY id", (self.upto,))
        # … and the insert trigger's for those still there and for the rows written since
        rows = ("SELECT rowid, {} FROM nodes WHERE rowid IN (SELECT id FROM temp.fts_touched WHERE id <= ?) "
                "OR (rowid > ? AND rowid <= ?) ORDER BY rowid")
        c.execute(f"INSERT INTO nodes_tri(rowid, title, text) {rows.format('title, text')}", (self.upto, self.upto, top))
        c.execute(f"INSERT INTO nodes_tok(rowid, tokens) {rows.format('tokens')}", (self.upto, self.upto, top))
        c.execute("DELETE FROM temp.fts_touched")
        self.upto = top
        return True

    def close(self) -> None:
        """Drop the temp triggers (the connection stops logging)."""
        for name in ("fts_touched_update", "fts_touched_delete"):
            self.conn.execute(f"DROP TRIGGER IF EXISTS temp.{name}")
        self.conn.execute("DROP TABLE IF EXISTS temp.fts_touched")
