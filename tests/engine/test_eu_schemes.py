"""Archenemy schemes (314, 701.25; engine/game/mechanics/schemes.py, compiler engine/oracle/supplementary.py): a
scheme in the command zone is set in motion from the top of the scheme deck, its "when you set this scheme in
motion" ability triggers and resolves, then (704.6) it goes face down to the bottom of the deck; the compiler
supports a scheme only for those triggers."""
from __future__ import annotations

import engine.game  # noqa: F401 — the mechanics' registrations
from engine.cardbase import Card, CardTable
from engine.oracle.compile import compile_face
from family_honesty import assert_added_clause_rejected, assert_supported
from simrun import as_, run_on  # noqa: F401  (as_ is a fixture)

PLOT, PLOT2 = "Test Plot", "Test Plot Two"
TABLE = CardTable(list(CardTable.bundled()) + [Card(name=n, types=["Scheme"], has_text=True) for n in (PLOT, PLOT2)])
DRAIN = {"triggers": [{"event": "set_in_motion", "targets": [], "effects": [{"lose_life": {"n": 3, "player": "each_opponent"}}]}]}


def _scheme(text, supertypes=()):
    return {"name": PLOT, "text": text, "types": ["Scheme"], "supertypes": list(supertypes), "type": "Scheme"}


def test_setting_a_scheme_in_motion_triggers_its_ability_and_it_returns_to_the_bottom(as_):
    as_(PLOT, DRAIN)
    as_(PLOT2, DRAIN)
    r = run_on(TABLE, {"zones": {"you": {"command": [PLOT, PLOT2]}},
                       "actions": [{"set_in_motion": PLOT}, {"expect": [{"stack": [PLOT]}]}, {"resolve": "all"},
                                   {"expect": [{"life": {"opponent": 17}}]},
                                   {"set_in_motion": PLOT2}, {"resolve": "all"}],
                       "expect": [{"life": {"opponent": 14}}, {"zone": {"card": PLOT, "zone": "command"}},
                                  {"illegal": {"action": {"set_in_motion": PLOT2}, "message": "not the top card"}}]})
    assert any("704.6" in line for line in r.log)


def test_only_the_top_scheme_is_set_in_motion_and_a_scheme_without_the_trigger_does_nothing(as_):
    as_(PLOT, DRAIN)
    as_(PLOT2, {"triggers": [{"event": "upkeep", "whose": "you", "targets": [], "effects": [{"gain_life": 5}]}]})
    run_on(TABLE, {"zones": {"you": {"command": [PLOT2, PLOT]}},
                   "actions": [{"expect": [{"illegal": {"action": {"set_in_motion": PLOT}, "message": "top"}}]},
                               {"set_in_motion": PLOT2}, {"resolve": "all"}],
                   "expect": [{"life": {"you": 20, "opponent": 20}}, {"stack": {"n": 0}}]})


def test_scheme_compiles_only_its_set_in_motion_triggers():
    line = "When you set this scheme in motion, each opponent loses 3 life."
    assert_supported(_scheme(line))
    c = compile_face(_scheme(line.replace("3", "5")))
    assert c.behaviour["triggers"][0]["effects"] != compile_face(_scheme(line)).behaviour["triggers"][0]["effects"]
    assert_added_clause_rejected(_scheme, line)
    # an ongoing scheme's static ability works from the command zone, which the engine does not model (314.6)
    ongoing = _scheme(line + "\nCreatures you control get +1/+1.", ["Ongoing"])
    assert not compile_face(ongoing).supported
    # the same trigger on a permanent card means nothing: the event is a scheme's
    perm = compile_face({"name": PLOT, "text": line, "types": ["Enchantment"], "type": "Enchantment"})
    assert perm.parsed and not perm.supported
    # a plane's chaos ability is not run from the command zone (311): not supported
    plane = compile_face({"name": "Test Plane", "text": "Creatures you control get +1/+1.", "types": ["Plane"],
                          "type": "Plane — Test"})
    assert plane.parsed and not plane.supported


def test_conspiracies_are_never_supported():
    """313 / 905: a conspiracy's abilities work from the command zone (or during the draft, which no game the
    engine plays has): a draft-time ability has nothing a game can check, and a game-time one would run from the
    wrong zone — neither is reported supported."""
    for text in ("Draft Test Plot face up.\nCreatures you control get +1/+1.",
                 "Hidden agenda\nCreatures you control get +1/+1.", "Creatures you control get +1/+1."):
        c = compile_face({"name": PLOT, "text": text, "types": ["Conspiracy"], "type": "Conspiracy"})
        assert not c.supported, text
