"""Web UI benchmark: ``mtgkb serve`` (a uvicorn subprocess) under 8 concurrent HTTP clients.

    .venv/bin/python bench/bench_web.py [--db PATH] [--docs 30000] [--clients 8] [--requests 400]
                                        [--workers N] [--baseline TREE] [--no-page-cache]

The store is the one ``bench/bench_search.py`` builds (a 30,000-document store from the real pages of
../shared/corpus), built at ``--db`` when missing.  Reports p50/p95 of

* page requests (``/card``, ``/keyword``, ``/rule``, ``/document``, ``/claim``, ``/``) and
* search requests (``/search?q=`` HTML with facets, and ``/api/search?q=`` = ``mtgkb search --json``)

beside a bare FTS5 ``MATCH … ORDER BY rank LIMIT 10`` run by the same number of threads on their own
connections in the same run (the baseline), and ``kb.search.search`` called directly (no HTTP).

``--baseline TREE`` serves the same store with the same URLs from another checkout too (e.g. the start commit,
``git worktree add --detach /tmp/start 5546642``), one server after the other, and reports each figure of this
tree as a ratio to that one beside the ratios to bare FTS5 measured right after each server ran (the machine's
load drifts).  Targets (issue 22): with 8 clients, page p95 and /api/search p95 within 1.5x bare FTS5 p95;
one client, page p95 < 50 ms.  ``--no-page-cache`` runs the servers with ``MTGKB_PAGE_CACHE=0``.
"""
from __future__ import annotations

import argparse
import os
import random
import socket
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from urllib.parse import quote

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

import bench_search as BS  # noqa: E402
from kb import search as S  # noqa: E402


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def page_urls(conn: sqlite3.Connection, n: int, seed: int = 5) -> list[str]:
    """A mix of page URLs for nodes the store holds (cards with links, keywords, rules, documents, claims)."""
    rng = random.Random(seed)

    def ids(sql: str, k: int = 60) -> list[str]:
        return [r[0] for r in conn.execute(sql + " LIMIT ?", (k,))]

    cards = ids("SELECT DISTINCT e.dst FROM edges e WHERE e.kind = 'mentions' AND e.dst >= 'card:' "
                "AND e.dst < 'card;'")
    kws = ids("SELECT id FROM nodes WHERE id >= 'kw:' AND id < 'kw;'")
    rules = ids("SELECT id FROM nodes WHERE id >= 'rule:' AND id < 'rule;' AND doc IS NOT NULL")
    docs = [f"doc:{k}" for k in ids("SELECT key FROM documents ORDER BY random()")]
    claims = ids("SELECT id FROM nodes WHERE id >= 'claim:' AND id < 'claim;'")
    from kb.web.pages import node_url

    pools = [p for p in (cards, kws, rules, docs, claims) if p]
    out = ["/"]
    while len(out) < n:
        pool = pools[len(out) % len(pools)]
        out.append(node_url(rng.choice(pool)))
    return out


def search_urls(queries: list[str]) -> list[str]:
    out = []
    for i, q in enumerate(queries):
        out.append(("/search?q=" if i % 2 else "/api/search?q=") + quote(q))
    return out


def pct(xs: list[float], p: float) -> float:
    return BS.pct(xs, p) if xs else float("nan")


