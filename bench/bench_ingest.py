"""Ingest throughput against bare ``mwparserfromhell.parse`` of the same texts, measured in one run.

Scales ``../shared/corpus`` (XML export pages, wiki/*.txt, cr/*.txt) to N distinct pages (default 2,000:
titles numbered, the page index inserted in the text, bullet runs shuffled per page), writes them as one
MediaWiki XML export (+ the CR files once) in a temporary folder, then measures

* baseline: ``mwparserfromhell.parse`` of every page text (in this process; the fastest of at least
  ``BARE_RUNS`` runs: one run takes a fraction of a second, and other jobs on the machine slow single runs),
* ingest: ``python -m kb ingest --json --no-progress`` into a fresh store (a child process, so its peak
  RSS is measured alone; its time includes interpreter and pipeline start-up).  Peak RSS is both the
  largest single process (``ru_maxrss``) and the sampled sum over the ingest's process tree (workers).

``--cards AtomicCards.json`` loads the MTGJSON file into a store first (not timed, once: each run's fresh
store is a copy of it), so the ingest runs with the full card table, as after ``mtgkb ingest --cards``.
``--breakdown`` ingests once more in-process and serially (``parallel=False``) so that cProfile sees every
stage; ``--profile`` profiles the main ingest process only (its reader and writer child processes, which read
and extract the documents and write the store, are not in it).  When
other jobs load the machine, the wall-clock ratio suffers first: compare the CPU ratio too (the ingest's
CPU time over the bare parse's CPU time: a wall-clock baseline would flatter it under load).

``--big-mb N`` (issue 23) also writes ONE wikitext page of N MB (the scaled pages one after another, as
sections of a single page) and ingests it alone into a fresh store: its KB/s over the ordinary pages' KB/s
of the same run must be >= 0.5 (memory and time linear in a document's size), its peak RSS bounded.

Measured (issue 20, default 2,000 pages, no card file; 2 cores shared with other jobs at load 5-8, main at
a02c592 and this code run alternately).  In-process, per process (``ingest(parallel=True)``): the ingest
process 5.9 / 5.9 s CPU before, 3.8 / 4.2 s after; its children (writer, and now the reader) 4.2 / 4.4 s
before, 3.7 / 4.3 s after — the ingest process, the one the others wait for, -30 %.  The changes: the search
index of a large ingest rebuilt once at its end instead of an FTS5 segment per document's transaction (the
writer's commits 4.4 -> 2.4 s CPU, serial), documents read and extracted by a reader process, spaCy imported
without its CLI (start-up -0.25 s CPU).  Through this script (``--repeat 3``, fastest run): ingest CPU
8.8 / 9.4 s before, 8.4 / 9.0 s after; wall 16.0 / 20.1 s before, 16.0 / 21.1 s after — at that load the
wall clock measures the other jobs.  At load 1-2 (``--repeat 2``): wall 4.97 / 5.16 s before (11.9 / 13.2x),
4.15 s after (10.2x; the next after-run, 7.1 s, had one core only: wall = CPU); CPU 7.9 / 8.0 s before
(19.2 / 20.5x), 6.6 / 7.2 s after (16.3 / 17.9x); with another job holding a core, 9.7 s before and
8.3 / 10.0 s after (wall = CPU): single runs swing by a quarter here.
Start-up (one page alone) 1.4-1.7 s CPU before, 1.2-1.3 s after.  ``--pages 600 --cards``: 5.7 s CPU before,
5.9 after (the 24k card nodes keep the index from being deferred; the reader's pickling costs 0.3 s); the
stores are the same (every table's content, FTS hits of ten queries, FTS integrity), before and after.

Round 2 (main 021c686 and this code alternately, 2,000 pages, no card file, load 3-4 with other jobs): the
claim reader's mechanical prefilters (a composed predicate scanned only when the clause holds every character
its pattern needs, ``extractor/regex_need.py``; a finder's ``needs`` search skipped without one of its key
characters; a 'JA/EN' title's own form parsed alone first in ``page_card``; ``general_statements`` checks the
raw line before stripping its links).  The ingest's main process (timed in-process, best of 5 runs each):
3.40 s CPU before, 2.94 s after; its claim reading (``attach_claims``) 2.31 -> 1.80 s, of which the composed
predicates' scan (``_read_clause``) 0.56 -> 0.32-0.36 s.  Through this script (one run each, alternately):
ingest CPU 8.6 / 8.1 s before, 7.1 / 8.4 s after (at that load single runs swing by a quarter).  The claims
are the same: every node and edge row of the documents of ingests of this corpus, ../shared/corpus pages, more,
rulings, wiki, the XML export and the generality topic pages hashed identical before and after.  Start-up
(one page) is unchanged at 1.3-1.4 s CPU; of that, with ``PYTHONDONTWRITEBYTECODE`` set (as here) every
module is compiled from source each run: with cached bytecode, importing the claim reader takes 0.27 s
instead of 0.35 s.

Round 3 (c90d1fd, exported with ``git archive`` and run by the same interpreter, and this code alternately;
2,000 pages, no card file; four other jobs shared the 2 cores, so single wall times swing by half).  Where
the time goes (per process, in-process runs): the main process (start-up, claims) and the two children
(reading and extracting; rows, search tokens and SQL) each keep one core about as busy, so only less total
CPU or a shorter serial part shortens the wall time.  The changes: the reader process runs ahead of the main
process (a sender thread and a bounded queue instead of a full pipe: it extracts while the main process
starts up); a document the claim reader leaves unchanged travels to the writer as the reader's own pickled
bytes; the claim reader's modules are imported in a thread while the main process waits for its first
document; the writer indexes the rows the deferred search index left out in a few batches while it waits
for documents (``kb.fts.CatchUp``) instead of rebuilding the whole index after the last one (the serial
tail); a clause's candidate predicates are found through an index of their needed characters.

* Through this script, 5 alternating pairs at load 2.8-4: the fastest wall 4.15 s before (10.5x; the others
  4.3-15.7 s), 3.79 s after (9.4x, twice; the others 7.6-11.2 s); the fastest CPU 6.49 s both (16.4x before,
  16.2x after); the one-page start-up 1.19-2.14 s before, 1.31-2.48 s after (1.3-1.9 s CPU either way); peak
  RSS of all processes 684 -> 694-697 MB (the reader's queue).
* Medians of 5 alternating in-process runs (``ingest(parallel=True)``, load 7-8.5): wall 21.6 -> 18.2 s; the
  tail after the main process's last document 1.42 -> 0.75 s; CPU main 4.72 -> 4.55 s, reader 1.59 -> 1.35 s,
  writer 3.17 -> 2.82 s, total 9.46 -> 8.73 s.  A one-page ingest (load 6) has its claim reader ready
  0.6-0.8 s sooner (2.6-2.9 s instead of 3.8-4.2 s wall).
* ``--cards`` (2,000 pages on the full card table): 40.7 s wall, 15.5 s CPU before (load 5.6), 22.5 s wall,
  12.9 s CPU after (load 9.1): the rebuild re-indexed all 24k card nodes, a catch-up indexes only the rows
  the ingest wrote.
* The stores are the same: every table's rows (rowids included), the hits of ten FTS queries and both FTS
  integrity checks, before and after, over this corpus (parallel and serial), a re-ingest replacing 1,000 of
  its pages (1,695 indexed rows updated or deleted while deferred), ../shared/corpus pages, more, wiki,
  rulings, the XML export and cr on the card store, the generality topic pages, and this corpus with
  ``--cards``.

Round 4 (f2822f9, a worktree run by the same interpreter, and this code alternately, in either order; 2,000
pages, no card file; load 5-10 from other jobs throughout).  Where the time goes (py-spy samples of a parallel
ingest, per-phase thread CPU): the ingest process (4.3-5.4 s CPU) imports the claim reader (~0.5 s, of which
regular expressions 0.14 s) and spaCy (~0.45 s) and reads claims (~2.5-2.8 s: the composed reader, the general
statements' prefilter, and ``page_card``'s two parses of each page's title, which no cache shares since titles
differ); the writer (2.5-3.5 s) spends ~0.55-0.65 s in the per-document COMMIT, 0.1-0.6 s in search tokens, ~0.5 s
in the search index's catch-up; the reader (1.2-1.5 s) mostly in mwparserfromhell.  The changes: what the reader
process and the ingest process both load (the wikitext reader's modules, the lexicon, SudachiPy) is loaded once
before the children are forked instead of once in each (one-page ingest: reader 0.06-0.10 -> 0.01-0.02 s CPU);
``page_card`` does not parse a 'JA/EN' title whose EN half is no card of the pipeline (a set's or a
keyword's page); into a store that already holds documents, nothing is loaded ahead (neither of the above nor
the claim reader's import while waiting): a re-ingest of this unchanged corpus imports no claim reader, 1.11-1.23
-> 0.49-0.66 s CPU, 2.7 -> 1.3-1.8 s wall (alternately, load 7.8).  The saving expected on a new store is
~0.1-0.15 s of CPU per ingest, below what this load lets a run show: medians of 9 alternating in-process
runs gave CPU total 9.35 -> 8.65 s (ingest process 4.81 -> 4.51 s, reader 1.37 -> 1.20 s, writer 2.97 ->
2.95 s), but through this script (4 runs each, load 6.4-10) the ingest CPU was 7.0 / 8.3 / 8.7 / 11.0 s
before and 8.6 / 8.9 / 9.0 / 11.1 s after, wall 8.6-20 s before and 18.7-32.9 s after: single runs swing by
half and the wall clock measures the other jobs.
The stores are the same (every table, FTS hits of ten queries, integrity, the ingest summaries) over this
corpus (parallel and serial), a 1,000-page re-ingest, ../shared/corpus on the card base and the generality pages.

The 6.3x target of issue 20 is not reached, and mechanical changes cannot reach it: the wall time is at best the
total CPU over the 2 cores (~8.5 s of CPU, ~4.3 s: ~10.5x a 0.40 s bare parse), so 6.3x (2.5 s) needs the
total CPU under 5 s, 40 % less, while the claim reading alone (~2.5 s, one process) and the start-up (~1.2 s CPU)
take more than half of that.  Grouping documents per transaction would save most of the COMMIT time but breaks
the store's promise of one transaction per document (README; tests/kb/test_ingest.py, a killed ingest keeps
exactly the documents before the one being written).

Round 6 (a7b22a3, a worktree run by the same interpreter, and this code alternately; 2,000 pages, no card file;
load 4-10 from other jobs).  The claim reader's machinery, its tables untouched: a sentence is composed once per
run (``compose.composed``: the reading is a function of the sentence's normalised text and cards; a copy is kept
and given — the 2,000 pages hold 152 distinct composed sentences among 3,692), a clause's candidate predicates and
a sentence's candidate finders are found by an index of their needed / key characters (``regex_need.NeedIndex``,
``registry._Plan``: same entries, same order), the example context's scans are skipped without their needed
characters, the sentence split reads only the characters it acts on.  Claim reading (serial, in-process, CPU,
two clean alternating pairs): ``attach_claims`` 2.93 / 2.78 -> 2.42 / 2.44 s (its finders 1.22 / 1.16 -> 0.67 /
0.68 s, of which composing 0.65 / 0.62 -> 0.09 s; ``page_card``'s title parses, 0.56-0.62 s, unchanged, now the
largest single part).  Parallel ingest per process (3 alternating pairs each, two snapshots of this code): the
ingest process 3.85-4.75 s before, 3.52-4.16 s after; through this script the ingest CPU 7.5-10.2 s before,
6.6-9.6 s after (at this load single runs swing by a quarter; wall times measure the other jobs).  On the shared
corpus (sentences rarely repeat) the gain is the indexes only.  Stores identical (every table, the FTS hits of ten
queries, integrity, the ingest summaries) over this corpus (parallel and serial), a 1,000-page re-ingest,
../shared/corpus on the card base and the generality pages; fastgen and realpages counts identical.  The 6.3x
target stays out of reach for the reasons above: the claim reading is now ~2.4 s of ~6.6-7 s total CPU.

Prints KB/s of wikitext, the ingest/bare ratio, peak RSS, and a JSON line.
Targets: >= 250 KB/s, <= 8x bare parse, peak RSS < 1 GB; one big page >= 0.5x the KB/s of ordinary pages.

    .venv/bin/python bench/bench_ingest.py [--pages 2000] [--cards FILE] [--breakdown] [--profile out.prof]
                                           [--repeat N] [--keep DIR]
"""
from __future__ import annotations

