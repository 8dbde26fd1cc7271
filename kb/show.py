"""``mtgkb show card|keyword|rule|document|example|claim NAME``: what the store knows, with provenance.

Each ``show_*`` function returns a plain dict (the ``--json`` output) or ``None`` when nothing matches.
"""
from __future__ import annotations

import json
import re
import sys
import unicodedata
from typing import Any

from kb.db import table_names
from kb.store import Store, _loads as _json, split_title


def _prov(data: dict[str, Any]) -> dict[str, Any]:
    return {"document": data.get("document"), "key": data.get("key"), "revision": data.get("revision"),
            "section": data.get("section") or [], "line": data.get("line")}


def _brief(store: Store, node_id: str) -> dict[str, Any]:
    n = store.node(node_id)
    if n is None:
        return {"id": node_id, "kind": "missing"}
    d = n["data"]
    out = {"id": n["id"], "kind": n["kind"], "title": n["title"], "text": (n["text"] or "")[:300]}
    if n["doc"]:
        out["provenance"] = _prov(d)
    return out


def _rows(store: Store, sql: str, args: tuple) -> list:
    return store.conn.execute(sql, args).fetchall()


# ---------------------------------------------------------------------------------------------- lookups
def rule_number(name: str) -> str:
    """``603.10a`` from what a reader types: ``CR 603.10A``, ``rule:603.10a.``, full-width ``６０３．１０ａ``."""
    text = unicodedata.normalize("NFKC", name).strip()
    text = re.sub(r"^(rule[:\s]*|cr\s*|総合ルール\s*)", "", text, flags=re.I).strip().rstrip(".。")
    m = re.fullmatch(r"(\d+(?:\.\d+)?)([a-zA-Z]?)", text)
    return m.group(1) + m.group(2).lower() if m else text


def show_rule(store: Store, name: str) -> dict[str, Any] | None:
    number = rule_number(name)
    n = store.node(f"rule:{number}")
    if n is None:
        return None
    d = n["data"]
    subrules = []
    for e in store.edges_from(n["id"], "subrule"):
        s = store.node(e["dst"])
        if s:
            subrules.append({"number": s["data"].get("number"), "text": (s["text"] or "")[:200]})
    examples = [{"id": e["dst"], "text": (store.node(e["dst"]) or {}).get("text"),
                 **_prov((store.node(e["dst"]) or {}).get("data", {}))}
                for e in store.edges_from(n["id"], "has_example")]
    cited_by = []
    for e in store.edges_to(n["id"], "cites"):
        if e["src"].startswith("ex:") and any(x["id"] == e["src"] for x in examples):
            continue
        cited_by.append(_brief(store, e["src"]))
    parent = d.get("parent")
    return {"id": n["id"], "number": d.get("number", number), "title": d.get("title"), "text": n["text"],
            "parent": parent, "defined": n["doc"] is not None,
            "provenance": _prov(d) if n["doc"] else None, "subrules": subrules, "examples": examples,
            "cited_by": cited_by}


def show_document(store: Store, name: str) -> dict[str, Any] | None:
    from kb.names import documents

    keys = documents(store, name)
    doc = store.document(keys[0]) if keys else None
    if doc is None:
        return None
    key = doc["key"]
    counts = {k: n for k, n in _rows(store, "SELECT kind, count(*) FROM nodes WHERE doc=? GROUP BY kind", (key,))}
    counts["links"] = _rows(store, "SELECT count(*) FROM edges WHERE doc=? AND kind='links_to'", (key,))[0][0]
    counts["card_links"] = _rows(store, "SELECT count(*) FROM edges WHERE doc=? AND kind='mentions' "
                                 "AND dst LIKE 'card:%'", (key,))[0][0]
    sections = [{"id": s["id"], "title": s["title"], "level": s["data"].get("level"),
                 "line": s["data"].get("line")} for s in store.nodes("section", doc=key)]
    node = store.node(f"doc:{key}") or {"data": {}, "text": ""}
    return {**{k: doc[k] for k in ("key", "title", "revision", "path", "form", "ingested_at", "meta")},
            "lead": (node["text"] or "")[:500], "keywords": node["data"].get("keywords", []),
            "counts": counts, "sections": sections, "revisions": revisions(store, doc["title"], key),
            "warnings": node["data"].get("warnings", []), "unparsed": len(node["data"].get("unparsed", []))}


