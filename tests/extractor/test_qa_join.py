"""Q&A answers joined to their question (extractor/claims/qa_join.py), and reasons for examples with no claim."""
from __future__ import annotations

from extractor import extract
from extractor.claims import attach_claims
from extractor.claims.qa_join import negate, unparsed_reason
from extractor.claims.registry import Found
from extractor.claims.sentences import make_sentence
from extractor.facts import RawDocument


def _claims(nlp, text: str):
    raw = RawDocument(title="QA", text=text, path="qa.txt", form="prose", key="qa.txt")
    doc = extract(raw)
    attach_claims(doc, nlp)
    return doc


def test_bare_yes_yields_the_question_claim_on_the_answer_line(nlp):
    doc = _claims(nlp, "[Q]《本質の散乱》でプロテクション(青)のクリーチャー呪文を打ち消せる?\n[A]はい。\n")
    got = [c for c in doc.claims if c.kind == "can_counter"]
    assert len(got) == 1 and got[0].prov.line == 2
    assert got[0].outcome == {"can": True} and got[0].subject == "Essence Scatter"
    assert got[0].situation["spell"] == {"desc": {"types": ["Creature"], "protection": ["U"]}}


def test_no_to_a_positive_question_is_the_negated_claim(nlp):
    doc = _claims(nlp, "[Q]《否認》で《急報》を打ち消せますか?\n[A]いいえ。\n")
    got = [c for c in doc.claims if c.kind == "can_counter"]
    assert got and all(c.outcome == {"can": False} for c in got)


def test_a_negated_proposition_is_shown_with_the_answer_that_negates_it(nlp):
    """The claim text of a proposition the answer denies carries the answer: 「…打ち消せる? — いいえ。」, never
    the bare proposition (which reads as the opposite of the claim); a confirmed proposition keeps its words."""
    no = [c for c in _claims(nlp, "[Q]《否認》で《急報》を打ち消せる?\n[A]いいえ。\n").claims if c.kind == "can_counter"]
    assert no and all(c.text.endswith("? — いいえ。") and "打ち消せる" in c.text for c in no), [c.text for c in no]
    yes = [c for c in _claims(nlp, "[Q]《否認》で《急報》を打ち消せる?\n[A]はい。\n").claims if c.kind == "can_counter"]
    assert yes and all("—" not in c.text for c in yes), [c.text for c in yes]


def test_no_to_a_negative_question_is_the_positive_statement(nlp):
    doc = _claims(nlp, "[Q]《否認》で《急報》を打ち消せませんか?\n[A]いいえ、打ち消せます。\n")
    got = [c for c in doc.claims if c.kind == "can_counter" and c.prov.line == 2]
    assert got and all(c.outcome == {"can": True} for c in got)


def test_the_question_alone_states_nothing(nlp):
    doc = _claims(nlp, "[Q]《否認》で《急報》を打ち消せますか?\n[A]場合による。\n")
    assert [c for c in doc.claims if c.kind == "can_counter"] == []
    assert doc.unparsed and doc.unparsed[0].reason


def test_negate_flips_booleans_and_trigger_counts():
    f = Found("can_block", {}, {"can": True}, None)
    assert negate(f).outcome == {"can": False}
    assert negate(Found("no_trigger", {}, {"times": 0}, None)).kind == "trigger_count"
    assert negate(Found("trigger_count", {}, {"times": 1}, None)).outcome == {"times": 0}
    assert negate(Found("zone_after", {}, {"zone": "graveyard"}, None)).outcome == {"zone": "battlefield"}
    assert negate(Found("zone_after", {}, {"zone": "exile"}, None)) is None


def test_reasons():
    s = make_sentence("それはタップ状態で戦場に出る魔法になる。", [], 1, [])
    assert unparsed_reason([s]).startswith("phrasing not understood: ")
    assert unparsed_reason([make_sentence("こんにちは。", [], 1, [])]) == "no checkable outcome"


