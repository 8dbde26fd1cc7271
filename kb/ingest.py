"""The ingest pipeline: read → extract → claims → store, one document at a time (memory stays bounded).

``ingest(paths, store)`` returns a summary dict whose counts are what the store now holds for the
ingested documents, so running the same ingest twice gives the same counts.  One bad file never stops the
others: it is listed in ``errors`` with its file (and line where known).
"""
from __future__ import annotations

import contextlib
import gc
import json
import os
import pickle
import re
import sqlite3
import sys
import threading
import unicodedata
from pathlib import Path
from typing import Any, Callable, Iterable

from extractor.facts import ExtractedDocument
from kb.reader import Reader, extracted, failure, fork_ok, widen
from kb.store import INGEST_FINISHED, Store, StoreError, split_title

SAMPLE = Path(__file__).parent / "data" / "sample"

# documents waiting for the writer beyond which this process turns documents into rows itself
BACKLOG = 6

# a card table up to this size goes into the Japanese pipeline whole; a larger one (MTGJSON) card by card
FULL_LEXICON_MAX = 3000
# characters of a text the card lexicon scans at a time (``_CardLexicon.found_in``)
SCAN_STRETCH = 65536

# an ingest defers the search index (kb.fts) once it has written this many nodes, and a quarter of the nodes
# the store held when it began: the rebuild at its end re-reads the whole store (about 65 µs a node, measured),
# indexing per document cost about 300 µs per node written
DEFER_INDEX_MIN = 1000

# the writer indexes the rows the deferred search index left out, while it waits for a document, once there
# are this many (each batch is an FTS5 segment: fewer, larger batches merge less)
INDEX_STEP = 1500

COUNT_KEYS = ("documents", "sections", "links", "card_links", "cards", "rules", "examples", "claims")


