"""The characters every match of a regular expression contains: a prefilter that never changes a result.

``needed_chars(rx)`` reads the pattern's parse tree (the ``re`` module's own parser) and returns the set of
characters that each match of ``rx`` must contain: literals outside optional parts, and those common to all
alternatives of a branch.  A text lacking one of them has no match, so ``rx.finditer(text)`` may be skipped
(``needed <= set(text)`` is one C-level subset test, far cheaper than a regex scan that fails).  Anything the
reader is not sure of (a case-insensitive part, a look-around, a back-reference, a conditional group, a
character class) needs nothing: the set is always a subset of what is truly needed (possibly empty).
"""
from __future__ import annotations

import re

try:                                            # CPython's regex parser (3.11+: re._parser; before: sre_parse)
    from re import _constants as _c, _parser as _p
except ImportError:                             # pragma: no cover - Python 3.10
    try:
        import sre_constants as _c
        import sre_parse as _p
    except ImportError:                         # other Pythons: no prefilter
        _c = _p = None
_REPEATS = tuple(getattr(_c, name) for name in ("MAX_REPEAT", "MIN_REPEAT", "POSSESSIVE_REPEAT") if hasattr(_c, name))
_ATOMIC = getattr(_c, "ATOMIC_GROUP", None)


def needed_chars(rx: re.Pattern | str) -> frozenset[str]:
    """The characters every match of ``rx`` contains (empty when none is certain)."""
    if _p is None:
        return frozenset()
    pattern = rx.pattern if isinstance(rx, re.Pattern) else rx
    flags = rx.flags if isinstance(rx, re.Pattern) else 0
    if not isinstance(pattern, str):
        return frozenset()
    try:
        tree = _p.parse(pattern, flags)
    except re.error:
        return frozenset()
    if tree.state.flags & re.IGNORECASE:
        return frozenset()
    return frozenset(_needed(tree))


def _needed(items) -> set[str]:
    out: set[str] = set()
    for op, av in items:
        if op is _c.LITERAL:
            out.add(chr(av))
        elif op is _c.SUBPATTERN:
            _group, add_flags, _del_flags, sub = av
            if not add_flags & re.IGNORECASE:
                out |= _needed(sub)
        elif _ATOMIC is not None and op is _ATOMIC:
            out |= _needed(av)
        elif op in _REPEATS:
            low, _high, sub = av
            if low >= 1:
                out |= _needed(sub)
        elif op is _c.BRANCH:
            _, alternatives = av
            common = None
            for alt in alternatives:
                need = _needed(alt)
                common = need if common is None else common & need
            out |= common or set()
        # IN, NOT_LITERAL, ANY, AT, CATEGORY, ASSERT, ASSERT_NOT, GROUPREF, GROUPREF_EXISTS: nothing certain
    return out


class NeedIndex:
    """Which of a list of patterns a text may match, by their :func:`needed_chars`: each pattern is filed under
    one character it needs (the highest code point: kanji and katakana before kana, the rarer ones), so a text
    is tested only against the patterns filed under its own characters (and those that need nothing), instead
    of a subset test per pattern.  :meth:`candidates` gives the same indices, in the same (list) order, as
    ``[i for i, need in enumerate(needs) if need <= set(text)]``."""

    def __init__(self, needs: list[frozenset[str]]):
        self.needs = list(needs)
        self.always = [i for i, need in enumerate(self.needs) if not need]
        self.by_char: dict[str, list[int]] = {}
        for i, need in enumerate(self.needs):
            if need:
                self.by_char.setdefault(max(need), []).append(i)
        self.keys = frozenset(self.by_char)

    def candidates(self, chars: set[str] | frozenset[str]) -> list[int]:
        """Indices (ascending) of the patterns whose every needed character is in ``chars``."""
        out = list(self.always)
        needs = self.needs
        for ch in self.keys.intersection(chars):
            out += [i for i in self.by_char[ch] if needs[i] <= chars]
        out.sort()
        return out
