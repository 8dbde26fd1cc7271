"""Card mentions on the shared corpus pages with the full card table: build time, parse throughput, counts.

Loads every Japanese name of ``../shared/cards/AtomicCards.json`` (and, unless ``--no-wiki``, the MTG Wiki
spellings of ``mtgwiki-jpnames.json`` as extra ``(ja, en)`` pairs), builds the Japanese pipeline once with
all of them (timed), parses every ``../shared/corpus/pages/*.txt`` and ``rulings/*.txt`` (timed) and counts
CARD entities: inside 《》 and bare.

    PYTHONPATH=$PWD .venv/bin/python bench/bench_mentions.py [--limit N] [--no-wiki] [--show]
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared"
sys.path.insert(0, str(ROOT))


def card_pairs(limit: int | None = None) -> list[tuple[str | None, str]]:
    data = json.loads((SHARED / "cards" / "AtomicCards.json").read_text(encoding="utf-8"))["data"]
    out: list[tuple[str | None, str]] = []
    for key, faces in data.items():
        for face in faces:
            ja = next((fd.get("faceName") or fd.get("name") for fd in face.get("foreignData") or ()
                       if fd.get("language") == "Japanese"), None)
            out.append((ja, face.get("faceName") or face.get("name") or key))
    return out[:limit] if limit else out


def wiki_pairs() -> list[tuple[str, str]]:
    rows = json.loads((SHARED / "cards" / "mtgwiki-jpnames.json").read_text(encoding="utf-8"))
    return [(r["jpname"], r["name"]) for r in rows if r.get("jpname") and r.get("name")]


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--limit", type=int)
    ap.add_argument("--no-wiki", action="store_true")
    ap.add_argument("--show", action="store_true", help="print every bare mention")
    args = ap.parse_args()
    from extractor import japanese

    pairs = card_pairs(args.limit)
    extra = [] if args.no_wiki else wiki_pairs()
    t0 = time.perf_counter()
    try:
        nlp = japanese.build_nlp(pairs, (), extra_names=extra)
    except TypeError:                                   # a pipeline without extra_names: hand them as cards
        nlp = japanese.build_nlp(pairs + extra, ())
    build = time.perf_counter() - t0
    files = sorted((SHARED / "corpus" / "pages").glob("*.txt")) + sorted((SHARED / "corpus" / "rulings").glob("*.txt"))
    texts = [f.read_text(encoding="utf-8") for f in files]
    t0 = time.perf_counter()
    docs = list(japanese.parse(nlp, texts))
    parse = time.perf_counter() - t0
    bracketed = bare = 0
    for f, text, doc in zip(files, texts, docs):
        for s, e, en in japanese.cards_in(doc):
            inside = text[max(0, s - 1):s] == "《"
            bracketed += inside
            bare += not inside
            if args.show and not inside:
                print(f"{f.name}: {text[s:e]} -> {en}   …{text[max(0, s - 8):e + 8]!r}")
    kb = sum(len(t.encode("utf-8")) for t in texts) / 1024
    res = {"cards": len(pairs), "extra": len(extra), "build_s": round(build, 2), "files": len(files),
           "parse_s": round(parse, 2), "kb_per_s": round(kb / parse, 1), "mentions": bracketed + bare,
           "bracketed": bracketed, "bare": bare}
    print(json.dumps(res, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
