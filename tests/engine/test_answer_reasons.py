"""Honesty of reasons (hp5): a reason a Q&A answer gives (「いいえ、《X》は飛行を持つのでできません。」) is a stated
fact of the answer, read like a reason of a statement; a true keyword fact of a named card is a cause only when the
outcome differs without it (the card with that keyword turned over, its other abilities kept).  Sentences written
here from the constructions of Q&A answers and reason clauses; each mutant was confirmed on a02cb1b."""
from __future__ import annotations

import pytest

from test_crosscheck_g4 import _verdicts, card_fixtures, judge

NAMES = ["Grizzly Bears", "Serra Angel", "Giant Spider", "Vampire Nighthawk", "Wall of Stone"]
table, nlp = card_fixtures(NAMES)


def _detail(vs) -> list:
    return [(v.kind, v.verdict, v.reason[:160]) for v in vs]


def _none_confirmed(vs) -> None:
    assert not any(v.verdict == "confirmed" for v in vs), _detail(vs)


Q_BLOCK = "Q: 《灰色熊》は《セラの天使》をブロックできますか？\nA: "
Q_REACH = "Q: 《巨大蜘蛛》は《吸血鬼の夜鷲》をブロックできますか？\nA: "

# (true statement, its mutants: none confirmed)
PAIRS = [
    # 702.9b: a creature with flying can't be blocked except by creatures with flying or reach — the answer's
    # reason (Serra Angel's flying) is checked; vigilance (702.20) is Serra Angel's too but no cause of it
    (Q_BLOCK + "いいえ、《セラの天使》は飛行を持つのでできません。",
     [Q_BLOCK + "いいえ、《セラの天使》は警戒を持つのでできません。",            # keyword swapped (true of the card)
      Q_BLOCK + "いいえ、《灰色熊》は飛行を持つのでできません。",                # card swapped
      Q_BLOCK + "いいえ、《セラの天使》は飛行を持たないのでできません。",        # polarity of the reason
      Q_BLOCK + "いいえ、《セラの天使》は飛行を持つのでできます。"]),            # the answer says both
    (Q_BLOCK + "いいえ。《セラの天使》は飛行を持つため、ブロックできません。",
     [Q_BLOCK + "いいえ。《セラの天使》は警戒を持つため、ブロックできません。"]),
    # 702.17b: reach lets a creature block a creature with flying
    (Q_REACH + "はい、《巨大蜘蛛》は到達を持つのでできます。",
     [Q_REACH + "はい、《巨大蜘蛛》は接死を持たないのでできます。",
      Q_REACH + "はい、《吸血鬼の夜鷲》は絆魂を持つのでできます。"]),
    # the same causes stated outright (not in an answer): the named card's true keyword must make the difference
    ("《セラの天使》は飛行を持つので、《灰色熊》は《セラの天使》をブロックできない。",
     ["《セラの天使》は警戒を持つので、《灰色熊》は《セラの天使》をブロックできない。",
      "《吸血鬼の夜鷲》は接死を持つので、《灰色熊》は《吸血鬼の夜鷲》をブロックできない。"]),
    ("《巨大蜘蛛》は到達を持つので、《セラの天使》をブロックできる。",
     ["《巨大蜘蛛》は接死を持たないので、《セラの天使》をブロックできる。"]),
]


@pytest.mark.shared
@pytest.mark.parametrize("true, mutants", PAIRS, ids=[t[-24:] for t, _ in PAIRS])
def test_a_true_reason_is_confirmed_and_its_mutants_are_not(nlp, table, true, mutants):
    judge(_verdicts(nlp, table, None, true), True)
    for mutant in mutants:
        _none_confirmed(_verdicts(nlp, table, None, mutant))


@pytest.mark.shared
def test_an_answer_reason_without_its_card_is_the_staged_card_it_fits(nlp, table):
    """「いいえ、飛行を持つのでできません。」: whose flying the answer does not say — the one staged card it is true of
    (Serra Angel), then checked as that card's cause (702.9b); vigilance is Serra Angel's too but no cause; trample is
    no staged card's; lacking flying both would (whose is not said)."""
    judge(_verdicts(nlp, table, None, Q_BLOCK + "いいえ、飛行を持つのでできません。"), True)
    for said in ("いいえ、警戒を持つのでできません。", "いいえ、トランプルを持つのでできません。",
                 "いいえ、到達を持たないのでできません。"):
        _none_confirmed(_verdicts(nlp, table, None, Q_BLOCK + said))


@pytest.mark.shared
def test_a_bare_answer_still_confirms(nlp, table):
    judge(_verdicts(nlp, table, None, Q_BLOCK + "いいえ、できません。"), True)
    judge(_verdicts(nlp, table, None, Q_BLOCK + "はい、できます。"), False)


