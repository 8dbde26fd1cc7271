"""The knowledge base as a networkx graph (for export and analysis)."""
from __future__ import annotations

from typing import Any

import networkx as nx


def _flat(node: dict[str, Any]) -> dict[str, Any]:
    attrs = {k: v for k, v in (node.get("data") or {}).items() if v is not None}
    attrs.update(kind=node["kind"], title=node.get("title") or "", text=node.get("text") or "")
    if node.get("doc"):
        attrs["doc"] = node["doc"]
    return attrs


def load_graph(store) -> nx.MultiDiGraph:
    """Every node (attrs: ``kind`` + its flattened data) and edge (attr ``kind``) of the store."""
    g = nx.MultiDiGraph()
    for node in store.nodes():
        g.add_node(node["id"], **_flat(node))
    for e in store.all_edges():
        for end in (e["src"], e["dst"]):
            if end not in g:           # an edge to a node that no longer exists (dangling): keep it visible
                g.add_node(end, kind="missing", title=end, text="")
        attrs = {"kind": e["kind"]}
        if e["doc"]:
            attrs["doc"] = e["doc"]
        for k, v in (e["data"] or {}).items():
            attrs.setdefault(k, v)
        g.add_edge(e["src"], e["dst"], **attrs)
    return g
