"""Web UI benchmark: ``mtgkb serve`` (a uvicorn subprocess) under 8 concurrent HTTP clients.

    .venv/bin/python bench/bench_web.py [--db PATH] [--docs 30000] [--clients 8] [--requests 400]

The store is the one ``bench/bench_search.py`` builds (a 30,000-document store from the real pages of
../shared/corpus), built at ``--db`` when missing.  Reports p50/p95 of

* page requests (``/card``, ``/keyword``, ``/rule``, ``/document``, ``/claim``, ``/``) and
* search requests (``/search?q=`` HTML with facets, and ``/api/search?q=`` = ``mtgkb search --json``)

beside a bare FTS5 ``MATCH … ORDER BY rank LIMIT 10`` run by the same number of threads on their own
connections in the same run (the baseline), and ``kb.search.search`` called directly (no HTTP).
Targets: page p95 < 50 ms, search p95 < 20 ms.
"""
from __future__ import annotations

import argparse
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
    ap.add_argument("--workers", type=int, default=1, help="mtgkb serve --workers N")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        return run(args, args.db or Path(tmp) / "bench.sqlite")


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

    port = free_port()
    server = subprocess.Popen([sys.executable, "-m", "kb", "serve", "--db", str(db), "--port", str(port),
                               "--workers", str(args.workers)],
                              cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    base = f"http://127.0.0.1:{port}"
    try:
        import httpx

        for _ in range(200):
            try:
                httpx.get(base + "/", timeout=5)
                break
            except httpx.TransportError:
                time.sleep(0.1)
        # warm up: every kind of page once (Sudachi, the card table, the behaviours are loaded once per process)
        hammer(base, pages[:10] + search_urls(queries[:10]), 1)
        one_pages, _ = hammer(base, pages[:100], 1)          # one client: latency without queueing
        one_search, _ = hammer(base, search_urls(queries[:100]), 1)
        t = time.perf_counter()
        page_t, errs = hammer(base, pages, args.clients)
        search_t, errs2 = hammer(base, search_urls(queries), args.clients)
        wall = time.perf_counter() - t
    finally:
        server.terminate()
        server.wait(timeout=10)
    bare_one = threaded(db, queries[:100], 1, bare)
    bare_t = threaded(db, queries, args.clients, bare)
    direct_t = threaded(db, queries, args.clients, lambda c, q: S.search(c, q, limit=10))

    all_pages = [x for k, xs in page_t.items() for x in xs]
    all_search = [x for xs in search_t.values() for x in xs]
    print(f"\n{args.clients} concurrent clients ({args.workers} server process(es)), {len(all_pages)} page + "
          f"{len(all_search)} search requests "
          f"in {wall:.1f}s; errors: {len(errs) + len(errs2)}")
    for e in (errs + errs2)[:5]:
        print("   ", e)
    print("one client (no queueing):")
    print(line("pages", [x for xs in one_pages.values() for x in xs], bare_one))
    print(line("searches", [x for xs in one_search.values() for x in xs], bare_one))
    print(line("bare FTS5 MATCH", bare_one))
    print(f"{args.clients} clients:")
    print("pages:")
    for kind, xs in sorted(page_t.items()):
        print(line(kind, xs))
    print(line("all pages", all_pages, bare_t))
    print("searches:")
    for kind, xs in sorted(search_t.items()):
        print(line(kind, xs, bare_t))
    print(line("kb.search.search", direct_t, bare_t))
    print(line("bare FTS5 MATCH", bare_t))
    pp, sp = pct(all_pages, 95), pct(search_t.get("api/search", all_search), 95)
    print(f"targets: page p95 < 50 ms {'OK' if pp < 50 else 'MISSED'} ({pp:.1f}); "
          f"search p95 < 20 ms {'OK' if sp < 20 else 'MISSED'} ({sp:.1f}, /api/search)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
