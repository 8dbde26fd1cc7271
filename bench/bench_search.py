"""Search benchmark: a 30,000-document store built from real pages of ../shared/corpus.

    .venv/bin/python bench/bench_search.py [--docs 30000] [--queries 200] [--db PATH] [--keep]

Each real page is extracted once; document i is page ``i % pages`` written through ``Store.write_document``
with its own key and title and one extra line of corpus words at the end, so no two documents are equal.
Node tokens are computed per line with a cache (tokens of a text = union of its lines' tokens, the same set
``tokens_for`` gives for the whole text), which keeps the build to minutes.

Reports p50/p95 of ``kb.search.search`` over mixed queries (JA short/long, EN, operators) beside a bare
FTS5 ``MATCH … ORDER BY rank LIMIT 10`` on the same store, and the cold start of ``mtgkb search`` (a
subprocess) beside a bare ``python -c 'import sqlite3'`` that runs one FTS query.
"""
from __future__ import annotations

import argparse
import copy
import random
import re
import statistics
import subprocess
import sys
import tempfile
import time
from functools import lru_cache
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
CORPUS = ROOT.parent / "shared" / "corpus"

from extractor import extract  # noqa: E402
from extractor.facts import ExtractionError  # noqa: E402
from extractor.sources import read_path  # noqa: E402
from kb import search as S  # noqa: E402
from kb.store import Store, document_key  # noqa: E402
from kb.tokens import tokens_for  # noqa: E402


def pages() -> list:
    out = []
    for path in sorted(CORPUS.iterdir()):
        for raw in read_path(path):
            if isinstance(raw, ExtractionError):
                continue
            try:
                out.append(extract(raw))
            except Exception as e:  # a page the extractor cannot read is simply not used
                print(f"  skip {raw.path}#{raw.title}: {type(e).__name__}: {e}", file=sys.stderr)
    return out


@lru_cache(maxsize=None)
def _line_tokens(line: str) -> tuple[str, ...]:
    return tuple(tokens_for(line).split())


def cached_tokens(text: str) -> str:
    seen: dict[str, None] = {}
    for line in text.split("\n"):
        for w in _line_tokens(line):
            seen.setdefault(w, None)
    return " ".join(seen)


def vocabulary(docs) -> list[str]:
    words: set[str] = set()
    for d in docs[:50]:
        words.update(w for w in tokens_for(d.raw.text[:3000]).split() if len(w) >= 2)
    return sorted(words)


def _rekey(doc, old: str, new: str) -> None:
    """Give the copy's examples ids of its own key (ids embed the document key, docs/design.md)."""
    def ex(e):
        e = copy.copy(e)
        e.id = e.id.replace(f"ex:{old}:", f"ex:{new}:", 1)
        return e

    doc.examples = [ex(e) for e in doc.examples]
    rules = []
    for r in doc.rules:
        r = copy.copy(r)
        r.examples = [ex(e) for e in r.examples]
        rules.append(r)
    doc.rules = rules


def build(db: Path, n_docs: int, seed: int = 7) -> tuple[list, float]:
    docs = pages()
    if not docs:
        sys.exit(f"no pages under {CORPUS}")
    vocab = vocabulary(docs)
    rng = random.Random(seed)
    store = Store(db)
    store._tokens = cached_tokens
    t0 = time.perf_counter()
    for i in range(n_docs):
        base = docs[i % len(docs)]
        doc = copy.copy(base)
        raw = copy.copy(base.raw)
        extra = "・".join(rng.sample(vocab, 6))
        raw.title = f"{base.raw.title} ({i // len(docs) + 1})"
        raw.key = f"bench{i:05d}#{raw.title}"
        raw.text = base.raw.text.rstrip("\n") + f"\n版{i}: {extra}\n"
        doc.raw = raw
        _rekey(doc, document_key(base.raw), raw.key)
        store.write_document(doc)
        if (i + 1) % 2000 == 0:
            dt = time.perf_counter() - t0
            print(f"  {i + 1} documents, {dt:.0f}s ({(i + 1) / dt:.0f} docs/s)", flush=True)
    build_s = time.perf_counter() - t0
    store.conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    store.conn.execute("ANALYZE")
    store.close()
    return docs, build_s


