"""Prowess (702.108): "whenever you cast a noncreature spell, this creature gets +1/+1 until end of turn"."""
from __future__ import annotations

from ...vocabulary import keyword_ability


@keyword_ability("prowess", "702.108")
def prowess():
    return [{"event": "cast", "name": "prowess", "object": {"not_types": ["Creature"], "controller": "you"},
             "targets": [], "effects": [{"pump": {"affected": "self", "pt": [1, 1]}}]}]
