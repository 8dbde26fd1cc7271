"""A restrictive subject of a combat action: 「アンタップ状態のクリーチャーのみがブロックに参加できる」,
「飛行を持つクリーチャーだけが攻撃できる」, 「タップ状態のクリーチャーしか攻撃できない」 — ONE statement
(``all_of``) of two facts: the creatures so described can do it, and the creatures of the complementary
description cannot (「Xのみが…できない」: X cannot, the others can).  It holds only when both do.

The complement is formed from the one property the subject states, where the rules make it exact within creatures:
tapped / untapped (110.5: a permanent is either), a keyword it has / lacks.  A subject with more than that one
property, or a property of another kind, is not read (what the other creatures can do is then not stated in a form
the check stages).  Each part is read as its own sentence 「<the words before>Xは…できる」 by the combat readers
(:func:`find_can_attack`, :func:`find_can_block`: 508.1a, 509.1a, 302.6, 702.9b, 702.17b), only their own kind
kept; the claim's span runs from the subject to the action's verb, so no reader reads the subject alone.  A
predicate coordinated after it (「…参加でき、…ブロックできる」) is a statement this reader does not read: kept as
unread words, so a false second part never rides on a confirmed first one.
"""
from __future__ import annotations

import dataclasses
import re

from extractor.claims.combat import find_can_attack, find_can_block
from extractor.claims.context import Context
from extractor.claims.registry import Found, compile_patterns, register
from extractor.claims.sentences import NEG, Sentence
from extractor.lexicon import alternation, lexicon

LEX = lexicon()
_KW = alternation(LEX.words("keyword_abilities"))
PATTERNS = compile_patterns({
    # the subject: one stated property and the head クリーチャー, right after a clause boundary, then のみ / だけ
    # (が / は) or しか (with a denied verb)
    "subject": r"(?:^|(?<=[、。]))\s*(?P<np>(?:(?P<state>アンタップ状態|タップ状態)の"
               r"|(?P<kw>" + _KW + r")(?P<has>を持つ|を持っている|持ちの|を持たない|を持っていない))クリーチャー)"
               r"(?:(?P<only>のみ|だけ)(?:が|は)?|(?P<shika>しか))、?",
    # the action (as combat.py's verbs), its でき also in a coordinated 連用 form (「ブロックに参加でき、…」)
    "verb": r"(?:を)?(?P<act>ブロック|攻撃)(?:に参加|する|には参加|は|も)?(?:ことは|ことが|ことも)?"
            r"(?P<form>でき(?:る|ない|ず)?|出来(?:る|ない|ず)?)(?=[、。\s]|$)",
})
P = PATTERNS
_READ = {"ブロック": ("can_block", find_can_block), "攻撃": ("can_attack", find_can_attack)}


def _complement(m: re.Match) -> str:
    """The description of the other creatures: the state flipped (110.5), the keyword had ↔ lacked."""
    if m.group("state"):
        return ("アンタップ状態の" if m.group("state") == "タップ状態" else "タップ状態の") + "クリーチャー"
    lacked = m.group("has") in ("を持たない", "を持っていない")
    return m.group("kw") + ("を持つ" if lacked else "を持たない") + "クリーチャー"


@register("all_of", priority=61, claims=True, needs=("のみ", "だけ", "しか"))
def find_only_subject(s: Sentence, si: int, ctx: Context) -> list[Found]:
    out: list[Found] = []
    for m in P["subject"].finditer(s.norm):
        end = s.norm.find("。", m.end())
        rest = s.norm[m.end():end if end >= 0 else len(s.norm)]
        v = P["verb"].search(rest)
        if not v:
            continue
        if "、" in rest[:v.start()] and not rest[:v.start()].endswith("、"):
            continue                            # another clause between the subject and the verb: not read
        denied = bool(NEG.search(v.group("form")))
        if m.group("shika") and not denied:
            continue                            # (「Xしか…できる」 is no sentence)
        # 「Xしか…できない」「Xのみが…できる」: X can; 「Xのみが…できない」: X cannot
        can = True if m.group("shika") else not denied
        pre, base = s.norm[:m.start("np")], rest[:v.start("form")]
        kind, finder = _READ[v.group("act")]
        parts: list[dict] = []
        for np, ok in ((m.group("np"), can), (_complement(m), not can)):
            one = dataclasses.replace(s, norm=f"{pre}{np}は{base}{'できる' if ok else 'できない'}。")
            found = [f for f in finder(one, si, ctx) if f.kind == kind]
            if len(found) != 1 or (found[0].outcome or {}).get("can") is not ok:
                return []                       # each side read once, as stated, or the sentence is not read
            f = found[0]
            parts.append({"kind": f.kind, "situation": f.situation, "outcome": f.outcome, "subject": f.subject})
        sit: dict = {"parts": parts}
        tail = rest[v.end():].strip("、 ")
        if tail:                                # 「…でき、<another predicate>」: a statement of its own, not read
            sit["unrepresented"] = [f"{tail} (a predicate of its own)"]
        out.append(Found("all_of", sit, {"holds": True}, None, (m.start("np"), m.end() + v.end())))
    return out
