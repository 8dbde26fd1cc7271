"""Activation claims: can_activate — whether an activated ability named by its keyword (長久 = outlast 702.107)
can be activated in the stated situation: a {T} cost and summoning sickness (CR 302.6, 602.5a), sorcery timing
(CR 307.1, 602.5d) during combat.  The creature is a card (《X》は / 《X》の長久) or a described object
(「召喚酔いのクリーチャーは」); summoning sickness stated in the noun phrase (「戦場に出てすぐ(召喚酔い状態)の」) is
a condition, the rest of the phrase is the description."""
from __future__ import annotations

import re
from typing import Any

from extractor.claims.conditions import adverbials, clause_spans, conditions, merge
from extractor.claims.context import Context
from extractor.claims.described import PATTERNS as DESC_PATTERNS, describe
from extractor.claims.registry import Found, compile_patterns, register
from extractor.claims.sentences import MARK, NEG, Sentence
from extractor.lexicon import alternation, lexicon

LEX = lexicon()
_KEYWORDS = alternation(LEX.words("keyword_abilities"))

PATTERNS = compile_patterns({
    "activate": r"(?P<kw>" + _KEYWORDS + r")(?:の)?(?:能力)?(?:を|は|も)?、?\s*起動(?:すること)?(?:は|が|も)?"
                r"(?P<form>でき(?:る|ない|ず|ます|ません)|出来(?:る|ない|ず)|可能|不可能)",
    # an ability named by its cost: '{T}能力' / 'タップ能力' / 'コストにタップシンボルを含む能力' (CR 602.5a)
    "tap_activate": r"(?:コストに)?(?:\{T\}|タップ(?:シンボル)?)(?:を(?:コストに)?含む)?(?:起動型)?能力(?:を|は|も)?、?\s*"
                    r"起動(?:すること)?(?:は|が|も)?(?P<form>でき(?:る|ない|ず|ます|ません)|出来(?:る|ない|ず)|可能|不可能)",
    # summoning sickness said in the noun phrase of the creature (CR 302.6)
    "sick_np": r"(?:戦場に出て(?:すぐ|間もない|まもない)|戦場に出たばかり|この(?:ターン|ターンに)戦場に出た)?\s*"
               r"[(（]?\s*召喚酔い(?:状態|中)?\s*[)）]?\s*(?:の|状態の)?"
               r"|(?:戦場に出て(?:すぐ|間もない|まもない)|戦場に出たばかり)(?:の)?",
    "topic": r"(?:/[^、。〔]*?)?(?:\s*[A-Z])?(?:は|が|も|でも)、?",
    "card_of": r"〔(\d+)〕(?:/[^、。〔]*?)?の$",
})
P = PATTERNS
_SICK = {"kind": "summoning_sick"}


def _subject(s: Sentence, head: str, ctx: Context) -> tuple[Any, dict[str, Any], int]:
    """(the creature, what its noun phrase states as conditions, where the main clause's words begin)."""
    marks = [m for m in MARK.finditer(head) if P["topic"].match(head, m.end()) or head.endswith(m.group(0) + "の")]
    if marks:
        m = marks[-1]
        return s.card(m), {}, m.end()
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


@register("can_activate", priority=66, needs=("起動",))
def find_can_activate(s: Sentence, si: int, ctx: Context) -> list[Found]:
    out: list[Found] = []
    hits = [(m, LEX.value("keyword_abilities", m.group("kw"))) for m in P["activate"].finditer(s.norm)]
    hits += [(m, "tap") for m in P["tap_activate"].finditer(s.norm)]
    for m, kw in hits:
        head = s.norm[s.norm.rfind("。", 0, m.start()) + 1:m.start()]
        card, facts, main = _subject(s, head, ctx)
        if card is None:
            continue
        if isinstance(card, dict) and kw == "tap":
            card = {**card, "desc": {**card["desc"], "tap_ability": True}}     # it has a {T} ability, nothing more
        elif isinstance(card, dict) and kw not in (card["desc"].get("keywords") or []):
            card = {**card, "desc": {**card["desc"], "keywords": [*(card["desc"].get("keywords") or []), kw]}}
        sit: dict[str, Any] = {"card": card, "ability": kw}
        merge(sit, facts)
        merge(sit, conditions(s.norm, m.start()))
        spans = clause_spans(head)
        after = head[max([main, *(b for _, b in spans)]):]
        merge(sit, adverbials(after, ""))
        form = m.group("form")
        can = not (NEG.search(form) or form == "不可能")
        out.append(Found("can_activate", sit, {"can": can}, card if isinstance(card, str) else None, m.span()))
    return out
