"""Summoning sickness (CR 302.6) and activating abilities: ``can_activate`` (a creature's activated ability whose
cost has / lacks the tap symbol {T} or the untap symbol {Q}, or tapping the creature to pay another spell's or
ability's cost; or an ability named by its keyword, 長久 = outlast 702.107, activated in combat / when summoning sick)
and ``summoning_sick`` (「コントロールが移動した場合も、クリーチャーは召喚酔い状態になる」).

The object is the clause's topic (a card or a described object, :mod:`.described`), else "a creature";
conditions (召喚酔い状態でも, コントロールが移動した場合) come from :func:`.conditions.conditions`.  The
ability is described only by its cost (the symbol it has or lacks) or its keyword: ``situation.ability`` is
``{"tap": bool}`` / ``{"untap": bool}`` / ``{"tapped_for_cost": True}`` (``for``: spell / crew 「搭乗させることが
できる」 702.122a / convoke 「召集のためにタップできる」 702.51a) / ``{"keyword": "outlast"}``.  A sentence
that does not say which cost gives no claim (302.6 restricts only {T}/{Q} abilities, so "an activated ability"
alone is not checkable).  Summoning sickness stated in the noun phrase (「戦場に出てすぐ(召喚酔い状態)の」) is a
condition, the rest of the phrase is the description.
"""
from __future__ import annotations

import copy
import re
from typing import Any

from extractor.claims.combat import P as COMBAT, _split
from extractor.claims.conditions import adverbials, clause_spans, conditions, merge
from extractor.claims.context import Context
from extractor.claims.described import PATTERNS as DESC_PATTERNS, UNSTATED, describe, lift_unstated
from extractor.claims.registry import Found, compile_patterns, register
from extractor.claims.sentences import MARK, NEG, Sentence
from extractor.lexicon import alternation, lexicon

