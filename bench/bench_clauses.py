"""Clause structure for the composed reader (issue 20): the connective grammar over Sudachi vs GiNZA's dependency
parse (``ja_ginza``, not a dependency of the project: install it to measure), on the candidate statements of
pages (``--pages`` globs; default ../shared/corpus/more and wiki).  Reports the time of each as a ratio to the
whole composed reader run in the same process (the baseline), never in seconds alone.

    python bench/bench_clauses.py [--pages GLOB ...]
"""
from __future__ import annotations

import argparse
import re
import sys
import time
from glob import glob
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
SHARED = ROOT.parent / "shared"


def candidates(patterns: list[str]) -> list:
    from extractor.claims import compose as C
    from extractor.claims.sentences import make_sentence, split_sentences

    need = re.compile("|".join(C._NEEDS))
    out = []
    for f in sorted(p for g in patterns for p in glob(g)):
        for line in Path(f).read_text(encoding="utf-8", errors="replace").split("\n"):
            line = re.sub(r"\[\[(?:[^|\]]*\|)?([^\]]*)\]\]", r"\1", line).strip(" *#:•")
            for a, b in split_sentences(line):
                t = line[a:b]
                if need.search(t) and len(t) <= 200:
                    out.append(make_sentence(t, [], 1, []))
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--pages", nargs="*", default=[str(SHARED / "corpus" / "more" / "*.txt"),
                                                   str(SHARED / "corpus" / "wiki" / "*")])
    a = ap.parse_args(argv)
    from extractor.claims import compose as C

    sents = candidates(a.pages)
    if not sents:
        print("no candidate statements (is ../shared present?)")
        return 1
    for s in sents:                                   # warm the caches (Sudachi, the object grammar)
        C.compose(s)
    t0 = time.perf_counter()
    for s in sents:
        C.compose(s)
    base = time.perf_counter() - t0
    t0 = time.perf_counter()
    for s in sents:
        C.clauses(s.norm)
    grammar = time.perf_counter() - t0
    print(f"{len(sents)} candidate statements; baseline: the whole composed reader = 1")
    print(f"connective grammar (clauses only): {grammar / base:.3f}x")
    try:
        import spacy
        t0 = time.perf_counter()
        nlp = spacy.load("ja_ginza")
        load = time.perf_counter() - t0
    except (ImportError, OSError) as e:
        print(f"ja_ginza: not installed ({type(e).__name__}); pip install ja-ginza ginza to measure it")
        return 0
    t0 = time.perf_counter()
    list(nlp.pipe([s.norm for s in sents]))
    parse = time.perf_counter() - t0
    print(f"ja_ginza dependency parse: {parse / base:.0f}x (its model load alone: {load / base:.0f}x)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
