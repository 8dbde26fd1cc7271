"""Benchmark: the cost of the verdict history and of ``kb.changes.changes``.

Ingests ../shared/corpus (all revisions of the XML export) into a fresh store, validates RUNS times, and
reports: the time of one validate run against the part spent appending its history (``record_run`` on the
same rows, rolled back), and ``changes()`` after the runs against a bare read of every history row
(``SELECT * FROM verdict_history``) measured in the same run.  Not an assertion; run on demand:

    .venv/bin/python bench/bench_changes.py [CORPUS_DIR] [RUNS]
"""
from __future__ import annotations

import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from kb import changes as ch  # noqa: E402
from kb import validate as kv  # noqa: E402
from kb.ingest import ingest  # noqa: E402
from kb.store import Store  # noqa: E402


def _timed(fn, repeat: int = 5) -> float:
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


def main() -> None:
    corpus = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT.parent / "shared" / "corpus"
    runs = int(sys.argv[2]) if len(sys.argv) > 2 else 10
    with tempfile.TemporaryDirectory() as tmp:
        store = Store(Path(tmp) / "bench.sqlite")
        ingest([str(corpus)], store, all_revisions=True, progress=False)
        validate_times = []
        for _ in range(runs):
            t0 = time.perf_counter()
            verdicts, summary = kv.validate(store)
            validate_times.append(time.perf_counter() - t0)
        nodes = list(store.nodes(kind="claim"))
        docs = kv._validated_documents(store, nodes, None, None, partial=False)

        def record():
            with store.transaction() as c:
                ch.record_run(c, nodes, verdicts, docs, {}, ch.now())
            # keep the store as it was (the deletes are part of the measured time: an upper bound)
            store.conn.execute("DELETE FROM verdict_history WHERE run_id=(SELECT max(run_id) FROM runs)")
            store.conn.execute("DELETE FROM runs WHERE run_id=(SELECT max(run_id) FROM runs)")

        t_record = _timed(record)
        t_bare = _timed(lambda: store.conn.execute("SELECT * FROM verdict_history").fetchall())
        t_changes = _timed(lambda: ch.changes(store))
        rows = store.conn.execute("SELECT count(*) FROM verdict_history").fetchone()[0]
        v = statistics.median(validate_times)
        print(f"{summary['total']} claims in {len(docs)} documents, {runs} runs, {rows} history rows")
        print(f"validate run (median)      {v * 1000:8.1f} ms")
        print(f"  of which history append  {t_record * 1000:8.1f} ms  ({t_record / v:.1%} of the run)")
        print(f"bare SELECT of the history {t_bare * 1000:8.1f} ms")
        print(f"changes()                  {t_changes * 1000:8.1f} ms  ({t_changes / t_bare:.1f}x the bare read)")
        store.close()


if __name__ == "__main__":
    main()
