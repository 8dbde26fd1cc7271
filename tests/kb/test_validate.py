"""mtgkb validate: verdicts stored in the KB, attachments, reports, and the acceptance run on the bundled
corpus (every seed claim gets a verdict, ≥ 15 confirmed by synthesis, none contradicted)."""
from __future__ import annotations

import html
import json
import re
import subprocess
import sys

import pytest
import yaml

from claimdata import claim, needs_engine
from engine import crosscheck as cc
from extractor.facts import ExtractedDocument, RawDocument
from kb import reports
from kb import validate as kv
from kb.store import Store

ROOT = __import__("pathlib").Path(__file__).resolve().parents[2]


def test_synthesized_scenarios_are_yaml_round_trippable():
    c = claim("can_counter", {"spell": "Boon Satyr", "mode": "bestow", "counter": "Negate"}, {"can": True})
    [sc] = cc.synthesize(c, None)
    assert yaml.safe_load(reports.scenario_yaml(sc)) == sc


def _store_with_claims(tmp_path, claims):
    raw = RawDocument(title="誘発型能力", text="x\ny\n", path=str(tmp_path / "doc.txt"), key="doc.txt")
    doc = ExtractedDocument(raw=raw, claims=claims)
    s = Store(tmp_path / "kb.sqlite")
    s.write_document(doc)
    return s


def test_verdicts_are_stored_replaced_and_owned_by_the_document(tmp_path):
    c1 = claim("made_up_kind", cid="claim:aaa", line=1)
    c2 = claim("devotion", {"player": "you", "color": "W"}, {"value": 5}, cid="claim:bbb", line=2)
    s = _store_with_claims(tmp_path, [c1, c2])
    verdicts, summary = kv.validate(s)
    assert summary == {"confirmed": 0, "contradicted": 0, "unsimulable": 2, "total": 2}
    node = s.node("verdict:claim:aaa")
    assert node["kind"] == "verdict" and node["title"] == "unsimulable" and "made_up_kind" in node["text"]
    assert node["doc"] == "doc.txt" and node["data"]["line"] == 1 and node["data"]["claim_id"] == "claim:aaa"
    assert [e["dst"] for e in s.edges_from("claim:aaa", "has_verdict")] == ["verdict:claim:aaa"]
    kv.validate(s)                                              # a second run replaces, never duplicates
    assert len(s.edges_from("claim:aaa", "has_verdict")) == 1
    assert s.counts()["verdict"] == 2
    # subsets
    vs, _ = kv.validate(s, documents=["nope"])
    assert vs == []
    vs, _ = kv.validate(s, documents=["誘発型能力"])
    assert len(vs) == 2
    # the owning document's removal takes its verdicts along
    s.delete_document("doc.txt")
    assert s.counts().get("verdict", 0) == 0


def test_claim_log_reads_the_stored_log(tmp_path):
    s = _store_with_claims(tmp_path, [claim("made_up_kind", cid="claim:aaa")])
    kv.validate(s)
    assert kv.claim_log(s, "claim:aaa") == []
    with s.transaction():
        s.upsert_node("verdict:claim:aaa", "verdict", data={"log": ["603.2: Soul Warden triggers"]}, replace=True)
    assert kv.claim_log(s, "aaa") == ["603.2: Soul Warden triggers"]


def _verdicts():
    return [cc.Verdict("claim:1", "誘発型能力", "42", ["解説"], 3, "<script>alert(1)</script></nowiki>",
                       "trigger_count", "contradicted", [{"triggered": {"source": "Soul Warden", "times": 3}}],
                       [2], "the opposite", {"name": "n", "zones": {}, "actions": [], "expect": []}),
            cc.Verdict("claim:2", "授与", None, [], 9, "《否認》では打ち消せない", "can_counter", "confirmed")]


def test_html_report_escapes_wiki_text_and_groups_by_document():
    out = reports.html_report(_verdicts(), {"confirmed": 1, "contradicted": 1, "unsimulable": 0})
    assert "<script>" not in out and html.escape("<script>alert(1)</script>") in out
    assert out.index("授与") < out.index("誘発型能力")          # documents sorted
    assert "scenario simulated" in out and "#ffd6d6" in out


