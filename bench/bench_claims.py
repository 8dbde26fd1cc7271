"""Claim coverage and speed over ../shared/corpus (rulings, wiki, CR examples).  Not asserted.

Coverage = examples with ≥ 1 claim / all examples.  Speed = sentences per second through the spaCy pipeline
and the claim patterns; the baseline is the bare tokenizer (``nlp.make_doc``) on the same texts, measured in
the same run, so the ratio is comparable between machines.

With ``--finders`` it also times every registered finder (extractor.claims.registry) and counts its readings.

    .venv/bin/python bench/bench_claims.py [corpus dir] [--finders] [-v]
"""
from __future__ import annotations

import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from extractor import extract  # noqa: E402
from extractor.claims import REGISTRY, attach_claims, split_sentences  # noqa: E402
from extractor.claims.registry import Finder  # noqa: E402
from extractor.facts import ExtractionError  # noqa: E402
from extractor.japanese import build_nlp  # noqa: E402
from extractor.sources import read_path  # noqa: E402
from kb.cards import CardTable  # noqa: E402


def main(argv: list[str]) -> int:
    args = [a for a in argv[1:] if not a.startswith("-")]
    corpus = Path(args[0]) if args else ROOT.parent / "shared" / "corpus"
    if not corpus.exists():
        print(f"no corpus at {corpus}")
        return 1
    t0 = time.perf_counter()
    nlp = build_nlp([(c.name_ja, c.name) for c in CardTable.bundled()])
    t_build = time.perf_counter() - t0
    docs = []
    sources = [corpus / sub for sub in ("rulings", "wiki", "cr") if (corpus / sub).exists()]
    sources += sorted(corpus.glob("*.xml"))
    for src in sources:
        for raw in read_path(src):
            if isinstance(raw, ExtractionError):
                print("skip:", raw)
                continue
            try:
                docs.append(extract(raw))
            except Exception as e:                      # bench reports, never stops
                print(f"extract failed: {raw.path}: {e}")
    docs = [d for d in docs if d.examples or d.raw.form == "prose"]
    texts = [ex.text for d in docs for ex in d.examples] + [d.raw.text for d in docs if d.raw.form == "prose"]
    n_sent = sum(len(split_sentences(t)) for t in texts)

    t0 = time.perf_counter()
    for t in texts:
        for chunk in t.split("\n"):
            if chunk.strip():
                nlp.make_doc(chunk)
    t_base = time.perf_counter() - t0

    per_finder: dict[str, list[float]] = {}
    if "--finders" in argv:
        REGISTRY.finders[:] = [_timed(f, per_finder) for f in REGISTRY.finders]
    t0 = time.perf_counter()
    for d in docs:
        attach_claims(d, nlp)
    t_claims = time.perf_counter() - t0

    n_ex = sum(len(d.examples) for d in docs)
    n_unparsed = sum(len(d.unparsed) for d in docs)
    kinds = Counter(c.kind for d in docs for c in d.claims)
    print(f"documents: {len(docs)}  examples: {n_ex}  sentences: {n_sent}  build_nlp: {t_build:.2f}s")
    cov = (n_ex - n_unparsed) / n_ex if n_ex else 0.0
    print(f"claim coverage: {n_ex - n_unparsed}/{n_ex} = {cov:.1%}")
    print(f"claims: {sum(kinds.values())}  by kind: {dict(kinds.most_common())}")
    print(f"claims pipeline: {n_sent / t_claims:.0f} sentences/s ({t_claims:.2f}s); "
          f"tokenizer-only baseline {t_base:.2f}s; ratio {t_claims / t_base if t_base else float('nan'):.2f}x")
    for name, (secs, n) in sorted(per_finder.items(), key=lambda kv: -kv[1][0]):
        print(f"  finder {name:<22} {secs * 1000:8.1f} ms  {int(n):5d} readings")
    if "-v" in argv:
        for d in docs:
            for ex in d.unparsed:
                print(f"  unparsed {ex.id}: {ex.text[:70]!r}")
    return 0


def _timed(f: Finder, acc: dict[str, list[float]]) -> Finder:
    """The same finder, adding its time and reading count to ``acc[name]``."""
    slot = acc.setdefault(f.name, [0.0, 0])

    def fn(*a):
        t = time.perf_counter()
        out = f.fn(*a)
        slot[0] += time.perf_counter() - t
        slot[1] += len(out)
        return out
    return Finder(f.name, f.kinds, f.priority, fn, f.claims, f.order, f.needs)


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))
