"""``mtgkb validate``: the claims of the store are handed with a card table to the engine's cross-check
(:func:`engine.crosscheck.check_claim`) and the verdicts are stored (nodes ``verdict:{claim id}``).

Selection (--document / --keyword / --card), the scenarios attached by the user (``--attach``, kept in the
store's settings) and those shipped with the bundled sample (``kb/data/sample/attachments.yaml``) are
decided here; what a claim means and whether it holds is decided by the engine.
"""
from __future__ import annotations

import json
import sqlite3
import sys
import time
from pathlib import Path

import yaml
from rich.console import Console
from rich.progress import Progress

import engine
from engine.crosscheck import VERDICTS, Verdict, check_claim, claim_from_data, summarize
from extractor.sources import read_path
from kb import changes as history
from kb import reports
from kb.cards import CardTable
from kb.cards_ja import quoted_of_claim
from kb.store import Store, open_store, text_hash


ATTACH_SETTING = "crosscheck.attachments"


def _claim_nodes(store) -> list[dict]:
    return list(store.nodes(kind="claim"))


def _doc_matches(node: dict, documents: list[str]) -> bool:
    d = node["data"]
    names = {node.get("doc"), d.get("document"), d.get("key"), (d.get("prov") or {}).get("document")}
    return any(x in names for x in documents)


def _resolve_names(store, documents=None, keywords=None):
    """``--document`` / ``--keyword`` values with what :mod:`kb.names` resolves them to (document keys for
    a title, 授与 for bestow), so every command reads a name the same way."""
    from kb import names

    docs = [x for d in documents or [] for x in (d, *names.documents(store, d))] or documents
    kws = [x for k in keywords or [] for x in (k, *[kw.ja for kw in [names.keyword(store, k)] if kw])] or keywords
    return docs, kws


def _select(nodes: list[dict], documents=None, keywords=None, cards=None, table=None) -> list[dict]:
    """The claim nodes of some documents / keywords / cards (all given filters hold)."""
    if documents:
        nodes = [n for n in nodes if _doc_matches(n, documents)]
    if keywords:
        kws = set(keywords)
        nodes = [n for n in nodes if kws & set(n["data"].get("keywords") or [])]
    if cards:
        wanted = set()
        for c in cards:
            m = table.resolve(c) if table is not None else None
            wanted.add(m.card.name if m else c)
        nodes = [n for n in nodes
                 if wanted & (set(n["data"].get("cards") or []) | {n["data"].get("subject")})]
    return nodes


def attachments(store) -> list[dict]:
    """The hand-written scenarios attached to claims: ``[{claim, file, text}]`` (claim id or DOCUMENT:LINE)."""
    raw = store.get_setting(ATTACH_SETTING)
    return json.loads(raw) if raw else []


def attach(store, claim_spec: str, file: str) -> list[str]:
    """Attach a scenario file (checked by ``engine.load_scenarios``) to a claim; returns the claim ids it matches.

    Stored in the store's settings, so it persists across runs and re-ingests (a ``DOCUMENT:LINE``
    attachment follows the document)."""
    from kb.files import read_text
    from kb.simulate import read_scenarios

    path = Path(file)
    read_scenarios(str(path))               # raises ScenarioError naming the file and line (any encoding)
    ids = _resolve_spec(store, claim_spec)
    if not ids:
        raise ValueError(f"{claim_spec}: no claim with this id or DOCUMENT:LINE")
    items = [a for a in attachments(store) if not (a["claim"] == claim_spec and a["file"] == str(path))]
    items.append({"claim": claim_spec, "file": str(path), "text": read_text(path)})
    with store.transaction():
        store.set_setting(ATTACH_SETTING, json.dumps(items, ensure_ascii=False))
    return ids


def _resolve_spec(store, spec: str, nodes: list[dict] | None = None) -> list[str]:
    nodes = nodes if nodes is not None else _claim_nodes(store)
    if spec.startswith("claim:") or any(n["id"] == spec for n in nodes):
        return [n["id"] for n in nodes if n["id"] in (spec, f"claim:{spec}")]
    if ":" in spec:
        doc, _, line = spec.rpartition(":")
        if line.strip().isdigit():
            return [n["id"] for n in nodes if _doc_matches(n, [doc]) and n["data"].get("line") == int(line)]
    return [n["id"] for n in nodes if n["id"] == f"claim:{spec}"]


