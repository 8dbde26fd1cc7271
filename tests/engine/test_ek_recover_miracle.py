"""Recover (702.59) and miracle (702.94) (issue 21, group ek; engine/game/mechanics/recover_miracle.py): each
play-out fails if the handler did nothing."""
from __future__ import annotations

import engine.game  # noqa: F401 — the mechanics' registrations
from engine.cardbase import Card, CardTable
from family_honesty import assert_added_clause_rejected, assert_supported
from simrun import as_, run_on  # noqa: F401  (as_ is a fixture)

BEAR = "Grizzly Bears"
REC = "Recovery Spell"
MIR = "Miracle Spell"
TABLE = CardTable(list(CardTable.bundled()) + [
    Card(name=REC, cost="{2}{B}", types=["Sorcery"]), Card(name=MIR, cost="{5}{W}", types=["Sorcery"])])
GAIN5 = {"spell": {"targets": [], "effects": [{"gain_life": 5}]}}


def run(s, passed=True):
    return run_on(TABLE, s, passed)


def test_recover_returns_the_card_when_paid_else_exiles_it(as_):
    as_(REC, dict(GAIN5, recover="{2}{B}"))
    board = {"you": {"battlefield": [BEAR, "Mountain"], "graveyard": [REC]}}
    run({"zones": board, "actions": [{"choose": {"pay": "yes"}}, {"destroy": BEAR}, {"resolve": "all"}],
         "expect": [{"zone": {"card": REC, "zone": "hand"}}]})
    run({"zones": board, "actions": [{"choose": {"pay": "no"}}, {"destroy": BEAR}, {"resolve": "all"}],
         "expect": [{"zone": {"card": REC, "zone": "exile"}}]})
    run({"zones": board, "actions": [{"destroy": "Mountain"}, {"resolve": "all"}],      # not a creature
         "expect": [{"zone": {"card": REC, "zone": "graveyard"}}]})


def test_recover_watches_only_its_owners_graveyard(as_):
    as_(REC, dict(GAIN5, recover="{2}{B}"))
    run({"zones": {"you": {"graveyard": [REC]}, "opponent": {"battlefield": [BEAR]}},
         "actions": [{"destroy": BEAR}, {"resolve": "all"}],
         "expect": [{"zone": {"card": REC, "zone": "graveyard"}}]})


def test_miracle_casts_the_first_card_drawn_for_its_cost(as_):
    as_(MIR, dict(GAIN5, miracle="{W}"))
    lib = {"library": [MIR, "Plains", "Plains"]}
    run({"zones": {"you": lib},
         "actions": [{"choose": {"may": "yes"}}, {"choose": {"may": "yes"}}, {"advance": {"turn": 3, "step": "main1"}},
                     {"resolve": "all"}],
         "expect": [{"life": {"you": 25}}, {"zone": {"card": MIR, "zone": "graveyard"}}]})
    run({"zones": {"you": lib},
         "actions": [{"choose": {"may": "no"}}, {"advance": {"turn": 3, "step": "main1"}}],   # not revealed
         "expect": [{"life": {"you": 20}}, {"zone": {"card": MIR, "zone": "hand"}}]})


def test_miracle_needs_the_first_draw_of_the_turn(as_):
    as_(MIR, dict(GAIN5, miracle="{W}"))
    as_(BEAR, {"activated": [{"cost": "{0}", "targets": [], "effects": [{"draw": 1}]}]})
    run({"zones": {"you": {"library": ["Plains", MIR], "battlefield": [BEAR]}},
         "actions": [{"advance": {"turn": 3, "step": "main1"}}, {"activate": BEAR}, {"resolve": "all"}],
         "expect": [{"life": {"you": 20}}, {"zone": {"card": MIR, "zone": "hand"}}]})


def _face(text):
    return {"name": "Test Face", "text": text, "types": ["Sorcery"], "manaCost": "{2}{B}"}


def test_the_keyword_lines_compile_and_an_added_clause_is_rejected():
    for text in ("Draw two cards.\nRecover {1}{B}", "You gain 5 life.\nMiracle {W}"):
        assert_supported(_face(text))
        assert_added_clause_rejected(_face, text)


# ---------------------------------------------------------------- exert as a cost (701.39a), "whenever you exert"
def test_exert_as_a_cost_keeps_it_tapped_through_the_next_untap_step(as_):
    as_(BEAR, {"activated": [{"tap": True, "exert": True, "targets": [], "effects": [{"gain_life": 3}]}]})
    run({"zones": {"you": {"battlefield": [BEAR]}},
         "actions": [{"activate": BEAR}, {"resolve": "all"}, {"advance": {"turn": 3, "step": "main1"}}],
         "expect": [{"life": {"you": 23}}, {"tapped": {"card": BEAR, "value": True}}]})
    as_(BEAR, {"activated": [{"tap": True, "targets": [], "effects": [{"gain_life": 3}]}]})   # no exert: untaps
    run({"zones": {"you": {"battlefield": [BEAR]}},
         "actions": [{"activate": BEAR}, {"resolve": "all"}, {"advance": {"turn": 3, "step": "main1"}}],
         "expect": [{"tapped": {"card": BEAR, "value": False}}]})


def test_whenever_you_exert_a_creature(as_):
    as_(BEAR, {"activated": [{"tap": True, "exert": True, "targets": [], "effects": [{"draw": 1}]}]})
    as_("Mountain", {"triggers": [{"event": "exerted", "object": {"types": ["Creature"], "controller": "you"},
                                   "targets": [], "effects": [{"gain_life": 2}]}]})
    run({"zones": {"you": {"battlefield": [BEAR, "Mountain"]}},
         "actions": [{"activate": BEAR}, {"resolve": "all"}],
         "expect": [{"life": {"you": 22}}]})
    face = lambda text: {"name": "Test Face", "text": text, "types": ["Creature"], "power": "2",  # noqa: E731
                         "toughness": "2", "manaCost": "{1}{W}"}
    for line in ("Whenever you exert a creature, you gain 2 life.", "{T}, Exert ~: Draw a card."):
        assert_supported(face(line))
        assert_added_clause_rejected(face, line)
