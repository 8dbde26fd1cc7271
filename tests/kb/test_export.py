"""Graph export: GraphML and node-link JSON re-read with networkx keep the documented attributes."""
from __future__ import annotations

import json

import networkx as nx
import pytest

from kb.export import export
from kb.ingest import ingest
from kb.store import Store

from test_store import cr_doc, wiki_doc


@pytest.fixture
def store(tmp_path):
    s = Store(tmp_path / "kb.sqlite")
    s.write_document(wiki_doc())
    s.write_document(cr_doc())
    ingest(None, s)
    yield s
    s.close()


def check(g: nx.Graph, store: Store) -> None:
    assert g.number_of_nodes() == store.counts()["nodes"]
    assert g.number_of_edges() == store.counts()["edges"]
    assert all("kind" in a for _n, a in g.nodes(data=True))
    kinds = {a["kind"] for _n, a in g.nodes(data=True)}
    assert {"document", "section", "card", "rule", "example", "keyword", "claim"} <= kinds
    for n, a in g.nodes(data=True):
        if a["kind"] == "card":
            assert "name_en" in a and "name_ja" in a
        elif a["kind"] == "rule":
            assert a["number"] == n.split(":", 1)[1]
        elif a["kind"] == "example":
            assert a["text"] and a["document"] and "revision" in a and int(a["line"]) > 0
    sw = g.nodes["card:Soul Warden"]
    assert (sw["name_en"], sw["name_ja"]) == ("Soul Warden", "魂の管理人")
    assert g.nodes["ex:603.txt:7"]["document"] == "総合ルール/6"
    assert any(d.get("kind") == "subrule" for _u, _v, d in g.edges(data=True))


def test_graphml_round_trip(store, tmp_path):
    out = tmp_path / "kb.graphml"
    res = export(store, out)
    assert res["format"] == "graphml"
    g = nx.read_graphml(out)
    check(g, store)
    # lists are JSON-encoded scalars
    assert json.loads(g.nodes["ex:page.txt:5"]["section"]) == ["解説", "ルール"]


def test_json_round_trip(store, tmp_path):
    out = tmp_path / "kb.json"
    export(store, out)
    data = json.loads(out.read_text(encoding="utf-8"))
    g = nx.node_link_graph(data, edges="links") if "links" in data else nx.node_link_graph(data)
    check(g, store)
    assert g.nodes["ex:page.txt:5"]["section"] == ["解説", "ルール"]


def test_format_flag_overrides_extension(store, tmp_path):
    out = tmp_path / "graph.out"
    assert export(store, out, "graphml")["format"] == "graphml"
    assert nx.read_graphml(out).number_of_nodes() == store.counts()["nodes"]


def test_linked_cards_only_drops_card_nodes_without_edges(store, tmp_path):
    with store.transaction():
        store.upsert_node("card:Lonely Ox", "card", title="Lonely Ox", data={"name_en": "Lonely Ox"})
    export(store, tmp_path / "all.graphml")
    g_all = nx.read_graphml(tmp_path / "all.graphml")
    assert "card:Lonely Ox" in g_all                                   # the default keeps every node
    res = export(store, tmp_path / "linked.graphml", linked_cards_only=True)
    g = nx.read_graphml(tmp_path / "linked.graphml")
    assert "card:Lonely Ox" not in g and res["unlinked_cards_dropped"] >= 1
    assert all(g.degree(n) > 0 for n, a in g.nodes(data=True) if a["kind"] == "card")
    assert "card:Soul Warden" in g                                      # a linked card stays
    dropped = set(g_all) - set(g)
    assert dropped and all(g_all.nodes[n]["kind"] == "card" for n in dropped)   # only cards go
    assert g.number_of_edges() == g_all.number_of_edges()
