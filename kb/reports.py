"""Reports of cross-check verdicts: terminal summary, one-page offline HTML, wikitext for a talk page,
and the synthesized scenarios as YAML files.

Every piece of wiki text is escaped: ``html.escape`` in HTML, ``<nowiki>`` in wikitext.

>>> from engine.crosscheck import Verdict
>>> v = Verdict("claim:1", "D", None, ["S"], 3, "<b>x</b>", "devotion", "confirmed")
>>> "<b>x</b>" in html_report([v], {"confirmed": 1, "contradicted": 0, "unsimulable": 0})
False
"""
from __future__ import annotations

import html
import json
import re
from collections import OrderedDict
from pathlib import Path
from typing import Iterable

import yaml

COLOURS = {"confirmed": "#d4f7d4", "contradicted": "#ffd6d6", "unsimulable": "#eeeeee"}
BORDER = {"confirmed": "#2a8a2a", "contradicted": "#c62828", "unsimulable": "#888888"}


def _doc_key(v) -> str:
    return v.doc_key or v.file or v.document or "(no document)"


def doc_heading(v) -> str:
    """A group's heading: the title, the stored document (key, and file when it differs) and its revision,
    so two documents of one title (an XML page and a .txt of the same page) stay apart and traceable."""
    title = v.document or "(no document)"
    key, file = v.doc_key, v.file
    where = [x for x in (key, file if not key or Path(file or "").name != Path(key).name else None)
             if x and x != title]
    extra = ", ".join(where)
    if v.revision:
        extra += (", " if extra else "") + f"revision {v.revision}"
    return f"{title} ({extra})" if extra else title


def _grouped(verdicts) -> "OrderedDict[str, tuple[str, OrderedDict[str, list]]]":
    """Verdicts by stored document (key, not title), then section: ``{key: (heading, {section: [v]})}``."""
    out: OrderedDict = OrderedDict()
    for v in sorted(verdicts, key=lambda v: (v.document or "", _doc_key(v), v.line or 0)):
        sec = " > ".join(v.section) if v.section else "(no section)"
        group = out.setdefault(_doc_key(v), (doc_heading(v), OrderedDict()))
        group[1].setdefault(sec, []).append(v)
    return out


def scenario_yaml(scenario) -> str:
    if not scenario:
        return ""
    return yaml.safe_dump(scenario, allow_unicode=True, sort_keys=False, default_flow_style=None, width=100)


def _j(v) -> str:
    if v is None:
        return ""
    return json.dumps(v, ensure_ascii=False, default=str)


def text_summary(verdicts, summary, elapsed: float | None = None) -> str:
    seen: dict[str, int] = {}            # claims of one line with the same kind and reason: one line, counted
    for v in verdicts:
        if v.verdict != "confirmed":
            where = f"{v.document}:{v.line}" if v.line else v.document
            line = f"{v.verdict.upper():13} {where}  {v.kind}: {v.reason}"
            seen[line] = seen.get(line, 0) + 1
    lines = [line + (f"  ({n} claims)" if n > 1 else "") for line, n in seen.items()]
    head = (f"{summary['total']} claims: {summary['confirmed']} confirmed, {summary['contradicted']} "
            f"contradicted, {summary['unsimulable']} unsimulable")
    attached = [v for v in verdicts if v.origin == "attached"]
    if attached:
        head += (f"; {len(attached)} decided by hand-written attached scenarios "
                 f"({sum(v.verdict == 'confirmed' for v in attached)} confirmed)")
    if elapsed is not None:
        head += f" ({elapsed:.1f}s)"
    return "\n".join(lines + [head])


ORDER = {"contradicted": 0, "unsimulable": 1, "confirmed": 2}
MTGWIKI = "http://mtgwiki.com"


def _worst_first(verdicts) -> list:
    """Verdicts with the contradicted first, then unsimulable, then confirmed (document order within)."""
    return sorted(verdicts, key=lambda v: ORDER.get(v.verdict, 3))


