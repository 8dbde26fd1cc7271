"""The first stage of an ingest: files → raw documents → extracted facts, in order, in this process or in a
child process of its own.

:func:`extracted` reads the paths, skips documents whose stored text is the same and extracts the others;
errors go to a callback in the order they occur.  :class:`Reader` runs it in a forked child process (a store
file only): the ingest process then spends its time on the claims (the Japanese pipeline) while the child
reads and extracts the next documents — and it starts while the ingest process is still importing and
building its pipeline, and runs ahead of it (:class:`_Outbox`, a bounded queue).  What comes out, and its
order (errors included), is the same either way.
"""
from __future__ import annotations

import collections
import os
import pickle
import sqlite3
import threading
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator

from extractor.facts import ExtractedDocument, ExtractionError, RawDocument
from kb.store import StoreError, document_key, text_hash


def items(paths: Iterable[str], all_revisions: bool,
          error: Callable[[dict[str, Any]], None]) -> Iterator[RawDocument]:
    """The raw documents of the paths; a bad file or path goes to ``error`` and the others are still read."""
    from extractor.sources import read_path

    for path in paths:
        try:
            for item in read_path(path, all_revisions):
                if isinstance(item, ExtractionError):
                    error(item.to_dict())
                else:
                    yield item
        except ExtractionError as e:
            error(e.to_dict())
        except Exception as e:  # a reader bug on one path must not stop the other paths
            error({"file": str(path), "line": None, "message": f"{type(e).__name__}: {e}"})


def failure(raw: RawDocument, e: Exception) -> dict[str, Any]:
    """The error of a document whose extraction (or claims) raised."""
    if isinstance(e, ExtractionError):
        return e.to_dict()
    return {"file": raw.path, "line": None, "message": f"{raw.title}: {type(e).__name__}: {e}"}


def extracted(paths: Iterable[str], all_revisions: bool, unchanged: Callable[[RawDocument], bool],
              error: Callable[[dict[str, Any]], None]
              ) -> Iterator[tuple[str, RawDocument, ExtractedDocument | None]]:
    """(key, raw document, its facts — None when ``unchanged(raw)``) of every document, in order."""
    from extractor import extract

    for raw in items(paths, all_revisions, error):
        key = document_key(raw)
        raw.key = key
        try:
            doc = None if unchanged(raw) else extract(raw)
        except StoreError:
            raise
        except Exception as e:
            error(failure(raw, e))
            continue
        yield key, raw, doc


def fork_ok() -> bool:
    import multiprocessing as mp

    return "fork" in mp.get_all_start_methods() and threading.active_count() == 1


def widen(conn) -> None:
    """Let a pipe hold several documents (Linux: up to 1 MiB), so that sending one does not wait for the
    other side to take the previous one."""
    try:
        import fcntl
        size = int(Path("/proc/sys/fs/pipe-max-size").read_text())
        fcntl.fcntl(conn.fileno(), fcntl.F_SETPIPE_SZ, min(size, 1 << 20))
    except (ImportError, AttributeError, OSError, ValueError):
        pass


class Reader:
    """:func:`extracted` in a child process (fork), its results sent through a pipe that holds little (memory
    stays bounded).  The child ends with this process however it dies (``kb.lifeline``) and is ended by
    :meth:`close`.  A document whose facts do not pickle travels raw and is extracted here."""

    def __init__(self, paths: list[str], all_revisions: bool, db: str):
        import multiprocessing as mp

        ctx = mp.get_context("fork")
        self.inbox, send = ctx.Pipe(duplex=False)
        self.proc = ctx.Process(target=_reader_main, args=(paths, all_revisions, db, send, os.getpid(), self.inbox),
                                name="mtgkb-reader", daemon=True)
        self.proc.start()
        send.close()
        widen(self.inbox)

    def extracted(self, error: Callable[[dict[str, Any]], None]
                  ) -> Iterator[tuple[str, RawDocument | None, ExtractedDocument | None]]:
        """What :func:`extracted` gives, from the child (errors to ``error``, in their place).  While a
        document is being handled, :attr:`data` holds the pickled bytes it came in (None for one extracted
        here): a document nothing changes can travel on as those bytes, unpickled once more by its receiver."""
        from extractor import extract

        while True:
            self.data = None
            try:
                data = self.inbox.recv_bytes()
            except (EOFError, OSError):
                self.proc.join()
                raise StoreError(f"the document reader process stopped (exit code {self.proc.exitcode})")
            item = pickle.loads(data)
            if item is None:
                return
            what, payload = item
            if what == "error":
                error(payload)
            elif what == "unchanged":
                yield payload, None, None
            elif what == "doc":
                self.data = data
                yield payload.raw.key, payload.raw, payload
            else:                                # "raw": its facts did not pickle
                try:
                    doc = extract(payload)
                except Exception as e:
                    error(failure(payload, e))
                    continue
                yield payload.key, payload, doc

    def close(self) -> None:
        if self.proc.is_alive():
            self.proc.terminate()
        self.proc.join()
        self.inbox.close()


