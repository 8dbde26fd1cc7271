"""Search: Sudachi tokens, FTS5 indexes kept in sync, the query language, ranking, the CLI."""
from __future__ import annotations

import json
import sqlite3
import subprocess
import sys

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import ROOT, SAMPLE, SEED_000, SEED_001, shared_path
from kb import fts
from kb import search as S
from kb.ingest import ingest
from kb.store import Store
from kb.tokens import query_tokens, tokens_for

SEED_000_KEY, SEED_001_KEY = SEED_000.name, SEED_001.name


@pytest.fixture(scope="module")
def db(tmp_path_factory):
    path = tmp_path_factory.mktemp("search") / "kb.sqlite"
    store = Store(path)
    summary = ingest([SAMPLE], store)
    assert not summary["errors"], summary["errors"]
    store.close()
    return path


@pytest.fixture(scope="module")
def store(db):
    s = Store(db)
    yield s
    s.close()


def _seed_line(path, line: int) -> str:
    return path.read_text(encoding="utf-8").split("\n")[line - 1]


# ----------------------------------------------------------------------------------------------- tokens
def test_tokens_split_compounds_and_keep_normalised_and_surface_forms():
    words = tokens_for("誘発型能力は2回誘発する。白への信心は５である。").split()
    assert "誘発" in words and "能力" in words and "信心" in words
    assert "５" in words and "5" in words            # surface and normalised form
    assert "。" not in words and "は" not in words      # punctuation and particles skipped
    assert len(words) == len(set(words))              # deduplicated


def test_tokens_keep_english_words_as_written():
    words = tokens_for("Soul Warden triggers").split()
    assert {"Soul", "Warden", "triggers"} <= set(words)
    assert query_tokens("Soul Warden") == ["Soul", "Warden"]


def test_tokens_accept_text_longer_than_sudachis_limit():
    line = "誘発型能力は戦場に出るたびに誘発する。" * 3000          # one ~170 KB line
    many = "\n".join(["信心の数を数える。"] * 6000)                # many short lines
    assert "誘発" in tokens_for(line).split()
    assert "信心" in tokens_for(many).split()
    assert tokens_for("") == "" and tokens_for(" 。、 ") == ""


def test_query_tokens_give_normalised_words():
    assert query_tokens("誘発") == ["誘発"]
    assert query_tokens("誘発する能力") == ["誘発", "為る", "能力"]


# ---------------------------------------------------------------------------------------------- parser
def test_parse_terms_phrases_exclusions_and_operators():
    q = S.parse('誘発 "Soul Warden" -頑強 card:魂の管理人 -kind:page rule:603.10a kw:"授与" verdict:Confirmed')
    assert [(t.text, t.phrase, t.negated) for t in q.terms] == [
        ("誘発", False, False), ("Soul Warden", True, False), ("頑強", False, True)]
    assert [(o.name, o.value, o.negated) for o in q.ops] == [
        ("card", "魂の管理人", False), ("kind", "page", True), ("rule", "603.10a", False),
        ("kw", "授与", False), ("verdict", "confirmed", False)]


@pytest.mark.parametrize("query, message", [
    ("", "empty query"),
    ("   ", "empty query"),
    ('"Soul Warden', "unbalanced quote"),
    ("「誘発", "unbalanced quote"),
    ('ab"cd', "unexpected quote"),
    ("foo:bar", "unknown operator 'foo:'"),
    ("card:", "needs a value"),
    ("kind:spell", "unknown kind"),
    ("verdict:maybe", "unknown verdict"),
    ("rule:abc", "not a rule number"),
    ("-誘発", "nothing to search for"),
    ("* ( )", "nothing to search for"),
    (" ".join(f"w{i}" for i in range(40)), "too many terms"),
])
def test_malformed_queries_raise_query_error(store, query, message):
    with pytest.raises(S.QueryError, match=message):
        S.search(store, query)


# --------------------------------------------------------------------------------------- bundled corpus
def test_short_term_finds_the_seed_001_sections(store):
    hits = S.search(store, "誘発", limit=50)
    sections = [h for h in hits if h.kind == "section" and h.id.startswith(f"sec:{SEED_001_KEY}:")]
    assert len(sections) >= 5
    assert any(h.provenance["section"][-1:] == ["誘発する"] for h in sections)
    assert all("誘発" in h.snippet for h in hits if "[誘発" in h.snippet)
    assert any("[誘発]" in h.snippet for h in hits[:5])


