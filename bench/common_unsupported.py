"""The most widely printed card faces the Oracle compiler does not support yet, grouped by what blocks them
(issue 21, group ex).  Not asserted; a worklist for the families an engine's tests of common cards hit.

Cards are ranked by their number of printings (MTGJSON ``printings``: a fair proxy for "a common card another
engine's tests use"); the seed cards (AtomicCards.seed.json) and the cards named in tests/engine/cards are
reported on their own as well, whatever their printings.  Only those cards are compiled, so this runs in
seconds, not a minute.

    .venv/bin/python bench/common_unsupported.py [AtomicCards.json] [--top 300] [--head 3000] [--list]

``--top N``: the share of supported faces among the N most printed ones and the blocking clauses of the
unsupported ones among them; ``--list`` prints every unsupported face of the top N with its reason.
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
SHARED = ROOT.parent / "shared" / "cards"


def _scenario_cards() -> set[str]:
    import yaml
    out = set()
    for p in sorted((ROOT / "tests" / "engine" / "cards").glob("*.yaml")):
        doc = yaml.safe_load(p.read_text(encoding="utf-8")) or {}
        out.update((doc.get("tags") or [])[:1])
    return out


def _seed_cards() -> set[str]:
    p = SHARED / "AtomicCards.seed.json"
    if not p.exists():
        return set()
    with open(p, encoding="utf-8") as fh:
        return set((json.load(fh).get("data") or {}))


def ranked(cards: dict) -> list[tuple[str, int]]:
    """(card name, printings), most printed first; ties by name."""
    def printings(faces):
        return max((len(f.get("printings") or []) for f in faces), default=0)
    rows = [(name, printings(fs)) for name, fs in cards.items()]
    return sorted(rows, key=lambda r: (-r[1], r[0]))


def _family(reason: str | None) -> str:
    """A blocking reason shortened to its clause family: the shape up to its first placeholder or 5 words."""
    r = (reason or "?").strip()
    kind, _, shape = r.partition(":")
    words = shape.replace("'", "").split()
    head = []
    for w in words:
        if w.startswith("<") or w.startswith("{") or w == "…":
            break
        head.append(w)
        if len(head) == 5:
            break
    return f"{kind}: {' '.join(head)}" if shape else kind


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("path", nargs="?", default=str(SHARED / "AtomicCards.json"))
    ap.add_argument("--top", type=int, default=300)
    ap.add_argument("--list", action="store_true")
    a = ap.parse_args()
    if not Path(a.path).exists():
        print(f"{a.path}: not found", file=sys.stderr)
        return 2
    from engine.oracle.compile import compile_card
    from engine.oracle.coverage import load
    try:
        cards = load(a.path)
    except ValueError as e:
        print(e, file=sys.stderr)
        return 2
    named = (_seed_cards() | _scenario_cards()) & set(cards)
    t0 = time.perf_counter()
    order = ranked(cards)
    top = order[:a.top]
    todo = top + [(name, n) for name, n in order[a.top:] if name in named]
    faces = []                              # (card, printings, face, supported, parsed, reason)
    for name, n in todo:
        for c in compile_card(cards[name]):
            faces.append((name, n, c.name, c.supported, c.parsed, c.reason))
    wall = time.perf_counter() - t0
    top_names = {name for name, _ in top}
    extra = [f for f in faces if f[0] in named and f[0] not in top_names and not f[3]]
    faces = [f for f in faces if f[0] in top_names]
    bad = [f for f in faces if not f[3]]
    print(f"top {a.top} cards by printings (>= {top[-1][1]} printings): {len(faces)} faces, supported "
          f"{len(faces) - len(bad)} ({100 * (len(faces) - len(bad)) / max(1, len(faces)):.1f} %)"
          f" — {len(todo)} cards compiled in {wall:.1f} s")
    print(f"seed and scenario cards outside the top: {len(named - top_names)}, unsupported faces {len(extra)}"
          + "".join(f"\n  {f[2]}: {f[5]}" for f in extra))
    fams = Counter(_family(f[5]) for f in bad)
    print(f"\nunsupported faces by blocking family ({len(bad)}):")
    for fam, k in fams.most_common(60):
        ex = [f[2] for f in bad if _family(f[5]) == fam][:4]
        print(f"  {k:4d}  {fam}   e.g. {', '.join(ex)}")
    if a.list:
        print("\nunsupported faces (printings, parsed?, reason):")
        for card, n, face, _, parsed, reason in bad:
            print(f"  {n:3d}  {'P' if parsed else '-'}  {face}: {reason}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
