"""Combat trigger events (508.3, 509.3): "blocks", "becomes blocked", "attacks alone"; exalted (702.83)."""
from __future__ import annotations

from ... import vocabulary as V


def _event(kind, doc):
    def match(g, t, ev, src, subj, sc):
        return ev.kind == kind
    match.__doc__ = doc
    V.event(kind)(match)


for _k, _d in (("blocks", "509.3a: a creature is declared as a blocker (`object` filters the blocker)."),
               ("becomes_blocked", "509.3c: an attacking creature becomes blocked."),
               ("attacks_alone", "506.5 / 508.3a: a creature attacks alone (the only creature declared as an attacker).")):
    _event(_k, _d)


@V.event("attacks_or_blocks")
def _attacks_or_blocks(g, t, ev, src, subj, sc):
    """508.3a / 509.3a: a creature attacks or blocks."""
    return ev.kind in ("attacks", "blocks")


@V.keyword_ability("exalted", "702.83")
def exalted():
    """702.83a: whenever a creature you control attacks alone, it gets +1/+1 until end of turn (each instance
    triggers separately)."""
    return [{"event": "attacks_alone", "name": "exalted", "object": {"controller": "you"}, "targets": [],
             "effects": [{"pump": {"affected": "event", "pt": [1, 1]}}]}]
