"""Scryfall's card operators for ``mtgkb search`` (:mod:`kb.search` parses them, this module checks their
values and turns each into SQL over the store's ``cards`` table, one row per face):

====================  ====================================================================================
``t:creature``        a type, supertype or subtype (English, any case; ``t:legend`` matches Legendary)
``o:"draw a card"``   the Oracle text (English); a Japanese value searches the Japanese text
``mv>=3``, ``cmc:2``  mana value (CR 202.3) with ``: = != < <= > >=``
``c:wu``, ``c=r``     colours, Scryfall's meaning: ``c:`` = at least these colours, ``=`` exactly, ``<=``
                      within them; ``c:c`` colourless, ``c:m`` multicoloured; names (``c:white``) too
``id<=wu``            colour identity (CR 903.4); ``id:`` means ``<=`` (fits a deck of that identity)
``pow>=4``, ``tou<2``  power and toughness (numbers only; ``*`` never matches)
``kw:flying``         a keyword the card file gives the card (and, as before, pages about the keyword)
``is:split``          the card's layout: split, adventure, transform, modal_dfc (``mdfc``), flip, meld, …
====================  ====================================================================================

Values are SQL parameters; nothing the user types reaches SQL text.
"""
from __future__ import annotations

import re
import unicodedata

CARD_OPS = {"t": "type", "type": "type", "o": "oracle", "oracle": "oracle", "mv": "mv", "cmc": "mv",
            "manavalue": "mv", "c": "color", "color": "color", "colour": "color", "id": "identity",
            "identity": "identity", "ci": "identity", "pow": "pow", "power": "pow", "tou": "tou",
            "toughness": "tou", "is": "is"}
COMPARISONS = (">=", "<=", "!=", ":", "=", "<", ">")
NUMERIC = ("mv", "pow", "tou")
_COLOURS = "WUBRG"
_COLOUR_NAMES = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G", "白": "W", "青": "U",
                 "黒": "B", "赤": "R", "緑": "G", "azorius": "WU", "dimir": "UB", "rakdos": "BR", "gruul": "RG",
                 "selesnya": "GW", "orzhov": "WB", "izzet": "UR", "golgari": "BG", "boros": "RW", "simic": "GU"}
LAYOUTS = {"split": ("split",), "adventure": ("adventure",), "transform": ("transform",),
           "modal_dfc": ("modal_dfc",), "mdfc": ("modal_dfc",), "dfc": ("transform", "modal_dfc"),
           "flip": ("flip",), "meld": ("meld",), "saga": ("saga",), "leveler": ("leveler",), "class": ("class",),
           "prototype": ("prototype",)}
HIT = -800.0                 # score of a card found by its characteristics (below the exact name, -2000)


class CardQueryError(ValueError):
    """A card operator with a value it cannot take; the message says what is allowed."""


def _is_ja(s: str) -> bool:
    return any(ord(ch) > 0x2E7F for ch in s)


def check(name: str, cmp: str, value: str) -> tuple[str, str, str]:
    """(operator, comparison, value) normalised, or :class:`CardQueryError`."""
    value = unicodedata.normalize("NFKC", value).strip()
    if cmp != ":" and name not in NUMERIC + ("color", "identity"):
        raise CardQueryError(f"'{name}' takes ':' (e.g. {name}:VALUE), not '{cmp}'")
    if name in NUMERIC:
        if not re.fullmatch(r"\d+(\.\d+)?", value):
            raise CardQueryError(f"{name}{cmp}{value}: a number is needed (e.g. {name}>=3)")
    elif name in ("color", "identity"):
        _colour_set(value)
    elif name == "is":
        value = value.lower()
        if value not in LAYOUTS:
            raise CardQueryError(f"unknown is:{value} (known: {', '.join(sorted(LAYOUTS))})")
    return name, cmp, value


