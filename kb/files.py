"""One decoding path for every text file the CLI reads: documents (``mtgkb ingest``, through
:mod:`extractor.sources`), scenario files (``mtgkb simulate``, ``validate --attach``) alike — UTF-8 (BOM or
not), Shift_JIS, CP932, EUC-JP (:func:`extractor.sources.decode_bytes`)."""
from __future__ import annotations

import os

from extractor.facts import ExtractionError
from extractor.sources import decode_bytes


def read_text(path: str | os.PathLike) -> str:
    """The decoded text of ``path``; raises :class:`extractor.facts.ExtractionError` naming the file when it
    cannot be read or decoded (binary, NUL bytes, an unknown encoding)."""
    name = str(path)
    try:
        with open(path, "rb") as fh:
            data = fh.read()
    except OSError as e:
        raise ExtractionError(name, f"cannot read: {e.strerror or e}") from None
    return decode_bytes(data, name)
