"""Costs (118, 602.1): "{2}{G}, {T}, Sacrifice ~", "Pay 2 life", "Discard a card", "Tap an untapped creature you
control", "Remove a +1/+1 counter from ~", loyalty "+1" / "−2" (606) … → activated-ability keys."""
from __future__ import annotations

import pyparsing as pp

from .base import guard, MANA_COST, NUM, NUM_ONLY, V, W, choice, merge
from .effects import COUNTER_KIND
from .filters import INDEF
from .keywords import COST_FORWARD
from .triggers import CONDITION

_T = V("{t}", {"tap": True})
_Q = V("{q}", {"untap_cost": True})
_ENERGY = (pp.Opt(W("pay")) + pp.Regex(r"(?:\{e\})+")).set_parse_action(lambda t: [{"energy": t[0].count("{e}")}])
_MANA = (pp.Opt(W("pay")) + MANA_COST).set_parse_action(lambda t: [{"cost": t[0]}])
_SAC_SELF = V("sacrifice ~", {"sacrifice_self": True})
_SAC = (W("sacrifice") + INDEF).set_parse_action(lambda t: [{"sacrifice_other": dict(t[0]["filter"], **(
    {"n": t[0]["n"]} if t[0]["n"] != 1 else {}))}])
_DISCARD = (W("discard") + (INDEF | (NUM + W("cards", "card")).set_parse_action(
    lambda t: [{"n": t[0], "filter": {}}]))).set_parse_action(lambda t: [{"discard": {"n": t[0]["n"],
                                                                                      "filter": t[0]["filter"]}}]) | \
    V("discard your hand", {"discard": {"n": "all", "filter": {}}})
_DISCARD_RANDOM = (W("discard") + NUM + W("cards at random", "card at random")).set_parse_action(
    lambda t: [{"discard_random": t[0]}])
_LIFE = (W("pay") + NUM_ONLY + W("life")).set_parse_action(lambda t: [{"pay_life": t[0]}])
_TAP_OTHER = (W("tap") + INDEF).set_parse_action(lambda t: [{"tap_other": dict(t[0]["filter"], **(
    {"n": t[0]["n"]} if t[0]["n"] != 1 else {}))}])
_EXILE_SELF_GY = V("exile ~ from your graveyard", {"exile_self_from_graveyard": True})
_EXILE_SELF = V("exile ~", {"exile_self": True})
_EXILE_GY = (W("exile") + INDEF).set_parse_action(guard(lambda t: t[0].get("zone") == "graveyard",
    lambda t: [{"exile_from_graveyard": {"n": t[0]["n"], "filter": {k: v for k, v in t[0]["filter"].items()
                                                                      if k != "owner"}}}]))
_EXILE_HAND = (W("exile") + INDEF).set_parse_action(guard(lambda t: t[0].get("zone") == "hand",
    lambda t: [{"exile_from_hand": {"n": t[0]["n"], "filter": {k: v for k, v in t[0]["filter"].items()
                                                                if k != "owner"}}}]))
_REMOVE = (W("remove") + NUM + COUNTER_KIND + W("counters", "counter") + W("from ~")).set_parse_action(
    lambda t: [{"remove_counters": {"kind": t[1], "n": t[0]}}])
_PUT_COUNTER = (W("put") + NUM + COUNTER_KIND + W("counters", "counter") + W("on ~")).set_parse_action(
    lambda t: [{"put_counters_cost": {"kind": t[1], "n": t[0]}}])
_RETURN = (W("return") + INDEF + W("to its owner's hand")).set_parse_action(
    lambda t: [{"return_cost": dict(t[0]["filter"], n=t[0]["n"])}])
_EXERT = V("exert ~", {"exert": True})
_DISCARD_SELF = V("discard ~", {"discard_self": True})
# abilities that work from the hand (113.6): forecast (702.57a: during your upkeep, once each turn, revealing it)
_FORECAST = V("forecast —", {"zone": "hand", "during": "your_upkeep", "once_per_turn": True})
_REVEAL_SELF = V("reveal ~ from your hand", {"reveal_self": True})
_EXILE_SELF_HAND = V("exile ~ from your hand", {"zone": "hand", "exile_self_from_hand": True})
COST_ITEM = (_REVEAL_SELF | _EXILE_SELF_HAND | _T | _Q | _ENERGY | _MANA | _SAC_SELF | _SAC | _DISCARD_SELF | _DISCARD_RANDOM | _DISCARD | _LIFE | _TAP_OTHER | _EXILE_SELF_GY |
             _EXILE_GY | _EXILE_HAND | _EXILE_SELF | _REMOVE | _PUT_COUNTER | _RETURN | _EXERT)
COST = (pp.Opt(_FORECAST) + COST_ITEM + pp.ZeroOrMore(W(",", "and") + COST_ITEM)).set_parse_action(
    lambda t: [merge(t)])
COST_FORWARD <<= COST

RESTRICTION = choice({"activate only as a sorcery": {"speed": "sorcery"},
                      "activate this ability only any time you could cast a sorcery": {"speed": "sorcery"},
                      "activate only once each turn": {"once_per_turn": True},
                      "activate this ability only once each turn": {"once_per_turn": True},
                      "activate only during your turn": {"your_turn_only": True},
                      "activate only during your upkeep": {"during": "your_upkeep"},
                      "activate only during your turn, before attackers are declared": {"during": "your_turn_precombat"},
                      "activate only during combat": {"during": "combat"},
                      "activate only before blockers are declared": {"during": "before_blockers"},
                      "activate only as an instant": {},
                      "any player may activate this ability": {"any_player": True},
                      "activate only as a sorcery and only once each turn": {"speed": "sorcery",
                                                                             "once_per_turn": True}})
RESTRICTION = RESTRICTION | (W("activate only if") + CONDITION).set_parse_action(lambda t: [{"if": t[0]}])
RESTRICTIONS = pp.ZeroOrMore(RESTRICTION + pp.Opt(pp.Literal(".")).suppress()).set_parse_action(lambda t: [merge(t)])
