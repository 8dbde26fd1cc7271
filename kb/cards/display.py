"""What ``mtgkb show card`` (and ``/card/NAME``, ``/api/card/NAME``) says about a card: its names and faces,
texts, the engine's behaviour as one answer, rulings and every mention in the store."""
from __future__ import annotations

import json
import sqlite3
from dataclasses import replace
from typing import Any

from engine.cardbase import Card, Match, _is_ja, normalise_ja
from kb.cards.table import CardTable
from kb.db import connection_of, table_names


def show_card(store: Any, name: str, table: CardTable | None = None) -> dict | None:
    """Everything the store knows about the card NAME (JA, EN or misspelt), or None when nothing matches:
    names, text (English Oracle text and Japanese text) of every face, the engine's behaviour as one answer
    (:func:`behaviour`), rulings and every mention."""
    conn = connection_of(store)
    tables = table_names(conn)
    m = table.resolve(name) if table is not None else None
    if table is None:
        m = _resolve_quickly(conn, name, tables)        # exact/normalised without reading every card
        if m is None:
            m = _resolve_fuzzily(conn, name, tables)
    if m is None:
        return None
    c = m.card
    rulings = c.rulings
    if not rulings and "nodes" in tables:
        row = conn.execute("SELECT data FROM nodes WHERE id = ?", (f"card:{c.name}",)).fetchone()
        if row and row[0]:
            rulings = json.loads(row[0]).get("rulings") or []
    faces = _faces(conn, c, table, tables)
    b = behaviour(c, conn)
    out = {
        "name_en": c.name, "name_ja": c.name_ja, "full_name": c.full_name, "full_name_ja": c.full_name_ja,
        "variants_ja": c.variants_ja, "cost": c.cost, "colors": c.colors, "supertypes": c.supertypes,
        "types": c.types, "subtypes": c.subtypes, "pt": c.pt, "loyalty": c.loyalty, "has_text": c.has_text,
        "mana_value": c.mana_value, "keywords": c.keywords, "layout": c.layout,
        "node": f"card:{c.name}",
        "in_card_file": _in_card_file(conn, c, tables),
        "match": {"query": name, "how": m.how, "score": m.score},
        "mentions": _with_own_pages(_mentions(conn, c.name, tables), _own_pages(conn, c, tables)),
        "rulings": rulings,
        "text": c.text, "text_ja": c.text_ja,
        "faces": faces,
        "behaviour": b,
    }
    from kb.cards_ja import japanese_info          # the Japanese text compiled beside the English (kb.cards_ja)
    out["compiled_ja"] = japanese_info(out)
    return out


def behaviour(card: Card, conn: sqlite3.Connection | None = None) -> dict:
    """THE answer to "what does the engine run for this card", printed by ``mtgkb show card``, drawn by
    ``/card/NAME`` and returned by the API alike: ``status`` hand-written (``engine/cards``, with its
    ``why``), compiled (from the Oracle text: the card's own, else the one the card load stored in CONN),
    none (``reason`` says why: the compiler's first failing clause, or that the card file was not
    compiled) or not needed (no rules text beyond reminder text); ``summary`` one structured line per
    ability; ``spec`` the compiled spec."""
    import engine.game  # noqa: F401 — behaviours are read against the engine's registered vocabulary
    from engine import behaviours
    from kb.cards_compiled import attach, behaviour_info

    info = behaviour_info(conn, card.name) if conn is not None else {}
    c = replace(card)
    if info.get("supported") is not None and card.behaviour is None and card.behaviour_reason is None:
        attach(c, bool(info["supported"]), info.get("reason"), info.get("spec"))
    b = behaviours.resolve(c)
    hand = b is not None and behaviours.get(card.name) is not None
    out = {"status": None, "defined": b is not None, "source": None, "needed": behaviours.needs_behaviour(c),
           "summary": behaviour_summary(b) if b is not None else [],
           "spec": c.behaviour if b is not None and not hand else None, "why": None, "reason": None}
    if hand:
        why = behaviours.why(card.name)
        out.update(status="hand-written", source="hand-written", why=why,
                   reason="hand-written (engine/cards)" + (f" — why: {why}" if why else ""))
    elif b is not None:
        out.update(status="compiled", source="compiled", reason="compiled from the Oracle text")
    elif out["needed"]:
        why = c.behaviour_reason or info.get("reason")
        out.update(status="none", reason="none — no behaviour: the engine cannot simulate this card"
                                         + (f" (not compiled: {why})" if why else ""))
    else:
        out.update(status="not needed",
                   reason="none needed — no rules text beyond reminder text (played as a vanilla object)")
    return out


def behaviour_lines(b: dict | None) -> list[str]:
    """The text form of :func:`behaviour` (``mtgkb show card``)."""
    if not b:
        return []
    head = ["engine behaviour: yes", f"  behaviour: {b['reason']}"] if b.get("defined") else \
        [f"engine behaviour: {b['reason']}"]
    out = [*head, *(f"  {ln}" for ln in b["summary"])]
    if b.get("spec"):
        out.append("  " + json.dumps(b["spec"], ensure_ascii=False))
    return out


