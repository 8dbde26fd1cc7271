"""Clause family S of issue 21 (statics, replacement, prevention): each construction compiles to a supported
behaviour, a nonsense noun or an added clause makes it unparsed, and a changed number changes the behaviour.
The lines are constructions around a made-up card name ("Quillbeast"), not any card's text."""
from __future__ import annotations

import pytest

from engine.oracle.compile import compile_face
from family_honesty import assert_supported, assert_added_clause_rejected

NAME = "Quillbeast"
LINES = [
    "Quillbeast can't be blocked by blue creatures.",
    "Quillbeast can't be blocked except by creatures with flying or reach.",
    "Quillbeast can't block creatures with power 3 or greater.",
    "Enchanted creature can't be blocked by artifact creatures.",
    "All creatures able to block Quillbeast do so.",
    "Quillbeast must be blocked if able.",
    "Quillbeast can block an additional creature each combat.",
    "Quillbeast enters the battlefield tapped with three charge counters on it.",
    "Quillbeast enters the battlefield with two +1/+1 counters on it if you attacked this turn.",
    "Prevent all damage that would be dealt to Quillbeast by creatures.",
    "Prevent all combat damage that would be dealt by enchanted creature.",
    "You may have Quillbeast enter the battlefield as a copy of any creature on the battlefield.",
    "You may exert Quillbeast as it attacks. When you do, it gets +2/+1 until end of turn.",
    "Skip your draw step.",
    "You have no maximum hand size.",
    "As long as Quillbeast is equipped, it gets +2/+1 and has trample.",
    "As long as there are three or more creature cards in your graveyard, Quillbeast has flying.",
    "{2}: Switch Quillbeast's power and toughness until end of turn.",
    "{3}: Quillbeast has base power and toughness 4/4 until end of turn.",
    "{1}: The next time a green source of your choice would deal damage to you this turn, prevent that damage.",
    "Quillbeast's toughness is equal to the number of Swamps you control.",
    "Quillbeast's power and toughness are each equal to 1 plus the number of Elves you control.",
    "Enchanted creature can't attack or block, and its activated abilities can't be activated.",
    "Soulbond\nAs long as Quillbeast is paired with another creature, each of those creatures gets +3/+1.",
    "As long as Quillbeast is paired with another creature, both creatures have lifelink.",
    "Equipped creature gets +1/+2 and has protection from green and from white.",
    "Quillbeast has first strike as long as it has a +1/+1 counter on it.",
    "As long as equipped creature is a Goblin, it gets an additional +2/+0.",
    "Quillbeast gets +1/+2 as long as an opponent controls a Forest.",
    "As long as you have 4 or less life, other creatures you control get +1/+3.",
    "As long as three or more cards are in your graveyard, Quillbeast gets +2/+1 and can't block.",
    "If damage would be dealt to Quillbeast, prevent that damage. Remove a +1/+1 counter from Quillbeast.",
    "As Quillbeast enters the battlefield, you may reveal a Goblin card from your hand. If you don't, Quillbeast "
    "enters the battlefield tapped.",
    "Quillbeast enters the battlefield with two shield counters on it if you cast it from your hand.",
    "Quillbeast's power is equal to the number of land cards in all graveyards and its toughness is equal to "
    "that number plus 2.",
]
NUMBERED = [x for x in LINES if any(d in x for d in ("2", "3", "two", "three", "1"))]


def _face(text):
    return {"name": NAME, "text": text, "types": ["Creature"], "power": "2", "toughness": "2"}


@pytest.mark.parametrize("line", LINES)
def test_family_line_is_supported(line):
    assert_supported(_face(line))


@pytest.mark.parametrize("line", LINES)
def test_added_clause_is_not_parsed(line):
    assert_added_clause_rejected(_face, line)


@pytest.mark.parametrize("line", LINES)
def test_nonsense_noun_is_not_parsed(line):
    words = [w for w in ("creatures", "creature", "counters", "damage", "source", "toughness", "draw", "hand",
                         "graveyard", "copy", "Swamps", "Elves", "cards") if w in line]
    for w in words:
        c = compile_face(_face(line.replace(w, "zorblax", 1)))
        assert not c.supported, (line, w, c.behaviour)


@pytest.mark.parametrize("line", NUMBERED)
def test_changed_number_changes_behaviour(line):
    swaps = {"3": "4", "2": "5", "1": "6", "three": "four", "two": "five"}
    base = compile_face(_face(line)).behaviour
    for old, new in swaps.items():
        if old in line.replace(NAME, ""):
            changed = compile_face(_face(line.replace(old, new, 1))).behaviour
            assert changed != base, (line, old, new)
            return
    pytest.fail(f"no number in {line}")