def test_short_card_name_is_a_word_unless_written_as_a_card(store):
    """無効 is Annul's Japanese name and a common word: bare, it is searched as text (the card node does not
    jump ahead of the examples' ranking as a card match); written 《無効》 or card:無効 it names the card."""
    bare = S.search(store, "無効", limit=20)
    as_card = S.search(store, "《無効》", limit=20)
    by_op = S.search(store, "card:無効", limit=20)
    assert as_card[0].score >= 500 and by_op[0].score >= 500          # linked to the card: card ranking
    assert all(h.score < 100 for h in bare)                            # plain text ranking only
    assert {h.id for h in as_card[:3]} & {h.id for h in by_op[:5]}


@pytest.mark.parametrize("query", ["魂の管理人", '"Soul Warden"', "Soul Warden", 'card:"soul warden"',
                                   "card:魂の管理人", "card:魂の管理"])
def test_card_queries_put_the_raise_the_alarm_example_first(store, query):
    hits = S.search(store, query)
    assert hits[0].id == "card:Soul Warden"          # issue 22: the card a query names exactly comes first
    first = hits[1]
    assert first.kind == "example", [(h.kind, h.id) for h in hits]
    assert first.provenance["section"] == ["解説", "誘発する"]
    source = _seed_line(SEED_001, first.provenance["line"])
    assert "Raise the Alarm" in source and "Soul Warden" in source
    assert "[魂の管理人]" in first.snippet or "[Soul Warden]" in first.snippet
    # the card node itself comes before pages that merely contain the name
    kinds = [h.kind for h in hits]
    assert "card" in kinds and kinds.index("card") < kinds.index("page")


def test_long_term_uses_trigrams_and_highlights(store):
    hits = S.search(store, "誘発型能力", limit=20)
    assert hits and all("誘発型能力" in (h.snippet + h.title) for h in hits[:5])
    assert any(h.id == f"doc:{SEED_001_KEY}" for h in hits)


def test_long_term_without_substring_falls_back_to_token_words(store):
    hits = S.search(store, "誘発させる能力", limit=10)
    assert hits
    row = store.conn.execute("SELECT count(*) FROM nodes_tri WHERE nodes_tri MATCH ?",
                             (S.fts_string("誘発させる能力"),)).fetchone()
    assert row[0] == 0                                  # no node has the exact string …
    assert all(("誘発" in (h.snippet + h.title)) for h in hits)   # … yet the words are found


def test_exclusion_removes_hits(store):
    with_term = {h.id for h in S.search(store, "誘発", limit=500)}
    without = S.search(store, "誘発 -急報", limit=500)
    assert without and {h.id for h in without} < with_term
    for h in without:
        node = store.node(h.id)
        assert "急報" not in (node["title"] + node["text"])


def test_kind_filter(store):
    hits = S.search(store, "信心 kind:example", limit=50)
    assert hits and all(h.kind == "example" for h in hits)
    assert all(h.id.startswith(f"ex:{SEED_000_KEY}:") for h in hits)
    assert all(h.kind != "page" for h in S.search(store, "誘発 -kind:page", limit=100))
    only = S.search(store, "kind:card", limit=5)
    assert len(only) == 5 and {h.kind for h in only} == {"card"}


def test_kw_operator_returns_the_bestow_answers(store):
    hits = S.search(store, "kw:授与", limit=30)
    assert hits
    seed_000 = [h for h in hits if h.provenance and h.provenance["document"]
                and store.node(h.id)["doc"] == SEED_000_KEY]
    assert len(seed_000) >= 3
    # the seed 000 answers on bestow (sections/examples whose text talks about 授与)
    assert any(h.kind in ("example", "claim", "section") and "授与" in h.snippet for h in seed_000)
    # the answers: claims the prose reader tied to the keyword (topic edges) come first
    linked = {r[0] for r in store.conn.execute(
        "SELECT src FROM edges WHERE dst = 'kw:授与' AND kind IN ('topic', 'mentions')")}
    answers = [i for i, h in enumerate(hits) if h.id in linked and h.kind == "claim"]
    others = [i for i, h in enumerate(hits) if h.id not in linked]
    assert answers, "no claim with a topic edge to kw:授与 (claims reader missing?)"
    assert max(answers) < min(others)
    first = hits[0]
    assert first.kind == "claim" and first.provenance["section"] == ["授与／Bestow"]
    sentence = first.snippet.replace("[", "").replace("]", "").strip("…")
    assert sentence and sentence in _seed_line(SEED_000, first.provenance["line"])


