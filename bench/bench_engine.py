"""Engine throughput on the seed scenarios (tests/engine/scenarios/*.yaml).

Runs ``engine.simulate`` over all scenarios round-robin for about ``--seconds`` (default 5) on one core
and prints simulations/second beside two baselines measured in the same run:
``copy.deepcopy`` of the scenario dicts (the cost of merely handling the input) and a trivial
empty-board simulation (the engine's fixed per-call cost). Goal: >= 500 simulations/s.

    .venv/bin/python bench/bench_engine.py [--seconds 5] [--json]
    .venv/bin/python bench/bench_engine.py --against /tmp/base [--rounds 5] [--seconds 3]
    .venv/bin/python bench/bench_engine.py --cards ../shared/cards/AtomicCards.json [--seconds 5]

``--cards FILE`` runs every scenario file of the project instead of the seed ones: the seed scenarios, the
bundled sample's, and each card file of tests/engine/cards (good and wrong twins), the cards named in them
compiled from FILE once before timing (the compile is not timed). Files that fail to load and scenarios naming a
card without a behaviour are counted and left out, never timed.

``--against TREE`` compares with another checkout (e.g. ``git worktree add /tmp/base <commit>``): both trees'
benchmarks run as subprocesses, alternating, ``--rounds`` times; the medians and their ratio are printed.
"""
from __future__ import annotations

import argparse
import copy
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import yaml  # noqa: E402

import engine  # noqa: E402

SCENARIOS = ROOT / "tests" / "engine" / "scenarios"
ALL_DIRS = [SCENARIOS, ROOT / "kb" / "data" / "sample" / "scenarios", ROOT / "tests" / "engine" / "cards",
            ROOT / "tests" / "engine" / "cards" / "wrong"]
GOAL = 500.0
EMPTY = {"name": "empty board", "source": "bench", "rules": [100.1], "actions": [], "expect": []}


def rate(fn, items, seconds: float) -> tuple[float, int]:
    """Calls of ``fn`` per second over ``items`` round-robin for about ``seconds``."""
    n, start = 0, time.perf_counter()
    deadline = start + seconds
    while True:
        for it in items:
            fn(it)
        n += len(items)
        now = time.perf_counter()
        if now >= deadline:
            return n / (now - start), n


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=5.0)
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--against", metavar="TREE", help="another checkout to compare with, in the same run")
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--cards", metavar="ATOMIC_JSON", help="run every scenario file, cards compiled from this file")
    args = ap.parse_args(argv)
    if args.against:
        return compare(Path(args.against).resolve(), args)

    files = sorted(f for d in (ALL_DIRS if args.cards else [SCENARIOS]) for f in d.glob("*.yaml"))
    dicts = [d for f in files for d in yaml.safe_load_all(f.read_text(encoding="utf-8")) if d]
    scenarios, unloadable, unrunnable = [], 0, 0
    for f in files:                                                          # loaded once
        try:
            scenarios.extend(engine.load_scenarios(f))
        except Exception:                                                    # noqa: BLE001 — counted, not timed
            unloadable += 1
    table = _card_table(args.cards, dicts) if args.cards else None
    sim = (lambda s: engine.simulate(s, cards=table)) if table is not None else engine.simulate
    results, runnable = [], []
    for s in scenarios:                                                      # warm-up + sanity
        try:
            results.append(sim(s))
            runnable.append(s)
        except engine.errors.NoBehaviour:                                    # a card the compiler cannot run yet
            unrunnable += 1
    scenarios = runnable
    passed = sum(bool(r.passed) for r in results)

    base_copy, _ = rate(copy.deepcopy, dicts, min(1.0, args.seconds / 5))
    base_empty, _ = rate(engine.simulate, [EMPTY], min(1.0, args.seconds / 5))
    sims, n = rate(sim, scenarios, args.seconds)

    report = {
        "files": len(files), "unloadable_files": unloadable, "unrunnable_scenarios": unrunnable,
        "scenarios": len(scenarios), "passing": passed, "simulations": n,
        "simulations_per_s": round(sims, 1), "goal_per_s": GOAL, "meets_goal": sims >= GOAL,
        "deepcopy_per_s": round(base_copy, 1), "empty_simulations_per_s": round(base_empty, 1),
        "ratio_vs_deepcopy": round(sims / base_copy, 4), "ratio_vs_empty": round(sims / base_empty, 4),
    }
    if args.json:
        print(json.dumps(report, indent=2))
    else:
        print(f"{len(files)} files ({unloadable} unloadable), {len(scenarios)} scenarios run ({unrunnable} with a card not yet compiled left out) ({passed} passing), "
              f"{n} simulations in ~{args.seconds:g}s")
        print(f"engine.simulate      {sims:12.1f} /s   (goal {GOAL:.0f}/s: {'met' if sims >= GOAL else 'NOT met'})")
        print(f"baseline deepcopy    {base_copy:12.1f} /s   ratio simulate/deepcopy = {sims / base_copy:.3f}")
        print(f"baseline empty board {base_empty:12.1f} /s   ratio simulate/empty    = {sims / base_empty:.3f}")
    return 0


def _card_table(path: str, docs: list[dict]):
    """The bundled cards plus every card the scenario documents name, compiled from ``path`` (not timed)."""
    from kb.cards_coverage import compiled_table     # the application's table builder; the bench may use it
    names: set[str] = set()
    for doc in docs:
        names.update(doc.get("tags", [])[:1])
        for zs in (doc.get("zones") or {}).values():
            for entries in (zs or {}).values():
                names.update(e["card"] if isinstance(e, dict) else e for e in entries or [])
        for a in doc.get("actions") or []:
            if isinstance(a.get("put"), dict):
                names.update(n for n in [a["put"].get("card"), *(a["put"].get("cards") or [])] if n)
    return compiled_table(path, {n for n in names if isinstance(n, str)})


def _one(tree: Path, seconds: float) -> float:
    env = dict(os.environ, PYTHONPATH=str(tree))
    out = subprocess.run([sys.executable, str(tree / "bench" / "bench_engine.py"), "--json", "--seconds",
                          str(seconds)], cwd=tree, env=env, capture_output=True, text=True, check=True).stdout
    return float(json.loads(out)["simulations_per_s"])


def compare(other: Path, args) -> int:
    """Alternate this tree and ``other``; medians of simulations/s and their ratio (this / other)."""
    if not (other / "bench" / "bench_engine.py").is_file():
        print(f"{other}: no bench/bench_engine.py there", file=sys.stderr)
        return 2
    mine, theirs = [], []
    for _ in range(args.rounds):
        theirs.append(_one(other, args.seconds))
        mine.append(_one(ROOT, args.seconds))
    m, t = statistics.median(mine), statistics.median(theirs)
    report = {"this": str(ROOT), "against": str(other), "rounds": args.rounds, "this_per_s": mine,
              "against_per_s": theirs, "this_median": m, "against_median": t, "ratio": round(m / t, 3)}
    print(json.dumps(report, indent=2) if args.json else
          f"this tree {m:.1f}/s {mine}\n{other} {t:.1f}/s {theirs}\nratio this/against = {m / t:.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
