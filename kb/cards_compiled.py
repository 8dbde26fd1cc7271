"""Behaviours compiled from Oracle text, kept in the store: compiled once, when ``ingest --cards`` loads
MTGJSON, so ``simulate`` and ``validate`` never recompile.

Tables (docs/design.md):

* ``compiled(text_hash, version, name_en, supported, reason, behaviour)`` — one row per distinct face text
  and compiler version; ``behaviour`` is the compiled spec (JSON) even when unsupported (``show card``).
* ``card_compiled(name_en, text_hash)`` — which face text each stored card name has.

``text_hash`` hashes everything ``engine.oracle.compile_card`` reads of a face (name, face name, text, types,
layout, side, and the names of the card's other faces); ``version`` is :func:`compiler_version`.  A repeated
load compiles only the texts not yet in ``compiled`` for the current version.
"""
from __future__ import annotations

import hashlib
import json
import os
import sqlite3
from functools import lru_cache
from pathlib import Path
from typing import Iterable

from engine.cardbase import Card

SCHEMA = """
CREATE TABLE IF NOT EXISTS compiled(text_hash TEXT NOT NULL, version TEXT NOT NULL, name_en TEXT NOT NULL,
                                    supported INTEGER NOT NULL, reason TEXT, behaviour JSON,
                                    PRIMARY KEY(text_hash, version));
CREATE TABLE IF NOT EXISTS card_compiled(name_en TEXT PRIMARY KEY, text_hash TEXT NOT NULL);
"""
PARALLEL_AT = 400           # groups to compile before worker processes pay for their start-up


@lru_cache(maxsize=1)
def compiler_version() -> str:
    """``engine.oracle.VERSION`` (when the compiler declares one) plus a hash of the compiler's sources and
    of the engine's handler lists: "supported" depends on both, so either changing invalidates the cache."""
    import ast
    import re

    import engine
    from engine import vocabulary
    from engine.game import TOKENS          # importing the game registers its handlers with the vocabulary

    # the compiler's sources are read, not imported: building its grammar takes most of a second, and
    # ``show card`` only needs to know which stored rows are current
    folder = Path(engine.__file__).parent / "oracle"
    h = hashlib.sha1()
    for p in sorted(folder.glob("*.py")):
        h.update(p.read_bytes())
    h.update(json.dumps([vocabulary.lists(), sorted(TOKENS), sorted(vocabulary.TOP_KEYS)],
                        sort_keys=True).encode())
    declared = re.search(r"^VERSION\s*=\s*(.+)$", (folder / "__init__.py").read_text(encoding="utf-8"), re.M)
    return f"{ast.literal_eval(declared.group(1).strip()) if declared else 0}-{h.hexdigest()[:12]}"


def face_of(card: Card) -> dict:
    """The MTGJSON face fields the compiler reads, rebuilt from a stored card."""
    face = {"name": card.full_name or card.name, "text": card.text or "", "types": list(card.types),
            "supertypes": list(card.supertypes), "subtypes": list(card.subtypes), "manaCost": card.cost,
            "power": card.power, "toughness": card.toughness, "loyalty": card.loyalty, "layout": card.layout,
            "side": card.side}
    if card.full_name:
        face["faceName"] = card.name
    return face


def text_hashes(group: list[Card]) -> list[str]:
    """One hash per face of a card (its faces' names are part of it: a transform front names its back)."""
    others = [c.name for c in group]
    return [hashlib.sha1(json.dumps([face_of(c), others], sort_keys=True).encode()).hexdigest() for c in group]


def compile_group(group: list[Card]) -> list[tuple[str, bool, str | None, dict | None]]:
    """(name, supported, reason, behaviour) per face of one card."""
    from engine.oracle import compile_card
    return [(c.name, c.supported, c.reason, c.behaviour) for c in compile_card([face_of(x) for x in group])]


def _compile_many(groups: list[list[Card]]) -> list[list[tuple]]:
    return [compile_group(g) for g in groups]


