"""Clause structure shared by every reader: predicates coordinated with a claim's own (連用中止 and 〜が／〜し).

A sentence may join several predicates: 「XはAできず、Bできる」「Xに盾を張ることはできないが、…再生することはない」
「生け贄に捧げることはできるし、…墓地に置かれる」.  Each predicate is a statement of its own: a reader that reads
one of them as its claim must never let the others ride on its verdict (a false second part on a confirmed first
one).  :func:`coordinated` finds the predicates coordinated before and after the claim's own verb; the reader
says which of them it reads or stages itself (``read_here``), and every other one is kept as unrepresented words
marked as a predicate of its own.  Condition, reason and exception clauses (〜場合, 〜ので, 〜ない限り) are read
by :mod:`extractor.claims.conditions`; a named card's modifiers by
:func:`extractor.claims.conditions.card_modifiers`.  This is grammar, not a per-kind feature: the combat,
regeneration, removal, counter, legend and draw readers use it.
"""
from __future__ import annotations

import re
from typing import Any, Callable

from extractor.claims.sentences import Sentence

# a predicate coordinated with the claim's own (連用中止 「…できず、」「…でき、」「…タップせず、」, 「…できないが、」
# 「…できるし、」「…できますが、」): another statement of the sentence, with its own subject or the claim's
COORD = re.compile(r"(?:ず|でき|出来|(?<=[\u30a0-\u30ff\u4e00-\u9fff])し|(?:ない|る|ます|ません)(?:が|し))[、,]\s*")
# the 〜が／〜し coordination alone (「…できないが、」「…できるし、」「…だが、」): two statements, never one event
# sequence (a 連用中止 「破壊し、」 may be the event before the outcome, read by the readers of events)
CONTRAST = re.compile(r"(?:ない|る|ます|ません|(?<=[^\sの])だ|(?<=[しかな])い)(?:が|し)[、,]\s*")
_COORD_TAIL = re.compile(r"^(?:が|し)?[、,]\s*(?P<rest>[^。]+)")
PREDICATE_MARK = " (a predicate of its own)"
_PARTICLES = ("は", "も", "を", "に", "で", "と")


def _nothing(text: str) -> bool:
    return False


def coordinated(s: Sentence, m: re.Match, read_here: Callable[[str], bool] = _nothing,
                topic_end: re.Pattern | None = None, tail: bool = True,
                pattern: re.Pattern = COORD, head: bool = True) -> tuple[int, dict[str, Any]]:
    """Where the claim's own clause begins and what else the sentence states beside it: a predicate coordinated
    before the verb (「XはAできず、Bできる」 read at B) or after it (read at A) is a statement of its own — one
    the reader reads as a claim of its own or stages itself (``read_here``), else unrepresented words (a false
    second part never rides on a confirmed first one).  ``topic_end``: a new topic after the last coordination
    (「XはAできないが、YはBできる」) begins the claim's clause (its object is Y, never X).  ``tail``: whether the
    predicates after the claim's verb are this claim's to keep (a reader that reads them itself passes False).
    ``pattern``: which coordinations are read (:data:`COORD`, or :data:`CONTRAST` for a reader whose events may be
    a 連用中止 sequence); ``head``: whether the predicates before the claim's verb are this claim's to keep (a reader
    whose cases read them, as the legend rule's list, passes False)."""
    start = s.norm.rfind("。", 0, m.start()) + 1
    before = s.norm[start:m.start()]
    dropped: list[str] = []
    found = list(pattern.finditer(before)) if head else []
    for c in found:
        clause = before[before.rfind("、", 0, c.start()) + 1:c.end()]
        if not read_here(clause):
            dropped.append(clause.strip())
    if found and topic_end is not None and topic_end.search(before[found[-1].end():]):
        start += found[-1].end()
    if tail:
        end = s.norm.find("。", m.end())
        after = _COORD_TAIL.match(s.norm[m.end():end if end >= 0 else len(s.norm)])
        if after and s.norm[m.end() - 1:m.end()] in _PARTICLES and not re.match(r"[がし]", after.group(0)):
            after = None          # 「…適用されるのは、…」: the claim's words end in a particle — no predicate ends there
        if after and not read_here(after.group("rest")):
            dropped.append(after.group("rest").strip())
    # (marked as a predicate: resolve() never reads a statement of its own as a condition of this one)
    return start, ({"unrepresented": [f"{d}{PREDICATE_MARK}" for d in dropped]} if dropped else {})


# a reason marker right after a claim's own predicate (「…攻撃できないので、」「…持つため、」「…ないから、」; から only
# after a predicate's end form, never the zone particle 「戦場から」), then the statement it is the reason for
_REASON_FOR = re.compile(r"(?:ので|(?<=[うくぐすつぬぶむるたいだ])から|(?<=[うくぐすつぬぶむるたいだなの])ため(?:に)?)[、,]?\s*"
                         r"(?P<main>[^。]*[^\s。])")


def reason_for(s: Sentence, span: tuple[int, int] | None, situation: dict[str, Any]) -> str | None:
    """The main statement a claim read from a reason clause is given for, when that statement names a card (its topic
    or another argument: が, を, に, で) the claim does not stage (「Kを持つクリーチャーは攻撃できないので、《X》は攻撃に参加できる」 read at 攻撃できない →
    「《X》は攻撃に参加できる」): the card the sentence names is a fact of its statement, so the reason's truth alone
    never decides the sentence (engine/crosscheck/verdict.py: confirmed only through the main statement's own claim,
    a false reason still contradicted); None for a claim read from its sentence's main clause, or whose reading
    stages the main statement's topic card (a reason and its consequence about the same object; a card named
    elsewhere in the main clause, 「パンハモニコンがあっても」, may be staged by another key)."""
    if not span:
        return None
    m = _REASON_FOR.match(s.norm, span[1]) if not s.norm.startswith("のでは", span[1]) else None
    if m is None:
        return None
    # every card the main statement names, whatever its argument (「《X》は／が…」「《X》を対象に…」「《X》に…」「《X》で…」),
    # but a card whose presence is a condition (「《X》があっても」「《X》がいれば」): the reason's reading may stage it as one
    main = re.sub(r"(〔\d+〕)/[^、。〔]*?(?=[はがをにでもの、]|$)", r"\1", m.group("main"))     # 《X/EN》: the mark alone
    named = [s.card(int(c.group(1))) for c in re.finditer(r"〔(\d+)〕(?!が(?:あ|い)(?:って|て|れば|ると|る場合))", main)]
    return m.group("main") if any(n and n not in repr(situation) for n in named) else None
