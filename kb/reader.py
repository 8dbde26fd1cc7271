"""The first stage of an ingest: files → raw documents → extracted facts, in order, in this process or in a
child process of its own.

:func:`extracted` reads the paths, skips documents whose stored text is the same and extracts the others;
errors go to a callback in the order they occur.  :class:`Reader` runs it in a forked child process (a store
file only): the ingest process then spends its time on the claims (the Japanese pipeline) while the child
reads and extracts the next documents — and it starts while the ingest process is still importing and
building its pipeline.  What comes out, and its order (errors included), is the same either way.
"""
from __future__ import annotations

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
        """What :func:`extracted` gives, from the child (errors to ``error``, in their place)."""
        from extractor import extract

        while True:
            try:
                item = self.inbox.recv()
            except (EOFError, OSError):
                self.proc.join()
                raise StoreError(f"the document reader process stopped (exit code {self.proc.exitcode})")
            if item is None:
                return
            what, payload = item
            if what == "error":
                error(payload)
            elif what == "unchanged":
                yield payload, None, None
            elif what == "doc":
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


def _reader_main(paths: list[str], all_revisions: bool, db: str, outbox, parent: int, parents_end) -> None:
    from kb.lifeline import die_with_parent

    parents_end.close()
    die_with_parent(parent)
    conn = sqlite3.connect(f"{Path(db).resolve().as_uri()}?mode=ro", uri=True, timeout=30.0)

    def unchanged(raw: RawDocument) -> bool:          # as ``Store.is_unchanged``, on a connection of its own
        row = conn.execute("SELECT sha256 FROM documents WHERE key=?", (raw.key,)).fetchone()
        return bool(row) and row[0] == text_hash(raw)

    try:
        for key, raw, doc in extracted(paths, all_revisions, unchanged, lambda e: outbox.send(("error", e))):
            if doc is None:
                outbox.send(("unchanged", key))
                continue
            try:
                data = pickle.dumps(("doc", doc), protocol=pickle.HIGHEST_PROTOCOL)
            except (pickle.PicklingError, TypeError, AttributeError, RecursionError):
                data = pickle.dumps(("raw", raw), protocol=pickle.HIGHEST_PROTOCOL)
            outbox.send_bytes(data)
        outbox.send(None)
    except (BrokenPipeError, OSError):       # the ingest process is gone
        pass
    finally:
        conn.close()
