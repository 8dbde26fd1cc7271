"""MTG Wiki's English → Japanese card names (``mtgwiki-jpnames.json``) and the spellings of wiki card links:
MTG Wiki usage wins over the printed name (it becomes ``name_ja``, the printed one a variant)."""
from __future__ import annotations

import json
import sqlite3
from dataclasses import replace
from pathlib import Path
from typing import Any

from engine.cardbase import _NO_NAME, Card, CardTable, normalise_ja
from kb.cards.mtgjson import CardError
from kb.cards.sql import ensure_schema, set_setting, token_text, transaction
from kb.db import connection_of

JPNAMES_FILE = "mtgwiki-jpnames.json"           # looked for beside an AtomicCards file


def _read_jpnames(path: Path) -> list[tuple[str, str]]:
    """MTG Wiki's ``[{"name": EN, "jpname": JA}, …]`` as (EN, JA) pairs; missing names dropped."""
    try:
        rows = json.loads(Path(path).read_bytes())
    except OSError as e:
        raise CardError(path, f"cannot read ({e.strerror})") from None
    except json.JSONDecodeError as e:
        raise CardError(path, f"invalid JSON: {e.msg} (line {e.lineno}, column {e.colno})", e.pos) from None
    if not isinstance(rows, list) or not all(isinstance(r, dict) and "name" in r and "jpname" in r for r in rows):
        raise CardError(path, 'expected a list of {"name": EN, "jpname": JA} objects')
    seen, out = set(), []
    for r in rows:
        en, ja = str(r["name"]).strip(), str(r["jpname"] or "").strip()
        if en and ja not in _NO_NAME and (en, ja) not in seen:
            seen.add((en, ja))
            out.append((en, ja))
    return out


def _apply_wiki_name(t: CardTable, en: str, ja: str) -> None:
    """MTG Wiki usage wins: it becomes ``name_ja`` and the printed name a variant."""
    card = t.get(en)
    if card is None:
        hit = t._exact_en.get(en)                      # a full "A // B" name: an alias of its front face
        if hit:
            t.add_alias(ja, hit[0])
        else:
            t.add(Card(name=en, name_ja=ja))
        return
    if card.name_ja != ja:
        t.merge(replace(card, name_ja=ja, variants_ja=list(card.variants_ja)))


def _store_wiki_names(conn: sqlite3.Connection, pairs: list[tuple[str, str]]) -> dict:
    """Apply MTG Wiki EN→JA names to the stored cards (MTG Wiki usage wins over the printed name)."""
    conn.execute("DELETE FROM card_names WHERE how = 'wiki_ja'")
    conn.execute("DELETE FROM cards WHERE json_extract(data, '$.source') = 'mtgwiki'")
    current = dict(conn.execute("SELECT name_en, name_ja FROM cards"))
    fronts = dict(conn.execute("SELECT json_extract(data, '$.full_name'), name_en FROM cards WHERE "
                               "json_extract(data, '$.full_name') IS NOT NULL AND "
                               "coalesce(json_extract(data, '$.side'), 'a') = 'a'"))
    new_cards, renamed, confirmed, names = [], [], [], []
    named: set[str] = set()
    for en, ja in pairs:
        target = en if en in current else fronts.get(en)
        if target is None:
            new_cards.append((en, ja, json.dumps({"name": en, "name_ja": ja, "wiki_ja": ja, "source": "mtgwiki"},
                                                 ensure_ascii=False)))
            names.append((normalise_ja(en), en, en, "en"))
            current[en] = ja
            named.add(en)
        elif target == en and en not in named:
            named.add(en)
            if current[en] != ja:
                renamed.append((en, ja, current[en]))
                current[en] = ja
            else:
                confirmed.append((ja, en))
        names.append((normalise_ja(ja), ja, target or en, "wiki_ja"))
    conn.executemany("INSERT INTO cards(name_en, name_ja, data) VALUES (?, ?, ?)", new_cards)
    conn.executemany("UPDATE cards SET data = json_set(data, '$.wiki_ja', ?) WHERE name_en = ?", confirmed)
    conn.executemany(
        "UPDATE cards SET name_ja = ?, data = json_set(data, '$.name_ja', ?, '$.wiki_ja', ?, '$.variants_ja', "
        "json(?)) WHERE name_en = ?",
        [(ja, ja, ja, json.dumps([old] if old else [], ensure_ascii=False), en) for en, ja, old in renamed])
    conn.executemany("UPDATE nodes SET text = ?, tokens = ?, data = json_set(data, '$.name_ja', ?) WHERE id = ?",
                     [(ja, token_text(en, ja), ja, f"card:{en}") for en, ja, _old in renamed])
    conn.executemany("INSERT OR IGNORE INTO card_names(key, name, name_en, how) VALUES (?, ?, ?, ?)", names)
    return {"wiki_names": len(pairs), "wiki_renamed": len(renamed), "wiki_only_cards": len(new_cards)}


def load_jpnames(store: Any, path: str | Path) -> dict:
    """Load MTG Wiki EN→JA names alone (over whatever cards the store has), in one transaction."""
    path = Path(path)
    pairs = _read_jpnames(path)
    conn = connection_of(store)
    with transaction(store):
        ensure_schema(conn)
        summary = _store_wiki_names(conn, pairs)
        set_setting(store, "jpnames_path", str(path.resolve()))
    return summary


def add_card_link(store: Any, name: str, name_en: str) -> None:
    """Record a spelling seen in a wiki card link (``[[JA/EN]]``) so it resolves to ``name_en``.

    Runs inside the caller's transaction (no commit).
    """
    conn = connection_of(store)
    ensure_schema(conn)
    if name and name not in _NO_NAME:
        conn.execute("INSERT OR IGNORE INTO card_names(key, name, name_en, how) VALUES (?, ?, ?, 'link')",
                     (normalise_ja(name), name, name_en))


read_jpnames = _read_jpnames
apply_wiki_name = _apply_wiki_name
store_wiki_names = _store_wiki_names
