"""Delirium as a CONDITION anywhere a condition is read: "if there are N or more card types among cards in your
graveyard" — an intervening "if" of a triggered ability (603.4), an "if" of a spell's effect (608.2c); the card
types are those of 205.2a (a card with two types counts for both).  Constructions around made-up names, compiled
by the Oracle compiler and run by the engine, each with a wrong twin that must fail."""
from __future__ import annotations

from engine.oracle.compile import compile_face
from test_breadth import _forget, both, card  # noqa: F401  (_forget: the autouse fixture)

_TEXT = ("At the beginning of your upkeep, if there are four or more card types among cards in your graveyard, "
         "you gain 3 life.")


def _compiled(name, text, types=("Enchantment",)):
    c = compile_face({"name": name, "text": text, "types": list(types)})
    assert c.supported, (c.reason, c.behaviour)
    return card(name, types, c.behaviour)


def _cards():
    return [_compiled("DL Omen", _TEXT), card("DL Trinket", ("Artifact",)), card("DL Spark", ("Instant",)),
            card("DL Relic", ("Artifact", "Creature"))]


_UPKEEP = [{"advance": {"turn": 3, "step": "upkeep"}}, {"resolve": "all"}]


def test_603_4_intervening_if_with_four_card_types():
    """603.4 / 205.2a: four card types among the graveyard's cards (creature, land, instant, artifact) — the
    trigger resolves; three types — it does not trigger (life unchanged)."""
    four = {"you": {"battlefield": ["DL Omen"], "graveyard": ["Grizzly Bears", "Forest", "DL Spark", "DL Trinket"]}}
    both(_cards(), four, _UPKEEP, [{"life": {"you": 23}}], [{"life": {"you": 20}}])
    three = {"you": {"battlefield": ["DL Omen"], "graveyard": ["Grizzly Bears", "Forest", "DL Spark", "Island"]}}
    both(_cards(), three, _UPKEEP, [{"life": {"you": 20}}], [{"life": {"you": 23}}])


def test_205_2a_an_artifact_creature_counts_twice():
    """205.2a: an artifact creature card is two card types — with a land and an instant that makes four."""
    z = {"you": {"battlefield": ["DL Omen"], "graveyard": ["DL Relic", "Forest", "DL Spark"]}}
    both(_cards(), z, _UPKEEP, [{"life": {"you": 23}}], [{"life": {"you": 20}}])


def test_the_number_is_read():
    """A changed number is a changed condition (never the same reading)."""
    b = compile_face({"name": "DL Omen", "text": _TEXT, "types": ["Enchantment"]}).behaviour
    m = compile_face({"name": "DL Omen", "text": _TEXT.replace("four", "five"), "types": ["Enchantment"]}).behaviour
    assert b["triggers"][0]["if"] == {"card_types_in_graveyard_at_least": 4}
    assert m["triggers"][0]["if"] == {"card_types_in_graveyard_at_least": 5}
    assert not compile_face({"name": "DL Omen", "text": _TEXT.replace("your graveyard", "your zorblax"),
                             "types": ["Enchantment"]}).supported