class _ClaimReader:
    """Builds the Japanese pipeline once, lazily, and attaches claims to documents that need them."""

    def __init__(self, store: Store, warnings: list[dict[str, Any]], settle: Callable[[], None] = lambda: None,
                 written: Callable[[], int] = lambda: 0, warming: threading.Thread | None = None):
        self.store, self.warnings = store, warnings
        self.warming = warming      # importing the claim reader meanwhile (``_warm_up``): waited for first
        self.settle = settle        # waits for pending writes: the lexicon reads what earlier documents stored
        self.written = written      # documents handed to the writer so far
        self.nlp = None
        self.ready = False
        self.attach = None
        self.lexicon: _CardLexicon | None = None     # cards not yet in the pipeline (large card tables)
        self.add_cards = None

    def _setup(self, doc: ExtractedDocument) -> None:
        self.ready = True
        self.settle()
        if self.written():           # the card table preloaded for the writer (``_share_card_table``) predates
            self.store._card_table = None       # what earlier documents stored (their card links): read again
        with _gc_paused():
            self._build(doc)

    def _build(self, doc: ExtractedDocument) -> None:
        from extractor.claims import attach_claims

        self.attach = attach_claims
        try:
            from extractor import japanese
        except Exception as e:
            self.warnings.append({"file": None, "line": None, "message": f"Japanese pipeline unavailable: {e}"})
            return
        try:
            pairs = self._card_names(doc)
            if len(pairs) <= FULL_LEXICON_MAX:
                self.nlp = japanese.build_nlp(pairs, self._keywords(doc), self._wiki_names())
            else:
                self.nlp = self._build_lazily(japanese, pairs, doc)
        except Exception as e:
            self.nlp, self.lexicon = None, None
            self.warnings.append({"file": None, "line": None, "message": f"building the Japanese pipeline "
                                  f"failed: {type(e).__name__}: {e}"})

    def _build_lazily(self, japanese, pairs: list[tuple[str | None, str]], doc: ExtractedDocument):
        """A pipeline whose CARD patterns start with the cards that may occur (bundled table, the document's
        card links, names present in its text) and grow as later texts name other cards: with the full
        MTGJSON table (tens of thousands of names) the patterns of every card would cost seconds and
        hundreds of MB.  The 《》 lookup still knows every card."""
        spellings: dict[str, list[str]] = {}      # each JA name's variants, computed once for both indexes

        def variants(ja: str) -> list[str]:
            got = spellings.get(ja)
            if got is None:
                got = spellings[ja] = japanese.name_variants(ja)
            return got

        self.lexicon = _CardLexicon(pairs, variants)
        from kb.cards import CardTable

        first = self.lexicon.take({c.name for c in CardTable.bundled()}) + self._new_cards(doc)
        wiki = self._wiki_names()
        # the wiki's own spellings (《》-less mentions on wiki pages) of the cards the pipeline starts with;
        # the others come with their card (``_new_cards``)
        self.wiki_by_en: dict[str, list[tuple[str, str]]] = {}
        for ja, en in wiki:
            self.wiki_by_en.setdefault(en, []).append((ja, en))
        started = {en for _, en in first}
        nlp = japanese.build_nlp(first, self._keywords(doc), [p for p in wiki if p[1] in started])
        lookup: dict[str, str] = {}          # the lookup a build with every card would have, same order
        for ja, en in pairs:
            if en:
                lookup.setdefault(japanese.fold(en), en)
                for v in (variants(ja) if ja else ()):
                    lookup.setdefault(japanese.fold(v), en)
        nlp.get_pipe(japanese._FACTORY).lookup = dict(lookup)
        nlp.mtgkb_lookup = lookup
        self.add_cards = japanese.add_cards
        return nlp

    def _new_cards(self, doc: ExtractedDocument) -> list[tuple[str | None, str]]:
        """Cards not yet in the pipeline that this document links to or names in its text or title (with
        the wiki's own spellings of them)."""
        linked = self.lexicon.take({r.name_en for r in doc.card_refs if r.name_en})
        found = linked + self.lexicon.found_in(f"{doc.raw.title}\n{doc.raw.text}")
        wiki = getattr(self, "wiki_by_en", {})
        return found + [p for _, en in found for p in wiki.get(en, ())]

    def _wiki_names(self) -> list[tuple[str, str]]:
        """MTG Wiki's own spellings of cards and the [[JA/EN]] link names seen so far (``card_names`` rows
        with how ``wiki_ja`` / ``link``): mentions without 《》 in wiki prose use them."""
        try:
            rows = self.store.conn.execute("SELECT name, name_en FROM card_names WHERE how IN ('wiki_ja', 'link')")
        except sqlite3.Error:
            return []                                # a store without the card tables
        return [(ja, en) for ja, en in rows if ja and en]

    def _card_names(self, doc: ExtractedDocument) -> list[tuple[str | None, str]]:
        pairs: dict[str, str | None] = {}
        table = self.store.card_table
        for card in (table or ()):
            pairs.setdefault(card.name, card.name_ja)
        for row in self.store.conn.execute("SELECT json_extract(data,'$.name_en'), json_extract(data,'$.name_ja') "
                                           "FROM nodes WHERE kind='card'"):
            if row[0]:
                pairs[row[0]] = pairs.get(row[0]) or row[1]
        for ref in doc.card_refs:
            if ref.name_en:
                pairs[ref.name_en] = pairs.get(ref.name_en) or ref.name_ja
        return [(ja, en) for en, ja in pairs.items()]

    def _keywords(self, doc: ExtractedDocument) -> list[Any]:
        out: dict[str, str | None] = {}

        def add(name: str | None) -> None:
            if not name:
                return
            parts = split_title(name.strip())
            if parts[0] and parts[0] not in out:
                out[parts[0]] = parts[1] if len(parts) > 1 else None

        for (name,) in self.store.conn.execute("SELECT title FROM nodes WHERE kind='keyword'"):
            add(name)
        for (title,) in self.store.conn.execute("SELECT title FROM documents"):
            add(title)
        for k in doc.keywords:
            add(k)
        add(doc.raw.title)
        return [(ja, en) if en else ja for ja, en in out.items()]

    def __call__(self, doc: ExtractedDocument) -> bool:
        """Attach the document's claims; False when it has nothing the claim reader would read (it is then
        left exactly as it came)."""
        self.wait_warm_up()
        from extractor.claims import has_general_statements

        has_examples = bool(doc.examples) or any(r.examples for r in doc.rules)
        if not (has_examples or doc.raw.form in ("prose", "rendered")
                or (doc.raw.form == "wikitext" and has_general_statements(doc))):
            return False            # nothing the claim reader would read (general statements: extractor.claims)
        if not self.ready:
            self._setup(doc)
        if self.attach is None:
            return False
        try:
            if self.lexicon is not None and self.nlp is not None:
                more = self._new_cards(doc)
                if more:
                    self.add_cards(self.nlp, more)
            self.attach(doc, self.nlp)
        except Exception as e:
            self.warnings.append({"file": doc.raw.path, "line": None,
                                  "message": f"claims not read ({type(e).__name__}: {e})"})
        return True

    def wait_warm_up(self) -> None:
        """Wait for the claim reader's import in the warm-up thread (``_warm_up``), if any."""
        if self.warming is not None:
            self.warming.join()
            self.warming = None


