"""Summoning sickness (CR 302.6) and activating abilities: ``can_activate`` (a creature's activated ability whose
cost has / lacks the tap symbol {T} or the untap symbol {Q}, or tapping the creature to pay another spell's or
ability's cost) and ``summoning_sick`` (「コントロールが移動した場合も、クリーチャーは召喚酔い状態になる」).

The object is the clause's topic (a card or a described object, :mod:`.described`), else "a creature";
conditions (召喚酔い状態でも, コントロールが移動した場合) come from :func:`.conditions.conditions`.  The
ability is described only by its cost (the symbol it has or lacks): a sentence that does not say which cost
gives no claim (302.6 restricts only {T}/{Q} abilities, so "an activated ability" alone is not checkable).
"""
from __future__ import annotations

import copy
from typing import Any

from extractor.claims.combat import P as COMBAT, _split
from extractor.claims.conditions import adverbials, clause_spans, conditions, merge
from extractor.claims.context import Context
from extractor.claims.registry import Found, compile_patterns, register
from extractor.claims.sentences import NEG, Sentence

_CAN = r"(?:ことは|ことが|ことも|のは)?(?:問題なく)?(?P<form>でき(?:る|ない|ず|ます|ません)|出来(?:る|ない|ず)|不?可能)"

_SYMBOL = r"アンタップ・?シンボル|タップ・?シンボル|\{T\}|\{Q\}|アンタップ記号|タップ記号"

PATTERNS = compile_patterns({
    # '起動コストにタップ・シンボルを含む起動型能力を使用できない', 'タップ・シンボルを含まない起動型能力は…プレイできる'
    # (the cost phrase is only cost words: whatever precedes it is the subject's or a condition's, read apart)
    "ability": r"(?P<cost>(?:(?:起動)?コストに)?(?:" + _SYMBOL + r")(?:(?:や|または|か|と|・)(?:" + _SYMBOL + r"))?"
               r"(?:を|が)?(?:含む|含まない|含んでいない|含まず|なしの|のない|持つ|持たない|の)?)"
               r"(?:起動型)?能力(?:は|を|も|でも|であれば|なら)?、?(?P<mid>[^、。]{0,12}?)"
               r"(?:プレイ|起動|使用)(?:する|し)?" + _CAN,
    # '呪文や能力のコストとしてタップすることは可能'
    "as_cost": r"(?P<what>呪文や起動型能力|呪文や能力|起動型能力|呪文|能力)の(?:コスト|支払い)(?:として|のために)(?:それを|自身を)?"
               r"タップ(?:する)?" + _CAN,
    "sick": r"召喚酔い(?:状態)?(?:に|と)(?:は|も)?(?P<verb>なる|なり|なって|なります|ならない|ならず|なりません)",
    "tap_symbol": r"タップ・?シンボル|\{T\}|タップ記号",
    "untap_symbol": r"アンタップ・?シンボル|\{Q\}|アンタップ記号",
    "lacking": r"含まない|含んでいない|含まず|なしの|のない",
    "mid_filler": r"^(?:[、\s]|問題なく|普通に|通常通り|自由に)*$",
})
P = PATTERNS
_CREATURE = {"desc": {"types": ["Creature"]}}


def _subject(s: Sentence, head: str) -> Any:
    topic, _ = _split(s, head)
    return topic or _CREATURE


def _situation(s: Sentence, head: str, end: int, **keys: Any) -> dict[str, Any]:
    """The object, the condition clauses before ``end``, and what stands between the topic and the predicate
    ('召喚酔い状態では', '戦場に出たターンには'): a condition fact, or unrepresented words."""
    sit: dict[str, Any] = {"card": copy.deepcopy(_subject(s, head)), **keys, **conditions(s.norm, end)}
    topic = COMBAT["topic_end"].search(head)
    spans = clause_spans(head)
    after = head[max([topic.end() if topic else 0, *(b for _, b in spans)]):]
    merge(sit, adverbials(after, ""))
    if topic:       # phrases before the topic's own ('戦場に出たターンには、クリーチャーは'), outside condition clauses
        pos = 0
        for part in head[:topic.start()].split("、")[:-1]:
            a, pos = pos, pos + len(part) + 1
            if part.strip() and not any(x <= a and a + len(part) <= y for x, y in spans):
                merge(sit, adverbials(part, ""))
    return sit


def _head(s: Sentence, end: int) -> str:
    return s.norm[s.norm.rfind("。", 0, end) + 1:end]


def _can(form: str) -> bool:
    return not (NEG.search(form) or form.startswith("不"))


@register("can_activate", priority=66, needs=("能力", "タップ"))
def find_can_activate(s: Sentence, si: int, ctx: Context) -> list[Found]:
    out: list[Found] = []
    for m in P["ability"].finditer(s.norm):
        cost = m.group("cost")
        if not P["mid_filler"].match(m.group("mid")):
            continue                                  # words between the ability and the verb: not read
        lacks = bool(P["lacking"].search(cost))
        abilities = []
        if P["tap_symbol"].search(P["untap_symbol"].sub("", cost)):
            abilities.append({"tap": not lacks})
        if P["untap_symbol"].search(cost):
            abilities.append({"untap": not lacks})
        if not abilities:
            continue                                  # which cost the ability has is not stated
        head = _head(s, m.start())
        for ab in abilities:
            sit = _situation(s, head, m.start(), ability=ab)
            out.append(Found("can_activate", sit, {"can": _can(m.group("form"))}, _name(sit["card"]), m.span()))
    for m in P["as_cost"].finditer(s.norm):
        ab = {"tapped_for_cost": True, **({"for": "spell"} if m.group("what") == "呪文" else {})}
        sit = _situation(s, _head(s, m.start()), m.start(), ability=ab)
        out.append(Found("can_activate", sit, {"can": _can(m.group("form"))}, _name(sit["card"]), m.span()))
    return out


@register("summoning_sick", priority=67, needs=("召喚酔い",))
def find_summoning_sick(s: Sentence, si: int, ctx: Context) -> list[Found]:
    out: list[Found] = []
    for m in P["sick"].finditer(s.norm):
        sit = _situation(s, _head(s, m.start()), m.start())
        out.append(Found("summoning_sick", sit, {"sick": not NEG.search(m.group("verb")) and "ならず" not in
                                                 m.group("verb")}, _name(sit["card"]), m.span()))
    return out


def _name(x: Any) -> str | None:
    return x if isinstance(x, str) else None

