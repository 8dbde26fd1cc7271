"""Issue 23, defects 3 and 5 (reading): an XML export is decoded in whatever encoding it declares, or refused
naming the file, and the other files of the folder are still read; junk bytes, UTF-32 and ISO-2022-JP are
decoded properly or reported, never kept as garbage; a page without a revision, or with a nested <page>,
is an error entry."""
from __future__ import annotations

import codecs
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from extractor.facts import ExtractionError, RawDocument
from extractor.sources import read_path

BODY = "'''誘発型能力'''は[[能力]]の一種。イベントが起こるたびに誘発する。"


def page(title: str, body: str = BODY) -> str:
    return f"<page><title>{title}</title><ns>0</ns><revision><id>5</id><text>{body}</text></revision></page>"


def export(encoding: str, *pages: str) -> str:
    return f'<?xml version="1.0" encoding="{encoding}"?>\n<mediawiki>\n' + "\n".join(pages) + "\n</mediawiki>\n"


def read(folder: Path) -> tuple[dict[str, RawDocument], list[ExtractionError]]:
    docs, errors = {}, []
    for x in read_path(folder):
        if isinstance(x, ExtractionError):
            errors.append(x)
        else:
            docs[f"{Path(x.path).name}#{x.title}"] = x
    return docs, errors


def good_pages(folder: Path) -> None:
    (folder / "a_first.txt").write_text(f"# title: 最初の頁\n{BODY}", encoding="utf-8")
    (folder / "z_last.txt").write_text(f"# title: 最後の頁\n{BODY}", encoding="utf-8")


@pytest.mark.parametrize("encoding", ["shift_jis", "Shift_JIS", "euc-jp", "cp932", "iso-2022-jp", "utf-16",
                                      "utf-32", "utf-8", "us-ascii"])
def test_an_export_in_any_declared_encoding_is_decoded_between_good_pages(tmp_path, encoding):
    good_pages(tmp_path)
    title = "試験" if codecs.lookup(encoding).name != "ascii" else "test"
    body = BODY if title == "試験" else "'''Triggered ability''' text."
    (tmp_path / "m_export.xml").write_bytes(export(encoding, page(title, body)).encode(encoding))
    docs, errors = read(tmp_path)
    assert errors == []
    assert set(docs) == {"a_first.txt#最初の頁", f"m_export.xml#{title}", "z_last.txt#最後の頁"}
    assert docs[f"m_export.xml#{title}"].text == body
    assert docs[f"m_export.xml#{title}"].line_offset == 2          # line numbers still point into the file


@pytest.mark.parametrize("data, words", [
    (export("x-no-such-encoding", page("試験")).encode("utf-8"), "no decoder knows"),
    (export("shift_jis", page("試験")).encode("shift_jis").replace("試験".encode("shift_jis"), b"\x81\xff"),
     "not valid shift_jis"),
    (export("utf-8", "<page><title>版なし</title><ns>0</ns></page>").encode("utf-8"), "no <revision>"),
    (export("utf-8", "<page><title>外</title><page><title>内</title></page>"
                     "<revision><id>1</id><text>本文</text></revision></page>").encode("utf-8"), "nested"),
])
def test_a_bad_export_is_an_error_naming_it_and_the_folder_goes_on(tmp_path, data, words):
    good_pages(tmp_path)
    (tmp_path / "m_export.xml").write_bytes(data)
    docs, errors = read(tmp_path)
    assert set(docs) == {"a_first.txt#最初の頁", "z_last.txt#最後の頁"}
    assert len(errors) == 1 and errors[0].file.endswith("m_export.xml") and words in errors[0].message
    assert errors[0].line is not None


@pytest.mark.parametrize("data", [b"\x93", b"\x01", b"\x82\xa0\x01", b"\x01\x02\x03ab", b"\xff\xfe\xfd",
                                  b"...", b"\x1b$B\xff\xff\x1b(B", b"\xff\xfe\x00\x00\x00\xd8\x00\x00"])
