"""A node's neighbourhood (a networkx graph from :func:`kb.web.queries.neighbourhood`) drawn as SVG.

Layout (our own, no JavaScript, no CDN): the node in the middle, its neighbours on rings around it,
grouped by kind so that one kind stays together, ``RING`` nodes a ring.  Every label goes through
``markupsafe`` escaping; every node links to its page.
"""
from __future__ import annotations

import math
from typing import Callable

import networkx as nx
from markupsafe import Markup, escape

WIDTH, HEIGHT = 720, 460
RING = 12
COLOURS = {"card": "#2f6fb0", "keyword": "#7a4fb0", "rule": "#8a6d1f", "document": "#3d3d3d",
           "section": "#5f6b7a", "example": "#1f7a6d", "claim": "#b0602f", "verdict": "#6b8e23",
           "page": "#999999", "missing": "#bbbbbb"}
KIND_ORDER = ("document", "section", "example", "claim", "verdict", "card", "keyword", "rule", "page", "missing")


def layout(g: nx.MultiDiGraph, center: str) -> dict[str, tuple[float, float]]:
    """Positions: ``center`` in the middle, the others on rings by kind (first ring up to ``RING`` nodes)."""
    cx, cy = WIDTH / 2, HEIGHT / 2
    others = sorted((n for n in g if n != center),
                    key=lambda n: (KIND_ORDER.index(g.nodes[n].get("kind")) if g.nodes[n].get("kind") in KIND_ORDER
                                   else len(KIND_ORDER), n))
    pos = {center: (cx, cy)}
    rings = [others[i:i + RING] for i in range(0, len(others), RING)]
    for r, ring in enumerate(rings):
        rx, ry = (WIDTH / 2 - 110) * (r + 1) / len(rings), (HEIGHT / 2 - 40) * (r + 1) / len(rings)
        for i, n in enumerate(ring):
            a = 2 * math.pi * i / len(ring) - math.pi / 2 + r * 0.4
            pos[n] = (cx + rx * math.cos(a), cy + ry * math.sin(a))
    return pos


def _label(attrs: dict) -> str:
    text = attrs.get("title") or attrs.get("text") or ""
    text = " ".join(str(text).split())
    return text if len(text) <= 18 else text[:17] + "…"


def render(g: nx.MultiDiGraph, center: str, url: Callable[[str], str]) -> Markup:
    """The graph as an inline ``<svg>`` element (escaped text, links to each node's page).  Built with plain
    string formatting, each value escaped (``Markup.format`` cost ~10 ms a graph)."""
    pos = layout(g, center)
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" class="graph" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" '
           'aria-label="graph neighbourhood">']
    seen = set()
    for src, dst, data in g.edges(data=True):
        if (src, dst) in seen or src not in pos or dst not in pos:
            continue
        seen.add((src, dst))
        (x1, y1), (x2, y2) = pos[src], pos[dst]
        out.append(f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" class="edge"/>')
        mx, my = (x1 + x2) / 2, (y1 + y2) / 2
        out.append(f'<text x="{mx:.1f}" y="{my:.1f}" class="edge-label">{escape(data.get("kind", ""))}</text>')
    for n, (x, y) in pos.items():
        a = g.nodes[n]
        kind = escape(a.get("kind") or "missing")
        r = 16 if n == center else 9
        colour = escape(COLOURS.get(a.get("kind") or "missing", "#777777"))
        cls = " center" if n == center else ""
        out.append(f'<a href="{escape(url(n))}"><title>{kind}: {escape(a.get("title") or n)}</title>'
                   f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{r}" fill="{colour}" class="node{cls}"/>'
                   f'<text x="{x:.1f}" y="{y + r + 13:.1f}" class="node-label">{escape(_label(a) or n)}</text></a>')
    out.append("</svg>")
    return Markup("".join(out))


def legend(g: nx.MultiDiGraph) -> list[tuple[str, str]]:
    kinds = sorted({g.nodes[n].get("kind") or "missing" for n in g},
                   key=lambda k: KIND_ORDER.index(k) if k in KIND_ORDER else 99)
    return [(k, COLOURS.get(k, "#777777")) for k in kinds]