def make_queries(conn, n: int, seed: int = 11) -> list[str]:
    rng = random.Random(seed)
    cards = conn.execute("SELECT title, text FROM nodes WHERE id >= 'card:' AND id < 'card;' "
                         "AND text != '' LIMIT 400").fetchall()
    kws = [r[0] for r in conn.execute("SELECT title FROM nodes WHERE id >= 'kw:' AND id < 'kw;'")]
    rules = [r[0][5:] for r in conn.execute("SELECT id FROM nodes WHERE id >= 'rule:' AND id < 'rule;'")]
    texts = [r[0] for r in conn.execute("SELECT text FROM nodes WHERE kind IN ('example','section') "
                                        "AND length(text) > 40 LIMIT 3000")]
    shorts = ["誘発", "信心", "神", "能力", "戦場", "対象", "呪文", "授与", "墓地", "解決", "ターン", "死亡",
              "怪物", "頑強", "不死", "山", "色", "白"]
    english = ["trigger", "Bestow", "battlefield", "Raise the Alarm", "enters", "Essence Scatter",
               "graveyard", "APNAP", "Soul Warden", "monstrous"]
    cjk = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]{3,}")

    def long_ja() -> str:
        runs = cjk.findall(rng.choice(texts))
        run = rng.choice(runs) if runs else "誘発型能力"
        k = rng.randint(3, min(8, len(run)))
        i = rng.randint(0, len(run) - k)
        return run[i:i + k]

    makers = [
        lambda: rng.choice(shorts),
        long_ja,
        lambda: f"{rng.choice(shorts)} {long_ja()}",
        lambda: rng.choice(english),
        lambda: f'"{rng.choice(cards)[0]}"' if cards else "Soul Warden",
        lambda: rng.choice(cards)[1] if cards else "魂の管理人",
        lambda: f"card:{rng.choice(cards)[0]}" if cards else "card:Soul Warden",
        lambda: f"kw:{rng.choice(kws)}" if kws else "kw:授与",
        lambda: f"rule:{rng.choice(rules)}" if rules else "rule:603",
        lambda: f"{rng.choice(shorts)} kind:example",
        lambda: f"{long_ja()} -{rng.choice(shorts)}",
    ]
    return [makers[i % len(makers)]() for i in range(n)]


def bare_match(q: str) -> tuple[str, str]:
    """A bare FTS query for the first plain word of a query (the baseline)."""
    words = [w.strip('"') for w in q.split() if ":" not in w and not w.startswith("-")]
    word = words[0] if words else re.sub(r"^\w+:", "", q.split()[0]).strip('"') or "誘発"
    table = "nodes_tri" if len(word) >= 3 else "nodes_tok"
    return f"SELECT rowid FROM {table} WHERE {table} MATCH ? ORDER BY rank LIMIT 10", S.fts_string(word)


def pct(xs: list[float], p: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(p / 100 * (len(xs) - 1))))]


def time_queries(db: Path, queries: list[str]) -> tuple[list[float], list[float], dict[str, list[float]]]:
    import sqlite3

    conn = sqlite3.connect(f"{db.resolve().as_uri()}?mode=ro", uri=True)
    S.search(conn, "誘発")                         # load Sudachi once, as a long-lived process would
    ours, bare, by_kind = [], [], {}
    for q in queries:
        t = time.perf_counter()
        try:
            S.search(conn, q, limit=10)
        except S.QueryError as e:
            print(f"  query error {q!r}: {e}")
        dt = (time.perf_counter() - t) * 1000
        ours.append(dt)
        kind = q.split(":")[0] + ":" if re.match(r"^\w+:", q) else ("short" if len(q) < 3 else "text")
        by_kind.setdefault(kind, []).append(dt)
        sql, arg = bare_match(q)
        t = time.perf_counter()
        conn.execute(sql, (arg,)).fetchall()
        bare.append((time.perf_counter() - t) * 1000)
    return ours, bare, by_kind


