"""Honesty of Q&A answers (hp6): an answer that restates the asked verb of ANOTHER card than the asked one
(「…《灰色熊》は《セラの天使》をブロックできますか?」「いいえ。《ラノワールのエルフ》は到達を持たないので、ブロック
できません。」) says its answer word of that card — the asked card is no fact of it, so the asked statement is never
read (and confirmed) on that line; the answer's own sentence is read as it stands, and one that leaves an asked card
out is not read alone (any object would stand in for it).  Sentences written here from the construction (a card
topic after the answer word, the question's verb restated); each `_none_confirmed` case was confirmed on aceef67."""
from __future__ import annotations

import pytest

from extractor.qa import answered_of_another
from test_crosscheck_g4 import _verdicts, card_fixtures, judge

NAMES = ["Grizzly Bears", "Serra Angel", "Llanowar Elves", "Giant Spider"]
table, nlp = card_fixtures(NAMES)

Q_BLOCK = "Q: 《灰色熊》は《セラの天使》をブロックできますか？\nA: "


def _none_confirmed(vs) -> None:
    assert not any(v.verdict == "confirmed" for v in vs), [(v.kind, v.verdict, v.reason[:160]) for v in vs]


@pytest.mark.parametrize("answer, card", [
    ("いいえ。《ラノワールのエルフ》は到達を持たないので、ブロックできません。", "ラノワールのエルフ"),
    ("いいえ、《ラノワールのエルフ》はブロックできません。", "ラノワールのエルフ"),
    ("はい、《ラノワールのエルフ》もブロックできます。", "ラノワールのエルフ"),
    ("いいえ。《ラノワールのエルフ》は到達を持たないのでできません。", "ラノワールのエルフ"),
    # the asked card (or the asked object) as the restated topic: the answer is about the asked sentence
    ("いいえ。《灰色熊》は到達を持たないので、ブロックできません。", None),
    ("いいえ、《セラの天使》は飛行を持つのでブロックできません。", None),
    # the reason's card is not the restated one: 「…ので、《灰色熊》は…」, 「《X》が…ので」 (が: the reason's subject)
    ("はい。《巨大蜘蛛》は到達を持つので、《灰色熊》はブロックできます。", None),
    ("はい。《ラノワールのエルフ》が戦場にあるので、できます。", None),
    # another predicate is another statement, not the restated answer
    ("いいえ、《ラノワールのエルフ》はマナを出せます。", None),
    ("いいえ。", None),
])
def test_the_card_an_answer_restates_the_asked_verb_of(answer, card):
    assert answered_of_another(answer, "《灰色熊》は《セラの天使》をブロックできますか？") == card


@pytest.mark.shared
@pytest.mark.parametrize("answer", [
    "いいえ。《ラノワールのエルフ》は到達を持たないので、ブロックできません。",   # was: the asked claim confirmed
    "いいえ、《ラノワールのエルフ》はブロックできません。",                     # was: the asked claim confirmed
    "いいえ。《ラノワールのエルフ》は到達を持たないのでできません。",
    "はい、《巨大蜘蛛》はブロックできます。",                                   # the asked claim contradicted: not the answer's
])
def test_an_answer_about_another_card_never_decides_the_asked_statement(nlp, table, answer):
    vs = _verdicts(nlp, table, None, Q_BLOCK + answer)
    _none_confirmed(vs)
    assert not any(v.verdict == "contradicted" for v in vs), [(v.kind, v.reason[:160]) for v in vs]


@pytest.mark.shared
def test_an_answer_restating_another_card_in_full_is_read_as_it_stands(nlp, table):
    """「いいえ。《ラノワールのエルフ》は《セラの天使》をブロックできません。」: the answer's own statement (702.9b) — true,
    confirmed by its own claim, which stages Llanowar Elves, never Grizzly Bears; its mutants are not confirmed."""
    vs = _verdicts(nlp, table, None, Q_BLOCK + "いいえ。《ラノワールのエルフ》は《セラの天使》をブロックできません。")
    judge(vs, True)
    assert all("Grizzly Bears" not in repr(v.scenario) for v in vs if v.verdict == "confirmed"), [v.reason for v in vs]
    for mutant in ("はい。《ラノワールのエルフ》は《セラの天使》をブロックできます。",      # polarity
                   "いいえ。《巨大蜘蛛》は《セラの天使》をブロックできません。"):          # card swapped (reach, 702.17b)
        _none_confirmed(_verdicts(nlp, table, None, Q_BLOCK + mutant))


@pytest.mark.shared
def test_an_answer_restating_the_asked_card_still_decides(nlp, table):
    judge(_verdicts(nlp, table, None, Q_BLOCK + "いいえ。《灰色熊》は到達を持たないので、ブロックできません。"), True)
    judge(_verdicts(nlp, table, None, Q_BLOCK + "いいえ、できません。"), True)