def _checks_table(v) -> str:
    """Expected and observed in words, one row per expectation (✔ holds / ✘ the opposite)."""
    e = html.escape
    expected = v.expected if isinstance(v.expected, list) else ([v.expected] if v.expected else [])
    observed = v.observed if isinstance(v.observed, list) else [v.observed] * len(expected)
    if not expected:
        return ""
    from kb.web.words import expectation_words, observed_words   # one wording for the report and the web UI

    rows = []
    for i, x in enumerate(expected):
        seen = observed[i] if i < len(observed) else None
        rows.append(f"<tr><td>{e(expectation_words(x))}</td><td>{e(observed_words(x, seen))}</td></tr>")
    return ("<table class='checks'><tr><th>expected</th><th>observed</th></tr>" + "".join(rows) + "</table>")


def _reason(v) -> str:
    """The verdict's reason without the ``; expected …, observed …`` detail the checks table shows."""
    reason = v.reason or ""
    return reason.split("; expected ", 1)[0] if v.expected is not None else reason


def wiki_links(title: str | None, revision, source: str | None = None) -> dict:
    """Where a claim's page can be read: its ``# source:`` address, else the MTG Wiki page, and the revision."""
    from urllib.parse import quote

    out = {}
    if source and source.split()[0].startswith(("http://", "https://")):
        out["page"] = source.split()[0]
    elif title:
        out["page"] = f"{MTGWIKI}/wiki/{quote(title.replace(' ', '_'))}"
    if title and revision:
        out["revision"] = f"{MTGWIKI}/index.php?title={quote(title.replace(' ', '_'))}&oldid={quote(str(revision))}"
    return out


def claim_context(store, verdicts) -> dict:
    """For the HTML report, per claim id: the whole example its sentence belongs to and links back to the
    page (``store``: a ``kb.store.Store``; read with its node/edge/document methods only)."""
    out = {}
    for v in verdicts:
        ctx: dict = {}
        for e in store.edges_to(v.claim_id, "has_claim"):
            src = store.node(e["src"])
            if src and src["kind"] == "example":
                ctx["example"] = src["text"]
        doc = store.document(v.doc_key) if v.doc_key else None
        if doc:
            meta = doc.get("meta") or {}
            if isinstance(meta, str):
                try:
                    meta = json.loads(meta)
                except ValueError:
                    meta = {}
            wikiish = doc.get("form") == "wikitext" or "mtgwiki" in str(meta.get("source") or "")
            ctx["links"] = wiki_links(doc.get("title") if wikiish or meta.get("source") else None,
                                      doc.get("revision") if wikiish else None, meta.get("source"))
        out[v.claim_id] = ctx
    return out


def _css_id(text: str) -> str:
    return re.sub(r"[^\w-]", "_", text or "")


def _filter_css(kinds: list[str]) -> str:
    """A filter without script: a checkbox per verdict and per kind hides the unchecked claims (the boxes
    are siblings before <main>, so ``:not(:checked) ~ main`` reaches the claims)."""
    rules = [f"#show-{w}:not(:checked)~main .v.{w}{{display:none}}" for w in ORDER]
    rules += [f"#kind-{_css_id(k)}:not(:checked)~main .v.k-{_css_id(k)}{{display:none}}" for k in kinds]
    return "".join(rules)


