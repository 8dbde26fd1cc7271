"""extractor.sources: files, folders, decoding, headers, edit-title line, streamed XML exports."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from conftest import SEED_000, SEED_001, shared_path
from extractor.facts import ExtractionError, RawDocument
from extractor.sources import detect_form, read_path

XML_EXPORT = ("corpus", "mtgwiki-ja.fragments.xml")

WIKI_JA = ("==解説==\n"
           "*例：[[急報/Raise the Alarm]]によって2体のクリーチャーが戦場に出たとき、"
           "[[魂の管理人/Soul Warden]]の能力は2回誘発する。\n"
           "誘発型能力は、[[スタック]]を用いて[[解決]]される。\n")

SMALL_EXPORT = """<mediawiki xmlns="http://www.mediawiki.org/xml/export-0.11/" version="0.11">
  <page>
    <title>テスト</title>
    <revision>
      <id>10</id>
      <comment>first</comment>
      <text xml:space="preserve">==古い==
old text</text>
    </revision>
    <revision>
      <id>12</id>
      <comment>second</comment>
      <text xml:space="preserve">==新しい==
*[[魂の管理人/Soul Warden]]
</text>
    </revision>
  </page>
  <page>
    <title>二つ目</title>
    <revision>
      <id>7</id>
      <text xml:space="preserve">[[誘発]]</text>
    </revision>
  </page>