def _faces(conn: sqlite3.Connection, c: Card, table: Any, tables: set[str]) -> list[dict]:
    """Every face of a split, adventure, transform or modal card (its own first), else []."""
    if not c.full_name:
        return []
    names = [p.strip() for p in c.full_name.split("//")]
    out = []
    for n in names:
        f = c if n == c.name else (table.get(n) if table is not None else None)
        if f is None and "cards" in tables:
            row = conn.execute("SELECT data FROM cards WHERE name_en = ?", (n,)).fetchone()
            f = Card.from_data(json.loads(row[0])) if row else None
        if f is None:
            f = CardTable.bundled().get(n)
        if f is not None:
            out.append({"name_en": f.name, "name_ja": f.name_ja, "cost": f.cost, "supertypes": f.supertypes,
                        "types": f.types, "subtypes": f.subtypes, "pt": f.pt, "loyalty": f.loyalty,
                        "side": f.side, "text": f.text, "text_ja": f.text_ja})
    return out


def _in_card_file(conn: sqlite3.Connection, c: Card, tables: set[str]) -> bool | None:
    """Whether the card file knows the card (None when no card file was loaded: only the bundled table)."""
    if "cards" not in tables or not conn.execute("SELECT 1 FROM cards LIMIT 1").fetchone():
        return None
    row = conn.execute("SELECT json_extract(data, '$.source') FROM cards WHERE name_en = ?", (c.name,)).fetchone()
    return row is not None and row[0] != "mtgwiki"


def _with_own_pages(mentions: list[dict], pages: list[dict]) -> list[dict]:
    seen = {m.get("node") for m in mentions}
    return [p for p in pages if p["node"] not in seen] + mentions


def _own_pages(conn: sqlite3.Connection, c: Card, tables: set[str]) -> list[dict]:
    """The documents titled after the card (its own MTG Wiki pages): they mention it, linked or not."""
    if "documents" not in tables:
        return []
    titles = sorted({x for x in (c.name, c.name_ja, c.full_name, f"{c.name_ja}/{c.name}" if c.name_ja else None,
                                 *(f"{v}/{c.name}" for v in c.variants_ja or [])) if x})
    rows = conn.execute(f"SELECT key, title, revision FROM documents WHERE title IN ({','.join('?' * len(titles))}) "
                        "ORDER BY key", titles)
    return [{"node": f"doc:{key}", "kind": "document", "edge": "page", "document": title, "key": key,
             "revision": revision, "section": [], "line": None} for key, title, revision in rows]


def behaviour_summary(b) -> list[str]:
    """A card behaviour (``engine.behaviours.Behaviour``) as short lines: keywords, triggers, activated
    abilities, statics and spell effects, each in its structured form (no rules text)."""
    def flat(v: Any) -> str:
        if isinstance(v, dict):
            return ", ".join(f"{k}: {flat(x)}" for k, x in v.items())
        if isinstance(v, (list, tuple)):
            return "[" + "; ".join(flat(x) for x in v) + "]"
        return str(v)

    out = []
    if b.keywords:
        out.append("keywords: " + ", ".join(sorted(b.keywords)))
    for name in ("bestow", "enchant", "enters_tapped", "land_mana", "enters_choice", "pt_cda", "transform_to"):
        v = getattr(b, name, None)
        if v:
            out.append(f"{name}: {flat(v)}")
    for t in b.triggers:
        out.append("trigger: " + flat(t))
    for a in b.activated:
        out.append("activated: " + flat(a))
    for st in b.statics:
        out.append("static: " + flat(st))
    if b.spell:
        out.append("spell: " + flat(b.spell))
    return out


def _resolve_quickly(conn: sqlite3.Connection, name: str, tables: set[str]) -> Match | None:
    """Non-fuzzy resolution over the bundled table plus only the stored cards whose names share NAME's key."""
    if not name or not name.strip():
        return None
    t = CardTable.bundled().copy()
    if {"cards", "card_names"} <= tables:
        keys = {normalise_ja(name), *(normalise_ja(p) for p in name.split("//") if p.strip())}
        marks = ",".join("?" * len(keys))
        hits = [r[0] for r in conn.execute(f"SELECT DISTINCT name_en FROM card_names WHERE key IN ({marks})",
                                           tuple(keys))]
        for en in hits:
            row = conn.execute("SELECT data FROM cards WHERE name_en = ?", (en,)).fetchone()
            if row:
                d = json.loads(row[0])
                t.merge(Card.from_data(d), prefer_own_ja="wiki_ja" not in d)
            for alias, n_en in conn.execute("SELECT name, name_en FROM card_names WHERE name_en = ? AND how IN "
                                            "('wiki_ja', 'link')", (en,)):
                if n_en not in t:
                    t.add(Card(name=n_en, name_ja=alias if _is_ja(alias) else None))
                else:
                    t.add_alias(alias, n_en)
    m = t.resolve(name, fuzzy=False)
    if m is None and "nodes" in tables:     # a card the wiki names in a card box that no card file has
        row = conn.execute("SELECT data FROM nodes WHERE kind = 'card' AND id IN (?, ?)",
                           (f"card:{name.strip()}", f"card:ja:{name.strip()}")).fetchone()
        d = json.loads(row[0]) if row and row[0] else {}
        if d.get("name_en") or d.get("name_ja"):
            t.add(Card(name=d.get("name_en") or d["name_ja"], name_ja=d.get("name_ja"), cost=d.get("cost")))
            m = t.resolve(name, fuzzy=False)
    return m


