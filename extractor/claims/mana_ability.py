"""Mana abilities and the stack (CR 605): 「マナ能力はスタックに乗らず、直ちに解決される」, 「マナ能力に対応して
何かすることはできない」 (605.3b), and 「《X》などの、マナを生み出す「呪文」はマナ能力ではない」 (605.1: a
spell that adds mana is a spell — it uses the stack).

Kind ``uses_stack``: situation ``source`` — a card (its mana ability, or the card itself when it is a spell) or
``{"desc": {"types": ["Artifact"], "mana_ability": true}}`` for a mana ability in general; outcome ``stack``: bool.
"""
from __future__ import annotations

import re
from typing import Any

from extractor.claims.conditions import conditions
from extractor.claims.context import Context
from extractor.claims.registry import Found, compile_patterns, register
from extractor.claims.sentences import MARK, NEG, Sentence

MANA_ABILITY = {"desc": {"types": ["Artifact"], "mana_ability": True}}

PATTERNS = compile_patterns({
    # 「マナ能力はスタックに乗らず」 / 「マナ能力もスタックを使う」
    "general": r"(?:^|[、。])\s*(?:起動型の?)?マナ能力(?:は|も)、?\s*(?:[^。]{0,20}?)スタック(?:に乗|を使わ|を使|に積ま|に置か)"
               r"(?P<v>らず|らない|りません|ない|ず|る|ります|う|います|れる|れない|れず|れます|れません)",
    # 「マナ能力に対応して(打ち消すなど)何かすることはできない」
    "respond": r"マナ能力に対応して(?:[^。]{0,20}?)(?:こと|の)(?:は|が|も)?(?P<v>でき(?:る|ない|ず|ます|ません)|可能|不可能)",
    # 「《X》や《Y》などの、マナを生み出す「呪文」はマナ能力ではない」
    "spell_not": r"(?P<cards>(?:(?:\[\[)?〔\d+〕(?:/[^、。〔\]]*?)?(?:\]\])?(?:や|と|、)?)+)(?:など)?の?、?[^。〔]{0,20}?[「」]?呪文[「」]?(?:は|も)、?"
                 r"マナ能力(?P<v>ではない|ではありません|でない|ではなく|である|です|だ)",
    # 「《X》のように、そのマナ能力がマナを生み出す以外のこと(…)をする場合、それもマナ能力の一部として、
    # スタックに乗らずに直ちに処理される」: the named card's mana ability, which does more than add mana
    "like_card": r"〔(\d+)〕(?:/[^、。〔]*?)?のように、(?P<mid>[^。]*?)(?:それ|その(?:能力|効果|処理))(?:も|は)、?[^。]*?"
                 r"スタック(?:に乗|を使わ)(?P<v>らず|らない|ない|ず|る|う)",
    "does_more_in": r"マナを(?:生み出す|加える|出す)以外のこと",
    "does_more": r"^\s*(?:その|この)?マナ能力が、?マナを(?:生み出す|加える|出す)以外のこと(?:[(（][^)）]*[)）])?を(?:する|行う)"
                 r"(?:場合|とき|なら)\s*$",
})
P = PATTERNS


def _general(s: Sentence, m) -> dict[str, Any]:
    """A general rule: its own sentence's conditions, none of the example's events."""
    return _denied_next({"events": [], **conditions(s.norm, m.start())}, s, m)


def _denied_next(sit: dict[str, Any], s: Sentence, m) -> dict[str, Any]:
    """「スタックに乗らず、直ちに解決されない」: a second predicate joined by ず that denies what a mana ability does
    (605.3a: it resolves immediately) — a statement the claim does not read, kept so it is never confirmed with it."""
    if m.group("v") in ("らず", "ず", "れず"):
        rest = s.norm[m.end():].split("。")[0]
        if NEG.search(rest) or re.search(r"(?:ない|ません|ず)\s*[。.]?\s*$", rest):
            sit.setdefault("unrepresented", []).append(rest.strip("、に "))
    return sit


@register("uses_stack", priority=97, needs=("マナ能力",))
def find_uses_stack(s: Sentence, si: int, ctx: Context) -> list[Found]:
    out: list[Found] = []
    for m in P["general"].finditer(s.norm):
        v = m.group("v")
        on_stack = not (NEG.search(v) or v in ("らず", "ず", "れず"))
        out.append(Found("uses_stack", {"source": MANA_ABILITY, **_general(s, m)}, {"stack": on_stack}, None,
                         m.span()))
    for m in P["respond"].finditer(s.norm):
        v = m.group("v")
        can = v != "不可能" and not NEG.search(v)
        # one can respond to what waits on the stack (117.7): 'no response' = it does not use the stack
        out.append(Found("uses_stack", {"source": MANA_ABILITY, **_general(s, m)}, {"stack": can}, None,
                         m.span()))
    for m in P["like_card"].finditer(s.norm):
        card = s.card(m)
        if not card:
            continue
        sit = {"source": card, "ability": "mana", **conditions(s.norm, m.start()), "events": []}
        # the clause that says its mana ability does more than add mana: a fact about the card, checked by the
        # cross-check against the card's ability (``does_more``), not an unrepresented condition
        rest = [c for c in sit.get("unrepresented") or [] if not P["does_more"].match(c)]
        if len(rest) < len(sit.get("unrepresented") or []):
            sit["unrepresented"] = rest
            if not rest:
                del sit["unrepresented"]
        if P["does_more_in"].search(m.group("mid")):
            sit["does_more"] = True
        v = m.group("v")
        _denied_next(sit, s, m)
        out.append(Found("uses_stack", sit, {"stack": v in ("る", "う")}, card, m.span()))
    for m in P["spell_not"].finditer(s.norm):
        is_ability = m.group("v") in ("である", "です", "だ")
        for x in MARK.finditer(m.group("cards")):
            card = s.card(x)
            if card:
                out.append(Found("uses_stack", {"source": card, "events": []}, {"stack": not is_ability}, card,
                                 m.span()))
    return out
