"""``mtgkb export OUT [--format graphml|json]``: the graph as GraphML (Gephi) or networkx node-link JSON."""
from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import networkx as nx

from kb.graph import load_graph
from kb.store import Store

# attributes every node of a kind carries in an export (empty string when unknown)
REQUIRED = {"card": ("name_en", "name_ja"), "rule": ("number",),
            "example": ("text", "document", "revision", "line")}


def _complete(g: nx.MultiDiGraph) -> None:
    for _n, attrs in g.nodes(data=True):
        for key in REQUIRED.get(attrs.get("kind"), ()):
            if attrs.get(key) is None:
                attrs[key] = ""


def _scalar(v: Any) -> Any:
    if isinstance(v, (str, int, float, bool)):
        return v
    if v is None:
        return ""
    return json.dumps(v, ensure_ascii=False, default=str)


def graphml_ready(g: nx.MultiDiGraph) -> nx.MultiDiGraph:
    """A copy whose attributes are all scalars (lists/dicts JSON-encoded), with one type per attribute."""
    h = nx.MultiDiGraph()
    types: dict[tuple[str, str], type] = {}

    def fix(scope: str, attrs: dict[str, Any]) -> dict[str, Any]:
        out = {}
        for k, v in attrs.items():
            v = _scalar(v)
            t = types.setdefault((scope, k), type(v))
            if type(v) is not t:            # GraphML declares one type per key: fall back to text
                types[(scope, k)] = str
            out[k] = v
        return out

    nodes = [(n, fix("node", a)) for n, a in g.nodes(data=True)]
    edges = [(u, v, k, fix("edge", a)) for u, v, k, a in g.edges(keys=True, data=True)]
    for n, a in nodes:
        h.add_node(n, **{k: (str(v) if types[("node", k)] is str else v) for k, v in a.items()})
    for u, v, k, a in edges:
        h.add_edge(u, v, key=k, **{x: (str(y) if types[("edge", x)] is str else y) for x, y in a.items()})
    return h


# file name extension -> format (``mtgkb export`` refuses any other name unless --format is given)
FORMATS = {".graphml": "graphml", ".xml": "graphml", ".json": "json"}


def drop_unlinked_cards(g: nx.MultiDiGraph) -> int:
    """Remove card nodes without any edge (a full MTGJSON load adds ~24k of them); returns how many."""
    lonely = [n for n, a in g.nodes(data=True) if a.get("kind") == "card" and g.degree(n) == 0]
    g.remove_nodes_from(lonely)
    return len(lonely)


def export(store: Store, out: str | Path, fmt: str | None = None,
           linked_cards_only: bool = False) -> dict[str, Any]:
    """Write the graph; ``linked_cards_only`` leaves out card nodes that have no edge."""
    out = Path(out)
    fmt = fmt or FORMATS.get(out.suffix.lower(), "json")
    g = load_graph(store)
    dropped = drop_unlinked_cards(g) if linked_cards_only else 0
    _complete(g)
    if fmt == "graphml":
        nx.write_graphml(graphml_ready(g), out, encoding="utf-8")
    else:
        data = nx.node_link_data(g, edges="links") if _has_edges_kw() else nx.node_link_data(g)
        with open(out, "w", encoding="utf-8") as f:
            json.dump(data, f, ensure_ascii=False, default=str)
    return {"out": str(out), "format": fmt, "nodes": g.number_of_nodes(), "edges": g.number_of_edges(),
            "unlinked_cards_dropped": dropped}


def _has_edges_kw() -> bool:
    import inspect

    return "edges" in inspect.signature(nx.node_link_data).parameters


def cmd_export(args) -> int:
    from kb.store import open_store

    fmt = args.format or FORMATS.get(Path(args.out).suffix.lower())
    if fmt is None:
        print(f"error: {args.out}: cannot tell the format from the name; name it .graphml or .json, "
              "or pass --format graphml|json", file=sys.stderr)
        return 2
    with open_store(args) as store:
        try:
            result = export(store, args.out, fmt, linked_cards_only=args.linked_cards_only)
        except OSError as e:
            print(f"error: {args.out}: cannot write: {e.strerror or e}", file=sys.stderr)
            return 2                            # README: 2 = unusable input (an unwritable output file)
    if args.json:
        print(json.dumps(result, ensure_ascii=False))
    else:
        dropped = result["unlinked_cards_dropped"]
        print(f"wrote {result['nodes']} nodes and {result['edges']} edges to {result['out']} ({result['format']})"
              + (f"; left out {dropped} card nodes without edges" if dropped else ""))
    return 0
