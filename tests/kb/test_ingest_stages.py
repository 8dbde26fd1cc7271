"""The stages a large ingest runs apart: the search index it defers (kb.fts.defer) — indexed in batches
(kb.fts.CatchUp) or rebuilt at the end to exactly what indexing each document would give, marked stale while
it may lack rows, healed by the next writable open after a kill — and the reader process (kb.reader.Reader)
that reads and extracts ahead."""
from __future__ import annotations

import dataclasses

import pytest

from extractor import extract
from extractor.facts import RawDocument
from kb import fts
from kb import ingest as ingest_module
from kb.ingest import ingest
from kb.store import Store

QUERIES = ("生成ページ", "クリーチャー", "誘発", "項目", "Soul Warden", "書き換え")


def page(i: int, extra: str = "") -> str:
    """A small generated wiki page (no wiki sentences copied)."""
    return (f"'''頁{i}'''は[[誘発型能力]]についての生成ページ{i}である。\n"
            f"==解説==\n"
            f"*例：[[魂の管理人/Soul Warden]]がいるときに{i}体のクリーチャーが戦場に出た。{extra}\n"
            f"===詳細===\n"
            f"*項目{i}。\n")


def write_pages(folder, n: int, extra: str = "") -> None:
    folder.mkdir(parents=True, exist_ok=True)
    for i in range(n):
        (folder / f"page{i:03d}.txt").write_text(page(i, extra if i % 3 == 0 else ""), encoding="utf-8")


def hits(store: Store) -> dict[str, list[str]]:
    """The node ids each query finds in both FTS tables (what search reads)."""
    c = store.conn
    out = {}
    for q in QUERIES:
        tri = [r[0] for r in c.execute("SELECT n.id FROM nodes_tri f JOIN nodes n ON n.rowid = f.rowid "
                                       "WHERE nodes_tri MATCH ? ORDER BY n.id", (f'"{q}"',))]
        tok = [r[0] for r in c.execute("SELECT n.id FROM nodes_tok f JOIN nodes n ON n.rowid = f.rowid "
                                       "WHERE nodes_tok MATCH ? ORDER BY n.id", (f'"{q.split()[0]}"',))]
        out[q] = [tri, tok]
    return out


def contents(store: Store) -> tuple:
    c = store.conn
    return (sorted(c.execute("SELECT id, kind, doc, title, text, tokens, data FROM nodes")),
            sorted(c.execute("SELECT src, dst, kind, doc, coalesce(data, '') FROM edges")))


@pytest.mark.parametrize("parallel", [False, True])
def test_a_deferred_index_ends_as_the_per_document_one(tmp_path, monkeypatch, parallel):
    corpus = tmp_path / "pages"
    write_pages(corpus, 12)
    runs = {}
    for defer_min in (10**9, 0):                # never deferred; deferred from the first document on
        monkeypatch.setattr(ingest_module, "DEFER_INDEX_MIN", defer_min)
        store = Store(tmp_path / f"kb-{defer_min}-{parallel}.sqlite")
        ingest([corpus], store, parallel=parallel)
        write_pages(corpus, 12, extra="書き換えた。")          # every third page replaced in a second ingest
        summary = ingest([corpus], store, parallel=parallel)
        assert (summary["replaced"], summary["unchanged"]) == (4, 8)
        fts.check(store.conn)
        assert not fts.is_stale(store.conn)
        runs[defer_min] = (contents(store), hits(store))
        store.close()
        write_pages(corpus, 12)                                 # the first pages again for the next run
    assert runs[0] == runs[10**9]
    assert runs[0][1]["書き換え"][0]                          # the replaced pages' new text is found


def _doc(i: int, extra: str = ""):
    raw = RawDocument(title=f"頁{i}", text=page(i, extra), path=f"/tmp/page{i}.txt", form="wikitext",
                      key=f"page{i}.txt")
    return extract(raw)


def test_a_store_left_stale_is_rebuilt_by_the_next_writable_open(tmp_path):
    path = tmp_path / "kb.sqlite"
    store = Store(path)
    store.write_document(_doc(1))
    store.defer_index_after(0)
    store.write_document(_doc(2))                # deferred: no index rows, the store marked stale
    store.write_document(_doc(1, "書き換えた。"))   # a replaced indexed document: its 'delete' is left out too
    assert fts.is_stale(store.conn)
    assert not hits(store)["生成ページ"][0] or "doc:page2.txt" not in hits(store)["生成ページ"][0]
    store.close()                                # as if the ingest were killed here
    healed = Store(path)
    assert not fts.is_stale(healed.conn)
    fts.check(healed.conn)
    found = hits(healed)
    assert "doc:page2.txt" in found["生成ページ"][0] and "doc:page1.txt" in found["生成ページ"][0]
    assert found["書き換え"][0]
    healed.close()