def test_no_to_is_it_put_into_the_graveyard_is_it_stays(nlp):
    doc = _claims(nlp, "[Q]3点のダメージを受けている5/5破壊不能のクリーチャーに、呪文で-2/-2の修整をかけると墓地に置かれる?\n"
                       "[A]置かれない。\n")
    got = [c for c in doc.claims if c.kind == "zone_after"]
    assert len(got) == 1 and got[0].outcome == {"zone": "battlefield"} and got[0].prov.line == 2
    assert got[0].situation["card"] == {"desc": {"types": ["Creature"], "damage": 3, "pt": "5/5",
                                                 "keywords": ["indestructible"]}}
    assert got[0].situation["events"] == [{"action": "pump", "pt": [-2, -2]}]


def test_a_count_answers_the_count_asked(nlp):
    """「…は何個残りますか?」 answered 「1個です。」: the question's proposition with that count (the count is a fact:
    the answer's number, never another)."""
    from extractor.claims.qa_join import count_statement
    q = "+1/+1カウンターが2個置かれているクリーチャーに-1/-1カウンターが1個置かれたら、+1/+1カウンターは何個残りますか？"
    assert count_statement(q, "1個です。").endswith("+1/+1カウンターは1個残る")
    assert count_statement(q, "2個。").endswith("+1/+1カウンターは2個残る")
    assert count_statement(q, "1点です。") is None                 # a count of another unit answers something else
    assert count_statement(q, "1個です。カウンターは対になって取り除かれます。").endswith("は1個残る")
    assert count_statement("忠誠カウンターはいくつ取り除かれますか？", "2個です。") == "忠誠カウンターは2個取り除かれる"
    assert count_statement("何点のダメージを受けて何回誘発しますか？", "1回です。") is None     # two counts asked
    doc = _claims(nlp, "Q: プレインズウォーカーに2点のダメージが与えられたら、忠誠カウンターは何個取り除かれますか？\n"
                       "A: 2個です。\n")
    got = [c for c in doc.claims if c.kind == "composed"]
    assert got and got[0].outcome["n"] == 2 and got[0].prov.line == 2


def test_what_happens_is_answered_by_the_answers_outcome(nlp):
    """「…に置かれたらどうなりますか?」 + 「それらは対になって取り除かれます。」: the question's situation is the
    answer's condition; a yes / no answer or a question of another shape gives no such statement."""
    from extractor.claims.qa_join import outcome_statement
    q = "+1/+1カウンターと-1/-1カウンターが同じクリーチャーに置かれたらどうなりますか？"
    assert outcome_statement(q, "それらは対になって取り除かれます。") == \
        "+1/+1カウンターと-1/-1カウンターが同じクリーチャーに置かれたら、それらは対になって取り除かれる。"
    assert outcome_statement(q, "はい。") is None
    assert outcome_statement("《灰色熊》はどうなりますか？", "墓地に置かれます。") is None     # no situation stated
    doc = _claims(nlp, f"Q: {q}\nA: それらは対になって取り除かれます。\n")
    got = [c for c in doc.claims if c.kind == "composed"]
    assert got and got[0].outcome["check"] == "counters_removed" and got[0].outcome["holds"] is True


def test_a_setup_sentence_is_the_asked_sentences_condition(nlp):
    """「Q: 《灰色熊》が2点のダメージを受けました。破壊されますか?」: the asked sentence's zero subject continues the
    setup's topic — read as one sentence with the setup as its condition, negated with the answer."""
    from extractor.claims.qa_board import compose
    assert compose("《灰色熊》が2点のダメージを受けた。破壊される") == "《灰色熊》が2点のダメージを受けた場合、破壊される"
    assert compose("《灰色熊》は2/2だ。破壊される") is None                   # a setup that is no event
    assert compose("破壊される") is None
    for answer, can in (("はい。", True), ("いいえ。", False)):
        doc = _claims(nlp, f"Q: 《灰色熊》が2点のダメージを受けました。破壊されますか？\nA: {answer}\n")
        got = [c for c in doc.claims if c.kind == "can_destroy" and c.situation.get("target") == "Grizzly Bears"
               and c.situation.get("events")]
        assert got and got[0].situation["events"] == [{"action": "damage", "n": 2}]
        assert all(c.outcome == {"can": can} for c in got)


