"""Fuzzing at scale (issue 23): hostile documents, scenarios and web requests, then a served store under ingests.

* documents: junk bytes, markup soup, mixed and wide encodings, XML exports declaring any encoding, truncated,
  nested or revision-less pages, deep markup — ingested in batches (each with one good page) into one store;
* scenarios: the shipped scenario files mutated (keys dropped, numbers, huge values, bad turns, alias bombs,
  oversize files, raw bytes), each run like ``mtgkb simulate``;
* requests: traversal, FTS5 and SQL injection, markup, overlong and odd Unicode paths and queries against the
  store the documents built (Starlette's TestClient: a server exception is a traceback);
* serve: ``mtgkb serve`` with CLIENTS client threads while INGESTS ``mtgkb ingest`` runs write new pages into
  the served store: failed requests, new pages seen without a restart, deleted store files held by the server.

Reports tracebacks (an exception escaping the reader, the runner or the app; a 5xx), hangs (one input over
30 s), peak memory (this process's and the serve phase's largest RSS) and lost documents (a good page
missing, or an input file neither stored nor named in an error).  All but the memory must be 0.

    .venv/bin/python bench/bench_fuzz.py [--documents 4000] [--scenarios 3000] [--requests 3000]
                                         [--clients 8] [--ingests 3] [--seed 23] [--json]
"""
from __future__ import annotations

import argparse
import copy
import json
import os
import random
import resource
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

HANG_S = 30.0
GOOD_BODY = "'''{title}'''は[[誘発型能力]]の試験用の頁。\n==解説==\n*例：[[魂の管理人/Soul Warden]]が戦場にいるとき、" \
            "クリーチャーが戦場に出るたびに1点のライフを得る。\n"
MARKUP = ["[[", "]]", "[[授与]]", "{{", "}}", "{{#card:Soul Warden}}", "==", "==解説==", "'''", "{|", "|}", "|-",
          "<!--", "-->", "*", "#", ":", "<ref>", "</ref>", "《", "》", "魂の管理人/Soul Warden", "誘発する", "例：",
          "=603=", "==603.1==", "「誘発型能力」を編集中", "# title: x", "# form: rendered", "<?xml ", "<mediawiki>",
          "<page>", "<text>", "&amp;", "\u3000", "\t", "\n", "\r\n", "\ufeff", "𝕏", "\u200b", "Ｑ：", "Ａ：", "はい。"]
JA = "あいうえお授与誘発魂の管理人クリーチャー戦場《》。、０１２ABCxyz \n"
ENCODINGS = ["utf-8", "shift_jis", "cp932", "euc_jp", "iso2022_jp", "utf-16", "utf-32", "latin-1", "koi8-r",
             "big5", "x-bogus"]


class Hang(Exception):
    """An input ran past the alarm."""


def _alarm(seconds: float):
    def fire(signum, frame):
        raise Hang()
    signal.signal(signal.SIGALRM, fire)
    signal.setitimer(signal.ITIMER_REAL, seconds)


def _disarm() -> None:
    signal.setitimer(signal.ITIMER_REAL, 0)


_FAILED = object()


def _guarded(out: dict, alarm_s: float, what: str, run):
    """``run()`` under an alarm of ALARM_S: a hang or a traceback is counted in OUT (and named on stderr) and
    gives ``_FAILED``; otherwise the result, the slowest time kept and a run over HANG_S counted as a hang."""
    t0 = time.perf_counter()
    try:
        _alarm(alarm_s)
        result = run()
        _disarm()
    except Hang:
        out["hangs"] += 1
        return _FAILED
    except Exception as e:                                              # noqa: BLE001 - that is the finding
        _disarm()
        out["tracebacks"] += 1
        print(f"traceback in {what}: {type(e).__name__}: {e}", file=sys.stderr)
        return _FAILED
    took = time.perf_counter() - t0
    out["slowest_s"] = max(out["slowest_s"], round(took, 2))
    out["hangs"] += took > HANG_S
    return result


