"""Two combat actions coordinated in one predicate: 「タップ状態のクリーチャーは攻撃したりブロックしたりできない」 (the
たり…たり list), 「攻撃にもブロックにも参加できない」, 「攻撃もブロックもできる」 — ONE statement (``all_of``) of both
actions, the sentence's subject and conditions in each (508.1a, 509.1a, 302.6, 702.3b, 702.10): it holds only
when both do, so a false action makes it false whatever the other.

Each action is read as its own sentence 「<the words before>攻撃できない」 / 「…ブロックできない」 by the combat readers
(:func:`find_can_attack`, :func:`find_can_block`), only their own kind kept; the coordinated predicate must end the
sentence, else nothing is read.  The claim's span is the whole predicate, so no reader reads one action alone.
"""
from __future__ import annotations

import dataclasses

from extractor.claims.combat import find_can_attack, find_can_block
from extractor.claims.context import Context
from extractor.claims.registry import Found, compile_patterns, register
from extractor.claims.sentences import Sentence

_ACT = r"(?:攻撃|ブロック)"
_CAN = r"(?:(?:する)?こと(?:は|が|も)?)?(?P<form>でき(?:る|ない|ず)|出来(?:る|ない|ず))"
PATTERNS = compile_patterns({
    # 「攻撃したりブロックしたりできない」「攻撃にもブロックにも参加できない」「攻撃もブロックもできる」
    "pair": r"(?P<a>" + _ACT + r")(?P<j>したり|にも|も)\s*(?P<b>" + _ACT + r")(?P=j)\s*(?:参加)?" + _CAN
            + r"[。.]?\s*$",
})
P = PATTERNS
_READ = {"攻撃": ("can_attack", find_can_attack), "ブロック": ("can_block", find_can_block)}


@register("all_of", priority=62, claims=True, needs=("したり", "にも", "も"))
def find_coordinated_actions(s: Sentence, si: int, ctx: Context) -> list[Found]:
    m = P["pair"].search(s.norm)
    if not m or m.group("a") == m.group("b") or m.group("j") == "にも" and "参加" not in s.norm[m.end("b"):]:
        return []
    pre, form = s.norm[:m.start()], m.group("form")
    form = (form[:-1] + "ない" if form.endswith("ず") else form).replace("出来", "でき")
    parts: list[dict] = []
    for g in ("a", "b"):
        kind, finder = _READ[m.group(g)]
        one = dataclasses.replace(s, norm=f"{pre}{m.group(g)}{form}。")
        found = [f for f in finder(one, si, ctx) if f.kind == kind]
        if len(found) != 1:
            return []                                       # each action read once, or the sentence is not read
        f = found[0]
        parts.append({"kind": f.kind, "situation": f.situation, "outcome": f.outcome, "subject": f.subject})
    return [Found("all_of", {"parts": parts}, {"holds": True}, None, (0, m.end()))]
