"""``mtgkb serve``: every route through Starlette's TestClient on a store built from the bundled sample
(+ validate), plus a small CR page and a wiki page carrying injected markup, written here."""
from __future__ import annotations

import hashlib
import json
import subprocess
import sys
import threading
import warnings
from pathlib import Path
from urllib.parse import quote

import pytest

from conftest import ROOT

warnings.filterwarnings("ignore", message=".*httpx.*")
from starlette.testclient import TestClient  # noqa: E402

from kb.web import pages as P  # noqa: E402
from kb.web.app import create_app  # noqa: E402
from kb.web.words import expectation_words, log_parts  # noqa: E402

CLAIM_SOUL_WARDEN = None       # found from the store (ids are hashes; never written into the test)

CR_PAGE = """# form: wikitext
=603=
誘発型能力の扱い
==603.2==
試験用の規則本文。イベントが起こるたびに誘発する。
===603.2a===
試験用の細則本文。
"""

EVIL = "<script>alert('x')</script>"
INJECTED_PAGE = f"""# source: https://mtgwiki.com/wiki/注入試験
'''注入試験'''は{EVIL}と<img src=x onerror=alert(1)>を含む[[魂の管理人/Soul Warden]]の記事。

==解説==
*例：[[魂の管理人/Soul Warden]]が戦場にいるとき{EVIL}。
"""

JS_PAGE = """# source: javascript:alert(1)
'''危険な出典'''は[[誘発型能力]]の記事。
"""


def mtgkb(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "kb", *args], capture_output=True, text=True, cwd=ROOT,
                          timeout=600)