# ------------------------------------------------------------------------------------------- documents
def _text(rnd: random.Random, n: int) -> str:
    return "".join(rnd.choice(JA) for _ in range(n))


def _xml(rnd: random.Random, title: str) -> bytes:
    declared = rnd.choice(ENCODINGS)
    written = rnd.choice(ENCODINGS)
    page = f"<page><title>{title}</title><ns>0</ns><revision><id>{rnd.randint(1, 99)}</id>" \
           f"<text>{_text(rnd, 40).replace('<', '')}</text></revision></page>"
    kind = rnd.randrange(5)
    if kind == 1:
        page = f"<page><title>{title}</title><ns>0</ns></page>"                       # no revision
    elif kind == 2:
        page = f"<page><title>{title}</title><page><title>内</title></page>{page}</page>"   # nested
    xml = f'<?xml version="1.0" encoding="{declared}"?>\n<mediawiki>\n{page}\n</mediawiki>\n'
    try:
        data = xml.encode(written if written != "x-bogus" else "utf-8", errors="replace")
    except LookupError:
        data = xml.encode("utf-8")
    return data[:rnd.randrange(len(data))] if kind == 3 else data


def fuzz_document(rnd: random.Random, i: int) -> tuple[str, bytes]:
    """(file name, bytes) of one hostile document."""
    kind = rnd.randrange(9)
    name = f"f{i:05d}.txt"
    if kind == 0:                                                       # junk of 1-10 bytes
        return name, bytes(rnd.randrange(256) for _ in range(rnd.randint(1, 10)))
    if kind == 1:                                                       # binary
        return name, bytes(rnd.randrange(256) for _ in range(rnd.randint(11, 3000)))
    if kind == 2:                                                       # mixed encodings
        return name, b"".join(_text(rnd, 30).encode(rnd.choice(ENCODINGS[:-1]), errors="replace")
                              for _ in range(rnd.randint(1, 5)))
    if kind == 3:                                                       # one wide / escaped encoding
        return name, (GOOD_BODY.format(title=f"頁{i}") + _text(rnd, 50)).encode(
            rnd.choice(["utf-16", "utf-32", "iso2022_jp", "shift_jis", "euc_jp"]))
    if kind == 4:                                                       # an XML export
        return f"f{i:05d}.xml", _xml(rnd, f"頁{i}")
    if kind == 5:                                                       # deep markup
        depth = rnd.randint(50, 3000)
        return name, (rnd.choice(["{{", "[[", "{|\n", "<ref>", "'''", "==", "*"]) * depth + _text(rnd, 20)).encode()
    if kind == 6 and rnd.random() < 0.1:                                # a long line (100-600 KB)
        return name, ("誘発" * rnd.randint(20_000, 100_000)).encode()
    # markup soup
    return name, "".join(rnd.choice(MARKUP) if rnd.random() < 0.6 else _text(rnd, 8)
                         for _ in range(rnd.randint(1, 80))).encode("utf-8")


