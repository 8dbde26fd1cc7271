"""kb imports in layers: no module of kb takes part in an import circle."""
from __future__ import annotations

import networkx as nx

from imports import graph


def _kb_graph() -> nx.DiGraph:
    g = nx.DiGraph()
    for m, deps in graph(("kb",)).items():
        g.add_node(m)
        g.add_edges_from((m, d) for d in deps if d.split(".")[0] == "kb")
    return g


def test_kb_has_no_import_circle():
    assert list(nx.simple_cycles(_kb_graph())) == []


def test_the_store_is_below_the_commands_and_the_cli_above_them():
    g = _kb_graph()
    assert nx.has_path(g, "kb.cli", "kb.store")
    for command in ("kb.ingest", "kb.show", "kb.search", "kb.export", "kb.validate", "kb.simulate"):
        assert not nx.has_path(g, "kb.store", command), command
        assert not nx.has_path(g, command, "kb.cli"), command
