"""Route each normalised line by kind and parse it all-or-nothing; on failure name the first clause that failed
as a SHAPE (numbers, mana, types generalised) so failures can be ranked into a worklist."""
from __future__ import annotations

import re

from .base import parse_all, parse_or_fail_at
from .costs import COST, RESTRICTIONS
from .effects import EFFECTS
from .keywords import KEYWORD_LINE
from .costs_ec import ABILITY_COST_MOD
from .statics_xm import STATIC      # the chain: statics_xm → statics_ev → costs_ec → statics_ea → statics_el → statics_ex → statics_es → statics_s → statics
from .supplementary import STATIC as SUPPLEMENTARY_STATIC, STATIC_STARTS as SUPPLEMENTARY_STARTS
from .trigger_events import once_each_turn
from .triggers import TRIGGER_HEAD

_TRIGGER_START = re.compile(r"^(?:when|whenever|at the beginning|at end of)\b")
_ACTIVATED = re.compile(r"^((?:[^:\"]|\{[^}]*\})+?): (.+)$")
_LOYALTY = re.compile(r"^([+-]?(?:\d+|x)): (.+)$")
_MODAL = re.compile(r"^(.*?)(choose (?:one|two|three|one or both|one or more|any number)(?: that hasn't been chosen)?)"
                    r"(?: at random)? —$")
_ADDITIONAL = re.compile(r"^as an additional cost to cast ~, (.+?)\.?$")

_EXERT = re.compile(r"^you may exert ~ as it attacks\.(?: when you do, (.+))?$")     # 701.39a, 603.12
_SENT_SPLIT = re.compile(r"(?<=\.) (?=[^ ])")


def _memoised(parse):
    """``parse(expr, text)`` once per distinct (grammar, text): a parse depends on nothing else, and the same
    effect, trigger condition or cost recurs under many lines (values are shared, never mutated by callers, as
    ``parse_line``'s are)."""
    done: dict = {}

    def memo(expr, text):
        key = (id(expr), text)          # the grammars are module-level: their ids are never reused
        hit = done.get(key, done)
        if hit is done:
            hit = done[key] = parse(expr, text)
        return hit
    return memo


parse_clause, parse_clause_or_fail_at = _memoised(parse_all), _memoised(parse_or_fail_at)


class Failure(Exception):
    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


_SHAPES = [(re.compile(r"(?:\{[^}]+\})+"), "{M}"), (re.compile(r"[+-]?\d+/[+-]?\d+|[+-]x/[+-]x"), "<P/T>"),
           (re.compile(r"\b(?:\d+|x|one|two|three|four|five|six|seven|a|an)\b(?= \S)"), "<N>"),
           (re.compile(r"\b(?:white|blue|black|red|green)\b"), "<color>")]


def shape(kind: str, text: str) -> str:
    s = text.strip()
    for rx, rep in _SHAPES:
        s = rx.sub(rep, s)
    words = s.split()
    s = " ".join(words[:7]) + (" …" if len(words) > 7 else "")
    return f"{kind}: '{s}'"


def _sentences(text: str) -> list[str]:
    return [s for s in _SENT_SPLIT.split(text.strip()) if s]


def effects(text: str):
    v, at = parse_clause_or_fail_at(EFFECTS, text)
    if v is not None:
        return v
    # EFFECTS is one or more sentences: the parse stops at the start of the first sentence it cannot read.
    rest = text[at:].lstrip(" .,")
    first = _sentences(rest)
    raise Failure(shape("effect", first[0] if first else text))


def _trigger(line: str, modal_tail: str | None = None):
    """603.1: the trigger condition is the LONGEST comma-ended prefix the trigger grammar reads completely, so
    "At the beginning of your upkeep, if …, …" keeps its intervening if (603.4) instead of becoming a condition
    checked on resolution; the rest is the effect.  Commas inside a quoted ability are not candidates."""
    if modal_tail is not None:
        head = parse_clause(TRIGGER_HEAD, line.rstrip(",").strip())
        if head is None:
            raise Failure(shape("trigger", line.split(",")[0]))
        return head, None
    stop = line.find('"')
    commas = [m.start() for m in re.finditer(",", line) if stop < 0 or m.start() < stop]
    for i in reversed(commas):
        head = parse_clause(TRIGGER_HEAD, line[:i])
        if head is not None:
            return head, effects(line[i + 1:].strip())
    raise Failure(shape("trigger", line.split(",")[0]))