def documents(n: int, work: Path, rnd: random.Random, batch: int = 250) -> dict:
    """Ingest ``n`` hostile files (batches of ``batch`` + one good page each) into ``work/kb.sqlite``."""
    import kb.ingest as ingest_module
    from kb.store import Store

    db = work / "kb.sqlite"
    out = {"inputs": n, "tracebacks": 0, "hangs": 0, "lost": 0, "errors": 0, "stored": 0, "slowest_s": 0.0}
    good_keys: list[str] = []
    marks: list[float] = []
    real_key = ingest_module.document_key

    def timed_key(raw):                         # called once per document: the gaps are per-document times
        marks.append(time.perf_counter())
        return real_key(raw)

    ingest_module.document_key = timed_key
    try:
        for start in range(0, n, batch):
            folder = work / f"docs{start:05d}"
            folder.mkdir()
            names = []
            for i in range(start, min(n, start + batch)):
                name, data = fuzz_document(rnd, i)
                (folder / name).write_bytes(data)
                names.append(name)
            good = f"good_{start:05d}.txt"
            (folder / good).write_text(GOOD_BODY.format(title=f"良い頁{start}"), encoding="utf-8")
            good_keys.append(good)
            store = Store(db)
            marks.clear()
            t0 = time.perf_counter()
            try:
                _alarm(HANG_S * batch)
                summary = ingest_module.ingest([folder], store)
                _disarm()
            except Hang:
                out["hangs"] += 1
                continue
            except Exception as e:                                      # noqa: BLE001 - that is the finding
                _disarm()
                out["tracebacks"] += 1
                print(f"traceback in batch {start}: {type(e).__name__}: {e}", file=sys.stderr)
                continue
            finally:
                keys = {k for (k,) in store.conn.execute("SELECT key FROM documents")}
                store.close()
            ends = marks[1:] + [time.perf_counter()]
            gaps = [b - a for a, b in zip(marks, ends)] or [time.perf_counter() - t0]
            out["slowest_s"] = max(out["slowest_s"], round(max(gaps), 2))
            out["hangs"] += sum(1 for g in gaps if g > HANG_S)
            named = {Path(e["file"] or "").name for e in summary["errors"]}
            out["errors"] += len(summary["errors"])
            for name in names:
                stored = name in keys or any(k.startswith(name + "#") for k in keys)
                out["stored"] += stored
                if not stored and name not in named:
                    out["lost"] += 1
                    print(f"lost: {folder / name} (neither stored nor named in an error)", file=sys.stderr)
            shutil.rmtree(folder)
    finally:
        ingest_module.document_key = real_key
    with Store(db) as store:
        keys = {k for (k,) in store.conn.execute("SELECT key FROM documents")}
        out["integrity"] = store.conn.execute("PRAGMA integrity_check").fetchone()[0]
    missing = [k for k in good_keys if k not in keys]
    out["lost"] += len(missing)
    out["good_pages"] = len(good_keys)
    return out


# ------------------------------------------------------------------------------------------- scenarios
def _bomb(rnd: random.Random) -> str:
    levels, fan = rnd.randint(5, 12), rnd.randint(5, 12)
    lines = ['a0: &a0 ["lol"]'] + [f"a{i}: &a{i} [{', '.join(f'*a{i - 1}' for _ in range(fan))}]"
                                   for i in range(1, levels + 1)]
    return "\n".join(lines) + f"\nname: bomb\nzones: {{you: {{battlefield: *a{levels}}}}}\n"


def _mutant(rnd: random.Random, shipped: list) -> str | bytes:
    import yaml

    kind = rnd.randrange(10)
    if kind == 0:
        return _bomb(rnd)
    if kind == 1:
        return "# pad\n" * rnd.randint(300_000, 500_000)
    if kind == 2:
        return bytes(rnd.randrange(256) for _ in range(rnd.randint(1, 500)))
    if kind == 3:
        return f"name: t\nzones: {{you: {{battlefield: [Plains]}}}}\nat: {{turn: {rnd.choice([-5, 0, 10**9, 3])}}}\n"
    data = copy.deepcopy(rnd.choice(shipped))
    for _ in range(rnd.randint(1, 3)):
        paths = _paths(data)
        if not paths:
            break
        parent, last = _walk(data, rnd.choice(paths))
        how = rnd.randrange(6)
        try:
            if how == 0:
                del parent[last]
            else:
                parent[last] = [7, "", 10 ** 30, -10 ** 30, [parent[last], 3]][how - 1]
        except (KeyError, IndexError, TypeError):
            pass
    return yaml.safe_dump(data, allow_unicode=True, sort_keys=False)


def _paths(node, prefix=()):
    out = []
    items = node.items() if isinstance(node, dict) else enumerate(node) if isinstance(node, list) else ()
    for k, v in items:
        out.append((*prefix, k))
        out += _paths(v, (*prefix, k))
    return out


def _walk(data, path):
    for k in path[:-1]:
        data = data[k]
    return data, path[-1]


