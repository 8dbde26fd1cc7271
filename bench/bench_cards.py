"""Card loading and name lookup.  Not asserted; prints numbers and ratios against baselines from the same run.

Loading: the full AtomicCards file (``../shared/cards/AtomicCards.json`` unless given) is
(1) ``json.load``-ed — the baseline, (2) streamed through the loader's parser without a store, and
(3) loaded into a fresh store file (cards, names, card nodes, MTG Wiki names, one transaction).  Each runs in
its own process, once for time and peak RSS (``ru_maxrss``) and once under ``tracemalloc`` for the peak of
Python allocations (SQLite's own cache is not in that figure).

Lookups: ``CardTable.from_store`` over that store, then N exact lookups (EN and JA names, p50/p95, per
second; baseline: a plain ``dict.get`` of the same names) and N fuzzy lookups (misspelt EN and JA names).

    .venv/bin/python bench/bench_cards.py [AtomicCards.json] [--n 10000]
"""
from __future__ import annotations

import json
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def _phase(name: str, path: str, out: str, trace: bool) -> dict:
    """Run one loading phase in this (fresh) process."""
    import tracemalloc

    if name != "json":
        import kb.cards as cards  # noqa: F401  (imports before measuring)
        from kb.store import Store
        import kb.tokens
        kb.tokens.tokens_for("魂の管理人")                     # dictionary loaded before measuring
    rss0 = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    if trace:
        tracemalloc.start()
    t0 = time.perf_counter()
    if name == "json":
        with open(path, "rb") as f:
            data = json.load(f)
        n = len(data["data"])
        del data
    elif name == "stream":
        n = sum(1 for _ in cards._iter_atomic(Path(path)))
    else:
        with Store(out) as s:
            n = cards.load_mtgjson_into(s, path)["cards"]
    seconds = time.perf_counter() - t0
    peak = tracemalloc.get_traced_memory()[1] if trace else None
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return {"phase": name, "cards": n, "seconds": seconds, "peak_py_mb": peak and peak / 2**20,
            "rss_before_mb": rss0 / 1024, "rss_peak_mb": rss / 1024}


def _run_phase(name: str, path: str, out: str, trace: bool) -> dict:
    cmd = [sys.executable, __file__, "--phase", name, path, out] + (["--trace"] if trace else [])
    res = subprocess.run(cmd, capture_output=True, text=True, check=True)
    return json.loads(res.stdout.strip().splitlines()[-1])


def _pcts(samples: list[float]) -> tuple[float, float, float]:
    s = sorted(samples)
    p50 = s[len(s) // 2] * 1e6
    p95 = s[int(len(s) * 0.95)] * 1e6
    return p50, p95, len(s) / sum(s)


def _misspell(name: str, rng: random.Random) -> str:
    if len(name) < 5:
        return name + name[-1]
    i = rng.randrange(1, len(name) - 1)
    return name[:i] + name[i + 1:]


def main(argv: list[str]) -> int:
    if "--phase" in argv:
        i = argv.index("--phase")
        print(json.dumps(_phase(argv[i + 1], argv[i + 2], argv[i + 3], "--trace" in argv)))
        return 0
    n = 10000
    if "--n" in argv:
        i = argv.index("--n")
        n = int(argv[i + 1])
        del argv[i:i + 2]
    args = [a for a in argv[1:] if not a.startswith("--")]
    path = Path(args[0]) if args else ROOT.parent / "shared" / "cards" / "AtomicCards.json"
    if not path.exists():
        print(f"no AtomicCards file at {path}")
        return 1
    size = path.stat().st_size / 2**20
    print(f"file: {path} ({size:.1f} MB)")
    with tempfile.TemporaryDirectory() as tmp:
        out = str(Path(tmp) / "bench.sqlite")
        rows = {}
        for name in ("json", "stream", "load"):
            Path(out).unlink(missing_ok=True)
            timed = _run_phase(name, str(path), out, trace=False)
            Path(out).unlink(missing_ok=True)
            traced = _run_phase(name, str(path), out, trace=True)
            timed["peak_py_mb"] = traced["peak_py_mb"]
            rows[name] = timed
        base = rows["json"]
        print(f"\n{'phase':<8}{'cards':>7}{'seconds':>9}{'x json':>8}{'py peak MB':>12}{'x json':>8}"
              f"{'RSS +MB':>9}")
        for name, r in rows.items():
            print(f"{name:<8}{r['cards']:>7}{r['seconds']:>9.2f}{r['seconds'] / base['seconds']:>8.2f}"
                  f"{r['peak_py_mb']:>12.1f}{r['peak_py_mb'] / base['peak_py_mb']:>8.2f}"
                  f"{r['rss_peak_mb'] - r['rss_before_mb']:>9.1f}")
        print("(py peak: tracemalloc peak of Python allocations; RSS +MB: ru_maxrss growth over the phase)")

        # -- lookups over the loaded store ------------------------------------------------------------------
        from kb.cards import CardTable
        from kb.store import Store

        _run_phase("load", str(path), out, trace=False)
        with Store(out) as s:
            t0 = time.perf_counter()
            table = CardTable.from_store(s)
            t_table = time.perf_counter() - t0
        print(f"\nCardTable.from_store: {len(table)} cards in {t_table:.2f} s")
        rng = random.Random(7)
        cards = list(table)
        names = []
        for c in rng.sample(cards, min(n, len(cards))):
            names.append(c.name_ja if (c.name_ja and rng.random() < 0.5) else c.name)
        names = (names * (n // max(len(names), 1) + 1))[:n]
        plain = {c.name: c for c in cards} | {c.name_ja: c for c in cards if c.name_ja}

        def timed(f, queries):
            out_, hits = [], 0
            for q in queries:
                t = time.perf_counter()
                r = f(q)
                out_.append(time.perf_counter() - t)
                hits += r is not None
            return out_, hits

        base_s, _ = timed(plain.get, names)
        exact_s, exact_hits = timed(table.resolve, names)
        fuzzy_q = [_misspell(q, rng) for q in names]
        t0 = time.perf_counter()
        table.resolve("xq")                                   # builds the fuzzy choice lists once
        t_lists = time.perf_counter() - t0
        fuzzy_s, fuzzy_hits = timed(table.resolve, fuzzy_q)
        b50, b95, bps = _pcts(base_s)
        print(f"\n{'lookup':<20}{'n':>7}{'hits':>7}{'p50 µs':>9}{'p95 µs':>9}{'per s':>11}{'x dict p50':>12}")
        print(f"{'dict.get (base)':<20}{n:>7}{n:>7}{b50:>9.1f}{b95:>9.1f}{bps:>11.0f}{1:>12.1f}")
        for label, samples, hits in (("resolve exact", exact_s, exact_hits), ("resolve misspelt", fuzzy_s, fuzzy_hits)):
            p50, p95, ps = _pcts(samples)
            print(f"{label:<20}{n:>7}{hits:>7}{p50:>9.1f}{p95:>9.1f}{ps:>11.0f}{p50 / b50:>12.1f}")
        print(f"(fuzzy choice lists built once in {t_lists * 1000:.0f} ms; misspelt names that still match "
              "exactly after normalisation skip rapidfuzz)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