def test_rule_operator_on_the_bundled_corpus_finds_the_rule_and_its_citation(store):
    hits = S.search(store, "rule:603")
    assert hits[0].id == "rule:603"
    citing = {r[0] for r in store.conn.execute("SELECT src FROM edges WHERE dst = 'rule:603' AND kind = 'cites'")}
    assert citing and citing <= {h.id for h in hits}


def test_rule_operator_with_the_comprehensive_rules(tmp_path):
    cr = shared_path("corpus", "cr", "603.txt")
    s = Store(tmp_path / "cr.sqlite")
    ingest([cr], s)
    hits = S.search(s, "rule:603", limit=200)
    ids = [h.id for h in hits]
    assert ids[0] == "rule:603"
    rules = [i for i in ids if i.startswith("rule:")]
    assert {"rule:603.1", "rule:603.10", "rule:603.10a"} <= set(rules)
    assert all(i == "rule:603" or i.startswith("rule:603.") for i in rules)
    sub = [h.id for h in S.search(s, "rule:603.1", limit=200) if h.kind == "rule"]
    assert "rule:603.1a" in sub and "rule:603.10" not in sub
    s.close()


def test_verdict_filter_uses_has_verdict_edges(tmp_path):
    s = Store(tmp_path / "v.sqlite")
    ingest([SEED_001], s)
    with s.transaction():
        for cid, verdict in (("claim:aaaaaaaaaaaa", "confirmed"), ("claim:bbbbbbbbbbbb", "contradicted")):
            s.upsert_node(cid, "claim", "trigger_count", "魂の管理人の能力は2回誘発する。",
                          {"document": "誘発型能力", "section": ["解説"], "line": 18}, doc=SEED_001_KEY)
            s.upsert_node(f"verdict:{cid}", "verdict", verdict, "engine says so")
            s.add_edge(cid, f"verdict:{cid}", "has_verdict")
    assert [h.id for h in S.search(s, "verdict:confirmed")] == ["claim:aaaaaaaaaaaa"]
    assert [h.id for h in S.search(s, "誘発 verdict:contradicted")] == ["claim:bbbbbbbbbbbb"]
    assert S.search(s, "verdict:unsimulable") == []
    assert "claim:aaaaaaaaaaaa" not in {h.id for h in S.search(s, "魂の管理人 -verdict:confirmed", limit=100)}
    # a hit carries its stored verdict; an example hit the counts of its claims' verdicts
    assert [h.verdict for h in S.search(s, "verdict:contradicted")] == ["contradicted"]
    ex = next(h for h in S.search(s, "kind:example 魂の管理人", limit=50))
    with s.transaction():
        s.add_edge(ex.id, "claim:aaaaaaaaaaaa", "has_claim")
        s.add_edge(ex.id, "claim:bbbbbbbbbbbb", "has_claim")
    again = next(h for h in S.search(s, "kind:example 魂の管理人", limit=50) if h.id == ex.id)
    assert again.verdict == "1 confirmed, 1 contradicted"
    s.close()


def test_hits_carry_provenance(store):
    hit = next(h for h in S.search(store, "魂の管理人") if h.kind != "card")   # the card itself is first
    assert hit.provenance["document"] == "誘発型能力"
    assert isinstance(hit.provenance["line"], int)
    d = hit.to_dict()
    assert set(d) == {"id", "kind", "title", "snippet", "score", "provenance"}


# ---------------------------------------------------------------------------------- index consistency
def test_install_is_idempotent_and_index_follows_replace_and_delete(tmp_path):
    s = Store(tmp_path / "sync.sqlite")
    fts.install(s.conn)
    fts.install(s.conn)
    ingest([SAMPLE], s)
    fts.check(s.conn)
    for q in ("急報", "Raise the Alarm"):
        assert any(h.id.startswith(f"ex:{SEED_001_KEY}:") for h in S.search(s, q, limit=100))
    # replace seed 001 with a text that no longer has the words
    changed = tmp_path / SEED_001.name
    text = SEED_001.read_text(encoding="utf-8")
    changed.write_text(text.replace("急報", "角笛").replace("Raise the Alarm", "Sound the Horn"), encoding="utf-8")
    assert ingest([changed], s)["replaced"] == 1
    fts.check(s.conn)
    for q in ("急報", "Raise the Alarm"):
        assert not any(h.id.startswith((f"ex:{SEED_001_KEY}:", f"sec:{SEED_001_KEY}:"))
                       for h in S.search(s, q, limit=100))
    assert any(h.id.startswith(f"ex:{SEED_001_KEY}:") for h in S.search(s, "角笛"))
    assert any(h.id.startswith(f"ex:{SEED_001_KEY}:") for h in S.search(s, "Sound the Horn"))
    s.delete_document(SEED_001.name)
    fts.check(s.conn)
    assert not [h for h in S.search(s, "誘発型能力", limit=100) if h.id.startswith(f"sec:{SEED_001_KEY}")]
    s.close()


