"""Card table: characteristics and Japanese/English name resolution.

The bundled table (``engine/data/cards.yaml``, :data:`engine.cardbase.BUNDLED`) is the project's own
structured data for the cards the sample corpus uses; an MTGJSON v5 AtomicCards file (streamed with ijson)
and MTG Wiki's EN→JA name list extend it inside a store (tables ``cards`` and ``card_names``, plus global
``card:{name_en}`` nodes).

>>> t = CardTable.bundled()
>>> t.resolve("魂の管理人").card.name
'Soul Warden'
"""
from __future__ import annotations

import json
import re
import sqlite3
import time
import unicodedata
from dataclasses import replace
from functools import lru_cache
from pathlib import Path
from typing import Any, Iterable, Iterator

from engine.cardbase import BUNDLED, FUZZY_CUTOFF_EN, Card, Match, read_cards
from kb.db import connection_of, table_names

JPNAMES_FILE = "mtgwiki-jpnames.json"           # looked for beside an AtomicCards file
FUZZY_CUTOFF_JA = 75.0
_NO_NAME = {"", "undefined"}                    # mtgwiki-jpnames.json marks missing names "undefined"

SCHEMA = """
CREATE TABLE IF NOT EXISTS cards(name_en TEXT PRIMARY KEY, name_ja TEXT, data JSON);
CREATE TABLE IF NOT EXISTS card_names(key TEXT NOT NULL, name TEXT NOT NULL, name_en TEXT NOT NULL,
                                      how TEXT NOT NULL);
CREATE UNIQUE INDEX IF NOT EXISTS card_names_key ON card_names(key, name_en, how);
CREATE INDEX IF NOT EXISTS cards_name_ja ON cards(name_ja);
"""


class CardError(ValueError):
    """A card file that cannot be loaded; names the file (and byte position when known)."""

    def __init__(self, file: str | Path, message: str, position: int | None = None):
        self.file, self.message, self.position = str(file), message, position
        where = f" (near byte {position})" if position is not None else ""
        super().__init__(f"{self.file}: {message}{where}")


_SPACES = re.compile(r"[\s\u3000]+")


def normalise_ja(name: str) -> str:
    """Fold the ways one Japanese name is written: width (NFKC), ・/＝/= separators, spaces, 《》, case.

    Also the key of every row in ``card_names`` (English names too: lower case, no spaces).

    >>> normalise_ja("《ハーマ＝パシャール》") == normalise_ja("ハーマ・パシャール")
    True
    """
    s = unicodedata.normalize("NFKC", name).strip()
    s = s.strip("《》『』「」[]")
    s = s.replace("=", "・").replace("･", "・").replace("·", "・")
    s = _SPACES.sub("", s)
    return s.lower()


_SET_CODE = re.compile(r"\s*[(（][A-Za-z0-9]{2,6}[)）]\s*$")


def _link_parts(name: str) -> list[str]:
    """"エルフの笛吹き/Elvish Piper(UD)" → ["エルフの笛吹き", "Elvish Piper"]; [] when NAME is not of that shape."""
    bare = _SET_CODE.sub("", name)
    parts = [p.strip() for p in re.split(r"(?<!/)[/／](?!/)", bare) if p.strip()]
    if len(parts) > 1 or bare != name:
        return parts
    return []


def _is_ja(s: str) -> bool:
    return any(ord(ch) > 0x2E7F for ch in s)


def _en_key(name: str) -> str:
    return _SPACES.sub(" ", unicodedata.normalize("NFKC", name)).strip().lower()


# ranks: a lower rank wins a contested key
_PRIMARY, _FACE, _VARIANT, _SHORT = 0, 1, 2, 3


def short_names(card: Card) -> list[str]:
    """The names a legendary card goes by alone: "Hama Pashar" / "ハーマ・パシャール" (the epithet dropped)."""
    out = []
    if ", " in card.name:
        out.append(card.name.split(", ", 1)[0])
    for ja in (card.name_ja, *card.variants_ja):
        if ja and "、" in ja:
            out.append(ja.rsplit("、", 1)[1])
    return [s for s in out if len(normalise_ja(s)) >= 2]


