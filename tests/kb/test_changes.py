"""The wiki editor's loop: verdict history keyed by the claim's text hash, ``validate --since``, and
``validate --changes`` (kb.changes) on two revisions of a real page and on an edited copy of a bundled
sample document whose example is made wrong, then reverted."""
from __future__ import annotations

import json
import re
import shutil
import sqlite3
import subprocess
import sys
import time
from datetime import datetime, timezone

import pytest

from claimdata import claim
from conftest import ROOT, SAMPLE, SEED_001, shared_path
from extractor.facts import ExtractedDocument, RawDocument
from kb import changes as ch
from kb import validate as kv
from kb.store import Store


def mtgkb(*args, db) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "kb", *map(str, args), "--db", str(db)], capture_output=True,
                          text=True, cwd=ROOT, timeout=600)


def _ok(r: subprocess.CompletedProcess, code: int = 0) -> subprocess.CompletedProcess:
    assert r.returncode == code, (r.returncode, r.stdout[-2000:], r.stderr[-2000:])
    return r


def _entries(report, page_part: str, kind: str | None = None):
    return [e for p in report["pages"] if page_part in p["page"] for e in p["entries"]
            if kind is None or e["type"] == kind]


# ------------------------------------------------------------------------------------------ claim keys
def test_claim_key_ignores_id_line_and_whitespace_but_not_the_statement():
    base = {"document": "誘発型能力", "kind": "trigger_count", "subject": "Soul Warden",
            "situation": {"event": "enters"}, "outcome": {"times": 2}, "line": 18, "id": "claim:a"}
    same = {**base, "line": 40, "id": "claim:b", "key": "other.txt"}
    assert ch.claim_key(base, "魂の管理人の能力は2回誘発する。") == ch.claim_key(same, "魂の管理人の能力は ２回誘発する。")
    assert ch.claim_key(base, "魂の管理人の能力は2回誘発する。") != ch.claim_key(base, "魂の管理人の能力は3回誘発する。")
    assert ch.claim_key(base, "x") != ch.claim_key({**base, "outcome": {"times": 3}}, "x")
    assert ch.claim_key(base, "x") != ch.claim_key({**base, "document": "授与"}, "x")
    nodes = [{"id": f"claim:{i}", "doc": "d", "text": "x", "data": base} for i in range(2)]
    k = ch.keys_of(nodes)
    assert k["claim:1"] == k["claim:0"] + "~2"                 # a repeated sentence keeps two histories


def test_since_is_a_revision_or_an_iso_date():
    assert ch.parse_since("361986") == ("revision", 361986)
    how, at = ch.parse_since("2026-12-01")
    assert how == "date" and at == datetime(2026, 12, 1, tzinfo=timezone.utc)
    assert ch.parse_since("2026-12-01T09:30+09:00")[1] == datetime(2026, 12, 1, 0, 30, tzinfo=timezone.utc)
    with pytest.raises(ValueError, match="neither a revision number nor an ISO date"):
        ch.parse_since("last tuesday")
    assert ch.newer_than({"revision": "361987"}, ("revision", 361986))
    assert not ch.newer_than({"revision": "361986"}, ("revision", 361986))
    assert not ch.newer_than({"revision": None}, ("revision", 1))
    assert ch.newer_than({"ingested_at": "2026-12-01T00:00:00Z"}, ch.parse_since("2026-12-01"))
    assert not ch.newer_than({"ingested_at": "2026-11-30T23:59:59Z"}, ch.parse_since("2026-12-01"))
    assert ch.page_of("x.xml#授与@139302") == "x.xml#授与" and ch.page_of("a@b.txt") == "a@b.txt"


# ------------------------------------------------------------------------------------------ the store
def _doc(tmp_path, claims, key="doc.txt", text="x\ny\n"):
    raw = RawDocument(title="誘発型能力", text=text, path=str(tmp_path / key), key=key)
    return ExtractedDocument(raw=raw, claims=claims)


def test_an_old_store_gets_the_history_tables_and_a_read_only_one_reports_nothing(tmp_path):
    db = tmp_path / "old.sqlite"
    c = sqlite3.connect(db)
    c.executescript("CREATE TABLE documents(key TEXT PRIMARY KEY, title, revision, path, form, sha256, "
                    "ingested_at, meta); CREATE TABLE settings(key TEXT PRIMARY KEY, value TEXT);")
    c.close()
    ro = sqlite3.connect(f"{db.resolve().as_uri()}?mode=ro", uri=True)
    assert ch.changes(ro)["pages"] == [] and ch.history(ro, "x") == []
    ro.close()
    s = Store(db)
    assert {"runs", "verdict_history"} <= {r[0] for r in s.conn.execute("SELECT name FROM sqlite_master")}
    s.close()