def sha(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.fixture(scope="module")
def store(tmp_path_factory):
    d = tmp_path_factory.mktemp("web")
    db = d / "kb.sqlite"
    (d / "cr603.txt").write_text(CR_PAGE, encoding="utf-8")
    (d / "inject.txt").write_text(INJECTED_PAGE, encoding="utf-8")
    (d / "jssource.txt").write_text(JS_PAGE, encoding="utf-8")
    sample = ROOT / "kb" / "data" / "sample"
    files = [str(p) for p in sorted(sample.glob("*.txt"))] + [str(d / n) for n in ("cr603.txt", "inject.txt",
                                                                                      "jssource.txt")]
    r = mtgkb("ingest", "--no-progress", "--json", *files, "--db", str(db))
    assert r.returncode == 0, r.stdout + r.stderr
    r = mtgkb("validate", "--no-progress", "--db", str(db))
    assert r.returncode == 0, r.stdout + r.stderr
    before = {p.name: sha(p) for p in d.iterdir() if p.name.startswith("kb.sqlite")}
    return db, before


@pytest.fixture(scope="module")
def client(store):
    with TestClient(create_app(store[0])) as c:
        yield c


def soul_warden_claim(client) -> str:
    hits = client.get("/api/search", params={"q": "魂の管理人 kind:claim"}).json()
    assert hits and hits[0]["kind"] == "claim"
    return hits[0]["id"]


def cli_json(store, *args):
    r = mtgkb(*args, "--json", "--db", str(store[0]))
    assert r.returncode == 0, r.stdout + r.stderr
    return json.loads(r.stdout)


# ---------------------------------------------------------------------------------------------- pages
def test_home_counts_verdicts_and_headers(client):
    r = client.get("/")
    assert r.status_code == 200
    assert r.headers["content-security-policy"].startswith("default-src 'self'")
    assert r.headers["x-content-type-options"] == "nosniff"
    assert "Noto Sans CJK JP" in client.get("/static/style.css").text
    html = r.text
    assert "知識ベース" in html and "Knowledge base" in html and 'name="q"' in html
    info = client.get("/api/overview").json()
    assert info["documents"] == 5
    assert info["kinds"]["claim"] >= 42 and info["kinds"]["verdict"] == info["kinds"]["claim"]
    assert info["verdicts"]["confirmed"] >= 40 and info["verdicts"]["contradicted"] == 0
    assert f">{info['verdicts']['confirmed']}</a>" in html


def test_search_page_keeps_query_highlights_and_facets(client):
    r = client.get("/search", params={"q": "魂の管理人"})
    assert r.status_code == 200
    assert 'value="魂の管理人"' in r.text
    assert "<mark>魂の管理人</mark>" in r.text
    data = client.get("/api/search/page", params={"q": "魂の管理人"}).json()
    kinds = {f["value"]: f["count"] for f in data["facets"]["kind"]}
    assert kinds["claim"] >= 1 and kinds["card"] == 1
    assert any(f["value"] == "confirmed" for f in data["facets"]["verdict"])
    # a facet link narrows the query with the query language itself
    claim_facet = next(f for f in data["facets"]["kind"] if f["value"] == "claim")
    assert claim_facet["q"] == "魂の管理人 kind:claim"
    narrowed = client.get("/api/search/page", params={"q": claim_facet["q"]}).json()
    assert {h["kind"] for h in narrowed["hits"]} == {"claim"}
    assert narrowed["hits"][0]["verdicts"] == ["confirmed"]


def test_search_pagination(client):
    one = client.get("/api/search/page", params={"q": "誘発", "size": 3}).json()
    two = client.get("/api/search/page", params={"q": "誘発", "size": 3, "page": 2}).json()
    assert len(one["hits"]) == 3 and one["more"]
    assert not {h["id"] for h in one["hits"]} & {h["id"] for h in two["hits"]}
    assert 'rel="next"' in client.get("/search", params={"q": "誘発", "size": 3}).text


def test_api_search_has_the_cli_shape(client, store):
    api = client.get("/api/search", params={"q": "魂の管理人", "limit": 5}).json()
    cli = cli_json(store, "search", "魂の管理人", "--limit", "5")
    assert api == cli


def test_card_page(client, store):
    r = client.get("/card/魂の管理人")
    assert r.status_code == 200
    html = r.text
    assert "Soul Warden" in html and "{W}" in html and "1/1" in html and "Human Cleric" in html
    assert "gain_life" in html                      # the engine's behaviour for it
    assert "badge v-confirmed" in html and "/claim/claim:" in html
    assert "<svg" in html and "graph" in html
    api = client.get("/api/card/Soul Warden").json()
    cli = cli_json(store, "show", "card", "Soul Warden")
    assert {k: api[k] for k in cli} == cli          # the CLI's --json, whole, at the top level
    assert api["behaviour"]["defined"] and api["claims"][0]["verdict"] == "confirmed"
    assert any(m["kind"] == "section" for m in api["sections"])


def test_card_names_resolve_like_the_cli(client):
    assert client.get("/api/card/Soul Wardne").json()["did_you_mean"]          # fuzzy: shown, with a notice
    for name in ("Soul Warden", "soul warden", "《魂の管理人》"):
        assert client.get(f"/api/card/{quote(name)}").json()["name_en"] == "Soul Warden", name
    fuzzy = client.get("/api/card/" + quote("魂の管理")).json()
    assert fuzzy["name_en"] == "Soul Warden" and fuzzy["did_you_mean"]
    assert "もしかして" in client.get("/card/" + quote("魂の管理")).text


def test_card_without_behaviour_says_why(client):
    api = client.get("/api/card/Elite Arcanist").json()
    assert api["behaviour"]["defined"] is False
    assert "no behaviour" in api["behaviour"]["reason"]


def test_keyword_page(client, store):
    r = client.get("/keyword/授与")
    assert r.status_code == 200 and "授与" in r.text
    api = client.get("/api/keyword/授与").json()
    cli = cli_json(store, "show", "keyword", "授与")
    assert {k: api[k] for k in cli} == cli
    assert api["claim_rows"] and all(c["verdict"] in ("confirmed", "unsimulable") for c in api["claim_rows"])


def test_rule_page(client, store):
    r = client.get("/rule/603")
    assert r.status_code == 200
    assert 'href="/rule/603.2"' in r.text
    sub = client.get("/api/rule/603.2").json()
    assert sub["defined"] and [s["number"] for s in sub["subrules"]] == ["603.2a"]
    assert sub["parent_url"] == "/rule/603"
    assert {k: sub[k] for k in cli_json(store, "show", "rule", "603.2")} == cli_json(store, "show", "rule", "603.2")
    assert "試験用の規則本文" in client.get("/rule/603.2").text


def test_document_page_inline_verdicts_and_wiki_link(client):
    r = client.get("/document/誘発型能力")
    assert r.status_code == 200
    html = r.text
    assert "誘発する" in html and 'class="example"' in html and "badge v-confirmed" in html
    api = client.get("/api/document/誘発型能力").json()
    examples = [b for s in api["body"] for b in s["blocks"] if b["type"] == "example"]
    assert examples and all(b["claims"] for b in examples)
    assert sum(api["verdicts"].values()) == sum(len(b["claims"]) for b in examples) + len(api["prose_claims"])
    inj = client.get("/api/document/注入試験").json()
    assert inj["wiki_url"] == "https://mtgwiki.com/wiki/注入試験"
    assert 'href="https://mtgwiki.com/wiki/注入試験"' in client.get("/document/注入試験").text
    assert client.get("/api/document/jssource.txt").json()["wiki_url"] is None      # javascript: is no link
    assert P.wiki_url({"source": "https://mtgwiki.com/wiki/X"}, "123") == "https://mtgwiki.com/wiki/X?oldid=123"
    assert P.wiki_url({"source": "http://m.mtgwiki.com/index.php?title=X"}, "9").endswith("title=X&oldid=9")


def test_document_api_has_the_cli_shape(client, store):
    api = client.get("/api/document/誘発型能力").json()
    cli = cli_json(store, "show", "document", "誘発型能力")
    assert {k: api[k] for k in cli} == cli


@pytest.mark.parametrize("url", ["/", "/search?q=%E8%AA%98%E7%99%BA", "/card/Soul%20Warden", "/keyword/%E6%8E%88%E4%B8%8E",
                                 "/rule/603", "/document/inject.txt", "/api/overview", "/static/style.css",
                                 "/graph/card:Soul%20Warden.svg", "/card/nothing-here", "/search?q=foo:bar"])
def test_every_answer_carries_the_csp(client, url):
    r = client.get(url)
    assert r.headers["content-security-policy"].startswith("default-src 'self'"), url
    assert "script-src 'self'" in r.headers["content-security-policy"]
    assert "<script" not in r.text or url.endswith(".css")


def test_prose_document_page(client):
    key = next(p.name for p in (ROOT / "kb" / "data" / "sample").glob("000_*.txt"))
    api = client.get("/api/document/" + quote(key)).json()
    blocks = [b for s in api["body"] for b in s["blocks"] if b["type"] == "example"]
    assert len(blocks) >= 10 and sum(api["verdicts"].values()) >= 20


def test_claim_page(client, store):
    cid = soul_warden_claim(client)
    r = client.get(f"/claim/{cid}")
    assert r.status_code == 200
    html = r.text
    assert "<mark>" in html and "Soul Warden&#39;s abilities trigger 2 times" in html
    assert "triggered 2 times" in html and "cast: Raise the Alarm" in html
    assert '<a class="cr" href="/rule/603.2">603.2</a>' in html
    api = client.get(f"/api/claim/{cid}").json()
    cli = cli_json(store, "show", "claim", cid)
    assert {k: api[k] for k in cli} == cli
    assert api["readings"] and api["readings"][0]["passed"] and api["log"]
    assert client.get(f"/claim/{cid[len('claim:'):]}").status_code == 200     # the bare hash works too


def test_graph_svg_and_json(client):
    r = client.get("/graph/card:Soul Warden.svg")
    assert r.status_code == 200 and r.headers["content-type"].startswith("image/svg+xml")
    assert r.text.count("<circle") >= 3 and 'href="/card/Soul%20Warden"' in r.text
    g = client.get("/api/graph/card:Soul Warden").json()
    assert any(n["id"] == "card:Soul Warden" and n["center"] for n in g["nodes"])
    assert all(e["source"] == "card:Soul Warden" or e["target"] == "card:Soul Warden" for e in g["edges"])
    assert client.get("/graph/card:Nothing Here.svg").status_code == 404


# ---------------------------------------------------------------------------------------------- errors
@pytest.mark.parametrize("url, suggestion", [
    ("/card/xyzzy", None), ("/keyword/授", None), ("/rule/999.9", None),
    ("/document/no such page", None), ("/claim/claim:000000000000", None), ("/nowhere", None),
])
def test_unknown_names_answer_404(client, url, suggestion):
    r = client.get(url)
    assert r.status_code == 404, url
    assert "Not found" in r.text
    api = client.get("/api" + url) if not url.startswith("/nowhere") else None
    if api is not None:
        assert api.status_code == 404 and "error" in api.json() and "suggestions" in api.json()


def test_404_suggests_close_names(client):
    r = client.get("/api/keyword/授予")
    assert r.status_code == 404 and "授与" in r.json()["suggestions"]
    assert "/keyword/%E6%8E%88%E4%B8%8E" in client.get("/keyword/授予").text


@pytest.mark.parametrize("q, message", [
    ("foo:bar", "unknown operator"), ('"unbalanced', "unbalanced quote"), ("-誘発", "nothing to search for"),
    ("kind:nothing", "unknown kind"), ("x" * 300, "query too long"),
])
def test_bad_queries_answer_400_with_the_parser_message(client, q, message):
    r = client.get("/search", params={"q": q})
    assert r.status_code == 400 and message in r.text
    api = client.get("/api/search", params={"q": q})
    assert api.status_code == 400 and message in api.json()["error"]


@pytest.mark.parametrize("params", [{"size": "500"}, {"page": "0"}, {"page": "x"}, {"size": "-1"}])
def test_page_limits(client, params):
    assert client.get("/api/search/page", params={"q": "誘発", **params}).status_code == 400
    assert client.get("/api/search", params={"q": "誘発", "limit": "51"}).status_code == 400


# ---------------------------------------------------------------------------------------------- security
def test_injected_markup_in_wiki_text_is_escaped(client):
    for url in ("/document/注入試験", "/search?q=" + quote("注入試験"), "/card/Soul Warden",
                "/search?q=" + quote("alert")):
        html = client.get(url).text
        assert "<script>alert" not in html and "<img src=x" not in html, url
    html = client.get("/document/注入試験").text
    assert "&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;" in html
    assert "&lt;img src=x onerror=alert(1)&gt;" in html
    svg = client.get("/graph/doc:inject.txt.svg").text
    assert "<script>" not in svg


def test_injected_markup_in_queries_is_escaped(client):
    for q in (EVIL, f'"{EVIL}"', f"card:{EVIL}", f"kind:{EVIL}"):
        r = client.get("/search", params={"q": q})
        assert r.status_code in (200, 400)
        assert "<script>alert" not in r.text
    r = client.get("/card/" + quote(EVIL, safe=""))
    assert r.status_code == 404 and "<script>alert" not in r.text and "&lt;script&gt;" in r.text


@pytest.mark.parametrize("path", [
    "/static/../app.py", "/static/%2e%2e/app.py", "/static/..%2fapp.py", "/static/%2e%2e%2f%2e%2e%2fstore.py",
    "/static/../../store.py", "/static//etc/passwd", "/static/%2fetc%2fpasswd", "/static/....//app.py",
    "/document/../../../etc/passwd", "/document/%2e%2e%2f%2e%2e%2fetc%2fpasswd",
])
def test_dot_dot_reads_nothing(client, path):
    r = client.get(path)
    assert r.status_code in (400, 404), path
    assert "root:" not in r.text and "import " not in r.text and "def " not in r.text


def test_overlong_url_is_refused(client):
    assert client.get("/card/" + "x" * 5000).status_code == 414


def test_eight_threads_400_requests(store):
    app = create_app(store[0])
    urls = ["/", "/search?q=" + quote("魂の管理人"), "/card/" + quote("魂の管理人"), "/keyword/" + quote("授与"),
            "/rule/603", "/document/" + quote("誘発型能力"), "/api/search?q=" + quote("誘発 kind:example"),
            "/search?q=" + quote("神"), "/api/search?q=" + quote("信心 -白"),
            "/graph/card:Soul Warden.svg"]
    errors: list[str] = []
    done = []

    def worker(i: int) -> None:
        with TestClient(app) as c:
            for j in range(50):
                url = urls[(i + j) % len(urls)]
                r = c.get(url)
                if r.status_code != 200:
                    errors.append(f"{url}: {r.status_code}")
                done.append(1)

    threads = [threading.Thread(target=worker, args=(i,)) for i in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors and len(done) == 400


def test_words_and_log_parts():
    assert expectation_words({"devotion": {"player": "you", "color": "W", "n": 3}}) == \
        "your devotion to W is 3"
    assert expectation_words({"can_target": {"spell": "Negate", "target": "X", "value": False}}) == \
        "Negate cannot target X"
    assert log_parts("603.3b APNAP: you puts Soul Warden (see 702.103a)") == [
        ("603.3b", "603.3b"), (" APNAP: you puts Soul Warden (see ", None), ("702.103a", "702.103a"), (")", None)]
    assert P.node_url("ex:a.txt:18:2") == "/document/a.txt#ex:a.txt:18:2"
    assert P.node_url("sec:x.xml#T:3") == "/document/x.xml%23T#sec:x.xml%23T:3"


def test_serve_refuses_a_missing_store(tmp_path):
    r = mtgkb("serve", "--db", str(tmp_path / "none.sqlite"))
    assert r.returncode == 2 and "none.sqlite" in r.stderr


def test_bounded_ranking_keeps_title_hits_and_exact_filters(store, monkeypatch):
    """kb.search ranks a bounded candidate set for a lone common term (bench_web.py): the nodes whose
    title matches stay in it, and filters (kind:, -term) pick the candidates rather than thin them."""
    import sqlite3

    from kb import search as S

    conn = sqlite3.connect(f"{store[0].resolve().as_uri()}?mode=ro", uri=True)
    full = S.search(conn, "誘発型能力", limit=50)
    filtered = S.search(conn, "誘発型能力 kind:claim", limit=50)
    monkeypatch.setattr(S, "RANK_BOUND", 3)
    bounded = S.search(conn, "誘発型能力", limit=50)
    assert len(full) > 3 and 3 < len(bounded) < len(full)
    titled = [h.id for h in full if "誘発型能力" in (conn.execute("SELECT title FROM nodes WHERE id = ?",
                                                               (h.id,)).fetchone()[0] or "")]
    assert titled and set(titled) <= {h.id for h in bounded}
    assert bounded[0].id == full[0].id
    # a filter is applied before the bound: the candidates are the first hits that pass it, never none
    narrowed = S.search(conn, "誘発型能力 kind:claim", limit=50)
    assert len(filtered) > 3 and len(narrowed) >= 3
    assert {h.kind for h in narrowed} == {"claim"} and {h.id for h in narrowed} <= {h.id for h in filtered}
    conn.close()


def test_long_lists_are_capped_on_html_pages(client, monkeypatch):
    monkeypatch.setattr(P, "MAX_LIST", 1)
    with TestClient(create_app(client.app.state.pool.path)) as c:
        html = c.get("/card/Soul Warden").text
    assert "more not shown" in html and html.count('<li class="claim">') <= 1


def test_fuzzy_card_choices_follow_the_store(store, tmp_path):
    """kb.search keeps the fuzzy card choices of a long-lived reader until the store changes."""
    import shutil
    import sqlite3

    from kb import search as S
    from kb.store import Store

    db = tmp_path / "copy.sqlite"
    shutil.copy(store[0], db)
    reader = sqlite3.connect(f"{db.resolve().as_uri()}?mode=ro", uri=True)
    assert S._resolve_card(reader, "Zyxwvut Gardener", fuzzy=True) is None
    writer = Store(db)
    with writer.transaction():
        writer.upsert_node("card:Zyxwvut Gardenes", "card", "Zyxwvut Gardenes", "",
                           {"name_en": "Zyxwvut Gardenes"})
    writer.close()
    ids, _names = S._resolve_card(reader, "Zyxwvut Gardener", fuzzy=True)
    assert ids == ["card:Zyxwvut Gardenes"]
    reader.close()


def test_serve_with_two_worker_processes(store):
    """``mtgkb serve --workers 2``: a real uvicorn (subprocess) answers over HTTP on 127.0.0.1."""
    import socket
    import time

    import httpx

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    proc = subprocess.Popen([sys.executable, "-m", "kb", "serve", "--db", str(store[0]), "--port", str(port),
                             "--workers", "2"], cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        for _ in range(300):
            try:
                r = httpx.get(f"http://127.0.0.1:{port}/api/card/Soul%20Warden", timeout=5)
                break
            except httpx.TransportError:
                time.sleep(0.1)
        else:
            pytest.fail("mtgkb serve did not answer: " + proc.stderr.read1().decode(errors="replace"))
        assert r.status_code == 200 and r.json()["name_ja"] == "魂の管理人"
        assert httpx.get(f"http://127.0.0.1:{port}/search?q=%E8%AA%98%E7%99%BA", timeout=5).status_code == 200
    finally:
        proc.terminate()
        proc.wait(timeout=20)


def test_zz_store_unchanged_after_the_session(store, client):
    """Last in this file: every request above left the store file byte-identical (read-only serving)."""
    db, before = store
    assert before.keys() == {"kb.sqlite"}                  # ingest and validate closed their store
    assert sha(db) == before["kb.sqlite"]
    # a read-only reader of a WAL store may leave the -wal/-shm index files behind, but never a frame
    wal = db.with_name("kb.sqlite-wal")
    assert not wal.exists() or wal.stat().st_size == 0


def test_card_behaviour_block_says_compiled_or_why_not():
    """The card page shows a behaviour compiled from the Oracle text (no hand-written entry), and for a card
    the compiler could not express, the compiler's first failing clause."""
    import engine.game  # noqa: F401
    from engine.cardbase import Card
    from kb.web.pages import _behaviour

    compiled = Card(name="Zz Compiled Flier", types=["Creature"], power="1", toughness="1", has_text=True,
                    text="Flying", behaviour={"keywords": ["flying"]})
    b = _behaviour(compiled, compiled.name)
    assert b["defined"] and b["source"] == "compiled" and b["spec"]["keywords"] == ["flying"]
    hand = _behaviour(Card(name="Soul Warden", types=["Creature"], has_text=True), "Soul Warden")
    assert hand["defined"] and hand["source"] == "hand-written"
    blocked = Card(name="Zz Blocked", types=["Creature"], has_text=True, text="Flip a coin.",
                   behaviour_reason="effect: 'flip <N> coin.'")
    b = _behaviour(blocked, blocked.name)
    assert not b["defined"] and "flip <N> coin" in b["reason"]
