"""extractor.wikitext on seed 001, hand-made pages and the shared corpus."""
from __future__ import annotations

import re
import subprocess
import sys

import pytest

from conftest import ROOT, SEED_001, shared_path
from extractor import extract
from extractor.facts import ExtractionError, RawDocument
from extractor.sources import read_path
from extractor.wikitext import extract_wikitext, is_example, split_card_link

SEED_LINES = SEED_001.read_text(encoding="utf-8").split("\n")


@pytest.fixture(scope="module")
def seed():
    raw = next(read_path(SEED_001))
    return extract(raw)


def file_line(fragment: str) -> int:
    """1-based line of the only seed line containing ``fragment``."""
    hits = [i + 1 for i, line in enumerate(SEED_LINES) if fragment in line]
    assert len(hits) == 1, (fragment, hits)
    return hits[0]


def page(text: str, title: str = "テスト", key: str = "t.txt", offset: int = 0) -> RawDocument:
    return RawDocument(title=title, text=text, path=key, key=key, line_offset=offset)


# ------------------------------------------------------------------------------------------ seed 001

def test_seed_sections(seed):
    headings = [(i + 1, line) for i, line in enumerate(SEED_LINES) if re.fullmatch(r"=+[^=].*[^=]=+\s*", line)]
    assert len(headings) == 14 == len(seed.sections)
    for (line_no, line), sec in zip(headings, seed.sections):
        assert sec.prov.line == line_no
        assert sec.title == line.strip("= ")
        assert sec.level == len(line) - len(line.lstrip("="))
        assert sec.prov.section[-1] == sec.title
    by_title = {s.title: s for s in seed.sections}
    assert by_title["誘発する"].prov.section == ("解説", "誘発する")
    assert by_title["その他"].prov.section in {("その他",), ("誘発型能力を操作するカード", "その他")}
    assert seed.keywords == ["誘発型能力"]


def test_seed_card_links(seed):
    pairs = {(c.name_ja, c.name_en) for c in seed.card_refs if c.via in ("link", "table")}
    expected = {tuple(m.split("/", 1)) for m in re.findall(r"\[\[([^\]|#]+)", "\n".join(SEED_LINES))
                if "/" in m and not m.startswith("+")}
    with_ja = {p for p in pairs if p[0]}
    assert len(with_ja) == 64 == len(expected)
    assert with_ja == expected
    # single English names ([[Su-Chi]]) are card refs with only name_en
    assert (None, "Su-Chi") in pairs
    assert all(re.search(rf"\[\[{re.escape(en)}\]\]", "\n".join(SEED_LINES)) for ja, en in pairs - with_ja)
    assert not any(c.name_ja and "+1" in c.name_ja for c in seed.card_refs)
    templates = [c.name_en for c in seed.card_refs if c.via == "template"]
    assert templates == ["Exultant Cultist", "Soul Warden", "Necrogen Mists"]
    ref = next(c for c in seed.card_refs if c.name_en == "Exultant Cultist")
    assert ref.prov.line == file_line("{{#card:Exultant Cultist}}")
    assert ref.prov.file == str(SEED_001)


def test_seed_rule_refs(seed):
    assert [(r.number, r.via) for r in seed.rule_refs] == [("603", "template")]
    assert seed.rule_refs[0].prov.line == file_line("{{#cr:603}}")


def test_seed_links(seed):
    apnap = next(link for link in seed.links if link.fragment == "APNAP順ルール")
    assert (apnap.target, apnap.label) == ("マジックの黄金律", "APNAP順")
    assert apnap.prov.line == file_line("APNAP順ルール|APNAP順")
    assert apnap.prov.section == ("解説", "スタックに置く")
    targets = {link.target for link in seed.links}
    assert {"誘発", "スタック", "魂の管理人/Soul Warden", "ETB"} <= targets
    assert len(seed.links) == len(re.findall(r"\[\[", "\n".join(SEED_LINES)))