def test_after_a_deferral_the_same_connection_indexes_again(tmp_path):
    store = Store(tmp_path / "kb.sqlite")
    store.defer_index_after(0)
    store.write_document(_doc(1))
    store.finish_index()
    assert not fts.is_stale(store.conn)
    # the same statements, cached while the authorizer left the FTS writes out, must index now
    store.write_document(_doc(2))
    store.write_document(_doc(1, "書き換えた。"))
    assert not fts.is_stale(store.conn)
    fts.check(store.conn)
    found = hits(store)
    assert "doc:page2.txt" in found["生成ページ"][0] and found["書き換え"][0]
    store.close()


def _steps(store: Store, defer: bool = True) -> None:
    """Documents written with the index deferred, caught up in steps between them (as the writer does while
    it waits): new pages, pages indexed before the deferral and pages indexed by a step replaced, one deleted.
    ``defer=False``: the same writes indexed document by document."""
    store.write_document(_doc(1))
    store.write_document(_doc(2))                      # indexed by the triggers
    if defer:
        store.defer_index_after(0)
    store.write_document(_doc(3))                      # deferred from here on
    store.write_document(_doc(1, "書き換えた。"))        # an indexed row replaced while deferred
    store.index_some(0)                                # a step: page 3 and the new page 1 indexed
    store.write_document(_doc(4))
    store.write_document(_doc(3, "書き換えた。"))        # a row a step indexed, replaced
    store.delete_document("page2.txt")                 # an indexed page deleted
    store.index_some(10**9)                            # too few rows for a step: nothing done
    store.write_document(_doc(5))


def test_deferred_rows_indexed_in_steps_end_as_the_per_document_index(tmp_path, monkeypatch):
    """kb.fts.CatchUp: the rows a deferral leaves out, indexed in steps and at the end (updated and deleted
    indexed rows included), give the index the triggers give, with no rebuild and no stale mark."""
    plain = Store(tmp_path / "plain.sqlite")
    _steps(plain, defer=False)
    assert not plain._deferring
    monkeypatch.setattr(fts, "rebuild", lambda *a, **k: pytest.fail("rebuilt"))
    store = Store(tmp_path / "kb.sqlite")
    _steps(store)
    assert store._deferring and fts.is_stale(store.conn)
    store.finish_index()
    assert not fts.is_stale(store.conn)
    fts.check(store.conn)
    assert (contents(store), hits(store)) == (contents(plain), hits(plain))
    found = hits(store)
    assert found["書き換え"][0] and not any("page2" in n for n in found["生成ページ"][0])
    store.close()
    plain.close()


def test_a_write_by_another_connection_while_deferred_ends_in_a_rebuild(tmp_path, monkeypatch):
    """Another connection's commit during a deferral (here: a rebuild of the whole index) leaves what the
    index holds unknown to the catch-up: the end rebuilds instead of adding rows twice."""
    import sqlite3

    path = tmp_path / "kb.sqlite"
    store = Store(path)
    store.write_document(_doc(1))
    store.defer_index_after(0)
    store.write_document(_doc(2))
    other = sqlite3.connect(path, isolation_level=None)
    fts.rebuild(other)                                 # page 2 indexed by the other connection
    other.close()
    store.write_document(_doc(3))
    rebuilt = []
    real = fts.rebuild
    monkeypatch.setattr(fts, "rebuild", lambda *a, **k: (rebuilt.append(1), real(*a, **k)))
    store.finish_index()
    assert rebuilt and not fts.is_stale(store.conn)
    fts.check(store.conn)
    found = hits(store)["生成ページ"][0]
    assert all(f"doc:page{i}.txt" in found for i in (1, 2, 3))
    store.close()


def test_deferral_starts_only_after_its_share_of_the_store(tmp_path, monkeypatch):
    """A small ingest into a store that holds much more never defers (a rebuild would re-read it all)."""
    store = Store(tmp_path / "kb.sqlite")
    for i in range(40):
        store.write_document(_doc(i))
    held = store.conn.execute("SELECT count(*) FROM nodes").fetchone()[0]
    monkeypatch.setattr(ingest_module, "DEFER_INDEX_MIN", 0)
    ingest_module._defer_index(store)
    assert store._defer_after == held // 4
    store.write_document(_doc(100))
    assert not store._deferring and not fts.is_stale(store.conn)
    store.finish_index()
    store.close()