LEX = lexicon()
_KEYWORDS = alternation(LEX.words("keyword_abilities"))

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
    # tapping the creature for crew (702.122a) or convoke (702.51a): a cost that is not its own {T} ability (302.6)
    "crew_convoke": r"(?:(?:機体に)?(?P<crew>搭乗)(?:させる(?:こと)?|する(?:こと)?|に使う(?:こと)?|のためにタップ(?:する(?:こと)?)?"
                    r"|に使用(?:する(?:こと)?)?)?|"
                    r"(?P<convoke>召集)(?:のために|に使って|で|によって)(?:それを|自身を)?タップ(?:する(?:こと)?)?)"
                    r"(?:は|が|も)?(?P<form>でき(?:る|ない|ず|ます|ません)|出来(?:る|ない|ず)|不?可能)"
                    r"|(?:(?P<crew2>搭乗)|(?P<convoke2>召集))に(?:使え|使用でき)(?P<form2>る|ない|ず|ます|ません)",
    "sick": r"召喚酔い(?:状態)?(?:に|と)(?:は|も)?(?P<verb>なる|なり|なって|なります|ならない|ならず|なりません)",
    "tap_symbol": r"タップ・?シンボル|\{T\}|タップ記号",
    "untap_symbol": r"アンタップ・?シンボル|\{Q\}|アンタップ記号",
    "lacking": r"含まない|含んでいない|含まず|なしの|のない",
    "mid_filler": r"^(?:[、\s]|問題なく|普通に|通常通り|自由に)*$",
    # an ability named by its keyword or by its {T} cost, with 起動 as the verb (G5 readings)
    "activate": r"(?P<kw>" + _KEYWORDS + r")(?:の)?(?:能力)?(?:を|は|も)?、?\s*起動(?:すること)?(?:は|が|も)?"
                r"(?P<form>でき(?:る|ない|ず|ます|ません)|出来(?:る|ない|ず)|可能|不可能)",
    # an ability named by its cost: '{T}能力' / 'タップ能力' / 'コストにタップシンボルを含む能力' (CR 602.5a); the verb
    # 起動 or the older 使用 / プレイ (as in the 'ability' pattern)
    "tap_activate": r"(?:コストに)?(?:\{T\}|タップ(?:シンボル)?)(?:を(?:コストに)?含む)?(?:起動型)?能力(?:を|は|も)?、?\s*"
                    r"(?:起動|使用|プレイ)(?:すること)?(?:は|が|も)?(?P<form>でき(?:る|ない|ず|ます|ません)|出来(?:る|ない|ず)|可能|不可能)",
    # a {T} mana ability named by what it does: '{T}でマナを出せる' / 'マナを出すことはできない' (CR 605.1a, 302.6)
    "tap_mana": r"(?:\{T\}で|タップして)?マナを(?:生み)?出(?:すこと(?:は|が|も)?)?"
                r"(?P<form>せ(?:る|ない|ず|ます|ません)|でき(?:る|ない|ず|ます|ません)|出来(?:る|ない|ず))",
    # summoning sickness said in the noun phrase of the creature (CR 302.6)
    "sick_np": r"(?:戦場に出て(?:すぐ|間もない|まもない)|戦場に出たばかり|この(?:ターン|ターンに)戦場に出た)?\s*"
               r"[(（]?\s*召喚酔い(?:状態|中|の影響を受けている|の影響を受けた)?\s*[)）]?\s*(?:の|状態の)?"
               r"|(?:戦場に出て(?:すぐ|間もない|まもない)|戦場に出たばかり)(?:の)?",
    "topic": r"(?:/[^、。〔]*?)?(?:\s*[A-Z])?(?:は|が|も|でも)、?",
    # a relative clause or の-phrase ending right before a card (「破壊不能を持つ〔0〕」: 持つ, a keyword it has)
    "modifier_end": r"(?:た|る|ない|いる|の|つ)$",
    "card_of": r"〔(\d+)〕(?:/[^、。〔]*?)?の$",
    # 「《X》で(、そのターンに)マナを出せる」: the card whose ability it is, named as the instrument
    "with": r"(?:/[^、。〔]*?)?で、?(?:(?:その|この)ターン(?:に|には|は)?)?、?$",
})
P = PATTERNS
_CREATURE = {"desc": {"types": ["Creature"]}}


def _subject(s: Sentence, head: str) -> Any:
    """The clause's topic; else the card whose ability it is (「《太陽の指輪》の{T}能力」); else "a creature" — never
    for a clause that names a card it does not read (a generic creature must not stand in for a named card)."""
    topic, _ = _split(s, head)
    if topic:
        return topic
    of = P["card_of"].search(head)
    if of:
        return s.card(of)
    return _CREATURE if not MARK.search(head) else {**_CREATURE, UNSTATED: head.strip("、 ")}


def _modifier(head: str, at: int) -> dict[str, Any]:
    """What a noun phrase says before the card mark at ``at`` (「召喚酔いの〔0〕」「このターンに戦場に出た〔0〕」
    「〔0〕でコントロールを得た〔1〕」): unrepresented words, which resolve() reads as a condition when it is one —
    never dropped; {} when nothing modifies the card (a clause boundary, or 「〔0〕と〔1〕」)."""
    begin = max([0, *(b for _, b in clause_spans(head[:at])), head.rfind("、", 0, at) + 1])
    before = head[begin:at].strip("、 ")
    return {"unrepresented": [before]} if len(before) >= 2 and P["modifier_end"].search(before) else {}


def _situation(s: Sentence, head: str, end: int, **keys: Any) -> dict[str, Any]:
    """The object, the condition clauses before ``end``, and what stands between the topic and the predicate
    ('召喚酔い状態では', '戦場に出たターンには'): a condition fact, or unrepresented words."""
    sit: dict[str, Any] = {"card": copy.deepcopy(_subject(s, head)), **keys, **conditions(s.norm, end)}
    lift_unstated(sit)
    mark = next((m for m in MARK.finditer(head) if s.card(m) == sit["card"]), None)
    if mark:
        merge(sit, _modifier(head, mark.start()))
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