def _holds_no_document(store: Store) -> bool:
    """Whether the store holds no document yet (a first ingest: every document it reads is new)."""
    try:
        return store.conn.execute("SELECT 1 FROM documents LIMIT 1").fetchone() is None
    except sqlite3.Error:
        return True


def _load_shared() -> None:
    """Load here, before the reader and writer processes are forked (they inherit it), what this process and
    one of them would each load for itself: the wikitext reader's modules and the lexicon (read by the document
    reader and by the claim reader, which imports all of them), and SudachiPy (the writer's search tokens, the
    Japanese pipeline here).  Only the modules' and data's loading moves; a failure is left to whoever needs
    them, which reports it as before."""
    try:
        import sudachipy  # noqa: F401

        import extractor.wikitext  # noqa: F401
        from extractor.lexicon import lexicon
        lexicon()
    except Exception:
        pass


def _warm_up() -> threading.Thread:
    """Import the claim reader (``extractor.claims``) in a thread of this process while it waits for the reader
    process's first document (every extracted document needs it, if only to tell whether the claim reader
    reads it; spaCy is still imported only for a document it reads) — into a store holding no document, where
    every document is extracted.  Started after the
    child processes are forked; :meth:`_ClaimReader.wait_warm_up` waits for it before this process imports
    anything of the claim reader itself (no two threads import at once).  A failed import is left to the
    ordinary import, which reports it."""
    def run() -> None:
        try:
            import extractor.claims  # noqa: F401
        except Exception:
            pass

    t = threading.Thread(target=run, name="mtgkb-warm-up", daemon=True)
    t.start()
    return t


class _CardLexicon:
    """The cards of a large card table that are not yet in the pipeline, found in a text by a cheap
    substring scan for their Japanese spellings (NFKC; indexed by their first two characters, then by
    length: each position of a text costs a few set lookups, whatever the number of cards)."""

    def __init__(self, pairs: list[tuple[str | None, str]], variants: Callable[[str], list[str]]):
        self.pairs = pairs
        self.left = set(range(len(pairs)))
        # first two characters -> [(length, {spelling: card indices})], lengths longest first
        index: dict[str, dict[int, dict[str, list[int]]]] = {}
        self.by_en: dict[str, list[int]] = {}
        for i, (ja, en) in enumerate(pairs):
            self.by_en.setdefault(en, []).append(i)
            for v in (variants(ja) if ja and en else ()):
                v = unicodedata.normalize("NFKC", v).strip()
                if v:
                    index.setdefault(v[:2], {}).setdefault(len(v), {}).setdefault(v, []).append(i)
        self.index = {k: sorted(by_len.items(), reverse=True) for k, by_len in index.items()}
        self.singles = {k for k in self.index if len(k) == 1}

    def take(self, names: Iterable[str]) -> list[tuple[str | None, str]]:
        """Remove and return (table order) the cards with these English names."""
        got = sorted(i for n in names for i in self.by_en.get(n, ()) if i in self.left)
        self.left.difference_update(got)
        return [self.pairs[i] for i in got]

    def found_in(self, text: str) -> list[tuple[str | None, str]]:
        """Remove and return (table order) the cards one of whose spellings occurs in ``text``."""
        t = unicodedata.normalize("NFKC", text)
        got: set[int] = set()
        index = self.index

        def look(at: Iterable[tuple[int, str]]) -> None:
            for i, key in at:
                for length, spellings in index[key]:
                    hit = spellings.get(t[i:i + length])
                    if hit:
                        got.update(hit)

        # positions where a two-character key starts (filtered in one comprehension a stretch at a time: most
        # positions have none, and a huge page's positions are never all held at once) …
        for start in range(0, len(t) - 1, SCAN_STRETCH):
            look([(i, t[i:i + 2]) for i in range(start, min(start + SCAN_STRETCH, len(t) - 1))
                  if t[i:i + 2] in index])
        for key in set(t) & self.singles:         # … and names of one character wherever they occur
            i = t.find(key)
            while i >= 0:
                look([(i, key)])
                i = t.find(key, i + 1)
        got &= self.left
        self.left.difference_update(got)
        return [self.pairs[i] for i in sorted(got)]


