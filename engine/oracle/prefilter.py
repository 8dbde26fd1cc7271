"""Word pre-filter for the grammar's ordered choices (speed only: issue 21, "Performance").

Every phrase the grammar matches literally (``base.W`` / ``base.V`` phrases, ``pp.Literal``) names words that a
line must contain for the phrase to match.  ``install(*roots)`` derives, for each alternative of each ordered
choice (``pp.MatchFirst``, including the ``Dispatch`` tables) reachable from the roots, the words it cannot match
without (a sequence needs the words of each of its parts, a choice only those all its alternatives share), and
makes the choice skip an alternative when one of its words is absent from the rest of the line.  A skipped
alternative is one that would have failed, so what parses, and to which value, is unchanged: the data stays the
grammar, no word list is written by hand.

Only the place where a failed parse stops can differ (a choice reports its deepest failing alternative, and a
skipped one is not measured): ``exact()`` turns the word filter off for the parse that measures it
(``base.parse_or_fail_at``).  One check stays on in both modes, as it keeps that place too: an alternative that
opens with a phrase (``W``/``V``) is skipped when the phrase's own regex does not match where the choice
starts — it would fail right there, where every alternative's failure is.
"""
from __future__ import annotations

from contextlib import contextmanager

import pyparsing as pp

_ON = [True]
_MAX_WORDS = 3          # the longest (most telling) required words checked per alternative
_PASS = (pp.Suppress, pp.Group, pp.Combine, pp.OneOrMore, pp.Forward)


@contextmanager
def exact():
    """The grammar without the filter (restored after; nested parses keep their own setting)."""
    old = _ON[0]
    _ON[0] = False
    try:
        yield
    finally:
        _ON[0] = old


def _shared(first, others) -> frozenset:
    """The words of ``first`` found inside (a word of) each of ``others``: "draw" of "draw" / "draws"."""
    return frozenset(w for w in first if all(any(w in v for v in o) for o in others))


def tag(el: pp.ParserElement, phrases) -> pp.ParserElement:
    """Record on ``el`` (a regex over literal ``phrases``, any one of them) the words every spelling has."""
    sets = [frozenset(p.split()) for p in phrases]
    el.required_words = _shared(sets[0], sets[1:]) if sets else frozenset()
    return el


def required(el, memo: dict, stack: set) -> frozenset:
    """The words ``el`` cannot match without (case-sensitive substrings of the text it matches; a choice needs
    a word when each alternative needs it or a longer word containing it)."""
    k = id(el)
    if k in memo:
        return memo[k]
    if k in stack:                          # a recursive Forward: nothing assumed
        return frozenset()
    stack.add(k)
    words = getattr(el, "required_words", None)
    if words is None:
        words = frozenset()
        if type(el) is pp.Literal and el.match:
            words = frozenset([el.match])
        elif type(el) is pp.And:
            words = frozenset().union(*(required(e, memo, stack) for e in el.exprs))
        elif isinstance(el, (pp.MatchFirst, pp.Or)) and el.exprs:
            alts = [required(e, memo, stack) for e in el.exprs]
            words = _shared(alts[0], alts[1:])
        elif (type(el) in _PASS or getattr(el, "prefilter_pass", False)) and el.expr is not None:
            words = required(el.expr, memo, stack)
    stack.discard(k)
    memo[k] = words
    return words


def _checks(words: frozenset) -> tuple:
    return tuple(sorted(words, key=lambda w: (-len(w), w))[:_MAX_WORDS])


def _spaces_only(el) -> bool:
    return not el.skipWhitespace or set(el.whiteChars) <= {" "}


def _lead(el):
    """The ``match`` of the phrase regex ``el`` must open with (matched where the choice starts), or None."""
    while True:
        if not _spaces_only(el):
            return None
        if type(el) is pp.And and el.exprs:
            el = el.exprs[0]
        elif type(el) is pp.Suppress and el.expr is not None:
            el = el.expr
        else:
            break
    if type(el) is pp.Regex and getattr(el, "required_words", None) is not None:
        return el.re.match
    return None


class FilteredFirst(pp.MatchFirst):
    """``pp.MatchFirst`` that skips alternatives whose required words are absent at or after the parse point."""

    def parseImpl(self, instring, loc, do_actions=True):
        reqs = self.__dict__.get("_reqs")
        if reqs is None or reqs[0] is not self.exprs:
            return super().parseImpl(instring, loc, do_actions)
        by_words = _ON[0]
        at_word = instring[loc:loc + 1] != " "     # the lead phrase would be matched right here
        deepest = None
        for e, words, lead in zip(self.exprs, reqs[1], reqs[2]):
            if lead is not None and at_word and lead(instring, loc) is None:
                continue
            if by_words and words:
                find = instring.find
                if any(find(w, loc) < 0 for w in words):
                    continue
            try:
                return e._parse(instring, loc, do_actions)
            except pp.ParseFatalException:
                raise
            except pp.ParseException as err:
                if deepest is None or err.loc > deepest.loc:
                    deepest = err
            except IndexError:
                err = pp.ParseException(instring, len(instring), e.errmsg, self)
                if deepest is None or err.loc > deepest.loc:
                    deepest = err
        raise deepest if deepest is not None else pp.ParseException(instring, loc, self.errmsg, self)


def _children(el):
    if isinstance(el, pp.ParseExpression):
        return el.exprs
    if isinstance(el, pp.ParseElementEnhance) and el.expr is not None:
        return [el.expr]
    return []


def install(*roots) -> int:
    """Filter every ordered choice reachable from ``roots`` (streamlined first, so their alternatives are
    final); returns how many choices were given a filter."""
    for r in roots:
        r.streamline()
    memo: dict = {}
    seen, todo, n = set(), list(roots), 0
    while todo:
        el = todo.pop()
        if id(el) in seen:
            continue
        seen.add(id(el))
        todo.extend(_children(el))
        if type(el) is pp.MatchFirst and len(el.exprs) > 1:
            checks = [_checks(required(e, memo, set())) for e in el.exprs]
            leads = [_lead(e) for e in el.exprs] if _spaces_only(el) else [None] * len(el.exprs)
            if any(checks) or any(x is not None for x in leads):
                el.__class__ = FilteredFirst
                el._reqs = (el.exprs, checks, leads)
                n += 1
    return n
