"""How much of real, unlabelled Japanese rulings prose the checker decides: a proxy for the unseen gold sets.

    python bench/bench_realpages.py [--corpus ../shared/corpus] [--sources more,wiki,rulings,cr,xml]
                                    [--cards ../shared/cards/AtomicCards.json] [--json]
                                    [--show N] [--grep REGEX] [--unsimulable]

The documents of each source folder (and ``xml``: the MediaWiki export) are ingested into one fresh store with
the card file and validated with the CLI, exactly as a user would.  Each folder is split by a fixed rule, like
``bench_gold.py --split``: every third file by sorted name (the 3rd, 6th, …) is **held out** — its counts are
printed, never its sentences.  Per folder and part:

- **candidates**: sentences with a game word and a predicate (a crude filter: most are checkable, many are not —
  history, card lists, design notes); the denominator only compares versions, it is not a gold count;
- **claims**, the **lines** they come from, the lines with a **decisive** verdict, confirmed, contradicted.

Nothing labels these pages: a contradicted verdict is either a reader defect or a false page, and must be read;
a confirmation should be checked by hand on the working part.  A construction that raises the working part
and not the held-out one fitted sentences, not the language.

``--show N`` prints the working part's candidate sentences that gave no claim (with ``--unsimulable``: also those
whose claims are all unsimulable, with the reasons), grouped by their final predicate, N per group — the real
pages' wordings the reader does not read yet, biggest groups first.

Measured on 12/2026 main (c90d1fd), decided lines / candidates, working and held-out part: more 11/252 and
2/120; wiki 9/205 and 4/99; rulings 0/39 and 0/22; cr 5/172 and 6/79 (all true: the CR's own statements); the
export 0/129; 0 contradicted.  (The gold's pages, tuned on for many stops, give 79/453 on their working part.)
After the stop that added this bench (release-note card blocks, real pages' scry and keyword-action wording, honesty
fixes): more 26/252 and 4/120; wiki 11/205 and 4/99; rulings 2/39 and 3/22; cr unchanged; the export 1/129;
0 contradicted.
"""
from __future__ import annotations

import argparse
import json
import re
import sys
import tempfile
import unicodedata
from collections import Counter, defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_gold import held_out, ingested_claims  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared"
DECISIVE = ("confirmed", "contradicted")
_LINK = re.compile(r"\[\[(?:[^\]|]*\|)?([^\]]*)\]\]")
# a game word (an object, a zone, a game action, an evergreen keyword) and a predicate: a sentence that may check
_GAME = re.compile(r"《|クリーチャー|パーマネント|呪文|能力|ダメージ|カウンター|墓地|戦場|手札|ライブラリー|ライフ|トークン"
                   r"|攻撃|ブロック|タップ|生け贄|破壊|追放|打ち消|誘発|マナ|コスト|対象|プロテクション|飛行|トランプル|接死"
                   r"|絆魂|先制攻撃|二段攻撃|呪禁|破壊不能|速攻|警戒|到達|占術|諜報|召喚酔い|伝説|装備|オーラ|再生")
_PRED = re.compile(r"でき|出来|可能|な[りるら]|され|れる|れない|られ|ます|ません|ない|ある|いる|する|した|置か|与え|得る"
                   r"|失う|戻る|誘発|打ち消|破壊|追放|生け贄|回復|引")
_QUESTION = re.compile(r"[?？]\s*$|(?:ます|です|でしょう)か[。]?\s*$")
_ENDING = re.compile(r"(できる|できない|できます|できません|出来る|出来ない|不可能|可能|ならない|なる|なります|なりません"
                     r"|されない|される|されます|されません|られない|られる|誘発しない|誘発する|誘発します|誘発しません"
                     r"|置かれる|置かれます|与える|与えます|受ける|失う|持たない|持つ|持ちます|得る|戻る|戻ります|ある|ない|いる"
                     r"|する|します)$")


def candidates(path: Path) -> list[tuple[int, str]]:
    """(line, sentence) of a document's candidate statements (header comment lines skipped)."""
    out = []
    for i, line in enumerate(path.read_text(encoding="utf-8", errors="replace").split("\n"), 1):
        if i <= 4 and line.startswith("# "):
            continue
        s = _LINK.sub(r"\1", unicodedata.normalize("NFKC", line))
        for part in re.split(r"(?<=[。!！])", s):
            p = part.strip(" -*:#|+\t•")
            if 6 <= len(p) <= 300 and _GAME.search(p) and _PRED.search(p):
                out.append((i, p))
    return out


def ending(sentence: str) -> str:
    s = re.sub(r"[。.!！)）」\s]+$", "", sentence)
    s = re.sub(r"(ということ)?(です|でした|ですね|だ|である)$", "", s)
    m = _ENDING.search(s)
    return m.group(1) if m else "…" + s[-3:]