import argparse
import json
import random
import re
import resource
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from xml.sax.saxutils import escape

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT.parent / "shared" / "corpus"
sys.path.insert(0, str(ROOT))


BARE_RUNS = 5        # the bare parse is measured at least this many times (the fastest counts)


def base_pages() -> list[tuple[str, str]]:
    """(title, wikitext) of every page of the shared corpus (XML revisions and wiki/*.txt files)."""
    from extractor.facts import RawDocument
    from extractor.sources import read_path

    pages = []
    for part in ("mtgwiki-ja.fragments.xml", "wiki"):
        p = CORPUS / part
        if not p.exists():
            continue
        for raw in read_path(p, all_revisions=True):
            if isinstance(raw, RawDocument) and raw.text.strip() and raw.form != "rules":
                pages.append((raw.title, raw.text))
    return pages


_BULLETS = re.compile(r"(?:^\*[^\n]*\n)+", re.M)


def vary(text: str, i: int) -> str:
    """A distinct page: the index inserted at the top, bullet runs shuffled (seeded by the index)."""
    rnd = random.Random(i)

    def shuffle(m: re.Match) -> str:
        lines = m.group(0).splitlines(keepends=True)
        top = [ln for ln in lines]
        rnd.shuffle(top)
        return "".join(top)

    return f"<!-- 生成ページ {i} -->\n" + _BULLETS.sub(shuffle, text) + f"\n生成番号 {i}。\n"


