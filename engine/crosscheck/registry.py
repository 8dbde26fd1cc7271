"""The claim kinds the cross-check knows, each one :class:`Kind` record built from its declaration.

A kind says how a claim of it becomes runnable readings (``synthesize``), what the claim states that an
attached scenario must check (``statement``), whether a negated claim can be judged (``negatable``) and
whether every reading must hold (``require_all``).  Every kind is declared once, in
``extractor/data/claim_kinds.yaml`` (:func:`extractor.facts.declared_kinds`): its record names the checker module
``engine/crosscheck/<module>.py`` and the functions there; the first look-up imports those modules and builds
the records (docs/design.md, "Adding a claim kind").  :func:`register` adds a kind made in code (tests).
"""
from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from typing import Any, Callable

from extractor.facts import Claim, DeclaredKind, KindsError, KINDS_FILE, declared_kinds


@dataclass
class Reading:
    """One way of reading the claim's sentence, made runnable.  ``negated``: the claim says the scenario's
    ``triggered`` expectation does *not* hold ('2回は誘発しない'), so a run holds when that check fails."""
    label: str
    scenario: dict
    negated: bool = False


class Skip(Exception):
    """A synthesizer cannot stage the claim; the message says what is missing (the verdict is unsimulable)."""


@dataclass(frozen=True)
class Kind:
    """One claim kind.  ``synthesize(claim, cards) -> list[Reading]`` (raises :class:`Skip`); None with
    ``unsupported`` giving why there is no synthesis yet.  ``statement(claim, scenarios) -> str | None``: what
    the claim states that none of the (attached) scenarios checks.  ``outcome``: fields the kind itself
    fixes (``cannot_counter`` is ``can_counter`` with ``can: false``).  ``require_all(claim)``: every reading
    must hold (the readings are all the choices a player may make, not facts the text leaves open).
    ``stages``: the situation keys the synthesizer stages (fidelity, :func:`engine.crosscheck.verdict.fidelity`):
    any other non-empty situation key makes the verdict unsimulable naming it; ``events``, ``entered`` and
    ``symbols`` not listed here are checked against the scenarios the synthesizer built."""
    name: str
    synthesize: Callable | None = None
    statement: Callable[[Claim, list[dict]], str | None] | None = None
    negatable: bool = False
    require_all: Callable[[Claim], bool] | None = None
    outcome: dict = field(default_factory=dict)
    unsupported: str = ""
    stages: tuple[str, ...] = ()
    prepare: Callable[[Claim], Claim] | None = None     # before stand-ins: a claim's unnamed object as a description
    # before stand-ins, with the card table: a named card as the description of what the kind reads of it
    prepare_cards: Callable[[Claim, Any], Claim] | None = None


_KINDS: dict[str, Kind] = {}
_BUILT: list[bool] = []


def _always(claim: Claim) -> bool:
    return True


def built(d: DeclaredKind) -> Kind:
    """The :class:`Kind` of one declaration: its functions looked up in its checker module."""
    mod = importlib.import_module(f"{__package__}.{d.checker}") if d.checker else None

    def fn(name: str | None) -> Callable | None:
        if name is None:
            return None
        f = getattr(mod, name, None)
        if not callable(f):
            raise KindsError(f"{KINDS_FILE}: {d.name}: engine/crosscheck/{d.checker}.py has no function {name!r}")
        return f
    require_all = _always if d.require_all is True else fn(d.require_all or None)
    return Kind(d.name, fn(d.synthesize), statement=fn(d.statement), negatable=d.negatable, require_all=require_all,
                outcome=dict(d.outcome), unsupported=d.unsupported, stages=d.stages, prepare=fn(d.prepare),
                prepare_cards=fn(d.prepare_cards))


def _build() -> None:
    if _BUILT:
        return
    _BUILT.append(True)                  # (a checker module looking a kind up as it is imported finds it building)
    try:
        made = {d.name: built(d) for d in declared_kinds().values()}
    except BaseException:
        _BUILT.clear()
        raise
    for name, k in made.items():
        _KINDS.setdefault(name, k)


def register(*kinds: Kind) -> None:
    """Add kinds made in code (a test's scratch kind); a declared kind's name is taken."""
    _build()
    for k in kinds:
        if k.name in _KINDS:
            raise ValueError(f"claim kind {k.name!r} is registered twice")
        _KINDS[k.name] = k


def get(name: str) -> Kind | None:
    _build()
    return _KINDS.get(name)


def kinds() -> dict[str, Kind]:
    """Every kind by name: the declared ones, and those registered in code."""
    _build()
    return dict(_KINDS)
