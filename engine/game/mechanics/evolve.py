"""Evolve (702.100): "Whenever a creature you control enters, if that creature's power is greater than this
creature's power and/or that creature's toughness is greater than this creature's toughness, put a +1/+1
counter on this creature."  The comparison is an intervening "if" (603.4, 702.100b): checked as the ability
triggers and again as it resolves (with the entering creature's last known information if it has left).
702.100d: the creature "evolves" when +1/+1 counters are put on it as its evolve ability resolves — the event
`evolves` ("whenever ~ evolves"), announced by the evolve ability itself (no watcher in games without evolve)."""
from __future__ import annotations

from ... import vocabulary as V
from ..objects import Event


@V.condition("evolves")
def _evolves(g, v, src, ctrl, ev):
    """702.100a: the entering creature has greater power or greater toughness than this creature."""
    subj = ev.subject() if ev is not None else None
    if subj is None or src is None:
        return not v
    a, b = g.chars(subj), g.chars(src)
    return (a.power > b.power or a.toughness > b.toughness) == bool(v)


@V.keyword_ability("evolve", "702.100")
def evolve():
    return [{"event": "enters", "name": "evolve", "object": {"types": ["Creature"], "controller": "you", "other": True},
             "if": {"evolves": True}, "targets": [],
             "effects": [{"evolve_counter": True}]}]


@V.effect("evolve_counter", keys=(), values=())
def evolve_counter(g, arg, ctx):
    """702.100a: put a +1/+1 counter on this creature (after the counter replacements, 614.1a); 702.100d: if any
    was put, it evolves (the event `evolves`)."""
    from .counter_replacements import add_counters
    src = ctx.source
    if src in g.bf and add_counters(g, src, "+1/+1", 1):
        g.log("702.100d", f"{src.name} evolves")
        g.detect([Event("evolves", obj=src)])


@V.event("evolves")
def _evolves_event(g, t, ev, src, subj, sc):
    """702.100d: a creature evolved (`object` filters it: `self` for "whenever ~ evolves")."""
    return ev.kind == "evolves"
