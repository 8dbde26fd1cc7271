"""Benchmark: ingest all of ../shared/corpus/ into a fresh store, then ``mtgkb validate`` every claim.

Prints the counts and times (ingest, validate, and validate per claim against the bundled-sample run of
the same process as a baseline).  Not an assertion; run on demand:

    .venv/bin/python bench/bench_validate.py [CORPUS_DIR]
"""
from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from kb import validate as kv  # noqa: E402
from kb.ingest import ingest  # noqa: E402
from kb.store import Store  # noqa: E402


def run(paths, label: str, folder: Path) -> dict:
    store = Store(folder / f"{label}.sqlite")
    t0 = time.perf_counter()
    ingest(paths, store)
    t1 = time.perf_counter()
    verdicts, summary = kv.validate(store, progress=sys.stderr.isatty())
    t2 = time.perf_counter()
    docs = store.counts()["documents"]
    store.close()
    n = max(summary["total"], 1)
    print(f"{label:8} documents={docs} claims={summary['total']} "
          f"confirmed={summary['confirmed']} contradicted={summary['contradicted']} "
          f"unsimulable={summary['unsimulable']}  ingest {t1 - t0:.1f}s  validate {t2 - t1:.1f}s "
          f"({(t2 - t1) / n * 1000:.1f} ms/claim)")
    return {"summary": summary, "ingest": t1 - t0, "validate": t2 - t1, "per_claim": (t2 - t1) / n,
            "verdicts": verdicts}


def main() -> int:
    corpus = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT.parent / "shared" / "corpus"
    if not corpus.exists():
        print(f"no corpus at {corpus}", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        base = run(None, "sample", folder)
        full = run([str(corpus)], "corpus", folder)
    reasons: dict[str, int] = {}
    for v in full["verdicts"]:
        if v.verdict == "unsimulable":
            key = v.reason.split(":")[0][:70]
            reasons[key] = reasons.get(key, 0) + 1
    print("top unsimulable reasons:")
    for r, k in sorted(reasons.items(), key=lambda x: -x[1])[:10]:
        print(f"  {k:5}  {r}")
    if base["per_claim"] > 0:
        print(f"validate time per claim, corpus vs sample: {full['per_claim'] / base['per_claim']:.2f}×")
    return 0


if __name__ == "__main__":
    sys.exit(main())
