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


def read_scenarios(path: str) -> list:
    """The scenarios of one file, decoded like every file the CLI reads (:func:`kb.files.read_text`:
    UTF-8, Shift_JIS, CP932, EUC-JP).  Raises ``ScenarioError`` naming the file (and line where known) for
    anything wrong with it — never another exception, so one bad file cannot stop a folder's run."""
    from extractor.facts import ExtractionError
    from kb.files import read_text

    if Path(path).is_dir():
        raise ScenarioError(path, None, "no scenario files (*.yaml) in this folder")
    try:
        text = read_text(path)
    except ExtractionError as e:
        message = "no scenario in this file (empty file)" if e.message == "empty file" else e.message
        raise ScenarioError(path, e.line, message) from None
    try:
        scenarios = load_scenarios(path, text=text)
    except ScenarioError:
        raise
    except (TypeError, ValueError, AttributeError, KeyError, IndexError, OverflowError, RecursionError) as e:
        # a value of the wrong type that the scenario checks did not catch (e.g. a zone holding a number)
        raise ScenarioError(path, None, f"malformed scenario ({type(e).__name__}: {e})") from None
    if not scenarios:
        raise ScenarioError(path, None, "no scenario in this file")
    return scenarios


def _error(out: list, path: str, name, e: Exception, as_json: bool) -> None:
    out.append({"scenario": name, "file": path, "passed": False, "checks": [], "error": str(e)})
    if not as_json:
        where = "" if str(e).startswith(f"{path}") else f" ({path})"       # the message names the file
        print(f"ERROR {name + where + ': ' if name else ''}{e}")


def cmd_simulate(args) -> int:
    cards = _cards(getattr(args, "db", None))
    status = 0
    out = []
    for path in _expand(args.files):
        try:
            scenarios = read_scenarios(path)
        except ScenarioError as e:
            status = 2
            _error(out, path, None, e, args.json)
            continue
        for s in scenarios:
            try:
                r = simulate(s, cards, log=args.log)
            except (ScenarioError, NoBehaviour, EngineError) as e:
                status = 2
                _error(out, path, s.name, e, args.json)
                continue
            except (TypeError, ValueError, AttributeError, KeyError, IndexError, OverflowError,
                    RecursionError) as e:      # a malformed value met only while running: name the file
                status = 2
                _error(out, path, s.name, ScenarioError(path, getattr(s, "line", None),
                                                        f"malformed scenario ({type(e).__name__}: {e})"), args.json)
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