def _colour_set(value: str) -> str:
    """'wu' / 'white' / 'c' (colourless) / 'm' (multicoloured) → 'WU' / 'W' / '' / 'M'."""
    v = value.lower()
    if v in ("c", "colorless", "colourless", "無色"):
        return ""
    if v in ("m", "multicolor", "multicolour", "多色"):
        return "M"
    if v in _COLOUR_NAMES:
        return _COLOUR_NAMES[v]
    if not v or any(ch.upper() not in _COLOURS for ch in v):
        raise CardQueryError(f"unknown colour '{value}' (W U B R G letters like c:wu, a name like c:white, "
                             "c:c colourless, c:m multicoloured)")
    return "".join(ch for ch in _COLOURS if ch.lower() in v)


def _colour_sql(field: str, cmp: str, colours: str) -> tuple[str, list]:
    f = f"coalesce(json_extract(c.data, '$.{field}'), '')"
    if colours == "M":
        return f"length({f}) {'<' if cmp == '!=' else '>='} 2", []
    if colours == "" and cmp in (":", "=", "<=", ">=", "!="):      # colourless (c:c): no colour at all
        return f"length({f}) {'>' if cmp == '!=' else '='} 0", []
    within = " AND ".join(f"instr({f}, '{x}') = 0" for x in _COLOURS if x not in colours) or "1"
    has = " AND ".join(f"instr({f}, '{x}') > 0" for x in colours) or "1"
    n = len(colours)
    sql = {":": has, ">=": has, "=": f"({has}) AND ({within})", "<=": within,
           ">": f"({has}) AND length({f}) > {n}", "<": f"({within}) AND length({f}) < {n}",
           "!=": f"NOT (({has}) AND ({within}))"}[cmp]
    return sql, []


def _numeric_sql(field: str, cmp: str, value: str) -> tuple[str, list]:
    op = "=" if cmp == ":" else cmp
    col = f"json_extract(c.data, '$.{field}')"
    if field in ("power", "toughness"):
        return f"{col} GLOB '[0-9]*' AND CAST({col} AS REAL) {op} ?", [float(value)]
    return f"{col} IS NOT NULL AND {col} {op} ?", [float(value)]


def condition(name: str, cmp: str, value: str) -> tuple[str, list]:
    """SQL over ``cards c`` for one checked operator, with its parameters."""
    if name == "type":
        like = value.lower() + "%"
        parts = [f"EXISTS (SELECT 1 FROM json_each(c.data, '$.{k}') j WHERE lower(j.value) LIKE ?)"
                 for k in ("types", "supertypes", "subtypes")]
        return "(" + " OR ".join(parts) + ")", [like] * 3
    if name == "oracle":
        field = "text_ja" if _is_ja(value) else "text"
        return f"instr(lower(coalesce(json_extract(c.data, '$.{field}'), '')), lower(?)) > 0", [value]
    if name == "mv":
        return _numeric_sql("mana_value", cmp, value)
    if name in ("pow", "tou"):
        return _numeric_sql("power" if name == "pow" else "toughness", cmp, value)
    if name == "color":
        return _colour_sql("colors", cmp, _colour_set(value))
    if name == "identity":
        return _colour_sql("color_identity", "<=" if cmp == ":" else cmp, _colour_set(value))
    if name == "is":
        layouts = LAYOUTS[value]
        return f"json_extract(c.data, '$.layout') IN ({','.join('?' * len(layouts))})", list(layouts)
    raise CardQueryError(f"unknown card operator {name}")       # pragma: no cover - check() ran first


def source_sql(name: str, cmp: str, value: str) -> tuple[str, list]:
    """(SQL yielding ``r`` = the card node's rowid and ``s`` = a score, params) for the search planner."""
    cond, params = condition(name, cmp, value)
    return (f"SELECT n.rowid AS r, {HIT} AS s FROM cards c JOIN nodes n ON n.id = 'card:' || c.name_en "
            f"WHERE {cond}", params)


def keyword_sql(name_en: str) -> tuple[str, list]:
    """Cards whose card-file ``keywords`` include NAME_EN (``kw:``)."""
    return (f"SELECT n.rowid AS r, {HIT} AS s FROM cards c JOIN nodes n ON n.id = 'card:' || c.name_en "
            "WHERE json_type(c.data, '$.keywords') = 'array' AND EXISTS (SELECT 1 FROM json_each(c.data, "
            "'$.keywords') j WHERE j.value = ? COLLATE NOCASE)", [name_en])