</mediawiki>
"""


def one(path, **kw):
    items = list(read_path(path, **kw))
    assert len(items) == 1, items
    return items[0]


def test_seed_001_edit_title_line_and_offsets():
    raw = one(SEED_001)
    assert isinstance(raw, RawDocument)
    first = SEED_001.read_text(encoding="utf-8").split("\n")[0]
    assert first == f"「{raw.title}」を編集中"
    assert raw.title == "誘発型能力"
    assert raw.form == "wikitext"
    assert raw.key == SEED_001.name
    assert raw.line_offset == 1
    file_lines = SEED_001.read_text(encoding="utf-8").split("\n")
    text_lines = raw.text.split("\n")
    for i in (1, 9, 18, 100):
        assert text_lines[i - 1] == file_lines[i - 1 + raw.line_offset]
    assert not raw.text.startswith("「")


def test_seed_000_is_prose():
    raw = one(SEED_000)
    assert raw.form == "prose"
    assert raw.title == SEED_000.stem.split("_", 1)[1]        # the sort number in front is not part of the title
    assert raw.line_offset == 0


def test_headers_become_meta(tmp_path):
    f = tmp_path / "page.txt"
    f.write_text("# source: http://example.org/x\n# form: wikitext\n# title: 授与\n" + WIKI_JA, encoding="utf-8")
    raw = one(f)
    assert raw.meta == {"source": "http://example.org/x", "form": "wikitext", "title": "授与"}
    assert raw.title == "授与"
    assert raw.form == "wikitext"
    assert raw.line_offset == 3
    assert raw.text == WIKI_JA
    assert raw.key == "page.txt"


def test_rendered_header_means_prose(tmp_path):
    f = tmp_path / "r.txt"
    f.write_text("# form: rendered\n" + WIKI_JA, encoding="utf-8")
    assert one(f).form == "prose"


def test_title_from_mtgwiki_source_address(tmp_path):
    f = tmp_path / "etb.diff1.recon.txt"
    f.write_text("# source: http://mtgwiki.com/index.php?diff=1&oldid=2&title=%E6%8E%88%E4%B8%8E\n"
                 "# form: wikitext\n" + WIKI_JA, encoding="utf-8")
    assert one(f).title == "授与"


def test_edit_title_after_headers_keeps_offsets(tmp_path):
    f = tmp_path / "e.txt"
    f.write_text("# form: wikitext\n「授与」を編集中\n" + WIKI_JA, encoding="utf-8")
    raw = one(f)
    assert raw.title == "授与"
    assert raw.line_offset == 2
    assert f.read_text(encoding="utf-8").split("\n")[2] == raw.text.split("\n")[0]


@pytest.mark.parametrize("text,declared,form", [
    ("=603=\n誘発型能力の扱い\n==603.1==\ntext\n", None, "rules"),
    ("==701.37==\n怪物化\n===701.37a===\ntext\n", "wikitext", "rules"),
    ("==解説==\nふつうの文。\n", None, "wikitext"),
    ("'''太字'''の文。\n", None, "wikitext"),
    ("{| class=\"wikitable\"\n|a\n|}\n", None, "wikitext"),
    ("1−1） 《本質の散乱》\n\n授与は新しいキーワード能力である。\n", None, "prose"),
    ("ふつうの文。\n", "wikitext", "wikitext"),
    ("==解説==\n", "rendered", "prose"),
])
def test_detect_form(text, declared, form):
    assert detect_form(text, declared) == form


@pytest.mark.parametrize("encoding", ["shift_jis", "euc_jp", "cp932", "utf-8-sig", "utf-8"])
def test_japanese_encodings_decode(tmp_path, encoding):
    f = tmp_path / f"{encoding}.txt"
    f.write_bytes(("# form: wikitext\n" + WIKI_JA).encode(encoding))
    raw = one(f)
    assert isinstance(raw, RawDocument), raw
    assert raw.text == WIKI_JA
    assert raw.form == "wikitext"


def test_empty_file_is_an_error(tmp_path):
    f = tmp_path / "empty.txt"
    f.write_bytes(b"")
    err = one(f)
    assert isinstance(err, ExtractionError)
    assert err.file == str(f) and "empty" in err.message


def test_headers_only_is_an_error(tmp_path):
    f = tmp_path / "h.txt"
    f.write_text("# form: wikitext\n# source: x\n", encoding="utf-8")
    err = one(f)
    assert isinstance(err, ExtractionError) and err.file == str(f)


@pytest.mark.parametrize("junk", [b"\x00\x01\x02binary\x00" * 50,
                                  bytes((i * 37 + 11) % 255 + 1 for i in range(4000))])
def test_binary_junk_is_an_error(tmp_path, junk):
    f = tmp_path / "junk.txt"
    f.write_bytes(junk)
    err = one(f)
    assert isinstance(err, ExtractionError), err
    assert err.file == str(f)
    assert "binary or undecodable" in err.message


def test_folder_reads_sorted_recursive_and_continues_after_bad_files(tmp_path):
    (tmp_path / "b").mkdir()
    (tmp_path / "b" / "2.wiki").write_text(WIKI_JA, encoding="utf-8")
    (tmp_path / "1.txt").write_text(WIKI_JA, encoding="utf-8")
    (tmp_path / "0.txt").write_bytes(b"")
    (tmp_path / "ignored.md").write_text(WIKI_JA, encoding="utf-8")
    (tmp_path / "x.xml").write_text(SMALL_EXPORT, encoding="utf-8")
    items = list(read_path(tmp_path))
    assert isinstance(items[0], ExtractionError) and items[0].file.endswith("0.txt")
    keys = [i.key for i in items if isinstance(i, RawDocument)]
    assert keys == ["1.txt", "2.wiki", "x.xml#テスト", "x.xml#二つ目"]


def test_missing_path_is_an_error(tmp_path):
    err = one(tmp_path / "nope.txt")
    assert isinstance(err, ExtractionError)


# ------------------------------------------------------------------------------------------ XML exports

def test_small_export_latest_revision_by_default(tmp_path):
    f = tmp_path / "dump.xml"
    f.write_text(SMALL_EXPORT, encoding="utf-8")
    docs = list(read_path(f))
    assert [(d.key, d.revision) for d in docs] == [("dump.xml#テスト", "12"), ("dump.xml#二つ目", "7")]
    first = docs[0]
    assert first.title == "テスト" and first.form == "wikitext"
    assert first.meta == {"comment": "second"}
    assert first.text.startswith("==新しい==")
    file_lines = SMALL_EXPORT.split("\n")
    # line 1 of the text is the line of its <text> tag; line 2 is the next file line
    assert file_lines[first.line_offset].endswith("==新しい==")
    assert file_lines[first.line_offset + 1] == first.text.split("\n")[1]


def test_small_export_all_revisions(tmp_path):
    f = tmp_path / "dump.xml"
    f.write_text(SMALL_EXPORT, encoding="utf-8")
    docs = list(read_path(f, all_revisions=True))
    assert [(d.key, d.revision) for d in docs] == [
        ("dump.xml#テスト@10", "10"), ("dump.xml#テスト", "12"), ("dump.xml#二つ目", "7")]
    assert docs[0].text == "==古い==\nold text"
    assert docs[0].meta["comment"] == "first"


def test_highest_revision_id_wins_even_when_not_last(tmp_path):
    swapped = SMALL_EXPORT.replace("<id>10</id>", "<id>99</id>")
    f = tmp_path / "dump.xml"
    f.write_text(swapped, encoding="utf-8")
    assert list(read_path(f))[0].revision == "99"


def test_truncated_small_export(tmp_path):
    cut = SMALL_EXPORT.index("<title>二つ目") + 5
    f = tmp_path / "cut.xml"
    f.write_text(SMALL_EXPORT[:cut], encoding="utf-8")
    items = list(read_path(f))
    assert isinstance(items[0], RawDocument) and items[0].title == "テスト"
    assert isinstance(items[-1], ExtractionError)
    assert items[-1].file == str(f) and "truncated" in items[-1].message
    assert items[-1].line is not None
    assert sum(isinstance(i, ExtractionError) for i in items) == 1


def test_real_export_latest_and_all_revisions():
    xml = shared_path(*XML_EXPORT)
    source = xml.read_text(encoding="utf-8")
    n_pages = source.count("<page>")
    n_revs = source.count("<revision>")
    latest = list(read_path(xml))
    every = list(read_path(xml, all_revisions=True))
    assert all(isinstance(d, RawDocument) for d in latest + every)
    assert len(latest) == n_pages and len(every) == n_revs
    assert len({d.key for d in latest}) == n_pages
    assert len({d.key for d in every}) == n_revs
    assert all("@" not in d.key for d in latest)
    # every page's default revision is the one with the highest id among its revisions
    by_title: dict[str, list[int]] = {}
    for d in every:
        by_title.setdefault(d.title, []).append(int(d.revision))
    for d in latest:
        assert int(d.revision) == max(by_title[d.title])
        assert d.meta.get("comment", "").startswith("http")
    # line offsets point into the XML file: the second text line is that file line (entities aside)
    file_lines = source.split("\n")
    checked = 0
    for d in every:
        text_lines = d.text.split("\n")
        if len(text_lines) > 2 and "&" not in file_lines[d.line_offset + 1] and text_lines[1]:
            assert file_lines[d.line_offset + 1] == text_lines[1]
            checked += 1
        assert "<text" in file_lines[d.line_offset]
    assert checked >= 5


def test_real_export_cut_in_half(tmp_path):
    xml = shared_path(*XML_EXPORT)
    data = xml.read_bytes()
    f = tmp_path / "half.xml"
    f.write_bytes(data[: len(data) // 2])
    items = list(read_path(f))
    docs = [i for i in items if isinstance(i, RawDocument)]
    errors = [i for i in items if isinstance(i, ExtractionError)]
    assert len(errors) == 1 and items[-1] is errors[0]
    assert "truncated" in errors[0].message and errors[0].file == str(f)
    complete = data[: len(data) // 2].decode("utf-8", "ignore").count("</page>")
    assert len(docs) == complete and complete > 0


def test_malformed_xml_is_an_error(tmp_path):
    f = tmp_path / "bad.xml"
    f.write_text("<mediawiki><page><title>a</title><revision><id>1</id><text>x</revision></page></mediawiki>",
                 encoding="utf-8")
    items = list(read_path(f))
    assert isinstance(items[-1], ExtractionError) and items[-1].file == str(f)


def test_every_shared_corpus_file_reads():
    corpus = shared_path("corpus")
    items = list(read_path(corpus))
    errors = [i for i in items if isinstance(i, ExtractionError)]
    assert errors == []
    files = [p for p in corpus.rglob("*") if p.suffix in (".txt", ".xml")]
    txt = [d for d in items if not d.key.split("#")[0].endswith(".xml")]
    assert len(txt) == len(files) - 1
    for d in txt:
        declared = d.meta.get("form")
        assert declared in ("wikitext", "rendered")
        if declared == "rendered":
            assert d.form == "prose"
        assert d.line_offset == sum(1 for line in Path(d.path).read_text(encoding="utf-8").split("\n")[:d.line_offset]
                                    if re.match(r"#\s*\w+:", line) or "を編集中" in line)


from hypothesis import given, settings, strategies as st  # noqa: E402


@settings(max_examples=100, deadline=None)
@given(st.binary(max_size=400) | st.text(max_size=200).map(lambda t: t.encode("utf-8")))
def test_read_path_never_raises(tmp_path_factory, data):
    f = tmp_path_factory.mktemp("any") / "f.txt"
    f.write_bytes(data)
    items = list(read_path(f))
    assert len(items) == 1
    item = items[0]
    if isinstance(item, RawDocument):
        assert item.form in ("wikitext", "rules", "prose") and item.text.strip()
        assert item.text.count("\n") + item.line_offset <= data.count(b"\n") + 1
    else:
        assert isinstance(item, ExtractionError) and item.file == str(f)


def test_revision_without_text_is_an_error_and_others_go_on(tmp_path):
    f = tmp_path / "dump.xml"
    f.write_text(SMALL_EXPORT.replace("[[誘発]]", ""), encoding="utf-8")
    items = list(read_path(f))
    assert isinstance(items[0], RawDocument) and items[0].title == "テスト"
    assert isinstance(items[1], ExtractionError) and "二つ目" in items[1].message and items[1].line


@pytest.mark.parametrize("source, revision", [
    ("http://mtgwiki.com/index.php?title=%E8%AA%98%E7%99%BA&oldid=12345", "12345"),
    ("http://mtgwiki.com/index.php?title=X&diff=prev&oldid=777", "777"),          # a diff shows N as its newer side
    ("http://mtgwiki.com/index.php?title=X&direction=prev&oldid=777", None),      # a neighbour of N
    ("http://mtgwiki.com/index.php?title=X&diff=800&oldid=777", None),
    ("http://example.org/index.php?oldid=5", None),                              # another site's address
    ("http://mtgwiki.com/wiki/%E8%AA%98%E7%99%BA", None)])
def test_revision_from_a_source_address(tmp_path, source, revision):
    f = tmp_path / "page.txt"
    f.write_text(f"# source: {source}\n# form: wikitext\n" + WIKI_JA, encoding="utf-8")
    assert one(f).revision == revision


def test_a_file_titled_by_its_name_loses_its_sort_number(tmp_path):
    f = tmp_path / "012_授与の解説.txt"
    f.write_text(WIKI_JA, encoding="utf-8")
    assert one(f).title == "授与の解説"
    g = tmp_path / "012_授与の解説2.txt"
    g.write_text("# title: 012_題\n" + WIKI_JA, encoding="utf-8")
    assert one(g).title == "012_題"                 # a stated title is kept as written
