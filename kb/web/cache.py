"""Answers of ``mtgkb serve`` kept while the store file is unchanged.

The server only reads the store, so a page is the same until an ingest or a validate writes it: every
answer is kept by its URL (path and query) beside the store's file state (:func:`kb.web.queries.store_version`,
a few ``stat`` calls per request); when that state changes the cache is emptied.  It holds at most
``MAX_BYTES`` of answers (least recently used go first).  ``MTGKB_PAGE_CACHE=0`` turns it off (the
benchmark measures both, ``bench/bench_web.py --no-page-cache``).
"""
from __future__ import annotations

import os
import threading
from collections import OrderedDict
from pathlib import Path
from typing import Any

from kb.web import queries as Q

MAX_BYTES = 64 * 1024 * 1024


def enabled() -> bool:
    return os.environ.get("MTGKB_PAGE_CACHE", "1").strip().lower() not in ("0", "no", "off", "false")


class PageCache:
    """``(key → answer)`` for one store file; ``get`` answers ``(answer or None, version)`` and ``put`` keeps
    an answer only if the store is still at the version it was computed at."""

    def __init__(self, path: str | Path, max_bytes: int = MAX_BYTES):
        self.path = Path(path)
        self.max_bytes = max_bytes
        self._lock = threading.Lock()
        self._data: OrderedDict[Any, tuple[bytes, str, int]] = OrderedDict()
        self._bytes = 0
        self._version: tuple | None = None

    def get(self, key) -> tuple[tuple[bytes, str, int] | None, tuple]:
        version = Q.store_version(self.path)
        with self._lock:
            if version != self._version:
                self._data.clear()
                self._bytes, self._version = 0, version
            hit = self._data.get(key)
            if hit is not None:
                self._data.move_to_end(key)
            return hit, version

    def put(self, key, answer: tuple[bytes, str, int], version: tuple) -> None:
        size = len(answer[0])
        if size > self.max_bytes // 8:
            return
        with self._lock:
            if version != self._version or key in self._data:
                return
            self._data[key] = answer
            self._bytes += size
            while self._bytes > self.max_bytes:
                _, (body, _, _) = self._data.popitem(last=False)
                self._bytes -= len(body)

    def __len__(self) -> int:
        return len(self._data)
