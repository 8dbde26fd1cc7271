"""404.1 / 400.1: "return a creature card from your graveyard to your hand" chooses a card in the graveyard,
never a permanent on the battlefield (the compiled effect carries its zone).  A made-up card, compiled by the
Oracle compiler and run by the engine, with a wrong twin that must fail."""
from __future__ import annotations

import pytest

from engine.oracle.compile import compile_face
from test_breadth import _forget, both, card  # noqa: F401  (_forget: the autouse fixture)


def _raiser(text):
    c = compile_face({"name": "RG Raiser", "text": text, "types": ["Sorcery"]})
    assert c.supported, (c.reason, c.behaviour)
    return c, card("RG Raiser", ("Sorcery",), c.behaviour)


def _giant():
    return card("RG Giant", pt=(3, 3))


@pytest.mark.parametrize("text, zone, back, stays", [
    # the card comes from the graveyard, not the battlefield
    ("Return a creature card from your graveyard to your hand.", "graveyard", "Grizzly Bears", "RG Giant"),
    # a chosen permanent still comes from the battlefield
    ("Return a creature you control to its owner's hand.", None, "RG Giant", "Grizzly Bears")])
def test_where_the_returned_object_is_chosen(text, zone, back, stays):
    c, raiser = _raiser(text)
    assert c.behaviour["spell"]["effects"][0]["return_to_hand"].get("zone") == zone
    z = {"you": {"hand": ["RG Raiser"], "graveyard": ["Grizzly Bears"], "battlefield": ["RG Giant"]}}
    before = {"Grizzly Bears": "graveyard", "RG Giant": "battlefield"}
    both([raiser, _giant()], z, [{"cast": "RG Raiser"}, {"resolve": "all"}],
         [{"zone": {"card": back, "zone": "hand"}}, {"zone": {"card": stays, "zone": before[stays]}}],
         [{"zone": {"card": stays, "zone": "hand"}}])


def test_an_opponents_graveyard_card_is_not_yours_to_return():
    c, raiser = _raiser("Return a creature card from your graveyard to your hand.")
    z = {"you": {"hand": ["RG Raiser"]}, "opponent": {"graveyard": ["Grizzly Bears"]}}
    both([raiser, _giant()], z, [{"cast": "RG Raiser"}, {"resolve": "all"}],
         [{"zone": {"card": "Grizzly Bears", "zone": "graveyard"}}],
         [{"zone": {"card": "Grizzly Bears", "zone": "hand"}}])
