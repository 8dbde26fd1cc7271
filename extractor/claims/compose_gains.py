"""Abilities gained, read by composition (issue 20): the event of an object gaining a keyword ability until
the end of the turn — a piece of the composed reader's tables (:mod:`extractor.claims.compose` extends its own
with these; nothing here knows a sentence).

- ``gains`` (an event, 611.2c / 613.1f layer 6): 「〔X〕が飛行を得た」「プロテクション（白）を得たクリーチャー」
  「〔X〕に破壊不能を付与する」「…は先制攻撃と接死を獲得する」 — the keywords gained (``keywords``) and the
  protection qualities (``protection``) are facts of the event; the object that gains them is the patient (は/が:
  it gains them; に: they are given to it).  Which spell or effect grants them is not stated by the construction
  (a sentence naming one, 「〔Y〕で…を得た」, keeps its 〔Y〕 unread: the composed reading is then refused);
- ``loses`` (an event, 613.1f): 「〔X〕が飛行を失った」 — the keywords lost until end of turn, as facts of the event.

The checker stages the event as an instant that grants exactly those keywords to its target until end of turn
(:mod:`engine.crosscheck.outcome_gains`); the events and the outcome after it are the composed reader's.
"""
from __future__ import annotations

import re
from typing import Callable


def predicates(kw_item: str) -> list[tuple[str, str, dict[str, str]]]:
    """The ``gains`` verb phrases over the composed reader's keyword item pattern ``kw_item`` (a keyword or
    プロテクション（quality）); the run of keywords is the group ``g_run``.  A pattern ends at the verb's stem."""
    run = rf"(?P<g_run>{kw_item}(?:\s*(?:と|や|、|および|・)\s*{kw_item})*)(?:の両方)?"
    return [
        # it gains them: 「…を得る / 得た / 獲得する」「…を付与される / 与えられる」
        (rf"{run}を(?:得(?=[るたてらず]|ない)|獲得(?=す|し)|付与され|与えられ)", "gains", {"s": "patient"}),
        # they are given to it: 「〔X〕に…を付与する / 付与した」 (its agent is not what the statement is about)
        (rf"{run}を付与(?=す|し)", "gains", {"d": "patient"}),
        # it loses them (613.1f): 「…は飛行を失う / 失った」
        (rf"{run}を失(?=[うっわえ])", "loses", {"s": "patient"}),
    ]


EVENTS = frozenset({"gains", "loses"})
OUTCOMES: frozenset[str] = frozenset()
SUBJECT_ROLES = {"gains": "patient", "loses": "patient"}
NEEDS = ("を得", "を獲得", "を付与", "を与えられ", "を失")


def facts(m: re.Match, keywords: Callable[[str], tuple[list[str], list[str]]]) -> dict:
    """The keywords and protection qualities a ``gains`` phrase states (``keywords``: the composed reader's
    reading of a keyword run, raising ValueError on a word it does not read)."""
    run = m.groupdict().get("g_run")
    if not run:
        return {}
    kws, prot = keywords(run)
    out: dict = {}
    if kws:
        out["keywords"] = kws
    if prot:
        out["protection"] = prot
    return out
