"""Issue 22 part B: one search hit per page whatever its stored revisions, a document page listing them,
claim pages that mark their sentence, reasons in words, provenance without None, rule links that resolve.

The store holds one page in two revisions (the sample's wiki page as revision 100, a one-line fragment as
revision 200, both titled 試験頁 by their ``# source:`` address), and a rendered page whose claim is read
from prose (its example is the document, which holds no text of its own)."""
from __future__ import annotations

import json
import re
import subprocess
import sys
import warnings

import pytest

from conftest import ROOT, SEED_001

warnings.filterwarnings("ignore", message=".*httpx.*")
from starlette.testclient import TestClient  # noqa: E402

from kb.web.app import create_app  # noqa: E402

SOURCE = "# source: http://mtgwiki.com/index.php?title=%E8%A9%A6%E9%A8%93%E9%A0%81&oldid={rev}\n# form: wikitext\n"
PROSE = """# source: http://mtgwiki.com/index.php?title=%E8%A9%A6%E9%A8%93%E6%96%87&oldid=300
# form: rendered
試験文
提供:MTG Wiki

解説
誘発型能力の試験用の文章。
- 例:《急報》を唱えて2体のトークンが戦場に出たなら、《魂の管理人》の能力は2回誘発する。
"""
REASONS = """# form: wikitext
'''理由試験'''は理由の書き方を試す頁。
==解説==
*例:《審判の日》では《太陽の神、ヘリオッド》を破壊できない。
*例:《真面目な身代わり》が死亡すると、あなたはカードを2枚引く。
*例:《灰色熊》が戦場に出たなら、打ち消されない呪文の打ち消す部分だけが失敗する。
"""
CR_PAGE = """# form: wikitext
=603=
誘発型能力の扱い
==603.2==
試験用の規則本文。
"""
CARD_PAGE = """# source: http://mtgwiki.com/index.php?title=%E9%AD%82%E3%81%AE%E7%AE%A1%E7%90%86%E4%BA%BA/Soul_Warden&oldid=500
# form: wikitext
試験用の頁。[[誘発型能力]]を持つクリーチャー。
"""
FILES = {"rev100.txt": None, "rev200.txt": None, "prose.txt": PROSE, "reasons.txt": REASONS, "cr603.txt": CR_PAGE,
         "card.txt": CARD_PAGE}


def mtgkb(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "kb", *args], capture_output=True, text=True, cwd=ROOT,
                          timeout=600)


@pytest.fixture(scope="module")
def store(tmp_path_factory):
    d = tmp_path_factory.mktemp("readable")
    body = SEED_001.read_text(encoding="utf-8").split("\n", 2)[2]          # the page without its edit line
    (d / "rev100.txt").write_text(SOURCE.format(rev=100) + body, encoding="utf-8")
    (d / "rev200.txt").write_text(SOURCE.format(rev=200) + "'''試験頁'''は短い断片。\n", encoding="utf-8")
    for name, text in FILES.items():
        if text:
            (d / name).write_text(text, encoding="utf-8")
    db = d / "kb.sqlite"
    r = mtgkb("ingest", "--no-progress", *(str(d / n) for n in FILES), "--db", str(db))
    assert r.returncode == 0, r.stdout + r.stderr
    r = mtgkb("validate", "--no-progress", "--db", str(db))
    assert r.returncode == 0, r.stdout + r.stderr
    (d / "validate.txt").write_text(r.stdout, encoding="utf-8")
    return db


@pytest.fixture(scope="module")
def client(store):
    with TestClient(create_app(store)) as c:
        yield c


def claim_ids(client) -> list[str]:
    hits = client.get("/api/search", params={"q": "kind:claim", "limit": 50}).json()
    return [h["id"] for h in hits]


# ------------------------------------------------------------------------------------------ grouping
def test_revisions_of_one_page_are_one_search_hit(store, client):
    r = mtgkb("search", "試験頁", "kind:document", "--json", "--db", str(store))
    hits = json.loads(r.stdout)
    assert len(hits) == 1, hits
    assert hits[0]["revisions"] == 2 and len(hits[0]["same_page"]) == 1, hits[0]
    plain = mtgkb("search", "試験頁", "kind:document", "--db", str(store)).stdout
    assert "[2 revisions]" in plain, plain
    page = client.get("/search", params={"q": "試験頁 kind:document"}).text
    assert page.count('class="hit"') == 1 and "2 <span class=\"ja\">版</span>" in page