def test_the_answer_reason_is_the_words_before_the_marker():
    from extractor.qa import answer_reason
    q = "《灰色熊》は《セラの天使》をブロックできますか？"
    assert answer_reason("いいえ、《セラの天使》は飛行を持つのでできません。", q) == "《セラの天使》は飛行を持つので"
    assert answer_reason("いいえ。飛行を持つため、ブロックできません。", q) == "飛行を持つため"
    assert answer_reason("いいえ、《セラの天使》は飛行を持つのでできます。", q) == ""   # the answer says both
    assert answer_reason("いいえ、できません。", q) is None
    # 「墓地から」 is a zone particle, no reason; a reason of another predicate belongs to that predicate
    assert answer_reason("いいえ、墓地から戻ります。", q) is None
    assert answer_reason("いいえ、飛行を持つので《灰色熊》は破壊されます。", q) is None


Q_SPIDER = "[Q]対戦相手が《セラの天使》で攻撃してきました。《巨大蜘蛛》でブロックできますか？\n[A]"
Q_BEARS = "[Q]対戦相手が《セラの天使》で攻撃してきました。《灰色熊》でブロックできますか？\n[A]"


@pytest.mark.shared
def test_an_answer_reason_left_without_subject_is_the_asked_card(nlp, table):
    """「はい。到達を持っているのでブロックできます。」: the left-out subject is the one card the asked sentence names
    (702.17b reach; 702.9b) — checked against that card and as a cause."""
    judge(_verdicts(nlp, table, None, Q_SPIDER + "はい。到達を持っているのでブロックできます。"), True)
    judge(_verdicts(nlp, table, None, Q_BEARS + "いいえ。飛行を持っていないのでブロックできません。"), True)
    for mutant in (Q_SPIDER + "はい。接死を持っていないのでブロックできます。",     # no cause of it
                   Q_BEARS + "はい。到達を持っているのでブロックできます。",         # not the card's
                   Q_SPIDER + "はい。到達を持っていないのでブロックできます。"):     # polarity of the reason
        _none_confirmed(_verdicts(nlp, table, None, mutant))


@pytest.mark.shared
@pytest.mark.parametrize("text", [
    # 702.3b: a creature with defender can't attack — the reason is true, the statement about Wall of Stone is not
    # read: the reason alone never confirms the sentence
    "防衛を持つクリーチャーは攻撃できないので、《石の壁》は攻撃に参加できる。",
    "防衛を持つクリーチャーは攻撃できないため、《灰色熊》は攻撃に参加できない。",
])
def test_a_reason_clause_alone_never_confirms_its_sentence(nlp, table, text):
    _none_confirmed(_verdicts(nlp, table, None, text))


@pytest.mark.shared
def test_a_false_reason_clause_is_still_contradicted(nlp, table):
    """「防衛を持つクリーチャーは攻撃できるので、…」 (702.3b): the reason is a statement of the sentence; false, the
    sentence is false."""
    vs = _verdicts(nlp, table, None, "防衛を持つクリーチャーは攻撃できるので、《石の壁》は攻撃に参加できる。")
    assert any(v.verdict == "contradicted" for v in vs), _detail(vs)


@pytest.mark.shared
def test_a_reason_about_the_same_object_as_its_consequence_still_decides(nlp, table):
    """「速攻を持つクリーチャーには召喚酔いのルールが適用されないので、…攻撃できる」 (702.10b): the reading of the reason
    stages the object the consequence is about (no named card left out) — it stays decided."""
    judge(_verdicts(nlp, table, None, "速攻を持つクリーチャーには召喚酔いのルールが適用されないので、"
                                      "戦場に出たターンでも攻撃できる。"), True)


def test_a_reason_of_a_restated_statement_with_its_own_topic_is_that_statements():
    from extractor.qa import answer_reason
    q = "《灰色熊》は戦場に出たターンに攻撃できますか？"
    assert answer_reason("いいえ。速攻を持たないので、召喚酔いの間は攻撃できません。", q) is None
    assert answer_reason("いいえ。速攻を持たないので攻撃できません。", q) == "速攻を持たないので"


@pytest.mark.shared
def test_an_answer_reason_inside_the_asked_topic_is_checked(nlp, table):
    """「《X》は…の対象になりますか?」「いいえ、呪禁を持つのでなりません。」 (702.11b): the reason inside X's clause,
    checked against X — Vampire Nighthawk's flying is no cause (it can be targeted: contradicted)."""
    q = "Q: 《吸血鬼の夜鷲》は対戦相手の呪文の対象になりますか？\nA: "
    _none_confirmed(_verdicts(nlp, table, None, q + "いいえ、飛行を持つのでなりません。"))
    _none_confirmed(_verdicts(nlp, table, None, q + "いいえ、呪禁を持つのでなりません。"))
    judge(_verdicts(nlp, table, None, q + "はい、なります。"), True)
