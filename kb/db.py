"""SQLite helpers every module of the store side shares (a :class:`kb.store.Store` or a bare connection)."""
from __future__ import annotations

import sqlite3
from typing import Any


def connection_of(store: Any) -> sqlite3.Connection:
    """The SQLite connection of a :class:`Store`, or the connection itself."""
    if isinstance(store, sqlite3.Connection):
        return store
    conn = getattr(store, "conn", None)
    if isinstance(conn, sqlite3.Connection):
        return conn
    raise TypeError(f"needs a kb.store.Store or an sqlite3.Connection, not {store!r}")


def table_names(conn: sqlite3.Connection) -> set[str]:
    """The names of the tables in ``conn``'s main database."""
    return {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
