"""Every keyword ability (CR 702) and keyword action (CR 701) by English or Japanese name and alias: the
names file ``kb/data/keyword_names.yaml``, the extractor's lexicon (the wiki's spellings,
``extractor/data/keywords.yaml``) and the card file's per-card ``keywords`` (MTGJSON) — names only.

A keyword page (``mtgkb show keyword``, ``/keyword/NAME``) adds to what the store says about it the rule that
defines it (when that CR page is stored) and the cards that have it.

>>> lookup("deathtouch").ja, lookup("接死").en, lookup("scry").kind
('接死', 'Deathtouch', 'action')
"""
from __future__ import annotations

import sqlite3
import unicodedata
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

NAMES_FILE = Path(__file__).parent / "data" / "keyword_names.yaml"


@dataclass(frozen=True)
class KeywordName:
    en: str | None                  # English name as the CR writes it (Deathtouch, Scry)
    ja: str | None                  # Japanese name (接死, 占術); None for a card-file keyword with no JA name
    kind: str                       # ability (702) | action (701) | term (the wiki's other keyword pages)
    aliases: tuple[str, ...] = ()

    @property
    def name(self) -> str:
        """The store's name of the keyword (node ``kw:{name}``): the Japanese name, else the English one."""
        return self.ja or self.en or ""


def _fold(s: str) -> str:
    return unicodedata.normalize("NFKC", s or "").strip().casefold()


@lru_cache(maxsize=1)
def vocabulary() -> tuple[KeywordName, ...]:
    """The names file and the extractor's lexicon, one entry per keyword (by English name, else Japanese)."""
    import yaml
    from extractor import keywords

    try:
        data = yaml.safe_load(NAMES_FILE.read_text(encoding="utf-8")) or {}
        rows = [(r[0], r[1], kind, tuple(r[2]) if len(r) > 2 else ())
                for kind, key in (("ability", "abilities"), ("action", "actions")) for r in data.get(key) or ()]
    except (yaml.YAMLError, OSError, IndexError, TypeError, AttributeError) as e:
        raise ValueError(f"{NAMES_FILE}: bad keyword names file: {e}") from e
    out: dict[str, KeywordName] = {}
    for en, ja, kind, aliases in rows:
        out[_fold(en)] = KeywordName(en, ja, kind, aliases)
    for r in keywords():                      # the wiki's spellings: its JA names win, its aliases are added
        key = _fold(r["en"] or r["ja"])
        old = out.get(key)
        if old is None:
            out[key] = KeywordName(r["en"], r["ja"], "term", tuple(r["aliases"]))
        else:
            extra = tuple(a for a in (old.ja, *old.aliases, *r["aliases"]) if a and a != r["ja"])
            out[key] = KeywordName(old.en, r["ja"], old.kind, tuple(dict.fromkeys(extra)))
    return tuple(out.values())


@lru_cache(maxsize=1)
def _index() -> dict[str, KeywordName]:
    idx: dict[str, KeywordName] = {}
    for k in vocabulary():
        for n in (k.ja, k.en, *k.aliases):
            if n:
                idx.setdefault(_fold(n), k)
    return idx


def card_keyword(conn: sqlite3.Connection | None, name: str) -> str | None:
    """The English keyword name, as the store's card file gives it to its cards (MTGJSON ``keywords``, kept in
    the ``card_keywords`` table by the card load), that NAME spells in any case; else None."""
    if conn is None or not name.strip() or not name.isascii():      # the card file's keywords are English
        return None
    try:
        row = conn.execute("SELECT keyword FROM card_keywords WHERE keyword = ? LIMIT 1", (name.strip(),)).fetchone()
    except sqlite3.OperationalError:            # no card table (or one loaded before card_keywords existed)
        return None
    return row[0] if row else None


def lookup(name: str, conn: sqlite3.Connection | None = None) -> KeywordName | None:
    """A keyword by English or Japanese name or alias (any case, any width, ``JA/EN`` or ``JA／EN``), else
    one the store's card file names, else None."""
    key = _fold(name)
    if not key:
        return None
    hit = _index().get(key)
    if hit is None:
        for part in key.replace("／", "/").split("/"):
            hit = _index().get(part.strip())
            if hit:
                break
    if hit is None:
        en = card_keyword(conn, name)
        hit = KeywordName(en, None, "ability") if en else None
    return hit


def rule_of(conn: sqlite3.Connection, kw: KeywordName) -> dict | None:
    """The stored CR rule that defines the keyword (701.x for an action, 702.x for an ability, its title
    ``702.2 接死／Deathtouch``), with its subrules' text, or None when that CR page is not stored."""
    names = [n for n in (kw.en, kw.ja) if n]
    if not names:
        return None
    like = " OR ".join(["title LIKE ?"] * len(names))
    rows = conn.execute(f"SELECT id, title FROM nodes WHERE kind = 'rule' AND (id GLOB 'rule:701.[0-9]*' OR "
                        f"id GLOB 'rule:702.[0-9]*') AND id NOT GLOB 'rule:70[12].*[a-z]' AND ({like})",
                        [f"%{n}" if n == kw.en else f"% {n}／%" for n in names]).fetchall()
    for rid, title in rows:
        tail = title.split(" ", 1)[1] if " " in title else ""
        parts = [p.strip() for p in tail.replace("／", "/").split("/")]
        if any(_fold(p) in {_fold(n) for n in names} for p in parts):
            number = rid[len("rule:"):]
            subs = conn.execute("SELECT id, text FROM nodes WHERE kind = 'rule' AND id GLOB ? ORDER BY id",
                                (f"rule:{number}[a-z]*",)).fetchall()
            return {"number": number, "title": title,
                    "subrules": [{"number": s[len("rule:"):], "text": t} for s, t in subs]}
    return None


def cards_with(conn: sqlite3.Connection, kw: KeywordName, limit: int = 200) -> tuple[int, list[dict]]:
    """(how many, the first ``limit`` by name) of the card file's cards that have the keyword."""
    if not kw.en:
        return 0, []
    try:
        rows = conn.execute("SELECT c.name_en, c.name_ja FROM card_keywords k JOIN cards c ON c.name_en = k.name_en "
                            "WHERE k.keyword = ? ORDER BY c.name_en", (kw.en,)).fetchall()
    except sqlite3.OperationalError:
        return 0, []
    return len(rows), [{"name_en": en, "name_ja": ja} for en, ja in rows[:limit]]