def compile_groups(groups: list[list[Card]], workers: int | None = None, many=None) -> list[list[tuple]]:
    """:func:`compile_group` over many cards; two worker processes on two cores when there are many.  ``many``
    (a module-level function, list of groups → list of results) replaces the English compile (kb.cards_ja)."""
    many = many or _compile_many
    workers = min(2, os.cpu_count() or 1) if workers is None else workers
    if workers <= 1 or len(groups) < PARALLEL_AT:
        return many(groups)
    from concurrent.futures import ProcessPoolExecutor

    from kb.lifeline import die_with_parent
    n = max(1, len(groups) // (workers * 8))          # small chunks: the long cards do not pile up on one side
    chunks = [groups[i:i + n] for i in range(0, len(groups), n)]
    # the workers end with this process, however it dies (a killed `mtgkb ingest --cards` leaves none)
    with ProcessPoolExecutor(max_workers=workers, initializer=die_with_parent) as ex:
        return [r for part in ex.map(many, chunks) for r in part]


def ensure_schema(conn: sqlite3.Connection) -> None:
    for stmt in SCHEMA.split(";"):
        if stmt.strip():
            conn.execute(stmt)


def store_compiled(conn: sqlite3.Connection, groups: Iterable[list[Card]], names: set[str] | None = None,
                   workers: int | None = None) -> dict:
    """Compile the faces whose text is new for this compiler version and record every face's text hash.
    ``names``: the card names the store kept (a same-named face of another card does not replace them).
    Runs inside the caller's transaction."""
    ensure_schema(conn)
    version = compiler_version()
    conn.execute("DELETE FROM compiled WHERE version != ?", (version,))      # stale: never read again
    have = {h for (h,) in conn.execute("SELECT text_hash FROM compiled WHERE version = ?", (version,))}
    todo, todo_hashes, links, seen = [], [], [], set()
    n_faces = 0
    for group in groups:
        hashes = text_hashes(group)
        n_faces += len(hashes)
        for c, h in zip(group, hashes):
            if c.name not in seen and (names is None or c.name in names):
                seen.add(c.name)
                links.append((c.name, h))
        if any(h not in have for h in hashes):
            todo.append(group)
            todo_hashes.append(hashes)
            have.update(hashes)
    rows = []
    for hashes, faces in zip(todo_hashes, compile_groups(todo, workers)):
        for h, (name, supported, reason, beh) in zip(hashes, faces):
            rows.append((h, version, name, int(supported), reason,
                         json.dumps(beh, ensure_ascii=False) if beh is not None else None))
    conn.executemany("INSERT OR REPLACE INTO compiled VALUES (?, ?, ?, ?, ?, ?)", rows)
    conn.execute("DELETE FROM card_compiled")
    conn.executemany("INSERT OR REPLACE INTO card_compiled(name_en, text_hash) VALUES (?, ?)", links)
    supported = conn.execute("SELECT count(*) FROM card_compiled k JOIN compiled c ON c.text_hash = k.text_hash "
                             "AND c.version = ? WHERE c.supported", (version,)).fetchone()[0]
    return {"compiled": len(rows), "reused": n_faces - len(rows), "supported_faces": supported,
            "compiler_version": version}


def stored(conn: sqlite3.Connection, name_en: str | None = None) -> dict[str, tuple[bool, str | None, str | None]]:
    """name_en -> (supported, reason, behaviour JSON) for the current compiler version (one name, or all)."""
    tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    if not {"compiled", "card_compiled"} <= tables:
        return {}
    q = ("SELECT k.name_en, c.supported, c.reason, c.behaviour FROM card_compiled k JOIN compiled c "
         "ON c.text_hash = k.text_hash AND c.version = ?")
    args: tuple = (compiler_version(),)
    if name_en is not None:
        q += " WHERE k.name_en = ?"
        args += (name_en,)
    return {n: (bool(s), r, b) for n, s, r, b in conn.execute(q, args)}


def stored_versions(conn: sqlite3.Connection) -> list[str]:
    """Compiler versions that have rows in the store (after a load: the current one only)."""
    try:
        return [v for (v,) in conn.execute("SELECT DISTINCT version FROM compiled")]
    except sqlite3.OperationalError:            # no compiled table: nothing was compiled
        return []


def attach(card: Card, supported: bool, reason: str | None, behaviour) -> None:
    """Hand a compiled result to the engine's card (``engine.behaviours.resolve`` reads it)."""
    spec = json.loads(behaviour) if isinstance(behaviour, str) else behaviour
    card.behaviour = spec if supported and spec else None
    card.behaviour_reason = None if supported else (reason or "not supported")


def attach_stored(table, conn: sqlite3.Connection) -> int:
    """Attach the store's compiled behaviours to a card table's cards; how many were supported."""
    n = 0
    for name, (supported, reason, beh) in stored(conn).items():
        card = table.get(name)
        if card is not None:
            attach(card, supported, reason, beh)
            n += supported
    return n


def behaviour_info(conn: sqlite3.Connection, name_en: str) -> dict:
    """What the engine runs for a card (``show card``): the hand-written entry (with its ``why``), else the
    stored compiled behaviour, else why there is none."""
    import engine.game  # noqa: F401 — behaviours are read against the engine's registered vocabulary
    from engine import behaviours

    hand = behaviours.get(name_en)
    row = stored(conn, name_en).get(name_en)
    out: dict = {"source": None, "supported": None, "reason": None, "spec": None}
    if row is not None:
        supported, reason, beh = row
        out.update(supported=supported, reason=reason, spec=json.loads(beh) if beh else None,
                   source="compiled" if supported else None)
    if hand is not None:
        out.update(source="hand-written", why=behaviours.why(name_en))
    elif row is None:
        stale = bool(stored_versions(conn))
        out["reason"] = ("compiled by another compiler/engine version: run `mtgkb ingest --cards FILE` again"
                         if stale else "not compiled (load the card file with `mtgkb ingest --cards FILE`)")
    return out