def test_a_reason_sentence_with_no_subject_continues_the_questions_topic():
    """A zero subject continues the question's topic: 「A: いいえ。致死ダメージを受けても破壊されません。」 is said of
    the question's object; never when the question names a second object the sentence could leave out, when the
    sentence has a subject of its own, or when it only restates the asked verb."""
    from extractor.claims.anaphora import answer_statements, question_topic
    q = "破壊不能を持つクリーチャーは致死ダメージを受けると破壊されますか？"
    assert question_topic(q) == "破壊不能を持つクリーチャー"
    assert answer_statements(q, "いいえ。致死ダメージを受けても破壊されません。") == \
        ["破壊不能を持つクリーチャーは致死ダメージを受けても破壊されない。"]
    assert answer_statements("タフネスが0になったクリーチャーは戦場に残りますか？", "いいえ、墓地に置かれます。") == \
        ["タフネスが0になったクリーチャーは墓地に置かれる。"]
    assert answer_statements(q, "いいえ。破壊されません。") == []                  # the question, said again
    assert answer_statements("《灰色熊》は《大気の精霊》をブロックできますか？", "いいえ。タップされます。") == []   # two objects
    assert answer_statements(q, "いいえ。そのダメージは残ります。") == []           # a subject of its own
    assert answer_statements(q, "はい。") == [] and answer_statements(None, "墓地に置かれます。") == []
    # an answer that is an outcome, not an answer word, is said of the question's object too
    assert answer_statements("タフネスが0になったクリーチャーは戦場に残りますか？", "墓地に置かれます。") == \
        ["タフネスが0になったクリーチャーは墓地に置かれる。"]
    assert answer_statements("タフネスが0になったクリーチャーは戦場に残りますか？", "残りません。") == []


def test_what_becomes_of_an_object_after_the_setup():
    """「<setup>。《X》はどうなりますか?」 answered by an outcome: the setup, then the object with that outcome (its
    zero subject is the object asked about); an answer with a subject of its own keeps it; a yes/no answer is not
    an outcome."""
    from extractor.claims.qa_join import outcome_statement
    q = "《灰色熊》が《ショック》で2点のダメージを受けました。《灰色熊》はどうなりますか？"
    assert outcome_statement(q, "破壊されます。") == "《灰色熊》が《ショック》で2点のダメージを受けた。《灰色熊》は破壊される"
    assert outcome_statement(q, "対戦相手がライフを失います。") == \
        "《灰色熊》が《ショック》で2点のダメージを受けた。対戦相手がライフを失う"
    assert outcome_statement(q, "はい。") is None
    assert outcome_statement("《灰色熊》はどうなりますか？", "破壊されます。") is None      # no setup: nothing to compose


def test_an_answer_correcting_the_count_is_the_question_with_that_count():
    """「…2回誘発しますか?」「いいえ、1回です。」: the asked sentence with the answer's count; the same count, another
    unit, a count in a reason sentence or a how-many question give nothing here (count_statement reads those)."""
    from extractor.claims.qa_join import corrected_count, corrects_value, count_correction, count_statement

    q = "加虐1を持つクリーチャーが2体にブロックされた。加虐は2回誘発しますか？"
    assert count_correction(q, "いいえ、1回です。") == ["加虐は1回誘発する。"]
    assert count_correction(q, "いいえ。1回だけです。") == ["加虐は1回誘発する。"]
    assert count_correction(q, "いいえ、2回です。") == []             # the asked count: nothing corrected
    assert count_correction(q, "いいえ、1個です。") == []             # another unit answers something else
    assert count_correction(q, "いいえ。2体にブロックされたからです。") == []
    assert corrects_value(q, "いいえ、1回です。") and not corrects_value(q, "いいえ。")
    assert not corrects_value(q, "いいえ。3点のダメージを受けたからです。")   # a value in a reason: no correction
    # no answer word: count_statement takes the bare count
    assert count_statement(q, "1回。") == "加虐1を持つクリーチャーが2体にブロックされた。加虐は1回誘発する"
    # the asked words restated after the count must be the asked ones
    pw = "忠誠カウンターは1個取り除かれますか？"
    assert corrected_count(pw, "3個取り除かれます。") == "忠誠カウンターは3個取り除かれる"
    assert corrected_count(pw, "3個置かれます。") is None
    assert corrected_count("忠誠カウンターは何個取り除かれますか？", "3個です。") is None     # a how-many question