def cold_start(db: Path, runs: int = 5) -> tuple[float, float, float]:
    def wall(cmd: list[str]) -> float:
        times = []
        for _ in range(runs):
            t = time.perf_counter()
            subprocess.run(cmd, cwd=ROOT, capture_output=True, check=True)
            times.append(time.perf_counter() - t)
        return statistics.median(times)

    long_q = wall([sys.executable, "-m", "kb", "search", "魂の管理人", "--db", str(db)])
    short_q = wall([sys.executable, "-m", "kb", "search", "誘発", "--db", str(db)])
    bare = wall([sys.executable, "-c", "import sqlite3, sys; c = sqlite3.connect(sys.argv[1]); "
                 "print(c.execute(\"SELECT rowid FROM nodes_tri WHERE nodes_tri MATCH '\\\"魂の管理人\\\"' "
                 "ORDER BY rank LIMIT 10\").fetchall())", str(db)])
    return long_q, short_q, bare


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--docs", type=int, default=30_000)
    ap.add_argument("--queries", type=int, default=200)
    ap.add_argument("--db", type=Path, help="reuse/keep the store here (built when missing)")
    args = ap.parse_args()
    if not CORPUS.is_dir():
        print(f"needs {CORPUS} (the shared corpus)", file=sys.stderr)
        return 1
    tmp = None
    db = args.db
    if db is None:
        tmp = tempfile.TemporaryDirectory()
        db = Path(tmp.name) / "bench.sqlite"
    if not db.exists():
        print(f"building a {args.docs}-document store at {db} …", flush=True)
        docs, build_s = build(db, args.docs)
        mb = sum(len(d.raw.text.encode()) for d in docs) / len(docs) * args.docs / 1e6
        print(f"built in {build_s:.0f}s from {len(docs)} real pages (~{mb:.0f} MB of text, "
              f"{mb / build_s:.2f} MB/s incl. FTS indexing); file {db.stat().st_size / 1e6:.0f} MB")
    texts = [d.raw.text for d in pages()[:60]]
    size = sum(len(t.encode()) for t in texts)
    t = time.perf_counter()
    for text in texts:
        for para in text.split("\n\n"):
            tokens_for(para)
    dt = time.perf_counter() - t
    print(f"tokens_for: {size / 1024 / dt:.0f} KB/s over {size / 1024:.0f} KB of real pages (paragraph nodes)")
    import sqlite3

    conn = sqlite3.connect(db)
    counts = dict(conn.execute("SELECT kind, count(*) FROM nodes GROUP BY kind").fetchall())
    print("nodes:", counts)
    queries = make_queries(conn, args.queries)
    conn.close()
    ours, bare, by_kind = time_queries(db, queries)
    p50, p95 = pct(ours, 50), pct(ours, 95)
    b50, b95 = pct(bare, 50), pct(bare, 95)
    print(f"\n{len(queries)} queries   p50 {p50:7.2f} ms   p95 {p95:7.2f} ms   max {max(ours):7.2f} ms")
    print(f"bare FTS MATCH  p50 {b50:7.2f} ms   p95 {b95:7.2f} ms   (ratio p50 {p50 / b50:.1f}x, "
          f"p95 {p95 / b95:.1f}x)")
    for kind, xs in sorted(by_kind.items()):
        print(f"  {kind:10} n={len(xs):3}  p50 {pct(xs, 50):7.2f} ms  p95 {pct(xs, 95):7.2f} ms")
    slow = sorted(zip(ours, queries), reverse=True)[:5]
    print("slowest:", ", ".join(f"{q!r} {t:.1f} ms" for t, q in slow))
    long_q, short_q, bare_s = cold_start(db)
    print(f"\ncold start `mtgkb search 魂の管理人` {long_q * 1000:.0f} ms, `mtgkb search 誘発` "
          f"{short_q * 1000:.0f} ms; bare python+sqlite {bare_s * 1000:.0f} ms "
          f"(ratio {long_q / bare_s:.1f}x / {short_q / bare_s:.1f}x)")
    print(f"targets: p95 < 20 ms {'OK' if p95 < 20 else 'MISSED'}; cold start < 1 s "
          f"{'OK' if max(long_q, short_q) < 1 else 'MISSED'}")
    if tmp:
        tmp.cleanup()
    return 0


if __name__ == "__main__":
    sys.exit(main())
