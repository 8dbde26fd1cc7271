"""extractor.qa: answers joined to their questions, polarity, one statement per pair."""
from __future__ import annotations

import pytest

from extractor.qa import answer_polarity, affirm, is_negative_question, qa_pairs, qa_statement

from conftest import shared_path


def test_bracket_shape_inline():
    text = "前書き\n\n[Q]《否認》で打ち消せる?\n[A]はい。打ち消せます。\n\n[Q]2回誘発する?\n[A]1回しか誘発しない。\n"
    a, b = qa_pairs(text, line_offset=10)
    assert (a.key, a.q_line, a.a_line, a.question) == ("Q1", 13, 14, "《否認》で打ち消せる?")
    assert a.answer == "はい。打ち消せます。" and a.polarity.relative is True and a.polarity.bare
    assert b.polarity is None                          # しか…ない is a count, not a "no"


def test_numbered_shape_with_continuation_and_fullwidth_labels():
    text = "Ｑ３：《島》を出せますか?\nＡ３：できません。\n 理由の一行目。\n\n理由の二行目。\n\n\nあとがき\n"
    (p,) = qa_pairs(text)
    assert p.key == "Q3" and p.question == "《島》を出せますか?"
    assert p.answer.split("\n") == ["できません。", "理由の一行目。", "理由の二行目。"]
    assert p.polarity.absolute is False and p.polarity.relative is None


def test_label_lines_with_text_below_and_addendum():
    text = "質問:\n《X》は誘発しますか?\n\n回答:\n誘発します。\n\n追記:\n補足の説明。\n"
    (p,) = qa_pairs(text)
    assert (p.question, p.q_line, p.a_line) == ("《X》は誘発しますか?", 1, 4)
    assert p.answer == "誘発します。\n補足の説明。"
    assert p.polarity.absolute is True and p.polarity.bare


def test_answer_without_its_question_and_numbered_parts():
    text = "A.\nいいえ。\nA.\nはい、その通りです。\n質問:\n1)Aは誘発する?\n2)Bは誘発する?\n回答:\n1)誘発する。\n2)いいえ。\n"
    a, b, c, d = qa_pairs(text)
    assert a.question is None and a.polarity.relative is False
    assert b.polarity.relative is True and b.polarity.bare     # はい、その通りです is still a bare yes
    assert (c.key, c.question, c.answer, c.a_line) == ("Q3-1", "Aは誘発する?", "誘発する。", 9)
    assert (d.key, d.question, d.polarity.relative) == ("Q3-2", "Bは誘発する?", False)


POLARITY = [
    ("はい。", True, None), ("はい、その通りです。", True, None), ("いいえ。", False, None),
    ("違います。", False, None), ("その通りです。", True, None),
    ("可能です。", None, True), ("不可能です。", None, False), ("できます。", None, True),
    ("できません。説明。", None, False), ("誘発しない。", None, False), ("唱えられます。", None, True),
    ("引けません。", None, False), ("破壊される。", None, True),
    ("そうなります。", True, None), ("そうです。", True, None), ("そうはなりません。", False, None),
    ("そうならない。", False, None),
]


@pytest.mark.parametrize("answer,relative,absolute", POLARITY)
def test_answer_polarity_table(answer, relative, absolute):
    p = answer_polarity(answer)
    assert (p.relative, p.absolute) == (relative, absolute)


@pytest.mark.parametrize("answer", ["1体しか出せない。", "《悪夢の番人》の能力は、解決時に追放する。",
                                    "対象を取るのは唱える時、それ以降は取らない。", "タイミングに依存します。いろいろ。"])
def test_not_a_yes_no_answer(answer):
    assert answer_polarity(answer) is None


@pytest.mark.parametrize("question,negative", [
    ("《否認》で打ち消せませんか?", True), ("打ち消されないのですか?", True), ("戻れないの?", True),
    ("誘発しないでしょうか?", True), ("打ち消せますか?", False), ("《X》を出した。誘発する?", False),
    ("誘発しない状態で、Xは戦場に出ますか?", False),
])
def test_negative_question(question, negative):
    assert is_negative_question(question) is negative


