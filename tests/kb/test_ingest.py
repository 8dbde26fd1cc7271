"""The ingest pipeline: summary counts, idempotence, replacement, bad files, crash safety."""
from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from kb.ingest import COUNT_KEYS, ingest
from kb.store import Store

from conftest import ROOT


def wiki_page(i: int, extra: str = "") -> str:
    """A small generated wiki page (no wiki sentences copied): a title line, two sections, one example."""
    return (f"「試験ページ{i}」を編集中\n"
            f"'''試験ページ{i}'''は[[誘発型能力]]についての生成ページ{i}である。\n"
            f"==解説==\n"
            f"*例：[[魂の管理人/Soul Warden]]がいるときに{i}体のクリーチャーが戦場に出た。\n"
            f"*[[総合ルール/6#603.2|rule 603.2]]参照。{extra}\n"
            f"===詳細===\n"
            f"*項目{i}。\n")


def write_pages(folder, n: int) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    for i in range(n):
        (folder / f"page{i:03d}.txt").write_text(wiki_page(i), encoding="utf-8")


def test_sample_corpus_counts_are_stable(tmp_path):
    store = Store(tmp_path / "kb.sqlite")
    first = ingest(None, store)
    assert first["errors"] == []
    assert first["documents"] == 2 and first["added"] == 2
    for key in COUNT_KEYS:
        assert key in first
    assert first["sections"] > 5 and first["examples"] > 5 and first["card_links"] > 5
    second = ingest(None, store)
    assert second["unchanged"] == 2 and second["added"] == 0
    assert {k: second[k] for k in COUNT_KEYS} == {k: first[k] for k in COUNT_KEYS}
    # the summary counts agree with the store itself
    assert store.counts()["section"] == first["sections"]
    assert store.counts()["example"] == first["examples"]


def test_changed_file_replaces_its_facts(tmp_path):
    corpus = tmp_path / "corpus"
    write_pages(corpus, 3)
    store = Store(tmp_path / "kb.sqlite")
    s1 = ingest([corpus], store)
    assert s1["documents"] == 3 and s1["errors"] == []
    ex_before = {n["id"] for n in store.nodes("example", doc="page001.txt")}
    assert ex_before
    (corpus / "page001.txt").write_text(wiki_page(1).replace("==解説==\n", "==解説==\n\n\n"), encoding="utf-8")
    s2 = ingest([corpus], store)
    assert (s2["replaced"], s2["unchanged"], s2["added"]) == (1, 2, 0)
    ex_after = {n["id"] for n in store.nodes("example", doc="page001.txt")}
    assert ex_after and ex_after != ex_before          # lines moved: old example nodes are gone
    assert not any(store.node(i) for i in ex_before - ex_after)
    assert s2["examples"] == s1["examples"]


def test_bad_files_are_reported_and_good_ones_stored(tmp_path):
    corpus = tmp_path / "mixed"
    write_pages(corpus, 2)
    (corpus / "empty.txt").write_bytes(b"")
    (corpus / "junk.txt").write_bytes(bytes(range(256)) * 4)
    (corpus / "cut.xml").write_text('<mediawiki><page><title>X</title><revision><id>1</id><text>abc',
                                    encoding="utf-8")
    store = Store(tmp_path / "kb.sqlite")
    s = ingest([corpus], store)
    bad = {os.path.basename(e["file"]) for e in s["errors"]}
    assert {"empty.txt", "junk.txt", "cut.xml"} <= bad
    assert all(e["message"] for e in s["errors"])
    assert s["documents"] == 2
    assert {d["key"] for d in store.documents()} == {"page000.txt", "page001.txt"}


def test_missing_path_is_an_error_not_a_crash(tmp_path):
    store = Store(tmp_path / "kb.sqlite")
    s = ingest([tmp_path / "nope"], store)
    assert s["documents"] == 0
    assert s["errors"] and "nope" in s["errors"][0]["file"]


