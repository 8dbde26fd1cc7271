"""Opening-hand actions (103.6, engine/game/mechanics/opening_hand.py): a Leyline in a player's opening hand may
begin the game on the battlefield (scenario action `begin_game`), without entering during the game."""
from __future__ import annotations

import engine.game  # noqa: F401 — the mechanics' registrations
from engine.cardbase import CardTable
from family_honesty import assert_added_clause_rejected, assert_line_family
from simrun import as_, run_on  # noqa: F401  (as_ is a fixture)

OX, BEAR = "Yoked Ox", "Grizzly Bears"
TABLE = CardTable.bundled()
LEY = {"statics": [{"begin_on_battlefield": True}],
       "triggers": [{"event": "enters", "object": {"self": True}, "targets": [], "effects": [{"gain_life": 3}]}]}


def test_each_player_may_begin_the_game_with_it_on_the_battlefield(as_):
    as_(OX, LEY)
    run_on(TABLE, {"zones": {"you": {"hand": [OX, OX, BEAR]}, "opponent": {"hand": [OX]}},
                   "actions": [{"choose": {"may": "yes"}}, {"choose": {"may": "no"}}, {"choose": {"may": "yes"}, "by": "opponent"},
                               {"begin_game": True}],
                   "expect": [{"count": {"player": "you", "zone": "battlefield", "card": OX, "n": 1}},
                              {"count": {"player": "you", "zone": "hand", "n": 2}},
                              {"count": {"player": "opponent", "zone": "battlefield", "card": OX, "n": 1}},
                              {"life": {"you": 20, "opponent": 20}},        # not entering during the game
                              {"illegal": {"action": {"begin_game": True}, "message": "already begun"}}]})


def test_without_the_ability_the_card_stays_in_hand(as_):
    as_(OX, {"statics": [], "triggers": LEY["triggers"]})
    run_on(TABLE, {"zones": {"you": {"hand": [OX]}}, "actions": [{"begin_game": True}],
                   "expect": [{"count": {"player": "you", "zone": "battlefield", "n": 0}}]})


def _face(text):
    return {"name": "Leyline of Tests", "text": text, "types": ["Enchantment"], "type": "Enchantment"}


def test_leyline_line_compiles_and_mutants_do_not():
    line = "If Leyline of Tests is in your opening hand, you may begin the game with it on the battlefield."
    assert_line_family(_face, line)
    assert_added_clause_rejected(_face, line.replace("opening hand", "graveyard"))
