"""One name resolver for every command: what a reader types for a keyword, a card or a document, and what
the store calls it.

``validate --keyword bestow``, ``search kw:bestow`` and ``show keyword bestow`` all reach 授与 through
:func:`keyword`; ``search 'card:soul wardn'`` and ``validate --card "soul wardn"`` reach Soul Warden through
:func:`card` (exact, normalised, then fuzzy, the same order as ``show card``); ``validate --document`` and
``show document`` reach stored documents through :func:`documents` (key, title, ``title/EN`` spelling).

Every function takes a ``kb.store.Store`` or a plain ``sqlite3.Connection`` (``mtgkb search`` opens the
store read-only) and reads no spaCy.
"""
from __future__ import annotations

import json
import unicodedata
from dataclasses import dataclass, field

from kb.db import connection_of, table_names

FUZZY_CUTOFF = 80           # rapidfuzz ratio (0-100) for a card name typed with a slip


@dataclass(frozen=True)
class Keyword:
    ja: str                     # the store's keyword name (node ``kw:{ja}``)
    en: str | None = None
    node: str | None = None     # ``kw:{ja}`` when the store has the node


@dataclass
class CardName:
    ids: list[str]              # card node ids (``card:{EN name}``)
    names: list[str] = field(default_factory=list)   # every EN/JA spelling of the card(s)
    score: float = 100.0        # < 100: a fuzzy guess

    @property
    def en(self) -> str:
        return self.ids[0][len("card:"):]


def _fold(name: str) -> str:
    return unicodedata.normalize("NFKC", name or "").strip()


# --------------------------------------------------------------------------------------------- keywords
def keyword_entry(name: str) -> dict | None:
    """The keyword lexicon's row for a JA name, an EN name (any case) or an alias, else None."""
    from extractor import keywords

    name = _fold(name)
    ja = name.split("/", 1)[0].strip()
    lexicon = keywords()
    folded = name.casefold()
    return next((e for e in lexicon if e["ja"] == ja), None) or next(
        (e for e in lexicon if (e.get("en") or "").casefold() == folded or name in e["aliases"]), None)


def keyword(store_or_conn, name: str) -> Keyword | None:
    """A keyword by JA name, EN name or alias (the lexicon, then the store's keyword nodes), else None."""
    conn = connection_of(store_or_conn)
    name = _fold(name)
    if not name:
        return None
    entry = keyword_entry(name)
    if entry is not None:
        row = conn.execute("SELECT id FROM nodes WHERE id = ?", (f"kw:{entry['ja']}",)).fetchone()
        return Keyword(entry["ja"], entry.get("en"), row[0] if row else None)
    from kb.keywords import lookup

    known = lookup(name, conn)                  # every CR 701/702 keyword, the card file's keywords
    if known is not None:
        row = conn.execute("SELECT id FROM nodes WHERE id IN (?, ?)",
                           (f"kw:{known.name}", f"kw:{known.en or known.name}")).fetchone()
        return Keyword(known.name, known.en, row[0] if row else None)
    ja = name.split("/", 1)[0].strip()
    row = conn.execute("SELECT id, data FROM nodes WHERE id = ? OR (id >= 'kw:' AND id < 'kw;' AND "
                       "(title = ? COLLATE NOCASE OR json_extract(data, '$.name_en') = ? COLLATE NOCASE))",
                       (f"kw:{ja}", name, name)).fetchone()
    if row is None:
        return None
    try:
        data = json.loads(row[1]) if row[1] else {}
    except ValueError:
        data = {}
    return Keyword(data.get("name") or row[0][3:], data.get("name_en"), row[0])


# ------------------------------------------------------------------------------------------------ cards
def _card_names(data: str | None, title: str, text: str) -> tuple[str | None, str | None]:
    try:
        d = json.loads(data) if data else {}
    except ValueError:
        d = {}
    return (d.get("name_en") or (title if title and title != text else None), d.get("name_ja") or text or None)


