"""Issue 13: what a new user hits in the first hour — the CLI keeps the README's promises.

One test (or a few) per numbered item of the issue; the README's exit-code table is checked for every command.
"""
from __future__ import annotations

import html
import json
import os
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest

from conftest import ROOT, SAMPLE, SEED_000, SEED_001, shared_path

SCENARIOS = ROOT / "tests" / "engine" / "scenarios"
GOOD_SCENARIO = SCENARIOS / "001_day_of_judgment_zulaport.yaml"


def mtgkb(*args: str, cwd=ROOT, db: Path | None = None) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    extra = ["--db", str(db)] if db is not None else []
    return subprocess.run([sys.executable, "-m", "kb", *args, *extra], capture_output=True, text=True, cwd=cwd,
                          timeout=600, env=env)


@pytest.fixture(scope="module")
def sample(tmp_path_factory):
    """The bundled sample ingested and validated."""
    db = tmp_path_factory.mktemp("promises") / "kb.sqlite"
    r = mtgkb("ingest", "--no-progress", db=db)
    assert r.returncode == 0, r.stderr
    r = mtgkb("validate", "--no-progress", db=db)
    assert r.returncode == 0, r.stdout + r.stderr
    return db


@pytest.fixture(scope="module")
def contradicted(tmp_path_factory):
    """A store holding a false statement: the seed page with one stated trigger count changed (2 → 3)."""
    d = tmp_path_factory.mktemp("false")
    text = SEED_001.read_text(encoding="utf-8")
    lines = text.split("\n")
    i = next(i for i, ln in enumerate(lines) if "2回誘発する" in ln)
    lines[i] = lines[i].replace("2回誘発する", "3回誘発する", 1)
    page = d / "false_page.txt"
    page.write_text("\n".join(lines), encoding="utf-8")
    db = d / "kb.sqlite"
    r = mtgkb("ingest", str(page), "--no-progress", db=db)
    assert r.returncode == 0, r.stderr
    return db


# ------------------------------------------------------------------------------------ 1. what a PATH is
def _fake_mtgjson(path: Path, megabytes: int = 0) -> Path:
    head = '{"meta": {"date": "2022-04-25", "version": "5.2.0"}, "data": {"Grizzly Bears": [{"name": ' \
           '"Grizzly Bears", "layout": "normal", "manaCost": "{1}{G}", "types": ["Creature"]}]'
    with open(path, "w", encoding="utf-8") as f:
        f.write(head)
        for _ in range(megabytes):
            f.write(', "x": [' + ", ".join(['{"name": "x"}'] * 80000) + "]")
        f.write("}}")
    return path


def test_an_mtgjson_file_given_as_a_path_is_refused_without_reading_it(tmp_path):
    cards = _fake_mtgjson(tmp_path / "AtomicCards.json", megabytes=30)
    db = tmp_path / "kb.sqlite"
    t0 = time.perf_counter()
    r = mtgkb("ingest", str(cards), db=db)
    assert r.returncode == 2, r.stdout + r.stderr
    assert "this looks like an MTGJSON card file: use --cards" in r.stderr and "AtomicCards.json" in r.stderr
    assert time.perf_counter() - t0 < 30
    assert not db.exists()                               # nothing ingested, no store created


def test_a_missing_path_is_an_error_and_leaves_no_store(tmp_path):
    db = tmp_path / "mtgkb.sqlite"
    r = mtgkb("ingest", str(tmp_path / "nonexistent.txt"), "--json", db=db)
    assert r.returncode == 2
    assert "nonexistent.txt" in json.loads(r.stdout)["error"] and "no such file" in r.stderr
    assert not db.exists()