class _Writer:
    """The store's single writer.  For a store file it runs in a child process with its own connection:
    it turns document N into rows (search tokens, JSON) and commits them (SQL, FTS) while this process
    reads the claims of document N+1 (and a reader process, ``kb.reader``, extracts the next ones).
    Everything put (documents, rows, "unchanged", errors) is handled strictly in order, so the summary, the
    errors and the commit order are those of a serial run.  The pipe between the two holds little, so
    memory stays bounded.  An in-memory store is written in this process."""

    def __init__(self, store: Store, errors: list[dict[str, Any]], status: dict[str, int], keys: list[str],
                 parallel: bool = True, inherited: tuple = ()):
        self.store, self.errors, self.status, self.keys = store, errors, status, keys
        self.proc = None
        self.documents = 0          # documents put (their rows are written, or they are unchanged)
        self.table = None           # the card table loaded for the writer process to inherit
        if parallel and _own_writer(store) and fork_ok():
            import multiprocessing as mp

            ctx = mp.get_context("fork")        # nothing to re-import; no thread runs yet
            self.inbox, send = ctx.Pipe(duplex=False)
            recv, self.outbox = ctx.Pipe(duplex=False)
            self.table = _share_card_table(store)
            self.done = ctx.RawValue("q", 0)     # documents the writer has handled (it alone writes this)
            self.sent = 0
            self.proc = ctx.Process(target=_writer_main, args=(store.path, recv, send, self.done, os.getpid(),
                                                               (self.inbox, self.outbox, *inherited), self.table),
                                    name="mtgkb-writer", daemon=True)
            self.proc.start()
            recv.close()
            send.close()
            widen(self.outbox)

    def _send(self, item: Any) -> None:
        try:
            self.outbox.send(item)
        except (BrokenPipeError, EOFError, OSError):
            self._died()

    def _receive(self) -> Any:
        try:
            return self.inbox.recv()
        except (EOFError, OSError):
            self._died()

    def _died(self) -> None:
        self.proc.join()
        code = self.proc.exitcode
        if code == 86 and os.environ.get("MTGKB_TEST_DIE_AFTER") is not None:
            os._exit(86)                 # the crash test hook fired in the writer: crash like a serial run
        raise StoreError(f"{self.store.path}: the store writer stopped (exit code {code})")

    def put(self, what: str, payload: Any, data: bytes | None = None) -> None:
        """``("error", dict)``, ``("unchanged", (key, None))`` or ``("doc", (key, extracted document))``.

        A document becomes rows in the writer, or here when the writer is behind (its rows then travel
        instead): either side builds the same rows, so this only balances the two cores.  ``data``: the
        document pickled as the reader process sent it (``kb.reader.Reader.data``), when nothing here changed
        it: the writer unpickles those bytes instead of this process pickling the document again."""
        if what == "doc":
            self.documents += 1
        if self.proc is None:
            _handle(self.store, (what, payload), self.errors, self.status, self.keys)
            return
        if what == "doc" and self.sent - self.done.value > BACKLOG:
            what, payload = self._rows_here(*payload)
        elif what == "doc" and data is not None:
            what, payload = "pickled", (payload[0], data)
        self.sent += 1
        try:
            self._send((what, payload))
        except (pickle.PicklingError, TypeError, AttributeError, RecursionError):
            if what != "doc":            # a document that does not pickle travels as its rows (plain data)
                raise
            self._send(self._rows_here(*payload))

    def _rows_here(self, key: str, doc: ExtractedDocument) -> tuple[str, Any]:
        try:
            rows = self.store.prepare(doc, tokens=False)       # the writer tokenises (one tokenizer, one cache)
        except Exception as e:
            return "error", {"file": doc.raw.path, "line": None, "message": f"{doc.raw.title}: {type(e).__name__}: {e}"}
        return ("rows", (key, rows)) if rows is not None else ("unchanged", (key, None))

    def error(self, e: dict[str, Any]) -> None:
        self.put("error", e)

    def drain(self) -> None:
        """Wait until everything put so far is committed."""
        if self.proc is not None and self.done.value < self.sent:
            self._send(("sync", None))
            self._check(self._receive())

    def _check(self, answer: Any) -> None:
        if answer and answer[0] == "failed":
            self.close()

    def close(self) -> None:
        if self.proc is None:
            return
        proc, self.proc = self.proc, None
        try:
            self.outbox.send(None)
            errors, status, keys, failure = self.inbox.recv()
        except (BrokenPipeError, EOFError, OSError):
            self.proc = proc
            self._died()
        proc.join()
        self.errors.extend(errors)
        for k, n in status.items():
            self.status[k] += n
        self.keys.extend(keys)
        if failure:
            raise StoreError(failure)


