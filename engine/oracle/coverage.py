"""Coverage of the Oracle compiler over an MTGJSON AtomicCards file.

``coverage(path) -> {"cards", "supported", "faces": [{"name", "supported", "parsed", "reason"}], "by_reason",
"parsed_faces", "supported_faces", "textless_faces"}``.  ``python -m engine.oracle.coverage FILE`` prints the
numbers and the top blocking shapes (the worklist).
"""
from __future__ import annotations

import json
import os
import sys
from collections import Counter
from pathlib import Path

from .compile import compile_card


def load(path) -> dict:
    try:
        with open(path, encoding="utf-8") as fh:
            data = json.load(fh)
    except (OSError, json.JSONDecodeError) as e:
        raise ValueError(f"{path}: cannot read AtomicCards JSON: {e}") from None
    if not isinstance(data, dict) or not isinstance(data.get("data"), dict):
        raise ValueError(f"{path}: not an MTGJSON AtomicCards file (no 'data' object)")
    return data["data"]


def _compile_chunk(items):
    return [[(c.name, c.supported, c.parsed, c.reason) for c in compile_card(fs)] for _, fs in items]


def compile_all(cards: dict, workers: int = 1) -> list:
    """(name, supported, parsed, reason) per face, per card, in file order; ``workers`` > 1 splits the cards
    over processes (the grammar is built once per process, lines are memoised per process)."""
    items = list(cards.items())
    if workers <= 1 or len(items) < 1000:
        return _compile_chunk(items)
    from concurrent.futures import ProcessPoolExecutor
    step = (len(items) + workers - 1) // workers
    chunks = [items[i:i + step] for i in range(0, len(items), step)]
    with ProcessPoolExecutor(max_workers=workers) as ex:
        return [r for part in ex.map(_compile_chunk, chunks) for r in part]


def coverage_of(cards: dict, workers: int = 1) -> dict:
    faces, by_reason, unhandled = [], Counter(), Counter()
    n_sup = n_parsed_faces = n_sup_faces = textless = 0
    results = compile_all(cards, workers)
    for (name, fs), compiled in zip(cards.items(), results):
        ok = True
        for f, (cname, supported, parsed, reason) in zip(fs, compiled):
            if not (f.get("text") or "").strip():
                textless += 1
            faces.append({"name": cname, "supported": supported, "parsed": parsed, "reason": reason})
            n_parsed_faces += parsed
            n_sup_faces += supported
            if not supported:
                ok = False
                (unhandled if parsed else by_reason)[reason] += 1
        n_sup += ok
    return {"cards": len(cards), "supported": n_sup, "faces": faces, "parsed_faces": n_parsed_faces,
            "supported_faces": n_sup_faces, "textless_faces": textless, "by_reason": dict(by_reason.most_common()),
            "by_unhandled": dict(unhandled.most_common())}


def coverage(atomic_cards_path, workers: int | None = None) -> dict:
    if workers is None:
        workers = min(2, os.cpu_count() or 1)
    return coverage_of(load(atomic_cards_path), workers)


def report(cov: dict, top: int = 30) -> str:
    nf = len(cov["faces"])
    lines = [f"cards {cov['cards']}, supported {cov['supported']} ({100 * cov['supported'] / max(1, cov['cards']):.1f} %)",
             f"faces {nf}: parsed {cov['parsed_faces']} ({100 * cov['parsed_faces'] / max(1, nf):.1f} %), "
             f"supported {cov['supported_faces']} ({100 * cov['supported_faces'] / max(1, nf):.1f} %), "
             f"of which text-less {cov['textless_faces']}",
             f"top {top} blocking parse shapes:"]
    lines += [f"  {n:5d}  {r}" for r, n in list(cov["by_reason"].items())[:top]]
    lines.append(f"top {top} parsed but unhandled (engine handlers to add):")
    lines += [f"  {n:5d}  {r}" for r, n in list(cov["by_unhandled"].items())[:top]]
    return "\n".join(lines)


def supported_names(cov: dict) -> list[str]:
    """The supported face names, sorted and unique (the ratchet list tests/engine/oracle_supported.txt)."""
    return sorted({f["name"] for f in cov["faces"] if f["supported"]})


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    out_list = None
    if "--supported" in argv:                       # write the ratchet list: --supported PATH
        i = argv.index("--supported")
        if i + 1 >= len(argv):
            print("--supported needs a file path", file=sys.stderr)
            return 2
        out_list = Path(argv[i + 1])
        del argv[i:i + 2]
    path = Path(argv[0]) if argv else Path(__file__).resolve().parents[2].parent / "shared/cards/AtomicCards.json"
    try:
        cov = coverage(path)
    except ValueError as e:
        print(e, file=sys.stderr)
        return 2
    print(report(cov, int(argv[1]) if len(argv) > 1 else 30))
    if out_list is not None:
        out_list.write_text("\n".join(supported_names(cov)) + "\n", encoding="utf-8")
    if len(argv) > 2:
        Path(argv[2]).write_text(json.dumps(cov, indent=1), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
