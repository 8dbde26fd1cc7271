"""Choosing a card name (201.3, engine/game/mechanics/card_names.py): the chosen name is the spell's or ability's
own, of the card types its text asks for; "cards with that name" read it (discard, search and exile)."""
from __future__ import annotations

import engine.game  # noqa: F401 — the mechanics' registrations
from engine.cardbase import CardTable
from engine.oracle.compile import compile_face
from family_honesty import assert_line_family
from simrun import as_, run_on  # noqa: F401  (as_ is a fixture)

OX, BEAR, NEGATE = "Yoked Ox", "Grizzly Bears", "Negate"
TABLE = CardTable.bundled()
NAMER = {"activated": [{"cost": "{1}", "targets": [{"kind": "player"}], "effects": [
    {"choose_name": {"filter": {"not_types": ["Land"]}}},
    {"discard": {"n": "all", "filter": {"chosen_name": True}, "player": "target"}}]}]}


def _scenario(name, passed=True, **expect):
    return {"zones": {"you": {"battlefield": [OX]}, "opponent": {"hand": [BEAR, BEAR, NEGATE, "Plains"]}},
            "actions": [{"choose": {"name": name}}, {"activate": OX, "ability": 1, "targets": ["opponent"]},
                        {"resolve": "all"}],
            "expect": [{"count": {"player": "opponent", "zone": "hand", "n": expect.get("left", 0)}}]}


def test_the_chosen_name_is_what_the_later_effect_reads(as_):
    as_(OX, NAMER)
    run_on(TABLE, _scenario(BEAR, left=2))          # both Bears discarded, Shock and Plains stay
    run_on(TABLE, _scenario(NEGATE, left=3))


def test_a_name_the_effect_does_not_allow_is_refused(as_):
    as_(OX, NAMER)
    r = run_on(TABLE, _scenario("Plains", left=4), passed=False)        # "a nonland card name" (201.3)
    assert "not the name of a card the effect allows" in r.error


def test_another_spells_name_is_not_read(as_):
    as_(OX, {"activated": [{"cost": "{1}", "targets": [{"kind": "player"}], "effects": [
        {"discard": {"n": "all", "filter": {"chosen_name": True}, "player": "target"}}]}]})
    run_on(TABLE, {"zones": {"you": {"battlefield": [OX]}, "opponent": {"hand": [BEAR]}},
                   "actions": [{"activate": OX, "ability": 1, "targets": ["opponent"]}, {"resolve": "all"}],
                   "expect": [{"count": {"player": "opponent", "zone": "hand", "n": 1}}]})


def _face(text):
    return {"name": "Test Namer", "text": text, "types": ["Sorcery"], "type": "Sorcery"}


def test_card_name_sentences_compile_and_mutants_do_not():
    memo = ("Choose a nonland card name. Search target player's graveyard, hand, and library for any number of "
            "cards with that name and exile them. Then that player shuffles.")
    therapy = "Choose a nonland card name. Target player reveals their hand and discards all cards with that name."
    assert_line_family(_face, memo, therapy)
    assert not compile_face(_face(therapy.replace("card name", "card color"))).parsed
    # "that name" with no name chosen by the same spell: not represented
    assert not compile_face(_face(memo.split(". ", 1)[1])).supported
    land = compile_face(_face(therapy.replace("nonland", "land"))).behaviour
    assert land["spell"]["effects"][0] == {"choose_name": {"filter": {"types": ["Land"]}}}