STATEMENTS = [
    # a bare yes/no gives the question's proposition; いいえ to a negative question = the positive holds
    ("《否認》でこの呪文を打ち消せませんか?", "いいえ。", ("《否認》でこの呪文を打ち消せる", True)),
    ("《否認》でこの呪文を打ち消せませんか?", "はい。", ("《否認》でこの呪文を打ち消せる", False)),
    ("《否認》でこの呪文を打ち消せますか?", "はい。", ("《否認》でこの呪文を打ち消せる", True)),
    ("《否認》でこの呪文を打ち消せますか?", "いいえ、できません。", ("《否認》でこの呪文を打ち消せる", False)),
    ("能力は誘発しないのですか?", "誘発します。", ("能力は誘発する", True)),
    ("トークンは戦場に戻れないの?", "戻れない。", ("トークンは戦場に戻れる", False)),
    ("対象にできますか?", "可能です。", ("対象にできる", True)),
    ("2回誘発しますか?", "1回しか誘発しません。", ("1回しか誘発しない", True)),
    (None, "魂の管理人の能力は2回誘発します。", ("魂の管理人の能力は2回誘発する", True)),
]


@pytest.mark.parametrize("question,answer,want", STATEMENTS)
def test_qa_statement(question, answer, want):
    assert qa_statement(question, answer) == want


def test_affirm():
    assert affirm("出せない") == "出せる" and affirm("誘発しない") == "誘発する"
    assert affirm("打ち消されない") == "打ち消される" and affirm("効果はない") == "効果はある"
    assert affirm("誘発する") is None


def test_real_corpus_qa_pages():
    pages = shared_path("corpus", "pages")
    thb = qa_pairs((pages / "seesaawiki-qa-thb.rendered.txt").read_text(encoding="utf-8"))
    assert [p.a_line for p in thb] == [7, 10, 13, 16, 19]
    assert all(p.question.startswith("《") for p in thb)
    assert [p.polarity.relative if p.polarity else None for p in thb] == [True, True, True, None, True]
    dn = qa_pairs((pages / "diarynote-34540-200403161449020000-qa13-15.rendered.txt").read_text(encoding="utf-8"))
    assert [(p.key, p.polarity.absolute) for p in dn] == [("Q13", False), ("Q14", True)]
    assert dn[0].question.endswith("生贄に捧げることはできますか?")
    inagaki = qa_pairs((pages / "inagaki-qa-trample.rendered.txt").read_text(encoding="utf-8"))
    assert inagaki[0].question.startswith("対戦相手の1/1") and inagaki[0].polarity.relative is False
    assert [p.question for p in inagaki[1:]] == [None, None]     # the excerpt lost those questions
    note = qa_pairs((pages / "note-testing-urborg-n5e0faafe1cfa.rendered.txt").read_text(encoding="utf-8"))
    assert [p.key for p in note][:3] == ["Q1", "Q2-1", "Q2-2"]


def test_every_corpus_qa_page_pairs_without_error():
    pages = shared_path("corpus", "pages")
    total = 0
    for f in sorted(pages.glob("*qa*.txt")):
        pairs = qa_pairs(f.read_text(encoding="utf-8"))
        for p in pairs:
            assert p.answer and p.a_line >= 1
            assert p.q_line is None or p.q_line < p.a_line
        total += len(pairs)
    assert total >= 40


def test_bare_verb_answer_must_echo_the_question():
    assert answer_polarity("破壊されない。", "《X》は破壊されますか?").absolute is False
    assert answer_polarity("タイミングに依存します。", "《X》は誘発しますか?") is None
    assert answer_polarity("誘発します。", "《X》の能力は誘発しますか?").absolute is True