def revisions(store: Store, title: str, current: str | None = None) -> list[dict[str, Any]]:
    """Every stored revision (and copy) of the page titled ``title``, newest first: ``{key, revision, form,
    path, claims, verdicts: {verdict: n}, current}``, so a reader can open the one that holds the claims."""
    rows = _rows(store, "SELECT key, revision, form, path FROM documents WHERE title = ?", (title,))
    out = {key: {"key": key, "revision": rev, "form": form, "path": path, "claims": 0, "verdicts": {},
                 "current": key == current} for key, rev, form, path in rows}
    keys = list(out)
    for i in range(0, len(keys), 500):
        chunk = keys[i:i + 500]
        for key, kind, verdict, n in _rows(
                store, "SELECT doc, kind, lower(title), count(*) FROM nodes WHERE doc IN "
                f"({','.join('?' * len(chunk))}) AND kind IN ('claim', 'verdict') GROUP BY doc, kind, lower(title)",
                tuple(chunk)):
            if kind == "claim":
                out[key]["claims"] += n
            else:
                out[key]["verdicts"][verdict] = n
    return sorted(out.values(), key=lambda r: (-int(r["revision"]) if str(r["revision"] or "").isdigit() else 1,
                                               r["key"]))


def _claims_of(store: Store, src: str) -> list[dict[str, Any]]:
    out = []
    for e in store.edges_from(src, "has_claim"):
        c = store.node(e["dst"])
        if c:
            out.append({"id": c["id"], "kind": c["title"], "text": c["text"],
                        "verdict": _verdict(store, c["id"])})
    return out


def _claim_briefs(store: Store, ids: list[str]) -> list[dict[str, Any]]:
    """``_brief`` of each claim with its ``outcome`` and ``verdict`` (as ``_verdict``), in three queries for
    all of them rather than four a claim."""
    nodes: dict[str, tuple] = {}
    verdicts: dict[str, dict[str, Any]] = {}
    uniq = list(dict.fromkeys(ids))
    for i in range(0, len(uniq), 500):
        chunk = tuple(uniq[i:i + 500])
        marks = ",".join("?" * len(chunk))
        nodes.update((r[0], r) for r in _rows(store, f"SELECT id, kind, doc, title, text, data FROM nodes "
                                              f"WHERE id IN ({marks})", chunk))
        for src, vid, title, text, data in _rows(
                store, "SELECT e.src, v.id, v.title, v.text, v.data FROM edges e JOIN nodes v ON v.id = e.dst "
                f"WHERE e.src IN ({marks}) AND e.kind = 'has_verdict' ORDER BY e.rowid", chunk):
            verdicts.setdefault(src, {"id": vid, "verdict": title, "reason": text, **_json(data)})
    out = []
    for cid in ids:
        row = nodes.get(cid)
        if row is None:
            out.append({"id": cid, "kind": "missing", "outcome": {}, "verdict": verdicts.get(cid)})
            continue
        nid, kind, doc, title, text, data = row
        d = _json(data)
        c = {"id": nid, "kind": kind, "title": title, "text": (text or "")[:300]}
        if doc:
            c["provenance"] = _prov(d)
        c["outcome"] = d.get("outcome") or {}
        c["verdict"] = verdicts.get(cid)
        out.append(c)
    return out


def _verdict(store: Store, claim_id: str) -> dict[str, Any] | None:
    for e in store.edges_from(claim_id, "has_verdict"):
        v = store.node(e["dst"])
        if v:
            return {"id": v["id"], "verdict": v["title"], "reason": v["text"], **v["data"]}
    return None


