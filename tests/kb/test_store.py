"""The SQLite store: one transaction per document, replace/unchanged, global nodes, provenance."""
from __future__ import annotations

import sqlite3

import pytest

from extractor.facts import (CardRef, Claim, Example, ExtractedDocument, Link, ListItem, Provenance,
                             RawDocument, Rule, RuleRef, Section)
from kb.graph import load_graph
from kb.store import Store, StoreError


def wiki_doc(text_suffix: str = "", key: str = "page.txt") -> ExtractedDocument:
    raw = RawDocument(title="授与", text="lead line\n==解説==\nbody one\n===ルール===\n*例：x\n" + text_suffix,
                      path=f"/tmp/{key}", form="wikitext", key=key)
    p = lambda sec, line: Provenance(document="授与", section=sec, line=line)  # noqa: E731
    ex_prov = p(("解説", "ルール"), 5)
    ex = Example(id=f"ex:{key}:5", text="例：x", prov=ex_prov,
                 cards=[CardRef(name_ja="魂の管理人", name_en=None, via="link", prov=ex_prov)])
    claim = Claim(id=f"claim:{key}:1", kind="trigger_count", text="例：x", prov=ex_prov, subject="Soul Warden",
                  cards=["Soul Warden"], keywords=["授与"], situation={"event": "enters"},
                  outcome={"times": 2}, example_id=ex.id)
    return ExtractedDocument(
        raw=raw,
        sections=[Section("解説", 2, p(("解説",), 2)), Section("ルール", 3, p(("解説", "ルール"), 4))],
        links=[Link("誘発型能力", None, None, p(("解説",), 3))],
        card_refs=[CardRef(name_ja="否認", name_en="Negate", via="link", prov=p(("解説",), 3)),
                   CardRef(name_ja="謎の未登録カード", name_en=None, via="prose", prov=p(("解説",), 3))],
        rule_refs=[RuleRef("702.103", "template", p(("解説",), 3))],
        list_items=[ListItem("例：x", 1, ex_prov)],
        examples=[ex], keywords=["授与／Bestow"], claims=[claim])


def cr_doc(with_603_2: bool = True) -> ExtractedDocument:
    text = "=603=\n誘発\n==603.1==\na\n" + ("==603.2==\nb\n例：c\n" if with_603_2 else "")
    raw = RawDocument(title="総合ルール/6", text=text, path="/tmp/603.txt",
                      form="rules", key="603.txt")
    p = lambda n, line: Provenance(document="総合ルール/6", section=(n,), line=line)  # noqa: E731
    rules = [Rule("603", "誘発", None, p("603", 1), title="誘発型能力の扱い"),
             Rule("603.1", "a", "603", p("603.1", 3))]
    if with_603_2:
        rules.append(Rule("603.2", "b", "603", p("603.2", 5),
                          examples=[Example(id="ex:603.txt:7", text="例：c", prov=p("603.2", 7), rule="603.2")]))
    return ExtractedDocument(raw=raw, rules=rules)


@pytest.fixture
def store(tmp_path):
    s = Store(tmp_path / "kb.sqlite")
    yield s
    s.close()


def test_add_then_unchanged_then_replaced(store):
    assert store.write_document(wiki_doc()) == "added"
    before = store.counts()
    assert store.write_document(wiki_doc()) == "unchanged"
    assert store.counts() == before
    assert store.write_document(wiki_doc("more\n")) == "replaced"
    assert store.counts() == before            # same facts, nothing duplicated
    assert len(store.documents()) == 1