def _mentions(conn: sqlite3.Connection, name_en: str, tables: set[str]) -> list[dict]:
    if not {"edges", "nodes"} <= tables:
        return []
    join_doc = "LEFT JOIN documents d ON d.key = coalesce(e.doc, n.doc)" if "documents" in tables else ""
    rev = "d.revision" if join_doc else "NULL"
    # the five provenance fields read by SQLite (json_extract), not the whole data of every mentioning node
    # parsed in Python: a card mentioned a thousand times answers in a few ms
    rows = conn.execute(
        f"SELECT e.src, e.kind, coalesce(e.doc, n.doc), n.kind, substr(coalesce(nullif(n.text, ''), n.title, ''), "
        "1, 160), json_extract(n.data, '$.document'), json_extract(n.data, '$.key'), "
        "json_extract(n.data, '$.revision'), json_extract(n.data, '$.section'), json_extract(n.data, '$.line'), "
        f"{rev}, "
        "(SELECT v.title FROM edges hv JOIN nodes v ON v.id = hv.dst WHERE hv.src = e.src AND "
        "hv.kind = 'has_verdict' LIMIT 1) "          # a claim's verdict after `mtgkb validate`
        f"FROM edges e LEFT JOIN nodes n ON n.id = e.src {join_doc} "
        "WHERE e.dst = ? AND e.kind IN ('mentions', 'about')", (f"card:{name_en}",))
    out: dict[str, dict] = {}
    for src, edge, doc, kind, text, document, key, revision, section, line, doc_revision, verdict in rows:
        if src in out:                                  # a claim both about and mentioning the card
            if edge not in out[src]["edge"].split("+"):
                out[src]["edge"] += "+" + edge
            continue
        out[src] = {
            "node": src, "kind": kind, "edge": edge,
            "document": document or doc, "key": key or doc,
            "revision": revision or doc_revision,
            "section": (json.loads(section) if section and section.startswith("[") else section) or [],
            "line": line, "text": text,
        }
        if kind == "claim":
            out[src]["verdict"] = verdict
    out = list(out.values())
    out.sort(key=lambda r: (str(r["document"]), r["line"] or 0, r["node"]))
    return out


def _resolve_fuzzily(conn: sqlite3.Connection, name: str, tables: set[str]) -> Match | None:
    """A misspelt name: the closest spelling among the stored names only (``card_names``, whose ``key`` is
    already ``normalise_ja`` of the name: no card data read, nothing normalised per row), then that card
    resolved as :func:`_resolve_quickly` does — so a misspelt name answers about as fast as an exact one."""
    from engine.cardbase import fuzzy_best

    en: dict[str, str] = {}
    ja: dict[str, str] = {}
    for c in CardTable.bundled():
        for n in (c.name, c.name_ja, c.full_name, *c.variants_ja):
            if n:
                (ja if _is_ja(n) else en).setdefault(normalise_ja(n), c.name)
    if "card_names" in tables:
        stored_en, stored_ja = stored_name_keys(conn)
        en, ja = {**stored_en, **en}, {**stored_ja, **ja}
    best = fuzzy_best(name, list(en), list(en.values()), list(ja), list(ja.values()), folded=normalise_ja)
    if best is None:
        return None
    m = _resolve_quickly(conn, best[0], tables)
    return Match(m.card, best[1], "fuzzy") if m else None


_NAME_KEYS: dict[int, tuple] = {}


def stored_name_keys(conn: sqlite3.Connection) -> tuple[dict[str, str], dict[str, str]]:
    """The stored spellings' keys → English name, (English spellings, Japanese and other spellings); read
    once per connection and store state (dict() over the rows: no Python step per row), so the fuzzy match
    and the close names of an unknown name share one read."""
    version = conn.execute("PRAGMA data_version").fetchone()[0]
    hit = _NAME_KEYS.get(id(conn))
    if hit is not None and hit[0] is conn and hit[1] == version:
        return hit[2]
    en = dict(conn.execute("SELECT key, name_en FROM card_names WHERE how IN ('en', 'full_en')"))
    ja = dict(conn.execute("SELECT key, name_en FROM card_names WHERE how NOT IN ('en', 'full_en')"))
    _NAME_KEYS.clear()
    _NAME_KEYS[id(conn)] = (conn, version, (en, ja))
    return en, ja
