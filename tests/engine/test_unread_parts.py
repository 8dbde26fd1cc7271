"""Honesty of stated parts a line's main claim does not check (hp6):

- a reason that denies an event (「3点のダメージを受けないので」「…与えていないため」) is no event the scenario may
  stage: the removal reader's condition clause is explained only by events that happened (removal._NEGATED_EVENT);
- a quoted rule given as the reason of what follows (「「S」というルールがあるので、Y」, sentences._QUOTED_RULE): S is a
  stated part of the line — read, it is judged by its own claim; unread (no reading of its own), Y's claim alone is
  unsimulable (sentences.unread_premises), as any other reason the reader cannot represent.

Sentences written here from the constructions (704.5g lethal damage, 704.5f toughness 0 or less, 702.12b
indestructible); each `_none_confirmed` sentence was confirmed on aceef67."""
from __future__ import annotations

import pytest

from test_crosscheck_g4 import _verdicts, card_fixtures, judge

NAMES = ["Hill Giant", "Lightning Bolt", "Grizzly Bears", "Wall of Stone", "Control Magic", "Pacifism", "Giant Growth"]
table, nlp = card_fixtures(NAMES)

Q_BOLT = "Q: 《稲妻》で《丘巨人》を破壊できますか？\nA: "


def _none_confirmed(vs) -> None:
    assert not any(v.verdict == "confirmed" for v in vs), [(v.kind, v.verdict, v.reason[:160]) for v in vs]


@pytest.mark.shared
@pytest.mark.parametrize("text", [
    "《丘巨人》は3点のダメージを受けないので、破壊される。",                 # the event denied (polarity)
    "《丘巨人》に3点のダメージを与えないので、《丘巨人》は破壊される。",
    "3点のダメージを与えないので、《稲妻》で《丘巨人》を破壊できる。",
    "《丘巨人》は3点のダメージを受けていないため、破壊される。",
    Q_BOLT + "はい、3点のダメージを与えないので破壊できます。",
    Q_BOLT + "はい、2点のダメージを与えるので破壊できます。",                  # number: Lightning Bolt deals 3
])
def test_a_denied_or_false_event_given_as_the_reason_is_never_confirmed(nlp, table, text):
    _none_confirmed(_verdicts(nlp, table, None, text))


@pytest.mark.shared
@pytest.mark.parametrize("text", [
    "《丘巨人》は3点のダメージを受けるので、破壊される。",                   # 704.5g: 3 damage on a 3/3
    Q_BOLT + "はい、3点のダメージを与えるので破壊できます。",
])
def test_the_event_given_as_the_reason_still_decides(nlp, table, text):
    judge(_verdicts(nlp, table, None, text), True)


RULE = "「タフネスが0以下のクリーチャーはオーナーの墓地に置かれる」というルールがあるので、"


@pytest.mark.shared
def test_a_quoted_rule_given_as_the_reason_is_a_stated_part_of_the_line(nlp, table):
    """704.5f: the rule read as its own claim and the statement after it both confirmed; the rule's polarity
    turned (a false rule the reader gives no reading), the statement after it alone decides nothing; a false rule
    read is contradicted by its own claim."""
    after = "破壊不能を持つクリーチャーでもタフネスが0になれば墓地に置かれる。"
    judge(_verdicts(nlp, table, None, RULE + after), True)
    _none_confirmed(_verdicts(nlp, table, None, RULE.replace("置かれる", "置かれない") + after))
    # a false rule the reader does read: its own claim contradicted, so the line is false
    vs = _verdicts(nlp, table, None, "「タフネスが0以下のクリーチャーは戦場に残る」というルールがあるので、" + after)
    assert any(v.verdict == "contradicted" and "戦場に残る" in v.text for v in vs), [(v.kind, v.verdict) for v in vs]


LEGEND = "プレイヤーが伝説のパーマネントを同名で複数コントロールしている場合、そのプレイヤーはその中から1つを選び、残りはオーナーの墓地に置かれる"


@pytest.mark.shared
def test_the_legend_rule_with_its_parenthesised_exception_is_one_statement(nlp, table):
    """704.5j: the rule alone is confirmed; with its exception in parentheses (only one of the two legendary) —
    which no scenario here stages — the sentence is one statement of both (all_of), never confirmed by the rule's
    part alone: the exception turned false (「…場合には適用される」) is not confirmed."""
    judge(_verdicts(nlp, table, None, LEGEND + "。"), True)
    for paren in ("(同名の2つのパーマネントのうち、片方だけが伝説のパーマネントである場合には適用されない)。",
                  "(同名の2つのパーマネントのうち、片方だけが伝説のパーマネントである場合には適用される)。"):
        vs = _verdicts(nlp, table, None, LEGEND + paren)
        _none_confirmed(vs)
        assert [v.kind for v in vs] == ["all_of"], [(v.kind, v.verdict) for v in vs]


