"""Group ek (issue 21): trigger conditions of keyword actions and combat, as tables: "whenever you exert a
creature" (701.39a; the `exerted` event of engine/game/mechanics/exert.py)."""
from __future__ import annotations

from .base import V

# 701.39a: a creature its controller exerts (as it attacks, or as a cost)
_EXERT = {"a creature": {"types": ["Creature"], "controller": "you"},
          "one or more creatures": {"types": ["Creature"], "controller": "you"}}
EVENTS = None
for _words, _f in _EXERT.items():
    _e = V(f"you exert {_words}", {"event": "exerted", "object": dict(_f), **({"batch": True} if "more" in _words else {})})
    EVENTS = _e if EVENTS is None else EVENTS | _e
