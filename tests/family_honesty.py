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


def family_honesty_tests(face_of, lines: list, nouns: tuple, swaps: dict) -> dict:
    """The four parametrised honesty tests of a family's ``lines`` (each supported; an added clause rejected; a
    noun of ``nouns`` replaced by nonsense never supported; a number of ``swaps`` changed changes the behaviour),
    as module-level test functions: ``globals().update(family_honesty_tests(...))``."""
    import pytest

    numbered = [x for x in lines if any(d in x for d in swaps)]

    @pytest.mark.parametrize("line", lines)
    def test_family_line_is_supported(line):
        assert_supported(face_of(line))

    @pytest.mark.parametrize("line", lines)
    def test_added_clause_is_not_parsed(line):
        assert_added_clause_rejected(face_of, line)

    @pytest.mark.parametrize("line", lines)
    def test_nonsense_noun_is_not_parsed(line):
        for w in [w for w in nouns if f" {w} " in f" {line} "]:
            c = compile_face(face_of(line.replace(f" {w} ", " zorblax ", 1)))
            assert not c.supported, (line, w, c.behaviour)

    @pytest.mark.parametrize("line", numbered)
    def test_changed_number_changes_behaviour(line):
        a = compile_face(face_of(line)).behaviour
        for old, new in ((o, n) for o, n in swaps.items() if o in line):
            b = compile_face(face_of(line.replace(old, new))).behaviour
            assert a != b and b is not None, (line, old)

    return {f.__name__: f for f in (test_family_line_is_supported, test_added_clause_is_not_parsed,
                                    test_nonsense_noun_is_not_parsed, test_changed_number_changes_behaviour)}
