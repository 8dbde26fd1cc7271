"""A census of what stops the composed reader (``extractor.claims.compose``) on real pages.

    nice .venv/bin/python bench/compose_blockers.py [--corpus ../shared/corpus] [--sources more,wiki,rulings,xml,cr]
        [--base /tmp/s9base-<worktree dir>.sqlite] [--top 40] [--examples 2] [--json FILE]

The documents are ingested in this process into a copy of a base store (the card file already in it), exactly as
``mtgkb ingest`` reads them, with the claim registry's ``read`` wrapped: every sentence the claim finders see
(after zero anaphora, questions and hedges skipped) that is a *candidate* (a game word and a predicate, the filter
of ``bench_realpages.py``) is handed to :func:`extractor.claims.compose.why_not`, which says why ``compose`` gives
nothing: the unread spans (no piece reads them), no predicate in the main clause, a main predicate that is no
outcome, a refused anaphora, an object lost …

Each folder is split like ``bench_realpages.py`` / ``bench_gold.py --split``: every third file by sorted name
(index 2 mod 3) is **held out** — its sentences are counted (read / blocked, by reason), never printed nor
aggregated by their words.  The working part (and the export, ``xml``, all working) is aggregated:

- reasons: how many candidate sentences each refusal stops (the predicate named when the main one is no outcome
  or an event is not one);
- blockers: each unread span, normalised (a card mark → 〔X〕, a number → N), with the number of sentences, of
  those where it is the ONLY blocker (``sole``: reading it would unblock the sentence's words), of distinct
  sentence texts (``uniq``: a wiki page is also in the export), of DOCUMENTS and of SOURCES it appears in — a construction worth a table entry appears in several documents and sources;
- a whole clause no predicate reads is listed by its final verb phrase (its last kanji / katakana word with the
  kana after it), which groups the clauses of one construction whose arguments differ; the words a predicate's
  clause leaves unread (an object phrase, a filler) are listed as they are.

``pages`` (optional: the gold's pages, already tuned on) takes only the gold's working files; its held third is
never ingested.  The ``cr`` folder holds Comprehensive Rules extracts (all true statements): their blockers are constructions of the
rules' own language.  The census changes nothing: ``why_not`` records only while it traces.
"""
from __future__ import annotations

import argparse
import collections
import json
import os
import re
import shutil
import sys
import tempfile
import unicodedata
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))
from bench_realpages import _GAME, _PRED  # noqa: E402  (the one candidate filter: a game word and a predicate)

_MARK = re.compile(r"〔\d+〕")
_NUM = re.compile(r"[0-9０-９]+")


def split(folder: Path) -> dict[str, str]:
    """File name → 'work' / 'held' (every third file by sorted name, index 2 mod 3, is held out)."""
    return {f: ("held" if i % 3 == 2 else "work") for i, f in enumerate(sorted(os.listdir(folder)))}


def norm_span(span: str) -> str:
    return _NUM.sub("N", _MARK.sub("〔X〕", span.strip(" 、。")))


_CONTENT = r"[\u4e00-\u9fffァ-ヶー〔〕XN/+\-]+"
# the last content word with its okurigana (「打ち消される」「取り除かれる」: kana inside a verb that is no particle)
_LAST = re.compile(rf"(?:{_CONTENT}(?:(?![をにはがものでとへや])[ぁ-ゔ]){{0,2}})*{_CONTENT}[ぁ-ゔ]*$")


