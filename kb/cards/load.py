"""Loading an AtomicCards file into a store (one transaction): cards, names, nodes, compiled behaviours,
then MTG Wiki names."""
from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from engine.cardbase import Card
from kb.cards.mtgjson import _iter_atomic
from kb.cards.sql import CardWriter, ensure_schema, set_setting, transaction
from kb.cards.wiki_names import JPNAMES_FILE, _read_jpnames, _store_wiki_names
from kb.db import connection_of


def load_mtgjson_into(store: Any, path: str | Path, jpnames: str | Path | None = None,
                      compile: bool = True) -> dict:
    """Load an AtomicCards file into the store in one transaction; returns a summary dict.

    Streams the file (ijson); writes ``cards``, ``card_names`` and ``card:{name_en}`` nodes; applies MTG
    Wiki names from ``jpnames`` (default: ``mtgwiki-jpnames.json`` beside ``path``, if present); remembers
    ``cards_path`` (and ``jpnames_path``) in the store settings; with ``compile`` compiles every face's Oracle
    text not yet compiled by this compiler version (``kb.cards_compiled``). On a bad file raises
    :class:`CardError` and leaves the store unchanged.
    """
    path = Path(path)
    t0 = time.perf_counter()
    jp_path = Path(jpnames) if jpnames else path.with_name(JPNAMES_FILE)
    pairs = _read_jpnames(jp_path) if (jpnames or jp_path.exists()) else None
    conn = connection_of(store)
    summary: dict = {"path": str(path.resolve()), "cards": 0, "faces": 0}
    with transaction(store):
        ensure_schema(conn)
        conn.execute("DELETE FROM card_names WHERE how NOT IN ('link')")
        conn.execute("DELETE FROM cards")
        conn.execute("DELETE FROM card_keywords")
        writer = CardWriter(store)
        batch: list[Card] = []
        groups: list[list[Card]] = []            # compiled after the load (kb.cards_compiled), cached by text
        for _key, faces in _iter_atomic(path):
            summary["cards"] += 1
            summary["faces"] += len(faces)
            batch += faces
            groups.append(faces)
            if len(batch) >= 2000:
                writer.write(batch)
                batch = []
        writer.write(batch)
        if compile:
            from kb.cards_compiled import store_compiled
            t1 = time.perf_counter()
            summary.update(store_compiled(conn, groups, set(writer.seen)))
            summary["compile_seconds"] = round(time.perf_counter() - t1, 2)
        set_setting(store, "cards_path", summary["path"])
        if pairs is not None:
            summary.update(_store_wiki_names(conn, pairs))
            summary["jpnames_path"] = str(jp_path.resolve())
            set_setting(store, "jpnames_path", summary["jpnames_path"])
        summary["names"] = conn.execute("SELECT count(*) FROM card_names").fetchone()[0]
    summary["seconds"] = round(time.perf_counter() - t0, 2)
    return summary
