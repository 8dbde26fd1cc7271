"""The honesty checks every clause family's tests make on its constructions (issue 21): the line compiles
supported, and the line with a meaningless clause added is never supported (nor parsed, where the family's
grammar reads whole lines)."""
from __future__ import annotations

from engine.oracle.compile import compile_face

ADDED_CLAUSE = " unless you flimwick."


def assert_supported(face: dict) -> None:
    c = compile_face(face)
    assert c.supported, (face["text"], c.reason, c.behaviour)


def assert_added_clause_rejected(face_of, line: str, parsed_too: bool = True) -> None:
    """``face_of(text)`` is the family's face; the line gets a clause nothing reads."""
    c = compile_face(face_of(line.rstrip(".") + ADDED_CLAUSE))
    assert not c.supported and not (parsed_too and c.parsed), line


def assert_line_family(face_of, *lines: str, parsed_too: bool = True) -> None:
    """Each line compiles supported on the family's face, and with a meaningless clause added it never is."""
    for line in lines:
        assert_supported(face_of(line))
        assert_added_clause_rejected(face_of, line, parsed_too)
