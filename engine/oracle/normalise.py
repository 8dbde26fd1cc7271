"""Normalise one card face's Oracle text into lines the grammar reads.

- reminder text in parentheses is removed (it restates rules, 207.2a);
- the card's own name, its short name (legendary "Name, the Title" → "Name") and "this creature / spell /
  permanent / …" become the self token ``~`` (201.5: a card's name in its text means that object);
- ability words ("Landfall — …", 207.2c, a closed list in vocab.py) have no rules meaning and are dropped;
- text is lower-cased (Oracle capitalisation carries no meaning) and split into lines; a modal line
  "Choose one —" is kept together with its "• " mode lines.
"""
from __future__ import annotations

import re

from .vocab import ABILITY_WORDS

SELF = "~"
_REMINDER = re.compile(r"\s*\([^()]*\)")
_SELF_NOUNS = re.compile(r"\bthis (?:creature|spell|permanent|enchantment|artifact|land|planeswalker|card|"
                         r"equipment|aura|vehicle|saga|class|battle|token|siege|scheme)\b")
_ABILITY_WORD = re.compile(r"^([a-z][a-z' ,-]*?) — (?!choose )")
_LOYALTY_BRACKETS = re.compile(r"^\[([+-]?(?:\d+|x))\]:")
_SPACES = re.compile(r"[ \t]+")


def self_names(face: dict) -> list[str]:
    """The names by which a face's text refers to itself, longest first."""
    names = []
    for key in ("faceName", "name"):
        n = face.get(key)
        if n:
            names.extend(p.strip() for p in n.split("//"))
    full = face.get("faceName") or face.get("name") or ""
    if "Legendary" in (face.get("supertypes") or []) and "," in full:
        names.append(full.split(",", 1)[0].strip())
    out = sorted({n for n in names if n}, key=len, reverse=True)
    return out


def _word_char(c: str) -> bool:
    return c.isalnum() or c == "_"          # what a regex \w is for text (str.isalnum, re docs)


def _replace_names(text: str, names: list[str]) -> str:
    """Each whole-word occurrence of each name (not inside a longer word) becomes ``~``; a scan with
    ``str.find`` rather than one regex per card name (compiled once per name, used once)."""
    for n in names:
        parts, start, pos = [], 0, text.find(n)
        while pos >= 0:
            end = pos + len(n)
            if (pos == 0 or not _word_char(text[pos - 1])) and (end == len(text) or not _word_char(text[end])):
                parts += [text[start:pos], SELF]
                start = end
                pos = text.find(n, end)
            else:
                pos = text.find(n, pos + 1)
        if parts:
            text = "".join(parts) + text[start:]
    return text


def normalise_text(text: str, names: list[str]) -> list[str]:
    """Oracle text → normalised lines (modal groups joined with "\\n")."""
    text = _replace_names(text or "", names)
    text = _REMINDER.sub("", text)
    text = text.replace("\u2212", "-").replace("’", "'")
    out: list[str] = []
    for raw in text.split("\n"):
        line = _SPACES.sub(" ", raw).strip().lower()
        if not line:
            continue
        line = _SELF_NOUNS.sub(SELF, line)
        line = _LOYALTY_BRACKETS.sub(r"\1:", line)          # "[+1]: …" loyalty abilities (606)
        m = _ABILITY_WORD.match(line)
        if m and m.group(1) in ABILITY_WORDS:
            line = line[m.end():]
        if line.startswith("• ") and out and (out[-1].startswith("choose ") or "\n" in out[-1]
                                              or out[-1].endswith("—")):
            out[-1] += "\n" + line
            continue
        # 603.6c: "… . when ~ leaves the battlefield, …" in one paragraph (Animate Dead) is an ability of its own
        head, sep, tail = line.partition(". when ~ leaves the battlefield, ")
        if sep and head.count('"') % 2 == 0:
            out += [head + ".", "when ~ leaves the battlefield, " + tail]
            continue
        out.append(line)
    return out


def normalise_face(face: dict) -> list[str]:
    return normalise_text(face.get("text") or "", self_names(face))
