"""`ingest --cards` with the compiled-behaviour cache (kb/cards_compiled.py).  Not asserted; prints, measured in
the same run: a bare ``json.load`` of the file (baseline), the first load into an empty store (every face
compiled), a second load (the cache reused: nothing compiles), each as wall and CPU time (workers included)
and as a ratio to the baseline; then ``CardTable.from_store`` (what simulate/validate pay to attach the
compiled behaviours).

    .venv/bin/python bench/bench_compiled_cache.py [AtomicCards.json]
"""
from __future__ import annotations

import json
import os
import resource
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def _cpu() -> float:
    s, c = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return s.ru_utime + s.ru_stime + c.ru_utime + c.ru_stime


def _timed(fn):
    w, c = time.perf_counter(), _cpu()
    out = fn()
    return out, time.perf_counter() - w, _cpu() - c


def main() -> int:
    path = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT.parent / "shared" / "cards" / "AtomicCards.json"
    if not path.exists():
        print(f"{path}: not found", file=sys.stderr)
        return 2
    from kb.cards import CardTable, load_mtgjson_into
    from kb.store import Store

    def bare():
        with open(path, encoding="utf-8") as fh:
            return json.load(fh)
    _, base, _ = _timed(bare)
    with tempfile.TemporaryDirectory() as d:
        db = str(Path(d) / "bench.sqlite")
        rows = []
        for label in ("first load (compiles)", "second load (cache)"):
            with Store(db) as s:
                summary, wall, cpu = _timed(lambda: load_mtgjson_into(s, path))
            rows.append((label, wall, cpu, summary))
        with Store(db) as s:
            _, t_wall, _ = _timed(lambda: CardTable.from_store(s))
    print(f"json.load {base:.2f} s (baseline); {os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f}")
    for label, wall, cpu, s in rows:
        print(f"{label}: {wall:.1f} s wall ({wall / base:.1f}x json.load), {cpu:.1f} s CPU; compiled "
              f"{s.get('compiled')} faces in {s.get('compile_seconds')} s, reused {s.get('reused')}, "
              f"supported {s.get('supported_faces')}")
    print(f"CardTable.from_store with compiled behaviours attached: {t_wall:.2f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
