"""The store's card tables (``cards``, ``card_names``; docs/design.md), the ``card:{name_en}`` nodes, and the
all-or-nothing transaction a card load runs in."""
from __future__ import annotations

import json
import sqlite3
from typing import Any

from engine.cardbase import Card, normalise_ja
from kb.db import connection_of

SCHEMA = """
CREATE TABLE IF NOT EXISTS cards(name_en TEXT PRIMARY KEY, name_ja TEXT, data JSON);
CREATE TABLE IF NOT EXISTS card_names(key TEXT NOT NULL, name TEXT NOT NULL, name_en TEXT NOT NULL,
                                      how TEXT NOT NULL);
CREATE UNIQUE INDEX IF NOT EXISTS card_names_key ON card_names(key, name_en, how);
CREATE INDEX IF NOT EXISTS cards_name_ja ON cards(name_ja);
CREATE TABLE IF NOT EXISTS card_keywords(keyword TEXT NOT NULL COLLATE NOCASE, name_en TEXT NOT NULL);
CREATE UNIQUE INDEX IF NOT EXISTS card_keywords_kw ON card_keywords(keyword, name_en);
"""


def ensure_schema(store: Any) -> None:
    """Create ``cards``, ``card_names`` and ``card_keywords`` (and nothing else) if missing; safe inside a
    transaction."""
    conn = connection_of(store)
    for stmt in SCHEMA.split(";"):
        if stmt.strip():
            conn.execute(stmt)


class _Savepoint:
    """All or nothing: a savepoint (a transaction of its own when none is open; else nested in the caller's)."""

    def __init__(self, conn: sqlite3.Connection, name: str = "cards_load"):
        self.conn, self.name = conn, name

    def __enter__(self):
        self.conn.execute(f"SAVEPOINT {self.name}")
        return self

    def __exit__(self, exc_type, exc, tb):
        if exc_type is not None:
            self.conn.execute(f"ROLLBACK TO {self.name}")
        self.conn.execute(f"RELEASE {self.name}")
        return False


def token_text(title: str, text: str | None) -> str:
    try:
        from kb.tokens import tokens_for
    except ImportError:  # pragma: no cover
        return ""
    return tokens_for(f"{title} {text or ''}".strip())


def _settings_put(conn: sqlite3.Connection, key: str, value: str) -> None:
    conn.execute("INSERT OR REPLACE INTO settings(key, value) VALUES (?, ?)", (key, value))


def transaction(store: Any):
    tx = getattr(store, "transaction", None)
    return tx() if callable(tx) else _Savepoint(connection_of(store))


class CardWriter:
    """Writes cards, their names and their ``card:{name_en}`` nodes; a whole card wins its name over a
    same-named face of another card, and the first of two same-named faces wins."""

    def __init__(self, store: Any):
        self.store, self.conn = store, connection_of(store)
        self.upsert = getattr(store, "upsert_node", None)
        self.seen: dict[str, bool] = {}            # name_en -> written by a face

    def write(self, cards: list[Card]) -> None:
        card_rows, name_rows, kw_rows = [], [], []
        for c in cards:
            face = c.is_face
            if c.name in self.seen and (face or not self.seen[c.name]):
                continue
            self.seen[c.name] = face
            card_rows.append((c.name, c.name_ja, json.dumps(c.to_data(rulings=False), ensure_ascii=False)))
            names = [(c.name, "en"), (c.name_ja, "ja")]
            if c.full_name and c.side in (None, "a"):
                names += [(c.full_name, "full_en"), (c.full_name_ja, "full_ja")]
            name_rows += [(normalise_ja(n), n, c.name, how) for n, how in names if n]
            kw_rows += [(k, c.name) for k in c.keywords or ()]
            self._node(c)
        self.conn.executemany("INSERT OR REPLACE INTO cards(name_en, name_ja, data) VALUES (?, ?, ?)", card_rows)
        self.conn.executemany("INSERT OR IGNORE INTO card_names(key, name, name_en, how) VALUES (?, ?, ?, ?)",
                              name_rows)
        # the cards that have a keyword, by an index (a keyword page never reads the whole card file)
        self.conn.executemany("INSERT OR IGNORE INTO card_keywords(keyword, name_en) VALUES (?, ?)", kw_rows)

    def _node(self, c: Card) -> None:
        if callable(self.upsert):
            self.upsert(f"card:{c.name}", "card", title=c.name, text=c.name_ja or "", data=c.node_data(),
                        replace=True)
        else:
            self.conn.execute("INSERT OR REPLACE INTO nodes(id, kind, doc, title, text, tokens, data) "
                              "VALUES (?, 'card', NULL, ?, ?, ?, ?)",
                              (f"card:{c.name}", c.name, c.name_ja or "", token_text(c.name, c.name_ja),
                               json.dumps(c.node_data(), ensure_ascii=False)))


def set_setting(store: Any, key: str, value: str) -> None:
    setter = getattr(store, "set_setting", None)
    if callable(setter):
        setter(key, value)
    else:
        _settings_put(connection_of(store), key, value)