def head(span: str) -> str:
    """A clause's final verb phrase: its last content word (kanji / katakana) with the kana after it
    (「ブロックすることもできる」, 「戦場を離れる」 → 「離れる」), which groups the clauses of one construction."""
    m = _LAST.search(span)
    return m.group(0) if m else span[-6:]


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--corpus", default=str(ROOT.parent / "shared" / "corpus"))
    ap.add_argument("--sources", default="more,wiki,rulings,xml,cr")
    ap.add_argument("--base", default=f"/tmp/s9base-{ROOT.name}.sqlite")
    ap.add_argument("--top", type=int, default=40)
    ap.add_argument("--examples", type=int, default=2)
    ap.add_argument("--json", default=None, help="write the working part's records (one per blocked sentence)")
    a = ap.parse_args()
    corpus = Path(a.corpus)

    docs: dict[str, tuple[str, str]] = {}
    for src in a.sources.split(","):
        if src == "xml":
            docs[str(corpus / "mtgwiki-ja.fragments.xml")] = ("xml", "work")
            continue
        for f, part in split(corpus / src).items():
            if src == "pages" and part == "held":
                continue        # the gold's held third (bench_gold.py --split): never read, not even counted
            if f.endswith(".txt"):
                docs[str(corpus / src / f)] = (src, part)

    import extractor.claims as claims_pkg
    from extractor.claims import compose as compose_mod
    from extractor.claims.registry import REGISTRY

    current: dict[str, str] = {}
    seen: set = set()
    records: list[dict] = []
    held = collections.Counter()
    orig_attach = claims_pkg.attach_claims
    orig_read = REGISTRY.read

    def attach(doc, nlp):
        path = str(Path(doc.raw.path).resolve()) if doc.raw.path else ""
        current["path"] = path
        current["doc"] = f"{Path(path).name}#{doc.raw.title}" if path.endswith(".xml") else Path(path).name
        return orig_attach(doc, nlp)

    def read(s, si, ctx, kinds=None):
        out = orig_read(s, si, ctx, kinds)
        src, part = docs.get(current.get("path", ""), (None, None))
        key = (current.get("doc"), s.line, s.norm)
        if src is None or key in seen:
            return out
        seen.add(key)
        text = unicodedata.normalize("NFKC", s.text)
        if not (6 <= len(text) <= 300 and _GAME.search(text) and _PRED.search(text)):
            return out
        why = compose_mod.why_not(s)
        if part == "held":
            held[why.get("reason", "?")] += 1   # counted only: a held-out sentence is never printed nor aggregated
            return out
        records.append({"source": src, "doc": current["doc"], "line": s.line, "text": text, "norm": s.norm,
                        "cards": list(s.cards), **why})
        return out

    claims_pkg.attach_claims = attach
    REGISTRY.read = read
    from kb.cli import main as cli
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "census.sqlite"
        shutil.copy(a.base, db)
        import contextlib
        import io
        with contextlib.redirect_stdout(io.StringIO()):
            cli(["ingest", *docs, "--db", str(db), "--no-progress"])
    claims_pkg.attach_claims, REGISTRY.read = orig_attach, orig_read

    reasons = collections.Counter(r.get("reason", "?") for r in records)
    print(f"working candidates: {len(records)}  " + ", ".join(f"{k} {v}" for k, v in reasons.most_common()))
    print(f"held-out candidates: {sum(held.values())}  " + ", ".join(f"{k} {v}" for k, v in held.most_common()))

    def table(keyf, title, whole):
        agg: dict[str, dict] = collections.defaultdict(lambda: {"n": 0, "sole": 0, "docs": set(), "srcs": set(), "ex": [],
                                                                "texts": set()})
        for r in records:
            if r.get("reason") == "read":
                continue
            clauses = set(r.get("clauses") or [])
            spans = [norm_span(u) for u in r.get("unread") or [] if norm_span(u) and (u in clauses) == whole]
            for k in dict.fromkeys(keyf(u) for u in spans):
                g = agg[k]
                g["n"] += 1
                g["texts"].add(r["norm"])     # a page copied into two sources (wiki and the export) counts once here
                g["sole"] += len(set(map(keyf, spans))) == 1
                g["docs"].add(r["doc"])
                g["srcs"].add(r["source"])
                if len(g["ex"]) < a.examples:
                    g["ex"].append(f"{r['doc']}:{r['line']} {r['text'][:110]}")
        rows = sorted(agg.items(), key=lambda kv: (-len(kv[1]["srcs"]), -len(kv[1]["docs"]), -len(kv[1]["texts"])))
        print(f"\n== {title} (by sources, documents, sentences)")
        print(f"{'srcs':>4} {'docs':>4} {'sent':>4} {'uniq':>4} {'sole':>4}  span")
        for k, g in rows[:a.top]:
            print(f"{len(g['srcs']):4} {len(g['docs']):4} {g['n']:4} {len(g['texts']):4} {g['sole']:4}  {k[:70]}   [{','.join(sorted(g['srcs']))}]")
            for e in g["ex"]:
                print("            ", e)

    table(head, "clauses no predicate reads, by their final verb phrase", True)
    table(lambda u: u, "words left unread in clauses a predicate reads", False)
    if a.json:
        Path(a.json).write_text(json.dumps(records, ensure_ascii=False, indent=1), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