# ------------------------------------------------------------------------- 2. one decoding path (simulate)
def test_simulate_reads_a_shift_jis_scenario_like_ingest_does(tmp_path):
    sjis = tmp_path / "sjis.yaml"
    sjis.write_bytes(GOOD_SCENARIO.read_text(encoding="utf-8").encode("shift_jis"))
    utf8 = mtgkb("simulate", str(GOOD_SCENARIO), "--json", cwd=tmp_path)
    r = mtgkb("simulate", str(sjis), "--json", cwd=tmp_path)
    assert r.returncode == utf8.returncode == 0, r.stdout + r.stderr
    assert "Traceback" not in r.stderr
    assert [d["passed"] for d in json.loads(r.stdout)] == [d["passed"] for d in json.loads(utf8.stdout)]


def test_one_undecodable_scenario_in_a_folder_does_not_stop_the_others(tmp_path):
    (tmp_path / "a_good.yaml").write_text(GOOD_SCENARIO.read_text(encoding="utf-8"), encoding="utf-8")
    (tmp_path / "b_binary.yaml").write_bytes(b"\x00\xff\xfe\x81" * 100)
    r = mtgkb("simulate", str(tmp_path), "--json", cwd=tmp_path)
    assert r.returncode == 2 and "Traceback" not in r.stderr
    out = json.loads(r.stdout)
    assert [Path(d["file"]).name for d in out] == ["a_good.yaml", "b_binary.yaml"]
    assert out[0]["passed"] and "b_binary.yaml" in out[1]["error"]


# ------------------------------------------------------------------------ 3. the README's exit-code table
def _readme_exit_table() -> dict[str, dict[int, str]]:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    table = text[text.index("| command | 0 | 1 | 2 |"):].split("\n\n", 1)[0].splitlines()[2:]
    out = {}
    for row in table:
        cells = [c.strip() for c in row.strip().strip("|").split("|")]
        out[cells[0].strip("`")] = {code: cells[code + 1] for code in (0, 1, 2)}
    return out


def _cases(tmp: Path, sample: Path, contradicted: Path) -> dict[tuple[str, int], list]:
    bad_yaml = tmp / "bad.yaml"
    bad_yaml.write_text("name: x\nzones: 5\n", encoding="utf-8")
    junk_dir = tmp / "junk"
    junk_dir.mkdir()
    (junk_dir / "page.txt").write_text(SEED_001.read_text(encoding="utf-8"), encoding="utf-8")
    (junk_dir / "junk.txt").write_bytes(b"\x00\xff" * 300)
    wrong = sorted((SCENARIOS / "wrong").glob("*.yaml"))[0]
    return {
        ("ingest", 0): ["ingest", str(SAMPLE), "--db", str(tmp / "i0.sqlite")],
        ("ingest", 1): ["ingest", str(junk_dir), "--db", str(tmp / "i1.sqlite")],
        ("ingest", 2): ["ingest", str(tmp / "nonexistent.txt"), "--db", str(tmp / "i2.sqlite")],
        ("show", 0): ["show", "card", "soul", "warden", "--db", str(sample)],
        ("show", 1): ["show", "card", "xyzzynothing", "--db", str(sample)],
        ("show", 2): ["show", "card", "soul", "warden", "--db", str(tmp / "none.sqlite")],
        ("search", 0): ["search", "魂の管理人", "--db", str(sample)],
        ("search", 1): ["search", "xyzzynothing", "--db", str(sample)],
        ("search", 2): ["search", '"unbalanced', "--db", str(sample)],
        ("validate", 0): ["validate", "--db", str(sample)],
        ("validate", 1): ["validate", "--db", str(contradicted)],
        ("validate", 2): ["validate", "--report", str(tmp / "no" / "dir" / "r.html"), "--db", str(sample)],
        ("simulate", 0): ["simulate", str(GOOD_SCENARIO)],
        ("simulate", 1): ["simulate", str(wrong)],
        ("simulate", 2): ["simulate", str(bad_yaml)],
        ("export", 0): ["export", str(tmp / "g.json"), "--db", str(sample)],
        ("export", 2): ["export", str(tmp / "nonexistent" / "dir" / "g.json"), "--db", str(sample)],
        ("serve", 0): _serve_and_stop,
        ("serve", 2): ["serve", "--db", str(tmp / "none.sqlite")],
        ("claims", 0): ["claims", "coverage", "--db", str(sample)],
        ("claims", 1): ["claims", "coverage", "--document", "xyzzynothing", "--db", str(sample)],
        ("claims", 2): ["claims", "coverage", "--db", str(tmp / "none.sqlite")],
        ("cards", 0): ["cards", "coverage", "--cards", str(_tiny_cards(tmp))],
        ("cards", 2): ["cards", "coverage", "--cards", str(tmp / "missing.json")],
    }