def test_every_run_appends_history_in_the_verdicts_transaction(tmp_path):
    s = Store(tmp_path / "kb.sqlite")
    s.write_document(_doc(tmp_path, [claim("made_up_kind", cid="claim:aaa", line=1)]))
    kv.validate(s)
    kv.validate(s)
    runs = s.conn.execute("SELECT run_id, summary FROM runs ORDER BY run_id").fetchall()
    assert [r[0] for r in runs] == [1, 2] and json.loads(runs[0][1]) == {"unsimulable": 1}
    assert s.conn.execute("SELECT run_id, doc_key, claims, contradicted, partial FROM run_documents "
                          "ORDER BY run_id").fetchall() == [(1, "doc.txt", 1, 0, 0), (2, "doc.txt", 1, 0, 0)]
    node = s.node("claim:aaa")
    key = ch.claim_key(node["data"], node["text"])
    rows = ch.history(s, key)
    assert [(r["run_id"], r["verdict"], r["doc_key"], r["claim_id"]) for r in rows] == \
        [(1, "unsimulable", "doc.txt", "claim:aaa"), (2, "unsimulable", "doc.txt", "claim:aaa")]
    # a run that fails while storing leaves neither verdicts nor history behind
    s.conn.execute("CREATE TRIGGER boom BEFORE INSERT ON verdict_history BEGIN SELECT RAISE(ABORT, 'boom'); END")
    with pytest.raises(sqlite3.DatabaseError, match="boom"):
        kv.validate(s)
    assert s.conn.execute("SELECT count(*) FROM runs").fetchone()[0] == 2
    assert len(ch.history(s, key)) == 2
    # the history outlives the document's removal
    s.conn.execute("DROP TRIGGER boom")
    s.delete_document("doc.txt")
    assert len(ch.history(s, key)) == 2 and s.node("claim:aaa") is None


def test_a_keyword_run_is_partial_and_reports_no_removed_claim(tmp_path):
    s = Store(tmp_path / "kb.sqlite")
    c1 = claim("made_up_kind", cid="claim:aaa", line=1)
    c2 = claim("devotion", {"player": "you", "color": "W"}, {"value": 5}, cid="claim:bbb", line=2)
    c2.keywords = ["信心"]
    s.write_document(_doc(tmp_path, [c1, c2]))
    kv.validate(s)
    vs, _ = kv.validate(s, keywords=["信心"])
    assert [v.claim_id for v in vs] == ["claim:bbb"]
    assert s.conn.execute("SELECT partial, claims FROM run_documents ORDER BY run_id").fetchall() == \
        [(0, 2), (1, 1)]
    report = ch.changes(s)
    assert report["totals"]["removed"] == 0 and report["totals"]["new_contradictions"] == 0


def test_a_document_whose_claims_are_all_gone_reports_them_removed(tmp_path):
    s = Store(tmp_path / "kb.sqlite")
    s.write_document(_doc(tmp_path, [claim("made_up_kind", cid="claim:aaa", line=1, text="消える文。")]))
    s.write_document(_doc(tmp_path, [], key="empty.txt"))
    kv.validate(s)
    s.write_document(_doc(tmp_path, [], text="corrected\n"))
    for _ in range(2):                               # a repeated run changes nothing in the report
        kv.validate(s)
        [entry] = _entries(ch.changes(s), "doc.txt", "revalidated")
        assert [(i["text"], i["before"]["verdict"], i["after"]) for i in entry["removed"]] == \
            [("消える文。", "unsimulable", None)]
    # a document that never had a claim is not followed; one whose claims went is followed once
    assert s.conn.execute("SELECT run_id, doc_key, claims FROM run_documents ORDER BY run_id").fetchall() == \
        [(1, "doc.txt", 1), (2, "doc.txt", 0)]


