"""Die-roll triggers (706.2, engine/game/mechanics/dice_rolls.py): "whenever you roll a N or higher on a die" reads
the result of the roll that triggered it; "whenever you roll one or more dice" triggers on every roll."""
from __future__ import annotations

import engine.game  # noqa: F401 — the mechanics' registrations
from engine.cardbase import CardTable
from engine.oracle.compile import compile_face
from family_honesty import assert_line_family
from simrun import as_, run_on  # noqa: F401  (as_ is a fixture)

OX = "Yoked Ox"
TABLE = CardTable.bundled()


def _roller(at_least):
    trig = {"event": "roll_die", "whose": "you", "targets": [], "effects": [{"gain_life": 3}]}
    if at_least:
        trig["if"] = {"die_result_at_least": at_least}
    return {"activated": [{"cost": "{1}", "targets": [], "effects": [{"roll_die": {"sides": 6}}]}], "triggers": [trig]}


def _run(die, life):
    run_on(TABLE, {"zones": {"you": {"battlefield": [OX]}},
                   "actions": [{"choose": {"die": die}}, {"activate": OX, "ability": 1}, {"resolve": "all"}],
                   "expect": [{"life": {"you": life}}]})


def test_a_roll_of_at_least_n_triggers_and_a_lower_one_does_not(as_):
    as_(OX, _roller(4))
    _run(3, 20)
    _run(4, 23)
    as_(OX, _roller(None))
    _run(1, 23)


def _face(text):
    return {"name": "Test Roller", "text": text, "types": ["Creature"], "type": "Creature — Gnome"}


def test_die_triggers_compile_and_mutants_do_not():
    assert_line_family(_face, "Whenever you roll a 4 or higher on a die, you gain 3 life.",
                       "Whenever you roll one or more dice, you gain 3 life.")
    four, five = (compile_face(_face(f"Whenever you roll a {n} or higher on a die, you gain 3 life.")).behaviour
                  for n in (4, 5))
    assert four != five
    assert not compile_face(_face("Whenever you roll a 4 or higher on a coin, you gain 3 life.")).parsed