def _attached_scenarios(store, nodes: list[dict]) -> dict[str, list[dict]]:
    out: dict[str, list[dict]] = {}
    for a in attachments(store):
        ids = _resolve_spec(store, a["claim"], nodes)
        if not ids:
            continue
        scs = engine.load_scenarios(a["file"], text=a["text"])
        dicts = [json.loads(json.dumps(s.data, default=str)) for s in scs]
        for cid in ids:
            out.setdefault(cid, []).extend(dicts)
    return out


SAMPLE_DIR = Path(__file__).resolve().parent / "data" / "sample"


SAMPLE_ATTACHMENTS = SAMPLE_DIR / "attachments.yaml"


def sample_attachments(store, nodes: list[dict], index: Path = SAMPLE_ATTACHMENTS) -> dict[str, list[dict]]:
    """Hand-written scenarios shipped with the bundled sample (``kb/data/sample/attachments.yaml``) for claims
    whose situation the text does not give (e.g. a quiz answer whose question is not in the document).

    An entry ``{document, answer | line, file}`` applies only to a stored document whose text is exactly the
    bundled file's (same hash): an edited copy gets no attachment and is judged on its own words."""
    if not index.exists():
        return {}
    entries = yaml.safe_load(index.read_text(encoding="utf-8")) or []
    hashes: dict[str, str | None] = {}
    out: dict[str, list[dict]] = {}
    for i, e in enumerate(entries):
        if not isinstance(e, dict) or not e.get("document") or not e.get("file") or \
                not (e.get("answer") or e.get("line")):
            raise ValueError(f"{index}: entry {i + 1} needs document, answer or line, and file")
        key = str(e["document"])
        stored = store.document(key)
        if stored is None:
            continue
        if key not in hashes:
            raws = [r for r in read_path(index.parent / key) if not isinstance(r, Exception)]
            hashes[key] = text_hash(raws[0]) if raws else None
        if hashes[key] is None or stored.get("sha256") != hashes[key]:
            continue
        path = index.parent / str(e["file"])
        shown = f"kb/data/sample/{e['file']}" if index == SAMPLE_ATTACHMENTS else str(path)
        scs = [{**json.loads(json.dumps(x.data, default=str)), "_attached_file": shown}
               for x in engine.load_scenarios(path)]
        for n in nodes:
            d = n["data"]
            if n.get("doc") != key:
                continue
            if (e.get("answer") and d.get("answer") == str(e["answer"])) or \
                    (e.get("line") and (d.get("prov") or {}).get("line", d.get("line")) == int(e["line"])):
                out.setdefault(n["id"], []).extend(scs)
    return out


def _store_cards(store):
    """The store's card table (bundled cards plus the store's).  A store whose card data cannot be read
    raises ``sqlite3.DatabaseError`` (the CLI names the store, exit 2): falling back to the bundled table
    would quietly give different verdicts."""
    try:
        return store.card_table if isinstance(store, Store) else CardTable.from_store(store)   # Store caches it
    except ValueError as e:             # card data that is not JSON: the store is damaged, not the code
        raise sqlite3.DatabaseError(f"stored card data is not valid JSON: {e}") from None


def validate(store, documents=None, keywords=None, cards=None, progress=False, table=None, since=None):
    """Check every claim (or those of some documents / keywords / cards, or of the documents newer than
    ``since``: a revision id or an ISO date, see :func:`kb.changes.parse_since`); store the verdicts.

    Returns ``(verdicts, summary)`` with ``summary = {confirmed, contradicted, unsimulable, total}``.  Old
    verdicts of the checked claims are replaced in one transaction (nodes ``verdict:{claim id}``, owned by
    the claim's document, with a ``has_verdict`` edge) that also appends the run to the verdict history
    (``runs``, ``run_documents``, ``verdict_history``: :mod:`kb.changes`); documents not selected keep their stored verdicts."""
    started = history.now()
    table = table if table is not None else _store_cards(store)
    asked = {"document": documents, "keyword": keywords}
    documents, keywords = _resolve_names(store, documents, keywords)
    since = history.parse_since(since) if isinstance(since, str) else since
    nodes = _select(_claim_nodes(store), documents, keywords, cards, table)
    docs = _validated_documents(store, nodes, documents, since, partial=bool(keywords or cards))
    if since is not None:
        nodes = [n for n in nodes if _owner(n) in docs]
    attached = sample_attachments(store, nodes)
    for cid, scs in _attached_scenarios(store, nodes).items():     # attached by the user: they win
        attached[cid] = scs
    verdicts: list[Verdict] = []
    bar = _progress(len(nodes)) if progress else None
    for i, n in enumerate(nodes):
        claim = claim_from_data(n["data"], n["id"], n["text"])
        claim.id = n["id"]
        v = check_claim(claim, table, attached.get(n["id"]), quoted_of_claim(claim, table))
        v.doc_key = n.get("doc") or n["data"].get("key")
        v.file = claim.prov.file
        verdicts.append(v)
        if bar:
            bar(i + 1)
    if bar:
        bar(None)
    options = {**asked, "card": cards,
               "since": None if since is None else [since[0], str(since[1])]}
    _store_verdicts(store, nodes, verdicts, docs, options, started)
    return verdicts, summarize(verdicts)


