"""extractor.rules on the Comprehensive Rules pages (wiki markup) and a hand-made page."""
from __future__ import annotations

import re

import pytest

from conftest import shared_path
from extractor import extract
from extractor.facts import ExtractionError, RawDocument
from extractor.rules import extract_rules, parent_of, plain
from extractor.sources import read_path

HEADING = re.compile(r"(=+)\s*(\d{3}(?:\.\d+[a-z]?)?)\s*\1")

SMALL = """=999=
テストの規則
==999.1==
本文その1。[[総合ルール/6#603.2|rule 603.2]]参照。
===999.1a===
本文その2。

例：《魂の管理人》が戦場にあり、
2行目も例の続き。

例：二つ目の例。
例：三つ目の例。
==999.2==
本文その3。
"""


def cr_doc(name: str):
    raw = next(read_path(shared_path("corpus", "cr", name)))
    assert isinstance(raw, RawDocument) and raw.form == "rules"
    return raw, extract(raw)


def expected_from_file(path):
    """(heading numbers with lines, 例： lines with the rule they sit under), read from the file itself."""
    lines = path.read_text(encoding="utf-8").split("\n")
    headings, examples, current = [], [], None
    for i, line in enumerate(lines, start=1):
        m = HEADING.fullmatch(line.strip())
        if m:
            current = m.group(2)
            headings.append((current, i))
        elif re.match(r"例\s*[：:]", line) and current:
            examples.append((i, current))
    return lines, headings, examples


@pytest.mark.parametrize("number,parent", [("603.10a", "603.10"), ("603.10", "603"), ("603", None),
                                           ("702.103g", "702.103"), ("613.1", "613")])
def test_parent_of(number, parent):
    assert parent_of(number) == parent


def test_small_page():
    raw = RawDocument(title="総合ルール/9", text=SMALL, path="cr9.txt", key="cr9.txt", form="rules", line_offset=3)
    doc = extract_rules(raw)
    assert [(r.number, r.parent, r.prov.line) for r in doc.rules] == [
        ("999", None, 4), ("999.1", "999", 6), ("999.1a", "999.1", 8), ("999.2", "999", 16)]
    top, r1, r1a, r2 = doc.rules
    assert top.title == "テストの規則"
    assert r1.text == "本文その1。rule 603.2参照。"
    assert r1a.text == "本文その2。"
    assert r2.text == "本文その3。"
    assert r1a.prov.section == ("999", "999.1", "999.1a")
    assert [(e.prov.line, e.rule) for e in r1a.examples] == [(11, "999.1a"), (14, "999.1a"), (15, "999.1a")]
    assert r1a.examples[0].text == "例：《魂の管理人》が戦場にあり、\n2行目も例の続き。"
    assert [c.name_ja for c in r1a.examples[0].cards] == ["魂の管理人"]
    assert r1a.examples[0].id == "ex:cr9.txt:11"
    assert doc.examples == r1a.examples
    assert [(r.number, r.via) for r in doc.rule_refs] == [("603.2", "link")]
    assert [s.title for s in doc.sections] == ["999", "999.1", "999.1a", "999.2"]


def test_page_without_rules_warns():
    raw = RawDocument(title="x", text="ただの文。\n", path="x.txt", key="x.txt", form="rules")
    doc = extract_rules(raw)
    assert doc.rules == [] and doc.warnings


def test_rule_603_every_subrule_and_example():
    path = shared_path("corpus", "cr", "603.txt")
    raw, doc = cr_doc("603.txt")
    lines, headings, examples = expected_from_file(path)
    assert [(r.number, r.prov.line) for r in doc.rules] == headings
    assert len(doc.rules) > 40
    numbers = {r.number for r in doc.rules}
    assert all(r.parent in numbers for r in doc.rules if r.parent)
    top = doc.rules[0]
    assert top.number == "603" and top.title == lines[headings[0][1]].strip()
    got = [(e.prov.line, e.rule) for e in doc.examples]
    assert got == examples and len(got) >= 10
    by_number = {r.number: r for r in doc.rules}
    for line_no, number in examples:
        assert any(e.prov.line == line_no for e in by_number[number].examples)
        ex = next(e for e in by_number[number].examples if e.prov.line == line_no)
        assert re.match(r"例\s*[：:]", ex.text)
        assert ex.text.split("\n")[0] == plain(lines[line_no - 1])
    for r in doc.rules:
        if "." in r.number:
            assert r.text, r.number
            assert "[[" not in r.text and not re.search(r"^例\s*[：:]", r.text, re.M)
    assert "603.10a" in numbers and by_number["603.10a"].parent == "603.10"


def test_rule_603_links_become_rule_refs():
    path = shared_path("corpus", "cr", "603.txt")
    raw, doc = cr_doc("603.txt")
    cited = re.findall(r"\[\[総合ルール/\d+#(\d{3}(?:\.\d+[a-z]?)?)\|", path.read_text(encoding="utf-8"))
    assert sorted(r.number for r in doc.rule_refs if r.via == "link") == sorted(cited)
    assert cited


@pytest.mark.parametrize("name", ["603.txt", "613.txt", "700.5.txt", "701.37.txt", "702.103.txt",
                                  "702.79-702.93.txt"])
def test_every_cr_wiki_page(name):
    path = shared_path("corpus", "cr", name)
    raw, doc = cr_doc(name)
    lines, headings, examples = expected_from_file(path)
    assert [(r.number, r.prov.line) for r in doc.rules] == headings
    assert [(e.prov.line, e.rule) for e in doc.examples] == examples
    for r in doc.rules:
        assert r.prov.document == raw.title and r.prov.file == str(path)
        assert r.prov.section[-1] == r.number


def test_devotion_example_names_its_cards():
    raw, doc = cr_doc("700.5.txt")
    ex = next(e for r in doc.rules for e in r.examples)
    assert ex.rule == "700.5a"
    names = [c.name_ja for c in ex.cards]
    assert names and all(f"《{n}》" in ex.text for n in names)


def test_rendered_rule_pages_do_not_crash():
    folder = shared_path("corpus", "cr")
    for path in sorted(folder.glob("*.whisper-rendered.txt")):
        (raw,) = list(read_path(path))
        assert not isinstance(raw, ExtractionError)
        assert raw.form == "prose"
        extract(raw)
        # read as rules anyway, they give no crash either
        raw.form = "rules"
        extract(raw)


@pytest.mark.parametrize("name", ["701.37.txt", "702.103.txt", "702.79-702.93.txt"])
def test_keyword_rules_name_their_keyword(name):
    path = shared_path("corpus", "cr", name)
    raw, doc = cr_doc(name)
    lines = path.read_text(encoding="utf-8").split("\n")
    expected = []
    for i, line in enumerate(lines):
        m = re.fullmatch(r"==(70[12]\.\d+)==", line.strip())
        if m:
            title = lines[i + 1].strip()
            expected.append(re.sub(r"を行う$", "", title.split("／")[0]))
            rule = next(r for r in doc.rules if r.number == m.group(1))
            assert rule.title == title
    assert doc.keywords == expected and expected


def test_subrules_with_sentences_have_no_title():
    raw, doc = cr_doc("603.txt")
    assert [r.number for r in doc.rules if r.title] == ["603"]
    assert doc.keywords == []
