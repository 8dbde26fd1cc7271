"""Objects a ruling describes instead of naming (「1/3クリーチャー」, 「2/2の黒のクリーチャー」, 「飛行を持つ白のクリーチャー・
トークン」, 「あなたがコントロールする+1/+1カウンターが2個置かれたクリーチャー」), read with the object sub-grammar of the card
grammar (objects.py: colour, type, subtype, keyword, token, controller, supertype) plus what only a description states:
its power/toughness (2/2の…) and the counters on it.

``describe_object(text) -> dict | None``: the description keys of docs/design.md "Described objects" ({types,
subtypes, supertypes, colors, pt, keywords, token, controller, counters}) holding only what the phrase states, or
None when the phrase is not one object phrase or states something no key holds (a zone, a state, a negation)."""
from __future__ import annotations

import copy
from functools import lru_cache

import pyparsing as pp

from .base import T
from .objects import MOD, NOUN
from .tokens import JaTextError, token_string

_PT_MOD = (pp.Regex(r"\d+/\d+(?= |$)") + pp.Opt(T("の"))).set_parse_action(lambda t: [{"_pt": t[0]}])
_COUNTERS = (pp.Regex(r"[+-]\d+/[+-]\d+(?= |$)") + T("カウンターが") + pp.Regex(r"\d+(?= |$)") +
             T("個置かれた", "個置かれている", "個乗った", "個乗っている")).set_parse_action(
    lambda t: [{"_counters": {t[0]: int(t[1])}}])
PHRASE = (pp.ZeroOrMore((_COUNTERS | _PT_MOD | MOD) + pp.Opt(T("、"))) + NOUN + pp.Opt(T("1体")))
# filter keys of the object grammar → description keys (anything else is not a characteristic a stand-in has)
# a subtype stated without its card type (3/3の人間, 装備品, 島): the type it belongs to (205.3g-i); any other
# subtype is a creature type (205.3m)
_SUBTYPE_TYPE = {**dict.fromkeys(("Equipment", "Vehicle", "Clue", "Food", "Treasure", "Fortification", "Blood",
                                  "Gold", "Powerstone", "Map", "Incubator", "Junk", "Contraption", "Attraction"),
                                 "Artifact"),
                 **dict.fromkeys(("Aura", "Saga", "Class", "Shrine", "Curse", "Cartouche", "Rune", "Background",
                                  "Role", "Room", "Case", "Shard"), "Enchantment"),
                 **dict.fromkeys(("Plains", "Island", "Swamp", "Mountain", "Forest", "Desert", "Gate", "Lair",
                                  "Locus", "Mine", "Power-Plant", "Tower", "Urza's", "Cave", "Sphere", "Town"),
                                 "Land")}
_KEYS = {"types": "types", "subtypes": "subtypes", "supertypes": "supertypes", "colors": "colors",
         "controller": "controller", "token": "token"}


def describe_object(text: str, spells: bool = False, states: bool = False) -> dict | None:
    """``spells``: a spell phrase (赤の呪文, インスタント呪文) is described too, marked ``spell: True`` (an instant
    or sorcery the staging chooses; a permanent spell is not described); ``states``: a permanent's tapped state
    (タップ状態の / アンタップ状態の, ``tapped: bool``) is kept for a caller whose staging represents it."""
    out = _describe(text, spells, states)
    return copy.deepcopy(out) if out is not None else None


@lru_cache(maxsize=8192)
def _describe(text: str, spells: bool = False, states: bool = False) -> dict | None:
    try:
        toks = token_string(text)
    except (JaTextError, ValueError):
        return None
    try:
        parts = PHRASE.parse_string(toks, parse_all=True)
    except (pp.ParseException, RecursionError):
        return None
    desc: dict = {}
    for part in parts:
        for k, v in part.items():
            if k == "_kind":
                if v == "spell" and spells:
                    desc["spell"] = True
                elif v != "permanent":
                    return None
            elif k == "_pt":
                desc["pt"] = v
            elif k == "_counters":
                desc.setdefault("counters", {}).update(v)
            elif k == "has_keyword":
                desc.setdefault("keywords", []).append(v)
            elif k == "colors":
                desc["colors"] = desc.get("colors", "") + v
            elif k in ("types", "subtypes", "supertypes"):
                desc[k] = list(dict.fromkeys([*desc.get(k, []), *v]))
            elif k in _KEYS and k != "token":
                desc[_KEYS[k]] = v
            elif k == "tapped" and states:
                desc["tapped"] = bool(v)
            elif k == "token" and v is True:
                desc["token"] = True
            else:
                return None          # a state, a zone, a negation, a signed P/T: not a stated characteristic
    if desc.get("controller") not in (None, "you", "opponent"):
        return None
    if desc.get("spell") and not set(desc.get("types") or ["Instant"]) <= {"Instant", "Sorcery"}:
        return None
    if desc.get("subtypes") and not desc.get("types") and not desc.get("spell"):
        desc["types"] = [_SUBTYPE_TYPE.get(desc["subtypes"][0], "Creature")]     # 3/3の人間: a creature (205.3m)
    return desc or None