@register("can_activate", priority=66, needs=("能力", "タップ", "搭乗", "召集"))
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
    for m in P["crew_convoke"].finditer(s.norm):
        ab = {"tapped_for_cost": True, "for": "crew" if m.group("crew") or m.group("crew2") else "convoke"}
        sit = _situation(s, _head(s, m.start()), m.start(), ability=ab)
        form = m.group("form") or m.group("form2")
        can = not (NEG.search(form) or form.startswith("不") or form == "ず")
        out.append(Found("can_activate", sit, {"can": can}, _name(sit["card"]), m.span()))
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


_SICK = {"kind": "summoning_sick"}


def _keyword_subject(s: Sentence, head: str, ctx: Context) -> tuple[Any, dict[str, Any], int]:
    """(the creature, what its noun phrase states as conditions, where the main clause's words begin)."""
    marks = [m for m in MARK.finditer(head) if P["topic"].match(head, m.end()) or head.endswith(m.group(0) + "の")
             or P["with"].match(head, m.end())]
    if marks:
        m = marks[-1]
        # what the noun phrase says before the card (「召喚酔いの〔0〕」「このターンに戦場に出た〔0〕」「〔0〕でコントロールを
        # 得た〔1〕」): kept as unrepresented words, which resolve() reads as a condition when it is one — never dropped
        w = P["with"].match(head, m.end())
        main = m.end() + len(re.match(r"(?:/[^、。〔]*?)?で、?", head[m.end():]).group(0)) if w else m.end()
        return s.card(m), _modifier(head, m.start()), main
    for h in reversed(list(DESC_PATTERNS["head"].finditer(head))):
        t = P["topic"].match(head, h.end())
        if not t:
            continue
        phrase = head[:h.start()]
        facts: dict[str, Any] = {}
        sick = list(P["sick_np"].finditer(phrase))
        if sick:
            facts["conditions"] = [_SICK]
            for x in reversed(sick):
                phrase = phrase[:x.start()] + phrase[x.end():]
        text = phrase + head[h.start():h.end()]
        d = describe(text)
        if d:
            return d, facts, t.end()
    return ctx.default_subject, {}, 0


@register("can_activate", priority=66, needs=("起動", "使用", "プレイ", "マナを"))
def find_keyword_activation(s: Sentence, si: int, ctx: Context) -> list[Found]:
    out: list[Found] = []
    hits = [(m, LEX.value("keyword_abilities", m.group("kw"))) for m in P["activate"].finditer(s.norm)]
    if not P["ability"].search(s.norm):        # (「…起動型能力…」 with a cost is find_can_activate's reading)
        hits += [(m, "tap") for m in P["tap_activate"].finditer(s.norm)]
        hits += [(m, "tap") for m in P["tap_mana"].finditer(s.norm)]
    for m, kw in hits:
        head = s.norm[s.norm.rfind("。", 0, m.start()) + 1:m.start()]
        card, facts, main = _keyword_subject(s, head, ctx)
        if card is None:
            continue
        if isinstance(card, dict) and kw != "tap" and kw not in (card["desc"].get("keywords") or []):
            card = {**card, "desc": {**card["desc"], "keywords": [*(card["desc"].get("keywords") or []), kw]}}
        sit: dict[str, Any] = {"card": card, "ability": {"tap": True} if kw == "tap" else {"keyword": kw}}
        merge(sit, facts)
        merge(sit, conditions(s.norm, m.start()))
        spans = clause_spans(head)
        after = head[max([main, *(b for _, b in spans)]):]
        merge(sit, adverbials(after, ""))
        form = m.group("form")
        can = not (NEG.search(form) or form == "不可能")
        out.append(Found("can_activate", sit, {"can": can}, card if isinstance(card, str) else None, m.span()))
    return out
