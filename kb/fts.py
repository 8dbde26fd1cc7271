"""The FTS5 index of the store's ``nodes`` (part of the store's schema, kept in sync by triggers):

* ``nodes_tri`` — ``tokenize='trigram'`` over title and text: any substring of three or more characters;
* ``nodes_tok`` — ``unicode61`` over ``nodes.tokens`` (Sudachi words, see :mod:`kb.tokens`): the
  one- and two-character terms trigrams cannot find (誘発, 信心, 神).

:mod:`kb.search` queries it.
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