def html_report(verdicts, summary, context: dict | None = None) -> str:
    """One offline page: the summary, a contents list that starts with the contradicted claims, a filter
    (by verdict and kind), then every claim by document: the sentence within the rest of its example,
    expected and observed in words, the scenario, the readings tried, the game log and links to the page."""
    e = html.escape
    context = context or {}
    counts = {k: summary.get(k, 0) for k in ORDER}
    kinds = sorted({v.kind for v in verdicts if v.kind})
    parts = ["<!DOCTYPE html><html lang='ja'><head><meta charset='utf-8'><title>mtgkb cross-check</title>",
             "<style>body{font-family:sans-serif;margin:2em;max-width:70em}"
             ".v{border-left:6px solid;padding:.4em .8em;margin:.6em 0}"
             "pre{background:#f8f8f8;padding:.5em;overflow:auto;font-size:90%}"
             "summary{cursor:pointer}.k{color:#555;font-size:90%}.ex{color:#555}"
             "mark{background:#fff3a0}table.checks{border-collapse:collapse;margin:.3em 0}"
             "table.checks td,table.checks th{border:1px solid #ccc;padding:.2em .5em;text-align:left}"
             ".toc-head{font-size:1.2em;font-weight:bold;margin:.8em 0 .2em}"
             + _filter_css(kinds) + "</style></head><body>",
             "<h1>mtgkb cross-check</h1>",
             f"<p id='summary'><b>{summary.get('total', len(verdicts))}</b> claims: "
             f"<b>{counts['contradicted']}</b> contradicted, <b>{counts['unsimulable']}</b> unsimulable, "
             f"<b>{counts['confirmed']}</b> confirmed.</p>"]
    groups = _grouped(verdicts)
    ids = {key: f"doc{i}" for i, key in enumerate(groups)}
    parts.append("<nav id='contents'><p class='toc-head'>Contents</p>")
    bad = [v for v in verdicts if v.verdict == "contradicted"]
    parts.append(f"<p class='toc-head'>Contradicted ({len(bad)})</p>")
    parts.append("<ol>" + "".join(f"<li><a href='#{e(_anchor(v))}'>{e(v.kind)}, line {v.line or '?'}</a>: "
                                  f"{e((v.text or '')[:80])}</li>" for v in bad) + "</ol>" if bad else
                 "<p class='k'>none</p>")
    parts.append("<p class='toc-head'>Documents</p><ul>")
    for key, (heading, sections) in groups.items():
        vs = [v for x in sections.values() for v in x]
        first = vs[0]
        name = " — ".join(x for x in (first.document, first.doc_key if first.doc_key != first.document else None) if x)
        tally = ", ".join(f"{n} {w}" for w in ORDER if (n := sum(v.verdict == w for v in vs)))
        parts.append(f"<li><a href='#{ids[key]}'>{e(name or '(no document)')}</a>"
                     f"{e(' · rev ' + str(first.revision)) if first.revision else ''} "
                     f"<span class='k'>({e(tally)})</span></li>")
    parts.append("</ul></nav>")
    parts.append("<p class='toc-head'>Filter</p>")
    parts += [f"<input type='checkbox' id='show-{w}' checked><label for='show-{w}'>{w}</label>" for w in ORDER]
    parts.append("<br>")
    parts += [f"<input type='checkbox' id='kind-{e(_css_id(k))}' checked><label for='kind-{e(_css_id(k))}'>"
              f"{e(k)}</label>" for k in kinds]
    parts.append("<main>")
    for key, (heading, sections) in groups.items():
        parts.append(f"<a id='{ids[key]}'></a><h2>{e(heading)}</h2>")
        for sec, vs in sections.items():
            parts.append(f"<h3>{e(sec)}</h3>")
            for v in _worst_first(vs):
                parts.append(_claim_html(v, context.get(v.claim_id) or {}))
    parts.append("</main></body></html>")
    return "\n".join(parts)


def _anchor(v) -> str:
    return "c-" + re.sub(r"[^\w-]", "_", v.claim_id)


def _claim_html(v, ctx: dict) -> str:
    e = html.escape
    parts = [f"<div class='v {e(v.verdict)} k-{e(_css_id(v.kind))}' id='{e(_anchor(v))}' "
             f"style='background:{COLOURS.get(v.verdict, '#fff')};border-color:{BORDER.get(v.verdict, '#000')}'>",
             f"<p><b>{e(v.verdict)}</b> <span class='k'>"
             + " · ".join(e(str(x)) for x in (v.kind, f"line {v.line}" if v.line else None, v.origin, v.claim_id) if x)
             + "</span></p>"]
    example, text = ctx.get("example") or "", v.text or ""
    if example and text and text in example and example.strip() != text.strip():
        before, _, after = example.partition(text)
        parts.append(f"<blockquote><span class='ex'>{e(before)}</span><mark>{e(text)}</mark>"
                     f"<span class='ex'>{e(after)}</span></blockquote>".replace("\n", "<br>"))
    else:
        parts.append(f"<blockquote><mark>{e(text)}</mark></blockquote>")
    links = ctx.get("links") or {}
    if links:
        parts.append("<p class='k'>" + " · ".join(
            f"<a href='{e(url)}'>{'the page' if k == 'page' else 'this revision'}</a>"
            for k, url in links.items()) + "</p>")
    parts.append(f"<p>{e(_reason(v))}</p>")
    parts.append(_checks_table(v))
    if v.scenario:
        parts.append(f"<details><summary>scenario simulated</summary><pre>{e(scenario_yaml(v.scenario))}"
                     "</pre></details>")
    tried = [r for r in (v.readings_tried or []) if r.get("reading")]
    if len(tried) > 1:
        items = "".join(f"<li>{e(str(r.get('reading')))}: "
                        f"{'holds' if r.get('passed') else e(str(r.get('error') or 'fails'))}</li>" for r in tried)
        parts.append(f"<details><summary>readings tried</summary><ul>{items}</ul></details>")
    if v.log:
        parts.append(f"<details><summary>game log ({len(v.log)} events)</summary><pre>"
                     f"{e(chr(10).join(str(x) for x in v.log))}</pre></details>")
    parts.append("</div>")
    return "\n".join(p for p in parts if p)