def _run_ingest(db, corpus, env_extra=None):
    env = dict(os.environ)
    env.pop("MTGKB_TEST_DIE_AFTER", None)
    env.update(env_extra or {})
    return subprocess.run([sys.executable, "-m", "kb", "ingest", "--db", str(db), "--json", "--no-progress",
                           str(corpus)], capture_output=True, text=True, cwd=ROOT, env=env, timeout=300)


def test_killed_ingest_leaves_a_consistent_store(tmp_path):
    corpus = tmp_path / "many"
    write_pages(corpus, 30)
    db = tmp_path / "kb.sqlite"
    # the hook ends the process with os._exit inside the 6th document's transaction (after its nodes
    # were inserted, before COMMIT) — a crash at the worst moment
    died = _run_ingest(db, corpus, {"MTGKB_TEST_DIE_AFTER": "5"})
    assert died.returncode == 86, died.stderr
    store = Store(db)
    assert store.conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    docs = store.documents()
    assert len(docs) == 5
    for d in docs:                              # every stored document is complete
        assert store.node(f"doc:{d['key']}") is not None
        assert len(list(store.nodes("section", doc=d["key"]))) == 2
        assert len(list(store.nodes("example", doc=d["key"]))) == 1
    orphans = store.conn.execute("SELECT count(*) FROM nodes WHERE doc IS NOT NULL AND doc NOT IN "
                                 "(SELECT key FROM documents)").fetchone()[0]
    assert orphans == 0
    store.close()
    again = _run_ingest(db, corpus)
    assert again.returncode == 0, again.stderr
    s = json.loads(again.stdout)
    assert (s["documents"], s["unchanged"], s["added"]) == (30, 5, 25)
    assert s["examples"] == 30 and s["sections"] == 60


def test_all_revisions_keeps_each_revision_as_a_document(tmp_path):
    xml = tmp_path / "export.xml"
    rev = ("<revision><id>{id}</id><text xml:space=\"preserve\">==解説==\n*例：[[魂の管理人/Soul Warden]]は"
           "{n}回誘発する。\n</text></revision>")
    xml.write_text("<mediawiki><page><title>試験</title>" + rev.format(id=10, n=1) + rev.format(id=20, n=2)
                   + "</page></mediawiki>", encoding="utf-8")
    store = Store(tmp_path / "kb.sqlite")
    latest = ingest([xml], store)
    assert latest["documents"] == 1 and latest["errors"] == []
    assert store.document("export.xml#試験")["revision"] == "20"
    both = ingest([xml], store, all_revisions=True)
    assert (both["documents"], both["unchanged"], both["added"]) == (2, 1, 1)
    old = store.document("export.xml#試験@10")
    assert old["revision"] == "10"
    ex = next(store.nodes("example", doc="export.xml#試験@10"))
    assert ex["data"]["revision"] == "10" and "1回" in ex["text"]


def _contents(store: Store) -> dict:
    c = store.conn
    return {"nodes": sorted(c.execute("SELECT id, kind, doc, title, text, tokens, data FROM nodes").fetchall()),
            "edges": sorted(c.execute("SELECT src, dst, kind, doc, coalesce(data, '') FROM edges").fetchall()),
            "documents": sorted(c.execute("SELECT key, title, revision, path, form, sha256, meta FROM documents"))}


def test_writer_process_stores_what_a_serial_run_stores(tmp_path):
    corpus = tmp_path / "pages"
    write_pages(corpus, 12)
    (corpus / "page005.txt").write_bytes(b"")                       # an error in the middle of the run
    runs = {}
    for parallel in (False, True):
        store = Store(tmp_path / f"kb-{parallel}.sqlite")
        summary = ingest([corpus, ROOT / "kb" / "data" / "sample"], store, parallel=parallel)
        runs[parallel] = (summary, _contents(store))
        store.close()
    assert runs[True][0] == runs[False][0]                          # same counts, same errors in the same order
    assert runs[True][0]["errors"] and "page005.txt" in runs[True][0]["errors"][0]["file"]
    assert runs[True][1] == runs[False][1]
    assert runs[True][0]["claims"] > 0