def _example_at(store: Store, name: str) -> dict[str, Any] | None:
    """The example node at ``DOCUMENT:LINE`` (title or key): the one whose lines hold LINE, else the example
    a claim at that line was read from."""
    from kb.names import documents

    doc, _, line = name.rpartition(":")
    if not doc or not line.strip().isdigit():
        return None
    n, keys = int(line), documents(store, doc) or [doc]
    marks = ",".join("?" * len(keys))
    rows = _rows(store, "SELECT id, json_extract(data,'$.line'), text FROM nodes WHERE "
                 f"kind='example' AND doc IN ({marks}) ORDER BY id", tuple(keys))
    for eid, start, _text in rows:              # the example that starts at LINE
        if start == n:
            return store.node(eid)
    for cid in _claims_at(store, name):         # the example a claim at LINE was read from
        src = next((e["src"] for e in store.edges_to(cid, "has_claim") if e["src"].startswith("ex:")), None)
        if src:
            return store.node(src)
    for eid, start, text in rows:               # an example whose first paragraph runs over LINE
        if start is not None and start <= n <= start + (text or "").split("\n\n")[0].count("\n"):
            return store.node(eid)
    return None


def show_example(store: Store, name: str) -> dict[str, Any] | None:
    n = store.node(name) if name.startswith("ex:") else None
    if n is None and ":" in name:
        n = _example_at(store, name)
    if n is None and ":" in name:
        # rulings prose has no example nodes: its claims hang from the document; show what that line states
        here = [store.node(c) for c in _claims_at(store, name)]
        here = [c for c in here if c]
        if here:
            d = here[0]["data"]
            return {"id": None, "text": here[0]["text"], "provenance": _prov(d), "rule": None,
                    "cards": sorted({f"card:{x}" for c in here for x in c["data"].get("cards") or []}),
                    "claims": [{"id": c["id"], "kind": c["title"], "text": c["text"],
                                "verdict": _verdict(store, c["id"])} for c in here],
                    "parsed": True, "note": "prose: no example node; the claims read from this line"}
    if n is None or n["kind"] != "example":
        return None
    d = n["data"]
    cards = [e["dst"] for e in store.edges_from(n["id"], "mentions")]
    return {"id": n["id"], "text": n["text"], "provenance": _prov(d), "rule": d.get("rule"),
            "cards": cards, "claims": _claims_of(store, n["id"]),
            "parsed": bool(store.edges_from(n["id"], "has_claim"))}


def _claims_at(store: Store, name: str) -> list[str]:
    """Claim ids at ``DOCUMENT:LINE`` (title or key, as ``mtgkb validate`` prints them), in id order."""
    from kb.names import documents

    doc, _, line = name.rpartition(":")
    if not doc or not line.strip().isdigit():
        return []
    keys = documents(store, doc)
    marks = ",".join("?" * len(keys))
    return [r[0] for r in _rows(store, "SELECT id FROM nodes WHERE kind='claim' AND json_extract(data,'$.line')=? "
                                f"AND (doc=? OR json_extract(data,'$.document')=? OR doc IN ({marks or 'NULL'})) "
                                "ORDER BY id", (int(line), doc, doc, *keys))]


def show_claim(store: Store, name: str) -> dict[str, Any] | None:
    n = store.node(name if name.startswith("claim:") else f"claim:{name}") or store.node(name)
    here: list[str] = []
    if n is None or n["kind"] != "claim":
        here = _claims_at(store, name)
        n = store.node(here[0]) if here else None
    if n is None or n["kind"] != "claim":
        return None
    d = n["data"]
    src = [e["src"] for e in store.edges_to(n["id"], "has_claim")]
    return {"id": n["id"], "kind": n["title"], "text": n["text"], "provenance": _prov(d),
            "subject": d.get("subject"), "cards": d.get("cards", []), "keywords": d.get("keywords", []),
            "situation": d.get("situation", {}), "outcome": d.get("outcome", {}), "answer": d.get("answer"),
            "from": src[0] if src else None, "verdict": _verdict(store, n["id"]),
            "also_here": [c for c in here if c != n["id"]]}