_XML_HEAD = '<mediawiki xmlns="http://www.mediawiki.org/xml/export-0.11/" version="0.11" xml:lang="ja">\n'


def _xml_page(title: str, text: str, i: int) -> str:
    return (f"  <page>\n    <title>{escape(title)} ({i})</title>\n    <ns>0</ns>\n    <id>{i + 1}</id>\n"
            f"    <revision>\n      <id>{100000 + i}</id>\n      <model>wikitext</model>\n"
            f"      <text xml:space=\"preserve\">{escape(text)}</text>\n    </revision>\n  </page>\n")


def build_corpus(folder: Path, n: int) -> tuple[list[str], int]:
    """Write N distinct pages as one XML export plus the CR files; returns (texts, total UTF-8 bytes).
    Also writes ``folder.parent / "one.xml"``: the first page alone (the start-up measure)."""
    bases = base_pages()
    if not bases:
        sys.exit(f"no pages under {CORPUS} (needs ../shared/corpus)")
    texts = []
    with open(folder / "scaled.xml", "w", encoding="utf-8") as f:
        f.write(_XML_HEAD)
        for i in range(n):
            title, text = bases[i % len(bases)]
            text = vary(text, i)
            texts.append(text)
            f.write(_xml_page(title, text, i))
            if i == 0:
                (folder.parent / "one.xml").write_text(_XML_HEAD + _xml_page(title, text, i) + "</mediawiki>\n",
                                                       encoding="utf-8")
        f.write("</mediawiki>\n")
    cr = CORPUS / "cr"
    if cr.exists():
        (folder / "cr").mkdir()
        for p in sorted(cr.glob("*.txt")):
            shutil.copy(p, folder / "cr" / p.name)
            texts.append(p.read_text(encoding="utf-8"))
    return texts, sum(len(t.encode("utf-8")) for t in texts)


