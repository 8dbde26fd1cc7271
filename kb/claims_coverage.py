"""``mtgkb claims coverage [--document T] [--json]``: the reader's worklist.

Per document, each example bullet or Q&A answer with the claims read from it (kind and key values), or why it
has none — the reason the extractor recorded (``Example.reason``: "no checkable outcome" / "phrasing not
understood: <the first unmatched predicate>").  Reads the store only (read-only connection).
"""
from __future__ import annotations

import json
import sys
from typing import Any

from kb.store import open_store

_KEY_VALUES = ("subject", "situation", "outcome")


def _brief(value: Any, limit: int = 80) -> str:
    text = json.dumps(value, ensure_ascii=False, sort_keys=True)
    return text if len(text) <= limit else text[:limit - 1] + "…"


def coverage(conn, documents: list[str] | None = None) -> list[dict[str, Any]]:
    """[{document, key, examples: [{id, line, text, claims: [{id, kind, subject, outcome, situation}] , reason}]}]."""
    docs = conn.execute("SELECT key, title, meta FROM documents ORDER BY key").fetchall()
    if documents:
        want = set(documents)
        docs = [d for d in docs if d[0] in want or d[1] in want]
    out: list[dict[str, Any]] = []
    for key, title, _ in docs:
        reasons: dict[str, str] = {}
        row = conn.execute("SELECT data FROM nodes WHERE id = ?", (f"doc:{key}",)).fetchone()
        if row and row[0]:
            for u in json.loads(row[0]).get("unparsed") or []:
                reasons[u.get("id")] = u.get("reason") or "no claim read"
        examples = []
        for ex_id, data in conn.execute("SELECT id, data FROM nodes WHERE kind = 'example' AND doc = ? "
                                        "ORDER BY json_extract(data, '$.line'), id", (key,)):
            d = json.loads(data or "{}")
            claims = []
            for cid, cdata in conn.execute("SELECT n.id, n.data FROM edges e JOIN nodes n ON n.id = e.dst "
                                           "WHERE e.src = ? AND e.kind = 'has_claim' ORDER BY n.id", (ex_id,)):
                c = json.loads(cdata or "{}")
                claims.append({"id": cid, "kind": c.get("kind"), "line": (c.get("prov") or {}).get("line"),
                               **{k: c.get(k) for k in _KEY_VALUES}})
            examples.append({"id": ex_id, "line": d.get("line"), "text": d.get("text") or "", "claims": claims,
                             "reason": None if claims else reasons.get(ex_id, "no claim read")})
        out.append({"document": title, "key": key, "examples": examples})
    return out


def cmd_claims(args) -> int:
    with open_store(args, readonly=True) as conn:
        result = coverage(conn, args.document)
    if args.document and not result:
        print(f"error: no document matches {', '.join(args.document)}", file=sys.stderr)
        return 1
    if args.json:
        print(json.dumps(result, ensure_ascii=False, indent=1))
        return 0
    total = with_claims = 0
    for doc in result:
        if not doc["examples"]:
            continue
        print(f"== {doc['document']} ({doc['key']})")
        for ex in doc["examples"]:
            total += 1
            text = " ".join(ex["text"].split())
            print(f"  L{ex['line']}: {text[:70]}{'…' if len(text) > 70 else ''}")
            if ex["claims"]:
                with_claims += 1
            for c in ex["claims"]:
                print(f"      {c['kind']}: {_brief(c['outcome'], 40)} {_brief(c['situation'])}")
            if ex["reason"]:
                print(f"      (none: {ex['reason']})")
    print(f"examples with claims: {with_claims}/{total}")
    return 0
