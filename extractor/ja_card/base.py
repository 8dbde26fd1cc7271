"""pyparsing over token strings (tokens.token_string): every phrase of the grammar is written in plain Japanese
and segmented by the same tokenizer as the card text, so ``T("戦場に出たとき")`` matches the tokens
``戦場 に 出る た 時`` whatever spelling the card used.  Every element yields one value through its parse action
(a dict, list, int or str), as in engine/oracle/base.py; pure-syntax phrases are suppressed.
"""
from __future__ import annotations

import re

import pyparsing as pp

from .tokens import token_string

pp.ParserElement.enable_packrat(cache_size_limit=4096)
pp.ParserElement.set_default_whitespace_chars(" ")


def _toks(phrase: str) -> str:
    return token_string(phrase)


def spellings(phrase: str) -> set[str]:
    """The token strings a phrase has alone and inside a sentence (Sudachi segments その後 alone as one word, after
    a comma as 其の 後): a phrase matches however its context made the tokenizer cut it."""
    out = {_toks(phrase)}
    for pre, post in (("、", ""), ("", "。"), ("、", "。"), ("あなたは", "")):
        t = _toks(pre + phrase + post).split(" ")
        if pre:
            head = _toks(pre).split(" ")
            if t[:len(head)] != head:
                continue
            t = t[len(head):]
        if post:
            if t[-1:] != ["。"]:
                continue
            t = t[:-1]
        if t:
            out.add(" ".join(t))
    return out


def _rx(phrases) -> str:
    seqs = sorted({v for p in phrases if p for v in spellings(p)}, key=len, reverse=True)
    return "(?:" + "|".join(re.escape(s) for s in seqs) + r")(?= |$)"


def T(*phrases: str) -> pp.ParserElement:
    """A pure-syntax phrase (one of several spellings): matched and dropped."""
    return pp.Regex(_rx(phrases)).suppress()


def TV(value, *phrases: str) -> pp.ParserElement:
    """Phrases that stand for ``value``."""
    return pp.Regex(_rx(phrases)).set_parse_action(lambda: [value])


class TokLookup(pp.Token):
    """The longest token sequence (up to N tokens) found in a table of phrases → its value."""

    def __init__(self, table: dict):
        super().__init__()
        self.table = {}
        for k, v in table.items():
            for sp in spellings(k):
                self.table.setdefault(sp, v)
        self.maxw = max(len(k.split(" ")) for k in self.table)
        self.mayReturnEmpty = False
        self.mayIndexError = False
        self.errmsg = "expected a known phrase"

    def _generateDefaultName(self):
        return "TokLookup"

    def parseImpl(self, instring, loc, do_actions=True):
        ends = []
        pos = loc
        for _ in range(self.maxw):
            end = instring.find(" ", pos)
            end = len(instring) if end < 0 else end
            if end == pos:
                break
            ends.append(end)
            if end >= len(instring):
                break
            pos = end + 1
        for end in reversed(ends):
            v = self.table.get(instring[loc:end], _MISSING)
            if v is not _MISSING:
                return end, [v]
        raise pp.ParseException(instring, loc, self.errmsg, self)


_MISSING = object()


def choice(table: dict) -> pp.ParserElement:
    """Japanese phrase → value, longest first.  Values are copied per match (callers may extend them)."""
    import copy
    return TokLookup(table).add_parse_action(lambda t: [copy.deepcopy(t[0])])


DIGITS = pp.Regex(r"\d+(?= |$)").set_parse_action(lambda t: [int(t[0])])
X = pp.Regex(r"X(?= |$)").set_parse_action(lambda: ["X"])
_KANJI_NUM = {"一": 1, "二": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9, "十": 10}
KANJI = pp.Regex("[一二三四五六七八九十](?= |$)").set_parse_action(lambda t: [_KANJI_NUM[t[0]]])
NUM = DIGITS | X | KANJI
MANA = pp.Regex(r"(?:\{[^{}\s]{1,5}\})+(?= |$)").set_parse_action(lambda t: [t[0].upper()])
PT = pp.Regex(r"[+-]?(?:\d+|X)/[+-]?(?:\d+|X)(?= |$)").set_parse_action(lambda t: [[_pt(x) for x in t[0].split("/")]])
SIGNED_PT = pp.Regex(r"[+-](?:\d+|X)/[+-](?:\d+|X)(?= |$)").set_parse_action(
    lambda t: [[_pt(x) for x in t[0].split("/")]])
SELF = pp.Regex(r"~(?= |$)").set_parse_action(lambda: [{"ref": "self"}])
COMMA = pp.Regex("、(?= |$)").suppress()
STOP = pp.Regex("。(?= |$)").suppress()


def _pt(s: str):
    sign = -1 if s.startswith("-") else 1
    s = s.lstrip("+-")
    if s == "X":
        return "X" if sign > 0 else "-X"
    return sign * int(s)


def merge(toks) -> dict:
    out: dict = {}
    for t in toks:
        if isinstance(t, dict):
            out.update(t)
    return out


def guard(cond, action):
    """A parse action that fails the match unless ``cond(tokens)``, else returns ``action(tokens)``."""
    def act(s, loc, t):
        if not cond(t):
            raise pp.ParseException(s, loc, "condition not met")
        return action(t)
    return act


def parse_or_fail_at(expr: pp.ParserElement, text: str):
    try:
        r = expr.parse_string(text, parse_all=True)
    except pp.ParseException as e:
        return None, e.loc
    except RecursionError:
        return None, 0
    return (r[0] if len(r) == 1 else list(r)), None


class Gate(pp.ParseElementEnhance):
    """``expr`` tried only when one of its marker phrases occurs in the rest of the sentence (before 。): a clause
    grammar is verb-final in Japanese, so the verb decides which clause shapes can match at all."""

    def __init__(self, expr: pp.ParserElement, *phrases: str):
        super().__init__(expr)
        self.needles = tuple(v for p in phrases for v in spellings(p))

    def _generateDefaultName(self):
        return f"Gate({self.expr})"

    def parseImpl(self, instring, loc, do_actions=True):
        end = instring.find("。", loc)
        seg = instring[loc:end if end >= 0 else len(instring)]
        if not any(n in seg for n in self.needles):
            raise pp.ParseException(instring, loc, "no marker", self)
        return self.expr._parse(instring, loc, do_actions, callPreParse=False)