class CardTable:
    """Cards by English name, and every spelling that names them."""

    def __init__(self, cards: Iterable[Card] = ()):
        self._by_en: dict[str, Card] = {}
        # name indexes: spelling -> (name_en, rank); a lower rank wins a contested spelling
        self._exact_en: dict[str, tuple[str, int]] = {}       # EN names and full names
        self._exact_ja: dict[str, tuple[str, int]] = {}       # JA names and full names
        self._variant: dict[str, tuple[str, int]] = {}        # other JA spellings
        self._by_key: dict[str, tuple[str, int]] = {}         # normalise_ja(any name), short names
        self._fuzzy: tuple[list, list, list, list] | None = None
        for c in cards:
            self.add(c)

    # -- building -----------------------------------------------------------------------------------------
    def _entries(self, card: Card) -> list[tuple[dict, str, int]]:
        rank = _FACE if card.is_face else _PRIMARY
        out = [(self._exact_en, card.name, rank), (self._by_key, normalise_ja(card.name), rank)]
        if card.name_ja:
            out += [(self._exact_ja, card.name_ja, rank), (self._by_key, normalise_ja(card.name_ja), rank)]
        if card.full_name and card.side in (None, "a"):
            out += [(self._exact_en, card.full_name, _FACE), (self._by_key, normalise_ja(card.full_name), _FACE)]
            if card.full_name_ja:
                out += [(self._exact_ja, card.full_name_ja, _FACE),
                        (self._by_key, normalise_ja(card.full_name_ja), _FACE)]
        for v in card.variants_ja:
            if v and v != card.name_ja:
                out += [(self._variant, v, _VARIANT), (self._by_key, normalise_ja(v), _VARIANT)]
        out += [(self._by_key, normalise_ja(short), _SHORT) for short in short_names(card)]
        return out

    def add(self, card: Card) -> None:
        """Add (or replace) a card; a whole card wins a name over another card's face of the same name."""
        old = self._by_en.get(card.name)
        if old is not None:
            if card.is_face and not old.is_face:
                return
            for index, key, rank in self._entries(old):          # forget spellings only the old card had
                if index.get(key) == (old.name, rank):
                    del index[key]
        self._by_en[card.name] = card
        for index, key, rank in self._entries(card):
            self._put(index, key, card.name, rank)
        self._fuzzy = None

    def add_alias(self, name: str, name_en: str) -> bool:
        """Let another spelling (older translation, wiki link text) resolve to card ``name_en``."""
        card = self._by_en.get(name_en)
        if card is None or not name or name in _NO_NAME:
            return False
        if name == card.name_ja or name == card.name:
            return True
        if name not in card.variants_ja and _is_ja(name):
            card.variants_ja.append(name)
        self._put(self._variant, name, name_en, _VARIANT)
        self._put(self._by_key, normalise_ja(name), name_en, _VARIANT)
        if "、" in name:
            self._put(self._by_key, normalise_ja(name.rsplit("、", 1)[1]), name_en, _SHORT)
        self._fuzzy = None
        return True

    @staticmethod
    def _put(index: dict, key: str, name_en: str, rank: int) -> None:
        old = index.get(key)
        if old is None or rank <= old[1]:
            index[key] = (name_en, rank)

    def merge(self, card: Card, prefer_own_ja: bool = False) -> None:
        """Add ``card``; where a card of that name exists, keep every JA spelling of both.

        ``prefer_own_ja`` keeps the existing card's ``name_ja`` (e.g. the bundled MTG Wiki spelling over a
        printed one).
        """
        old = self._by_en.get(card.name)
        if old is None:
            self.add(card)
            return
        new = replace(card, variants_ja=list(card.variants_ja), rulings=list(card.rulings))
        if not new.name_ja or (prefer_own_ja and old.name_ja):
            new.name_ja = old.name_ja
        for v in [old.name_ja, *old.variants_ja, card.name_ja]:
            if v and v != new.name_ja and v not in new.variants_ja:
                new.variants_ja.append(v)
        for attr in ("cost", "power", "toughness", "loyalty", "full_name", "full_name_ja"):
            if getattr(new, attr) is None:
                setattr(new, attr, getattr(old, attr))
        self.add(new)

    # -- reading ------------------------------------------------------------------------------------------
    def __len__(self) -> int:
        return len(self._by_en)

    def __iter__(self) -> Iterator[Card]:
        return iter(self._by_en.values())

    def __contains__(self, name_en: str) -> bool:
        return name_en in self._by_en

    def get(self, name_en: str) -> Card | None:
        return self._by_en.get(name_en)

    def resolve(self, name: str, fuzzy: bool = True) -> Match | None:
        """Resolve a card name: exact EN, exact JA, JA variant, normalised (any spelling, or a legendary
        card's short name), a face of "A // B", link text "JA/EN(SET)", then fuzzy (rapidfuzz, score in the
        Match)."""
        if not name or not name.strip():
            return None
        for index, how in ((self._exact_en, "exact_en"), (self._exact_ja, "exact_ja"),
                           (self._variant, "variant_ja")):
            hit = index.get(name)
            if hit:
                return Match(self._by_en[hit[0]], 100.0, how)
        hit = self._by_key.get(normalise_ja(name))
        if hit:
            how = {_VARIANT: "variant_ja" if _is_ja(name) else "normalised", _SHORT: "short_name"}.get(hit[1])
            return Match(self._by_en[hit[0]], 100.0, how or "normalised")
        if "//" in name:                                       # "A // B" unknown as a whole: its faces
            for part in name.split("//"):
                m = self.resolve(part.strip(), fuzzy=False)
                if m:
                    return Match(m.card, m.score, "face")
        parts = _link_parts(name)                              # "JA/EN(SET)" as written in prose and links
        if parts:
            for part in parts:
                m = self.resolve(part, fuzzy=False)
                if m:
                    return Match(m.card, m.score, "link_text")
        return self._fuzzy_match(name) if fuzzy else None

    def _fuzzy_match(self, name: str) -> Match | None:
        from rapidfuzz import fuzz, process

        if self._fuzzy is None:
            en: dict[str, str] = {}
            ja: dict[str, str] = {}
            for index in (self._exact_en, self._exact_ja, self._variant):
                for k, (name_en, _rank) in index.items():
                    if _is_ja(k):
                        ja.setdefault(normalise_ja(k), name_en)
                    else:
                        en.setdefault(_en_key(k), name_en)
            self._fuzzy = (list(en), list(en.values()), list(ja), list(ja.values()))
        en_keys, en_cards, ja_keys, ja_cards = self._fuzzy
        if _is_ja(name):
            keys, cards, query, cutoff = ja_keys, ja_cards, normalise_ja(name), FUZZY_CUTOFF_JA
        else:
            keys, cards, query, cutoff = en_keys, en_cards, _en_key(name), FUZZY_CUTOFF_EN
        if not _is_ja(name):
            best = process.extractOne(query, keys, scorer=fuzz.ratio, score_cutoff=cutoff)
            return Match(self._by_en[cards[best[2]]], round(float(best[1]), 1), "fuzzy") if best else None
        # Japanese names are short: a typo changes a character or two, while a longer name that merely
        # contains the query ("テーロス" in "テーロスの魂") is another thing altogether
        slack = max(1, len(query) // 5)
        for key, score, i in process.extract(query, keys, scorer=fuzz.ratio, score_cutoff=cutoff, limit=8):
            if abs(len(key) - len(query)) <= slack:
                return Match(self._by_en[cards[i]], round(float(score), 1), "fuzzy")
        return None

    # -- constructors -------------------------------------------------------------------------------------
    @classmethod
    def bundled(cls) -> "CardTable":
        """The project's own table (cached; do not mutate — use ``from_store`` or ``copy``)."""
        return _bundled()

    def copy(self) -> "CardTable":
        t = CardTable()
        for c in self:
            t.add(replace(c, variants_ja=list(c.variants_ja)))
        return t

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
    def from_store(cls, store: Any) -> "CardTable":
        """Bundled cards plus the store's cards, MTG Wiki names and wiki-link spellings."""
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
        from kb.cards_compiled import attach_stored
        attach_stored(t, conn)                  # compiled behaviours, never recompiled here
        return t


@lru_cache(maxsize=1)
def _bundled() -> CardTable:
    return CardTable(read_cards(BUNDLED))


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


# -- MTGJSON ------------------------------------------------------------------------------------------------
def _japanese(face: dict) -> dict:
    for fd in face.get("foreignData") or ():
        if fd.get("language") == "Japanese":
            return fd
    return {}


def _cards_from_entry(key: str, faces: list[dict]) -> list[Card]:
    out = []
    for i, face in enumerate(faces):
        fd = _japanese(face)
        face_name = face.get("faceName")
        ja_full = fd.get("name") or None
        if face_name:
            ja = fd.get("faceName")
            if not ja and ja_full:
                parts = [p.strip() for p in ja_full.split("//")]
                ja = parts[i] if "//" in ja_full and i < len(parts) else ja_full
        else:
            ja = ja_full
        out.append(Card(
            name=face_name or face.get("name") or key,
            name_ja=ja or None,
            cost=face.get("manaCost"),
            colors="".join(sorted(face.get("colors") or ())),
            types=list(face.get("types") or ()),
            supertypes=list(face.get("supertypes") or ()),
            subtypes=list(face.get("subtypes") or ()),
            power=face.get("power"), toughness=face.get("toughness"), loyalty=face.get("loyalty"),
            has_text=bool(face.get("text")),
            full_name=key if face_name else None,
            full_name_ja=ja_full if face_name and ja_full and "//" in ja_full else None,
            text=face.get("text"), text_ja=fd.get("text"),
            rulings=[{"date": r.get("date"), "text": r.get("text")} for r in face.get("rulings") or ()],
            layout=face.get("layout"), side=face.get("side"),
        ))
    return out


def _iter_atomic(path: Path) -> Iterator[tuple[str, list[Card]]]:
    """Stream ``data`` of an AtomicCards file; :class:`CardError` on anything else."""
    import ijson

    try:
        f = open(path, "rb")
    except OSError as e:
        raise CardError(path, f"cannot read ({e.strerror})") from None
    n = 0
    with f:
        try:
            for key, faces in ijson.kvitems(f, "data", use_float=True):
                if (not isinstance(faces, list) or not faces
                        or not all(isinstance(x, dict) and isinstance(x.get("name"), str) for x in faces)):
                    raise CardError(path, f"data[{key!r}] is not a list of card faces: not an MTGJSON "
                                          "AtomicCards file")
                n += 1
                yield key, _cards_from_entry(key, faces)
        except ijson.JSONError as e:
            raise CardError(path, f"invalid or truncated JSON ({e}) after {n} cards", _tell(f)) from None
        except UnicodeDecodeError as e:
            raise CardError(path, f"not UTF-8 ({e.reason})", _tell(f)) from None
    if n == 0:
        raise CardError(path, "no cards under a top-level 'data' object: not an MTGJSON AtomicCards file")


def _tell(f) -> int | None:
    try:
        return f.tell()
    except (OSError, ValueError):
        return None


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


# -- store --------------------------------------------------------------------------------------------------
def ensure_schema(store: Any) -> None:
    """Create ``cards`` and ``card_names`` (and nothing else) if missing; safe inside a transaction."""
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


def _tokens(title: str, text: str | None) -> str:
    try:
        from kb.tokens import tokens_for
    except ImportError:  # pragma: no cover
        return ""
    return tokens_for(f"{title} {text or ''}".strip())


def _settings_put(conn: sqlite3.Connection, key: str, value: str) -> None:
    conn.execute("INSERT OR REPLACE INTO settings(key, value) VALUES (?, ?)", (key, value))


def _transaction(store: Any):
    tx = getattr(store, "transaction", None)
    return tx() if callable(tx) else _Savepoint(connection_of(store))


class _CardWriter:
    """Writes cards, their names and their ``card:{name_en}`` nodes; a whole card wins its name over a
    same-named face of another card, and the first of two same-named faces wins."""

    def __init__(self, store: Any):
        self.store, self.conn = store, connection_of(store)
        self.upsert = getattr(store, "upsert_node", None)
        self.seen: dict[str, bool] = {}            # name_en -> written by a face

    def write(self, cards: list[Card]) -> None:
        card_rows, name_rows = [], []
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
            self._node(c)
        self.conn.executemany("INSERT OR REPLACE INTO cards(name_en, name_ja, data) VALUES (?, ?, ?)", card_rows)
        self.conn.executemany("INSERT OR IGNORE INTO card_names(key, name, name_en, how) VALUES (?, ?, ?, ?)",
                              name_rows)

    def _node(self, c: Card) -> None:
        if callable(self.upsert):
            self.upsert(f"card:{c.name}", "card", title=c.name, text=c.name_ja or "", data=c.node_data(),
                        replace=True)
        else:
            self.conn.execute("INSERT OR REPLACE INTO nodes(id, kind, doc, title, text, tokens, data) "
                              "VALUES (?, 'card', NULL, ?, ?, ?, ?)",
                              (f"card:{c.name}", c.name, c.name_ja or "", _tokens(c.name, c.name_ja),
                               json.dumps(c.node_data(), ensure_ascii=False)))


def _set_setting(store: Any, key: str, value: str) -> None:
    setter = getattr(store, "set_setting", None)
    if callable(setter):
        setter(key, value)
    else:
        _settings_put(connection_of(store), key, value)


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
                     [(ja, _tokens(en, ja), ja, f"card:{en}") for en, ja, _old in renamed])
    conn.executemany("INSERT OR IGNORE INTO card_names(key, name, name_en, how) VALUES (?, ?, ?, ?)", names)
    return {"wiki_names": len(pairs), "wiki_renamed": len(renamed), "wiki_only_cards": len(new_cards)}


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
    with _transaction(store):
        ensure_schema(conn)
        conn.execute("DELETE FROM card_names WHERE how NOT IN ('link')")
        conn.execute("DELETE FROM cards")
        writer = _CardWriter(store)
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
        _set_setting(store, "cards_path", summary["path"])
        if pairs is not None:
            summary.update(_store_wiki_names(conn, pairs))
            summary["jpnames_path"] = str(jp_path.resolve())
            _set_setting(store, "jpnames_path", summary["jpnames_path"])
        summary["names"] = conn.execute("SELECT count(*) FROM card_names").fetchone()[0]
    summary["seconds"] = round(time.perf_counter() - t0, 2)
    return summary