def _serve_and_stop(tmp: Path, sample: Path) -> subprocess.CompletedProcess:
    """``mtgkb serve`` until it answers, then Ctrl-C (SIGINT): it stops cleanly."""
    import signal
    import socket
    import urllib.request

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    p = subprocess.Popen([sys.executable, "-m", "kb", "serve", "--db", str(sample), "--port", str(port)],
                         cwd=tmp, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        for _ in range(300):
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=2).read()
                break
            except OSError:
                time.sleep(0.2)
        p.send_signal(signal.SIGINT)
        out, err = p.communicate(timeout=60)
    finally:
        if p.poll() is None:
            p.kill()
    return subprocess.CompletedProcess(p.args, p.returncode, out, err)


def _tiny_cards(tmp):
    p = tmp / "Tiny.json"
    p.write_text(json.dumps({"data": {"Tiny Bolt": [{"name": "Tiny Bolt", "types": ["Instant"],
                                                    "text": "Tiny Bolt deals 3 damage to any target."}]}}))
    return p


def test_the_readme_exit_code_table_holds_for_every_command(tmp_path, sample, contradicted):
    from kb.cli import HANDLERS

    table = _readme_exit_table()
    assert set(table) == set(HANDLERS), "the README's exit-code table names every command"
    cases = _cases(tmp_path, sample, contradicted)
    checked = 0
    for command, codes in table.items():
        for code, meaning in codes.items():
            if meaning in ("—", "-", ""):
                assert (command, code) not in cases
                continue
            args = cases[(command, code)]            # every promised code has a case
            r = args(tmp_path, sample) if callable(args) else mtgkb(*args, cwd=tmp_path)
            assert r.returncode == code, f"{command} → {code} ({meaning}): {r.returncode}\n{r.stdout}\n{r.stderr}"
            assert "Traceback" not in r.stderr
            checked += 1
    assert checked == len(cases)
    assert not (tmp_path / "i2.sqlite").exists()     # a refused ingest leaves no store


# ------------------------------------------------------------------------------------- 4. one name resolver
def _claim_ids(r: subprocess.CompletedProcess) -> list[str]:
    assert r.returncode == 0, r.stdout + r.stderr
    return sorted(v["claim_id"] for v in json.loads(r.stdout)["verdicts"])


def test_validate_reads_a_keyword_by_its_english_name(sample):
    ja = _claim_ids(mtgkb("validate", "--keyword", "授与", "--json", "--no-progress", db=sample))
    en = _claim_ids(mtgkb("validate", "--keyword", "bestow", "--json", "--no-progress", db=sample))
    assert ja and en == ja


def test_search_card_operator_takes_a_misspelt_name_of_several_words(sample):
    r = mtgkb("search", "card:soul wardn", "--json", db=sample)
    assert r.returncode == 0, r.stderr
    hits = json.loads(r.stdout)
    assert any(h["id"] == "card:Soul Warden" for h in hits)
    assert any(h["kind"] in ("example", "claim") and "Soul Warden" in h["snippet"] for h in hits)


def test_validate_document_takes_the_title_and_says_what_a_keyword_name_means(sample):
    title = mtgkb("show", "document", SEED_000.name, "--json", db=sample)
    title = json.loads(title.stdout)["title"]
    assert _claim_ids(mtgkb("validate", "--document", title, "--json", "--no-progress", db=sample))
    r = mtgkb("validate", "--document", "授与", "--no-progress", db=sample)
    assert r.returncode == 2
    assert "--keyword 授与" in r.stderr and "close titles: 授与" not in r.stderr


