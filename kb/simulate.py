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


def _named(path: str, e: Exception) -> str:
    """An error's message with the file in front unless it already names it."""
    text = str(e)
    return text if path in text else f"{path}: {text}"


RUNTIME_ERRORS = (TypeError, ValueError, AttributeError, KeyError, IndexError, OverflowError, RecursionError)


def run_file(path: str, cards, log: bool = False) -> tuple[list[dict], int]:
    """Run every scenario of one file: ``(results, status)`` with one result dict per scenario (or one for
    the file when it cannot be read), each error message naming the file; status 0 all hold, 1 a check
    fails, 2 an error.  Never raises for what is in the file."""
    try:
        scenarios = read_scenarios(path)
    except ScenarioError as e:
        return [{"scenario": None, "file": path, "passed": False, "checks": [], "error": _named(path, e)}], 2
    out, status = [], 0
    for s in scenarios:
        try:
            r = simulate(s, cards, log=log)
        except (ScenarioError, NoBehaviour, EngineError) as e:
            out.append({"scenario": s.name, "file": path, "passed": False, "checks": [], "error": _named(path, e)})
            status = 2
            continue
        except RUNTIME_ERRORS as e:     # a malformed value met only while running: named, the others go on
            line = f":{s.line}" if getattr(s, "line", None) else ""
            out.append({"scenario": s.name, "file": path, "passed": False, "checks": [],
                        "error": f"{path}{line}: malformed scenario ({type(e).__name__}: {e})"})
            status = 2
            continue
        d = r.to_dict()
        d["file"] = path
        if r.error:
            d["error"] = _named(path, r.error)
        if log:
            d["log"] = r.log
        out.append(d)
        if r.error:
            status = 2
        elif not r.passed and status == 0:
            status = 1
    return out, status


def _print(d: dict, log: bool) -> None:
    if d.get("error") and not d.get("checks"):          # the file or the scenario could not be run
        print(f"ERROR {(d['scenario'] + ': ') if d['scenario'] else ''}{d['error']}")
        return
    print(f"{'ERROR' if d.get('error') else 'PASS' if d['passed'] else 'FAIL'} {d['scenario']} ({d['file']})"
          + (f": {d['error']}" if d.get("error") else ""))
    for c in d.get("checks") or []:
        mark = "ok " if c["ok"] else "NO "
        (k, v), = c["expect"].items()
        print(f"  {mark} {k}: expected {json.dumps(v, ensure_ascii=False, default=str)}"
              f"  observed {json.dumps(c['observed'], ensure_ascii=False, default=str)}")
    if log:
        for line in d.get("log") or []:
            print(f"    | {line}")


def cmd_simulate(args) -> int:
    cards = _cards(getattr(args, "db", None))
    status = 0
    out = []
    for path in _expand(args.files):
        results, code = run_file(path, cards, log=args.log)
        out += results
        status = max(status, code)
        if not args.json:
            for d in results:
                _print(d, args.log)
    if args.json:
        print(json.dumps(out, ensure_ascii=False, indent=1, default=str))
    else:
        errors = sum(1 for d in out if d.get("error"))
        passed = sum(1 for d in out if d.get("passed") and not d.get("error"))
        print(f"{len(out)} scenario(s): {passed} passed, {len(out) - passed - errors} failed, {errors} error(s)")
    return status