def test_nodes_edges_and_provenance(store):
    store.write_document(wiki_doc())
    ex = store.node("ex:page.txt:5")
    assert ex["kind"] == "example" and ex["text"] == "例：x"
    assert ex["data"]["document"] == "授与" and ex["data"]["line"] == 5
    assert ex["data"]["section"] == ["解説", "ルール"]
    # JA-only card ref resolved through the bundled card table
    assert store.node("card:Soul Warden")["data"]["name_ja"] == "魂の管理人"
    assert any(e["dst"] == "card:Soul Warden" for e in store.edges_from(ex["id"], "mentions"))
    # unresolved JA-only ref gets a card:ja: node
    assert store.node("card:ja:謎の未登録カード") is not None
    # section text is the section's own lines, nested sections are contained
    sec1, sec2 = store.node("sec:page.txt:1"), store.node("sec:page.txt:2")
    assert sec1["text"] == "body one" and sec2["text"].startswith("*例")
    assert {e["dst"] for e in store.edges_from("sec:page.txt:1", "contains")} == {"sec:page.txt:2"}
    assert sec2["data"]["items"][0]["text"] == "例：x"
    assert store.edges_from("sec:page.txt:1", "links_to")[0]["dst"] == "page:誘発型能力"
    # a cited rule that no CR document defines is a global stub
    stub = store.node("rule:702.103")
    assert stub["doc"] is None and stub["data"]["number"] == "702.103"
    kw = store.node("kw:授与")
    assert kw["data"]["name_en"] == "Bestow"
    claim = store.node("claim:page.txt:1")
    assert claim["data"]["outcome"] == {"times": 2}
    assert {e["kind"] for e in store.edges_to(claim["id"])} == {"has_claim"}
    assert {(e["kind"], e["dst"]) for e in store.edges_from(claim["id"])} >= {
        ("about", "card:Soul Warden"), ("topic", "kw:授与")}
    g = load_graph(store)
    assert g.nodes["ex:page.txt:5"]["kind"] == "example"
    assert g.nodes["card:Soul Warden"]["name_en"] == "Soul Warden"


def test_rules_take_over_stubs_and_survive_replacement(store):
    store.write_document(wiki_doc())
    # page cites 603.2 (as a stub) before the CR document arrives
    d = wiki_doc("x\n", key="other.txt")
    d.rule_refs.append(RuleRef("603.2", "link", d.raw and Provenance("授与", line=3)))
    store.write_document(d)
    assert store.node("rule:603.2")["doc"] is None
    store.write_document(cr_doc())
    r = store.node("rule:603.2")
    assert r["doc"] == "603.txt" and r["text"] == "b"
    assert [e["dst"] for e in store.edges_from("rule:603", "subrule")] == ["rule:603.1", "rule:603.2"]
    assert [e["dst"] for e in store.edges_from("rule:603.2", "has_example")] == ["ex:603.txt:7"]
    # the CR document drops 603.2: the cited rule stays as a stub, the citing edge stays
    store.write_document(cr_doc(with_603_2=False))
    r = store.node("rule:603.2")
    assert r is not None and r["doc"] is None
    assert store.edges_to("rule:603.2", "cites")
    assert store.node("ex:603.txt:7") is None


def test_failed_write_leaves_nothing_half_written(store, monkeypatch):
    store.write_document(wiki_doc())
    before = store.counts()
    import kb.store as ks

    def boom(self, c, die=False):
        c.execute("DELETE FROM nodes")
        raise RuntimeError("disk on fire")
    monkeypatch.setattr(ks._DocumentRows, "write", boom)
    with pytest.raises(RuntimeError):
        store.write_document(wiki_doc("changed\n"))
    assert store.counts() == before
    assert store.node("ex:page.txt:5") is not None


def test_settings_and_helpers(store):
    store.set_setting("cards_path", "/x/AtomicCards.json")
    assert store.get_setting("cards_path") == "/x/AtomicCards.json"
    with store.transaction():
        store.upsert_node("verdict:c1", "verdict", "confirmed", "ok", {"status": "confirmed"}, doc="d")
        store.add_edge("claim:c1", "verdict:c1", "has_verdict", doc="d")
    store.upsert_node("verdict:c1", "verdict", "contradicted", "", {"status": "contradicted"}, replace=True)
    v = store.node("verdict:c1")
    assert v["title"] == "contradicted" and v["text"] == "ok" and v["data"]["status"] == "contradicted"
    assert store.edges_to("verdict:c1")[0]["kind"] == "has_verdict"


def test_not_a_database(tmp_path):
    bad = tmp_path / "junk.sqlite"
    bad.write_bytes(b"this is not sqlite at all" * 10)
    with pytest.raises(StoreError, match="junk.sqlite"):
        Store(bad)


def test_foreign_sqlite_database_is_refused(tmp_path):
    other = tmp_path / "other.db"
    c = sqlite3.connect(other)
    c.execute("CREATE TABLE accounts(id, balance)")
    c.commit()
    c.close()
    with pytest.raises(StoreError, match="other.db.*not an mtgkb store"):
        Store(other)
    c = sqlite3.connect(other)
    assert [r[0] for r in c.execute("SELECT name FROM sqlite_master WHERE type='table'")] == ["accounts"]
    assert c.execute("PRAGMA journal_mode").fetchone()[0] != "wal"      # left as it was
    c.close()