def show_keyword(store: Store, name: str) -> dict[str, Any] | None:
    from kb.names import keyword

    name = unicodedata.normalize("NFKC", name).strip()
    found = keyword(store, name)        # JA, EN (bestow) or an alias (怪物的)
    ja = found.ja if found else split_title(name)[0]
    n = store.node(found.node) if found and found.node else store.node(f"kw:{ja}")
    kw = n["data"].get("name") if n else ja
    # defining documents: documents declaring the keyword, or titled after it
    keys = list(dict.fromkeys(e["doc"] for e in store.edges_to(n["id"], "defines"))) if n else []
    # titled after it: 「KW」 or 「KW/English」 (a range on the title index, not a LIKE scan of every document)
    for (key,) in _rows(store, "SELECT key FROM documents WHERE title = ? UNION ALL SELECT key FROM documents "
                        "WHERE title >= ? AND title < ?", (kw, f"{kw}/", f"{kw}0")):
        if key not in keys:
            keys.append(key)
    from kb.keywords import cards_with, lookup, rule_of

    known = lookup(name, store.conn) or (lookup(kw, store.conn) if kw and kw != name else None)
    if n is None and not keys and known is None:
        return None
    found_docs: dict[str, tuple] = {}
    found_examples: dict[str, list[dict[str, Any]]] = {}
    for i in range(0, len(keys), 500):          # two queries for every document, not two per document
        chunk = tuple(keys[i:i + 500])
        marks = ",".join("?" * len(chunk))
        found_docs.update((r[0], r) for r in _rows(
            store, f"SELECT key, title, revision, path FROM documents WHERE key IN ({marks})", chunk))
        # the documents drive the loop (CROSS JOIN keeps that order): a long IN list would lead SQLite's
        # planner, without statistics, to walk every example of the store through the kind index instead
        for doc, nid, text, data in _rows(store, "SELECT n.doc, n.id, n.text, n.data FROM json_each(?) AS j "
                                          "CROSS JOIN nodes AS n ON n.doc = j.value AND n.kind = 'example' "
                                          "ORDER BY n.rowid", (json.dumps(chunk),)):
            found_examples.setdefault(doc, []).append({"id": nid, "text": text, **_prov(_json(data))})
    documents, examples = [], []
    for key in keys:
        if key in found_docs:
            _, title, revision, path = found_docs[key]
            documents.append({"key": key, "title": title, "revision": revision, "path": path})
            examples += found_examples.get(key, [])
    claims = _claim_briefs(store, [e["src"] for e in store.edges_to(n["id"], "topic")] if n else [])
    linked = _rows(store, "SELECT count(DISTINCT doc) FROM edges WHERE kind='links_to' AND dst IN (?,?)",
                   (f"page:{kw}", f"kw:{kw}"))[0][0]
    name_en = (n["data"].get("name_en") if n else None) or (found.en if found else None) or \
        (known.en if known else None)
    count, cards = cards_with(store.conn, known) if known else (0, [])
    return {"id": n["id"] if n else None, "name": kw, "name_en": name_en,
            "kind": known.kind if known else None, "aliases": list(known.aliases) if known else [],
            "rule": rule_of(store.conn, known) if known else None,
            "documents": documents, "examples": examples, "claims": claims, "linked_from_documents": linked,
            "cards_count": count, "cards": cards}


def show_card(store: Store, name: str) -> dict[str, Any] | None:
    import kb.cards as cards

    found = cards.show_card(store, name)     # a damaged store raises (reported by cmd_show), never hidden
    if found is not None:
        return found
    # fallback: the card node itself
    n = store.node(name if name.startswith("card:") else f"card:{name}") or store.node(f"card:ja:{name}")
    if n is None and "card_names" not in table_names(store.conn):   # else card_names knew every JA name
        row = store.conn.execute("SELECT id FROM nodes WHERE kind='card' AND json_extract(data,'$.name_ja')=?",
                                 (name,)).fetchone()
        n = store.node(row[0]) if row else None
    if n is None:
        return None
    mentions = [_brief(store, e["src"]) for e in store.edges_to(n["id"]) if e["kind"] in ("mentions", "about")]
    return {"node": n["id"], "name_en": n["data"].get("name_en"), "name_ja": n["data"].get("name_ja"),
            **{k: v for k, v in n["data"].items() if k not in ("name_en", "name_ja")}, "mentions": mentions}


SHOW = {"card": show_card, "keyword": show_keyword, "rule": show_rule, "document": show_document,
        "example": show_example, "claim": show_claim}
_PREFIX = {"card": "card:", "keyword": "kw:", "rule": "rule:", "example": "ex:", "claim": "claim:"}


