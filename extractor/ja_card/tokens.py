"""Japanese card text → normalised lines of Sudachi tokens (normalised forms, space-separated).

- width is folded (NFKC: ２ → 2, ＋ → +, （ → ( );
- the face's own Japanese name (and its short form) becomes the self token ``~`` (201.5);
- reminder text — a parenthesis holding a sentence (。) or more than a short parameter — is removed (207.2);
  a short parenthesis after a keyword is its parameter (エンチャント（クリーチャー）, プロテクション（黒）) and stays;
- mana symbols, P/T or counter shapes (+1/+1), numbers, X, ~ and 《card names》 are atoms; every other run of text
  goes through Sudachi (mode A: the finest cut, the most stable across contexts) and is written as its tokens' normalised forms, so the grammar matches
  出た/出る, 貴方/あなた, 其れ/それ the same way whatever the spelling.

``token_string(text)`` is also how the grammar spells its own phrases (base.T), so a phrase and a card line are
always segmented by the same tokenizer.
"""
from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

MAX_CHARS = 4000          # a card face's text is far shorter; longer input is refused with a reason

_ATOM = re.compile(r"(?:\{[^{}\s]{1,5}\})+|[+-]?(?:\d+|X)/[+-]?(?:\d+|X)|\d+|(?<![A-Za-z])X(?![A-Za-z])|~|•|"
                   r"《[^《》]{1,60}》")
_PAREN = re.compile(r"\(([^()]*)\)")
_SPACE = re.compile(r"[ \t\u3000]+")


class JaTextError(ValueError):
    """The text cannot be read as card text at all (too long, unbalanced quotes)."""


_TOKENIZER = None


def _sudachi():
    global _TOKENIZER
    if _TOKENIZER is None:
        from sudachipy import Dictionary, SplitMode
        _TOKENIZER = Dictionary().tokenizer(mode=SplitMode.A)
    return _TOKENIZER


# Forms Sudachi gives one word in different contexts (で/だ after 状態, つ/つう after a digit, つく/付く after
# 1体に): one spelling each.
_CANON = {"で": "だ", "つう": "つ", "出来る": "できる", "つく": "付く"}


@lru_cache(maxsize=65536)
def _run(text: str) -> tuple:
    out = []
    for m in _sudachi().tokenize(text):
        if m.surface().strip():
            n = m.normalized_form()
            out.append((_CANON.get(n, n), m.surface()))
    return tuple(out)


def token_pairs(text: str) -> list[tuple[str, str]]:
    """(normalised form, surface) per token of NFKC-folded text."""
    out: list[tuple[str, str]] = []
    pos = 0
    for m in _ATOM.finditer(text):
        if m.start() > pos:
            out.extend(_run(text[pos:m.start()]))
        g = m.group()
        out.append((g.upper() if g.startswith("{") else g, g))
        pos = m.end()
    if pos < len(text):
        out.extend(_run(text[pos:]))
    return [(n.strip(), s) for n, s in out if n.strip()]


def token_string(text: str) -> str:
    return " ".join(n for n, _s in token_pairs(unicodedata.normalize("NFKC", text)))


def surface_of(text: str, toks: str, part: str) -> str:
    """The printed words of the sentence of ``text`` (whose token string is ``toks``) where ``part`` — a tail of
    ``toks`` — starts: failure reasons quote the card's own words, not normalised forms."""
    pairs = token_pairs(unicodedata.normalize("NFKC", text))
    at = toks.find(part)
    i = toks[:max(at, 0)].count(" ") if at > 0 else 0
    start = i
    while start > 0 and pairs[start - 1][0] != "。":
        start -= 1
    end = i
    while end < len(pairs) and pairs[end][0] != "。":
        end += 1
    return "".join(s for _n, s in pairs[start:end + 1])


_PARAM_KEYWORDS = ("エンチャント", "プロテクション")


def _drop_reminders(line: str) -> str:
    """Reminder text ends its ability: what follows it on the same printed line is the next ability (a line
    break takes its place)."""
    def rep(m):
        inner = m.group(1)
        # a kept short parenthesis (a keyword's parameter) is marked ⦅…⦆ so an enclosing reminder still matches;
        # an enchant or protection parameter may be long (あなたがコントロールしているクリーチャー) but is never a sentence
        short = len(inner) <= 14 or (len(inner) <= 30 and m.string[:m.start()].endswith(_PARAM_KEYWORDS))
        return "\n" if ("。" in inner or not short or not inner.strip()) else f"⦅{inner}⦆"
    prev = None
    while prev != line:
        prev, line = line, _PAREN.sub(rep, line)
    return line.replace("⦅", "(").replace("⦆", ")")


def check_quotes(text: str) -> None:
    depth = 0
    for i, ch in enumerate(text):
        if ch == "「":
            depth += 1
            if depth > 1:
                raise JaTextError(f"a quote inside a quote at character {i}")
        elif ch == "」":
            depth -= 1
            if depth < 0:
                raise JaTextError(f"a closing 」 without its 「 at character {i}")
    if depth:
        raise JaTextError("an unbalanced 「 (no closing 」)")


def normalise_lines(text: str, self_names: list[str]) -> list[str]:
    """Japanese face text → lines (raw, NFKC, self-name replaced, reminders removed); raises JaTextError."""
    if len(text) > MAX_CHARS:
        raise JaTextError(f"text of {len(text)} characters is longer than any card text ({MAX_CHARS})")
    text = unicodedata.normalize("NFKC", text)
    check_quotes(text)
    for n in sorted({unicodedata.normalize("NFKC", x) for x in self_names if x}, key=len, reverse=True):
        text = text.replace(n, "~")
    text = text.replace("\u2212", "-").replace("―", "—").replace("ー", "ー")
    out = []
    for raw in text.split("\n"):
        for part in _drop_reminders(raw).split("\n"):
            line = _SPACE.sub("", part).strip()
            if line:
                out.append(line)
    return out
