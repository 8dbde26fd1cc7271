"""Comprehensive Rules pages in MTG Wiki markup → :class:`Rule`s.

A CR page (``総合ルール/6``) writes each rule as a heading: ``=603=`` (a rule; its title is the next line),
``==603.1==`` and ``===603.1a===`` (subrules), followed by the rule text.  Paragraphs that start ``例：``
are examples of the rule they sit under (CR 603.2c, 603.10a … carry such examples).  Links, link-based
rule references and sections come from the wikitext reader; rules, their examples and the 《card》
mentions inside them are read line by line here.
"""
from __future__ import annotations

import re

from extractor.facts import CardRef, Example, ExtractedDocument, Provenance, RawDocument, Rule
from extractor.prose import CARD_MENTION
from extractor.wikitext import extract_wikitext, strip_links

_HEADING = re.compile(r"(=+)\s*(\d{3}(?:\.\d+[a-z]?)?)\s*(=+)[ \t]*")
_EXAMPLE = re.compile(r"\s*例\s*[：:]")
_EXT_LINK = re.compile(r"\[(?:https?:)?//[^\s\]]+\s*([^\]]*)\]")


def parent_of(number: str) -> str | None:
    """``603.10a`` → ``603.10``; ``603.10`` → ``603``; ``603`` → None."""
    if number[-1].isalpha() and "." in number:
        return number.rstrip("abcdefghijklmnopqrstuvwxyz")
    if "." in number:
        return number.split(".", 1)[0]
    return None


def plain(text: str) -> str:
    """Rule text without link markup (``[[総合ルール/6#612|rule 612]]`` → ``rule 612``)."""
    return strip_links(_EXT_LINK.sub(r"\1", text))


def extract_rules(raw: RawDocument) -> ExtractedDocument:
    """Rules (number, title, text, parent, examples) plus the wikitext facts of the page."""
    doc = extract_wikitext(raw)
    doc.keywords = []
    lines = raw.text.split("\n")
    stack: list[tuple[int, str]] = []
    current: dict | None = None
    rules: list[dict] = []
    for i, line in enumerate(lines):
        m = _HEADING.fullmatch(line.rstrip("\r"))
        if m and len(m.group(1)) == len(m.group(3)):
            level, number = len(m.group(1)), m.group(2)
            while stack and stack[-1][0] >= level:
                stack.pop()
            stack.append((level, number))
            current = {"number": number, "line": i + 1, "path": tuple(n for _, n in stack),
                       "body": [], "examples": []}
            rules.append(current)
            continue
        if current is None:
            continue
        if _EXAMPLE.match(line):
            current["examples"].append([i + 1, [line]])
        elif not line.strip():
            if current["examples"] and current["examples"][-1][1][-1].strip():
                current["examples"][-1][1].append("")          # blank line closes an example paragraph
        elif current["examples"] and current["examples"][-1][1][-1].strip():
            current["examples"][-1][1].append(line)            # example paragraph goes on
        else:
            current["body"].append(line)

    seen: set[str] = set()
    for r in rules:
        prov = _prov(raw, r["path"], r["line"])
        body = [b for b in r["body"] if b.strip()]
        title = None
        if body and ("." not in r["number"] or _is_title(r["number"], body)):
            title = plain(body[0])
            keyword = _keyword(r["number"], title)
            if keyword and keyword not in doc.keywords:
                doc.keywords.append(keyword)
        text = plain("\n".join(body))
        rule = Rule(number=r["number"], text=text, parent=parent_of(r["number"]), prov=prov, title=title)
        for ref in _cards(text, prov):
            doc.card_refs.append(ref)
        for line_no, ex_lines in r["examples"]:
            ex_text = plain("\n".join(x for x in ex_lines if x.strip()))
            ex_prov = _prov(raw, r["path"], line_no)
            ex_id = f"ex:{raw.key}:{ex_prov.line}"
            if ex_id in seen:
                ex_id += f":{sum(1 for s in seen if s.startswith(ex_id))}"
            seen.add(ex_id)
            cards = _cards(ex_text, ex_prov)
            doc.card_refs.extend(cards)
            ex = Example(id=ex_id, text=ex_text, prov=ex_prov, cards=cards, rule=r["number"])
            rule.examples.append(ex)
            doc.examples.append(ex)
        doc.rules.append(rule)
    if not rules:
        doc.warnings.append((None, "no rule headings (=603=, ==603.1==) found"))
    return doc


def _is_title(number: str, body: list[str]) -> bool:
    """A numbered rule like 702.79 whose only text is a short name line (頑強／Persist) has a title."""
    return (number[-1].isdigit() and len(body) == 1 and len(body[0]) <= 40
            and not body[0].rstrip().endswith(("。", "."))) and "／" in body[0]


def _keyword(number: str, title: str) -> str | None:
    """701.x keyword actions and 702.x keyword abilities name a keyword: 怪物化を行う／Monstrosity → 怪物化."""
    if not re.fullmatch(r"70[12]\.\d+", number) or "／" not in title:
        return None
    ja = title.split("／", 1)[0].strip()
    for suffix in ("を行う", "する"):
        if ja.endswith(suffix) and len(ja) > len(suffix) + 1:
            ja = ja[: -len(suffix)]
    return ja or None


def _prov(raw: RawDocument, path: tuple[str, ...], line: int) -> Provenance:
    return Provenance(document=raw.title, revision=raw.revision, section=path,
                      line=line + raw.line_offset, file=raw.path)


def _cards(text: str, prov: Provenance) -> list[CardRef]:
    return [CardRef(name_ja=m.group(1).strip(), name_en=None, via="prose", prov=prov)
            for m in CARD_MENTION.finditer(text)]
