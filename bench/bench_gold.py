"""Recall and precision of the checker on a gold file of real checkable statements.

    python bench/bench_gold.py [--gold ../shared/corpus/gold.yaml] [--pages ../shared/corpus/pages]
                               [--cards ../shared/cards/AtomicCards.json] [--json] [--misses N]
                               [--only GLOB ...] [--list] [--split]

``--only``: measure only the pages whose file name matches one of the globs (and the gold statements of those
pages) — for working on one family of pages; ``--list``: print every scored statement with its verdicts or
the reason it has none; ``--split``: report the held-out part of the gold apart (every third page file by
sorted name, starting with the third — a fixed rule, no page read): its recall and precision only, never its
sentences or misses, beside the working part's full report. Work on the reader is tuned on the working part;
a gap between the two parts is memorisation.

The gold file lists real statements of the pages (``file``, ``line``, ``text``, ``outcome`` in English, ``cards``,
``truth``: true / false / unclear, ``note``).  The pages are ingested into a fresh store with the CLI (``mtgkb
ingest``, with the card file when given) and validated (``mtgkb validate``), exactly as a user would; the
verdicts are then joined to the gold statements by file and line (when several statements share a line, by the
best text overlap with the words the claim's reading was made at, then with its sentence).

- **recall**: gold statements with truth true/false that received a decisive verdict (confirmed/contradicted);
- **precision**: decisive verdicts on those statements that agree with the truth (confirmed ↔ true,
  contradicted ↔ false);
- decisive verdicts on ``unclear`` statements and on lines the gold does not list are reported apart;
- misses by reason: no claim read at that line, or the claim's unsimulable reason (grouped by its first words).

Nothing here knows a sentence: the same measure runs on any gold file over any pages.
"""
from __future__ import annotations

import argparse
import json
import re
import sqlite3
import subprocess
import sys
import tempfile
from collections import Counter
from difflib import SequenceMatcher
from fnmatch import fnmatch
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared"
DECISIVE = ("confirmed", "contradicted")


def _mtgkb(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "kb", *args], cwd=ROOT, capture_output=True, text=True)


def _claims(db: Path) -> list[dict]:
    """Every claim of the store with its verdict (or none) and its source file and line."""
    conn = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    rows = conn.execute("SELECT c.id, c.data, v.title, v.text FROM nodes c LEFT JOIN nodes v "
                        "ON v.id = 'verdict:' || c.id WHERE c.kind = 'claim'").fetchall()
    conn.close()
    out = []
    for cid, data, verdict, reason in rows:
        d = json.loads(data)
        prov = d.get("prov") or {}
        out.append({"id": cid, "kind": d.get("kind"), "text": d.get("text") or "",
                    "clause": d.get("clause") or "",
                    "file": Path(prov.get("file") or d.get("key") or "").name,
                    "line": prov.get("line", d.get("line")), "verdict": verdict, "reason": reason or "",
                    "dropped": list((d.get("situation") or {}).get("unrepresented") or [])})
    return out


def ingested_claims(paths: list[str], db: Path, cards: list[str]) -> list[dict] | None:
    """Ingest ``paths`` into the store ``db`` and validate it with the CLI, as a user would; every claim with its
    verdict (:func:`_claims`), or ``None`` (the CLI's output printed) when either command fails."""
    for args in (("ingest", *paths, "--db", str(db), "--no-progress", *cards),
                 ("validate", "--db", str(db), "--no-progress", "--json")):
        r = _mtgkb(*args)
        if r.returncode not in (0, 1):
            print(r.stdout, r.stderr, file=sys.stderr)
            return None
    return _claims(db)


_LINK = re.compile(r"\[\[(?:[^\]|]*\|)?([^\]]*)\]\]")


def _plain(text: str) -> str:
    """A gold statement's text as claims store theirs: wiki links as their shown words."""
    return _LINK.sub(r"\1", text)