def test_a_count_correction_replaces_the_denied_question(nlp):
    """The corrected statement is the answer's claim; 'not the asked count' is not read beside it (702.130a)."""
    doc = _claims(nlp, "Q: 加虐2を持つクリーチャーが3体のクリーチャーにブロックされました。加虐は3回誘発しますか？\n"
                       "A: いいえ、1回です。\n")
    got = [c for c in doc.claims if c.kind == "trigger_count"]
    assert got and all(c.outcome == {"times": 1} for c in got), [(c.text, c.outcome) for c in got]
    assert all(c.situation["source"]["desc"]["keyword_values"] == {"afflict": 2} for c in got)


def test_only_answers_affirm_the_named_cards_and_deny_the_others():
    """「《A》と《B》は破壊される?」「いいえ、《A》だけです。」: A with the predicate, B with it denied (qa.deny); a card
    answering 「どのクリーチャーが…?」 with the predicate; a card not asked, a bare card without だけ, or another verb
    before 「のは」 give nothing."""
    from extractor.claims.qa_join import only_statements
    from extractor.qa import deny

    assert [deny(w) for w in ("破壊される", "ブロックできる", "誘発する", "戦場に戻る", "ライフを失う", "破壊された")] == \
        ["破壊されない", "ブロックできない", "誘発しない", "戦場に戻らない", "ライフを失わない", None]
    q = "《紅蓮地獄》を唱えた。《灰色熊》と《大蜘蛛》は破壊される?"
    want = ["《灰色熊》は破壊される。", "《大蜘蛛》は破壊されない。"]
    assert only_statements(q, "《灰色熊》だけです。") == want
    assert only_statements(q, "いいえ。《灰色熊》のみです。") == want
    assert only_statements(q, "破壊されるのは《灰色熊》だけです。") == want
    assert only_statements(q, "対象になるのは《灰色熊》だけです。") == []       # another verb: another statement
    assert only_statements(q, "《灰色熊》です。") == []                          # not 'only'
    assert only_statements(q, "《ショック》だけです。") == []                    # not an asked card
    assert only_statements(q, "《灰色熊》と《大蜘蛛》だけです。") == []          # all of them: no 'only'
    assert only_statements("《紅蓮地獄》を唱えた。どのクリーチャーが破壊されますか?", "《灰色熊》です。") == \
        ["《灰色熊》が破壊される。"]


def test_a_denied_conjunction_of_cards_is_not_read_card_by_card(nlp):
    doc = _claims(nlp, "[Q]《審判の日》を唱えた。《灰色熊》と《大蜘蛛》は破壊される?\n[A]いいえ。\n")
    assert not [c for c in doc.claims if c.prov.line == 2 and c.outcome.get("can") is False], \
        [(c.kind, c.text, c.outcome) for c in doc.claims]


def test_an_amount_asked_as_a_topic_is_said_as_its_clause():
    """「対戦相手が失うライフは何点ですか?」「3点です。」 → 「対戦相手は3点のライフを失う」 (the readers' shape)."""
    from extractor.claims.qa_join import count_statement

    assert count_statement("対戦相手が失うライフは何点ですか？", "3点です。") == "対戦相手は3点のライフを失う"
    assert count_statement("《灰色熊》が受けるダメージは何点?", "2点。") == "《灰色熊》は2点のダメージを受ける"
    assert count_statement("対戦相手が失うライフは何点ですか？", "3回です。") is None
