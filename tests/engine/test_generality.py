"""The generality suite (issue 20): statements a rules-minded player writes about the general rules and about real
cards, each with its truth, written from the Comprehensive Rules and the card file — never from a gold sentence —
in the surface forms real prose uses (general rules, named cards with or without 《》, Q&A pairs, several sentences).
Each file is one topic (tests/engine/generality/<topic>.yaml); its true statements come with mutated false ones
(a number, the polarity, the card, the counter kind, the keyword changed).

The cases of a file are written as the blocks of one rendered page, ingested with the card file into a fresh store
and validated, exactly as ``mtgkb`` does on a real page; verdicts are joined to cases by line.

- never a wrong verdict: a false statement confirmed or a true one contradicted fails, whatever the file says;
- a ratchet per part: every third case of a file (index 2 mod 3) is HELD OUT — readers are tuned on the other two
  thirds, and the held-out cases are only counted (``python tests/engine/test_generality.py`` prints the working
  part's misses and the held-out part's counts).  ``decided_at_least: {work: N, held: M}`` may only go up.

    PYTHONPATH=. python tests/engine/test_generality.py [TOPIC ...]
"""
from __future__ import annotations

import re
import sys
import tempfile
from pathlib import Path

import pytest
import yaml

sys.path.insert(0, str(Path(__file__).parent.parent))      # tests/: conftest
from conftest import ingest_and_validate  # noqa: E402

HERE = Path(__file__).parent / "generality"
ROOT = Path(__file__).resolve().parents[2]
DECISIVE = ("confirmed", "contradicted")


def _files() -> list[Path]:
    return sorted(HERE.glob("*.yaml"))


def _page(cases: list[dict]) -> tuple[str, list[tuple[int, int]]]:
    """The cases as one rendered page (the form of most real pages), a topic block each under a short heading;
    the (first, last) line of each case in the file."""
    lines = ["# source: generality suite", "# form: rendered", ""]
    spans = []
    for i, c in enumerate(cases):
        lines += [f"事例 {i}"]
        first = len(lines) + 1
        lines += c["text"].strip().split("\n")
        spans.append((first, len(lines)))
        lines.append("")
    return "\n".join(lines) + "\n", spans


def run_file(path: Path, cards: Path) -> list[dict]:
    """Each case of a topic file with the verdicts of the claims read from it: [{**case, part, verdicts}]."""
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    cases = data["cases"]
    text, spans = _page(cases)
    with tempfile.TemporaryDirectory() as tmp:
        page, db = Path(tmp) / f"{path.stem}.txt", Path(tmp) / "g.sqlite"
        page.write_text(text, encoding="utf-8")
        _rc, verdicts = ingest_and_validate([page], cards, db, ROOT)
    out = []
    for i, (c, (a, b)) in enumerate(zip(cases, spans)):
        vs = [v for v in verdicts if a <= (v.get("line") or 0) <= b]
        out.append({**c, "i": i, "part": "held" if i % 3 == 2 else "work", "verdicts": vs})
    return out


def _context(text: str) -> str:
    """A case's context: the declarative sentences before its last one (「《石の壁》は防衛を持つ。」 before
    「それでも攻撃できる。」).  A question is never context (its answer is the statement)."""
    parts = [p for p in re.split(r"(?<=[。！!])|\n", text.strip()) if p.strip()]
    head = parts[:-1]
    return "" if any(q in "".join(head) for q in ("？", "?", "Q")) else "".join(head)


def status(case: dict) -> str:
    """ok / wrong / missed.  A mutant (a false case) keeps its true context sentences, which a reader may read and
    confirm on their own: a confirmation of a claim read from the context alone is no verdict on a false case (every
    sentence of a true case is true, and a contradicted one makes the case false whichever sentence it is)."""
    right, wrong = ("confirmed", "contradicted") if case["truth"] else ("contradicted", "confirmed")
    context = "" if case["truth"] else _context(case["text"])
    got = {v["verdict"] for v in case["verdicts"]
           if not (v["verdict"] == "confirmed" and context and (v.get("text") or "\0") in context)}
    return "wrong" if wrong in got else "ok" if right in got else "missed"


def _cards() -> Path:
    from conftest import shared_path
    return shared_path("cards", "AtomicCards.json")


@pytest.mark.shared
@pytest.mark.slow
@pytest.mark.parametrize("path", _files(), ids=[p.stem for p in _files()])
def test_generality_topic(path):
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    truths = [c["truth"] for c in data["cases"]]
    assert truths.count(True) >= 10 and truths.count(False) >= 10, "a topic has at least 10 true and 10 false cases"
    judged = run_file(path, _cards())
    wrong = [(c["text"], c["truth"], [(v["kind"], v["verdict"], v["reason"][:200]) for v in c["verdicts"]])
             for c in judged if status(c) == "wrong"]
    assert not wrong, wrong
    want = data.get("decided_at_least") or {}
    for part in ("work", "held"):
        got = sum(1 for c in judged if c["part"] == part and status(c) == "ok")
        assert got >= want.get(part, 0), f"{part}: {got} decided and right, the ratchet says {want.get(part)}"


if __name__ == "__main__":
    cards = ROOT.parent / "shared" / "cards" / "AtomicCards.json"
    for path in _files():
        if len(sys.argv) > 1 and path.stem not in sys.argv[1:]:
            continue
        judged = run_file(path, cards)
        for c in judged:
            if c["part"] == "work" and status(c) != "ok":
                print(f"[{status(c)}] {'T' if c['truth'] else 'F'} {c['text']!r}")
                for v in c["verdicts"]:
                    print(f"      {v['kind']} {v['verdict']}: {v['reason'][:200]}")
        for part in ("work", "held"):
            cs = [c for c in judged if c["part"] == part]
            ok = sum(1 for c in cs if status(c) == "ok")
            bad = sum(1 for c in cs if status(c) == "wrong")
            print(f"{path.stem} {part}: {ok}/{len(cs)} decided and right, {bad} wrong")
