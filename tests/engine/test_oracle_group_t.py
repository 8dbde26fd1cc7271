"""Honesty of the group T families (issue 21: triggers, effects, targets and filters), on constructions written
for the test (no card text): each base text compiles to a supported behaviour; a meaningless clause added or any
word replaced by a nonsense word never parses; a changed number changes the compiled behaviour."""
from __future__ import annotations

import re

import pytest

from engine.oracle.compile import compile_face

BASES = [
    ("When Test Card enters the battlefield, clash with an opponent. If you win, put a +1/+1 counter on Test Card.",
     ["Creature"]),
    ("When Test Card enters the battlefield, roll a six-sided die. You gain life equal to the result.", ["Creature"]),
    ("When Test Card enters the battlefield, support 2.", ["Creature"]),
    ("Create a 1/1 white Soldier creature token, then populate.", ["Sorcery"]),
    ("Whenever you cast your second spell each turn, draw a card.", ["Creature"]),
    ("When you control no Islands, sacrifice Test Card.", ["Creature"]),
    ("Whenever Test Card blocks or becomes blocked by a green creature, destroy that creature at end of combat.",
     ["Creature"]),
    ("Draw a card. Untap up to three lands.", ["Instant"]),
    ("Destroy X target artifacts.", ["Sorcery"]),
    ("Whenever a creature attacks you or a planeswalker you control, you gain 1 life.", ["Enchantment"]),
    ("At the beginning of your upkeep, sacrifice Test Card unless you pay {2}.", ["Creature"]),
    ("Whenever one or more other creatures die, draw a card. This ability triggers only once each turn.",
     ["Creature"]),
    ("Target creature you control deals damage equal to its power to target creature you don't control.",
     ["Instant"]),
    ("Test Card deals X damage to target creature, where X is 2 plus the number of artifacts you control.",
     ["Instant"]),
    ("Whenever Test Card deals combat damage to a player, destroy target artifact that player controls.",
     ["Creature"]),
    ("Tap all creatures target player controls.", ["Sorcery"]),
    ("Whenever Test Card and at least two other creatures attack, Test Card gets +2/+2 until end of turn.",
     ["Creature"]),
    ("At the beginning of your end step, if you gained 3 or more life this turn, create a 1/1 white Soldier "
     "creature token.", ["Enchantment"]),
    ("When Test Card enters the battlefield, attach it to target creature you control.", ["Artifact"]),
    ("Whenever you discard a card, Test Card gets +1/+1 until end of turn.", ["Creature"]),
    ("Target creature loses flying until end of turn. Draw a card.", ["Instant"]),
    ("Target creature attacks this turn if able.", ["Sorcery"]),
]
NONSENSE = "zorblax"
_WORD = re.compile(r"\b[a-z]{3,}\b")
_NUMBER = re.compile(r"\b(?:[1-9]|one|two|three|four|five|six)\b")
_NEXT = {"1": "2", "2": "3", "3": "4", "4": "5", "5": "6", "6": "7", "7": "8", "8": "9", "9": "1",
         "one": "two", "two": "three", "three": "four", "four": "five", "five": "six", "six": "seven"}


def _face(text, types):
    return {"name": "Test Card", "text": text, "types": list(types)}


@pytest.mark.parametrize("text,types", BASES, ids=[t[:40] for t, _ in BASES])
def test_base_is_supported(text, types):
    c = compile_face(_face(text, types))
    assert c.supported, (c.reason, c.behaviour)


@pytest.mark.parametrize("text,types", BASES, ids=[t[:40] for t, _ in BASES])
def test_added_clause_never_parses(text, types):
    for mutant in (text + " Flarble the snorp.", text.rstrip(".") + ", then zorblax.",
                   text.rstrip(".") + " unless you flimwick."):
        c = compile_face(_face(mutant, types))
        assert not c.parsed and not c.supported, mutant


@pytest.mark.parametrize("text,types", BASES, ids=[t[:40] for t, _ in BASES])
def test_any_word_replaced_never_supported(text, types):
    body = text.replace("Test Card", "~")
    for m in _WORD.finditer(body):
        mutant = (body[:m.start()] + NONSENSE + body[m.end():]).replace("~", "Test Card")
        c = compile_face(_face(mutant, types))
        assert not c.supported, (mutant, c.behaviour)


@pytest.mark.parametrize("text,types", [b for b in BASES if _NUMBER.search(b[0])], ids=lambda v: str(v)[:40])
def test_changed_number_changes_behaviour(text, types):
    before = compile_face(_face(text, types)).behaviour
    for m in _NUMBER.finditer(text):
        old = m.group(0)
        mutant = text[:m.start()] + _NEXT[old] + text[m.end():]
        after = compile_face(_face(mutant, types)).behaviour
        assert after != before, mutant