def load_jpnames(store: Any, path: str | Path) -> dict:
    """Load MTG Wiki EN→JA names alone (over whatever cards the store has), in one transaction."""
    path = Path(path)
    pairs = _read_jpnames(path)
    conn = connection_of(store)
    with _transaction(store):
        ensure_schema(conn)
        summary = _store_wiki_names(conn, pairs)
        _set_setting(store, "jpnames_path", str(path.resolve()))
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


# -- show ---------------------------------------------------------------------------------------------------
def show_card(store: Any, name: str, table: CardTable | None = None) -> dict | None:
    """Everything the store knows about the card NAME (JA, EN or misspelt), or None when nothing matches."""
    conn = connection_of(store)
    tables = table_names(conn)
    m = table.resolve(name) if table is not None else None
    if table is None:
        m = _resolve_quickly(conn, name, tables)        # exact/normalised without reading every card
        if m is None:
            m = CardTable.from_store(store).resolve(name)
    if m is None:
        return None
    c = m.card
    rulings = c.rulings
    if not rulings and "nodes" in tables:
        row = conn.execute("SELECT data FROM nodes WHERE id = ?", (f"card:{c.name}",)).fetchone()
        if row and row[0]:
            rulings = json.loads(row[0]).get("rulings") or []
    return {
        "name_en": c.name, "name_ja": c.name_ja, "full_name": c.full_name, "full_name_ja": c.full_name_ja,
        "variants_ja": c.variants_ja, "cost": c.cost, "colors": c.colors, "supertypes": c.supertypes,
        "types": c.types, "subtypes": c.subtypes, "pt": c.pt, "loyalty": c.loyalty, "has_text": c.has_text,
        "node": f"card:{c.name}",
        "match": {"query": name, "how": m.how, "score": m.score},
        "mentions": _with_own_pages(_mentions(conn, c.name, tables), _own_pages(conn, c, tables)),
        "rulings": rulings,
        "text": c.text, "text_ja": c.text_ja,
        "engine_behaviour": engine_behaviour(c),
        "compiled": _behaviour_info(conn, c.name),     # what the engine runs (kb.cards_compiled)
    }