STAGES = {   # stage -> (file suffix, function name)s whose cumulative time is the stage's time
    "read (sources)": [("extractor/sources.py", "read_path")],
    "extract (wikitext/rules)": [("extractor/__init__.py", "extract")],
    "claims (spaCy, Sudachi)": [("extractor/claims/__init__.py", "attach_claims")],
    "build Japanese pipeline": [("extractor/japanese.py", "build_nlp")],
    "search tokens (Sudachi)": [("kb/tokens.py", "tokens_for")],
    "store (rows, SQL, FTS)": [("kb/store.py", "prepare"), ("kb/store.py", "commit")],
    "search index rebuild (FTS)": [("kb/fts.py", "heal")],
}


def breakdown(corpus: Path, db: Path, cards: Path | None = None) -> dict[str, float]:
    """Share (%) of the in-process ingest time spent in each stage (cProfile cumulative times)."""
    import cProfile
    import pstats

    from kb.ingest import ingest
    from kb.store import Store

    for p in db.parent.glob(db.name + "*"):
        p.unlink()
    if cards:                                       # the store the cards were loaded into
        shutil.copy(cards, db)
    store = Store(db)
    prof = cProfile.Profile()
    prof.enable()
    ingest([corpus], store, parallel=False)        # serial: the writer process would escape the profile
    prof.disable()
    store.close()
    stats = pstats.Stats(prof).stats
    total = sum(v[2] for v in stats.values())           # tottime of everything
    cum: dict[str, float] = {}
    for (file, _line, func), (_cc, _nc, _tt, ct, _callers) in stats.items():
        for stage, functions in STAGES.items():
            if any(func == name and file.endswith(suffix) for suffix, name in functions):
                cum[stage] = cum.get(stage, 0.0) + ct
    if "store (rows, SQL, FTS)" in cum:              # tokens are computed while the store builds rows
        cum["store (rows, SQL, FTS)"] -= cum.get("search tokens (Sudachi)", 0.0)
    return {k: round(100 * v / total, 1) for k, v in cum.items()}


