"""Mana clauses of group el (issue 21) as tables: "whenever a player taps a land for mana" (a trigger on the
605.1b event `tapped_for_mana`), "that player adds one mana of any type that land produced" (106.7-style: a type
the tapped permanent just produced) and "add an amount of {G} equal to …" (106.4, a counted amount) →
trigger / ``add_mana`` (engine/game/effects/mana.py)."""
from __future__ import annotations

import pyparsing as pp

from .base import W, choice
from .filters import OBJECT
from .quantities import EQUAL_TO

# 605.1b: who taps which permanent for mana (subject and verb agree: "a player taps", "you tap")
_WHO = choice({"a player taps": {}, "an opponent taps": {"controller": "opponent"}, "you tap": {"controller": "you"}})
TAPS_FOR_MANA = (_WHO + W("a", "an") + OBJECT + W("for mana")).set_parse_action(
    lambda s, loc, t: [{"event": "tapped_for_mana", "object": dict(t[1]["filter"], **t[0])}]
    if t[1]["kind"] == "permanent" else _fail(s, loc))


def _fail(s, loc):
    raise pp.ParseException(s, loc, "not a permanent tapped for mana")


PRODUCED = choice({"that player adds one mana of any type that land produced":
                   {"add_mana": {"player": "event_controller", "produced": True}},
                   "add one mana of any type that land produced": {"add_mana": {"produced": True}}})
_ONE_SYMBOL = pp.Regex(r"\{[wubrgc]\}").set_parse_action(lambda t: [t[0][1].upper()])
# 106.4: "add an amount of {G} equal to your devotion to green"
AMOUNT_OF = (W("add an amount of") + _ONE_SYMBOL + EQUAL_TO).set_parse_action(
    lambda t: [{"add_mana": {"mana": t[0], "n": t[1]}}])
CLAUSES_MANA_EL = {"add": [AMOUNT_OF, PRODUCED], "that": [PRODUCED]}