@contextlib.contextmanager
def _gc_paused():
    """No cyclic garbage collection while long-lived objects are built (spaCy, the card table: tens of
    thousands of objects that every collection would scan again); afterwards they are frozen out of later
    collections.  Only the collector's timing changes, never a result."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        gc.freeze()
        if was:
            gc.enable()


def _handle(store: Store, item: tuple, errors: list, status: dict, keys: list) -> None:
    """Write one document (rows, tokens, SQL) or record an outcome, in the order they were put."""
    what, payload = item
    if what == "error":
        errors.append(payload)
        return
    key, doc = payload
    if what == "pickled":                     # the reader process's bytes of an unchanged document
        what, doc = "doc", pickle.loads(doc)[1]
    if doc is not None:
        raw = doc.raw
        try:
            what = store.commit(doc) if what == "rows" else store.write_document(doc)
        except StoreError:
            raise
        except Exception as e:
            errors.append({"file": raw.path, "line": None, "message": f"{raw.title}: {type(e).__name__}: {e}"})
            return
    status[what] += 1
    keys.append(key)


def _own_writer(store: Store) -> bool:
    """Whether the store is a file another process can open (a writer process of its own)."""
    return store.path != ":memory:" and not store.path.startswith("file:")


def _defer_index(store: Store) -> None:
    """Let this ingest's commits defer the search index (``Store.defer_index_after``, :data:`DEFER_INDEX_MIN`)."""
    held = store.conn.execute("SELECT count(*) FROM nodes").fetchone()[0]
    store.defer_index_after(max(DEFER_INDEX_MIN, held // 4))


def _share_card_table(store: Store):
    """The store's card table, loaded here before the writer process is forked, so that the writer inherits
    it (copy-on-write) instead of building its own: both processes read the same store state at the start
    of the run (the writer used to load it then), and reading the card table is the largest part of either
    process's start-up.  It resolves names only (an ingest runs no card), so it is read without the compiled
    behaviours, and ``ingest`` drops it at the end.  None when it cannot be read (the writer then tries
    itself and reports per document)."""
    from kb.cards import CardTable

    try:
        with _gc_paused():
            store._card_table = CardTable.from_store(store, behaviours=False)
            return store._card_table
    except Exception:
        store._card_table = None
        return None


def _writer_main(path: str, inbox, outbox, done, parent: int, parents_ends: tuple = (), card_table=None) -> None:
    """The writer process: commit what arrives, in order, on a connection of its own.

    It ends with the ingest process, however that dies: killed with it (``kb.lifeline``), and its inbox
    ends in EOF because it closes the parent's ends of both pipes it inherited through the fork (holding
    the write end of its own inbox, it would otherwise wait on it forever)."""
    from kb.lifeline import die_with_parent

    for end in parents_ends:
        end.close()
    die_with_parent(parent)
    errors: list[dict[str, Any]] = []
    status = {"added": 0, "replaced": 0, "unchanged": 0}
    keys: list[str] = []
    failure = None
    store = Store(path)
    store._card_table = card_table           # inherited through the fork (``_share_card_table``)
    try:
        _defer_index(store)
        # warm up while the main process builds its Japanese pipeline: the card table and the tokenizer
        try:
            with _gc_paused():
                store.card_table
                store._tokens("誘発")
        except Exception:      # a broken part shows up (as an error naming the document) when it is used
            pass
        while True:
            try:
                if failure is None and not inbox.poll():    # nothing to write now: index what is left out
                    store.index_some(INDEX_STEP)
                item = inbox.recv()
            except (EOFError, OSError):      # the ingest process is gone: nothing to report to
                return
            if item is None:
                break
            if item[0] == "sync":
                outbox.send(("failed",) if failure else ("ok",))
                continue
            if failure is None:
                try:
                    _handle(store, item, errors, status, keys)
                except Exception as e:          # StoreError or worse: stop writing, report at the end
                    failure = str(e) if isinstance(e, StoreError) else f"{path}: {type(e).__name__}: {e}"
            done.value += 1
        try:
            store.finish_index()             # the deferred search index, rebuilt before the summary is read
        except Exception as e:
            failure = failure or f"{path}: rebuilding the search index: {type(e).__name__}: {e}"
    finally:
        store.close()
    outbox.send((errors, status, keys, failure))


# a list item's marker (wiki *, #, rendered -, •) and an example label (例: / 例：) in front of a sentence
_LIST_MARK = re.compile(r"^\s*(?:[*#:;]+|[-•‐－―]|・(?=\s))\s*(?:例\s*[:：]\s*)?|^\s*例\s*[:：]\s*")


def claim_text(text: str) -> str:
    """A claim's sentence as it is stored and shown: without list markup or an 例: label in front
    (``- 例:急報によって…`` → ``急報によって…``); the words of the sentence are unchanged."""
    if not text:
        return text
    out = _LIST_MARK.sub("", text, count=1).strip()
    return out or text


def _load_cards(store: Store, path: str, errors: list[dict[str, Any]]) -> int | None:
    """Load ``--cards``; returns the number of MTGJSON cards loaded (None when the file could not be)."""
    from kb.cards import load_mtgjson_into

    if not os.path.exists(path):
        errors.append({"file": path, "line": None, "message": "no such file"})
        return None
    try:
        loaded = load_mtgjson_into(store, path)
    except Exception as e:
        errors.append({"file": getattr(e, "file", None) or path, "line": getattr(e, "line", None),
                       "message": getattr(e, "message", None) or f"{type(e).__name__}: {e}"})
        return None
    store._card_table = None            # resolve card names with the loaded cards from now on
    return loaded["cards"]


@contextlib.contextmanager
def _progress_bar(enabled: bool):
    if not enabled:
        yield lambda **kw: None
        return
    from rich.progress import Progress, SpinnerColumn, TextColumn, TimeElapsedColumn

    with Progress(SpinnerColumn(), TextColumn("{task.completed} documents"), TextColumn("[dim]{task.description}"),
                  TimeElapsedColumn(), transient=True) as bar:
        task = bar.add_task("", total=None)
        yield lambda **kw: bar.update(task, **kw)


def ingest(paths: Iterable[str | os.PathLike] | None, store: Store, all_revisions: bool = False,
           cards: str | None = None, progress: bool = False, parallel: bool = True) -> dict[str, Any]:
    """Ingest files/folders (none: the bundled sample corpus) into ``store``; returns the summary.

    ``parallel``: commit in a writer process while this one extracts (a store file only)."""
    paths = [str(p) for p in (paths or [SAMPLE])]
    errors: list[dict[str, Any]] = []
    warnings: list[dict[str, Any]] = []
    status = {"added": 0, "replaced": 0, "unchanged": 0}
    cards_loaded = _load_cards(store, str(cards), errors) if cards else None
    conn = store.conn
    conn.execute("CREATE TEMP TABLE IF NOT EXISTS ingest_keys(key TEXT PRIMARY KEY)")
    conn.execute("DELETE FROM temp.ingest_keys")
    keys: list[str] = []
    # the documents are read and extracted in a process of their own when the writer has one too (forked
    # first: the writer's card table is not copied into it)
    forking = parallel and _own_writer(store) and fork_ok()
    # into a store that holds no document, every document is new (extracted, looked at by the claim reader):
    # what they need is loaded ahead (``_load_shared``, ``_warm_up``).  A store that holds documents may be
    # ingested again with most or all of them unchanged (never extracted, never read for claims): each process
    # then loads only what it turns out to need (a re-ingest of an unchanged corpus imports no claim reader).
    ahead = forking and _holds_no_document(store)
    if ahead:
        _load_shared()
    reader = Reader(paths, all_revisions, store.path) if forking else None
    writer = _Writer(store, errors, status, keys, parallel, (reader.inbox,) if reader else ())
    serial = writer.proc is None
    if serial:                              # this process writes: it defers the search index itself
        _defer_index(store)
    claims = _ClaimReader(store, warnings, writer.drain, lambda: writer.documents if writer.table is not None else 0,
                          _warm_up() if reader and ahead else None)
    try:
        with _progress_bar(progress) as tick:
            documents = reader.extracted(writer.error) if reader else \
                extracted(paths, all_revisions, store.is_unchanged, writer.error)
            for key, raw, doc in documents:
                data = None
                try:
                    if doc is not None:
                        if claims(doc) or doc.claims:
                            for cl in doc.claims:
                                cl.text = claim_text(cl.text)
                        elif reader:
                            data = reader.data          # not changed here: the reader's bytes travel on
                except StoreError:
                    raise
                except Exception as e:
                    writer.error(failure(raw, e))
                    continue
                writer.put("doc" if doc is not None else "unchanged", (key, doc), data)
                del doc
                tick(advance=1, description=key[-60:])
    finally:
        claims.wait_warm_up()                # no thread outlives the ingest (a next one forks again)
        try:
            if reader:
                reader.close()
            writer.close()
        finally:
            if serial:
                store.finish_index()
        gc.unfreeze()
        if writer.table is not None and store._card_table is writer.table:
            store._card_table = None        # names only (``_share_card_table``): a later use reads it whole
    conn.executemany("INSERT OR IGNORE INTO temp.ingest_keys(key) VALUES(?)", [(k,) for k in keys])
    # the mark of a store that has been through a whole ingest (kb.store.check_complete); written once
    conn.execute("INSERT OR IGNORE INTO settings(key, value) VALUES(?, strftime('%Y-%m-%dT%H:%M:%SZ', 'now'))",
                 (INGEST_FINISHED,))
    summary = summarize(store)
    summary.update(status)
    summary["cards_loaded"] = cards_loaded      # MTGJSON cards read by --cards (None: no --cards)
    summary["errors"] = errors
    summary["warnings"] = warnings
    return summary


def summarize(store: Store) -> dict[str, Any]:
    """Counts of what the store holds for the documents in ``temp.ingest_keys``."""
    c = store.conn
    owned = "doc IN (SELECT key FROM temp.ingest_keys)"

    def one(sql: str) -> int:
        return c.execute(sql).fetchone()[0]

    out: dict[str, Any] = {
        "documents": one("SELECT count(*) FROM temp.ingest_keys"),
        "sections": one(f"SELECT count(*) FROM nodes WHERE kind='section' AND {owned}"),
        "links": one(f"SELECT count(*) FROM edges WHERE kind='links_to' AND {owned}"),
        "card_links": one(f"SELECT count(*) FROM edges WHERE kind='mentions' AND dst LIKE 'card:%' AND {owned}"),
        "cards": one(f"SELECT count(DISTINCT dst) FROM edges WHERE dst LIKE 'card:%' AND {owned}"),
        "rules": one(f"SELECT count(*) FROM nodes WHERE kind='rule' AND {owned}"),
        "examples": one(f"SELECT count(*) FROM nodes WHERE kind='example' AND {owned}"),
        "claims": one(f"SELECT count(*) FROM nodes WHERE kind='claim' AND {owned}"),
    }
    out["examples_with_claims"] = one(
        f"SELECT count(DISTINCT e.src) FROM edges e JOIN nodes n ON n.id=e.src "
        f"WHERE e.kind='has_claim' AND n.kind='example' AND e.{owned}")
    out["claim_coverage"] = round(out["examples_with_claims"] / out["examples"], 3) if out["examples"] else None
    unparsed = []
    for (data,) in c.execute(f"SELECT data FROM nodes WHERE kind='document' AND {owned} "
                             "AND json_extract(data,'$.unparsed') IS NOT NULL ORDER BY id"):
        for u in json.loads(data).get("unparsed", []):
            unparsed.append({k: u.get(k) for k in ("id", "text", "document", "key", "revision", "section", "line")})
    out["unparsed"] = unparsed
    return out


def _print_human(summary: dict[str, Any]) -> None:
    from rich.console import Console
    from rich.table import Table

    con = Console()
    t = Table(show_header=False, box=None)
    labels = {"cards": "cards linked"}         # cards the ingested documents link to
    for k in (*COUNT_KEYS, "added", "replaced", "unchanged"):
        t.add_row(labels.get(k, k), str(summary[k]))
    if summary.get("cards_loaded") is not None:
        t.add_row("cards loaded", f"{summary['cards_loaded']} (MTGJSON --cards)")
    if summary["examples"]:
        t.add_row("examples with claims", f"{summary['examples_with_claims']}/{summary['examples']}")
    con.print(t)
    err = Console(stderr=True)
    for w in summary["warnings"]:
        err.print(f"[yellow]warning[/]: {_where(w)}{w['message']}", highlight=False)
    for e in summary["errors"]:
        err.print(f"[red]error[/]: {_where(e)}{e['message']}", highlight=False)


def _where(e: dict[str, Any]) -> str:
    if not e.get("file"):
        return ""
    return f"{e['file']}:{e['line']}: " if e.get("line") else f"{e['file']}: "


def looks_like_mtgjson(path: str | os.PathLike) -> bool:
    """Whether a file is an MTGJSON card file (``{"meta": …, "data": …}``), judged from its first 4 KiB only
    (a full AtomicCards file is ~100 MB: it is never read whole to tell)."""
    try:
        with open(path, "rb") as fh:
            head = fh.read(4096)
    except OSError:
        return False
    head = head.lstrip(b"\xef\xbb\xbf").lstrip()
    return head.startswith(b"{") and b'"data"' in head and \
        any(k in head for k in (b'"meta"', b'"manaCost"', b'"layout"', b'"foreignData"'))


def check_paths(paths: Iterable[str]) -> list[str]:
    """What is wrong with the PATHs of ``mtgkb ingest`` before anything is read or a store is created:
    a PATH that does not exist, or an MTGJSON card file given as a PATH (it belongs to ``--cards``)."""
    problems = []
    for path in paths:
        p = Path(path)
        if not p.exists():
            problems.append(f"{path}: no such file or folder")
        elif p.is_file() and looks_like_mtgjson(p):
            problems.append(f"{path}: this looks like an MTGJSON card file: use --cards {path}")
    return problems


def cmd_ingest(args) -> int:
    from kb.store import open_store

    problems = check_paths(args.paths or [])
    if problems:                        # nothing read, no store created (exit 2: unusable input)
        if args.json:
            print(json.dumps({"error": "; ".join(problems),
                              "errors": [{"file": p.split(": ", 1)[0], "line": None, "message": p.split(": ", 1)[1]}
                                         for p in problems]}, ensure_ascii=False))
        for p in problems:
            print(f"error: {p}", file=sys.stderr)
        return 2
    progress = sys.stderr.isatty() and not args.json and not args.no_progress
    with open_store(args, create=True) as store:
        summary = ingest(args.paths, store, all_revisions=args.all_revisions, cards=args.cards, progress=progress)
    if args.json:
        print(json.dumps(summary, ensure_ascii=False, indent=2))
    else:
        _print_human(summary)
    ingested = summary["documents"] > 0
    return 0 if ingested and not summary["errors"] else 1
