"""Word lists the engine keeps as data files under ``engine/data/`` (one entry per line after a ``#`` header),
each derived from the card file by its module's ``python -m … AtomicCards.json``: read them, regenerate them."""
from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Callable


def read_list(path: Path) -> list[str]:
    """The entries of a list file (blank lines and ``#`` comments left out)."""
    lines = path.read_text(encoding="utf-8").splitlines()
    return [x.strip() for x in lines if x.strip() and not x.startswith("#")]


def regenerate(argv: list[str] | None, path: Path, derive: Callable[[dict], list[str]], module: str) -> int:
    """``python -m MODULE AtomicCards.json``: rewrite ``path`` (its header line kept) with ``derive(data)`` of the
    card file; a clear message naming the file and exit code 2 when it cannot be read."""
    argv = sys.argv[1:] if argv is None else argv
    if len(argv) != 1:
        print(f"usage: python -m {module} AtomicCards.json", file=sys.stderr)
        return 2
    try:
        data = json.loads(Path(argv[0]).read_text(encoding="utf-8"))["data"]
    except (OSError, ValueError, KeyError) as e:
        print(f"{argv[0]}: cannot read the card file: {e}", file=sys.stderr)
        return 2
    head = path.read_text(encoding="utf-8").splitlines()[0]
    path.write_text(head + "\n" + "\n".join(derive(data)) + "\n", encoding="utf-8")
    return 0