def test_wal_and_indexes(store):
    mode = store.conn.execute("PRAGMA journal_mode").fetchone()[0]
    assert mode == "wal"
    names = {r[0] for r in store.conn.execute("SELECT name FROM sqlite_master WHERE type='index'")}
    assert {"nodes_kind", "nodes_doc", "edges_src", "edges_dst", "edges_doc"} <= names
    assert isinstance(store.conn, sqlite3.Connection)


def test_show_reports_provenance_and_verdicts(store):
    from kb.show import render, show_claim, show_example, show_keyword, show_rule, suggestions

    store.write_document(wiki_doc())
    store.write_document(cr_doc())
    with store.transaction():
        store.upsert_node("verdict:claim:page.txt:1", "verdict", "confirmed", "engine agrees",
                          {"log": ["enters", "trigger"]}, doc="page.txt")
        store.add_edge("claim:page.txt:1", "verdict:claim:page.txt:1", "has_verdict", doc="page.txt")
    c = show_claim(store, "page.txt:1")
    assert c["verdict"]["verdict"] == "confirmed" and c["from"] == "ex:page.txt:5"
    assert c["provenance"] == {"document": "授与", "key": "page.txt", "revision": None,
                               "section": ["解説", "ルール"], "line": 5}
    e = show_example(store, "授与:5")
    assert e["id"] == "ex:page.txt:5" and e["claims"][0]["verdict"]["verdict"] == "confirmed"
    assert "confirmed" in render("example", e)
    r = show_rule(store, "603.2")
    assert r["examples"][0]["id"] == "ex:603.txt:7" and r["parent"] == "603"
    assert show_rule(store, "603")["subrules"][0]["number"] == "603.1"
    k = show_keyword(store, "Bestow")
    assert k["name"] == "授与" and [d["key"] for d in k["documents"]] == ["page.txt"]
    assert k["claims"][0]["id"] == "claim:page.txt:1"
    assert show_rule(store, "604") is None
    assert "603.1" in suggestions(store, "rule", "603.l")


def test_search_index_stays_consistent_through_replacements(store):
    search = pytest.importorskip("kb.fts")
    if not hasattr(search, "check"):
        pytest.skip("kb.search has no index check")
    store.write_document(wiki_doc())
    store.write_document(cr_doc())
    store.write_document(wiki_doc("changed\n"))                 # replace: delete + insert
    store.write_document(cr_doc(with_603_2=False))             # rules become stubs (update trigger)
    store.write_document(cr_doc())                             # stubs taken over again
    store.delete_document("page.txt")
    search.check(store.conn)                                   # raises if FTS disagrees with nodes
    assert store.node("ex:page.txt:5") is None and store.node("rule:603.2")["doc"] == "603.txt"


@pytest.mark.parametrize("title, card", [("魂の管理人/Soul Warden", "Soul Warden"), ("Soul Warden", "Soul Warden"),
                                         ("魂の管理人", "Soul Warden"), ("無効/Annul", "Annul")])
def test_a_card_page_defines_its_card_not_a_keyword(store, title, card):
    """A card's own page is about the card: its title names no keyword node, its claims' topic is the card."""
    raw = RawDocument(title=title, text="本文", path="card.txt", key="card.txt")
    prov = Provenance(document=title, line=1, file="card.txt")
    claim = Claim(id="claim:t1", kind="trigger_count", text="本文", prov=prov, subject=card, cards=[card],
                  keywords=[title.split("/")[0]], outcome={"times": 1})
    store.write_document(ExtractedDocument(raw=raw, keywords=[title], claims=[claim]))
    assert not list(store.nodes("keyword"))
    defines = [e["dst"] for e in store.edges_from("doc:card.txt") if e["kind"] == "defines"]
    assert defines == [f"card:{card}"]
    assert {e["dst"] for e in store.edges_from("claim:t1") if e["kind"] == "topic"} == {f"card:{card}"}


@pytest.mark.parametrize("title", ["誘発", "授与", "無効"])
def test_a_term_page_defines_a_keyword_with_its_english_name(store, title):
    """誘発 and 無効 name cards too (Provoke, Annul) but a page titled so is about the word; keyword nodes get
    their English name from the keyword lexicon where it has one."""
    raw = RawDocument(title=title, text="本文", path="term.txt", key="term.txt")
    store.write_document(ExtractedDocument(raw=raw, keywords=[title]))
    (kw,) = list(store.nodes("keyword"))
    assert kw["id"] == f"kw:{title}"
    if title == "授与":
        assert kw["data"]["name_en"] == "Bestow"