def test_seed_tables(seed):
    assert [len(t.rows) for t in seed.tables] == [8, 9, 8, 6, 9]
    for table in seed.tables:
        header = table.rows[0]
        assert [c.text for c in header.cells] == ["カード名", "コスト", "タイプ", "効果", "初出セット"]
        assert all(c.header for c in header.cells)
        assert all(not c.header for row in table.rows[1:] for c in row.cells)
        assert all(len(row.cells) == 5 for row in table.rows)
    first = seed.tables[0]
    assert [t.prov.line for t in seed.tables] == [i + 1 for i, line in enumerate(SEED_LINES) if line.startswith("{|")]
    pan = first.rows[1]
    assert pan.cells[0].links[0].target == "パンハモニコン/Panharmonicon"
    assert pan.cells[1].text == "4"
    assert pan.prov.line == file_line("|[[パンハモニコン/Panharmonicon]]")
    assert pan.prov.section[-1] == "パーマネントが戦場に出ることで誘発する能力を追加で誘発させるカード"
    gandalf = first.rows[-1]
    assert gandalf.style == "background-color:#e6e6fa"
    assert gandalf.cells[0].links[0].target == "白のガンダルフ/Gandalf the White"
    assert SEED_LINES[gandalf.prov.line - 2].startswith('|-style="background-color:#e6e6fa"')
    styles = [r.style for t in seed.tables for r in t.rows if r.style]
    assert len(styles) == sum(1 for line in SEED_LINES if line.startswith("|-style="))
    table_cards = {c.name_en for c in seed.card_refs if c.via == "table"}
    assert {"Panharmonicon", "Torpor Orb", "Mirror-Shield Hoplite"} <= table_cards


def test_seed_list_items(seed):
    bullets = [(i + 1, line) for i, line in enumerate(SEED_LINES) if re.match(r"[*#:;]", line)]
    assert [(i.prov.line, i.markup) for i in seed.list_items] == bullets
    for item, (_, line) in zip(seed.list_items, bullets):
        assert item.depth == len(line) - len(line.lstrip("*#:;"))
        assert "[[" not in item.text and item.text
    rumor = next(i for i in seed.list_items if "Rumor Gatherer" in i.text)
    assert rumor.depth == 3
    assert rumor.prov.section == ("解説", "追加で誘発する")


EXPECTED_EXAMPLE_CARDS = {
    "Raise the Alarm", "Soul Warden", "Valakut, the Molten Pinnacle", "Day of Judgment", "Zulaport Cutthroat",
    "Manic Vandal", "Elesh Norn, Grand Cenobite", "Solemn Simulacrum", "Kitchen Finks", "Murderous Redcap",
    "Screeching Bat", "Impaler Shrike", "Bleak Coven Vampires", "Strangleroot Geist", "Tormod's Crypt",
    "Rumor Gatherer", "Elvish Warmaster"}


def test_seed_examples(seed):
    examples = seed.examples
    assert len(examples) >= 12
    cards = {c.name_en for e in examples for c in e.cards}
    assert EXPECTED_EXAMPLE_CARDS <= cards
    # pure card-list bullets are not examples
    assert not cards & {"Wild Growth", "Gauntlet of Power", "Lotus Cobra", "Chrome Mox", "Mirror Golem"}
    assert not any(e.text.startswith("マナ能力である") for e in examples)
    # every 例-prefixed bullet is an example
    rei = [i + 1 for i, line in enumerate(SEED_LINES) if re.match(r"[*#:]+例", line)]
    assert set(rei) <= {e.prov.line for e in examples}
    ids = [e.id for e in examples]
    assert len(set(ids)) == len(ids)
    for e in examples:
        assert e.id == f"ex:{SEED_001.name}:{e.prov.line}"
        assert e.prov.document == "誘発型能力" and e.prov.revision is None
        line = SEED_LINES[e.prov.line - 1]
        for c in e.cards:
            assert c.name_en in line


def test_seed_raise_the_alarm_example_line(seed):
    line = file_line("[[急報/Raise the Alarm]]")
    ex = next(e for e in seed.examples if any(c.name_en == "Raise the Alarm" for c in e.cards))
    assert ex.prov.line == line
    assert ex.prov.section == ("解説", "誘発する")
    assert [c.name_en for c in ex.cards] == ["Raise the Alarm", "Soul Warden"]
    assert [c.name_ja for c in ex.cards] == ["急報", "魂の管理人"]
    assert ex.text.startswith("例：") and "2回誘発する" in ex.text


def test_seed_manic_vandal_and_warmaster_examples(seed):
    for name in ("Manic Vandal", "Strangleroot Geist", "Elvish Warmaster"):
        ex = next(e for e in seed.examples if any(c.name_en == name for c in e.cards))
        bullet = [i + 1 for i, line in enumerate(SEED_LINES) if f"/{name}]]" in line and line.startswith("*")]
        assert [ex.prov.line] == bullet
        assert not ex.text.startswith("例")


# ------------------------------------------------------------------------------------------ rules of thumb

