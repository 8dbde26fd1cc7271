"""Honesty of the Oracle compiler (nothing swallowed): mutated copies of real cards.

- a meaningless clause added, or a word replaced by a nonsense word → the face never parses (so it is never
  supported);
- a number changed → the compiled behaviour changes (the number was represented, not skipped).
Cards: ../shared/cards/AtomicCards.seed.json and a sample of AtomicCards.json (skipped when absent).
"""
from __future__ import annotations

import json
import re
from functools import lru_cache

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import shared_path
from engine.oracle.compile import compile_face

pytestmark = pytest.mark.shared

NONSENSE = ("zorblax", "flimwick", "quendle", "snorp")
CLAUSES = (" Flarble the snorp.", ", then zorblax", " and quendle target creature", " unless you flimwick")
_REMINDER = re.compile(r"\([^()]*\)")
_WORD = re.compile(r"\b[a-z]{3,}\b")
_NUMBER = re.compile(r"\b(?:[1-9]|one|two|three|four|five|six)\b")
_NEXT = {"1": "2", "2": "3", "3": "4", "4": "5", "5": "6", "6": "7", "7": "8", "8": "9", "9": "1",
         "one": "two", "two": "three", "three": "four", "four": "five", "five": "six", "six": "seven"}


@lru_cache(maxsize=1)
def faces() -> list[dict]:
    seed = json.loads(shared_path("cards/AtomicCards.seed.json").read_text(encoding="utf-8"))["data"]
    full = json.loads(shared_path("cards/AtomicCards.json").read_text(encoding="utf-8"))["data"]
    out = [f for fs in seed.values() for f in fs]
    out += [f for i, fs in enumerate(full.values()) if i % 40 == 0 for f in fs]
    return [f for f in out if (f.get("text") or "").strip()]


@lru_cache(maxsize=1)
def parsed_faces() -> list[dict]:
    return [f for f in faces() if compile_face(f).parsed]


def _spans(text, rx):
    """Matches of rx outside reminder text and outside the card's own name."""
    blocked = [m.span() for m in _REMINDER.finditer(text)]
    return [m for m in rx.finditer(text) if not any(a <= m.start() < b for a, b in blocked)]


def _name_free(face, m):
    name = (face.get("faceName") or face.get("name") or "").lower()
    text = face["text"].lower()
    return not any(a <= m.start() < a + len(name) for a in (i.start() for i in re.finditer(re.escape(name), text))) \
        if name else True


SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(st.data())
def test_added_clause_never_parses(data):
    f = data.draw(st.sampled_from(faces()))
    lines = f["text"].split("\n")
    i = data.draw(st.integers(0, len(lines) - 1))
    clause = data.draw(st.sampled_from(CLAUSES))
    line = lines[i]
    cut = line.rstrip(".") if clause.startswith((",", " and", " unless")) else line
    lines[i] = cut + clause
    mutant = dict(f, text="\n".join(lines))
    c = compile_face(mutant)
    assert not c.parsed and not c.supported, (mutant["text"], c.behaviour)


@SETTINGS
@given(st.data())
def test_nonsense_word_never_parses(data):
    f = data.draw(st.sampled_from(parsed_faces()))
    words = [m for m in _spans(f["text"].lower(), _WORD) if _name_free(f, m)]
    if not words:
        return
    m = data.draw(st.sampled_from(words))
    bad = data.draw(st.sampled_from(NONSENSE))
    text = f["text"][:m.start()] + bad + f["text"][m.end():]
    c = compile_face(dict(f, text=text))
    assert not c.parsed and not c.supported, (text, c.behaviour)


@SETTINGS
@given(st.data())
def test_changed_number_changes_behaviour(data):
    cands = [f for f in parsed_faces() if any(_name_free(f, m) for m in _spans(f["text"].lower(), _NUMBER))]
    f = data.draw(st.sampled_from(cands))
    m = data.draw(st.sampled_from([m for m in _spans(f["text"].lower(), _NUMBER) if _name_free(f, m)]))
    old = f["text"][m.start():m.end()]
    new = _NEXT[old.lower()]
    text = f["text"][:m.start()] + (new.capitalize() if old[0].isupper() else new) + f["text"][m.end():]
    before, after = compile_face(f), compile_face(dict(f, text=text))
    assert after.behaviour != before.behaviour, (f["text"], text, before.behaviour)


def test_sample_is_large_enough():
    assert len(faces()) > 400 and len(parsed_faces()) > 100