def scenarios(n: int, work: Path, rnd: random.Random) -> dict:
    import yaml

    from kb.cards import CardTable
    from kb.simulate import run_file

    shipped = []
    for f in sorted([*(ROOT / "tests" / "engine" / "scenarios").glob("*.yaml"),
                     *(ROOT / "kb" / "data" / "sample" / "scenarios").glob("*.yaml")]):
        shipped += [d for d in yaml.safe_load_all(f.read_text(encoding="utf-8")) if isinstance(d, dict)]
    cards = CardTable.bundled()
    folder = work / "scenarios"
    folder.mkdir()
    out = {"inputs": n, "tracebacks": 0, "hangs": 0, "errors": 0, "ran": 0, "slowest_s": 0.0}
    for i in range(n):
        path = folder / f"s{i:05d}.yaml"
        data = _mutant(rnd, shipped)
        path.write_bytes(data if isinstance(data, bytes) else data.encode("utf-8"))
        got = _guarded(out, HANG_S * 4, str(path), lambda: run_file(str(path), cards))
        if got is _FAILED:
            continue
        results, _status = got
        out["errors"] += sum(1 for d in results if d.get("error"))
        out["ran"] += sum(1 for d in results if not d.get("error"))
        path.unlink()
    return out


# ------------------------------------------------------------------------------------------- requests
HOSTILE = ["../../etc/passwd", "..%2f..%2fetc%2fpasswd", "%00", "<script>alert(1)</script>", "' OR 1=1 --",
           "\"; DROP TABLE nodes; --", "NEAR(a b", "a AND OR", "*", "\"", "kind:claim verdict:", "魂の管理人",
           "誘発", "{{#card:x}}", "%ff%fe", "\u202e", "𝕏" * 50, "a" * 3000, "card:Soul Warden", "verdict:claim:x",
           "x" * 300, "/" * 40, "?q=", "%", "\\", "ｑ", "-1", "1e309", "null"]
ROUTES = ["/", "/search?q={}", "/api/search?q={}&limit={n}", "/api/search/page?q={}&page={n}&size={n}",
          "/card/{}", "/keyword/{}", "/rule/{}", "/document/{}", "/claim/{}", "/graph/{}.svg", "/api/graph/{}",
          "/api/card/{}", "/api/document/{}", "/static/{}", "/{}", "/api/overview"]


def random_url(rnd: random.Random, known: list[str]) -> str:
    route = rnd.choice(ROUTES)
    word = rnd.choice(HOSTILE + known) if rnd.random() < 0.7 else _text(rnd, rnd.randint(0, 20))
    if rnd.random() < 0.3:
        word = word + rnd.choice(HOSTILE)
    n = rnd.choice(["1", "0", "-5", "abc", "99999999999999999999", "", "2"])
    quoted = urllib.parse.quote(word, safe="/%" if rnd.random() < 0.2 else "")
    return route.replace("{n}", n).replace("{}", quoted)


def requests_phase(n: int, db: Path, rnd: random.Random) -> dict:
    import warnings

    warnings.filterwarnings("ignore", message=".*httpx.*")
    from starlette.testclient import TestClient

    from kb.web.app import create_app

    import sqlite3

    with sqlite3.connect(f"{db.resolve().as_uri()}?mode=ro", uri=True) as c:
        known = [r[0] for r in c.execute("SELECT key FROM documents LIMIT 50")]
        known += [r[0] for r in c.execute("SELECT id FROM nodes WHERE kind IN ('claim', 'card', 'keyword') LIMIT 50")]
    out = {"inputs": n, "tracebacks": 0, "hangs": 0, "server_errors": 0, "statuses": {}, "slowest_s": 0.0}
    with TestClient(create_app(db), raise_server_exceptions=True) as client:
        for _ in range(n):
            url = random_url(rnd, known)
            r = _guarded(out, HANG_S * 2, f"the request {url[:200]}", lambda: client.get(url))
            if r is _FAILED:
                continue
            out["statuses"][r.status_code] = out["statuses"].get(r.status_code, 0) + 1
            if r.status_code >= 500:
                out["server_errors"] += 1
                print(f"{r.status_code} for {url[:200]}", file=sys.stderr)
    return out