def suggestions(store: Store, what: str, name: str, limit: int = 5) -> list[str]:
    """Close names of the same kind (rapidfuzz), for an unknown NAME."""
    from rapidfuzz import fuzz, process, utils

    if what == "card" and "card_names" in table_names(store.conn):
        return _card_suggestions(store, name, limit)
    if what == "document":
        choices = [r[0] for r in _rows(store, "SELECT key FROM documents", ())]
        choices += [r[0] for r in _rows(store, "SELECT DISTINCT title FROM documents", ())]
    else:
        kind = {"card": "card", "keyword": "keyword", "rule": "rule", "example": "example", "claim": "claim"}[what]
        prefix = _PREFIX[what]
        choices = [r[0][len(prefix):] if r[0].startswith(prefix) else r[0]
                   for r in _rows(store, "SELECT id FROM nodes WHERE kind=?", (kind,))]
        if what == "card":
            choices += [r[0] for r in _rows(store, "SELECT json_extract(data,'$.name_ja') FROM nodes "
                                            "WHERE kind='card' AND json_extract(data,'$.name_ja') IS NOT NULL", ())]
    if not choices:
        return []
    if what == "claim":             # ids are hashes: only a typed prefix of one means anything
        bare = name.removeprefix("claim:")
        return [c for c in choices if bare and c.startswith(bare)][:limit]
    cutoff = 40 if len(name) <= 3 else 65      # short JA names differ in one character; long ones less
    return [c for c, _score, _i in process.extract(name, list(dict.fromkeys(choices)), limit=limit,
                                                   scorer=fuzz.ratio, processor=utils.default_process,
                                                   score_cutoff=cutoff)]


def _card_suggestions(store: Store, name: str, limit: int) -> list[str]:
    """Close card names over the stored spellings' keys (``card_names.key``, already normalised: nothing is
    processed per row), so an unknown name answers about as fast as a known one."""
    from rapidfuzz import fuzz, process

    from kb.cards import normalise_ja
    from kb.cards.display import stored_name_keys

    en, ja = stored_name_keys(store.conn)           # read once with the fuzzy match that found nothing
    keys, cards = [*en, *ja], [*en.values(), *ja.values()]
    query = normalise_ja(name)
    cutoff = 40 if len(query) <= 3 else 65      # short JA names differ in one character; long ones less
    hits = process.extract(query, keys, scorer=fuzz.ratio, score_cutoff=cutoff, limit=limit * 3)
    return list(dict.fromkeys(cards[i] for _k, _s, i in hits))[:limit]


# ---------------------------------------------------------------------------------------------- output
def _where(p: dict[str, Any] | None) -> str:
    if not p:
        return ""
    parts = [str(p.get("document") or p.get("key") or "?")]
    if p.get("revision"):
        parts.append(f"rev {p['revision']}")
    if p.get("section") and isinstance(p["section"], (list, tuple)):
        parts.append("§ " + " > ".join(p["section"]))
    if p.get("line"):
        parts.append(f"line {p['line']}")
    return ", ".join(parts)


def _plain(v: Any) -> str:
    """A value as a reader writes it: lists joined (``Human Cleric``), not Python reprs."""
    if isinstance(v, (list, tuple)):
        return " ".join(str(x) for x in v)
    return str(v)


def _outcome(outcome: dict[str, Any] | None) -> str:
    """A claim's outcome in brief (``can=false``), so claims read from one sentence can be told apart."""
    if not outcome:
        return ""
    return "(" + ", ".join(f"{k}={json.dumps(v, ensure_ascii=False)}" for k, v in outcome.items()) + ")"


def _verdict_mark(v: dict[str, Any] | None) -> str:
    """`` → confirmed`` after ``mtgkb validate``; `` (not validated)`` before."""
    return f" → {v['verdict']}" if v else " (not validated)"


