"""The composed reader's refusal trace (``compose.why_not``) and the census helpers of bench/compose_blockers.py;
the small pieces the census led to (an example's label, 「・」 in a lacked-keyword list, 〜てしまう, のだ / わけだ,
〜できなくなる)."""
from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from extractor.claims import compose as compose_mod
from extractor.claims.compose import compose, object_of, why_not
from extractor.claims.sentences import Sentence

ROOT = Path(__file__).resolve().parents[2]


def sent(text: str, cards: list[str] | None = None) -> Sentence:
    return Sentence(text, 1, text, cards or [])


def census():
    spec = importlib.util.spec_from_file_location("compose_blockers", ROOT / "bench" / "compose_blockers.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_why_not_of_a_read_sentence_is_read_and_the_trace_is_off_after():
    s = sent("破壊不能を持つクリーチャーは、致死ダメージを受けても破壊されない。")
    assert why_not(s) == {"reason": "read"}
    assert compose_mod._TRACE is None
    assert compose(s) is not None


def test_why_not_names_the_unread_words():
    s = sent("破壊不能を持つクリーチャーは、致死ダメージを受けても不思議なことに破壊されない。")
    got = why_not(s)
    assert got["reason"] == "unread words"
    assert any("不思議" in u for u in got["unread"])
    assert compose(s) is None                      # the trace changes nothing


def test_why_not_of_a_clause_no_predicate_reads():
    got = why_not(sent("占術はデッキの上を確認する能力である。"))
    assert got["reason"] == "no predicate in the main clause"
    assert got["unread"] == got["clauses"][-1:]


def test_why_not_names_an_event_predicate_in_the_main_clause():
    got = why_not(sent("2/2のクリーチャーが攻撃する。"))
    assert got["reason"] == "main predicate is no outcome: attacks"


def test_enters_is_an_outcome_with_its_stated_state():
    """「戦場に出る」 closes a statement (614.1c): tapped, the counters by kind and number, the controller are facts of
    the outcome; a counter kind with no number stays None (never staged)."""
    got = compose(sent("〔0〕はあなたのコントロール下でタップ状態で戦場に出る。", ["Azorius Guildgate"]))
    assert got.outcome == {"check": "enters", "patient": "A", "holds": True, "tapped": True, "under": "you"}
    got = compose(sent("〔0〕は+1/+1カウンターが2個置かれた状態で戦場に出ない。", ["Spike Feeder"]))
    assert got.outcome["counters"] == {"+1/+1": 2} and got.outcome["holds"] is False
    got = compose(sent("〔0〕は3個の-1/-1カウンターが置かれた状態で戦場に出る。", ["Spike Feeder"]))
    assert got.outcome["counters"] == {"-1/-1": 3}
    got = compose(sent("〔0〕は+1/+1カウンターが置かれた状態で戦場に出る。", ["Spike Feeder"]))
    assert got.outcome["counters"] == {"+1/+1": None}


def test_census_normalises_marks_and_numbers_and_finds_the_final_verb_phrase():
    c = census()
    assert c.norm_span("〔0〕に3点のダメージを与え、") == "〔X〕にN点のダメージを与え"
    assert c.head("その呪文や能力はルールによって打ち消される") == "打ち消される"
    assert c.head("1体の攻撃クリーチャーを複数のクリーチャーでブロックすることもできる") == "ブロックすることもできる"
    parts = c.split(ROOT / "tests" / "engine" / "generality")
    names = sorted(parts)
    assert [parts[n] for n in names[:3]] == ["work", "work", "held"]


def test_keywords_lacked_listed_with_a_middle_dot():
    assert object_of("飛行・到達を持たないクリーチャー", sent("")) == {"desc": {"lacks": ["flying", "reach"], "types": ["Creature"]}}
    assert object_of("飛行や到達を持たないクリーチャー", sent("")) == object_of("飛行・到達を持たないクリーチャー", sent(""))


@pytest.mark.parametrize("ending,holds", [("破壊されてしまう", True), ("破壊されるのだ", True), ("破壊されるわけだ", True),
                                         ("破壊されないんだ", False), ("破壊されないのだ", False)])
def test_an_aspect_or_copula_after_the_outcome_is_no_fact(ending, holds):
    f = compose(sent(f"接死を持つクリーチャーからダメージを受けたクリーチャーは{ending}。"))
    assert f is not None and f.outcome["check"] == "destroyed" and f.outcome["holds"] is holds


def test_a_negation_after_the_aspect_is_not_dropped():
    assert compose(sent("致死ダメージを受けたクリーチャーは破壊されてしまわない。")) is None
    assert compose(sent("致死ダメージを受けたクリーチャーは破壊されるのではない。")) is None


def test_can_no_longer_is_denied():
    f = compose(sent("タップ状態のクリーチャーはブロックに参加できなくなる。"))
    assert f.outcome["check"] == "can_block" and f.outcome["holds"] is False
    g = compose(sent("タップ状態のクリーチャーはブロックに参加できるようになる。"))
    assert g.outcome["holds"] is True


def test_why_not_tells_no_object_from_an_unnamed_one_referred_back_to():
    assert why_not(sent("ダメージは軽減されない。"))["reason"] == "no object"
    assert why_not(sent("そのクリーチャーは破壊されない。"))["reason"] == "an object referred back to, unnamed"