@pytest.mark.parametrize("target,expected", [
    ("魂の管理人/Soul Warden", ("魂の管理人", "Soul Warden")),
    ("溶鉄の尖峰、ヴァラクート/Valakut, the Molten Pinnacle", ("溶鉄の尖峰、ヴァラクート", "Valakut, the Molten Pinnacle")),
    ("トーモッドの墓所/Tormod's Crypt", ("トーモッドの墓所", "Tormod's Crypt")),
    ("鏡の盾の重装歩兵/Mirror-Shield Hoplite", ("鏡の盾の重装歩兵", "Mirror-Shield Hoplite")),
    ("Su-Chi", (None, "Su-Chi")),
    ("+1/+1カウンター", None),
    ("1/1", None),
    ("総合ルール/6", None),
    ("ETB", None),
    ("誘発型能力", None),
    ("R&D/Research", None),
])
def test_split_card_link(target, expected):
    assert split_card_link(target) == expected


@pytest.mark.parametrize("text,has_card,expected", [
    ("例：何かが起きる。", False, True),
    ("例えば、これはこうなる。", False, True),
    ("例1 何か", False, True),
    ("例外として、こうなる。", True, False),
    ("マナ能力である誘発型能力：繁茂/Wild Growth、魔力の篭手/Gauntlet of Power", True, False),
    ("躁の蛮人/Manic Vandalを戦場に出した。対象に選ばなくてはならない。", True, True),
    ("これは誘発した誘発型能力をコピーしているわけではない。", False, False),
    ("対策することもできる。例えば、炎の斬りつけ/Flame Slashも4点のダメージを与える", True, True),
    ("熱烈の神ハゾレト/Hazoret the Fervent", True, False),
])
def test_is_example(text, has_card, expected):
    assert is_example(text, has_card) is expected


def test_rule_refs_of_every_kind():
    doc = extract_wikitext(page(
        "{{キーワード能力\n|英名=Persist\n|CR=702.79\n}}\n"
        "本文{{CR|603.10a}}と[[総合ルール/6#603.7|rule 603.7]]、{{#cr:613}}。\n"))
    assert sorted((r.number, r.via, r.prov.line) for r in doc.rule_refs) == [
        ("603.10a", "template", 5), ("603.7", "link", 5), ("613", "template", 5), ("702.79", "infobox", 1)]


def test_junk_links_are_not_links():
    doc = extract_wikitext(page("[[ファイル:x.png|thumb]][[Category:カード]][[en:Soul Warden]][[:Category:x]]"
                                "[[誘発#節|表示]]\n"))
    assert [(link.target, link.fragment, link.label) for link in doc.links] == [("誘発", "節", "表示")]
    assert doc.card_refs == []


def test_line_offset_moves_every_line():
    text = "==A==\n*例：[[急報/Raise the Alarm]]で誘発する。\n"
    plain, shifted = extract_wikitext(page(text)), extract_wikitext(page(text, offset=40))
    assert plain.examples[0].prov.line == 2 and shifted.examples[0].prov.line == 42
    assert plain.sections[0].prov.line == 1 and shifted.sections[0].prov.line == 41
    assert shifted.examples[0].id == "ex:t.txt:42"


def test_nested_list_depths_and_definition_lists():
    doc = extract_wikitext(page("*a\n**b [[x]]\n#c\n:d\n;e\n*** f\n"))
    assert [(i.depth, i.text, i.prov.line) for i in doc.list_items] == [
        (1, "a", 1), (2, "b x", 2), (1, "c", 3), (1, "d", 4), (1, "e", 5), (3, "f", 6)]


def test_unclosed_table_warns_and_keeps_links():
    doc = extract_wikitext(page("==A==\n{| class=\"wikitable\"\n|-\n|[[魂の管理人/Soul Warden]]||1\n==B==\n"))
    assert any(line == 2 and "unclosed table" in msg for line, msg in doc.warnings)
    assert [c.name_en for c in doc.card_refs] == ["Soul Warden"]
    assert [s.title for s in doc.sections] == ["A", "B"]


def test_unclosed_template_warns_and_goes_on():
    doc = extract_wikitext(page("*例：[[急報/Raise the Alarm]]で{{foo|bar\n*[[躁の蛮人/Manic Vandal]]を出した。\n"))
    assert any(line == 1 and "unclosed template" in msg for line, msg in doc.warnings)
    assert [e.prov.line for e in doc.examples] == [1, 2]