def test_a_page_in_one_revision_carries_no_count(client):
    hits = client.get("/api/search", params={"q": "試験文 kind:document"}).json()
    assert len(hits) == 1 and "revisions" not in hits[0], hits


def test_document_page_lists_the_revisions_and_which_hold_claims(store, client):
    info = client.get("/api/document/試験頁").json()
    revs = {r["revision"]: r for r in info["revisions"]}
    assert set(revs) == {"100", "200"}
    assert revs["100"]["claims"] > 0 and sum(revs["100"]["verdicts"].values()) == revs["100"]["claims"]
    assert revs["200"]["claims"] == 0
    assert [r["current"] for r in info["revisions"]].count(True) == 1
    html = client.get("/document/試験頁").text
    section = html[html.index('id="revisions"'):]
    other = next(r["key"] for r in info["revisions"] if not r["current"])
    assert f'href="/document/{other}"' in section
    out = mtgkb("show", "document", "試験頁", "--db", str(store)).stdout
    assert "revisions of this page (2):" in out and f"{revs['100']['claims']} claims" in out, out


# ------------------------------------------------------------------------------------------ claim pages
def _squeezed(s: str) -> str:
    return re.sub(r"\s+", "", s)


def test_every_claim_page_marks_its_sentence_in_its_example(client):
    ids = claim_ids(client)
    assert len(ids) >= 10
    prose = 0
    for cid in ids:
        info = client.get(f"/api/claim/{cid}").json()
        marked = [t for t, m in info["example"]["parts"] if m]
        assert marked, (cid, info["text"], info["example"])
        assert all(_squeezed(t) in _squeezed(info["text"]) for t in marked), (cid, marked, info["text"])
        prose += info["example"]["kind"] == "document"
        html = client.get(f"/claim/{cid}").text
        assert "<mark>" in html and re.sub(r"<[^>]+>", "", marked[0])[:10] in html
    assert prose, "the rendered page's claim is read from prose (its example is the document)"


# ------------------------------------------------------------------------------------------ reasons
MARKERS = re.compile(r"〔\d+〕|\(何が起きたかは書かれていない\)")


def test_reasons_use_words_not_the_readers_markers(store, client):
    printed = (store.parent / "validate.txt").read_text(encoding="utf-8")
    unsimulable = [line for line in printed.splitlines() if line.startswith("UNSIMULABLE")]
    assert len(unsimulable) >= 3, printed
    assert not MARKERS.search(printed), printed
    assert "does not say what happened to the object" in printed       # the reader's note, in words
    assert "《Solemn Simulacrum》" in printed                           # a card mark, as the card's name
    for cid in claim_ids(client):
        info = client.get(f"/api/claim/{cid}").json()
        assert not MARKERS.search(info.get("reason") or ""), (cid, info["reason"])


def test_the_same_reason_is_printed_once_with_its_count():
    from types import SimpleNamespace

    from kb import reports

    def v(line, reason, verdict="unsimulable"):
        return SimpleNamespace(verdict=verdict, document="頁", line=line, kind="can_destroy", reason=reason,
                               origin=None)

    verdicts = [v(4, "why"), v(4, "why"), v(4, "why"), v(5, "why"), v(4, "other"), v(4, "x", "confirmed")]
    text = reports.text_summary(verdicts, {"total": 6, "confirmed": 1, "contradicted": 0, "unsimulable": 5})
    lines = text.splitlines()
    assert lines[:3] == ["UNSIMULABLE   頁:4  can_destroy: why  (3 claims)", "UNSIMULABLE   頁:5  can_destroy: why",
                         "UNSIMULABLE   頁:4  can_destroy: other"], lines
    assert len(lines) == 4 and lines[3].startswith("6 claims:")


# ------------------------------------------------------------------------------------------ provenance, rules
def test_no_page_says_none(store, client):
    urls = ["/", "/document/試験頁", "/document/試験文", "/document/reasons", "/card/Soul Warden",
            "/card/Raise the Alarm", "/keyword/試験頁", "/rule/603", "/search?q=魂の管理人"]
    urls += [f"/claim/{cid}" for cid in claim_ids(client)]
    for url in urls:
        r = client.get(url)
        assert r.status_code == 200, url
        assert "None" not in re.sub(r"<[^>]+>", " ", r.text), (url, r.text[r.text.find("None") - 200:][:300])
    out = mtgkb("show", "document", "試験頁", "--db", str(store)).stdout
    assert "None" not in out, out
    report = store.parent / "report.html"
    r = mtgkb("validate", "--no-progress", "--db", str(store), "--report", str(report))
    assert r.returncode == 0 and "line None" not in report.read_text(encoding="utf-8")