def test_answer_on_the_question_line():
    """「Q: …ですか? A: …」 on one line: the answer label after the question mark opens the answer; a question
    without an answer label stays one question, and a line that is no question is never split."""
    [p] = qa_pairs("Q: 《灰色熊》は《大気の精霊》をブロックできますか？ A: いいえ、できません。\n")
    assert p.question.endswith("ブロックできますか?") and p.answer == "いいえ、できません。"
    assert p.q_line == p.a_line == 1 and p.polarity.relative is False
    [p] = qa_pairs("Ｑ：対象にできますか？　Ａ：はい。\n")
    assert p.question == "対象にできますか?" and p.answer == "はい。"
    assert qa_pairs("Q: A: という表記の意味は何ですか？\n") == []
    from extractor.qa import inline_answer
    assert inline_answer("《ショック》は対象にできますか？ A: はい。") == ["《ショック》は対象にできますか？ A: はい。"]


def test_an_answer_on_the_question_line_ends_with_its_paragraph():
    """The pair of a one-line 「Q: …? A: …」 ends at the blank line after it: the next paragraph is not its answer."""
    [p] = qa_pairs("Q: 《黒騎士》を《ショック》の対象にできますか？ A: はい、できます。\n\n事例\n《予言》はカードを2枚引く。\n")
    assert p.answer == "はい、できます。"


ANSWER_ENDS = [
    # the page's next item after an answer: a heading standing alone after a blank line, a marked heading,
    # a list item the answer does not introduce, a paragraph asking a new question after a blank line
    ("Q: 攻撃できますか？\nA: いいえ、できません。\n\n事例 2\n防衛を持つクリーチャーは攻撃できない。\n", "いいえ、できません。"),
    ("Q: 攻撃できますか？\nA: いいえ、できません。\n■ 次の話題\n本文です。\n", "いいえ、できません。"),
    ("Q: 攻撃できますか？\nA: いいえ、できません。\n・到達を持つクリーチャーはブロックできる。\n", "いいえ、できません。"),
    ("Q: タップしますか？\nA: いいえ。\n\n《灰色熊》で攻撃した場合はどうでしょうか？\n", "いいえ。"),
    # what continues it: a list the answer introduces, a numbered step, an explanation paragraph, a line
    # opening with a minus sign (-1/-1), not a list mark
    ("Q: 攻撃できますか？\nA: できません。理由は以下の通り:\n・一つ目。\n・二つ目。\n■ 次\n",
     "できません。理由は以下の通り:\n・一つ目。\n・二つ目。"),
    ("Q1: 捧げられますか?\nA1: できません。\n 順を追って説明すると、\n\n 1、呪文をプレイ。\n 2、能力が誘発。\n",
     "できません。\n順を追って説明すると、\n1、呪文をプレイ。\n2、能力が誘発。"),
    ("Q: 残りますか？\nA: いいえ。\n-1/-1カウンターが置かれるからです。\n", "いいえ。\n-1/-1カウンターが置かれるからです。"),
]


@pytest.mark.parametrize("text,answer", ANSWER_ENDS)
def test_an_answer_ends_at_the_pages_next_item(text, answer):
    [p] = qa_pairs(text)
    assert p.answer == answer


def test_a_qa_example_ends_at_the_pages_next_item():
    """The prose reader's Q&A example (question, answer, explanation) ends where qa_pairs' answer does: the next
    case of the page is no part of it (its sentences would be read as the answer's)."""
    from extractor.facts import RawDocument
    from extractor.prose import extract_prose

    text = ("事例 0\nQ: 防衛を持つクリーチャーで攻撃できますか？\nA: いいえ、できません。\n・到達を持つクリーチャーは"
            "飛行を持つクリーチャーをブロックできる。\n\n事例 1\n警戒を持つクリーチャーは攻撃してもタップしない。\n")
    doc = extract_prose(RawDocument(title="t", text=text, path="t.txt", form="prose", key="t.txt"))
    [ex] = [e for e in doc.examples if e.question]
    assert ex.text.split("\n") == ["Q: 防衛を持つクリーチャーで攻撃できますか？", "A: いいえ、できません。"]
    assert ex.polarity == "no"
