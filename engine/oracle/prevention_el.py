"""Prevention clauses of group el (issue 21) as tables, registered with the effect grammar's first-word dispatch
(engine/game/mechanics/prevention_el.py, prevention_statics.py):

- shields divided among targets (615.7, 601.2d): "prevent the next 5 damage that would be dealt this turn to any
  number of targets, divided as you choose" → ``prevent_divided``;
- a source of your choice (609.7a, 615.7) whose damage to anyone is prevented this turn ("prevent all damage a
  red source of your choice would deal this turn"), or only the next time ("the next time a black source of your
  choice would deal damage this turn, prevent that damage"), and shields against a chosen-colour source ("… of the
  chosen color would deal damage to you …") → ``prevent_source``."""
from __future__ import annotations

import pyparsing as pp

from .base import NUM, W, choice, merge
from .effects_es import register
from .vocab import COLORS

# ---------------------------------------------------------------- divided shields
_AMONG = choice({"any number of targets": {"kind": "any", "up_to": "any"},
                 "one or two targets": {"kind": "any", "up_to": 2},
                 "any number of target creatures": {"kind": "creature", "up_to": "any"}})
PREVENT_DIVIDED = (W("prevent the next") + NUM + W("damage that would be dealt this turn to") + _AMONG +
                   W(", divided as you choose")).set_parse_action(
    lambda t: [{"prevent_divided": {"n": t[0], "to": {"target": t[1]}}}])

# ---------------------------------------------------------------- a source of your choice
_KIND = pp.Opt(choice({**{c: {"colors": l} for c, l in COLORS.items()}, "artifact": {"types": ["Artifact"]}}),
               default={})
_SOURCE = (W("a", "an") + _KIND + W("source of your choice") +
           pp.Opt(W("of the chosen color").set_parse_action(lambda: [{"colors": "chosen"}]), default={})
           ).set_parse_action(lambda t: [merge(t)])
_PREVENT_IT = W("this turn, prevent that damage")
PREVENT_ALL_FROM_ANY = (W("prevent all damage") + _SOURCE + W("would deal this turn")).set_parse_action(
    lambda t: [{"prevent_source": {"filter": t[0], "to": "any"}}])
NEXT_FROM_ANY = (W("the next time") + _SOURCE + W("would deal damage") + _PREVENT_IT).set_parse_action(
    lambda t: [{"prevent_source": {"filter": t[0], "to": "any", "once": True}}])
# (not "enchanted creature": after "sacrifice ~:" the Aura is gone and the engine's word no longer finds its host)
_TO = choice({"you": "you"})
NEXT_FROM_TO = (W("the next time") + _SOURCE + W("would deal damage to") + _TO + _PREVENT_IT).set_parse_action(
    lambda t: [{"prevent_source": {"filter": t[0], "to": t[1], "once": True}}])

register("prevent", PREVENT_DIVIDED | PREVENT_ALL_FROM_ANY)
register("the", NEXT_FROM_ANY | NEXT_FROM_TO)
