"""The application's card table: :class:`engine.cardbase.CardTable` (one type for the engine and the
application: names, spellings, resolution) with its loaders — the bundled table extended by an AtomicCards
file and MTG Wiki names (:meth:`CardTable.from_mtgjson`) or by a store's cards (:meth:`CardTable.from_store`).

>>> t = CardTable.bundled()
>>> t.resolve("魂の管理人").card.name
'Soul Warden'
"""
from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path
from typing import Any

from engine.cardbase import BUNDLED, Card, _is_ja, read_cards
from engine.cardbase import CardTable as _EngineTable
from kb.cards.mtgjson import _iter_atomic
from kb.cards.wiki_names import JPNAMES_FILE, _apply_wiki_name, _read_jpnames
from kb.db import connection_of, table_names


class CardTable(_EngineTable):
    """:class:`engine.cardbase.CardTable` with the application's loaders (no state of its own)."""

    @classmethod
    def bundled(cls) -> "CardTable":
        """The project's own table (cached; do not mutate — use ``from_store`` or ``copy``)."""
        return _bundled()

    @classmethod
    def from_mtgjson(cls, path: str | Path, jpnames: str | Path | None = None) -> "CardTable":
        """Bundled table plus an AtomicCards file (and MTG Wiki names), without a store."""
        t = cls.bundled().copy()
        for _key, faces in _iter_atomic(Path(path)):
            for card in faces:
                t.merge(card, prefer_own_ja=True)
        jp = Path(jpnames) if jpnames else Path(path).with_name(JPNAMES_FILE)
        if jp.exists():
            for en, ja in _read_jpnames(jp):
                _apply_wiki_name(t, en, ja)
        return t

    @classmethod
    def from_store(cls, store: Any, behaviours: bool = True) -> "CardTable":
        """Bundled cards plus the store's cards, MTG Wiki names and wiki-link spellings.  ``behaviours=False``:
        without the stored compiled behaviours (a table for resolving names only, e.g. while ingesting)."""
        t = cls.bundled().copy()
        conn = connection_of(store)
        tables = table_names(conn)
        if "cards" in tables:
            for (data,) in conn.execute("SELECT data FROM cards"):
                d = json.loads(data)
                card = Card.from_data(d)
                t.merge(card, prefer_own_ja="wiki_ja" not in d)
        if "nodes" in tables:   # card nodes written by ingest (wiki links) that no card file knows
            q = "SELECT data FROM nodes WHERE kind='card'"
            if "cards" in tables:
                q += " AND NOT EXISTS (SELECT 1 FROM cards WHERE cards.name_en = substr(nodes.id, 6))"
            for (data,) in conn.execute(q):
                d = json.loads(data or "{}")
                if d.get("name_en") and d["name_en"] not in t:
                    t.add(Card(name=d["name_en"], name_ja=d.get("name_ja"), cost=d.get("cost")))
        if "card_names" in tables:
            for name, name_en in conn.execute("SELECT name, name_en FROM card_names WHERE how IN "
                                              "('wiki_ja', 'link')"):
                if name_en not in t:
                    t.add(Card(name=name_en, name_ja=name if _is_ja(name) else None))
                else:
                    t.add_alias(name, name_en)
        if behaviours:
            from kb.cards_compiled import attach_stored
            attach_stored(t, conn)              # compiled behaviours, never recompiled here
        return t


@lru_cache(maxsize=1)
def _bundled() -> CardTable:
    return CardTable(read_cards(BUNDLED))