def test_undefer_reindexes_through_statements_cached_while_deferred(tmp_path):
    """Clearing an authorizer does not expire prepared statements: ``fts.undefer`` must (no rebuild between)."""
    store = Store(tmp_path / "kb.sqlite")
    fts.defer(store.conn)
    store.upsert_node("n:1", "note", title="生成ページ一", text="")     # prepared (and cached) while deferred
    fts.undefer(store.conn)
    store.upsert_node("n:2", "note", title="生成ページ二", text="")     # the same SQL again
    found = hits(store)["生成ページ"][0]
    assert "n:2" in found and "n:1" not in found
    store.close()


def test_the_reader_process_gives_what_reading_here_gives(tmp_path):
    """kb.reader.Reader (a child process) yields the same documents, facts and errors, in the same order, as
    kb.reader.extracted in this process; it skips documents whose stored text is the same."""
    from kb.reader import Reader, extracted

    corpus = tmp_path / "pages"
    write_pages(corpus, 6)
    (corpus / "page003.txt").write_bytes(b"")                 # an error in the middle
    store = Store(tmp_path / "kb.sqlite")
    store.write_document(_doc(9))
    (corpus / "page9.txt").write_text(page(9), encoding="utf-8")           # stored already, the same text
    runs = []
    for child in (False, True):
        errors: list = []
        if child:
            reader = Reader([str(corpus)], False, store.path)
            got = list(reader.extracted(errors.append))
            reader.close()
        else:
            got = list(extracted([str(corpus)], False, store.is_unchanged, errors.append))
        runs.append(([(key, dataclasses.asdict(doc) if doc is not None else None) for key, _raw, doc in got], errors))
    assert runs[0] == runs[1]
    assert len(runs[0][1]) == 1 and "page003" in runs[0][1][0]["file"]
    assert ("page9.txt", None) in runs[0][0] and len(runs[0][0]) == 6
    store.close()


def test_spacy_is_imported_without_its_command_line():
    """extractor.japanese.import_spacy: the pipeline's spaCy without spacy.cli (typer, requests, …) loaded;
    spacy.cli imported afterwards is the real one."""
    import subprocess
    import sys

    from conftest import ROOT

    code = ("import sys\n"
            "from extractor.japanese import build_nlp\n"
            "nlp = build_nlp([('魂の管理人', 'Soul Warden')], ())\n"
            "assert [e.ent_id_ for e in nlp('魂の管理人が出た。').ents] == ['Soul Warden']\n"
            "assert 'spacy.cli' not in sys.modules and 'typer' not in sys.modules, sorted(sys.modules)\n"
            "import spacy.cli\n"
            "assert callable(spacy.cli.download) and 'spacy.cli.info' in sys.modules\n")
    r = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr


def test_a_reingest_of_unchanged_documents_imports_no_claim_reader(tmp_path):
    """Into a store that holds documents, the claim reader (and spaCy) is imported only for a document it reads:
    ingesting an unchanged corpus again imports neither; a changed page is read for claims as before."""
    import json
    import subprocess
    import sys

    from conftest import ROOT

    corpus = tmp_path / "pages"
    write_pages(corpus, 4)
    db = tmp_path / "kb.sqlite"
    code = ("import json, sys\n"
            "from kb.ingest import ingest\n"
            "from kb.store import Store\n"
            "store = Store(sys.argv[1])\n"
            "s = ingest([sys.argv[2]], store)\n"
            "store.close()\n"
            "print(json.dumps([s['unchanged'], s['claims'], 'extractor.claims' in sys.modules,\n"
            "                  'spacy' in sys.modules]))\n")

    def run():
        r = subprocess.run([sys.executable, "-c", code, str(db), str(corpus)], cwd=ROOT, capture_output=True,
                           text=True, timeout=300)
        assert r.returncode == 0, r.stderr
        return json.loads(r.stdout.strip().splitlines()[-1])

    first = run()
    assert first[0] == 0 and first[2] and first[3]                            # all new: read for claims
    assert run() == [4, first[1], False, False]                               # all unchanged: nothing imported
    (corpus / "page001.txt").write_text(page(1, "書き換え。"), encoding="utf-8")
    changed = run()
    assert changed[:1] == [3] and changed[2] and changed[3] and changed[1] == first[1]