def test_importing_extractor_does_not_import_spacy():
    code = ("import sys, extractor, extractor.sources, extractor.wikitext, extractor.rules; "
            "print('spacy' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


# ------------------------------------------------------------------------------------------ shared corpus

def test_xml_export_lines_point_into_the_file():
    xml = shared_path("corpus", "mtgwiki-ja.fragments.xml")
    lines = xml.read_text(encoding="utf-8").split("\n")
    checked = 0
    for raw in read_path(xml, all_revisions=True):
        assert isinstance(raw, RawDocument)
        doc = extract(raw)
        assert doc.keywords == [raw.title]
        for sec in doc.sections:
            assert sec.title in lines[sec.prov.line - 1]
            checked += 1
        for ref in doc.card_refs:
            if ref.name_ja:
                assert ref.name_ja in lines[ref.prov.line - 1]
                checked += 1
    assert checked > 20


def test_every_wiki_file_and_the_export_extract():
    items = list(read_path(shared_path("corpus", "wiki"))) + list(
        read_path(shared_path("corpus", "mtgwiki-ja.fragments.xml"), all_revisions=True))
    assert not [i for i in items if isinstance(i, ExtractionError)]
    wikitext = [i for i in items if i.form == "wikitext"]
    assert len(wikitext) > 40
    total_examples = 0
    for raw in items:
        doc = extract(raw)
        assert doc.raw is raw
        total_examples += len(doc.examples)
        for e in doc.examples:
            assert e.prov.line and e.prov.line > raw.line_offset
    assert total_examples > 10


def test_term_example_paragraph():
    doc = extract_wikitext(page("==解説==\n;例\n{{#card:Blessed Wine}}\n[[聖別された葡萄酒/Blessed Wine]]が解決される"
                                "と、遅延誘発型能力が作られる。\n2行目。\n\n別の段落。\n"))
    assert len(doc.examples) == 1
    ex = doc.examples[0]
    assert ex.prov.line == 4 and ex.prov.section == ("解説",)
    assert ex.text == "聖別された葡萄酒/Blessed Wineが解決されると、遅延誘発型能力が作られる。\n2行目。"
    assert [(c.name_ja, c.name_en) for c in ex.cards] == [("聖別された葡萄酒", "Blessed Wine")]


def test_plain_mention_of_a_card_linked_earlier():
    doc = extract_wikitext(page("*神が[[オパール色の輝き/Opalescence]]の効果を受ける。\n"
                                "**神の後でオパール色の輝きが戦場に出た場合、神はクリーチャーである。\n"
                                "**山が戦場に出た場合、何も起きない。\n"))
    assert [e.prov.line for e in doc.examples] == [2]
    (ref,) = doc.examples[0].cards
    assert (ref.name_ja, ref.name_en, ref.via, ref.prov.line) == ("オパール色の輝き", "Opalescence", "prose", 2)


def test_unclosed_table_rows_are_read_line_by_line():
    doc = extract_wikitext(page("==A==\n{| class=\"wikitable\"\n|-\n!名前!!コスト\n|-style=\"color:red\"\n"
                                "|[[魂の管理人/Soul Warden]]||W\n\n後の段落。\n"))
    (table,) = doc.tables
    assert [[c.text for c in r.cells] for r in table.rows] == [["名前", "コスト"], ["魂の管理人/Soul Warden", "W"]]
    assert [r.cells[0].header for r in table.rows] == [True, False]
    assert table.rows[1].style == "color:red" and table.rows[1].prov.line == 6
    assert table.rows[1].cells[0].links[0].target == "魂の管理人/Soul Warden"
    assert table.prov.line == 2 and table.prov.section == ("A",)


from hypothesis import given, settings, strategies as st  # noqa: E402

_PIECES = ["\n", "*", "**", "#", ":", ";", "例：", "==A==", "===B===", "{|", "|}", "|-", "|", "||", "!", "!!",
           "[[", "]]", "{{", "}}", "#card:Soul Warden", "#cr:603", "CR|603.1a", "魂の管理人/Soul Warden",
           "+1/+1", "した。", "誘発する", "'''", "<ref>", "</ref>", "<!--", "-->", "&amp;", "x", " ", "|CR=702.7",
           "総合ルール/6#603.7", "ファイル:a.png", "<nowiki>", "</nowiki>", "style=\"a\""]


@settings(max_examples=150, deadline=None)
@given(st.lists(st.sampled_from(_PIECES), max_size=60), st.integers(min_value=0, max_value=5))
def test_any_markup_extracts_with_lines_inside_the_text(pieces, offset):
    text = "".join(pieces)
    doc = extract_wikitext(page(text, offset=offset))
    last = text.count("\n") + 1 + offset
    facts = (doc.sections + doc.links + doc.card_refs + doc.rule_refs + doc.tables + doc.list_items
             + doc.examples + [r for t in doc.tables for r in t.rows])
    for fact in facts:
        assert fact.prov.line is not None and offset + 1 <= fact.prov.line <= last
    assert len({e.id for e in doc.examples}) == len(doc.examples)


@pytest.mark.parametrize("encoding,newline", [("cp932", "\n"), ("shift_jis", "\r\n"), ("euc_jp", "\r\n"),
                                               ("utf-8-sig", "\r\n")])
def test_seed_in_other_encodings_gives_the_same_facts(tmp_path, seed, encoding, newline):
    text = SEED_001.read_text(encoding="utf-8")
    # a few symbols (〜, −) are outside the legacy sets: "?" stands in, names and lines are unaffected
    data = text.replace("\n", newline).encode(encoding, errors="replace")
    f = tmp_path / SEED_001.name
    f.write_bytes(data)
    (raw,) = list(read_path(f))
    doc = extract(raw)
    assert raw.title == seed.raw.title
    assert [(e.prov.line, [c.name_en for c in e.cards]) for e in doc.examples] == \
        [(e.prov.line, [c.name_en for c in e.cards]) for e in seed.examples]
    assert [len(t.rows) for t in doc.tables] == [len(t.rows) for t in seed.tables]
    assert [s.prov.line for s in doc.sections] == [s.prov.line for s in seed.sections]


def test_links_in_headings_and_nested_tables():
    doc = extract_wikitext(page("==[[魂の管理人/Soul Warden]]の話==\n{|\n|外[[A]]\n{|\n|[[B]]\n|}\n[[C]]\n|}\n"))
    assert doc.sections[0].title == "魂の管理人/Soul Wardenの話"
    (ref,) = doc.card_refs
    assert ref.name_en == "Soul Warden" and ref.prov.section == (doc.sections[0].title,) and ref.prov.line == 1
    outer = next(t for t in doc.tables if t.prov.line == 2)
    inner = next(t for t in doc.tables if t.prov.line == 4)
    assert [link.target for link in inner.rows[0].cells[0].links] == ["B"]
    assert [link.target for link in outer.rows[0].cells[0].links] == ["A", "B", "C"]
    assert [(link.target, link.prov.line) for link in doc.links] == [
        ("魂の管理人/Soul Warden", 1), ("A", 3), ("B", 5), ("C", 7)]


@pytest.mark.parametrize("text,expected", [
    # a keyword or a card type it is about, and an outcome: a general rule stated as a bullet (issue 20)
    ("接死を持つクリーチャーからダメージを受けたクリーチャーは破壊される。", True),
    ("飛行を持つクリーチャーは到達を持たないクリーチャーにブロックされない。", True),
    ("破壊不能を持つパーマネントも生け贄に捧げることはできる。", True),
    # no term it is about, or no outcome: not a rule statement
    ("テキストには書かれない用語だが、様々なイベントがこの処理によって実行される。", False),
    ("ETB能力は解決後にスタックに置かれる。", False),
])
def test_a_rule_bullet_naming_no_card(text, expected):
    from extractor.wikitext import states_rule
    assert states_rule(text) is expected


def test_a_rule_bullet_is_an_example_and_a_note_is_not():
    doc = extract_wikitext(page("== ルール ==\n*接死を持つクリーチャーからダメージを受けたクリーチャーは破壊される。\n"
                                "*テキストには書かれない用語である。\n"))
    assert [e.text for e in doc.examples] == ["接死を持つクリーチャーからダメージを受けたクリーチャーは破壊される。"]


def test_a_keyword_actions_definition_is_a_rule_also_as_a_numbered_item():
    """701.6a / 701.22a as the wiki's 「==定義==」 lists quote them: a numbered item (#) naming no card is read when it
    defines a keyword action; any other numbered item is not."""
    doc = extract_wikitext(page("==定義==\n#「[[呪文]]を打ち消す」とは、その呪文を[[スタック]]から取り除き、[[墓地]]に移動させることである。\n"
                                "#「占術Nを行う」とは、ライブラリーの一番上からN枚のカードを見て、そのうち望む枚数を一番下に、残りを一番上に置くことである。\n"
                                "#接死を持つクリーチャーからダメージを受けたクリーチャーは破壊される。\n"))
    assert [e.text[:9] for e in doc.examples] == ["「呪文を打ち消す」", "「占術Nを行う」と"]
    assert all(e.general for e in doc.examples)
