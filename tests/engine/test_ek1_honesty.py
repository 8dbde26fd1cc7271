"""Honesty for the keyword families of issue 21 group ek1: real faces with modular, afterlife, fabricate, renown,
fading, vanishing, exploit, extort, annihilator, rampage, dredge, devour … are supported; a mutant with a meaningless
clause or a replaced keyword is never supported; a changed number changes the behaviour."""
from __future__ import annotations

import json
from functools import lru_cache

import pytest

from conftest import shared_path
from engine.oracle.compile import compile_face

pytestmark = pytest.mark.shared

CARDS = {"Arcbound Ravager": "Modular 1", "Orzhov Enforcer": "Afterlife 1", "Glint-Sleeve Artisan": "Fabricate 1",
         "Akroan Sergeant": "Renown 1", "Blastoderm": "Fading 3", "Aven Riftwatcher": "Vanishing 3",
         "Ulamog's Crusher": "Annihilator 2", "Stinkweed Imp": "Dredge 5", "Silumgar Butcher": "Exploit",
         "Syndic of Tithes": "Extort", "Gore-House Chainwalker": "Unleash", "Zhur-Taa Goblin": "Riot",
         "Changeling Outcast": "Changeling", "Batterskull": "Living weapon", "Bear Umbra": "Totem armor",
         "Skymarcher Aspirant": "Ascend", "Feaster of Fools": "Devour 2", "Coastal Breach": "Undaunted"}


@lru_cache(maxsize=1)
def _faces() -> dict:
    data = json.loads(shared_path("cards/AtomicCards.json").read_text(encoding="utf-8"))["data"]
    return {n: data[n][0] for n in CARDS}


@pytest.mark.parametrize("name", sorted(CARDS))
def test_family_face_is_supported_and_its_mutants_are_not(name):
    f = _faces()[name]
    kw = CARDS[name]
    assert kw in f["text"], (name, f["text"])
    c = compile_face(f)
    assert c.supported, (name, c.reason)
    added = compile_face(dict(f, text=f["text"].replace(kw, kw + ", then zorblax", 1)))
    assert not added.supported, (name, added.behaviour)
    word = kw.split()[0]
    noun = compile_face(dict(f, text=f["text"].replace(kw, kw.replace(word, "Flimwick"), 1)))
    assert not noun.supported, (name, noun.behaviour)
    if kw[-1].isdigit():                           # a changed number changes the behaviour
        other = kw[:-1] + str(int(kw[-1]) % 9 + 1)
        changed = compile_face(dict(f, text=f["text"].replace(kw, other, 1)))
        assert changed.behaviour != c.behaviour, (name, changed.behaviour)
