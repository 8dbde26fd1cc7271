"""Evolve (702.100): "Whenever a creature you control enters, if that creature's power is greater than this
creature's power and/or that creature's toughness is greater than this creature's toughness, put a +1/+1
counter on this creature."  The comparison is an intervening "if" (603.4, 702.100b): checked as the ability
triggers and again as it resolves (with the entering creature's last known information if it has left)."""
from __future__ import annotations

from ... import vocabulary as V


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
             "effects": [{"put_counters": {"to": "self", "kind": "+1/+1", "n": 1}}]}]
