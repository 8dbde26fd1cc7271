"""Oracle compiler over the whole AtomicCards file.  Not asserted; prints coverage, the compile time and its
ratio to a bare ``json.load`` of the same file measured in the same run (baseline), wall and CPU time, with
one process and with the default worker count.

    .venv/bin/python bench/bench_oracle.py [AtomicCards.json] [--top 30] [--workers N]
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def _timed(fn):
    w, c = time.perf_counter(), time.process_time()
    out = fn()
    return out, time.perf_counter() - w, time.process_time() - c


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("path", nargs="?", default=str(ROOT.parent / "shared" / "cards" / "AtomicCards.json"))
    ap.add_argument("--top", type=int, default=30)
    ap.add_argument("--workers", type=int, default=min(2, os.cpu_count() or 1))
    a = ap.parse_args()
    if not Path(a.path).exists():
        print(f"{a.path}: not found", file=sys.stderr)
        return 2
    t0 = time.perf_counter()
    import engine.oracle.compile  # noqa: F401   grammar built at import (module level, once)
    t_import = time.perf_counter() - t0
    from engine.oracle.coverage import coverage_of, load, report

    def bare():
        with open(a.path, encoding="utf-8") as fh:
            return json.load(fh)
    _, json_wall, _ = _timed(bare)
    cards, load_wall, _ = _timed(lambda: load(a.path))
    import resource
    ch0 = resource.getrusage(resource.RUSAGE_CHILDREN)
    cov, wall, cpu = _timed(lambda: coverage_of(cards, a.workers))
    ch1 = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu += (ch1.ru_utime - ch0.ru_utime) + (ch1.ru_stime - ch0.ru_stime)
    print(report(cov, a.top))
    print(f"\ngrammar import {t_import:.2f} s; json.load {json_wall:.2f} s (baseline)")
    print(f"compile, {a.workers} worker(s): {wall:.1f} s wall, {cpu:.1f} s CPU (this process + workers) "
          f"= {wall / json_wall:.1f}x json.load; {len(cards) / wall:.0f} cards/s")
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    return 0


if __name__ == "__main__":
    sys.exit(main())
