"""End-to-end: ``python -m kb ingest/show`` in a subprocess against a temporary store."""
from __future__ import annotations

import json
import subprocess
import sys

import pytest

from conftest import ROOT, shared_path

SUMMARY_KEYS = {"documents", "sections", "links", "card_links", "cards", "rules", "examples", "claims", "errors",
                "added", "replaced", "unchanged", "examples_with_claims", "unparsed"}


def mtgkb(*args: str, db=None) -> subprocess.CompletedProcess:
    cmd = [sys.executable, "-m", "kb", *args]
    if db is not None:
        cmd += ["--db", str(db)]
    return subprocess.run(cmd, capture_output=True, text=True, cwd=ROOT, timeout=600)


@pytest.fixture(scope="module")
def sample_db(tmp_path_factory):
    db = tmp_path_factory.mktemp("cli") / "kb.sqlite"
    r = mtgkb("ingest", "--json", db=db)
    assert r.returncode == 0, r.stderr
    return db, json.loads(r.stdout)


def test_ingest_bundled_corpus_then_rerun(sample_db):
    db, first = sample_db
    assert SUMMARY_KEYS <= set(first)
    assert first["documents"] == 2 and first["errors"] == []
    r = mtgkb("ingest", "--json", db=db)
    assert r.returncode == 0, r.stderr
    again = json.loads(r.stdout)
    assert again["unchanged"] == 2 and again["added"] == again["replaced"] == 0
    for k in ("documents", "sections", "links", "card_links", "cards", "examples", "claims"):
        assert again[k] == first[k]


def test_human_summary_and_show(sample_db):
    db, _ = sample_db
    r = mtgkb("ingest", "--no-progress", db=db)
    assert r.returncode == 0 and "documents" in r.stdout
    r = mtgkb("show", "document", "001_2de02885f62f7f29.txt", "--json", db=db)
    assert r.returncode == 0, r.stderr
    doc = json.loads(r.stdout)
    assert doc["title"] == "誘発型能力" and doc["counts"]["section"] == len(doc["sections"]) > 3
    r = mtgkb("show", "keyword", "誘発型能力", "--json", db=db)
    kw = json.loads(r.stdout)
    assert any(d["key"] == "001_2de02885f62f7f29.txt" for d in kw["documents"]) and kw["examples"]
    ex = kw["examples"][0]
    r = mtgkb("show", "example", f"{ex['key']}:{ex['line']}", "--json", db=db)
    assert r.returncode == 0, r.stderr
    shown = json.loads(r.stdout)
    assert shown["id"] == ex["id"] and shown["provenance"]["line"] == ex["line"]
    r = mtgkb("show", "card", "魂の管理人", db=db)
    assert r.returncode == 0 and "Soul Warden" in r.stdout


def test_show_unknown_name_exits_1_with_suggestions(sample_db):
    db, _ = sample_db
    r = mtgkb("show", "keyword", "誘発型能カ", db=db)
    assert r.returncode == 1
    assert "誘発型能カ" in r.stderr
    r = mtgkb("show", "rule", "999.9", "--json", db=db)
    assert r.returncode == 1 and "error" in json.loads(r.stdout)


def test_shared_fragments_and_cr(tmp_path):
    xml = shared_path("corpus", "mtgwiki-ja.fragments.xml")
    cr = shared_path("corpus", "cr")
    db = tmp_path / "kb.sqlite"
    r = mtgkb("ingest", "--json", str(xml), str(cr), db=db)
    assert r.returncode == 0, r.stdout + r.stderr
    s = json.loads(r.stdout)
    assert s["errors"] == [] and s["rules"] > 40
    r = mtgkb("show", "rule", "603", "--json", db=db)
    rule = json.loads(r.stdout)
    subs = [x["number"] for x in rule["subrules"]]
    assert "603.2" in subs and "603.10" in subs
    r = mtgkb("show", "rule", "603.2", "--json", db=db)
    assert "603.2c" in [x["number"] for x in json.loads(r.stdout)["subrules"]]
    r = mtgkb("show", "rule", "603.2c", "--json", db=db)
    r2c = json.loads(r.stdout)
    assert r2c["defined"] and r2c["examples"] and r2c["examples"][0]["text"].startswith("例")
    assert r2c["provenance"]["line"] > 0


def test_bad_inputs_beside_good_ones(tmp_path):
    good = tmp_path / "good.txt"
    good.write_text("「良いページ」を編集中\n'''良いページ'''は[[誘発]]の説明。\n==解説==\n*項目。\n",
                    encoding="utf-8")
    (tmp_path / "empty.txt").write_bytes(b"")
    (tmp_path / "junk.txt").write_bytes(b"\x00\xff\xfe\x00" * 200)
    (tmp_path / "cut.xml").write_text("<mediawiki><page><title>T</title><revision><text>x", encoding="utf-8")
    db = tmp_path / "kb.sqlite"
    r = mtgkb("ingest", "--json", str(tmp_path / "empty.txt"), str(good), str(tmp_path / "junk.txt"),
              str(tmp_path / "cut.xml"), db=db)
    assert r.returncode == 1
    s = json.loads(r.stdout)
    files = " ".join(e["file"] for e in s["errors"])
    for name in ("empty.txt", "junk.txt", "cut.xml"):
        assert name in files
    assert s["documents"] == 1
    r = mtgkb("show", "document", "good.txt", "--json", db=db)
    assert r.returncode == 0 and json.loads(r.stdout)["title"] == "良いページ"


def test_not_a_store_file(tmp_path):
    bad = tmp_path / "notes.sqlite"
    bad.write_text("hello, not a database\n" * 20)
    r = mtgkb("ingest", "--json", db=bad)
    assert r.returncode != 0 and "notes.sqlite" in r.stderr
    assert bad.read_text().startswith("hello")       # left untouched


def test_cards_option_is_remembered_and_claims_are_shown(tmp_path):
    import shutil
    seed = tmp_path / "AtomicCards.seed.json"     # a copy: no MTG Wiki name list beside it (keeps this fast)
    shutil.copy(shared_path("cards", "AtomicCards.seed.json"), seed)
    db = tmp_path / "kb.sqlite"
    r = mtgkb("ingest", "--json", "--cards", str(seed), db=db)
    assert r.returncode == 0, r.stderr
    s = json.loads(r.stdout)
    assert s["errors"] == [] and s["documents"] == 2
    from kb.store import Store
    store = Store(db)
    assert store.get_setting("cards_path").endswith("AtomicCards.seed.json")
    claim_ids = [n["id"] for n in store.nodes("claim")]
    store.close()
    assert len(claim_ids) == s["claims"]
    if claim_ids:
        r = mtgkb("show", "claim", claim_ids[0], "--json", db=db)
        assert r.returncode == 0, r.stderr
        shown = json.loads(r.stdout)
        assert shown["id"] == claim_ids[0] and shown["provenance"]["line"]
    r = mtgkb("ingest", "--json", "--cards", str(tmp_path / "missing.json"), db=db)
    assert r.returncode == 1
    assert any("missing.json" in (e["file"] or "") for e in json.loads(r.stdout)["errors"])