def _state(run, claims, offset=0):
    rows = {}
    for key, kind, line, text, verdict in claims:
        rows[key] = {"claim_key": key, "kind": kind, "line": line, "text": text, "verdict": verdict,
                     "reason": "", "claim_id": f"claim:{key}", "revision": None}
    return ch._State("doc.txt", run, "2026-12-01T00:00:00Z", None, None, offset, "誘発型能力", claims=rows)


def test_claims_pair_by_key_then_by_kind_and_nearest_line_in_the_document():
    before = _state(1, [("k1", "devotion", 10, "白への信心は５である。", "confirmed"),
                        ("k2", "trigger_count", 20, "2回誘発する。", "confirmed"),
                        ("k3", "result", 30, "３体", "unsimulable"),
                        ("k4", "can_counter", 40, "打ち消せる。", "contradicted")], offset=100)
    # the page moved down by 50 lines in the file (offset); k2 reworded on the same line of the page;
    # k3 kept its key and became decisive; k4's sentence is gone; k5 is new
    after = _state(2, [("k1", "devotion", 160, "白への信心は５である。", "confirmed"),
                       ("k2b", "trigger_count", 170, "3回誘発する。", "contradicted"),
                       ("k3", "result", 180, "３体", "confirmed"),
                       ("k5", "no_trigger", 300, "誘発しない。", "confirmed")], offset=150)
    entry = ch._entry("revalidated", before, after)
    assert [(i["before"]["claim_key"], i["after"]["claim_key"]) for i in entry["new_contradictions"]] == \
        [("k2", "k2b")]
    assert [(i["before"]["claim_key"], i["after"]) for i in entry["fixed"]] == [("k4", None)]
    assert [i["claim_key"] for i in entry["became_simulable"]] == ["k3"]
    assert [i["claim_key"] for i in entry["added"]] == ["k5"] and entry["removed"] == []
    # far apart and unalike: not the same claim
    far = _state(3, [("k9", "trigger_count", 400, "全く別の文になった。", "confirmed")], offset=150)
    entry = ch._entry("revalidated", _state(1, [("k2", "trigger_count", 120, "2回誘発する。", "contradicted")],
                                            offset=100), far)
    assert [i["claim_key"] for i in entry["fixed"]] == ["k2"] and [i["claim_key"] for i in entry["added"]] == ["k9"]
    assert ch._category({"verdict": "confirmed"}, {"verdict": "unsimulable"}) == "became_unsimulable"
    assert ch._category({"verdict": "contradicted"}, {"verdict": "unsimulable"}) == "became_unsimulable"
    assert ch._category({"verdict": "confirmed"}, {"verdict": "confirmed"}) is None


def test_reports_show_wiki_markup_literally():
    nasty = "[bold]x[/bold] <script>alert(1)</script></nowiki>''"
    before = _state(1, [("k1", "devotion", 10, "白への信心は５である。", "confirmed")])
    after = _state(2, [("k2", "devotion", 10, nasty, "contradicted")])
    entry = {**ch._entry("revalidated", before, after), "stale": False}
    report = {"since": None, "pages": [{"page": "p[i]a[/i]", "title": "<b>t</b>", "entries": [entry]}],
              "totals": {c: len(entry[c]) for c in ch.CATEGORIES}}
    text = ch.text_report(report, width=300)
    assert "[bold]x[/bold]" in text and "p[i]a[/i]" in text and "NEW contradiction" in text
    wiki = ch.wikitext_report(report)
    outside = re.sub(r"<nowiki>.*?</nowiki>", "", wiki)
    assert "<script>" in wiki and "<script>" not in outside and "''" not in outside and "<b>" not in outside
    assert "&lt;/nowiki&gt;" in wiki and "<nowiki><b>t</b></nowiki>" in wiki
    assert all(line.count("<nowiki>") == line.count("</nowiki>") for line in wiki.splitlines())


# ------------------------------------------------------------------------------------------ real page
@pytest.fixture(scope="module")
def revisions_db(tmp_path_factory):
    xml = shared_path("corpus", "mtgwiki-ja.fragments.xml")
    db = tmp_path_factory.mktemp("revisions") / "kb.sqlite"
    _ok(mtgkb("ingest", xml, "--all-revisions", "--no-progress", db=db))
    return db


