"""Honesty of clause structure (hp4): a predicate coordinated with the claim's own, a reason clause, a legend-rule
case and the words between a draw and its condition are stated facts — read as claims of their own, checked
against the card, or keeping the claim undecided; never dropped so that a false one rides on a confirmed claim.
Sentences written here from the constructions of real prose (bench/bench_mutants.py found their mutants
confirmed on f2822f9).  The CR rule each relies on is cited per case."""
from __future__ import annotations

import re

import pytest

from test_crosscheck_g4 import _verdicts, card_fixtures, judge

NAMES = ["Darksteel Myr", "Grizzly Bears", "Essence Scatter", "Negate", "Lightning Bolt", "Shock", "Exclude",
         "Blurred Mongoose", "Serra Angel", "Wall of Stone", "Threaten"]
table, nlp = card_fixtures(NAMES)


def _detail(vs) -> list:
    return [(v.kind, v.verdict, v.reason[:160]) for v in vs]


def _none_confirmed(vs) -> None:
    assert not any(v.verdict == "confirmed" for v in vs), _detail(vs)


# (page card or None, true statement, its mutants: none confirmed)
PAIRS = [
    # 701.15a / 702.12b: a shield can be put on an indestructible permanent; it never applies
    (None, "破壊不能を持つパーマネントに再生の盾を張ることはできるが、破壊されないので実際に再生することはない。",
     ["破壊不能を持つパーマネントに再生の盾を張ることはできないが、破壊されないので実際に再生することはない。"]),
    # 109.3 / 701.5: a reason stating the spell's types and colours is checked against the card
    (None, "《灰色熊》は緑のクリーチャー呪文なので、《本質の散乱》で打ち消せる。",
     ["《灰色熊》は赤のクリーチャー呪文なので、《本質の散乱》で打ち消せる。",           # colour swapped
      "《灰色熊》は土地なので、《本質の散乱》で打ち消せる。",                           # type swapped
      "《ショック》は緑のクリーチャー呪文なので、《本質の散乱》で打ち消せる。"]),       # card swapped
    (None, "《稲妻》はインスタントなので《本質の散乱》では打ち消せない。",
     ["《稲妻》はクリーチャーなので《本質の散乱》では打ち消せない。",
      "《稲妻》は青のインスタントなので《本質の散乱》では打ち消せない。"]),
    # 701.5: what a counterspell counters only / counters — the reason is a statement of its own (all_of)
    (None, "《本質の散乱》はクリーチャー呪文しか打ち消せないので、《ショック》を打ち消すことはできない。",
     ["《稲妻》はクリーチャー呪文しか打ち消せないので、《ショック》を打ち消すことはできない。",
      "《本質の散乱》はインスタント呪文しか打ち消せないので、《ショック》を打ち消すことはできない。",
      "《本質の散乱》はクリーチャー呪文しか打ち消せないので、《灰色熊》を打ち消すことはできない。"]),
    (None, "《否認》は非クリーチャー呪文を打ち消すので、《ショック》を打ち消せる。",
     ["《否認》は非インスタント呪文を打ち消すので、《ショック》を打ち消せる。",
      "《否認》はクリーチャー呪文を打ち消すので、《ショック》を打ち消せる。",
      "《本質の散乱》は非クリーチャー呪文を打ち消すので、《ショック》を打ち消せる。"]),
    # 704.5j: the legend rule with two permanents; another count is a fact the scenario does not stage
    (None, "同じ名前の伝説のパーマネントを2つコントロールしている場合、そのプレイヤーはその中から1つを選び、"
           "残りはオーナーの墓地に置かれる。",
     ["同じ名前の伝説のパーマネントを3つ以上コントロールしている場合、そのプレイヤーはその中から1つを選び、"
      "残りはオーナーの墓地に置かれる。",
      "同じ名前の伝説のパーマネントを1つ以上コントロールしている場合、そのプレイヤーはその中から1つを選び、"
      "残りはオーナーの墓地に置かれる。"]),
    # 302.6 / 702.10b: the cause a statement gives for a described creature must make the difference (the outcome
    # with the keyword turned over differs), else the 'because' is not what the scenario shows
    (None, "そのターンに戦場に出たクリーチャーは、速攻を持たないので攻撃できない。",
     ["そのターンに戦場に出たクリーチャーは、警戒を持たないので攻撃できない。",
      "そのターンに戦場に出たクリーチャーは、防衛を持たないので攻撃できない。"]),
    (None, "そのターンに戦場に出たクリーチャーは、速攻を持つので攻撃できる。",
     ["そのターンに戦場に出たクリーチャーは、警戒を持つので攻撃できる。"]),
    # a cause the staged card gives (Threaten: untap, gain control, haste — 702.10b): it holds through the card
    (None, "《脅しつけ》で奪ったクリーチャーは、速攻を持つので、攻撃に参加できる。",
     ["《脅しつけ》で奪ったクリーチャーは、警戒を持つので、攻撃に参加できる。",
      "《脅しつけ》で奪ったクリーチャーは、速攻を持たないので、攻撃に参加できる。"]),
    # 101.2 / 701.5: a counterspell targeting an uncounterable spell still resolves, its draw happens; the
    # words about the counter part are a fact of their own
    ("Exclude", "打ち消されないクリーチャー呪文を対象にした場合でも、打ち消す部分が無視されるだけでカードは引ける。",
     ["打ち消されないクリーチャー呪文を対象にした場合でも、打ち消す部分が無視されないだけでカードは引ける。",
      "打ち消されないクリーチャー呪文を対象にした場合でも、あなたがライフを失うだけでカードは引ける。"]),
]