_NOWIKI_END = re.compile(r"</nowiki\s*>", re.I)


def nowiki(text: str) -> str:
    """Wrap text so the wiki shows it literally (a closing tag inside is neutralised)."""
    text = _NOWIKI_END.sub("&lt;/nowiki&gt;", text or "")
    text = " ".join(text.split())
    return f"<nowiki>{text}</nowiki>"


WIKI_COLOURS = {"confirmed": "#d4f7d4", "contradicted": "#ffd6d6", "unsimulable": "#eeeeee"}


def wikitext_report(verdicts, summary) -> str:
    out = ["== mtgkb cross-check ==",
           f"{summary.get('confirmed', 0)} confirmed, {summary.get('contradicted', 0)} contradicted, "
           f"{summary.get('unsimulable', 0)} unsimulable.", ""]
    for heading, sections in _grouped(verdicts).values():
        out.append(f"=== {nowiki(heading)} ===")
        out.append('{| class="wikitable"')
        out.append("! section !! line !! claim !! kind !! verdict !! reason")
        for sec, vs in sections.items():
            for v in vs:
                out.append(f'|- style="background-color:{WIKI_COLOURS.get(v.verdict, "#fff")}"')
                origin = " (attached scenario)" if v.origin == "attached" else ""
                out.append(f"| {nowiki(sec)} || {v.line or ''} || {nowiki(v.text)} || {nowiki(v.kind)} || "
                           f"{v.verdict}{origin} || {nowiki(v.reason)}")
        out.append("|}")
        out.append("")
    return "\n".join(out)


def _slug(s: str) -> str:
    s = re.sub(r"[^\w.-]+", "_", s, flags=re.UNICODE).strip("_")
    return s[:60] or "scenario"


NOT_RUNNABLE = "not-runnable"        # subfolder of --emit-scenarios for scenarios that do not run as they are


def why_not_runnable(text: str, name: str, cards=None) -> str | None:
    """Why a scenario file's text does not run as it is in the engine (a card without behaviour, a
    malformed scenario, a run that stops part-way), or None when every scenario in it runs."""
    from engine.errors import EngineError, NoBehaviour, ScenarioError
    from engine.scenario import load_scenarios, simulate

    try:
        for sc in load_scenarios(name, text=text):
            r = simulate(sc, cards)
            if r.error:
                return f"the engine stops part-way: {r.error}"
    except (ScenarioError, NoBehaviour, EngineError) as e:
        return str(e)
    return None


def emit_scenarios(verdicts: Iterable, folder, cards=None) -> list[Path]:
    """Write every synthesized scenario as ``{document}_{line}_{claim}.yaml`` (all readings in one file).

    A file that does not run as it is (``why_not_runnable`` with the card table ``cards``) goes to the
    subfolder ``not-runnable/``, its first lines a comment saying why, so ``mtgkb simulate FOLDER`` runs
    every file it finds there."""
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for v in verdicts:
        scs = [r["scenario"] for r in (v.readings_tried or [])
               if r.get("scenario") and not str(r.get("reading", "")).startswith("attached")]
        if not scs and v.origin == "synthesized" and v.scenario:
            scs = [v.scenario]
        if not scs:
            continue
        name = f"{_slug(v.document or 'doc')}_{v.line or 0}_{v.claim_id.split(':')[-1]}.yaml"
        text = "---\n".join(scenario_yaml(s) for s in scs)
        why = why_not_runnable(text, name, cards)
        path = folder / name
        if why:
            path = folder / NOT_RUNNABLE / name
            path.parent.mkdir(exist_ok=True)
            text = ("# NOT RUNNABLE as it is: " + " ".join(why.split()) + "\n"
                    "# (written by `mtgkb validate --emit-scenarios` for reading and editing; give the engine what "
                    "is missing first)\n" + text)
        path.write_text(text, encoding="utf-8")
        written.append(path)
    return written