@pytest.mark.shared
@pytest.mark.parametrize("main", [
    "《灰色熊》が攻撃に参加することはない。",        # が: the main statement's subject (false of Grizzly Bears, 702.3b)
    "対戦相手は《灰色熊》を破壊できる。",           # を: the card is the object, the topic a player
    "《灰色熊》を攻撃に参加させることはできない。",
])
def test_a_reason_given_for_a_statement_about_another_argument_decides_nothing_alone(nlp, table, main):
    """702.3b (defender): the reason 「防衛を持つクリーチャーは攻撃できない」 is true, but the statement it is given for
    names a card (as が／を argument, not only as the は topic) the reason's claim does not stage — its truth never
    decides the sentence (clauses.reason_for)."""
    _none_confirmed(_verdicts(nlp, table, None, "防衛を持つクリーチャーは攻撃できないので、" + main))


@pytest.mark.shared
def test_a_false_reason_given_for_another_argument_is_still_contradicted(nlp, table):
    vs = _verdicts(nlp, table, None, "防衛を持つクリーチャーは攻撃できるので、《石の壁》が攻撃に参加できる。")
    assert any(v.verdict == "contradicted" for v in vs), [(v.kind, v.verdict, v.reason[:120]) for v in vs]
    assert not any(v.verdict == "confirmed" for v in vs)


CONTROLLED = "このターンにコントロールを得たクリーチャーは、"


@pytest.mark.shared
@pytest.mark.parametrize("unless", ["限り", "かぎり"])
def test_an_exception_unless_k_is_checked_both_ways(nlp, table, unless):
    """302.6 / 702.10b: 「…速攻を持たない限り攻撃できない」 states two facts — without haste it can't attack, with haste
    it can (conditions: ``unless``; card_facts.causes: the converse must be shown to fail).  The keyword swapped
    (vigilance makes no difference) or the outcome turned is never confirmed; a rule that holds with the keyword too
    (defender, 702.3b) is not confirmed as an exception."""
    judge(_verdicts(nlp, table, None, f"{CONTROLLED}速攻を持たない{unless}攻撃できない。"), True)
    for mutant in (f"{CONTROLLED}警戒を持たない{unless}攻撃できない。",
                   f"{CONTROLLED}速攻を持たない{unless}攻撃できる。",
                   f"防衛を持つクリーチャーは、速攻を持たない{unless}攻撃できない。"):
        _none_confirmed(_verdicts(nlp, table, None, mutant))


@pytest.mark.shared
def test_the_words_before_an_illegal_target_case_are_stated_facts(nlp, table):
    """608.2b: 「《稲妻》が解決される時点で、対象が不正な対象になっていた場合、…解決されない」 — the moment of resolution
    is what the reading stages; the moment turned (「解決されない時点で」) or another (「唱えた後で」) is a fact it does
    not, so never confirmed."""
    case = "、対象のクリーチャーが不正な対象になっていた場合、《稲妻》は解決されない。"
    judge(_verdicts(nlp, table, None, "《稲妻》が解決される時点で" + case), True)
    judge(_verdicts(nlp, table, None, "《稲妻》の解決時に" + case), True)
    _none_confirmed(_verdicts(nlp, table, None, "《稲妻》が解決されない時点で" + case))


@pytest.mark.shared
def test_the_cases_an_outcome_of_the_legend_rule_is_said_of_are_one_statement(nlp, table):
    """704.5j: 「AであったりBならば、…墓地に置かれることはない」 states the outcome of each listed case — the read case
    confirmed never decides the sentence while another listed case is not staged (unread: 「片方が「伝説の」を持つ」,
    whether the other one is legendary is not said)."""
    tail = "、複数存在していることにより墓地に置かれることはない。"
    for one in ("片方が「伝説の」を持たないならば", "片方が「伝説の」を持つならば"):
        _none_confirmed(_verdicts(nlp, table, None, "違う名前の伝説のパーマネントであったり、" + one + tail))


@pytest.mark.shared
@pytest.mark.parametrize("means, truth", [("支配魔法", True), ("平和な心", None), ("巨大化", None)])
def test_the_card_named_as_the_means_of_a_control_change_must_change_control(nlp, table, means, truth):
    """613.1b (layer 2): 「《X》でコントロールを得た《丘巨人》が死亡した場合、オーナーの墓地に置かれる」 (400.3) — X is a
    stated fact: Control Magic changes control; Pacifism and Giant Growth do not, so never confirmed."""
    vs = _verdicts(nlp, table, None, f"《{means}》でコントロールを得た《丘巨人》が死亡した場合、《丘巨人》はオーナーの墓地に置かれる。")
    if truth:
        judge(vs, True)
    else:
        _none_confirmed(vs)


@pytest.mark.shared
def test_both_removed_with_unequal_counts_is_not_confirmed(nlp, table):
    """704.5q: one +1/+1 and one -1/-1 counter are removed at a time — 「両方とも取り除かれる」 is true of one of each;
    with two +1/+1 counters and one -1/-1 it may mean every counter (false) or one of each (true): not confirmed."""
    put = "カウンターが{a}個置かれたクリーチャーに-1/-1カウンターが1個置かれると、{how}取り除かれる。"
    judge(_verdicts(nlp, table, None, "+1/+1" + put.format(a=1, how="両方とも")), True)
    judge(_verdicts(nlp, table, None, "+1/+1" + put.format(a=2, how="1個ずつ")), True)
    _none_confirmed(_verdicts(nlp, table, None, "+1/+1" + put.format(a=2, how="両方とも")))
