"""What countering does to a spell or ability (``countered_result``, 701.5a): a countered spell or ability does not
resolve and none of its effects happen; a countered spell is put into its owner's graveyard; the costs paid for it
are not returned (601.2h, 602.2b: paid as it was put on the stack).

Constructions read (the whole sentence, else no claim):
- 「打ち消された<objects>は<predicates>」 — predicates chained by 、／ので、／ため、／し、／ず、: 解決されない(解決されず) /
  解決される; (その)効果は生じない／発生しない／生まれない, 何の効果も生み出さない(生み出さず), 何も起こらない; (その)オーナーの
  墓地に置かれる (a spell only);
- 「<objects>が打ち消された(場合|ら|なら)、(それ|その<objects>)は<predicates>」;
- costs: 「(一度)支払ったコストは、<objects>が打ち消されても<back>」 and 「<objects>が打ち消されても、(一度)支払った
  コストは<back>」 (a cost stated as mana is not read: the staged cost is life and a tap) (back: 戻ってこない／戻らない／返ってこない／返還されない — denied; 戻ってくる／戻る — affirmed).
objects: 呪文(や|または|と)能力 (spell, activated, triggered), 呪文, 能力 (activated, triggered), 起動型能力, 誘発型能力,
(スタック上の) as a qualifier.  Situation ``objects``; outcome any of ``resolves``, ``effects``, ``to_graveyard``,
``costs_returned`` (bool).
"""
from __future__ import annotations

import re

from extractor.claims.context import Context
from extractor.claims.registry import Found, compile_patterns, register
from extractor.claims.sentences import Sentence

OBJECTS = {"呪文や能力": ["spell", "activated", "triggered"], "呪文または能力": ["spell", "activated", "triggered"],
           "呪文と能力": ["spell", "activated", "triggered"], "呪文か能力": ["spell", "activated", "triggered"],
           "呪文": ["spell"], "能力": ["activated", "triggered"], "起動型能力": ["activated"], "誘発型能力": ["triggered"],
           "起動型能力や誘発型能力": ["activated", "triggered"], "起動型能力および誘発型能力": ["activated", "triggered"]}
_OBJ = r"(?:スタック上の)?(?P<obj>" + "|".join(sorted(OBJECTS, key=len, reverse=True)) + r")"
_OBJ2 = _OBJ.replace("?P<obj>", "?:")
_LEAD = r"^[\s*・\-－•]*(?:[0-9]+[.．、)]\s*)?(?:(?:なお|また|ただし|つまり|基本的に|もちろん)、?)?"
_END = r"(?:のだ|のです)?[。．.]?\s*$"
# one predicate of the countered object; its group says which fact
_PRED = {
    "resolves": r"解決され(?:ない|ず|ません|る|ます|(?=、))",
    "effects": r"(?:その|それの)?効果(?:は|も|が)(?:一切)?(?:生じ(?:ない|ず|ません)|発生し(?:ない|ず|ません)|生まれ(?:ない|ず|ません)|"
               r"生じる|発生する)|(?:何の)?効果を(?:生み出さ(?:ない|ず)|生み出す|もたらさ(?:ない|ず)|もたらす)|何の効果も(?:生み出さ(?:ない|ず)|もたらさ(?:ない|ず)|生じ(?:ない|ず))|何も(?:起こら(?:ない|ず)|し(?:ない|ず))",
    "to_graveyard": r"(?:その|それの)?オーナーの墓地に置かれ(?:る|ます)",
}
_P1 = "(?:" + "|".join(f"(?P<{k}>{v})" for k, v in _PRED.items()) + ")"
_PANY = re.sub(r"\(\?P<\w+>", "(?:", _P1)
_JOIN = r"(?:ので|ため|から|し|て)?、?"
_BACK = r"(?P<back>戻ってこない|戻って来ない|戻らない|返ってこない|返らない|返還されない|払い戻されない|戻ってくる|戻ってきます|戻る|返還される)"
_COST = r"(?:一度|1度|すでに|既に)?(?:、)?支払(?:った|われた)コスト(?:は|も)"

PATTERNS = compile_patterns({
    "countered": _LEAD + r"打ち消された" + _OBJ + r"(?:は|も)、?(?P<preds>" + _PANY + r"(?:" + _JOIN + _PANY + r")*)" + _END,
    "if_countered": _LEAD + _OBJ + r"が打ち消された(?:場合(?:は|には)?|ら|なら|とき)、?(?:(?:それ|その" + _OBJ2 + r")(?:は|も)、?)?"
                    r"(?P<preds>" + _PANY + r"(?:" + _JOIN + _PANY + r")*)" + _END,
    "cost_first": _LEAD + _COST + r"、?" + _OBJ + r"が打ち消され(?:ても|たとしても|た場合でも)、?" + _BACK + _END,
    "event_first": _LEAD + _OBJ + r"が打ち消され(?:ても|たとしても|た場合(?:でも|は|には|に)?|たら|たなら)、?" + _COST + r"、?" + _BACK + _END,
})
P = PATTERNS
_P1_RE = re.compile(_P1)
_NEG = ("ない", "ず", "ません")


def _preds(text: str) -> dict | None:
    """The facts of a chain of predicates; None when a word is left over."""
    out: dict = {}
    pos = 0
    join = re.compile(_JOIN)
    while pos < len(text):
        m = _P1_RE.match(text, pos)
        if not m:
            return None
        kind = next(k for k in _PRED if m.group(k))
        word = m.group(kind)
        if kind in out:
            return None
        out[kind] = not word.endswith(_NEG)
        pos = m.end()
        j = join.match(text, pos)
        if j and j.end() > pos:
            pos = j.end()
    return out or None


@register("countered_result", priority=94, claims=True, needs=("打ち消さ",))
def find_countered_result(s: Sentence, si: int, ctx: Context) -> list[Found]:
    text = s.norm
    for name in ("cost_first", "event_first"):
        m = P[name].match(text)
        if m:
            back = m.group("back")
            returned = not back.endswith(("ない",))
            return [Found("countered_result", {"objects": OBJECTS[m.group("obj")], "events": []},
                          {"costs_returned": returned}, None, m.span())]
    m = P["countered"].match(text) or P["if_countered"].match(text)
    if not m:
        return []
    facts = _preds(m.group("preds"))
    if not facts:
        return []
    return [Found("countered_result", {"objects": OBJECTS[m.group("obj")], "events": []}, facts, None, m.span())]