def _owner(node: dict) -> str | None:
    return node.get("doc") or node["data"].get("key")


def _validated_documents(store, nodes: list[dict], documents, since, partial: bool) -> dict[str, dict]:
    """The documents a run validates, key → ``{title, revision, sha256, offset, partial}``: those of the
    selected claims, and with no --keyword/--card filter also the selected documents left with no claim
    (their claims are gone); ``since`` keeps those newer than it (``kb.changes.newer_than``)."""
    stored = {d["key"]: d for d in store.documents()}
    keys = {_owner(n) for n in nodes} & set(stored)
    if not partial:
        keys |= {k for k, d in stored.items()
                 if not documents or k in documents or d.get("title") in documents}
    if since is not None:
        keys = {k for k in keys if history.newer_than(stored[k], since)}
    out = {}
    for k in sorted(keys):
        d = stored[k]
        node = store.node(f"doc:{k}") or {"data": {}}
        first = (node.get("data") or {}).get("line") or 1
        out[k] = {"title": d.get("title"), "revision": d.get("revision"), "sha256": d.get("sha256"),
                  "offset": int(first) - 1, "partial": partial}
    return out


def _store_verdicts(store, nodes: list[dict], verdicts: list[Verdict], docs: dict[str, dict], options: dict,
                    started: str) -> None:
    owner = {n["id"]: n.get("doc") for n in nodes}
    with store.transaction() as c:
        for n in nodes:
            vid = f"verdict:{n['id']}"
            c.execute("DELETE FROM nodes WHERE id=?", (vid,))
            c.execute("DELETE FROM edges WHERE src=? AND kind='has_verdict'", (n["id"],))
        for v in verdicts:
            vid = f"verdict:{v.claim_id}"
            data = v.to_dict()
            data.update({"document": v.document, "revision": v.revision, "section": v.section, "line": v.line})
            doc = owner.get(v.claim_id)
            store.upsert_node(vid, "verdict", title=v.verdict, text=v.reason, data=data, doc=doc, replace=True)
            store.add_edge(v.claim_id, vid, "has_verdict", doc=doc)
        history.record_run(c, nodes, verdicts, docs, options, started)


def claim_log(store, claim_id: str) -> list[str]:
    """The engine's game log of a claim's stored verdict (``mtgkb show claim ID --log``)."""
    cid = claim_id if claim_id.startswith("claim:") else f"claim:{claim_id}"
    node = store.node(f"verdict:{cid}")
    if node is None:
        return []
    return list((node.get("data") or {}).get("log") or [])


def stored_verdict(store, claim_id: str) -> dict | None:
    cid = claim_id if claim_id.startswith("claim:") else f"claim:{claim_id}"
    node = store.node(f"verdict:{cid}")
    return node.get("data") if node else None


def _progress(total: int):
    if not sys.stderr.isatty() or total == 0:
        return None
    p = Progress(transient=True, console=Console(stderr=True))
    task = p.add_task("validating", total=total)
    p.start()

    def update(i):
        if i is None:
            p.stop()
        else:
            p.update(task, completed=i)
    return update