def documents(corpus: Path, sources: list[str]) -> dict[str, tuple[str, str, Path]]:
    """file name -> (source, part, path) of the chosen folders' ``.txt`` documents (and the export for ``xml``).
    The held-out part is every third file of a folder by sorted name; the split counts every file (a README too)."""
    docs: dict[str, tuple[str, str, Path]] = {}
    for src in sources:
        if src == "xml":
            for x in sorted(corpus.glob("*.xml")):
                docs[x.name] = ("xml", "work", x)
            continue
        folder = corpus / src
        if not folder.is_dir():
            raise FileNotFoundError(f"{folder}: no such folder")
        names = sorted(f.name for f in folder.iterdir() if f.is_file())
        hidden = held_out(names)
        for f in names:
            if f.endswith(".txt"):
                docs[f] = (src, "held" if f in hidden else "work", folder / f)
    return docs


KEYS = ("docs", "candidates", "claims", "lines", "decided_lines", "confirmed", "contradicted")


def tally(docs: dict[str, tuple[str, str, Path]], claims: list[dict]) -> tuple[list[dict], dict[str, list[dict]]]:
    """Rows per (source, part) and ALL per part; the claims by document."""
    by_doc: dict[str, list[dict]] = defaultdict(list)
    for c in claims:
        if c["file"] in docs:
            by_doc[c["file"]].append(c)
    table: Counter = Counter()
    for name, (src, part, path) in docs.items():
        cs = by_doc.get(name, [])
        row = (src, part)
        table[row + ("docs",)] += 1
        table[row + ("candidates",)] += len(candidates(path))
        table[row + ("claims",)] += len(cs)
        table[row + ("lines",)] += len({c["line"] for c in cs})
        table[row + ("decided_lines",)] += len({c["line"] for c in cs if c["verdict"] in DECISIVE})
        for c in cs:
            table[row + (c["verdict"] or "none",)] += 1
    rows = [{"source": s, "part": p, **{k: table[(s, p, k)] for k in KEYS}}
            for s in dict.fromkeys(v[0] for v in docs.values()) for p in ("work", "held") if table[(s, p, "docs")]]
    for p in ("work", "held"):
        rows.append({"source": "ALL", "part": p, **{k: sum(r[k] for r in rows if r["part"] == p) for k in KEYS}})
    return rows, by_doc


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--corpus", default=str(SHARED / "corpus"))
    ap.add_argument("--sources", default="more,wiki,rulings,cr,xml",
                    help="folders of the corpus, and 'xml' for its MediaWiki export")
    ap.add_argument("--cards", default=str(SHARED / "cards" / "AtomicCards.json"))
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--show", type=int, default=0, metavar="N", help="working-part sentences not read, N per group")
    ap.add_argument("--grep", default=None, help="with --show: only sentences matching this regex")
    ap.add_argument("--unsimulable", action="store_true", help="with --show: also sentences whose claims are all unsimulable")
    a = ap.parse_args(argv)
    try:
        docs = documents(Path(a.corpus), a.sources.split(","))
    except FileNotFoundError as e:
        print(e, file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "real.sqlite"
        cards = ["--cards", a.cards] if a.cards and Path(a.cards).exists() else []
        claims = ingested_claims([str(p) for _, _, p in docs.values()], db, cards)
        if claims is None:
            return 2
    rows, by_doc = tally(docs, claims)
    contradicted = [{"file": c["file"], "line": c["line"], "kind": c["kind"]}
                    for c in claims if c["file"] in docs and c["verdict"] == "contradicted"]
    if a.json:
        print(json.dumps({"rows": rows, "contradicted": contradicted}, ensure_ascii=False, indent=1))
        return 0
    print(f"{'source':8} {'part':5} {'docs':>5} {'cand.':>6} {'claims':>6} {'lines':>6} {'decided':>8} {'conf.':>6} {'contra.':>7}")
    for r in rows:
        print(f"{r['source']:8} {r['part']:5} {r['docs']:5} {r['candidates']:6} {r['claims']:6} {r['lines']:6} "
              f"{r['decided_lines']:8} {r['confirmed']:6} {r['contradicted']:7}")
    for c in contradicted:          # a held-out file's contradiction is named, never its sentence
        print(f"CONTRADICTED {c['file']}:{c['line']} {c['kind']}")
    if not a.show:
        return 0
    groups: dict[str, list[str]] = defaultdict(list)
    for name, (src, part, path) in docs.items():
        if part != "work":
            continue
        at: dict[int, list[dict]] = defaultdict(list)
        for c in by_doc.get(name, []):
            at[c["line"]].append(c)
        for line, s in candidates(path):
            got = at.get(line)
            if _QUESTION.search(s) or (a.grep and not re.search(a.grep, s)):
                continue
            if got and (not a.unsimulable or any(c["verdict"] in DECISIVE for c in got)):
                continue
            why = "" if not got else "  || " + "; ".join(f"{c['kind']}: {c['reason'][:90]}" for c in got[:2])
            groups[ending(s)].append(f"{name}:{line} {s[:160]}{why}")
    for key, items in sorted(groups.items(), key=lambda kv: -len(kv[1])):
        print(f"\n== {key}: {len(items)}")
        for it in items[:a.show]:
            print("   ", it)
    return 0


if __name__ == "__main__":
    sys.exit(main())