def test_wikitext_report_nowikis_source_text():
    out = reports.wikitext_report(_verdicts(), {"confirmed": 1, "contradicted": 1, "unsimulable": 0})
    assert "<nowiki><script>alert(1)</script>&lt;/nowiki&gt;</nowiki>" in out
    assert out.count('{| class="wikitable"') == 2 and out.count("|}") == 2


@pytest.fixture(scope="module")
def sample_store(tmp_path_factory):
    db = tmp_path_factory.mktemp("cc") / "kb.sqlite"
    r = subprocess.run([sys.executable, "-m", "kb", "ingest", "--db", str(db), "--no-progress"], cwd=ROOT,
                       capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, r.stderr
    return db


def _validate_json(db, *extra):
    r = subprocess.run([sys.executable, "-m", "kb", "validate", "--db", str(db), "--json", *extra], cwd=ROOT,
                       capture_output=True, text=True, timeout=600)
    assert r.returncode in (0, 1), r.stderr
    return r.returncode, json.loads(r.stdout)


@needs_engine
def test_bundled_corpus_acceptance(sample_store, tmp_path):
    s = Store(sample_store)
    claims = list(s.nodes(kind="claim"))
    s.close()
    code, out = _validate_json(sample_store, "--emit-scenarios", str(tmp_path / "sc"),
                               "--report", str(tmp_path / "r.html"), "--wikitext", str(tmp_path / "r.txt"))
    verdicts = out["verdicts"]
    assert {v["claim_id"] for v in verdicts} == {c["id"] for c in claims}          # every claim has a verdict
    by = {k: [v for v in verdicts if v["verdict"] == k] for k in cc.VERDICTS}
    assert out["summary"] == {k: len(by[k]) for k in cc.VERDICTS}
    assert not by["contradicted"], [(v["line"], v["text"], v["reason"]) for v in by["contradicted"]]
    assert code == 0
    confirmed_by_synthesis = [v for v in by["confirmed"] if v["origin"] == "synthesized"]
    assert len(confirmed_by_synthesis) >= 15, out["summary"]
    from kb.cards import CardTable
    names = [c.name for c in CardTable.bundled()]
    for v in by["unsimulable"]:
        # what is missing: a card without behaviour, or the fact / expectation the sentence does not give
        r = v["reason"]
        assert any(n in r for n in names) or re.search(r"does not|no |not |cannot", r), v
    # the emitted scenarios are loadable by the engine's own reader
    import engine
    files = sorted((tmp_path / "sc").glob("*.yaml"))
    assert files
    for f in files:
        assert engine.load_scenarios(str(f))
    assert (tmp_path / "r.html").read_text(encoding="utf-8").count("class='v ") == len(verdicts)


@needs_engine
def test_show_claim_log_reaches_the_verdict_log(sample_store):
    s = Store(sample_store)
    confirmed = [n for n in s.nodes(kind="verdict") if n["title"] == "confirmed"]
    s.close()
    if not confirmed:
        pytest.skip("no confirmed verdict stored yet")
    cid = confirmed[0]["data"]["claim_id"]
    with Store(sample_store) as s:
        log = kv.claim_log(s, cid)
    assert log, "a confirmed verdict keeps the engine's game log"
    r = subprocess.run([sys.executable, "-m", "kb", "show", "claim", cid, "--log", "--db", str(sample_store)],
                       cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    assert log[0] in r.stdout


@needs_engine
def test_attached_scenario_decides_and_persists(sample_store, tmp_path):
    s = Store(sample_store)
    c = next(iter(s.nodes(kind="claim")))
    s.close()
    f = tmp_path / "mine.yaml"
    f.write_text(yaml.safe_dump({"name": "hand-written", "zones": {"you": {"battlefield": ["Grizzly Bears"]}},
                                 "expect": [{"zone": {"card": "Grizzly Bears", "zone": "graveyard"}}]}),
                 encoding="utf-8")
    spec = f"{c['data'].get('key') or c['doc']}:{c['data']['line']}"
    code, out = _validate_json(sample_store, "--attach", spec, str(f), "--document", c["doc"])
    v = next(v for v in out["verdicts"] if v["claim_id"] == c["id"])
    assert v["origin"] == "attached" and v["verdict"] == "contradicted" and code == 1
    # remembered by the store: a later run without --attach still uses it
    code, out = _validate_json(sample_store, "--document", c["doc"])
    v = next(v for v in out["verdicts"] if v["claim_id"] == c["id"])
    assert v["origin"] == "attached"
    # clean up for the other tests sharing the store
    s = Store(sample_store)
    with s.transaction():
        s.set_setting(kv.ATTACH_SETTING, None)
    s.close()


def test_validate_cli_refuses_a_missing_store(tmp_path):
    db = tmp_path / "none.sqlite"
    r = subprocess.run([sys.executable, "-m", "kb", "validate", "--db", str(db)], cwd=ROOT, capture_output=True,
                       text=True, timeout=300)
    assert r.returncode == 2 and "none.sqlite" in r.stderr and not db.exists()


def test_validate_cli_json_shape_and_exit_code(tmp_path):
    s = _store_with_claims(tmp_path, [claim("made_up_kind", cid="claim:aaa")])
    s.close()
    code, out = _validate_json(tmp_path / "kb.sqlite")
    assert code == 0 and out["summary"] == {"confirmed": 0, "contradicted": 0, "unsimulable": 1}
    assert set(out["verdicts"][0]) == {"claim_id", "document", "revision", "section", "line", "text", "kind",
                                       "verdict", "expected", "observed", "reason", "scenario", "origin", "staged"}


@needs_engine
def test_sample_attachments_decide_the_lost_quiz_questions(tmp_path):
    from kb.ingest import ingest

    with Store(tmp_path / "kb.sqlite") as s:
        ingest(None, s)
        verdicts, summary = kv.validate(s)
        answers = {v.claim_id: s.node(v.claim_id)["data"].get("answer") for v in verdicts}
    att = [v for v in verdicts if v.origin == "attached"]
    assert {v.kind for v in att} == {"result", "devotion", "nothing_happens"}
    assert all(v.verdict == "confirmed" for v in att), [(v.line, v.reason) for v in att]
    assert all("kb/data/sample/scenarios/" in v.reason for v in att)
    # exactly the claims of the answers 2-2, 2-3 and 4-2 are decided by an attachment
    assert {v.claim_id for v in att} == {c for c, a in answers.items() if a in ("2-2", "2-3", "4-2")}
    assert summary["contradicted"] == 0
    text = reports.text_summary(verdicts, summary)
    assert f"{len(att)} decided by hand-written attached scenarios" in text


@needs_engine
def test_sample_attachments_skip_an_edited_copy(tmp_path):
    """A copy of the quiz whose text differs is judged on its own words: no attachment applies."""
    from conftest import SEED_000
    from kb.ingest import ingest

    copy = tmp_path / SEED_000.name
    copy.write_text(SEED_000.read_text(encoding="utf-8").replace("白への信心は５", "白への信心は６"), encoding="utf-8")
    with Store(tmp_path / "kb.sqlite") as s:
        ingest([str(copy)], s)
        verdicts, _ = kv.validate(s)
    assert verdicts and not [v for v in verdicts if v.origin == "attached"]


def test_a_store_whose_card_data_cannot_be_read_is_an_error_not_other_verdicts(tmp_path):
    import sqlite3

    s = _store_with_claims(tmp_path, [claim("made_up_kind", cid="claim:aaa")])
    with s.transaction() as c:
        c.execute("DROP TABLE IF EXISTS cards")
        c.execute("CREATE TABLE cards(x)")             # the card rows can no longer be read
    with pytest.raises(sqlite3.DatabaseError):
        kv.validate(s)
    s.close()
    r = subprocess.run([sys.executable, "-m", "kb", "validate", "--no-progress", "--db", str(tmp_path / "kb.sqlite")],
                       cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert r.returncode == 2 and "kb.sqlite" in r.stderr and "Traceback" not in r.stderr, r.stdout + r.stderr


def test_validate_refuses_the_default_store_when_absent_without_creating_it(tmp_path):
    r = subprocess.run([sys.executable, "-m", "kb", "validate", "--no-progress"], cwd=tmp_path,
                       capture_output=True, text=True, timeout=300,
                       env={**__import__("os").environ, "PYTHONPATH": str(ROOT)})
    assert r.returncode == 2 and "mtgkb.sqlite" in r.stderr and "0 claims" not in r.stdout
    assert not (tmp_path / "mtgkb.sqlite").exists()


@pytest.mark.parametrize("flags, words", [
    (["--document", "nosuchdoc"], ["nosuchdoc", "nothing to validate"]),
    (["--document", "誘発型"], ["誘発型", "close titles", "誘発型能力"]),
    (["--keyword", "存在しない語"], ["存在しない語", "nothing to validate"]),
    (["--card", "Grizzly Bears"], ["Grizzly Bears", "nothing to validate"]),
])
def test_validate_filters_that_select_nothing_say_so(tmp_path, flags, words):
    s = _store_with_claims(tmp_path, [claim("made_up_kind", cid="claim:aaa")])
    s.close()
    r = subprocess.run([sys.executable, "-m", "kb", "validate", "--no-progress", "--db", str(tmp_path / "kb.sqlite"),
                        *flags], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert r.returncode == 2, r.stdout + r.stderr
    assert all(w in r.stderr for w in words), r.stderr
    assert "0 claims" not in r.stdout


def test_validate_says_where_its_outputs_were_written(tmp_path):
    s = _store_with_claims(tmp_path, [claim("devotion", {"player": "you", "permanents": ["Yoked Ox"], "color": "W"},
                                            {"value": 1}, cid="claim:aaa")])
    s.close()
    html_out, wiki_out, folder = tmp_path / "r.html", tmp_path / "talk.txt", tmp_path / "scs"
    r = subprocess.run([sys.executable, "-m", "kb", "validate", "--no-progress", "--db", str(tmp_path / "kb.sqlite"),
                        "--document", "誘発型能力", "--report", str(html_out), "--wikitext", str(wiki_out),
                        "--emit-scenarios", str(folder)], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert r.returncode in (0, 1), r.stderr
    n = len(list(folder.glob("*.yaml")))
    assert html_out.exists() and wiki_out.exists() and n >= 1
    assert str(html_out) in r.stdout and str(wiki_out) in r.stdout
    assert f"wrote {n} scenario file" in r.stdout and str(folder) in r.stdout


def test_reports_keep_documents_of_one_title_apart():
    a = cc.Verdict("claim:1", "誘発型能力", "7", ["解説"], 5, "xml の文", "devotion", "confirmed",
                   doc_key="mtgwiki-ja.fragments.xml#誘発型能力")
    b = cc.Verdict("claim:2", "誘発型能力", None, ["解説"], 5, "txt の文", "devotion", "unsimulable",
                   doc_key="誘発型能力.txt", file="corpus/wiki/誘発型能力.txt")
    summary = cc.summarize([a, b])
    out = reports.html_report([a, b], summary)
    heads = re.findall(r"<h2>(.*?)</h2>", out)
    assert len(heads) == 2
    xml_head = next(h for h in heads if "fragments.xml" in h)
    txt_head = next(h for h in heads if "誘発型能力.txt" in h)
    assert "revision 7" in xml_head and "誘発型能力" in txt_head
    # each entry sits under its own document's heading, with its line
    assert out.index(html.escape(xml_head)) < out.index("xml の文") or out.index(txt_head) < out.index("xml の文")
    for head, text in ((xml_head, "xml の文"), (txt_head, "txt の文")):
        section = out[out.index(head):]
        nxt = [out.index(h) for h in heads if out.index(h) > out.index(head)]
        section = out[out.index(head):min(nxt) if nxt else len(out)]
        assert text in section and "line 5" in section
    wiki = reports.wikitext_report([a, b], summary)
    assert wiki.count("=== ") == 2 and "fragments.xml" in wiki and "誘発型能力.txt" in wiki