def test_changes_list_the_revisions_of_a_real_page(revisions_db, tmp_path):
    db = revisions_db
    checked = json.loads(_ok(mtgkb("validate", "--json", db=db)).stdout)
    r = _ok(mtgkb("validate", "--changes", "--json", "--wikitext", tmp_path / "changes.txt", db=db))
    report = json.loads(r.stdout)
    assert report["validated"]["total"] == len(checked["verdicts"]) > 0
    s = Store(db)
    docs = {d["key"]: d for d in s.documents()}
    claims_of: dict[str, list[dict]] = {}
    for n in s.nodes(kind="claim"):
        claims_of.setdefault(n["doc"], []).append(n)
    # every pair of consecutive stored revisions of a page whose claims differ is reported, and what the
    # report says came and went is what the store holds for the two revisions
    pages: dict[str, list[dict]] = {}
    for d in docs.values():
        pages.setdefault(ch.page_of(d["key"]), []).append(d)
    expected = 0
    for page, revs in pages.items():
        revs.sort(key=lambda d: int(d["revision"]))
        for older, newer in zip(revs, revs[1:]):
            before = {n["text"] for n in claims_of.get(older["key"], [])}
            after = {n["text"] for n in claims_of.get(newer["key"], [])}
            if before == after:
                continue
            expected += 1
            [entry] = [e for e in _entries(report, page, "revision")
                       if e["from"]["revision"] == older["revision"] and e["to"]["revision"] == newer["revision"]]
            listed_after = {i["after"]["text"] for c in ch.CATEGORIES for i in entry[c] if i["after"]}
            listed_before = {i["before"]["text"] for c in ch.CATEGORIES for i in entry[c] if i["before"]}
            assert listed_after == after - before and listed_before == before - after
    assert expected >= 2
    # 誘発型能力: the worked example of revision 349867 is not in 367618 (it was confirmed there)
    [entry] = [e for e in _entries(report, "#誘発型能力", "revision") if e["to"]["revision"] == "367618"]
    assert entry["from"]["revision"] == "349867"
    [gone] = entry["removed"]
    assert gone["kind"] == "trigger_count" and gone["before"]["verdict"] == "confirmed" and gone["after"] is None
    wiki = (tmp_path / "changes.txt").read_text(encoding="utf-8")
    assert "revision 349867 → 367618" in wiki and f"<nowiki>{gone['text']}</nowiki>" in wiki
    text = _ok(mtgkb("validate", "--changes", "--no-progress", db=db)).stdout
    assert "revision 349867 → 367618" in text and "removed" in text
    s.close()


def test_since_a_revision_revalidates_only_newer_revisions(revisions_db):
    db = revisions_db
    s = Store(db)
    runs_before = s.conn.execute("SELECT count(*) FROM runs").fetchone()[0]
    newer = {d["key"] for d in s.documents() if d["revision"] and int(d["revision"]) > 350000}
    older = {d["key"] for d in s.documents()} - newer
    want = sum(1 for n in s.nodes(kind="claim") if n["doc"] in newer)
    assert newer and older and 0 < want < sum(1 for _ in s.nodes(kind="claim"))
    out = json.loads(_ok(mtgkb("validate", "--since", "350000", "--json", db=db)).stdout)
    assert out["summary"]["confirmed"] + out["summary"]["unsimulable"] + out["summary"]["contradicted"] == want
    assert all(int(v["revision"]) > 350000 for v in out["verdicts"])
    docs = s.conn.execute("SELECT doc_key FROM run_documents WHERE run_id > ?", (runs_before,)).fetchall()
    # recorded: the newer documents that have claims (one with none now and none before is not followed)
    assert {d for (d,) in docs} == {n["doc"] for n in s.nodes(kind="claim")} & newer
    # the older revisions keep their stored verdicts
    assert all(s.node(f"verdict:{n['id']}") for n in s.nodes(kind="claim") if n["doc"] in older)
    r = mtgkb("validate", "--since", "yesterday-ish", db=db)
    assert r.returncode == 2 and "--since 'yesterday-ish'" in r.stderr
    s.close()


# ------------------------------------------------------------------------------------------ edited copy
def _made_wrong(text: str, node: dict) -> str:
    """The sample text with the number of one checked trigger-count sentence changed (n回 → n+1回)."""
    lines = text.split("\n")
    n = node["data"]["outcome"]["times"]
    i = node["data"]["line"] - 1
    assert f"{n}回" in lines[i]
    lines[i] = lines[i].replace(f"{n}回", f"{n + 1}回", 1)
    return "\n".join(lines)