def _overlap(a: str, b: str) -> float:
    a = _plain(a)
    return SequenceMatcher(None, a, b).find_longest_match(0, len(a), 0, len(b)).size / max(1, min(len(a), len(b)))


def _reason_group(reason: str) -> str:
    words = reason.replace("(", " ").split()
    return " ".join(words[:6]) or "(no reason given)"


def measure(gold: list[dict], claims: list[dict]) -> dict:
    by_line: dict[tuple[str, int], list[dict]] = {}
    for g in gold:
        by_line.setdefault((g["file"], int(g["line"])), []).append(g)
    assigned: dict[int, list[dict]] = {}         # gold index → claims joined to it
    stray = []                                   # decisive verdicts on lines the gold does not list
    index = {id(g): i for i, g in enumerate(gold)}
    for c in claims:
        cands = by_line.get((c["file"], int(c["line"]) if c["line"] is not None else -1))
        if not cands:
            if c["verdict"] in DECISIVE:
                stray.append(c)
            continue
        # several statements on one line: the one holding the words the reading was made at, then the sentence
        g = max(cands, key=lambda g: (_overlap(str(g.get("text") or ""), c["clause"]) if c["clause"] else 0.0,
                                      _overlap(str(g.get("text") or ""), c["text"])))
        assigned.setdefault(index[id(g)], []).append(c)

    rows, misses, listing = [], Counter(), []
    decided = agree = 0
    unclear_decisive = []
    for i, g in enumerate(gold):
        cs = assigned.get(i, [])
        decisive = [c for c in cs if c["verdict"] in DECISIVE]
        truth = g.get("truth")
        if truth == "unclear" or truth is None:
            unclear_decisive += decisive
            continue
        if decisive:
            decided += 1
            # a statement counts as agreeing only when every decisive verdict on it agrees
            ok = all((c["verdict"] == "confirmed") == bool(truth) for c in decisive)
            agree += ok
            rows.append({"file": g["file"], "line": g["line"], "truth": truth, "ok": ok,
                         "verdicts": [(c["kind"], c["verdict"]) for c in decisive]})
            listing.append((g, "OK" if ok else "WRONG", "; ".join(f"{c['kind']} {c['verdict']}" for c in decisive)))
        elif not cs:
            misses["no claim read at this line"] += 1
            listing.append((g, "MISS", "no claim read at this line"))
        else:
            for c in cs[:1]:
                misses[f"unsimulable: {_reason_group(c['reason'])}"] += 1
            listing.append((g, "MISS", "; ".join(f"{c['kind']} {c['verdict']}: {c['reason'][:200]}" for c in cs)))
    scored = sum(1 for g in gold if g.get("truth") in (True, False))
    return {"gold": len(gold), "scored": scored, "decided": decided, "agree": agree,
            "recall": decided / scored if scored else 0.0, "precision": agree / decided if decided else None,
            "claims": len(claims), "claims_decisive": sum(c["verdict"] in DECISIVE for c in claims),
            "wrong": [r for r in rows if not r["ok"]], "decided_rows": rows,
            "unclear_decisive": [(c["file"], c["line"], c["kind"], c["verdict"]) for c in unclear_decisive],
            "outside_gold_decisive": [(c["file"], c["line"], c["kind"], c["verdict"]) for c in stray],
            # fidelity: a claim with a clause the reader could not represent is never decided
            "decisive_with_dropped_facts": [(c["file"], c["line"], c["kind"], c["verdict"]) for c in claims
                                            if c["verdict"] in DECISIVE and c["dropped"]],
            "misses": dict(misses.most_common()),
            "listing": [{"file": g["file"], "line": g["line"], "text": g.get("text"), "status": st, "detail": d}
                        for g, st, d in listing]}


