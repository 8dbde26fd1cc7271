"""Regeneration claims (CR 701.15, "Regenerate"): ``regenerates``.

A regeneration shield replaces the permanent's next destruction this turn — all damage removed, tapped, removed
from combat (701.15a, a shield from a resolving spell or ability: once); a static ability's regeneration
replaces every destruction while it applies (701.15b); an effect that says the permanent can't be regenerated
stops it (701.15c); an indestructible permanent is never destroyed, so its shield never applies (702.12b).

Situation: ``target`` (card or description; none = a permanent with a shield, chosen by the cross-check),
``shield`` ("resolved" / "static"; absent = not stated), ``by`` (the card that destroys it, when named),
``conditions`` (read from 〜場合 / 〜なら clauses).  Outcome: ``regenerated`` (bool: the destruction is
replaced), or ``replaces`` ("once" / "every": how many destructions one shield replaces).

Readings (constructions, not sentences):
- outcome verb: 「再生する / 再生される / 再生できる」 and their negations (「再生することはない」, 「再生されない」);
- prohibition: 「《A》、《B》等のように、再生を禁止する効果」 / 「《A》は再生を禁止する」: each named card destroys
  without regeneration;
- count: 「次の破壊1回だけに対して有効」 (once) / 「何回でも有効」 (every), the source of the regeneration
  (「呪文や能力の解決による」 / 「常在型能力」) read in the sentence or an earlier sentence of the example.
"""
from __future__ import annotations

import re
from typing import Any

from extractor.claims.conditions import conditions
from extractor.claims.context import Context, coordinated_before
from extractor.claims.described import PATTERNS as DESC_PATTERNS, describe, leftover, lift_unstated
from extractor.claims.registry import Found, compile_patterns, register
from extractor.claims.sentences import MARK, Sentence

PATTERNS = compile_patterns({
    # the outcome: whether it regenerates (再生の盾 / 再生能力 are nouns: 再生 followed by a verb only)
    "regen": r"(?:実際に|実際には)?再生(?P<rest>することはない|することはありません|することもない|することはできない"
             r"|することはできません|することができない|することができる|することになる|されることはない|されない|されません"
             r"|しない|しません|できない|できません|できず|せず|される|されます|する|します|できる|できます)"
             r"(?=[。、)(]|$|し、|が、|ので|ため|から|という|わけ)",
    # a shield stated on the object: 「再生の盾を張る」「再生の盾がある」「再生能力を起動した」
    "shield": r"再生(?:の盾|シールド)|再生(?:能力)?を(?:起動|使)|再生させ",
    "prohibit": r"再生(?:を|が)?(?:禁止|不可能|できなくな|させない|を許さない)",
    "like": r"(?:等|など|なども?)?(?:のように|の?ような|のごとく|など|等)",
    "once": r"(?:次の|次に)?破壊(?:1回|一回|1度|一度)(?:だけ|のみ)(?:に対して|に|を)?(?:有効|適用|置換)",
    "every": r"何(?:回|度)でも(?:有効|適用|置換|再生)",
    "resolved": r"(?:呪文|能力)(?:や|または|か|と)?(?:能力)?の解決|解決による|起動型能力による|呪文による",
    "static": r"常在型能力",
    "regen_topic": r"再生",
    "shield_noun": r"再生(?:の盾|シールド)",
    # what a condition clause says once its object, the shield and the destruction are staged (nothing left:
    # the clause is represented); 「置換すべきイベントが発生しないので」 is the rules' reason, which the engine derives
    "explained_first": r"再生(?:の盾|シールド)|置換すべき(?:イベント|事象|出来事)が(?:発生|起き|起こら)(?:しない|ない|ず)?",
    "explained": r"〔\d+〕(?:/[^、。〔]*?)?|再生(?:の盾|シールド)|(?:を|に)?張(?:る|っ|れ|った)|破壊(?:され|さ|し|する)?"
                 r"|置換すべき(?:イベント|事象|出来事)が(?:発生|起き|起こら)(?:しない|ない|ず)?|ので|ても|ったら|たら|れば|と|場合"
                 r"|なら|てから|た|て|ば|は|が|を|に|も|、|\s|その?$",
})
P = PATTERNS
_NEGATIVE = re.compile(r"ない|ません|できず|せず")
TARGET_KEY = "target"