# ------------------------------------------------------------------------------------ 5. emitted scenarios
def test_emitted_scenarios_run_as_they_are_or_are_marked_not_runnable(tmp_path, sample):
    out = tmp_path / "emitted"
    r = mtgkb("validate", "--emit-scenarios", str(out), "--no-progress", db=sample)
    assert r.returncode == 0, r.stdout + r.stderr
    runnable = sorted(out.glob("*.yaml"))
    assert runnable
    r = mtgkb("simulate", str(out), "--json", "--db", str(sample), cwd=tmp_path)
    results = json.loads(r.stdout)
    assert r.returncode in (0, 1) and all(not d["error"] for d in results), r.stdout
    for f in sorted((out / "not-runnable").glob("*.yaml")):
        first = f.read_text(encoding="utf-8").splitlines()[0]
        assert first.startswith("# NOT RUNNABLE as it is: ") and len(first) > 30


def test_a_scenario_without_behaviour_is_written_apart_with_the_reason(tmp_path):
    from engine.crosscheck import Verdict
    from kb import reports

    runs = {"reading": "r", "passed": False, "scenario": {
        "name": "needs a card", "zones": {"you": {"battlefield": ["Elite Arcanist"]}}, "expect": [{"life": {"you": 20}}]}}
    ok = {"reading": "r", "passed": True, "scenario": {
        "name": "plain", "zones": {"you": {"battlefield": ["Grizzly Bears"]}}, "expect": [{"life": {"you": 20}}]}}
    vs = [Verdict("claim:a", "D", None, [], 1, "t", "result", "unsimulable", readings_tried=[runs]),
          Verdict("claim:b", "D", None, [], 2, "t", "result", "confirmed", readings_tried=[ok])]
    files = reports.emit_scenarios(vs, tmp_path)
    assert [f.parent.name for f in files] == [reports.NOT_RUNNABLE, tmp_path.name]
    assert "no behaviour for Elite Arcanist" in files[0].read_text(encoding="utf-8").splitlines()[0]


# ------------------------------------------------------------------------------ 6. show card, ingest summary
def test_show_card_text_has_behaviour_and_counts_its_own_page(tmp_path):
    page = tmp_path / "page.txt"
    page.write_text("「魂の管理人/Soul Warden」を編集中\n\n'''魂の管理人'''は白のクリーチャーである。\n", encoding="utf-8")
    db = tmp_path / "kb.sqlite"
    assert mtgkb("ingest", str(page), "--no-progress", db=db).returncode == 0
    r = mtgkb("show", "card", "soul", "warden", db=db)
    assert r.returncode == 0, r.stderr
    assert "engine behaviour: yes" in r.stdout and "trigger:" in r.stdout
    m = re.search(r"mentioned (\d+) time\(s\)", r.stdout)
    assert m and int(m.group(1)) >= 1 and "doc:page.txt" in r.stdout


def test_show_card_text_lists_rulings_and_ingest_counts_the_cards_loaded(tmp_path):
    import shutil
    seed = tmp_path / "AtomicCards.seed.json"
    shutil.copy(shared_path("cards", "AtomicCards.seed.json"), seed)
    n = len(json.loads(seed.read_text(encoding="utf-8"))["data"])
    db = tmp_path / "kb.sqlite"
    r = mtgkb("ingest", "--json", "--cards", str(seed), db=db)
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout)["cards_loaded"] == n
    r = mtgkb("ingest", "--cards", str(seed), db=db)
    assert re.search(rf"cards loaded\s+{n}\b", r.stdout), r.stdout
    r = mtgkb("show", "card", "Soul Warden", db=db)
    assert re.search(r"^rulings \(\d+\):", r.stdout, re.M) and "text:" in r.stdout


