"""The order in which the stack resolves (``resolution_order``): the last object put on the stack resolves first
(405.5, 608.1 — "last in, first out").

Constructions read (the whole sentence, else no claim):
- 「<when put>に<唱えられた|唱えた|スタックに置かれた|積まれた|乗った>呪文(が|は|から|ほど)<when resolved>に解決される」:
  when put = 最後／後から／後で (last) or 最初／先 (first); when resolved = 最初／先 (first) or 最後／後 (last);
  「…呪文から(順に)解決される」 = that one first; a negated verb (解決されない) states the other order;
- 「スタックは後入れ先出し(だ)」 (last in, first out) / 「先入れ先出し」 (first in, first out); as the reason of an order
  「スタックは後入れ先出しなので、<order>」 the order is the claim (the scenario that checks it runs that rule).
Only spells are read (an ability's order is not staged): 能力, もの and the like leave the sentence unread.
"""
from __future__ import annotations

from typing import Any

from extractor.claims.context import Context
from extractor.claims.registry import Found, compile_patterns, register
from extractor.claims.sentences import Sentence

_LAST = r"最後|一番最後|最も後|後から|あとから|後で|後"
_FIRST = r"最初|一番最初|最も先|先|一番先"
_PUT = r"(?P<put>" + _LAST + "|" + _FIRST + r")(?:に|の方に)?"
_PUT_VERB = r"(?:スタックに)?(?:唱えられた|唱えた|プレイされた|プレイした|置かれた|積まれた|乗った|のった)"
_RES = r"(?P<res>" + _LAST + "|" + _FIRST + r")(?:に)?"
_LEAD = r"^[\s*・\-－]*(?:スタック(?:上)?(?:では|において|で)?、?)?"
# a reason clause that is itself the rule, last in first out: 「スタックは後入れ先出しなので、…」 (a first-in-first-out
# reason is not read: the sentence would state two things, one false)
_LIFO_REASON = r"(?P<reason>スタック(?:は|の(?:解決)?順(?:番)?は)、?後入れ先出し(?:なので|だから|であるため|のため|であり|で)、)?"

PATTERNS = compile_patterns({
    "order": _LEAD + _LIFO_REASON + r"(?:スタックに)?" + _PUT + _PUT_VERB + r"呪文(?P<case>が|は|ほど|から(?:順に|順番に)?)、?"
             r"(?:" + _RES + r")?(?P<verb>解決(?:され|する|し)(?P<neg>ない|ません)?(?:る|ます)?)"
             r"(?:ことになる|のだ|のです)?[。．\s]*$",
    "lifo": _LEAD + r"(?:スタック(?:は|の(?:解決)?順(?:番)?は))、?(?P<rule>後入れ先出し|先入れ先出し)(?:だ|です|である|になる|となる)?[。．\s]*$",
})
P = PATTERNS


def _is_last(word: str) -> bool:
    return any(word.startswith(w) or word == w for w in ("最後", "一番最後", "最も後", "後", "あと"))


@register("resolution_order", priority=59, claims=True, needs=("解決", "先出し"))
def find_resolution_order(s: Sentence, si: int, ctx: Context) -> list[Found]:
    m = P["lifo"].match(s.norm)
    if m:
        put = "last" if m.group("rule").startswith("後") else "first"
        return [Found("resolution_order", {"objects": "spell", "put": put}, {"resolves": "first"}, None, m.span())]
    m = P["order"].match(s.norm)
    if not m:
        return []
    res = m.group("res")
    if res is None and not m.group("case").startswith("から"):
        return []                               # 「…呪文が解決される」 says no order
    if res is not None and m.group("case").startswith("から"):
        return []
    first = True if res is None else not _is_last(res)
    if m.group("neg"):
        first = not first                       # of two spells, not first is last (405.5)
    sit: dict[str, Any] = {"objects": "spell", "put": "last" if _is_last(m.group("put")) else "first"}
    # (a LIFO reason is the rule the same scenario runs: one claim, the sentence's order)
    return [Found("resolution_order", sit, {"resolves": "first" if first else "last"}, None, m.span())]