def test_an_example_made_wrong_is_a_new_contradiction_and_reverting_it_is_fixed(tmp_path):
    docs = tmp_path / "docs"
    docs.mkdir()
    for f in SAMPLE.glob("*.txt"):
        shutil.copy(f, docs / f.name)
    db = tmp_path / "kb.sqlite"
    _ok(mtgkb("ingest", docs, "--no-progress", db=db))
    first = json.loads(_ok(mtgkb("validate", "--json", db=db)).stdout)
    assert first["summary"]["contradicted"] == 0
    total = len(first["verdicts"])
    s = Store(db)
    key = SEED_001.name
    confirmed = {v["claim_id"] for v in first["verdicts"] if v["verdict"] == "confirmed"}
    [target, *_] = [n for n in s.nodes(kind="claim") if n["doc"] == key and n["id"] in confirmed
                    and n["data"]["kind"] == "trigger_count" and isinstance(n["data"]["outcome"].get("times"), int)
                    and re.search(rf"{n['data']['outcome']['times']}回", n["text"])]
    original = (docs / key).read_text(encoding="utf-8")
    others = {ch.claim_key(n["data"], n["text"]) for n in s.nodes(kind="claim")
              if n["doc"] == key and n["id"] != target["id"]}
    target_key = ch.claim_key(target["data"], target["text"])
    s.close()

    time.sleep(1.1)                                 # ingest times have whole seconds
    edit_time = datetime.now(timezone.utc).isoformat()
    time.sleep(1.1)
    (docs / key).write_text(_made_wrong(original, target), encoding="utf-8")
    _ok(mtgkb("ingest", docs, "--no-progress", db=db))
    # --since DATE: only the edited document is checked again; the other keeps its stored verdicts
    out = json.loads(_ok(mtgkb("validate", "--since", edit_time, "--changes", "--json", db=db), 1).stdout)
    s = Store(db)
    n_edited = sum(1 for n in s.nodes(kind="claim") if n["doc"] == key)
    assert out["validated"]["total"] == n_edited < total
    assert out["totals"]["new_contradictions"] == 1 and out["totals"]["fixed"] == 0
    [entry] = _entries(out, key, "revalidated")
    [new] = entry["new_contradictions"]
    assert new["before"]["verdict"] == "confirmed" and new["after"]["verdict"] == "contradicted"
    assert new["line"] == target["data"]["line"] and new["before"]["claim_key"] == target_key
    assert new["after"]["claim_key"] != target_key and new["after"]["text"] != target["text"]
    # history survives the re-ingest: the unchanged sentences of the page keep their key and gain a row
    for k in others:
        rows = ch.history(s, k)
        assert len(rows) == 2 and len({r["run_id"] for r in rows}) == 2, k
    s.close()
    # the same report as text (exit 1: a contradiction is new) and again after a run that changes nothing
    r = _ok(mtgkb("validate", "--changes", "--no-progress", db=db), 1)
    assert "NEW contradiction" in r.stdout and "confirmed → contradicted" in r.stdout

    (docs / key).write_text(original, encoding="utf-8")
    _ok(mtgkb("ingest", docs, "--no-progress", db=db))
    r = _ok(mtgkb("validate", "--changes", "--json", "--wikitext", tmp_path / "changes.txt", db=db))
    out = json.loads(r.stdout)
    assert out["validated"]["total"] == total and out["totals"]["new_contradictions"] == 0
    [entry] = _entries(out, key, "revalidated")
    [fixed] = entry["fixed"]
    assert fixed["before"]["verdict"] == "contradicted" and fixed["after"]["verdict"] == "confirmed"
    assert fixed["after"]["claim_key"] == target_key and fixed["after"]["text"] == target["text"]
    ro = sqlite3.connect(f"{db.resolve().as_uri()}?mode=ro", uri=True)     # what the web UI hands over
    assert ch.changes(ro) == {k: v for k, v in out.items() if k != "validated"}
    ro.close()
    wiki = (tmp_path / "changes.txt").read_text(encoding="utf-8")
    assert "| FIXED ||" in wiki and f"<nowiki>{target['text']}</nowiki>" in wiki
    s = Store(db)
    assert [r["verdict"] for r in ch.history(s, target_key)] == ["confirmed", "confirmed"]
    s.close()
    text = _ok(mtgkb("validate", "--changes", "--no-progress", db=db)).stdout
    assert "FIXED" in text and "contradicted → confirmed" in text