def test_game_log_rule_links_resolve_or_say_the_rule_is_not_stored(client):
    linked, missing = set(), set()
    for cid in claim_ids(client):
        info = client.get(f"/api/claim/{cid}").json()
        for parts in info["log"]:
            for _text, rule, stored in parts:
                if rule:
                    (linked if stored else missing).add(rule)
        html = client.get(f"/claim/{cid}").text
        for href in set(re.findall(r'href="(/rule/[^"#]+)"', html)):
            assert client.get(href).status_code == 200, (cid, href)
    assert "603.2" in linked and missing, (linked, missing)
    assert all(client.get(f"/api/rule/{r}").status_code == 404 for r in missing)
    some = next(cid for cid in claim_ids(client) if any(r in missing for parts in client.get(
        f"/api/claim/{cid}").json()["log"] for _t, r, _s in parts))
    assert "rule not in the store" in client.get(f"/claim/{some}").text


# ------------------------------------------------------------------------------------------ fast pages
def _full_scans(conn, run) -> tuple[int, list[tuple[str, str]]]:
    """(statements, full scans of a store table) of ``run()``, read from SQLite's query plans."""
    sqls: list[str] = []
    conn.set_trace_callback(sqls.append)
    try:
        run()
    finally:
        conn.set_trace_callback(None)
    scans = []
    for q in sqls:
        if not q.lstrip().upper().startswith("SELECT") or "sqlite_master" in q:
            continue
        if re.fullmatch(r"SELECT 1 FROM \w+ LIMIT 1", q.strip()):    # an emptiness probe reads one row, not a table
            continue
        for row in conn.execute("EXPLAIN QUERY PLAN " + q):
            if row[-1].startswith("SCAN ") and "VIRTUAL TABLE" not in row[-1]:
                scans.append((row[-1], q[:200]))
    return len(sqls), scans


def test_card_keyword_document_and_claim_pages_read_by_index_only(store, client):
    from kb.web import pages as P
    from kb.web import queries as Q

    s = Q.ReadOnlyStore(store)
    try:
        runs = [lambda: P.card_page(s, "Soul Warden"), lambda: P.keyword_page(s, "試験頁"),
                lambda: P.document_page(s, "試験頁"), lambda: P.claim_page(s, claim_ids(client)[0])]
        for run in runs:
            run()                                              # the card table is built once, not per page
            n, scans = _full_scans(s.conn, run)
            assert not scans, scans
        # the keyword page asks a fixed number of questions, however many documents and claims it lists
        n, _ = _full_scans(s.conn, lambda: P.keyword_page(s, "試験頁"))
        info = P.keyword_page(s, "試験頁")
        assert len(info["documents"]) + len(info["claims"]) > 10 and n <= 12, (n, len(info["claims"]))
    finally:
        s.close()


def test_kept_answers_follow_the_store(store, tmp_path):
    import shutil
    import sqlite3

    db = tmp_path / "copy.sqlite"
    shutil.copy(store, db)
    with TestClient(create_app(db)) as c:
        first = c.get("/api/document/試験頁").json()
        assert c.get("/api/document/試験頁").json() == first                  # kept
        assert len(first["revisions"]) == 2
        with sqlite3.connect(db) as w:                                          # an ingest writes the store
            w.execute("INSERT INTO documents(key, title, revision, path, form) VALUES "
                      "('rev300.txt', '試験頁', '300', 'rev300.txt', 'wikitext')")
        again = c.get("/api/document/試験頁").json()
        assert len(again["revisions"]) == 3, again["revisions"]


def test_claims_read_alike_are_listed_once_on_a_page(client):
    from kb.web.pages import once

    rows = [{"id": f"claim:{i}", "kind": "can_destroy", "text": "文", "verdict": "unsimulable", "reason": "why"}
            for i in range(3)] + [{"id": "claim:9", "kind": "can_destroy", "text": "文", "verdict": "confirmed",
                                   "reason": ""}]
    kept = once(rows)
    assert [(c["id"], c["same"]) for c in kept] == [("claim:0", ["claim:1", "claim:2"]), ("claim:9", [])]
    for title in ("試験頁", "試験文", "reasons"):
        info = client.get(f"/api/document/{title}").json()
        lists = [b["claims"] for s in info["body"] for b in s["blocks"] if b["type"] == "example"]
        for claims in lists + [info["prose_claims"]]:
            keys = [(c["kind"], c["text"], c["verdict"], c["reason"]) for c in claims]
            assert len(keys) == len(set(keys)), claims