def _tree_rss_kb(pid: int) -> int:
    """Sum of the resident set sizes (KiB) of ``pid`` and its descendants, from /proc."""
    children: dict[int, list[int]] = {}
    rss: dict[int, int] = {}
    for d in Path("/proc").iterdir():
        if not d.name.isdigit():
            continue
        try:
            fields = (d / "stat").read_text().rsplit(")", 1)[1].split()
            children.setdefault(int(fields[1]), []).append(int(d.name))
            rss[int(d.name)] = int(fields[21]) * (resource.getpagesize() // 1024)
        except (OSError, IndexError, ValueError):
            continue
    total, todo = 0, [pid]
    while todo:
        p = todo.pop()
        total += rss.get(p, 0)
        todo.extend(children.get(p, ()))
    return total


def run_sampled(cmd: list[str]) -> tuple[subprocess.CompletedProcess, int]:
    """Run ``cmd``; returns (completed process, peak summed RSS of its process tree in KiB, sampled)."""
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=ROOT)
    peak = [0]
    done = threading.Event()

    def sample() -> None:
        while not done.wait(0.05):
            peak[0] = max(peak[0], _tree_rss_kb(proc.pid))

    t = threading.Thread(target=sample, daemon=True)
    t.start()
    out, err = proc.communicate()
    done.set()
    t.join()
    return subprocess.CompletedProcess(cmd, proc.returncode, out, err), peak[0]


def startup(tmp: Path, cards: bool) -> tuple[float, float]:
    """(wall, CPU) seconds of ``mtgkb ingest`` of one page (``one.xml``, the corpus's first page) into a fresh
    store (with the card table when ``cards``): the interpreter, imports, the card table and the Japanese
    pipeline — what every ingest pays once, whatever its size."""
    db = tmp / "one.sqlite"
    for p in tmp.glob("one.sqlite*"):
        p.unlink()
    if cards:
        for p in tmp.glob("cards.sqlite*"):
            shutil.copy(p, tmp / p.name.replace("cards.sqlite", "one.sqlite"))
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    r = subprocess.run([sys.executable, "-m", "kb", "ingest", "--json", "--no-progress", "--db", str(db),
                        str(tmp / "one.xml")], capture_output=True, text=True, cwd=ROOT)
    wall = time.perf_counter() - t0
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    if r.returncode not in (0, 1):
        raise SystemExit(f"the one-page ingest failed:\n{r.stderr}")
    return wall, usage.ru_utime + usage.ru_stime - before.ru_utime - before.ru_stime


def load_cards(db: Path, cards: str) -> float:
    """Load an MTGJSON file into the store ``db`` (in this process: the ingest child's rusage stays its own)."""
    from kb.cards import load_mtgjson_into
    from kb.store import Store

    t0 = time.perf_counter()
    store = Store(db)
    try:
        load_mtgjson_into(store, Path(cards).resolve())
    finally:
        store.close()
    return time.perf_counter() - t0