def _source(s: Sentence, si: int, ctx: Context) -> str | None:
    """Where the regeneration comes from: stated in the sentence, else in the closest earlier sentence of the
    example that states one (「呪文や能力の解決による効果の場合、…。次の破壊1回だけに対して有効。」)."""
    for text in [s.norm] + [x.norm for x in reversed(ctx.sentences[:si])]:
        res, sta = P["resolved"].search(text), P["static"].search(text)
        if res and not sta:
            return "resolved"
        if sta and not res:
            return "static"
        if res or sta:
            return None                   # both stated: which one the statement is about is open
    # 「再生の盾」: the shield of a resolved spell or ability (701.15a)
    return "resolved" if P["shield_noun"].search(s.norm) else None


def _target(s: Sentence, head: str) -> Any:
    """The permanent: the last card or described object marked as topic/subject/object of the clause."""
    cands: list[tuple[int, Any]] = []
    for m in MARK.finditer(head):
        if re.match(r"(?:/[^、。〔]*?)?(?:は|が|を|も|に)", head[m.end():]):
            cands.append((m.start(), s.card(m)))
    for m in DESC_PATTERNS["head"].finditer(head):
        if re.match(r"\s*(?:[A-Z])?(?:は|が|を|も|に|でも)", head[m.end():]):
            d = describe(head, m)
            if d:
                cands.append((m.start(), d))
    shielded = [v for p, v in cands if re.match(r"(?:/[^、。〔]*?)?\s*(?:[A-Z])?(?:に|は|が)?(?:再生の盾|再生シールド)",
                                                     _after(head, p))]
    if shielded:                          # the object given the shield (「XにKの盾を張っても、そのクリーチャーは…」)
        return shielded[-1]
    cands = [(p, v) for p, v in cands if not re.search(r"(?:その|この|それらの)$", head[:p])]   # a pronoun: its antecedent
    return max(cands, key=lambda t: t[0])[1] if cands else None


def _after(head: str, pos: int) -> str:
    """The text after the card mark or described object's head at ``pos``."""
    m = MARK.match(head, pos) or DESC_PATTERNS["head"].search(head, pos)
    return head[m.end():] if m else ""


def _situation(s: Sentence, pos: int, source: str | None) -> dict[str, Any]:
    head = s.norm[s.norm.rfind("。", 0, pos) + 1:pos]
    sit: dict[str, Any] = {}
    tgt = _target(s, head)
    if tgt is not None:
        sit[TARGET_KEY] = tgt
    if source:
        sit["shield"] = source
    sit.update(conditions(s.norm, pos))
    lift_unstated(sit)
    if "unrepresented" in sit:            # the clause states the object, its shield, its destruction: staged
        sit["unrepresented"] = [c for c in sit["unrepresented"] if not _explained(c)]
        if not sit["unrepresented"]:
            del sit["unrepresented"]
    return sit


def _explained(clause: str) -> bool:
    rest = leftover(DESC_PATTERNS["head"].sub(" ", P["explained_first"].sub(" ", clause)))
    return not rest or not P["explained"].sub("", rest).strip()


@register("regenerates", priority=58, needs=("再生", "有効", "何回でも", "何度でも"))
def find_regenerates(s: Sentence, si: int, ctx: Context) -> list[Found]:
    out: list[Found] = []
    norm = s.norm
    topic = bool(P["regen_topic"].search(norm)) or "再生" in (ctx.page_title or "")
    if not topic:
        return out
    source = _source(s, si, ctx)
    for m in P["once"].finditer(norm):
        sit = {"shield": source} if source else {}
        out.append(Found("regenerates", sit, {"replaces": "once"}, None, m.span()))
    for m in P["every"].finditer(norm):
        sit = {"shield": source} if source else {}
        out.append(Found("regenerates", sit, {"replaces": "every"}, None, m.span()))
    for m in P["prohibit"].finditer(norm):
        # 「《A》、《B》等のように、再生を禁止する効果」: each card named before is a destroyer of its own claim
        marks = [x for x in MARK.finditer(norm, 0, m.start())]
        if not marks:
            continue
        last = marks[-1]
        names = [*coordinated_before(s, last.start()), s.card(last)]
        for name in dict.fromkeys(n for n in names if n):
            out.append(Found("regenerates", {"by": name, "shield": "resolved"}, {"regenerated": False}, name,
                             m.span()))
    for m in P["regen"].finditer(norm):
        if P["prohibit"].search(norm, max(0, m.start() - 1), m.end() + 6):
            continue
        clause_start = norm.rfind("。", 0, m.start()) + 1
        clause = norm[clause_start:m.start()]
        if not P["shield"].search(clause):
            continue                      # whether it has a shield is not stated: nothing to check
        sit = _situation(s, m.start(), source or "resolved")
        if "target" not in sit:
            continue
        out.append(Found("regenerates", sit, {"regenerated": not _NEGATIVE.search(m.group("rest"))},
                         sit["target"] if isinstance(sit["target"], str) else None, m.span()))
    return out
