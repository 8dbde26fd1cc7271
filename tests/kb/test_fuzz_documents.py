"""Issue 13, item 12: fuzzed documents (markup soup, mixed encodings, binary) ingest with named errors and no
crash, and nothing already stored changes: neither the documents ingested before nor a good version of the
same file that a bad one would replace."""
from __future__ import annotations

import shutil

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import SAMPLE, SEED_001

MARKUP = ["[[", "]]", "[[授与]]", "{{", "}}", "{{#card:Soul Warden}}", "{{#card:", "==", "==解説==", "===",
          "'''", "''", "<nowiki>", "</nowiki>", "{|", "|}", "|-", "||", "<!--", "-->", "*", "#", ":", ";", "-",
          "<ref>", "</ref>", "<br>", "《", "》", "魂の管理人/Soul Warden", "誘発する", "例：", "打ち消せない",
          "=603=", "==603.1==", "「誘発型能力」を編集中", "# title: x", "# form: rendered", "<?xml ", "<mediawiki>",
          "<page>", "<text>", "&amp;", "&", "\u3000", "\t", "\n", "\n\n", "\r\n", "\ufeff", "\x0b", "𝕏", "\u200b"]
ENCODINGS = ["utf-8", "shift_jis", "cp932", "euc_jp", "iso2022_jp", "utf-16", "latin-1"]
JA = st.text(alphabet=st.sampled_from("あいうえお授与誘発魂の管理人クリーチャー戦場《》。、０１２ABCxyz \n"), max_size=80)

soup = st.lists(st.sampled_from(MARKUP) | JA, min_size=1, max_size=60).map(lambda xs: "".join(xs).encode("utf-8"))
mixed = st.lists(st.tuples(JA, st.sampled_from(ENCODINGS)), min_size=1, max_size=6).map(
    lambda parts: b"".join(t.encode(enc, errors="replace") for t, enc in parts))
binary = st.binary(max_size=3000)
documents = st.lists(soup | mixed | binary, min_size=1, max_size=4)


@pytest.fixture(scope="module")
def stored(tmp_path_factory):
    """A store holding the bundled sample and one good page per fuzzed file name (fuzz_0.txt …)."""
    from kb.ingest import ingest
    from kb.store import Store

    d = tmp_path_factory.mktemp("fuzzdocs")
    good = d / "good"
    good.mkdir()
    text = SEED_001.read_text(encoding="utf-8")
    for i in range(4):
        (good / f"fuzz_{i}.txt").write_text(text, encoding="utf-8")
    db = d / "base.sqlite"
    s = Store(db)
    try:
        summary = ingest([SAMPLE, good], s, parallel=False)
        assert not summary["errors"] and summary["documents"] == 6
    finally:
        s.close()
    return db


def _snapshot(store) -> dict:
    c = store.conn
    docs = {k: (sha, title, rev) for k, sha, title, rev in c.execute("SELECT key, sha256, title, revision FROM documents")}
    nodes = {k: n for k, n in c.execute("SELECT doc, count(*) FROM nodes WHERE doc IS NOT NULL GROUP BY doc")}
    edges = {k: n for k, n in c.execute("SELECT doc, count(*) FROM edges WHERE doc IS NOT NULL GROUP BY doc")}
    return {"docs": docs, "nodes": nodes, "edges": edges}


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                  HealthCheck.too_slow])
@given(documents)
def test_fuzzed_documents_give_named_errors_and_change_nothing_stored(tmp_path_factory, stored, docs):
    from kb.ingest import ingest
    from kb.store import Store

    d = tmp_path_factory.mktemp("fz")
    db = d / "kb.sqlite"
    shutil.copy(stored, db)
    folder = d / "in"
    folder.mkdir()
    for i, data in enumerate(docs):
        (folder / f"fuzz_{i}.txt").write_bytes(data)
    s = Store(db)
    try:
        before = _snapshot(s)
        summary = ingest([folder], s, parallel=False)          # never raises for what is in the files
        after = _snapshot(s)
        assert s.conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    finally:
        s.close()
    names = {f"fuzz_{i}.txt" for i in range(len(docs))}
    bad = set()
    for e in summary["errors"]:
        assert e["file"] and e["message"], e
        name = e["file"].replace("\\", "/").rsplit("/", 1)[-1]
        assert name in names, e
        bad.add(name)
    for key, row in before["docs"].items():
        if key not in names or key in bad:          # the sample, and every good page a bad file met, unchanged
            assert after["docs"].get(key) == row, key
            assert after["nodes"].get(key) == before["nodes"].get(key), key
            assert after["edges"].get(key) == before["edges"].get(key), key