def render(what: str, info: dict[str, Any]) -> str:
    """Human-readable text of a ``show_*`` dict."""
    out: list[str] = []
    add = out.append
    if what == "rule":
        add(f"rule {info['number']}" + (f" — {info['title']}" if info.get("title") else ""))
        add(f"  {info['text']}" if info.get("text") else "  (cited, but no CR document defines it in this store)")
        if info.get("provenance"):
            add(f"  from: {_where(info['provenance'])}")
        if info["subrules"]:
            add("subrules:")
            out.extend(f"  {s['number']}  {s['text'][:100]}" for s in info["subrules"])
        if info["examples"]:
            add("examples:")
            out.extend(f"  [{e['id']}] {e['text']}" for e in info["examples"])
        if info["cited_by"]:
            add(f"cited by ({len(info['cited_by'])}):")
            out.extend(f"  {c['kind']} {c['title'] or c['id']}  ({_where(c.get('provenance'))})"
                       for c in info["cited_by"])
    elif what == "document":
        add(f"{info['title']}  [{info['key']}]")
        add(f"  form {info['form']}, revision {info['revision'] or '-'}, path {info['path']}")
        add("  " + ", ".join(f"{k} {v}" for k, v in sorted(info["counts"].items())))
        if info["keywords"]:
            add("  keywords: " + ", ".join(info["keywords"]))
        add("sections:" if info["sections"] else "sections: (none)")
        out.extend(f"  {'  ' * max((s['level'] or 2) - 2, 0)}{s['title']}"
                   + (f"  (line {s['line']})" if s.get("line") else "") for s in info["sections"])
        if len(info.get("revisions") or []) > 1:
            add(f"revisions of this page ({len(info['revisions'])}):")
            out.extend(f"  {'*' if r['current'] else ' '} rev {r['revision'] or '-'}  {r['key']}  "
                       + (f"{r['claims']} claim{'s' if r['claims'] > 1 else ''}" + (" (" + ", ".join(f"{n} {v}" for v, n in
                                                                  sorted(r["verdicts"].items())) + ")"
                                                     if r["verdicts"] else "") if r["claims"] else "no claims")
                       for r in info["revisions"])
    elif what == "example":
        add(f"[{info['id'] or 'line'}] {info['text']}")
        add(f"  from: {_where(info['provenance'])}")
        if info.get("note"):
            add(f"  ({info['note']})")
        if info.get("rule"):
            add(f"  rule: {info['rule']}")
        if info["cards"]:
            add("  cards: " + ", ".join(c.split(":", 1)[1] for c in info["cards"]))
        for c in info["claims"]:
            v = c.get("verdict")
            add(f"  claim {c['id']} ({c['kind']})" + (f" → {v['verdict']}" if v else ""))
        if not info["claims"]:
            add("  no claim read from this example")
    elif what == "claim":
        add(f"[{info['id']}] {info['kind']}: {info['text']}")
        add(f"  from: {_where(info['provenance'])}")
        if info.get("subject"):
            add(f"  subject: {info['subject']}")
        add(f"  situation: {json.dumps(info['situation'], ensure_ascii=False)}")
        add(f"  outcome: {json.dumps(info['outcome'], ensure_ascii=False)}")
        v = info.get("verdict")
        add(f"  verdict: {v['verdict']} — {v.get('reason') or ''}" if v else "  verdict: (not validated yet)")
        if info.get("also_here"):
            add("  also at this line: " + ", ".join(info["also_here"]))
    elif what == "keyword":
        add(f"keyword {info['name']}" + (f" / {info['name_en']}" if info.get("name_en") else ""))
        kind = {"ability": "a keyword ability", "action": "a keyword action"}.get(info.get("kind") or "")
        if kind:
            add(f"  {kind}")
        if info.get("aliases"):
            add("  also written: " + ", ".join(info["aliases"]))
        r = info.get("rule")
        if r:
            add(f"  rule {r['title']}")
            out.extend(f"    {s['number']}  {s['text'][:160]}" for s in r["subrules"][:8])
        else:
            add("  rule: " + ("CR 702 (keyword abilities)" if info.get("kind") == "ability" else
                              "CR 701 (keyword actions)" if info.get("kind") == "action" else "—")
                + " — the CR page defining it is not in this store")
        for d in info["documents"]:
            add(f"  defined in: {d['title']} [{d['key']}] rev {d['revision'] or '-'}")
        add(f"  linked from {info['linked_from_documents']} document(s)")
        if info["examples"]:
            add(f"examples ({len(info['examples'])}):")
            out.extend(f"  [{e['id']}] {e['text'][:120]}  ({_where(e)})" for e in info["examples"])
        if info["claims"]:
            add(f"claims ({len(info['claims'])}):")
            out.extend(f"  [{c['id']}] {c['title']} {_outcome(c.get('outcome'))}{_verdict_mark(c.get('verdict'))}: "
                       f"{c['text'][:100]}" for c in info["claims"])
        if info.get("cards_count"):
            add(f"cards with it ({info['cards_count']}):")
            out.extend(f"  {c['name_en']}" + (f" / {c['name_ja']}" if c.get("name_ja") else "")
                       for c in info["cards"][:50])
            if info["cards_count"] > 50:
                add(f"  … and {info['cards_count'] - 50} more")
    elif what == "card":
        add(f"{info.get('name_en') or '?'} / {info.get('name_ja') or '?'}  [{info.get('node')}]")
        if info.get("in_card_file") is False:
            add("  not in the card file (a name the wiki links as a card)")
        if info.get("full_name") and info["full_name"] != info.get("name_en"):
            add(f"  face of: {info['full_name']}"
                + (f" / {info['full_name_ja']}" if info.get("full_name_ja") else ""))
        for face in info.get("faces") or [info]:
            if info.get("faces"):
                add(f"— {face['name_en']} / {face.get('name_ja') or '?'}")
            for k in ("cost", "supertypes", "types", "subtypes", "pt", "loyalty"):
                if face.get(k):
                    add(f"  {k}: {_plain(face[k])}")
            for label, t in (("text", face.get("text")), ("text (ja)", face.get("text_ja"))):
                if t:
                    add(f"  {label}:")
                    out.extend(f"    {ln}" for ln in t.splitlines())
        if info.get("keywords"):
            add("  keywords: " + ", ".join(info["keywords"]))
        from kb.cards.display import behaviour_lines
        out.extend(behaviour_lines(info.get("behaviour")))
        rulings = info.get("rulings") or []
        if rulings:
            add(f"rulings ({len(rulings)}):")
            out.extend(f"  {r.get('date') or '-'}  {r.get('text')}" for r in rulings)
        ms = info.get("mentions") or []
        add(f"mentioned {len(ms)} time(s):")
        for m in ms[:50]:
            where = _where(m.get("provenance") or m)
            mark = (f" → {m['verdict']}" if m.get("verdict") else " (not validated)") if m.get("kind") == "claim" else ""
            add(f"  {m.get('kind')} {m.get('node') or m.get('id')}{mark}  ({where})")
    return "\n".join(out)