def _activated(cost_text: str, rest: str):
    if re.fullmatch(r"[+-]?(?:\d+|x)", cost_text):                   # loyalty ability (606.4)
        cost = {"loyalty": cost_text if "x" in cost_text else int(cost_text)}
    else:
        cost = parse_clause(COST, cost_text)
        if cost is None:
            raise Failure(shape("cost", cost_text))
    # trailing restrictions ("Activate only as a sorcery.")
    sents = _sentences(rest)
    restr: dict = {}
    while sents:
        r = parse_clause(RESTRICTIONS, sents[-1])
        if not r and sents[-1].startswith("this ability costs"):      # 602.2b cost changes (costs_ec.py)
            r = parse_clause(ABILITY_COST_MOD, sents[-1])
        if r and sents[-1].startswith(("activate", "any player", "this ability costs")):
            restr.update(r)
            sents.pop()
        else:
            break
    return cost, effects(" ".join(sents)), restr


# every grammar a line is parsed with (compile.py gives them the word pre-filter, prefilter.py)
GRAMMARS = (EFFECTS, STATIC, SUPPLEMENTARY_STATIC, TRIGGER_HEAD, KEYWORD_LINE, COST, RESTRICTIONS, ABILITY_COST_MOD)

_CACHE: dict = {}


def parse_line(line: str, spell_face: bool):
    """-> (kind, value), memoised per distinct line (values are never mutated by callers).  Raises
    Failure(reason)."""
    key = (line, spell_face)
    hit = _CACHE.get(key)
    if hit is None:
        try:
            hit = (True, _parse_line(line, spell_face))
        except Failure as f:
            hit = (False, f.reason)
        _CACHE[key] = hit
    if not hit[0]:
        raise Failure(hit[1])
    return hit[1]


def _parse_line(line: str, spell_face: bool):
    if "\n" in line:
        head, *modes = line.split("\n")
        m = _MODAL.match(head)
        if not m or not all(x.startswith("• ") for x in modes):
            raise Failure(shape("modal", head))
        choose = m.group(2)[len("choose "):]
        parsed = [effects(x[2:]) for x in modes]
        pre = m.group(1).strip()
        if not pre:
            return "modal", {"choose": choose, "modes": parsed}
        if _TRIGGER_START.match(pre):
            h, _ = _trigger(pre, modal_tail=pre)
            return "trigger", (h, [{"modal": {"choose": choose, "modes": parsed}}])
        raise Failure(shape("modal", head))
    am = _ADDITIONAL.match(line)
    if am:
        c = parse_clause(COST, am.group(1))
        if c is None:
            raise Failure(shape("additional cost", am.group(1)))
        return "additional_cost", c
    if _TRIGGER_START.match(line):
        line, once = once_each_turn(line)
        head, eff = _trigger(line)
        return "trigger", ((dict(head, once_per_turn=True) if once else head), eff)
    xm = _EXERT.match(line)
    if xm:
        return "exert", effects(xm.group(1)) if xm.group(1) else None
    lm = _LOYALTY.match(line)
    am = lm or _ACTIVATED.match(line)
    if am and not line.startswith(("as long as", "if ", "as ")):
        return "activated", _activated(am.group(1), am.group(2))
    kw = parse_all(KEYWORD_LINE, line)
    if kw is not None:
        return "keywords", kw
    st = parse_all(STATIC, line)
    if st is None and line.startswith(SUPPLEMENTARY_STARTS):
        st = parse_all(SUPPLEMENTARY_STATIC, line)
    if st is not None:
        return "static", st
    if spell_face:
        return "spell", effects(line)
    # a permanent's line that is no static: name the clause
    raise Failure(shape("static", line))
