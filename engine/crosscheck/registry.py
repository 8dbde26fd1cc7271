"""The claim kinds the cross-check knows, each one :class:`Kind` record registered by its family module.

A kind says how a claim of it becomes runnable readings (``synthesize``), what the claim states that an
attached scenario must check (``statement``), whether a negated claim can be judged (``negatable``) and
whether every reading must hold (``require_all``).  Adding a kind = one family module calling
:func:`register` (docs/design.md, "Adding a claim kind").
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from extractor.facts import Claim


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


def register(*kinds: Kind) -> None:
    for k in kinds:
        if k.name in _KINDS:
            raise ValueError(f"claim kind {k.name!r} is registered twice")
        _KINDS[k.name] = k


def get(name: str) -> Kind | None:
    return _KINDS.get(name)


def kinds() -> dict[str, Kind]:
    """Every registered kind by name."""
    return dict(_KINDS)
