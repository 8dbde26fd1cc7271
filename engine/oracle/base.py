"""pyparsing building blocks shared by the grammar modules.

Every element yields exactly one Python value (a dict, list, int or str) through its parse action, so a
clause's meaning is built as it is matched; words that carry no meaning are matched by ``W`` (suppressed)
and are the closed list of pure-syntax tokens the grammar allows ("the", "of", punctuation, ...) — every
other word either produces a value or makes the clause fail.
"""
from __future__ import annotations

import re

import pyparsing as pp

from .prefilter import exact, tag

pp.ParserElement.enable_packrat(cache_size_limit=4096)   # measured: 4096 beats unbounded and none
pp.ParserElement.set_default_whitespace_chars(" ")


def _rx(phrase: str) -> str:
    parts = [re.escape(w) for w in phrase.split()]
    tail = r"(?![\w+/'-])" if re.match(r".*[\w]$", phrase) else ""
    return r"\s+".join(parts) + tail


def W(*phrases: str) -> pp.ParserElement:
    """A pure-syntax phrase (one of several spellings): matched and dropped."""
    return tag(pp.Regex("|".join(f"(?:{_rx(p)})" for p in sorted(phrases, key=len, reverse=True))), phrases).suppress()


def V(phrase: str, value) -> pp.ParserElement:
    """A phrase that stands for ``value``."""
    return tag(pp.Regex(_rx(phrase)), [phrase]).set_parse_action(lambda: [value])


_WORD = re.compile(r"[^\s,.;:\"]+")


class Lookup(pp.Token):
    """Longest phrase of up to N whole words found in a table (a dict look-up instead of a regex alternation of
    hundreds of branches: the type and keyword lists)."""

    def __init__(self, keys):
        super().__init__()
        self.keys = frozenset(keys)
        self.maxw = max(len(k.split()) for k in self.keys)
        self.mayReturnEmpty = False
        self.mayIndexError = False
        self.errmsg = "expected a known phrase"

    def _generateDefaultName(self):
        return "Lookup"

    def parseImpl(self, instring, loc, do_actions=True):
        ends = []
        pos = loc
        for _ in range(self.maxw):
            m = _WORD.match(instring, pos)
            if not m:
                break
            ends.append(m.end())
            if m.end() < len(instring) and instring[m.end()] == " ":
                pos = m.end() + 1
            else:
                break
        for end in reversed(ends):
            phrase = instring[loc:end]
            if phrase in self.keys:
                return end, phrase
        raise pp.ParseException(instring, loc, self.errmsg, self)


def choice(table: dict) -> pp.ParserElement:
    """Longest-first alternatives phrase -> value (word phrases by look-up, others by regex)."""
    norm = {re.sub(r"\s+", " ", k): v for k, v in table.items()}
    simple = [k for k in norm if _WORD.fullmatch(k.replace(" ", "x"))]
    other = sorted((k for k in norm if k not in simple), key=len, reverse=True)
    parts = []
    if other:
        parts.append(tag(pp.Regex("|".join(f"(?:{_rx(k)})" for k in other)), other))
    if simple:
        parts.append(tag(Lookup(simple), simple))
    el = parts[0] if len(parts) == 1 else pp.MatchFirst(parts)
    return el.set_parse_action(lambda t: [norm[re.sub(r"\s+", " ", t[0])]])



# keys whose values accumulate when two words state them ("noncreature, nonland card": both types excluded)
_ACCUMULATE = frozenset({"not_types", "not_subtypes", "not_supertypes", "not_colors"})


def merge(toks) -> dict:
    out: dict = {}
    for t in toks:
        if not isinstance(t, dict):
            continue
        for k, v in t.items():
            if k in _ACCUMULATE and k in out and out[k] != v:
                old = out[k]
                out[k] = (old + "".join(c for c in v if c not in old) if isinstance(old, str) and isinstance(v, str)
                          else list(old) + [x for x in v if x not in old])
            else:
                out[k] = v
    return out




SELF = pp.Literal("~").set_parse_action(lambda: ["self"])
PERIOD = pp.Literal(".").suppress()
COMMA = pp.Literal(",").suppress()

_NUMBERS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
            "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fifteen": 15,
            "twenty": 20, "x": "X"}
WORDNUM = choice(_NUMBERS)
DIGITS = pp.Regex(r"\d+(?![\w/])").set_parse_action(lambda t: [int(t[0])])
NUM = DIGITS | WORDNUM
NUM_ONLY = DIGITS | choice({k: v for k, v in _NUMBERS.items() if k not in ("a", "an")})

