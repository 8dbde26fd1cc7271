"""`mtgkb simulate FILE… [--db F] [--json] [--log]`."""
from __future__ import annotations

import json
import sys
from pathlib import Path

from engine.errors import EngineError, NoBehaviour, ScenarioError
from engine.scenario import load_scenarios, simulate
from kb.cards import CardTable
from kb.store import DEFAULT_DB, Store


def _cards(db):
    """The card table: ``--db``'s store, else ``./mtgkb.sqlite`` when there is one (the store a scenario
    from ``validate --emit-scenarios`` came from), else the bundled table."""
    if db is None and Path(DEFAULT_DB).is_file():
        db = DEFAULT_DB

    if db and not Path(db).is_file():
        print(f"warning: no store at {db}; using the bundled card table", file=sys.stderr)
    elif db:
        try:
            return CardTable.from_store(Store(db))
        except Exception as e:  # noqa: BLE001 — fall back to the bundled table, but say so
            print(f"warning: card data from {db} unavailable ({e}); using the bundled table", file=sys.stderr)
    return CardTable.bundled()


def _expand(paths):
    """Files as given; a folder (e.g. one written by ``validate --emit-scenarios``) gives its YAML files."""
    for path in paths:
        p = Path(path)
        if p.is_dir():
            found = sorted(str(f) for f in p.iterdir() if f.suffix.lower() in (".yaml", ".yml") and f.is_file())
            yield from found or [path]          # an empty folder: reported below
        else:
            yield path


def cmd_simulate(args) -> int:
    cards = _cards(getattr(args, "db", None))
    status = 0
    out = []
    for path in _expand(args.files):
        try:
            if Path(path).is_dir():
                raise ScenarioError(path, None, "no scenario files (*.yaml) in this folder")
            scenarios = load_scenarios(path)
            if not scenarios:
                raise ScenarioError(path, None, "no scenario in this file")
        except ScenarioError as e:
            status = 2
            out.append({"scenario": None, "file": path, "passed": False, "checks": [], "error": str(e)})
            if not args.json:
                print(f"ERROR {e}")
            continue
        for s in scenarios:
            try:
                r = simulate(s, cards, log=args.log)
            except (ScenarioError, NoBehaviour, EngineError) as e:
                status = 2
                out.append({"scenario": s.name, "file": path, "passed": False, "checks": [], "error": str(e)})
                if not args.json:
                    where = "" if str(e).startswith(f"{path}:") else f" ({path})"   # the message names the file
                    print(f"ERROR {s.name}{where}: {e}")
                continue
            d = r.to_dict()
            if args.log:
                d["log"] = r.log
            out.append(d)
            if r.error:
                status = 2
            elif not r.passed and status == 0:
                status = 1
            if not args.json:
                print(f"{'ERROR' if r.error else 'PASS' if r.passed else 'FAIL'} {r.scenario} ({path})"
                      + (f": {r.error}" if r.error else ""))
                for c in r.checks:
                    mark = "ok " if c["ok"] else "NO "
                    (k, v), = c["expect"].items()
                    print(f"  {mark} {k}: expected {json.dumps(v, ensure_ascii=False, default=str)}"
                          f"  observed {json.dumps(c['observed'], ensure_ascii=False, default=str)}")
                if args.log:
                    for line in r.log:
                        print(f"    | {line}")
    if args.json:
        print(json.dumps(out, ensure_ascii=False, indent=1, default=str))
    else:
        errors = sum(1 for d in out if d.get("error"))
        passed = sum(1 for d in out if d.get("passed") and not d.get("error"))
        print(f"{len(out)} scenario(s): {passed} passed, {len(out) - passed - errors} failed, {errors} error(s)")
    return status