def test_junk_is_an_error_not_a_document(tmp_path, data):
    (tmp_path / "junk.txt").write_bytes(data)
    docs, errors = read(tmp_path)
    assert docs == {} and len(errors) == 1 and errors[0].file.endswith("junk.txt")


@pytest.mark.parametrize("encoding", ["utf-32", "utf-32-be", "utf-16", "iso2022_jp"])
def test_wide_and_escaped_encodings_decode_to_the_text(tmp_path, encoding):
    data = BODY.encode(encoding)
    if encoding == "utf-32-be":
        data = codecs.BOM_UTF32_BE + data
    (tmp_path / "page.txt").write_bytes(data)
    docs, errors = read(tmp_path)
    assert errors == [] and [d.text for d in docs.values()] == [BODY]


ENCODINGS = ["utf-8", "shift_jis", "euc-jp", "cp932", "iso-2022-jp", "utf-16", "utf-32", "latin-1", "cp1252",
             "koi8-r", "gb2312", "big5", "x-bogus"]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(declared=st.sampled_from(ENCODINGS), written=st.sampled_from(ENCODINGS),
       text=st.text(alphabet=st.sampled_from("あいう誘発能力ABC xyz\n&<>"), max_size=60),
       cut=st.integers(0, 400))
def test_fuzzed_exports_give_documents_or_named_errors(tmp_path, declared, written, text, cut):
    """Any declaration, any actual encoding, truncated anywhere: documents or errors naming the file."""
    from xml.sax.saxutils import escape

    xml = export(declared, page("頁", escape(text) or "x"))
    try:
        data = xml.encode(written if written != "x-bogus" else "utf-8", errors="replace")
    except LookupError:
        data = xml.encode("utf-8")
    folder = tmp_path / f"f{abs(hash((declared, written, text, cut)))}"
    folder.mkdir()
    (folder / "e.xml").write_bytes(data[:cut] if cut < len(data) else data)
    good_pages(folder)
    docs, errors = read(folder)
    assert {"a_first.txt#最初の頁", "z_last.txt#最後の頁"} <= set(docs)
    for e in errors:
        assert e.file.endswith("e.xml") and e.message
    for d in docs.values():
        assert "\ufffd" not in d.text


def test_a_huge_page_is_parsed_a_part_at_a_time_with_the_same_facts(monkeypatch):
    """Issue 23 (a 20 MB page): mwparserfromhell's tree takes ~200 bytes a character, so a page over
    ``PART_CHARS`` is parsed in parts cut before headings, empty lines and list items — the facts are those
    of a whole parse."""
    import extractor.wikitext as W
    from extractor import extract

    page = next((Path(__file__).resolve().parents[2] / "kb" / "data" / "sample").glob("001_*.txt"))
    text = page.read_text(encoding="utf-8").split("\n", 2)[2]
    big = "\n".join(f"==部分{i}==\n{text}" for i in range(6)) + "\n" + \
        "*例：[[魂の管理人/Soul Warden]]が戦場にいるとき、クリーチャーが戦場に出るたびに<ref>注</ref>誘発する。\n" * 300

    def facts(d):
        return ([(s.title, s.prov.line, s.prov.section) for s in d.sections],
                [(e.id, e.text, e.prov.line, e.prov.section, [c.name_ja for c in e.cards]) for e in d.examples],
                [(x.target, x.prov.line, x.prov.section) for x in d.links],
                [(c.name_ja, c.name_en, c.prov.line) for c in d.card_refs],
                [(t.prov.line, len(t.rows)) for t in d.tables], d.warnings)

    monkeypatch.setattr(W, "PART_CHARS", 10 ** 9)
    whole = facts(extract(RawDocument(title="大", text=big, path="big.txt", form="wikitext", key="big.txt")))
    monkeypatch.setattr(W, "PART_CHARS", 20_000)
    cuts = W.parts(big)
    assert len(cuts) > 3 and "".join(p for _, p in cuts) == big
    assert all(big.startswith(p, at) for at, p in cuts)
    parted = facts(extract(RawDocument(title="大", text=big, path="big.txt", form="wikitext", key="big.txt")))
    assert parted == whole and len(whole[1]) > 300