def cmd_show(args) -> int:
    from kb.store import open_store

    name = " ".join(args.name) if isinstance(args.name, list) else args.name
    with open_store(args) as store:
        info = SHOW[args.what](store, name)
        if info is None:
            close = suggestions(store, args.what, name)
            msg = f"no {args.what} named {name!r} in {args.db}"
            if args.json:
                print(json.dumps({"error": msg, "suggestions": close}, ensure_ascii=False))
            else:
                print(msg + (f"; did you mean: {', '.join(close)}?" if close else ""), file=sys.stderr)
            return 1
        if args.json:
            print(json.dumps(info, ensure_ascii=False, indent=2, default=str))
            return 0
        m = info.get("match") or {}
        if args.what == "card" and m.get("how") == "fuzzy":          # a notice: stdout stays the card
            print(f"did you mean: {info.get('name_en')}" + (f" / {info['name_ja']}" if info.get("name_ja") else "")
                  + f"?  ({m.get('query')!r} is not a known name; the closest card is shown, score "
                    f"{m.get('score')})", file=sys.stderr)
        print(render(args.what, info))
        if args.what == "card":      # the Japanese printed text compiled beside the English compile (kb.cards_ja)
            from kb.cards_ja import japanese_lines
            print("\n".join(japanese_lines(info.get("compiled_ja"))))
        if args.what == "claim" and args.log:
            log = (info.get("verdict") or {}).get("log") or []
            for line in log:
                print(f"    {line}")
            if not log:
                print("  (no game log: " + ("run `mtgkb validate` first)" if not info.get("verdict")
                                           else "the verdict was reached without a game)"))
        return 0