class _Outbox:
    """The reader's end of the pipe, sent through by a thread of its own from a queue of pickled items, so
    that the reader runs ahead of the ingest process instead of waiting on a full pipe: while that process
    imports and builds its Japanese pipeline (about a second), the reader extracts what the pipe could not
    hold.  The queue holds at most :data:`AHEAD_BYTES` (memory stays bounded); past that, :meth:`put` waits."""

    def __init__(self, conn):
        self.conn = conn
        self.queue: collections.deque[bytes] = collections.deque()
        self.held = 0
        self.broken = False
        self.cond = threading.Condition()
        self.thread = threading.Thread(target=self._send, name="mtgkb-reader-send", daemon=True)
        self.thread.start()

    def put(self, item: Any = None, data: bytes | None = None) -> None:
        """Queue ``item`` (or its pickled ``data``); raises BrokenPipeError once the ingest process is gone."""
        if data is None:
            data = pickle.dumps(item, protocol=pickle.HIGHEST_PROTOCOL)
        with self.cond:
            while self.held > AHEAD_BYTES and not self.broken:
                self.cond.wait()
            if self.broken:
                raise BrokenPipeError("the ingest process is gone")
            self.queue.append(data)
            self.held += len(data)
            self.cond.notify_all()

    def _send(self) -> None:
        while True:
            with self.cond:
                while not self.queue:
                    self.cond.wait()
                data = self.queue.popleft()
            try:
                self.conn.send_bytes(data)
            except Exception:                 # BrokenPipeError: the ingest process is gone
                with self.cond:
                    self.broken = True
                    self.cond.notify_all()
                return
            with self.cond:
                self.held -= len(data)
                self.cond.notify_all()
            if data == _END:
                return

    def close(self) -> None:
        """Send what is queued, then the end mark (None)."""
        self.put(data=_END)
        self.thread.join()


# the pickled end mark (None)
_END = pickle.dumps(None, protocol=pickle.HIGHEST_PROTOCOL)
# pickled documents the reader may hold beyond what the pipe holds (the whole 2,000-page bench is ~20 MB)
AHEAD_BYTES = 64 << 20


def _reader_main(paths: list[str], all_revisions: bool, db: str, outbox, parent: int, parents_end) -> None:
    from kb.lifeline import die_with_parent

    parents_end.close()
    die_with_parent(parent)
    conn = sqlite3.connect(f"{Path(db).resolve().as_uri()}?mode=ro", uri=True, timeout=30.0)

    def unchanged(raw: RawDocument) -> bool:          # as ``Store.is_unchanged``, on a connection of its own
        row = conn.execute("SELECT sha256 FROM documents WHERE key=?", (raw.key,)).fetchone()
        return bool(row) and row[0] == text_hash(raw)

    out = _Outbox(outbox)
    try:
        for key, raw, doc in extracted(paths, all_revisions, unchanged, lambda e: out.put(("error", e))):
            if doc is None:
                out.put(("unchanged", key))
                continue
            try:
                data = pickle.dumps(("doc", doc), protocol=pickle.HIGHEST_PROTOCOL)
            except (pickle.PicklingError, TypeError, AttributeError, RecursionError):
                data = pickle.dumps(("raw", raw), protocol=pickle.HIGHEST_PROTOCOL)
            out.put(data=data)
        out.close()
    except (BrokenPipeError, OSError):       # the ingest process is gone
        pass
    finally:
        conn.close()