def big_page(tmp: Path, texts: list[str], mb: float, ordinary_kb_per_s: float, ordinary_cpu_kb_per_s: float) -> dict:
    """Ingest one wikitext page of ``mb`` MB made of the scaled pages (each a section) into a fresh store."""
    folder = tmp / "big"
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir()
    parts, size, i = ["# form: wikitext\n# title: 巨大な頁\n'''巨大な頁'''は試験用の頁。\n"], 0, 0
    while size < mb * 2**20:
        text = f"\n==部分 {i}==\n" + texts[i % len(texts)]
        parts.append(text)
        size += len(text.encode("utf-8"))
        i += 1
    page = folder / "big.txt"
    page.write_text("".join(parts), encoding="utf-8")
    nbytes = page.stat().st_size
    db = tmp / "big.sqlite"
    for p in tmp.glob("big.sqlite*"):
        p.unlink()
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    r, tree_kb = run_sampled([sys.executable, "-m", "kb", "ingest", "--json", "--no-progress", "--db", str(db),
                              str(page)])
    wall = time.perf_counter() - t0
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = usage.ru_utime + usage.ru_stime - before.ru_utime - before.ru_stime
    if r.returncode not in (0, 1):
        raise SystemExit(f"the big page's ingest failed:\n{r.stderr}")
    summary = json.loads(r.stdout)
    kb_per_s = nbytes / 1024 / wall
    return {"kb": round(nbytes / 1024, 1), "ingest_s": round(wall, 2), "kb_per_s": round(kb_per_s, 1),
            "ratio_to_ordinary": round(kb_per_s / ordinary_kb_per_s, 2), "cpu_s": round(cpu, 2),
            "cpu_kb_per_s": round(nbytes / 1024 / cpu, 1),
            "cpu_ratio_to_ordinary": round(nbytes / 1024 / cpu / ordinary_cpu_kb_per_s, 2),
            "peak_tree_rss_mb": round(tree_kb / 1024, 1),
            "documents": summary["documents"], "errors": len(summary["errors"]), "examples": summary["examples"],
            "claims": summary["claims"]}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--pages", type=int, default=2000)
    ap.add_argument("--profile", metavar="OUT.prof", help="run the ingest under cProfile, write stats here")
    ap.add_argument("--cards", metavar="FILE", help="load this MTGJSON AtomicCards file into the store first")
    ap.add_argument("--repeat", type=int, default=1, metavar="N",
                    help="measure the bare parse and the ingest N times each and keep the fastest (other jobs on "
                         "the machine slow single runs down)")
    ap.add_argument("--keep", metavar="DIR", help="write the corpus and store here and keep them")
    ap.add_argument("--big-mb", type=float, default=0, metavar="N",
                    help="also ingest one wikitext page of N MB and compare its KB/s with the ordinary pages'")
    ap.add_argument("--breakdown", action="store_true",
                    help="also ingest in-process under cProfile and print each stage's share of the time")
    args = ap.parse_args()
    args.repeat = max(1, args.repeat)

    tmp = Path(args.keep) if args.keep else Path(tempfile.mkdtemp(prefix="mtgkb-bench-"))
    tmp.mkdir(parents=True, exist_ok=True)
    corpus = tmp / "corpus"
    if corpus.exists():
        shutil.rmtree(corpus)
    corpus.mkdir()
    try:
        texts, nbytes = build_corpus(corpus, args.pages)

        import mwparserfromhell
        bare = bare_cpu = float("inf")
        for _ in range(max(args.repeat, BARE_RUNS)):      # the fastest of several: a short run is noisy
            t0, c0 = time.perf_counter(), time.process_time()
            for t in texts:
                mwparserfromhell.parse(t)
            bare = min(bare, time.perf_counter() - t0)
            bare_cpu = min(bare_cpu, time.process_time() - c0)     # the CPU ratio's baseline: CPU time too

        db = tmp / "bench.sqlite"
        best = None
        cards_s = None
        if args.cards:                     # loaded once (not timed), copied into each run's fresh store
            for p in tmp.glob("cards.sqlite*"):
                p.unlink()
            cards_s = load_cards(tmp / "cards.sqlite", args.cards)
        one = min(startup(tmp, bool(args.cards)) for _ in range(args.repeat))    # the fastest (wall) counts
        for _ in range(args.repeat):      # each run into a fresh store; the fastest run counts
            for p in tmp.glob("bench.sqlite*"):
                p.unlink()
            if args.cards:
                for p in tmp.glob("cards.sqlite*"):
                    shutil.copy(p, tmp / p.name.replace("cards.sqlite", "bench.sqlite"))
            cmd = [sys.executable]
            if args.profile:
                cmd += ["-m", "cProfile", "-o", args.profile]
            cmd += ["-m", "kb", "ingest", "--json", "--no-progress", "--db", str(db), str(corpus)]
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            t0 = time.perf_counter()
            r, tree_kb = run_sampled(cmd)
            wall = time.perf_counter() - t0
            usage = resource.getrusage(resource.RUSAGE_CHILDREN)   # the ingest and its writer (waited for)
            # the child's CPU time: robust when other jobs share the cores
            cpu = usage.ru_utime + usage.ru_stime - before.ru_utime - before.ru_stime
            if r.returncode not in (0, 1):
                print(r.stderr, file=sys.stderr)
                return 2
            if best is None or wall < best[0]:
                best = (wall, cpu, r, tree_kb, cards_s)
        wall, cpu, r, tree_kb, cards_s = best
        rss_kb = usage.ru_maxrss                                       # KiB on Linux (largest child)
        summary = json.loads(r.stdout)
        result = {
            "pages": args.pages, "repeat": args.repeat, "documents": summary["documents"],
            "errors": len(summary["errors"]),
            "wikitext_kb": round(nbytes / 1024, 1),
            "bare_parse_s": round(bare, 3), "ingest_s": round(wall, 3),
            "ingest_kb_per_s": round(nbytes / 1024 / wall, 1),
            "bare_kb_per_s": round(nbytes / 1024 / bare, 1),
            "ratio_ingest_over_bare": round(wall / bare, 2),
            "ingest_cpu_s": round(cpu, 3), "ingest_cpu_kb_per_s": round(nbytes / 1024 / cpu, 1),
            "startup_s": round(one[0], 3), "startup_cpu_s": round(one[1], 3),
            "bare_cpu_s": round(bare_cpu, 3), "ratio_cpu_over_bare": round(cpu / bare_cpu, 2),
            "peak_rss_mb": round(rss_kb / 1024, 1), "peak_tree_rss_mb": round(tree_kb / 1024, 1),
            "cards": args.cards, "cards_load_s": round(cards_s, 2) if cards_s else None,
            "examples": summary["examples"], "claims": summary["claims"], "sections": summary["sections"],
            "store_mb": round(db.stat().st_size / 2**20, 1) if db.exists() else None,
        }
        print(f"{result['documents']} documents, {result['wikitext_kb']} KB of wikitext")
        print(f"bare mwparserfromhell.parse: {result['bare_parse_s']} s ({result['bare_kb_per_s']} KB/s), "
              f"CPU {result['bare_cpu_s']} s")
        print(f"mtgkb ingest:                {result['ingest_s']} s ({result['ingest_kb_per_s']} KB/s)   "
              f"target >= 250 KB/s")
        print(f"  (CPU time of the ingest:   {result['ingest_cpu_s']} s, {result['ingest_cpu_kb_per_s']} KB/s)")
        print(f"  (start-up: one page alone {result['startup_s']} s, CPU {result['startup_cpu_s']} s)")
        print(f"ingest / bare parse:         {result['ratio_ingest_over_bare']}x wall, "
              f"{result['ratio_cpu_over_bare']}x CPU   target <= 8x")
        print(f"peak RSS (ingest process):   {result['peak_rss_mb']} MB, all its processes "
              f"{result['peak_tree_rss_mb']} MB (sampled)   target < 1024 MB")
        if args.cards:
            print(f"  (store pre-loaded with {args.cards} in {result['cards_load_s']} s, not timed)")
        if args.big_mb:
            result["big_page"] = b = big_page(tmp, texts, args.big_mb, result["ingest_kb_per_s"],
                                              result["ingest_cpu_kb_per_s"])
            print(f"one {b['kb']} KB page:  {b['ingest_s']} s ({b['kb_per_s']} KB/s) = {b['ratio_to_ordinary']}x the "
                  f"ordinary pages' KB/s (target >= 0.5); CPU {b['cpu_s']} s ({b['cpu_kb_per_s']} KB/s) = "
                  f"{b['cpu_ratio_to_ordinary']}x; peak RSS {b['peak_tree_rss_mb']} MB, "
                  f"{b['examples']} examples, {b['claims']} claims")
        if args.breakdown:
            result["breakdown"] = breakdown(corpus, tmp / "breakdown.sqlite",
                                            tmp / "cards.sqlite" if args.cards else None)
            for stage, share in result["breakdown"].items():
                print(f"  {stage:<28} {share:>5.1f} %")
        print(json.dumps(result))
        return 0
    finally:
        if not args.keep:
            shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