def test_install_indexes_a_store_written_before_the_index(tmp_path):
    path = tmp_path / "old.sqlite"
    s = Store(path)
    ingest([SEED_001], s)
    rows = s.conn.execute("SELECT id, kind, doc, title, text, data FROM nodes").fetchall()
    s.close()
    old = sqlite3.connect(path)                     # the same nodes, no FTS tables, no tokens
    old.executescript("DROP TABLE nodes_tri; DROP TABLE nodes_tok; DROP TRIGGER nodes_fts_insert; "
                      "DROP TRIGGER nodes_fts_delete; DROP TRIGGER nodes_fts_update; UPDATE nodes SET tokens = '';")
    old.close()
    with pytest.raises(S.SearchError, match="no search index"):
        S.search(sqlite3.connect(path), "誘発")
    s = Store(path)                                 # opening the store installs and fills the index
    fts.check(s.conn)
    assert [h.kind for h in S.search(s, "魂の管理人")[:2]] == ["card", "example"] and S.search(s, "誘発")
    assert s.conn.execute("SELECT count(*) FROM nodes").fetchone()[0] == len(rows)
    s.delete_document(SEED_001.name)
    fts.check(s.conn)
    s.close()


def test_rebuild_repopulates(tmp_path):
    s = Store(tmp_path / "rb.sqlite")
    ingest([SEED_001], s)
    s.conn.execute("INSERT INTO nodes_tri(nodes_tri) VALUES ('delete-all')")
    s.conn.execute("INSERT INTO nodes_tok(nodes_tok) VALUES ('delete-all')")
    assert S.search(s, "誘発") == []
    fts.rebuild(s.conn, retokenize=True)
    fts.check(s.conn)
    assert S.search(s, "誘発") and [h.kind for h in S.search(s, "魂の管理人")[:2]] == ["card", "example"]
    s.close()


# ------------------------------------------------------------------------------------ hostile queries
NASTY = ['"', '""', '"""', "*", "NEAR(", "NEAR(a b)", ")", "(", "AND", "OR NOT", "-", "--", ":", "a:b", "::",
         'card:"', "title:x", "誘発 AND", "^誘発", "誘発*", '"誘発" NEAR("神")', "-*", "\\", "'", "%", "_",
         "card:*", "kw:)", "rule:603*", "{誘発}", "\x00", "誘\x00発", "魂の管理人 OR 1=1; DROP TABLE nodes"]


@pytest.mark.parametrize("query", NASTY)
def test_fts_syntax_in_queries_is_plain_text(store, query):
    try:
        hits = S.search(store, query)
    except S.QueryError as e:
        assert str(e)
    else:
        assert isinstance(hits, list)
    assert store.conn.execute("SELECT count(*) FROM nodes").fetchone()[0] > 0


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.one_of(st.text(max_size=40),
                 st.text(alphabet='"*()-:^{}NEAROTDcardkwrule誘発魂の管理人 \u3000「」“”', max_size=30)))
def test_fuzzed_queries_never_raise_sqlite_errors(store, query):
    try:
        hits = S.search(store, query, limit=5)
    except S.QueryError:
        return
    assert isinstance(hits, list) and len(hits) <= 5


# ------------------------------------------------------------------------------------------------ CLI
def _run(*args, code: str | None = None):
    cmd = [sys.executable, *(["-c", code] if code else ["-m", "kb"]), *args]
    return subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, timeout=60)


def test_cli_json_output(db):
    r = _run("search", "魂の管理人", "--json", "--db", str(db), "--limit", "3")
    assert r.returncode == 0, r.stderr
    hits = json.loads(r.stdout)
    assert len(hits) == 3 and hits[0]["kind"] == "card" and hits[1]["kind"] == "example"
    assert hits[1]["provenance"]["line"]