def cmd_validate(args) -> int:
    with open_store(args) as store:
        for spec, file in getattr(args, "attach", None) or []:
            try:
                ids = attach(store, spec, file)
            except Exception as e:
                print(f"mtgkb validate: cannot attach {file}: {e}", file=sys.stderr)
                return 2
            if not args.json:
                print(f"attached {file} to {', '.join(ids)}")
        table = _store_cards(store)
        unmatched = _unmatched_filters(store, args, table)
        if unmatched:
            if args.json:
                print(json.dumps({"error": unmatched}, ensure_ascii=False))
            print(f"error: {unmatched}", file=sys.stderr)
            return 2
        since = getattr(args, "since", None)
        if since is not None:
            try:
                since = history.parse_since(since)
            except ValueError as e:
                if args.json:
                    print(json.dumps({"error": str(e)}, ensure_ascii=False))
                print(f"error: {e}", file=sys.stderr)
                return 2
        t0 = time.perf_counter()
        progress = not getattr(args, "no_progress", False) and not args.json
        verdicts, summary = validate(store, documents=args.document, keywords=args.keyword, cards=args.card,
                                     progress=progress, table=table, since=since)
        elapsed = time.perf_counter() - t0
        written: list[str] = []
        if getattr(args, "report", None):
            Path(args.report).write_text(reports.html_report(verdicts, summary,
                                                             reports.claim_context(store, verdicts)),
                                         encoding="utf-8")
            written.append(f"wrote the HTML report to {args.report}")
        if getattr(args, "changes", False):
            return _report_changes(store, args, summary, written)
        if getattr(args, "wikitext", None):
            Path(args.wikitext).write_text(reports.wikitext_report(verdicts, summary), encoding="utf-8")
            written.append(f"wrote the wikitext report to {args.wikitext}")
        if getattr(args, "emit_scenarios", None):
            files = reports.emit_scenarios(verdicts, args.emit_scenarios, table)
            held = sum(f.parent.name == reports.NOT_RUNNABLE for f in files)
            written.append(f"wrote {len(files)} scenario file{'s' if len(files) != 1 else ''} to "
                           f"{args.emit_scenarios}" + (f" ({held} that do not run as they are in "
                                                       f"{reports.NOT_RUNNABLE}/)" if held else ""))
        if args.json:
            print(json.dumps({"verdicts": [v.public() for v in verdicts],
                              "summary": {k: summary[k] for k in VERDICTS}},
                             ensure_ascii=False, indent=1, default=str))
            for w in written:
                print(w, file=sys.stderr)
        else:
            print(reports.text_summary(verdicts, summary, elapsed))
            for w in written:
                print(w)
    return 1 if summary["contradicted"] else 0


def _report_changes(store, args, summary, written: list[str]) -> int:
    """``validate --changes``: after the run, what changed (:func:`kb.changes.changes`, with ``--since``
    as given); ``--wikitext`` writes it for a maintenance page.  Exit 1 if a contradiction is new."""
    report = history.changes(store, getattr(args, "since", None))
    if getattr(args, "wikitext", None):
        Path(args.wikitext).write_text(history.wikitext_report(report), encoding="utf-8")
        written.append(f"wrote the wikitext changes report to {args.wikitext}")
    if args.json:
        print(json.dumps({**report, "validated": {k: summary[k] for k in (*VERDICTS, "total")}},
                         ensure_ascii=False, indent=1, default=str))
    else:
        print(f"validated {summary['total']} claims")
        history.print_report(report)
    for w in written:
        print(w, file=sys.stderr if args.json else sys.stdout)
    return 1 if report["totals"]["new_contradictions"] else 0


def _unmatched_filters(store, args, table) -> str | None:
    """Why ``--document`` / ``--keyword`` / ``--card`` select no claim (naming close document titles), or None."""
    docs, kws, cards = args.document or [], args.keyword or [], args.card or []
    if not (docs or kws or cards):
        return None
    from kb import names

    nodes = _claim_nodes(store)
    problems = []
    for d in docs:
        if not _select(nodes, documents=_resolve_names(store, [d])[0]):
            stored = names.documents(store, d)
            kw = names.keyword(store, d)
            on_kw = _select(nodes, keywords=[kw.ja]) if kw else []
            if stored:
                why = f"document {d!r} is stored ({len(stored)}: {', '.join(stored[:3])}) but holds no claim"
            else:
                near = _close_documents(store, d)
                why = f"no claim of document {d!r}" + (f" (close titles: {', '.join(near)})" if near else
                                                        " (no document has a close title)")
            problems.append(why + (f"; {len(on_kw)} claim(s) are on keyword {kw.ja}: --keyword {kw.ja}"
                                   if on_kw else ""))
    for k in kws:
        if not _select(nodes, keywords=_resolve_names(store, None, [k])[1]):
            problems.append(f"no claim on keyword {k!r}")
    for c in cards:
        if not _select(nodes, cards=[c], table=table):
            problems.append(f"no claim involves card {c!r}")
    if not problems and not _select(nodes, *_resolve_names(store, docs, kws), cards, table):
        problems.append("no claim matches all of the given --document/--keyword/--card together")
    return "; ".join(problems) + " — nothing to validate" if problems else None


def _close_documents(store, name: str, n: int = 5) -> list[str]:
    import difflib

    rows = store.conn.execute("SELECT key, title FROM documents").fetchall()
    names = sorted({x for r in rows for x in r if x})
    close = difflib.get_close_matches(name, names, n=n, cutoff=0.4)
    if not close:
        close = [x for x in names if name.lower() in x.lower() or x.lower() in name.lower()][:n]
    return close