def _behaviour_info(conn: sqlite3.Connection, name_en: str) -> dict:
    from kb.cards_compiled import behaviour_info
    return behaviour_info(conn, name_en)


def engine_behaviour(card: Card) -> dict:
    """Whether the engine has a behaviour for the card (``engine.behaviours.resolve``: hand-written or compiled
    from the Oracle text), whether it needs one (rules text beyond reminder text), and the behaviour's
    structured summary, one line per ability."""
    import engine.game  # noqa: F401 — behaviours are read against the engine's registered vocabulary
    from engine import behaviours

    b = behaviours.resolve(card)             # the one the engine runs: hand-written, else compiled
    return {"has": b is not None, "needed": behaviours.needs_behaviour(card),
            "summary": behaviour_summary(b) if b is not None else []}


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
    return t.resolve(name, fuzzy=False)


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
        f"{rev} FROM edges e LEFT JOIN nodes n ON n.id = e.src {join_doc} "
        "WHERE e.dst = ? AND e.kind IN ('mentions', 'about')", (f"card:{name_en}",))
    out: dict[str, dict] = {}
    for src, edge, doc, kind, text, document, key, revision, section, line, doc_revision in rows:
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
    out = list(out.values())
    out.sort(key=lambda r: (str(r["document"]), r["line"] or 0, r["node"]))
    return out