# --------------------------------------------------------------------------------- 7. verdicts where browsed
def test_show_keyword_and_search_hits_carry_verdicts(sample):
    r = mtgkb("show", "keyword", "bestow", db=sample)
    claims = [ln for ln in r.stdout.splitlines() if ln.startswith("  [claim:")]
    assert claims and all(re.search(r"→ (confirmed|contradicted|unsimulable)", ln) for ln in claims)
    r = mtgkb("search", "kw:授与", "kind:claim", "--json", db=sample)
    hits = json.loads(r.stdout)
    assert hits and all(h["verdict"] in ("confirmed", "contradicted", "unsimulable") for h in hits)


def test_wikitext_report_has_a_kind_column(tmp_path, sample):
    out = tmp_path / "talk.txt"
    assert mtgkb("validate", "--wikitext", str(out), "--no-progress", db=sample).returncode == 0
    text = out.read_text(encoding="utf-8")
    assert "! section !! line !! claim !! kind !! verdict !! reason" in text
    assert "|| <nowiki>can_counter</nowiki> ||" in text


# --------------------------------------------------------------------------------- 8. show example DOC:LINE
def test_show_example_takes_document_and_line_like_show_claim(sample):
    r = mtgkb("show", "claim", "誘発型能力:18", "--json", db=sample)
    claim = json.loads(r.stdout)
    r = mtgkb("show", "example", "誘発型能力:18", "--json", db=sample)
    assert r.returncode == 0, r.stdout + r.stderr
    ex = json.loads(r.stdout)
    assert claim["id"] in [c["id"] for c in ex["claims"]]
    assert all(c["verdict"] for c in ex["claims"])


def test_show_example_of_rulings_prose_shows_the_claims_of_that_line(tmp_path, sample):
    from kb.store import Store

    store = Store(sample)
    try:
        row = store.conn.execute("SELECT text FROM nodes WHERE id LIKE 'ex:001_%:18'").fetchone()
    finally:
        store.close()
    prose = tmp_path / "rulings.txt"
    prose.write_text("# form: rendered\n# title: ルール解説\n見出し\n\n" + row[0].split("：", 1)[-1] + "\n",
                     encoding="utf-8")
    db = tmp_path / "kb.sqlite"
    assert mtgkb("ingest", str(prose), "--no-progress", db=db).returncode == 0
    r = mtgkb("show", "claim", "ルール解説:5", "--json", db=db)
    assert r.returncode == 0, r.stdout + r.stderr
    r = mtgkb("show", "example", "ルール解説:5", "--json", db=db)
    assert r.returncode == 0, r.stdout + r.stderr
    assert json.loads(r.stdout)["claims"]


# -------------------------------------------------------------------------------------------- 9. text noise
def test_claim_text_has_no_list_markup(tmp_path, sample):
    from kb.store import Store

    s = Store(sample)
    try:
        sentence = s.conn.execute("SELECT text FROM nodes WHERE id LIKE 'ex:001_%:18'").fetchone()[0]
    finally:
        s.close()
    body = re.sub(r"^\W*例\s*[:：]", "", sentence)
    prose = tmp_path / "listed.txt"
    prose.write_text(f"# form: rendered\n# title: 一覧\n見出し\n\n- 例:{body}\n\n• {body}\n", encoding="utf-8")
    db = tmp_path / "kb.sqlite"
    assert mtgkb("ingest", str(prose), "--no-progress", db=db).returncode == 0
    s = Store(db)
    try:
        texts = [r[0] for r in s.conn.execute("SELECT text FROM nodes WHERE kind='claim'")]
    finally:
        s.close()
    assert texts
    assert not [t for t in texts if re.match(r"\s*(-|•|例\s*[:：])", t)], texts