def hammer(base: str, urls: list[str], clients: int) -> tuple[dict[str, list[float]], list[str]]:
    """Each client thread takes the next URL until none is left; latency (ms) by page kind."""
    import httpx

    todo = list(enumerate(urls))
    lock = threading.Lock()
    times: dict[str, list[float]] = {}
    errors: list[str] = []

    def worker() -> None:
        with httpx.Client(base_url=base, timeout=60) as c:
            while True:
                with lock:
                    if not todo:
                        return
                    _, url = todo.pop()
                t = time.perf_counter()
                r = c.get(url)
                dt = (time.perf_counter() - t) * 1000
                kind = url.split("?")[0].split("/")[1] or "home"
                if kind == "api":
                    kind = "api/" + url.split("?")[0].split("/")[2]
                with lock:
                    times.setdefault(kind, []).append(dt)
                    if r.status_code != 200:
                        errors.append(f"{r.status_code} {url}")

    threads = [threading.Thread(target=worker) for _ in range(clients)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return times, errors


def threaded(db: Path, queries: list[str], clients: int, run) -> list[float]:
    """``run(conn, q)`` for every query, spread over ``clients`` threads with a connection each (ms)."""
    todo = list(queries)
    lock = threading.Lock()
    out: list[float] = []

    def worker() -> None:
        conn = sqlite3.connect(f"{db.resolve().as_uri()}?mode=ro", uri=True)
        while True:
            with lock:
                if not todo:
                    break
                q = todo.pop()
            t = time.perf_counter()
            try:
                run(conn, q)
            except S.QueryError:
                pass
            dt = (time.perf_counter() - t) * 1000
            with lock:
                out.append(dt)
        conn.close()

    threads = [threading.Thread(target=worker) for _ in range(clients)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return out


def bare(conn: sqlite3.Connection, q: str) -> None:
    sql, arg = BS.bare_match(q)
    conn.execute(sql, (arg,)).fetchall()


def line(label: str, xs: list[float], base: list[float] | None = None) -> str:
    s = f"  {label:22} n={len(xs):4}  p50 {pct(xs, 50):7.2f} ms  p95 {pct(xs, 95):7.2f} ms"
    if base:
        s += f"  (p95 {pct(xs, 95) / pct(base, 95):.1f}x bare FTS)"
    return s


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--db", type=Path, help="store to serve (built like bench_search.py when missing)")
    ap.add_argument("--docs", type=int, default=30_000)
    ap.add_argument("--clients", type=int, default=8)
    ap.add_argument("--requests", type=int, default=400, help="page requests (and as many searches)")
    ap.add_argument("--workers", type=int, default=1, help="mtgkb serve --workers N (this tree)")
    ap.add_argument("--baseline", type=Path, help="a checkout to compare with (its server runs first)")
    ap.add_argument("--baseline-workers", type=int, default=1, help="--workers of the baseline's server")
    ap.add_argument("--no-page-cache", action="store_true", help="serve with MTGKB_PAGE_CACHE=0")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        return run(args, args.db or Path(tmp) / "bench.sqlite")


def measure(tree: Path, db: Path, workers: int, pages: list[str], queries: list[str], clients: int,
            no_cache: bool) -> dict:
    """One server from ``tree`` over ``db``: latencies of one client, then of ``clients``; then bare FTS5."""
    port = free_port()
    env = {**os.environ, "PYTHONPATH": str(tree)}
    if no_cache:
        env["MTGKB_PAGE_CACHE"] = "0"
    server = subprocess.Popen([sys.executable, "-m", "kb", "serve", "--db", str(db), "--port", str(port),
                               "--workers", str(workers)],
                              cwd=tree, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    base = f"http://127.0.0.1:{port}"
    try:
        import httpx

        for _ in range(600):
            try:
                httpx.get(base + "/", timeout=5)
                break
            except httpx.TransportError:
                time.sleep(0.1)
        # warm up: every kind of page once per process (Sudachi, the card table, the behaviours load once)
        for _ in range(workers):
            hammer(base, pages[:10] + search_urls(queries[:10]), 1)
        one_pages, _ = hammer(base, pages[:100], 1)          # one client: latency without queueing
        one_search, _ = hammer(base, search_urls(queries[:100]), 1)
        t = time.perf_counter()
        page_t, errs = hammer(base, pages, clients)
        search_t, errs2 = hammer(base, search_urls(queries), clients)
        wall = time.perf_counter() - t
    finally:
        server.terminate()
        server.wait(timeout=30)
    return {"one_pages": [x for xs in one_pages.values() for x in xs],
            "one_search": [x for xs in one_search.values() for x in xs],
            "page_t": page_t, "search_t": search_t, "wall": wall, "errors": errs + errs2,
            "bare_one": threaded(db, queries[:100], 1, bare), "bare_t": threaded(db, queries, clients, bare)}


def report(label: str, m: dict, clients: int, workers: int) -> None:
    all_pages = [x for xs in m["page_t"].values() for x in xs]
    all_search = [x for xs in m["search_t"].values() for x in xs]
    print(f"\n== {label}: {clients} concurrent clients ({workers} server process(es)), {len(all_pages)} page + "
          f"{len(all_search)} search requests in {m['wall']:.1f}s; errors: {len(m['errors'])}")
    for e in m["errors"][:5]:
        print("   ", e)
    print("one client (no queueing):")
    print(line("pages", m["one_pages"], m["bare_one"]))
    print(line("searches", m["one_search"], m["bare_one"]))
    print(line("bare FTS5 MATCH", m["bare_one"]))
    print(f"{clients} clients:")
    for kind, xs in sorted(m["page_t"].items()):
        print(line(kind, xs))
    print(line("all pages", all_pages, m["bare_t"]))
    for kind, xs in sorted(m["search_t"].items()):
        print(line(kind, xs, m["bare_t"]))
    print(line("bare FTS5 MATCH", m["bare_t"]))


def figures(m: dict) -> dict[str, float]:
    """The figures issue 22 sets targets for (ms)."""
    all_pages = [x for xs in m["page_t"].values() for x in xs]
    out = {"1 client page p95": pct(m["one_pages"], 95), "all pages p95": pct(all_pages, 95),
           "/api/search p95": pct(m["search_t"].get("api/search", []), 95),
           "/search p95": pct(m["search_t"].get("search", []), 95), "bare FTS5 p95": pct(m["bare_t"], 95)}
    for kind in ("card", "keyword"):
        out[f"{kind} page p50"] = pct(m["page_t"].get(kind, []), 50)
    return out


def run(args, db: Path) -> int:
    if not db.exists():
        if not BS.CORPUS.is_dir():
            print(f"needs {BS.CORPUS} (the shared corpus) to build a store", file=sys.stderr)
            return 1
        print(f"building a {args.docs}-document store at {db} …", flush=True)
        BS.build(db, args.docs)
    conn = sqlite3.connect(f"{db.resolve().as_uri()}?mode=ro", uri=True)
    print("nodes:", dict(conn.execute("SELECT kind, count(*) FROM nodes GROUP BY kind").fetchall()))
    pages = page_urls(conn, args.requests)
    queries = BS.make_queries(conn, args.requests)
    conn.close()
    direct_t = threaded(db, queries, args.clients, lambda c, q: S.search(c, q, limit=10))
    base = None
    if args.baseline:
        base = measure(args.baseline.resolve(), db, args.baseline_workers, pages, queries, args.clients,
                       args.no_page_cache)
        report(f"baseline {args.baseline}", base, args.clients, args.baseline_workers)
    now = measure(ROOT, db, args.workers, pages, queries, args.clients, args.no_page_cache)
    report(f"this tree {ROOT}", now, args.clients, args.workers)
    print(line("kb.search.search", direct_t))
    f = figures(now)
    fb = figures(base) if base else {}
    print(f"\nsummary ({args.clients} clients; ratios to bare FTS5 p95 of the same server's run"
          + (", and this tree / baseline)" if base else ")"))
    for k, v in f.items():
        s = f"  {k:20} {v:8.1f} ms"
        if k != "bare FTS5 p95" and "p95" in k and "1 client" not in k:
            s += f"  = {v / f['bare FTS5 p95']:.2f}x bare FTS5"
        if base:
            s += f"   (baseline {fb[k]:8.1f} ms" + (f" = {fb[k] / fb['bare FTS5 p95']:.2f}x bare FTS5"
                                                    if k != "bare FTS5 p95" and "p95" in k
                                                    and "1 client" not in k else "")
            s += f"; this/baseline {v / fb[k]:.2f})"
        print(s)
    ok_pages = f["all pages p95"] <= 1.5 * f["bare FTS5 p95"]
    ok_search = f["/api/search p95"] <= 1.5 * f["bare FTS5 p95"]
    print(f"targets: page p95 <= 1.5x bare FTS5 {'OK' if ok_pages else 'MISSED'}; /api/search p95 <= 1.5x bare "
          f"FTS5 {'OK' if ok_search else 'MISSED'}; one-client page p95 < 50 ms "
          f"{'OK' if f['1 client page p95'] < 50 else 'MISSED'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