# ------------------------------------------------------------------------------------------- serve
def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def deleted_store_files(pid: int, db: Path) -> list[str]:
    """The server's descriptors that point at a deleted file of the store (``kb.sqlite-wal (deleted)``)."""
    out = []
    for fd in Path(f"/proc/{pid}/fd").glob("*"):
        try:
            target = os.readlink(fd)
        except OSError:
            continue
        if target.startswith(str(db)) and target.endswith("(deleted)"):
            out.append(target)
    return out


def _rss_mb(pid: int) -> float:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


def serve_under_ingest(db: Path, work: Path, clients: int = 8, ingests: int = 3, pages: int = 2,
                       body: str = GOOD_BODY) -> dict:
    """``mtgkb serve`` on ``db`` with ``clients`` threads requesting pages while ``ingests`` ingests write new
    pages (``pages`` each, ``body`` with their title) into it.  Returns the counts; every one but
    ``requests``/``new_pages`` must be 0."""
    port = _free_port()
    base = f"http://127.0.0.1:{port}"
    server = subprocess.Popen([sys.executable, "-m", "kb", "serve", "--db", str(db), "--port", str(port)],
                              cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    out = {"clients": clients, "ingests": ingests, "requests": 0, "failed": 0, "failures": [], "new_pages": 0,
           "new_pages_missing": 0, "deleted_store_files": [], "after_not_200": 0, "ingest_failed": 0}
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                urllib.request.urlopen(base + "/api/overview", timeout=5).read()
                break
            except (urllib.error.URLError, ConnectionError):
                if time.monotonic() > deadline or server.poll() is not None:
                    raise RuntimeError(f"mtgkb serve did not start: {server.stderr.read() if server.poll() else ''}")
                time.sleep(0.2)
        import sqlite3

        with sqlite3.connect(f"{db.resolve().as_uri()}?mode=ro", uri=True) as c:
            doc = c.execute("SELECT key FROM documents ORDER BY key LIMIT 1").fetchone()[0]
            card = (c.execute("SELECT title FROM nodes WHERE kind = 'card' LIMIT 1").fetchone() or ["Soul Warden"])[0]
        q = urllib.parse.quote
        urls = ["/", "/api/overview", f"/search?q={q('誘発')}", f"/api/search?q={q('誘発 kind:claim')}",
                f"/document/{q(doc)}", f"/api/document/{q(doc)}", f"/graph/{q('doc:' + doc)}.svg",
                f"/api/search/page?q={q('魂の管理人')}", f"/card/{q(card)}"]
        stop = threading.Event()
        lock = threading.Lock()

        def client(k: int) -> None:
            i = k
            while not stop.is_set():
                url = urls[i % len(urls)]
                i += 1
                try:
                    status = urllib.request.urlopen(base + url, timeout=HANG_S).status
                    error = None if status == 200 else str(status)
                except urllib.error.HTTPError as e:
                    error = f"{e.code} {e.read()[:200]!r}"
                except Exception as e:                                   # noqa: BLE001 - counted
                    error = f"{type(e).__name__}: {e}"
                with lock:
                    out["requests"] += 1
                    if error:
                        out["failed"] += 1
                        if len(out["failures"]) < 5:
                            out["failures"].append(f"{url}: {error}")

        threads = [threading.Thread(target=client, args=(k,), daemon=True) for k in range(clients)]
        for t in threads:
            t.start()
        time.sleep(1.0)
        for n in range(ingests):
            folder = work / f"new{n}"
            folder.mkdir(exist_ok=True)
            keys = []
            for p in range(pages):
                name = f"new_{n}_{p}.txt"
                (folder / name).write_text(body.format(title=f"新しい頁{n}_{p}"), encoding="utf-8")
                keys.append(name)
            r = subprocess.run([sys.executable, "-m", "kb", "ingest", "--no-progress", "--json", str(folder),
                                "--db", str(db)], cwd=ROOT, capture_output=True, text=True, timeout=600)
            out["ingest_failed"] += r.returncode != 0
            for key in keys:                 # seen by the running server, without a restart
                out["new_pages"] += 1
                try:
                    ok = urllib.request.urlopen(f"{base}/api/document/{q(key)}", timeout=HANG_S).status == 200
                except urllib.error.URLError:
                    ok = False
                out["new_pages_missing"] += not ok
            time.sleep(0.5)
        stop.set()
        for t in threads:
            t.join(timeout=HANG_S * 2)
        out["deleted_store_files"] = deleted_store_files(server.pid, db)
        for url in urls:
            try:
                ok = urllib.request.urlopen(base + url, timeout=HANG_S).status == 200
            except urllib.error.URLError:
                ok = False
            out["after_not_200"] += not ok
        out["server_peak_rss_mb"] = round(_rss_mb(server.pid), 1)
    finally:
        server.terminate()
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()
    return out


# ------------------------------------------------------------------------------------------- main
def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--documents", type=int, default=4000)
    ap.add_argument("--scenarios", type=int, default=3000)
    ap.add_argument("--requests", type=int, default=3000)
    ap.add_argument("--clients", type=int, default=8)
    ap.add_argument("--ingests", type=int, default=3)
    ap.add_argument("--seed", type=int, default=23)
    ap.add_argument("--keep", metavar="DIR", help="work here and keep the files")
    args = ap.parse_args()
    rnd = random.Random(args.seed)
    work = Path(args.keep) if args.keep else Path(tempfile.mkdtemp(prefix="mtgkb-fuzz-"))
    work.mkdir(parents=True, exist_ok=True)
    t0 = time.perf_counter()
    try:
        result = {"seed": args.seed}
        result["documents"] = documents(args.documents, work, rnd)
        print(f"documents: {json.dumps(result['documents'])}", flush=True)
        result["scenarios"] = scenarios(args.scenarios, work, rnd)
        print(f"scenarios: {json.dumps(result['scenarios'])}", flush=True)
        result["requests"] = requests_phase(args.requests, work / "kb.sqlite", rnd)
        print(f"requests:  {json.dumps(result['requests'])}", flush=True)
        result["serve"] = serve_under_ingest(work / "kb.sqlite", work, args.clients, args.ingests)
        print(f"serve:     {json.dumps(result['serve'], ensure_ascii=False)}", flush=True)
        parts = [result[k] for k in ("documents", "scenarios", "requests")]
        s = result["serve"]
        result["total"] = {
            "inputs": sum(p["inputs"] for p in parts),
            "tracebacks": sum(p["tracebacks"] for p in parts) + result["requests"]["server_errors"],
            "hangs": sum(p["hangs"] for p in parts),
            "lost_documents": result["documents"]["lost"],
            "peak_rss_mb": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1),
            "serve_failed_requests": s["failed"] + s["after_not_200"] + s["new_pages_missing"],
            "serve_deleted_store_files": len(s["deleted_store_files"]),
            "seconds": round(time.perf_counter() - t0, 1),
        }
        t = result["total"]
        print(f"{t['inputs']} inputs: {t['tracebacks']} tracebacks, {t['hangs']} hangs (> {HANG_S:.0f} s), "
              f"{t['lost_documents']} lost documents, peak RSS {t['peak_rss_mb']} MB; serve under "
              f"{args.ingests} ingests with {args.clients} clients: {s['requests']} requests, "
              f"{t['serve_failed_requests']} failed, {t['serve_deleted_store_files']} deleted store files held "
              f"({t['seconds']} s)")
        print(json.dumps(result, ensure_ascii=False))
        bad = t["tracebacks"] + t["hangs"] + t["lost_documents"] + t["serve_failed_requests"] + \
            t["serve_deleted_store_files"]
        return 1 if bad else 0
    finally:
        if not args.keep:
            shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
