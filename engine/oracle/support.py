"""Which parts of a compiled behaviour the engine cannot run yet: the engine's own vocabulary answers.

``unhandled(behaviour) -> list[str]`` (empty = the engine runs all of it) is ``engine.vocabulary.unhandled``:
the registries the engine's handlers fill (effects with their argument keys, player and object words, value
forms and their arguments, filter keys and values, events, conditions, statics, keywords, target kinds), so a
new handler makes the faces that need it supported without a second list here.
"""
from __future__ import annotations

from .. import game  # noqa: F401  (the rules modules fill the vocabulary that answers)
from ..vocabulary import unhandled

__all__ = ["unhandled"]
