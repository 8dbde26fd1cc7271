"""Objects attached to others: an Aura enchants an object (CR 303.4), an Equipment is attached to a creature
(301.5).  A statement whose condition is about "the enchanted object" / "the equipped creature" and that names
no object of its own is about an Aura / an Equipment: :func:`holder_of` gives the description of that object.
``can_equip``: whether an Equipment can be attached to an object (「…クリーチャーに装備しなおすことができる」,
「プロテクション(アーティファクト)を持つクリーチャーには装備できない」, 「装備しているクリーチャー自身を対象にしてもよい」).
"""
from __future__ import annotations

import copy
import re
from typing import Any

from extractor.claims.conditions import conditions
from extractor.claims.context import Context
from extractor.claims.described import PATTERNS as DESC_PATTERNS, describe
from extractor.claims.registry import Found, compile_patterns, register
from extractor.claims.sentences import MARK, NEG, Sentence

# what holds an "enchanted object" / an "equipped creature" (303.4a, 301.5a)
HOLDERS: dict[str, dict[str, Any]] = {
    "aura": {"desc": {"types": ["Enchantment"], "subtypes": ["Aura"]}},
    "equipment": {"desc": {"types": ["Artifact"], "subtypes": ["Equipment"]}},
}


def holder_condition(sit: dict[str, Any]) -> dict[str, Any]:
    """The situation's host condition ({kind: host_leaves, attached, host?, how?}), or {}."""
    return next((c for c in sit.get("conditions") or [] if isinstance(c, dict) and c.get("kind") == "host_leaves"
                 and c.get("attached") in HOLDERS), {})


def holder_of(sit: dict[str, Any]) -> dict[str, Any] | None:
    """The described Aura / Equipment a situation's host condition implies (None without one)."""
    c = holder_condition(sit)
    return {"desc": dict(HOLDERS[c["attached"]]["desc"])} if c else None


# ---- can_equip: whether an Equipment can be attached to an object (equip 702.6, 301.5c, protection 702.16) ----
PATTERNS = compile_patterns({
    # '…クリーチャーに装備しなおすことができる', '…クリーチャーには、装備することができない', 'クリーチャーにつけることができる'
    "equip": r"(?:に|には|にも|へ)、?(?:(?:その|この)?装備品を)?(?:装備(?:し直|しなお)?(?:させる|す|する|し)?|(?:取り)?(?:つけ|付け)(?:る)?)"
             r"(?:ことは|ことが|ことも)?(?P<form>でき(?:る|ない|ず|ます|ません)|出来(?:る|ない)|不?可能)",
    # '(その装備品を)装備しているクリーチャー自身を対象にしてもよい'
    "self_target": r"(?:その|この)?装備品を装備している(?:クリーチャー)?(?:自身|自体)?を(?:装備能力の)?対象に(?:して|取って|選んで)"
                   r"(?P<form>も(?:よい|いい|構わない|かまわない)|はいけない|はならない)",
    "equipment": r"(?P<already>(?:既に|すでに)(?:何かに|クリーチャーに)?装備されている)?装備品",
    # what happens to the Equipment when its equip ability resolves (or does not: 608.2b)
    "moves": r"装備品(?:は|が)、?(?:どこにも)?(?P<verb>移動すること(?:は|も)(?:ない|ありません)|移動しない|移動せず|動かない"
             r"|移動しません|移動する|移動します)(?=[、。]|$)",
    "noncreature": r"クリーチャーでない(?:オブジェクト|パーマネント|もの)",
    "other": r"(?:別の|他の|ほかの|もう1体の|もう一体の)",
})
_EQUIPMENT = {"desc": {"types": ["Artifact"], "subtypes": ["Equipment"]}}


def _target_before(s: Sentence, head: str):
    """The object the predicate attaches to (the last card or described object of the clause)."""
    if PATTERNS["noncreature"].search(head):
        return "noncreature"
    marks = list(MARK.finditer(head))
    heads = [m for m in DESC_PATTERNS["head"].finditer(head) if m.group(1) != "装備品"]
    last_mark, last_head = (marks[-1] if marks else None), (heads[-1] if heads else None)
    if last_mark and (not last_head or last_mark.start() > last_head.start()):
        return s.card(last_mark)
    return describe(head, last_head) if last_head else None


@register("can_equip", priority=68, needs=("装備", "つけ", "付け"))
def find_can_equip(s: Sentence, si: int, ctx: Context) -> list[Found]:
    out: list[Found] = []
    eq = PATTERNS["equipment"].search(s.norm)
    for m in PATTERNS["equip"].finditer(s.norm):
        if eq is None and "装備" not in m.group(0):
            continue                                   # 'つける' of something that is not an Equipment
        start = s.norm.rfind("。", 0, m.start()) + 1
        head = s.norm[start:m.start()]
        if eq and start <= eq.start() < m.start():
            if re.search(r"の\s*$", s.norm[start:eq.start()]):
                continue                               # 「赤の装備品」: a quality of the Equipment the claim would drop
            head = s.norm[eq.end():m.start()]           # the target follows the equipment's phrase
        target = _target_before(s, head)
        if target is None:
            continue
        named = [s.card(c) for c in MARK.finditer(s.norm[start:m.start()])]
        named = [c for c in named if c != target]
        if len(named) > 1 or (named and eq):
            continue                                   # which card is the Equipment is not clear
        equipment = named[0] if named else copy.deepcopy(_EQUIPMENT)
        sit = {"equipment": equipment, "target": target, **conditions(s.norm, m.start())}
        if eq and eq.group("already"):
            sit.setdefault("conditions", []).append({"kind": "attached"})
        out.append(Found("can_equip", sit, {"can": not (NEG.search(m.group("form")) or m.group("form")
                                                       .startswith("不"))},
                         equipment if isinstance(equipment, str) else None, m.span()))
    for m in PATTERNS["self_target"].finditer(s.norm):
        sit = {"equipment": copy.deepcopy(_EQUIPMENT), "target": {"desc": {"types": ["Creature"]}},
               "conditions": [{"kind": "attached_to_target"}]}
        out.append(Found("can_equip", sit, {"can": m.group("form").startswith("も")}, None, m.span()))
    return out


@register("equip_result", priority=69, needs=("移動", "動か"))
def find_equip_result(s: Sentence, si: int, ctx: Context) -> list[Found]:
    """「装備能力が対象不適正になった場合、装備品は移動しない」: only with the condition in the sentence (a bare
    'it does not move' says nothing checkable without what happened to the ability)."""
    out: list[Found] = []
    for m in PATTERNS["moves"].finditer(s.norm):
        sit = {"equipment": copy.deepcopy(_EQUIPMENT), **conditions(s.norm, m.start())}
        if not any(c.get("kind") == "target_illegal" for c in sit.get("conditions") or []):
            continue
        verb = m.group("verb")
        out.append(Found("equip_result", sit, {"moved": not (NEG.search(verb) or "せず" in verb)}, None, m.span()))
    return out
