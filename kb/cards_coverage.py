"""`mtgkb cards coverage --cards FILE [--lang en|ja] [--json] [--db F]`: how much of an AtomicCards file the Oracle
compiler (``--lang ja``: the Japanese card grammar, over each face's Japanese foreignData text only) supports, the clause shapes that block the most cards (the worklist), and the cards that block the most
stored claims (latest verdicts that say "no behaviour for X").

Faces already compiled in the store (``kb.cards_compiled``, same text hash and compiler version) are reused;
the others are compiled here and not stored (``ingest --cards`` stores them).

JSON: ``{"cards": N, "supported": K, "supported_faces", "lang", "faces": [{"name", "supported", "reason",
"behaviour"}],
"by_reason": {REASON: CARDS}, "blocking_claims": {CARD: CLAIMS}, "compiler_version"}``.  A card is supported
when all its faces are.  ``behaviour`` is the compiled behaviour as plain data, or null when the text did not
parse.  The Japanese compile never reads or writes the store's cache.
"""
from __future__ import annotations

import json
import re
import sqlite3
import sys
from collections import Counter
from pathlib import Path
from typing import Iterable

from kb.cards import CardError, CardTable, _cards_from_entry, _iter_atomic
from kb.cards_compiled import attach, compile_groups, compiler_version, text_hashes

_NO_BEHAVIOUR = re.compile(r"no behaviour for (.+?)(?: \(not compiled: .*\))?$")


def _cached(db: str | None) -> dict[str, tuple[bool, str | None, dict | None]]:
    if not db or not Path(db).is_file():
        return {}
    conn = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    try:
        return {h: (bool(s), r, json.loads(b) if b else None) for h, s, r, b in conn.execute(
            "SELECT text_hash, supported, reason, behaviour FROM compiled WHERE version = ?", (compiler_version(),))}
    except sqlite3.DatabaseError:
        return {}
    finally:
        conn.close()


def blocking_claims(db: str | None) -> dict[str, int]:
    """Card -> how many claims' latest verdict stops at "no behaviour for" that card."""
    if not db or not Path(db).is_file():
        return {}
    conn = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    try:
        rows = conn.execute("SELECT h.reason FROM verdict_history h JOIN (SELECT claim_key, max(run_id) AS r "
                            "FROM verdict_history GROUP BY claim_key) l ON l.claim_key = h.claim_key "
                            "AND l.r = h.run_id").fetchall()
    except sqlite3.DatabaseError:
        return {}
    finally:
        conn.close()
    out: Counter = Counter()
    for (reason,) in rows:
        m = _NO_BEHAVIOUR.search(reason or "")
        if m:
            out[m[1]] += 1
    return dict(out.most_common())


def coverage(path: str | Path, db: str | None = None, lang: str = "en") -> dict:
    cached = _cached(db) if lang == "en" else {}
    groups, hashes = [], []
    for _key, faces in _iter_atomic(Path(path)):
        groups.append(faces)
        hashes.append(text_hashes(faces))
    todo = [i for i, hs in enumerate(hashes) if not all(h in cached for h in hs)]
    if lang == "ja":
        from kb.cards_ja import compile_groups_ja
        fresh = dict(zip(todo, compile_groups_ja([groups[i] for i in todo])))
    else:
        fresh = dict(zip(todo, compile_groups([groups[i] for i in todo])))
    faces, by_reason = [], Counter()
    n_sup = 0
    for i, (group, hs) in enumerate(zip(groups, hashes)):
        results = ([(c.name, *cached[h]) for c, h in zip(group, hs)] if i not in fresh else fresh[i])
        ok = True
        for name, supported, reason, behaviour in results:
            faces.append({"name": name, "supported": supported, "reason": reason,
                          "behaviour": behaviour})
            if not supported:
                ok = False
                by_reason[reason or "?"] += 1
        n_sup += ok
    return {"cards": len(groups), "supported": n_sup, "lang": lang, "supported_faces": sum(f["supported"] for f in faces),
            "faces": faces, "by_reason": dict(by_reason.most_common()), "blocking_claims": blocking_claims(db),
            "compiler_version": compiler_version(), "reused_faces": sum(len(hashes[i]) for i in range(len(groups))
                                                                       if i not in fresh)}


def text(cov: dict, top: int = 25) -> str:
    n, nf = cov["cards"], len(cov["faces"])
    lines = [("Japanese printed text (foreignData), the Japanese card grammar: " if cov.get("lang") == "ja" else "")
             + f"cards {n}: supported {cov['supported']} ({100 * cov['supported'] / max(1, n):.1f} %); faces {nf}: "
             f"supported {cov['supported_faces']} ({100 * cov['supported_faces'] / max(1, nf):.1f} %)",
             f"compiler {cov['compiler_version']}; {cov['reused_faces']} faces from the store's cache",
             f"worklist — the {top} {'Japanese constructions' if cov.get('lang') == 'ja' else 'clause shapes'} "
             "that block the most faces:"]
    lines += [f"  {k:6d}  {r}" for r, k in list(cov["by_reason"].items())[:top]]
    blocking = cov["blocking_claims"]
    lines.append("cards that block the most stored claims (no behaviour):" if blocking else
                 "no stored claim stops at a missing behaviour")
    reasons = {f["name"]: f["reason"] for f in cov["faces"] if not f["supported"]}
    lines += [f"  {k:6d}  {c}" + (f"  ({reasons[c]})" if reasons.get(c) else "")
              for c, k in list(blocking.items())[:top]]
    return "\n".join(lines)


def cmd_cards(args) -> int:
    try:
        cov = coverage(args.cards, getattr(args, "db", None), getattr(args, "lang", None) or "en")
    except CardError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    print(json.dumps(cov, ensure_ascii=False, indent=1) if args.json else text(cov))
    return 0


def compiled_table(path: str | Path, names: Iterable[str]):
    """The bundled card table plus the named cards of an AtomicCards file, each with its compiled behaviour
    (no store; tests and benchmarks).  A name of a face brings its whole card."""
    with open(path, encoding="utf-8") as fh:
        data = json.load(fh)["data"]
    want = set(names)
    t = CardTable.bundled().copy()
    groups = []
    for key, faces in data.items():
        if key in want or any(f.get("faceName") in want for f in faces):
            groups.append(_cards_from_entry(key, faces))
    for group, results in zip(groups, compile_groups(groups)):
        for c, (_n, supported, reason, beh) in zip(group, results):
            attach(c, supported, reason, beh)
            t.merge(c, prefer_own_ja=True)
    return t
