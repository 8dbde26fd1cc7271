"""Oracle compiler: MTGJSON rules text → behaviour data (engine/README.md, new keys in VOCABULARY.md).

Public API: ``compile_face(face) -> Compiled``, ``compile_card(faces) -> list[Compiled]``,
``unhandled(behaviour) -> list[str]`` (support.py), ``coverage(atomic_cards_path)`` (coverage.py).
Imports nothing from kb.
"""
from .compile import Compiled, compile_card, compile_face
from .support import unhandled

__all__ = ["Compiled", "compile_card", "compile_face", "unhandled"]
