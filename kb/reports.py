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
    lines = []
    for v in verdicts:
        if v.verdict != "confirmed":
            where = f"{v.document}:{v.line}" if v.line else v.document
            lines.append(f"{v.verdict.upper():13} {where}  {v.kind}: {v.reason}")
    head = (f"{summary['total']} claims: {summary['confirmed']} confirmed, {summary['contradicted']} "
            f"contradicted, {summary['unsimulable']} unsimulable")
    attached = [v for v in verdicts if v.origin == "attached"]
    if attached:
        head += (f"; {len(attached)} decided by hand-written attached scenarios "
                 f"({sum(v.verdict == 'confirmed' for v in attached)} confirmed)")
    if elapsed is not None:
        head += f" ({elapsed:.1f}s)"
    return "\n".join(lines + [head])


def html_report(verdicts, summary) -> str:
    e = html.escape
    parts = ["<!DOCTYPE html><html lang='ja'><head><meta charset='utf-8'><title>mtgkb cross-check</title>",
             "<style>body{font-family:sans-serif;margin:2em;max-width:70em}"
             ".v{border-left:6px solid;padding:.4em .8em;margin:.6em 0}"
             "pre{background:#f8f8f8;padding:.5em;overflow:auto;font-size:90%}"
             "summary{cursor:pointer}.k{color:#555;font-size:90%}</style></head><body>",
             "<h1>mtgkb cross-check</h1>",
             f"<p><b>{summary.get('confirmed', 0)}</b> confirmed, <b>{summary.get('contradicted', 0)}</b> "
             f"contradicted, <b>{summary.get('unsimulable', 0)}</b> unsimulable.</p>"]
    for heading, sections in _grouped(verdicts).values():
        parts.append(f"<h2>{e(heading)}</h2>")
        for sec, vs in sections.items():
            parts.append(f"<h3>{e(sec)}</h3>")
            for v in vs:
                parts.append(f"<div class='v {e(v.verdict)}' style='background:{COLOURS.get(v.verdict, '#fff')};"
                             f"border-color:{BORDER.get(v.verdict, '#000')}'>")
                parts.append(f"<p><b>{e(v.verdict)}</b> <span class='k'>{e(v.kind)} · line {e(str(v.line))} · "
                             f"{e(v.origin)} · {e(v.claim_id)}</span></p>")
                parts.append(f"<blockquote>{e(v.text or '')}</blockquote>")
                parts.append(f"<p>{e(v.reason or '')}</p>")
                if v.expected is not None or v.observed is not None:
                    parts.append(f"<p class='k'>expected: {e(_j(v.expected))}<br>observed: {e(_j(v.observed))}</p>")
                if v.scenario:
                    parts.append(f"<details><summary>scenario simulated</summary><pre>{e(scenario_yaml(v.scenario))}"
                                 "</pre></details>")
                tried = [r for r in (v.readings_tried or []) if r.get("reading")]
                if len(tried) > 1:
                    items = "".join(f"<li>{e(str(r.get('reading')))}: "
                                    f"{'holds' if r.get('passed') else e(str(r.get('error') or 'fails'))}</li>"
                                    for r in tried)
                    parts.append(f"<details><summary>readings tried</summary><ul>{items}</ul></details>")
                parts.append("</div>")
    parts.append("</body></html>")
    return "\n".join(parts)


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
        out.append("! section !! line !! claim !! verdict !! reason")
        for sec, vs in sections.items():
            for v in vs:
                out.append(f'|- style="background-color:{WIKI_COLOURS.get(v.verdict, "#fff")}"')
                origin = " (attached scenario)" if v.origin == "attached" else ""
                out.append(f"| {nowiki(sec)} || {v.line or ''} || {nowiki(v.text)} || {v.verdict}{origin} || "
                           f"{nowiki(v.reason)}")
        out.append("|}")
        out.append("")
    return "\n".join(out)


def _slug(s: str) -> str:
    s = re.sub(r"[^\w.-]+", "_", s, flags=re.UNICODE).strip("_")
    return s[:60] or "scenario"


def emit_scenarios(verdicts: Iterable, folder) -> list[Path]:
    """Write every synthesized scenario as ``{document}_{line}_{claim}.yaml`` (all readings in one file)."""
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
        path = folder / name
        path.write_text("---\n".join(scenario_yaml(s) for s in scs), encoding="utf-8")
        written.append(path)
    return written