def held_out(files) -> set[str]:
    """The held-out third of the gold's pages: every third file name in sorted order (the 3rd, 6th, …)."""
    return {f for i, f in enumerate(sorted(set(files))) if i % 3 == 2}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--gold", default=str(SHARED / "corpus" / "gold.yaml"))
    ap.add_argument("--pages", default=str(SHARED / "corpus" / "pages"))
    ap.add_argument("--cards", default=str(SHARED / "cards" / "AtomicCards.json"),
                    help="MTGJSON AtomicCards file for card names ('' for the bundled table only)")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--misses", type=int, default=15, help="how many miss reasons to print")
    ap.add_argument("--only", nargs="*", default=None, metavar="GLOB",
                    help="only the pages whose file name matches one of these globs (and their gold statements)")
    ap.add_argument("--list", action="store_true", help="print every scored statement with its verdicts or why none")
    ap.add_argument("--split", action="store_true",
                    help="report the held-out third of the pages (every third by sorted name) apart, numbers only")
    a = ap.parse_args(argv)
    gold = yaml.safe_load(Path(a.gold).read_text(encoding="utf-8"))
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "gold.sqlite"
        cards = ["--cards", a.cards] if a.cards and Path(a.cards).exists() else []
        pages = a.pages
        if a.only:
            chosen = [f for f in sorted(Path(a.pages).iterdir()) if any(fnmatch(f.name, g) for g in a.only)]
            if not chosen:
                print(f"{a.pages}: no page matches {a.only}", file=sys.stderr)
                return 2
            pages = str(Path(tmp) / "pages")
            Path(pages).mkdir()
            for f in chosen:
                (Path(pages) / f.name).write_bytes(f.read_bytes())
            names = {f.name for f in chosen}
            gold = [g for g in gold if g["file"] in names]
        claims = ingested_claims([pages], db, cards)
        if claims is None:
            return 2
        hidden = held_out(f.name for f in Path(pages).iterdir() if f.is_file()) if a.split else set()
    result = measure([g for g in gold if g["file"] not in hidden], [c for c in claims if c["file"] not in hidden])
    if a.split:
        h = measure([g for g in gold if g["file"] in hidden], [c for c in claims if c["file"] in hidden])
        result["held_out"] = {k: h[k] for k in ("gold", "scored", "decided", "agree", "recall", "precision")}
        result["held_out"]["files"] = len(hidden)
    if a.json:
        print(json.dumps(result, ensure_ascii=False, indent=1))
        return 0
    p = result["precision"]
    if a.split:
        h = result["held_out"]
        hp = f"{h['precision']:.1%}" if h["precision"] is not None else "n/a"
        print(f"held-out part ({h['files']} files, every third by name; sentences and misses not shown): "
              f"recall {h['decided']}/{h['scored']} = {h['recall']:.1%}, precision {h['agree']}/{h['decided']} = {hp}")
        print("working part:")
    print(f"gold statements {result['gold']} (scored true/false: {result['scored']}); "
          f"claims {result['claims']}, decisive {result['claims_decisive']}")
    print(f"recall    {result['decided']}/{result['scored']} = {result['recall']:.1%}")
    print(f"precision {result['agree']}/{result['decided']} = " + (f"{p:.1%}" if p is not None else "n/a"))
    for w in result["wrong"]:
        print(f"  WRONG {w['file']}:{w['line']} truth={w['truth']} {w['verdicts']}")
    if result["unclear_decisive"]:
        print(f"decisive on 'unclear' statements: {result['unclear_decisive']}")
    print(f"decisive verdicts on lines outside the gold: {len(result['outside_gold_decisive'])}")
    for f, ln, kind, v in result["outside_gold_decisive"]:
        print(f"  {f}:{ln} {kind} {v}")
    print(f"decisive verdicts from a claim with a dropped fact: {len(result['decisive_with_dropped_facts'])}"
          + "".join(f"\n  {f}:{ln} {k} {v}" for f, ln, k, v in result["decisive_with_dropped_facts"]))
    if a.list:
        for row in result["listing"]:
            print(f"{row['status']:5} {row['file']}:{row['line']} {row['text']}\n        {row['detail']}")
    print("misses by reason:")
    for reason, n in list(result["misses"].items())[:a.misses]:
        print(f"  {n:4}  {reason}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
