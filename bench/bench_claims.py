"""Claim coverage and speed over ../shared/corpus (rulings, wiki, CR examples).  Not asserted.

Coverage = examples with ≥ 1 claim / all examples.  Speed = sentences per second through the spaCy pipeline
and the claim patterns; the baseline is the bare tokenizer (``nlp.make_doc``) on the same texts, measured in
the same run, so the ratio is comparable between machines.

    .venv/bin/python bench/bench_claims.py [corpus dir]
"""
from __future__ import annotations

import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from extractor import extract  # noqa: E402
from extractor.claims import attach_claims, split_sentences  # noqa: E402
from extractor.facts import ExtractionError  # noqa: E402
from extractor.japanese import build_nlp  # noqa: E402
from extractor.sources import read_path  # noqa: E402
from kb.cards import CardTable  # noqa: E402


def main(argv: list[str]) -> int:
    corpus = Path(argv[1]) if len(argv) > 1 else ROOT.parent / "shared" / "corpus"
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
    if "-v" in argv:
        for d in docs:
            for ex in d.unparsed:
                print(f"  unparsed {ex.id}: {ex.text[:70]!r}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))
