"""Triggers read by composition (issue 20, the events / zones / legality / triggers family): the pieces a
statement about whether, and how often, a card's triggered ability triggers is built from, added to the
composed reader's tables (:mod:`extractor.claims.compose` extends its own with these; nothing here knows a
sentence).

- 603.2 (an ability triggers whenever its trigger event occurs): 「〔X〕の(誘発型)能力は誘発する / 誘発しない /
  2回誘発する / 1度だけ誘発する」 is the outcome ``triggers`` of the card X (its ``source``), after the events the
  sentence's earlier clauses state (「…が戦場に出たとき」「…が死亡した場合」); 「その能力」 is the ability of the
  sentence's one object (the anaphora of :mod:`extractor.claims.compose`: ``its_triggers``, refused by the
  checker when the sentence has another object);
- 「(戦場に)戻る / 戻ってくる / 戻される」 after the object left the battlefield (702.79a persist, 702.93a undying:
  the card's own dies trigger returns it): the outcome ``returns``, its subject the sentence's one object;
- 「N回しか誘発しない」: exactly N times — the outcome ``triggers_only`` (its 「ない」 is the restriction's, not a
  denial; the checker reads it so).

A bare 「誘発する」 says "at least once", 「誘発しない」 "never", a number "exactly that many times".  The checker is
:mod:`engine.crosscheck.outcome_triggers`.
"""
from __future__ import annotations

# (pattern of the verb phrase, name, role of each case: s = は/が/も, g = の) — as
# extractor.claims.compose.PREDICATES; a pattern ends at the verb's stem (its polarity is read after it).
# 「〔X〕の能力は」: the card (の, case g) whose ability it is; 「能力」 itself is part of the phrase.  「この能力」 (the
# page's card) and 「最初の能力」 (which ability) are not read: they name what the sentence does not.
_ABILITY = r"(?:(?:誘発型)?能力(?:は|が|も)、?)"
_ITS = r"(?:(?:その|それの)(?:誘発型)?能力(?:は|が|も)、?)"
# 「誘発することはない」: the stem takes its す when 「ることは…」 follows (the polarity's ending list reads that)
_TIMES = r"(?:(?P<n>\d+)(?:回|度)(?:だけ)?)?、?誘発(?:す(?=ること))?(?=し|す|る)"
_ONLY = r"(?P<n>\d+)(?:回|度)しか誘発(?=しな|せず)"
PREDICATES: list[tuple[str, str, dict[str, str]]] = [
    (rf"{_ABILITY}?{_TIMES}", "triggers", {"g": "source", "s": "source"}),
    (rf"{_ABILITY}?{_ONLY}", "triggers_only", {"g": "source", "s": "source"}),
    # 「その能力は」: the ability of the sentence's one object (with two objects, whose is not said)
    (rf"{_ITS}{_TIMES}", "its_triggers", {"g": "source", "s": "source"}),
    (rf"{_ITS}{_ONLY}", "its_triggers_only", {"g": "source", "s": "source"}),
    # 702.79a / 702.93a (persist, undying: a dies trigger of the card itself): 「戦場に戻る / 戻ってくる / 戻される」
    (r"戦場に(?:戻ってく|戻ってこ|戻され|戻)", "returns", {"s": "patient"}),
    # 603.2, 603.6: 「〔X〕が戦場にあるとき」 — X is on the battlefield while the later events happen (so its
    # triggered abilities see them): the event ``present``
    (r"戦場に[あい](?=る)", "present", {"s": "patient"}),
]

EVENTS: frozenset[str] = frozenset({"present"})
OUTCOMES = frozenset({"triggers", "triggers_only", "its_triggers", "its_triggers_only", "returns"})
# the role an unstated argument takes from the sentence's first object (compose._anaphora): 「その能力は」 only — a
# bare 「能力は誘発する」 names no card
SUBJECT_ROLES = {"its_triggers": "source", "its_triggers_only": "source", "returns": "patient", "present": "patient"}
# outcomes read only after a stated event (nothing else could trigger the ability or move the object)
NEEDS_EVENT = OUTCOMES
# words one of which a sentence must hold for the composed finder to look at it
NEEDS = ("誘発", "戦場に戻", "戦場にある", "戦場にいる")
