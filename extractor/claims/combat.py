"""Combat claims: can_block (CR 509.1: flying 702.9b, reach 702.17b, protection 702.16), can_attack
(CR 302.6 summoning sickness, 702.10 haste).  Attacker and blocker are cards or described objects
(:mod:`.described`); 「Xは、YもZもブロックできる」 gives one claim per blocked object."""
from __future__ import annotations

import re
from typing import Any

from extractor.claims.conditions import adverbials, clause_spans, conditions, merge
from extractor.claims.context import Context
from extractor.claims.described import _WORD_TOPIC, HEAD, PATTERNS as DESC_PATTERNS, describe, unnamed_object
from extractor.claims.registry import Found, compile_patterns, register
from extractor.claims.sentences import MARK, NEG, Sentence

_CAN = r"(?:ことは|ことが|ことも)?(?P<form>でき(?:る|ない|ず)|出来(?:る|ない|ず)|可能)"

PATTERNS = compile_patterns({
    "block": r"(?:を)?ブロック(?:に参加|する|には参加)?" + _CAN + r"(?!(?:キーワード)?能力)",   # (not '…できる能力')
    "blocked": r"(?:に|によって)ブロックされ(?P<neg>ない|ず|る)(?![^。、]*?(?:場合|とき|なら))",
    "attack": r"攻撃(?:に参加|する|には参加)?" + _CAN + r"(?!(?:キーワード)?能力)",
    "topic": r"(?:/[^、。〔]*?)?(?:\s*[A-Z])?(?:は|が|でも|も)、?",
    "topic_end": r"(?:〔\d+〕|" + HEAD + r")(?:/[^、。〔]*?)?(?:\s*[A-Z])?(?:は|が|も|でも)、?",
    "object": r"(?:/[^、。〔]*?)?(?:\s*[A-Z])?(?:も|を|に)",
})
P = PATTERNS
_CREATURE = {"desc": {"types": ["Creature"]}}


def _things(s: Sentence, text: str, mark: str) -> list[tuple[int, Any]]:
    """Cards and described objects in ``text`` each followed by ``mark`` (a particle pattern)."""
    out: list[tuple[int, Any]] = []
    for m in MARK.finditer(text):
        if re.match(P[mark].pattern, text[m.end():]):
            out.append((m.start(), s.card(m)))
    for m in DESC_PATTERNS["head"].finditer(text):
        if re.match(P[mark].pattern, text[m.end():]):
            d = describe(text, m)
            if d:
                out.append((m.start(), d))
    return sorted(out, key=lambda t: t[0])


def _split(s: Sentence, head: str) -> tuple[Any, list[Any]]:
    """(the topic of the clause, the objects after it)."""
    topics = _things(s, head, "topic")
    topic = topics[0] if topics else None
    after = head[topic[0]:] if topic else head
    objs = [o for pos, o in _things(s, after, "object") if not topic or pos > 0]
    return (topic[1] if topic else None), objs


@register("can_block", priority=64, needs=("ブロック",))
def find_can_block(s: Sentence, si: int, ctx: Context) -> list[Found]:
    out: list[Found] = []
    for m in P["blocked"].finditer(s.norm):          # X は Y にブロックされない: X attacks, Y blocks
        head = s.norm[s.norm.rfind("。", 0, m.start()) + 1:m.start() + 1]
        attacker, objs = _split(s, head)
        for blocker in objs or [None]:
            if attacker is None or blocker is None:
                continue
            sit = {"attacker": attacker, "blocker": blocker, **conditions(s.norm, m.start())}
            out.append(Found("can_block", sit, {"can": m.group("neg") == "る"}, _name(blocker), m.span()))
    for m in P["block"].finditer(s.norm):            # X は Y をブロックできる: X blocks Y
        head = s.norm[s.norm.rfind("。", 0, m.start()) + 1:m.start()]
        blocker, objs = _split(s, head + "を")
        extra: dict[str, Any] = {}
        if blocker is None and not objs:            # no object named or described: see unnamed_object
            blocker, extra = unnamed_object(_main(head), ctx, _CREATURE, s.norm[:m.start() - len(head)])
        elif blocker is None and ctx.page_card and not _WORD_TOPIC.search(_main(head)):
            blocker = ctx.page_card                 # 「《X》をブロックできる」 on a card's page / under its box
        for attacker in objs or [_CREATURE]:
            if blocker is None:
                continue
            sit = {"attacker": attacker, "blocker": blocker, **conditions(s.norm, m.start())}
            merge(sit, extra)
            out.append(Found("can_block", sit, {"can": not NEG.search(m.group("form"))}, _name(blocker), m.span()))
    return out


@register("can_attack", priority=65, needs=("攻撃",))
def find_can_attack(s: Sentence, si: int, ctx: Context) -> list[Found]:
    out: list[Found] = []
    for m in P["attack"].finditer(s.norm):
        head = s.norm[s.norm.rfind("。", 0, m.start()) + 1:m.start()]
        card, _ = _split(s, head)
        extra = {}
        if card is None:                            # no object named or described: see unnamed_object
            card, extra = unnamed_object(_main(head), ctx, _CREATURE, s.norm[:m.start() - len(head)])
        sit: dict[str, Any] = {"card": card, **conditions(s.norm, m.start())}
        merge(sit, extra)
        topic = P["topic_end"].search(head)             # '《灰色熊》は戦場に出たターンには攻撃できない'
        rel = _RELATIVE.search(head)
        if rel and "unrepresented" not in sit:
            # 「このターンに戦場に出た《X》は」: a relative clause on the named card states a fact of it (issue 20)
            sit["unrepresented"] = [rel.group(1)]
        spans = clause_spans(head)
        after = head[max([topic.end() if topic else 0, *(b for _, b in spans)]):]
        merge(sit, adverbials(after, ""))
        out.append(Found("can_attack", sit, {"can": not NEG.search(m.group("form"))}, _name(card), m.span()))
    return out


# a relative clause ending in a verb right before the topic's card mark (「戦場に出た〔0〕は」)
_RELATIVE = re.compile(r"(?:^|[、。])([^、。〔〕]*?(?:た|る|ない|いる))〔\d+〕(?:は|が|も|でも)")


def _main(head: str) -> str:
    """The main clause of a head: what follows its last condition clause."""
    return head[max((b for _, b in clause_spans(head)), default=0):]


def _name(x: Any) -> str | None:
    return x if isinstance(x, str) else None