def test_writer_runs_in_a_child_process_for_a_store_file(tmp_path):
    from kb.ingest import _Writer

    errors, status, keys = [], {"added": 0, "replaced": 0, "unchanged": 0}, []
    w = _Writer(Store(tmp_path / "kb.sqlite"), errors, status, keys)
    assert w.proc is not None and w.proc.pid != os.getpid()
    w.error({"file": "x", "line": None, "message": "m"})
    w.drain()
    w.close()
    assert errors == [{"file": "x", "line": None, "message": "m"}] and keys == []
    assert _Writer(Store(":memory:"), errors, status, keys).proc is None


def test_large_card_table_pipeline_grows_with_the_texts(tmp_path, monkeypatch):
    import kb.ingest as ki

    runs = []
    for limit in (10**9, 0):                    # every card up front, or only the cards the texts name
        monkeypatch.setattr(ki, "FULL_LEXICON_MAX", limit)
        store = Store(tmp_path / f"kb-{limit}.sqlite")
        summary = ingest(None, store, parallel=False)
        assert summary["warnings"] == []
        runs.append(_contents(store))
        store.close()
    assert runs[0] == runs[1]


def test_card_lexicon_finds_spellings_once():
    from extractor.japanese import name_variants
    from kb.ingest import _CardLexicon

    lex = _CardLexicon([("魂の管理人", "Soul Warden"), ("山", "Mountain"),
                        ("エリシュ・ノーン", "Elesh Norn"), (None, "Island")], name_variants)
    assert lex.found_in("６枚の山と魂の管理人") == [("魂の管理人", "Soul Warden"), ("山", "Mountain")]
    assert lex.found_in("魂の管理人") == []                           # already handed out
    assert lex.found_in("エリシュノーン") == [("エリシュ・ノーン", "Elesh Norn")]
    assert lex.take(["Island", "Soul Warden"]) == [(None, "Island")]


def test_card_lexicon_scans_a_long_text_a_stretch_at_a_time(monkeypatch):
    """A name that straddles two stretches of the scan is found, and so is every name of a text scanned in
    stretches of a few characters: the cards of one whole scan."""
    import kb.ingest as ki
    from extractor.japanese import name_variants

    pairs = [("魂の管理人", "Soul Warden"), ("山", "Mountain"), ("エリシュ・ノーン", "Elesh Norn"),
             ("稲妻", "Lightning Bolt"), ("ショック", "Shock")]
    text = "まず稲妻を唱え、６枚の山と魂の管理人がいる。次にエリシュノーンとショック。" * 3
    whole = ki._CardLexicon(pairs, name_variants).found_in(text)
    assert len(whole) == 5
    for stretch in (1, 2, 3, 7):
        monkeypatch.setattr(ki, "SCAN_STRETCH", stretch)
        assert ki._CardLexicon(pairs, name_variants).found_in(text) == whole, stretch


def test_a_document_that_does_not_pickle_is_written_from_its_rows(tmp_path):
    import threading

    from kb.ingest import _Writer
    from extractor import extract
    from extractor.facts import RawDocument

    raw = RawDocument(title="試験", text=wiki_page(1), path=str(tmp_path / "p.txt"), key="p.txt")
    doc = extract(raw)
    doc.raw.meta = {"lock": threading.Lock()}           # not picklable; the rows keep only its JSON text
    errors, status, keys = [], {"added": 0, "replaced": 0, "unchanged": 0}, []
    store = Store(tmp_path / "kb.sqlite")
    w = _Writer(store, errors, status, keys)
    assert w.proc is not None
    w.put("doc", ("p.txt", doc))
    w.close()
    assert errors == [] and status["added"] == 1 and keys == ["p.txt"]
    assert store.node("doc:p.txt") is not None