def test_no_comment_markup_in_snippets_and_one_hit_per_page(tmp_path):
    body = SEED_001.read_text(encoding="utf-8").split("\n", 2)[2]          # the page without its edit line
    xml = tmp_path / "export.xml"
    from xml.sax.saxutils import escape
    xml.write_text("<mediawiki><page><title>ページ甲</title><revision><id>4242</id><text>"
                   + escape("<!-- [diff hunk: 11行:] -->\n" + body) + "</text></revision></page></mediawiki>",
                   encoding="utf-8")
    saved = tmp_path / "saved.txt"
    saved.write_text("# source: http://mtgwiki.com/index.php?title=%E3%83%9A%E3%83%BC%E3%82%B8%E7%94%B2&oldid=4242\n"
                     "# form: wikitext\n<!-- [diff hunk: 11行:] -->\n" + body, encoding="utf-8")
    db = tmp_path / "kb.sqlite"
    r = mtgkb("ingest", str(xml), str(saved), "--no-progress", db=db)
    assert r.returncode == 0, r.stdout + r.stderr
    r = mtgkb("search", "ページ甲", "kind:document", "--json", db=db)
    hits = json.loads(r.stdout)
    assert len(hits) == 1 and len(hits[0]["same_page"]) == 1, hits
    assert "diff hunk" not in hits[0]["snippet"]


# ------------------------------------------------------------------------- 10. --version, usage, titles
def test_version_search_usage_and_readable_sample_titles(sample):
    r = mtgkb("--version")
    assert r.returncode == 0 and re.fullmatch(r"mtgkb \d+\.\d+\.\d+\S*\s*", r.stdout)
    r = mtgkb("search")
    assert r.returncode == 2 and r.stderr.startswith("usage: mtgkb search") and "QUERY" in r.stderr
    for seed in (SEED_000, SEED_001):
        title = json.loads(mtgkb("show", "document", seed.name, "--json", db=sample).stdout)["title"]
        assert not re.search(r"[0-9a-f]{12}", title) and not re.match(r"\d+_", title), title


# ----------------------------------------------------------------------------------------- 11. HTML report
def _report_verdicts():
    from engine.crosscheck import Verdict

    ok = Verdict("claim:1", "甲", "7", ["解説"], 3, "第一文。", "devotion", "confirmed",
                 [{"devotion": {"player": "you", "color": "W", "n": 3}}], [3], "holds", doc_key="a.txt",
                 log=["603.2: event"])
    bad = Verdict("claim:2", "乙", "8", ["解説"], 5, "第二文。", "trigger_count", "contradicted",
                  [{"triggered": {"source": "Soul Warden", "times": 3}}], [2],
                  "the opposite happens; expected {triggered: {source: Soul Warden, times: 3}}, observed 2",
                  {"name": "n", "zones": {}, "actions": [], "expect": []}, doc_key="b.txt", log=["603.3b: put"])
    return ok, bad


def test_html_report_opens_with_summary_and_contents_contradicted_first():
    from engine.crosscheck import summarize
    from kb import reports

    ok, bad = _report_verdicts()
    ctx = {"claim:2": {"example": "前の文。第二文。後の文。",
                       "links": reports.wiki_links("乙", "8")}}
    out = reports.html_report([ok, bad], summarize([ok, bad]), ctx)
    first_claim = out.index("<div class='v ")
    assert out.index("id='summary'") < out.index("id='contents'") < first_claim
    contents = out[out.index("id='contents'"):first_claim]
    assert contents.index("Contradicted (1)") < contents.index("Documents")
    assert "#c-claim_2" in contents.split("Documents")[0]
    assert "type='checkbox'" in out and ":not(:checked)~main .v.contradicted" in out
    entry = out[out.index("id='c-claim_2'"):]
    entry = entry[:entry.index("</div>")]
    assert html.escape("Soul Warden's abilities trigger 3 times") in entry and "{&quot;" not in entry
    assert entry.count("expected") == 1                      # once, in words (not again in the reason)
    assert "前の文。" in entry and "後の文。" in entry and "<mark>第二文。</mark>" in entry
    assert "oldid=8" in entry and "mtgwiki.com/wiki/" in entry
    assert "game log" in entry and "603.3b: put" in entry


# ----------------------------------------------------------------- 12. fuzzing: see tests/kb/test_fuzz_*.py