MANA_COST = pp.Regex(rf"(?:\{{(?:\d+|[wubrgcxs]|[wubrg2]/[wubrgp]|h[wubrg])\}})+").set_parse_action(
    lambda t: [t[0].upper()])
PT = pp.Regex(r"([+-]?)(\d+|x)/([+-]?)(\d+|x)").set_parse_action(
    lambda t: [[_pt(t[0].split("/")[0]), _pt(t[0].split("/")[1])]])
SIGNED_PT = pp.Regex(r"[+-](?:\d+|x)/[+-](?:\d+|x)").set_parse_action(
    lambda t: [[_pt(t[0].split("/")[0]), _pt(t[0].split("/")[1])]])


def _pt(s: str):
    sign = -1 if s.startswith("-") else 1
    s = s.lstrip("+-")
    if s == "x":
        return "X" if sign > 0 else "-X"
    return sign * int(s)


class _EndOfText(pp.Token):
    """The end of the parsed text (what ``parse_all`` checks), as an element a failure can be traced to."""

    def __init__(self):
        super().__init__()
        self.errmsg = "expected the end of the text"

    def parseImpl(self, instring, loc, do_actions=True):
        if loc < len(instring):
            raise pp.ParseException(instring, loc, self.errmsg, self)
        return loc, []


_END = _EndOfText()
_WHOLE: dict = {}           # id(expr) -> (expr, expr + _END)


def parse_or_fail_at(expr: pp.ParserElement, text: str):
    """(value, None) when ``text`` parses completely, else (None, where the parse stopped)."""
    whole = _WHOLE.get(id(expr))
    if whole is None:
        whole = _WHOLE[id(expr)] = (expr, expr + _END)
    try:
        r = whole[1].parse_string(text)
    except pp.ParseException as e:
        if e.parser_element is _END:    # ``expr`` read a prefix: it stops there with or without the filter
            return None, e.loc
        # a failure inside ``expr``: the word pre-filter (prefilter.py) keeps what parses, not where a failed
        # choice stops (its deepest alternative may be one it skipped), so that is measured without the filter
        with exact():
            try:
                r = expr.parse_string(text, parse_all=True)
            except pp.ParseException as e2:
                return None, e2.loc
    return (r[0] if len(r) == 1 else list(r)), None


def parse_all(expr: pp.ParserElement, text: str):
    """Parse ``text`` completely (all-or-nothing) and return the single value, or None."""
    try:
        r = expr.parse_string(text, parse_all=True)
    except pp.ParseException:
        return None
    return r[0] if len(r) == 1 else list(r)


class Dispatch(pp.ParseElementEnhance):
    """Ordered choice indexed by the first word: only the alternatives that can start with that word are tried
    (then the ``default`` ones).  Same result as one MatchFirst over all, many fewer attempts."""

    prefilter_pass = True       # needs the words all its alternatives need (prefilter.required)

    def __init__(self, by_word: dict, default: list):
        self.by_word = {w: pp.MatchFirst(alts) if len(alts) > 1 else alts[0] for w, alts in by_word.items()}
        self.default = pp.MatchFirst(default) if default else None
        allx = list(self.by_word.values()) + ([self.default] if self.default is not None else [])
        super().__init__(pp.MatchFirst(allx))
        self.mayReturnEmpty = False

    def _generateDefaultName(self):
        return "Dispatch"

    def streamline(self):
        super().streamline()
        for e in self.by_word.values():
            e.streamline()
        if self.default is not None:
            self.default.streamline()
        return self

    def parseImpl(self, instring, loc, do_actions=True):
        while loc < len(instring) and instring[loc] == " ":
            loc += 1
        m = _WORD.match(instring, loc)
        alt = self.by_word.get(m.group(0)) if m else None
        if alt is not None:
            try:
                return alt._parse(instring, loc, do_actions)
            except pp.ParseException:
                if self.default is None:
                    raise
        if self.default is None:
            raise pp.ParseException(instring, loc, "no clause starts so", self)
        return self.default._parse(instring, loc, do_actions)


def guard(cond, action):
    """A parse action that fails the match unless ``cond(tokens)``, else returns ``action(tokens)``."""
    def act(s, loc, t):
        if not cond(t):
            raise pp.ParseException(s, loc, "condition not met")
        return action(t)
    return act