def test_cli_plain_output_and_errors(db, tmp_path):
    r = _run("search", "Soul", "Warden", "--db", str(db))
    assert r.returncode == 0 and "[card] Soul Warden" in r.stdout.splitlines()[0] and "line" in r.stdout
    r = _run("search", "誘発", "--db", str(tmp_path / "missing.sqlite"))
    assert r.returncode == 2 and "no store" in r.stderr
    junk = tmp_path / "junk.sqlite"
    junk.write_bytes(b"not a database at all" * 100)
    r = _run("search", "誘発", "--db", str(junk))
    assert r.returncode == 2 and "not an SQLite database" in r.stderr and "Traceback" not in r.stderr
    r = _run("search", '"unbalanced', "--db", str(db))
    assert r.returncode == 2 and "unbalanced quote" in r.stderr and "Traceback" not in r.stderr


def test_cli_search_does_not_import_spacy(db):
    code = ("import sys; from kb.cli import main; sys.argv=['mtgkb']; "
            "import io, contextlib\n"
            "for q in (['魂の管理人'], ['誘発', 'kind:section'], ['kw:授与']):\n"
            "    out = io.StringIO()\n"
            "    with contextlib.redirect_stdout(out):\n"
            f"        assert main(['search', *q, '--db', {str(db)!r}]) == 0\n"
            "print(sorted(m for m in ('spacy', 'extractor.japanese', 'thinc') if m in sys.modules))")
    r = _run(code=code)
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip() == "[]"


def test_long_term_query_does_not_load_sudachi(db):
    code = ("import sys, sqlite3; from kb.search import search\n"
            f"c = sqlite3.connect({str(db)!r})\n"
            "assert search(c, '魂の管理人')[1].kind == 'example'\n"
            "print('sudachipy' in sys.modules)\n"
            "search(c, '誘発')\n"
            "print('sudachipy' in sys.modules)")
    r = _run(code=code)
    assert r.returncode == 0, r.stderr
    assert r.stdout.split() == ["False", "True"]


def test_search_accepts_a_plain_connection_read_only(db):
    conn = sqlite3.connect(f"{db.resolve().as_uri()}?mode=ro", uri=True)
    assert S.search(conn, "信心")
    with pytest.raises(TypeError):
        S.search(object(), "信心")


def test_store_with_a_card_file_resolves_names_through_card_names(tmp_path):
    cards = shared_path("cards", "AtomicCards.seed.json")
    s = Store(tmp_path / "cards.sqlite")
    summary = ingest([SEED_001], s, cards=str(cards))
    assert not summary["errors"], summary["errors"]
    assert s.conn.execute("SELECT count(*) FROM card_names").fetchone()[0] > 0
    for query in ("魂の管理人", "Soul Warden", 'card:"soul warden"', 'card:"Soul Wardne"', "card:魂の管理"):
        card, first = S.search(s, query)[:2]          # the card itself first (issue 22), then its example
        assert card.id == "card:Soul Warden", query
        assert first.kind == "example" and first.provenance["section"] == ["解説", "誘発する"], query
    s.close()


FRAGMENTS = ["card:魂の管理人", 'card:"Soul Warden"', "kw:授与", "kw:bestow", "rule:603", "rule:603.10a",
             "kind:example", "-kind:page", "verdict:confirmed", "-誘発", '"Soul Warden"', "誘発", "神", "授与",
             "信心", "NEAR(", "*", "AND", '"', "-", ":", "魂の管理人", "Raise", "-card:急報"]


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.one_of(st.sampled_from(FRAGMENTS), st.text(max_size=6)), min_size=1, max_size=6))
def test_fuzzed_operator_combinations_never_raise_sqlite_errors(store, parts):
    query = " ".join(parts)
    try:
        hits = S.search(store, query, limit=5)
    except S.QueryError:
        return
    assert isinstance(hits, list) and len(hits) <= 5
    assert all(h.kind for h in hits)
    if "kind:example" in parts and not any(c in query for c in '"“”「」『』'):
        assert all(h.kind == "example" for h in hits)


def test_an_excluded_long_term_excludes_only_its_exact_spelling(store):
    plain = {h.id for h in S.search(store, "誘発 kind:example", limit=200)}
    kept = {h.id for h in S.search(store, "誘発 kind:example -誘発させる能力", limit=200)}
    assert plain and kept == plain                  # no node has that string: nothing is excluded
