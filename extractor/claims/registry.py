"""The finder registry: every claim family module registers its finders here.

A *finder* reads one sentence (with the example's :class:`~extractor.claims.context.Context`) and returns
:class:`Found` readings.  Finders run in ascending ``priority``; a reading may carry the ``span`` of the
sentence (in ``Sentence.norm``) it was read from.  Readings are listed by the finders'
``order`` (default: the priority), so a finder may run early to claim its spans and still be listed
later.  A finder registered with ``claims=True`` *claims* the
spans of its readings: a later finder's reading whose span overlaps a claimed span is dropped (the phrase
was already read as something more specific: '追加でもう1回誘発する' is an extra trigger, so the '1回誘発する'
inside it is not also a plain count).  A reading without a span claims nothing and is never dropped.

Registering a new claim kind's reader (module ``extractor/claims/<family>.py``)::

    from extractor.claims.registry import Found, compile_patterns, register

    PATTERNS = compile_patterns({"no_damage": r"ダメージを与えない"})

    @register("no_damage", priority=95, needs=("ダメージ",))
    def find_no_damage(s, si, ctx):
        return [Found("no_damage", {}, {"damage": 0}, None, m.span()) for m in PATTERNS["no_damage"].finditer(s.norm)]

and name the module in the kind's record of ``extractor/data/claim_kinds.yaml`` (``reader: [<family>]``): the
extractor imports the reader modules the declarations name (the import registers the finders).
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Callable, NamedTuple


class Found(NamedTuple):
    kind: str
    situation: dict[str, Any]
    outcome: dict[str, Any]
    subject: str | None
    span: tuple[int, int] | None = None     # where in Sentence.norm the reading was made


FinderFn = Callable[..., list[Found]]       # (sentence, sentence index, context) -> readings


@dataclass(frozen=True)
class Finder:
    name: str
    kinds: tuple[str, ...]                  # the claim kinds it can produce
    priority: int                           # lower runs first
    fn: FinderFn
    claims: bool = False                    # its readings' spans are taken from later finders
    order: int | None = None                # where its readings are listed (default: priority)
    needs: tuple[str, ...] = ()             # literals one of which every reading's phrase contains

    @property
    def can_match(self) -> Callable[[str], Any]:
        """``can_match(norm)``: whether a sentence holds one of the ``needs`` literals (always, without any)."""
        if not self.needs:
            return lambda norm: True
        return re.compile("|".join(map(re.escape, self.needs))).search


@dataclass
class Registry:
    finders: list[Finder] = field(default_factory=list)
    # per ``kinds`` argument of :meth:`read`: the finders that run, each with its ``needs`` check
    _plans: dict[frozenset[str] | None, _Plan] = field(default_factory=dict)

    def add(self, finder: Finder) -> None:
        if any(f.name == finder.name for f in self.finders):
            raise ValueError(f"a claim finder named {finder.name!r} is already registered")
        self.finders.append(finder)
        self.finders.sort(key=lambda f: (f.priority, f.name))
        self._plans.clear()

    def _plan(self, kinds: frozenset[str] | None) -> _Plan:
        plan = self._plans.get(kinds)
        if plan is None:
            plan = self._plans[kinds] = _Plan([(f, f.can_match, _need_keys(f.needs)) for f in self.finders
                                               if kinds is None or not kinds.isdisjoint(f.kinds)])
        return plan

    def read(self, s, si: int, ctx, kinds: frozenset[str] | None = None) -> list[Found]:
        """All readings of one sentence, in finder order, overlaps with claimed spans dropped.  A reading made
        inside a 「…」 quote is someone's words (a card's text, a cited phrase), not the sentence's outcome: only
        the ``card_text`` reader may read there.  ``kinds``: run only the finders that can produce one of
        these (the other finders' claimed spans then drop nothing: a superset of those kinds' readings)."""
        taken: list[tuple[int, int]] = []
        quotes = [m.span() for m in _QUOTE.finditer(s.norm)]
        out: list[tuple[int, int, Found]] = []
        norm = s.norm
        for f, can_match in self._plan(kinds).candidates(norm):
            if not can_match(norm):
                continue                    # none of its phrases can match: skip the patterns
            for found in f.fn(s, si, ctx):
                sp = found.span
                if sp is not None and any(a < sp[1] and sp[0] < b for a, b in taken):
                    continue
                if sp is not None and found.kind != "card_text" and any(a <= sp[0] and sp[1] <= b for a, b in quotes):
                    continue
                if f.claims and sp is not None:
                    taken.append(sp)
                out.append((f.priority if f.order is None else f.order, len(out), found))
        return [found for _, _, found in sorted(out, key=lambda t: t[:2])]


_QUOTE = re.compile(r"「[^「」]*」")


class _Plan:
    """The finders that run for one ``kinds`` argument, in order, with each finder's ``needs`` check, and an index
    of their key characters (:func:`_need_keys`): a sentence's candidates are the finders filed under one of its
    characters (and those without keys) — the same finders, in the same order, as a key test per finder."""

    def __init__(self, rows: list[tuple[Finder, Callable[[str], Any], frozenset[str] | None]]):
        self.rows = [(f, can_match) for f, can_match, _keys in rows]
        self.always = [i for i, (_f, _c, keys) in enumerate(rows) if keys is None]
        self.by_char: dict[str, list[int]] = {}
        for i, (_f, _c, keys) in enumerate(rows):
            for ch in keys or ():
                self.by_char.setdefault(ch, []).append(i)
        self.keys = frozenset(self.by_char)

    def candidates(self, norm: str) -> list[tuple[Finder, Callable[[str], Any]]]:
        """The finders (with their ``needs`` check) whose key characters ``norm`` holds one of, in finder order."""
        at = set(self.always)
        for ch in self.keys.intersection(norm):
            at.update(self.by_char[ch])
        return [self.rows[i] for i in sorted(at)]


def _need_keys(needs: tuple[str, ...]) -> frozenset[str] | None:
    """One character of each ``needs`` literal (its highest code point: kanji and katakana before kana): a
    sentence holding none of them holds none of the literals, and its ``can_match`` search is skipped."""
    return frozenset(max(n) for n in needs) if needs and all(needs) else None


REGISTRY = Registry()


def register(*kinds: str, priority: int, claims: bool = False, order: int | None = None,
             needs: tuple[str, ...] = (), registry: Registry = REGISTRY):
    """Decorator: register a finder producing ``kinds`` at ``priority``; ``claims``: its readings' spans
    are its own; ``order``: where its readings are listed among a sentence's (default: ``priority``);
    ``needs``: literals one of which each of its patterns requires (a sentence with none is not read)."""
    def deco(fn: FinderFn) -> FinderFn:
        registry.add(Finder(fn.__name__, tuple(kinds), priority, fn, claims, order, tuple(needs)))
        return fn
    return deco


def compile_patterns(mapping: dict[str, str]) -> dict[str, re.Pattern]:
    """A family's phrase patterns, by name (the module-level ``PATTERNS``)."""
    out = {}
    for name, pat in mapping.items():
        try:
            out[name] = re.compile(pat)
        except re.error as e:
            raise ValueError(f"claim pattern {name!r}: {e}") from e
    return out