@pytest.mark.shared
@pytest.mark.parametrize("page, true, mutants", PAIRS, ids=[t[:16] for _, t, _ in PAIRS])
def test_a_true_clause_is_confirmed_and_its_mutants_are_not(nlp, table, page, true, mutants):
    judge(_verdicts(nlp, table, page, true), True)
    for mutant in mutants:
        _none_confirmed(_verdicts(nlp, table, page, mutant))


@pytest.mark.shared
def test_a_reason_no_reading_stages_keeps_the_claim_undecided(nlp, table):
    """「スタックでもそうなので」: a reason that is no card fact and no counter statement is kept unrepresented."""
    vs = _verdicts(nlp, table, None, "《灰色熊》は墓地でもそうなので、《本質の散乱》で打ち消せる。")
    assert [v.verdict for v in vs if v.kind == "can_counter"] == ["unsimulable"], _detail(vs)


@pytest.mark.shared
def test_a_coordinated_removal_predicate_is_its_own_claim(nlp, table):
    """「…生け贄に捧げることはできないが、…墓地に置かれる」 (701.17a: an indestructible permanent can be sacrificed;
    704.5f): the denied sacrifice is its own claim (contradicted) and never an event of the zone claim."""
    vs = _verdicts(nlp, table, None, "《ダークスティールのマイア》は生け贄に捧げることはできないが、"
                                     "タフネスが0以下になれば墓地に置かれる。")
    assert any(v.kind == "can_destroy" and v.verdict == "contradicted" for v in vs), _detail(vs)
    judge(_verdicts(nlp, table, None, "《ダークスティールのマイア》は生け贄に捧げることはできるし、"
                                      "タフネスが0以下になれば墓地に置かれる。"), True)


@pytest.mark.shared
def test_one_of_two_said_legendary_without_the_other_is_not_read(nlp, table):
    """「片方が「伝説の」を持つ」 does not say the other lacks it (704.5j applies to two legendary ones): kept
    unread; 「片方が「伝説の」を持たない」 does (only one legendary)."""
    vs = _verdicts(nlp, table, None, "同じ名前のパーマネントを2つコントロールしていても、片方が「伝説の」を持つならば、"
                                     "墓地に置かれることはない。")
    _none_confirmed(vs)


def test_the_coordination_reading_is_shared():
    """One clause module: the combat, regeneration, removal readers use extractor.claims.clauses."""
    from pathlib import Path
    root = Path(__file__).resolve().parents[2] / "extractor" / "claims"
    for mod in ("combat", "regeneration", "removal"):
        text = (root / f"{mod}.py").read_text(encoding="utf-8")
        assert re.search(r"from extractor\.claims(?:\.clauses import| import clauses)", text), mod
        assert "_COORD = re.compile" not in text, mod


@pytest.mark.shared
def test_an_answer_that_restates_the_question_against_its_answer_word_says_nothing(nlp, table):
    """「はい。…破壊されません。」 to 「破壊されますか？」: the answer word and the restated verb disagree, so the
    answer gives no polarity (704.5g: 3 damage destroys a 2/2) — the true form is still read."""
    q = "Q: 《灰色熊》は《稲妻》で破壊されますか？\nA: はい。"
    judge(_verdicts(nlp, table, None, q + "《稲妻》は3点のダメージを与えるので、《灰色熊》は破壊されます。"), True)
    _none_confirmed(_verdicts(nlp, table, None, q + "《稲妻》は3点のダメージを与えるので、《灰色熊》は破壊されません。"))
