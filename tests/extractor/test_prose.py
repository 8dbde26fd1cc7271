"""extractor.prose: answer keys, topic blocks, explanations, card mentions, keyword definitions, lines."""
from __future__ import annotations

from extractor.facts import RawDocument
from extractor.prose import example_segments, extract_prose

from conftest import SEED_000, shared_path


def seed000(offset: int = 0):
    raw = RawDocument(title="テーロス", text=SEED_000.read_text(encoding="utf-8"), path=str(SEED_000),
                      form="prose", key=SEED_000.name, line_offset=offset)
    return extract_prose(raw)


def test_seed000_answer_keys_become_examples_with_lines():
    doc = seed000()
    assert [e.prov.line for e in doc.examples] == [1, 3, 5, 43, 45, 47, 61, 63, 77, 79]
    assert doc.examples[0].id == f"ex:{SEED_000.name}:1"
    lines = SEED_000.read_text(encoding="utf-8").split("\n")
    for ex in doc.examples:           # the example starts with its answer line, verbatim
        assert ex.text.split("\n")[0] == lines[ex.prov.line - 1].strip()


def test_seed000_explanations_follow_their_answer_reference():
    doc = seed000()
    by_line = {e.prov.line: e for e in doc.examples}
    assert [ln for ln, _ in example_segments(doc, by_line[1])] == [1, 13, 15]
    assert [ln for ln, _ in example_segments(doc, by_line[3])] == [3, 17, 19, 21]
    assert [ln for ln, _ in example_segments(doc, by_line[63])] == [63, 73, 75]
    assert [ln for ln, _ in example_segments(doc, by_line[79])] == [79, 95, 97]
    # a paragraph about the topic in general (line 89) belongs to no answer
    assert all(89 not in [ln for ln, _ in example_segments(doc, e)] for e in doc.examples)


def test_seed000_topic_blocks_and_keywords():
    doc = seed000()
    assert [(s.title, s.prov.line) for s in doc.sections] == [
        ("授与／Bestow", 7), ("授与の継続的効果", 27), ("信心", 49), ("神々", 65), ("怪物化（を行う）／Monstrosity", 81)]
    for kw in ("授与", "信心", "怪物化"):
        assert kw in doc.keywords
    assert doc.examples[0].prov.section == ("授与／Bestow",)
    assert doc.examples[8].prov.section == ("怪物化（を行う）／Monstrosity",)


def test_seed000_card_mentions_with_lines():
    doc = seed000()
    mentions = [(r.name_ja, r.prov.line, r.via) for r in doc.card_refs]
    assert ("本質の散乱", 1, "prose") in mentions and ("本質の散乱", 13, "prose") in mentions
    assert ("鍛冶の神、パーフォロス", 75, "prose") in mentions
    assert len(mentions) == SEED_000.read_text(encoding="utf-8").count("《")


def test_line_offset_is_added():
    doc = seed000(offset=3)
    assert doc.examples[0].prov.line == 4 and doc.sections[0].prov.line == 10


def test_answer_key_spellings():
    text = ("1-1) 《否認》\n\n１－２） ５体\n\n解答2-1:可能。\n\n3ー1）不可能\n\n見出し\n\n"
            "　1-1)のように、これは説明である。\n\n　１－２）のように、別の説明である。\n\n　続きの説明。\n")
    doc = extract_prose(RawDocument(title="t", text=text, path="t.txt", form="prose", key="t.txt"))
    assert [e.prov.line for e in doc.examples] == [1, 3, 5, 7]
    assert doc.examples[0].text == "1-1) 《否認》\n1-1)のように、これは説明である。"
    assert doc.examples[1].text.endswith("別の説明である。\n続きの説明。")
    assert [s.title for s in doc.sections] == ["見出し"]


def test_question_answer_pairs():
    text = "前書き。\n[Q]これはどうなる?\n[A]何も起きない。\n(1)手順。\n\n[Q]次の質問?\n\n[A]はい。\nQ3:古い形式?\nA3:はい。\n"
    doc = extract_prose(RawDocument(title="t", text=text, path="t.txt", form="prose", key="t.txt"))
    assert [e.prov.line for e in doc.examples] == [2, 6, 9]
    assert doc.examples[0].text == "[Q]これはどうなる?\n[A]何も起きない。\n(1)手順。"
    assert doc.examples[2].text == "Q3:古い形式?\nA3:はい。"


def test_keyword_definition():
    text = "「怪物化Nを行う」とは、「なにかをする。」を意味する。\n"
    doc = extract_prose(RawDocument(title="t", text=text, path="t.txt", form="prose", key="t.txt"))
    assert doc.keywords == ["怪物化"]


def test_unstructured_and_empty_prose():
    for text in ("", "\n\n", "ただの文章です。特に構造はない。\n次の行も文章である。"):
        doc = extract_prose(RawDocument(title="t", text=text, path="t.txt", form="prose", key="t.txt"))
        assert doc.examples == [] and doc.claims == []


def test_rulings_corpus_files_parse():
    from extractor.sources import read_path
    n = 0
    for raw in read_path(shared_path("corpus", "rulings")):
        doc = extract_prose(raw)
        n += 1
        for ex in doc.examples:
            assert ex.prov.line is not None and ex.prov.line > raw.line_offset
    assert n >= 5


def _prose(text: str, name: str = "qa.txt"):
    return extract_prose(RawDocument(title="Q&A", text=text, path=name, form="prose", key=name))


def test_qa_examples_carry_question_and_polarity():
    text = ("[Q]《否認》でこの呪文を打ち消せませんか?\n[A]いいえ。打ち消せます。\n\n"
            "質問:\n《魂の管理人》は2回誘発しますか?\n\n回答:\nはい、その通りです。\n\n"
            "Q.《島》を出せますか?\nA.\n出せません。\n")
    doc = _prose(text)
    a, b, c = doc.examples
    assert (a.prov.line, a.question, a.polarity, a.negative_question) == (1, "《否認》でこの呪文を打ち消せませんか?", "no", True)
    assert a.text.split("\n") == ["[Q]《否認》でこの呪文を打ち消せませんか?", "[A]いいえ。打ち消せます。"]
    assert (b.prov.line, b.question, b.polarity) == (4, "《魂の管理人》は2回誘発しますか?", "yes")
    assert (c.prov.line, c.question, c.polarity, c.negative_question) == (10, "《島》を出せますか?", "no", False)
    assert [ln for ln, _ in example_segments(doc, b)] == [4, 5, 7, 8]


def test_answer_keys_have_no_question():
    doc = seed000()
    assert all(e.question is None and e.polarity is None for e in doc.examples)


def test_real_qa_page_examples_have_their_questions():
    p = shared_path("corpus", "pages", "diarynote-34540-200403161449020000-qa13-15.rendered.txt")
    doc = _prose(p.read_text(encoding="utf-8"), p.name)
    by_line = {e.prov.line: e for e in doc.examples}
    assert by_line[4].question.startswith("《走り回るスカージ") and by_line[4].polarity == "no"
    assert by_line[17].polarity == "yes"