def card(store_or_conn, name: str, fuzzy: bool = True) -> CardName | None:
    """A card by EN or JA name, normalised spelling (``normalise_ja``), and with ``fuzzy`` a close spelling
    (score < 100): the store's ``card_names``, its card nodes, then the bundled table."""
    from kb.cards import CardTable, normalise_ja

    conn = connection_of(store_or_conn)
    key = normalise_ja(name)
    if not key:
        return None
    tables = table_names(conn)
    en_names: list[str] = []
    if "card_names" in tables:
        en_names += [r[0] for r in conn.execute("SELECT DISTINCT name_en FROM card_names WHERE key = ?", (key,))]
    names: list[str] = []
    for nid, title, text, data in conn.execute(
            "SELECT id, title, text, data FROM nodes WHERE id >= 'card:' AND id < 'card;' "
            "AND (id = ? OR title = ? COLLATE NOCASE OR text = ? OR text = ?)", (f"card:{name}", name, name, key)):
        en, ja = _card_names(data, title, text)
        en_names.append(nid[5:])
        names += [x for x in (en, ja) if x]
    match = CardTable.bundled().resolve(name, fuzzy=False)
    if match is not None and match.score >= 100:
        en_names.append(match.card.name)
        names += [x for x in (match.card.name, match.card.name_ja) if x]
    score = 100.0
    if not en_names and fuzzy:
        en_names, names, score = _fuzzy_card(conn, name)
    if not en_names:
        return None
    en_names = list(dict.fromkeys(en_names))
    ids = [f"card:{en}" for en in en_names]
    for nid, title, text, data in conn.execute(
            f"SELECT id, title, text, data FROM nodes WHERE id IN ({','.join('?' * len(ids))})", ids):
        names += [x for x in _card_names(data, title, text) if x]
    if "cards" in tables:
        for en, ja in conn.execute(f"SELECT name_en, name_ja FROM cards WHERE name_en IN "
                                   f"({','.join('?' * len(en_names))})", en_names):
            names += [x for x in (en, ja) if x]
    names += [x for x in en_names if not x.startswith("ja:")]
    return CardName(ids, list(dict.fromkeys(names)), score)


def _fuzzy_card(conn, name: str) -> tuple[list[str], list[str], float]:
    from rapidfuzz import fuzz, process

    from kb.cards import normalise_ja

    choices = _fuzzy_choices(conn)
    best = process.extractOne(normalise_ja(name), list(choices), scorer=fuzz.ratio, score_cutoff=FUZZY_CUTOFF)
    if not best:
        return [], [], 0.0
    nid, names = choices[best[0]]
    return [nid[5:]], names, float(best[1])


_FUZZY_CHOICES: dict[tuple, dict[str, tuple[str, list[str]]]] = {}     # a long-lived reader (mtgkb serve)


def _fuzzy_choices(conn) -> dict[str, tuple[str, list[str]]]:
    """Every card spelling (normalised) → (card node id, names), read once per store state: a file's
    choices are kept while its card nodes, its card names and this connection's view of it are unchanged
    (``data_version`` moves when another connection commits, ``total_changes`` when this one writes)."""
    file = conn.execute("PRAGMA database_list").fetchone()[2]
    key = None
    if file:
        has_names = "card_names" in table_names(conn)
        key = (file, conn.execute("PRAGMA data_version").fetchone()[0], conn.total_changes,
               conn.execute("SELECT count(*), max(rowid) FROM nodes WHERE kind = 'card'").fetchone(),
               conn.execute("SELECT count(*) FROM card_names").fetchone()[0] if has_names else 0)
        if key in _FUZZY_CHOICES:
            return _FUZZY_CHOICES[key]
    choices = _read_fuzzy_choices(conn)
    if key is not None:
        if len(_FUZZY_CHOICES) >= 8:
            _FUZZY_CHOICES.clear()
        _FUZZY_CHOICES[key] = choices
    return choices


def _read_fuzzy_choices(conn) -> dict[str, tuple[str, list[str]]]:
    from kb.cards import CardTable, normalise_ja

    choices: dict[str, tuple[str, list[str]]] = {}
    for nid, title, text, data in conn.execute(
            "SELECT id, title, text, data FROM nodes WHERE id >= 'card:' AND id < 'card;'"):
        en, ja = _card_names(data, title, text)
        for x in (en, ja):
            if x:
                choices[normalise_ja(x)] = (nid, [y for y in (en, ja) if y])
    if "card_names" in table_names(conn):
        for key, en in conn.execute("SELECT key, name_en FROM card_names"):
            choices.setdefault(key, (f"card:{en}", [en]))
    for c in CardTable.bundled():
        for x in (c.name, c.name_ja):
            if x:
                choices.setdefault(normalise_ja(x), (f"card:{c.name}", [y for y in (c.name, c.name_ja) if y]))
    return choices


# -------------------------------------------------------------------------------------------- documents
def documents(store_or_conn, name: str) -> list[str]:
    """Stored document keys a name means: the key itself (``doc:`` prefix allowed), or every document with
    that title or a ``title/EN`` title (newest revision first)."""
    conn = connection_of(store_or_conn)
    name = _fold(name)
    if name.startswith("doc:"):
        name = name[4:]
    if not name:
        return []
    row = conn.execute("SELECT key FROM documents WHERE key = ?", (name,)).fetchone()
    if row:
        return [row[0]]
    return [r[0] for r in conn.execute(
        "SELECT key FROM documents WHERE title = ? OR title LIKE ? ESCAPE '\\' "
        "ORDER BY CAST(revision AS INTEGER) DESC, key",
        (name, name.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "/%"))]
