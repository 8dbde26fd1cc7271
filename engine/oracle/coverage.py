"""Coverage of the Oracle compiler over an MTGJSON AtomicCards file.

``coverage(path) -> {"cards", "supported", "faces": [{"name", "supported", "parsed", "reason"}], "by_reason",
"parsed_faces", "supported_faces", "textless_faces"}``.  ``python -m engine.oracle.coverage FILE`` prints the
numbers and the top blocking shapes (the worklist).
"""
from __future__ import annotations

import json
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


def coverage_of(cards: dict) -> dict:
    faces, by_reason, unhandled = [], Counter(), Counter()
    n_sup = n_parsed_faces = n_sup_faces = textless = 0
    for name, fs in cards.items():
        compiled = compile_card(fs)
        ok = True
        for f, c in zip(fs, compiled):
            if not (f.get("text") or "").strip():
                textless += 1
            faces.append({"name": c.name, "supported": c.supported, "parsed": c.parsed, "reason": c.reason})
            n_parsed_faces += c.parsed
            n_sup_faces += c.supported
            if not c.supported:
                ok = False
                (unhandled if c.parsed else by_reason)[c.reason] += 1
        n_sup += ok
    return {"cards": len(cards), "supported": n_sup, "faces": faces, "parsed_faces": n_parsed_faces,
            "supported_faces": n_sup_faces, "textless_faces": textless, "by_reason": dict(by_reason.most_common()),
            "by_unhandled": dict(unhandled.most_common())}


def coverage(atomic_cards_path) -> dict:
    return coverage_of(load(atomic_cards_path))


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


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    path = Path(argv[0]) if argv else Path(__file__).resolve().parents[2].parent / "shared/cards/AtomicCards.json"
    try:
        cov = coverage(path)
    except ValueError as e:
        print(e, file=sys.stderr)
        return 2
    print(report(cov, int(argv[1]) if len(argv) > 1 else 30))
    return 0


if __name__ == "__main__":
    sys.exit(main())
