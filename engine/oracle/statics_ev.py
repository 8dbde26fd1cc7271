"""Static abilities of clause family EV (issue 21: values, counts, characteristic-defining P/T, conditions), tried
before ``statics_ex.STATIC`` (more specific clauses first).  The values are the whole value grammar of
``quantities.py`` (its tables and ``values_ev.py``), so a new counted phrase is a table entry there:

- 604.3 / 613.4a characteristic-defining P/T: "~'s power and toughness are each equal to <value>", "~'s power is
  equal to <value>" [", and its toughness is equal to <value>"], "~'s toughness is equal to <value>" (layer 7a,
  engine/game/mechanics/characteristic_pt.py);
- "as long as" (611.3) with the conditions of ``_EV_COND`` (opponents' graveyards, life and hands, cards drawn this
  turn 121.1, your hand size); "enchanted creature gets +N/+N as long as it's <color / a type / attacking>.
  Otherwise, it gets …" (303.4: two statics, the host condition and its negation).
"""
from __future__ import annotations

import pyparsing as pp

from . import effects_ev  # noqa: F401  (registers the family's effect clauses)
from .base import NUM_ONLY, PT, SIGNED_PT, W, choice, guard
from .effects import _KW_LIST
from .statics import _as_long_as
from .statics_es import _COLOR
from .statics_s import _PLAIN, _S_BODIES
from .quantities import X_IS
from .costs_ec import STATIC as _OLDER

def _it_is_self(v):
    """In a CDA of ~ (604.3), "counters on it" names ~ itself."""
    if v == {"ref": "it"}:
        return "self"
    if isinstance(v, dict):
        return {k: _it_is_self(x) for k, x in v.items()}
    if isinstance(v, list):
        return [_it_is_self(x) for x in v]
    return v


def _cda(power=None, toughness=None):
    out = {}
    if power is not None:
        out["power"] = _it_is_self(power)
    if toughness is not None:
        out["toughness"] = _it_is_self(toughness)
    return [{"pt_cda": out}]


_POWER, _TOUGHNESS = W("~'s power is equal to"), W("~'s toughness is equal to")
_AND_TOUGHNESS = W("and its toughness is equal to", ", and its toughness is equal to")
_THAT_NUMBER_PLUS = (W("that number plus") + NUM_ONLY).set_parse_action(lambda t: [("plus", t[0])])
# (a count for both: the CDA is that count, the form statics.CDA and the Japanese grammar give)
CDA_EACH = (W("~'s power and toughness are each equal to") + X_IS).set_parse_action(
    lambda t: [{"pt_cda": t[0]}] if isinstance(t[0], dict) and set(t[0]) == {"count"} else _cda(t[0], t[0]))
CDA_POWER = (_POWER + X_IS + pp.Opt(_AND_TOUGHNESS + (_THAT_NUMBER_PLUS | X_IS))).set_parse_action(
    lambda t: _cda(t[0], None if len(t) == 1 else {"sum": [t[0], t[1][1]]} if isinstance(t[1], tuple) else t[1]))
CDA_TOUGHNESS = (_TOUGHNESS + X_IS).set_parse_action(lambda t: _cda(None, t[0]))

# 611.3 "as long as" with this family's conditions (a table of parametrised phrases → CONDITION keys,
# engine/game/mechanics/ev_conditions.py) around the bodies of statics_s
_EV_COND = (W("an opponent has") + NUM_ONLY + W("or more cards in their graveyard")).set_parse_action(
    lambda t: [{"opponent_graveyard_at_least": t[0]}]) | \
    (W("an opponent has") + NUM_ONLY + W("or less life")).set_parse_action(lambda t: [{"opponent_life_at_most": t[0]}]) | \
    W("an opponent has no cards in hand").set_parse_action(lambda: [{"opponent_hand_empty": True}]) | \
    (W("you've drawn") + NUM_ONLY + W("or more cards this turn")).set_parse_action(
        lambda t: [{"drawn_this_turn_at_least": t[0]}]) | \
    (W("you have") + NUM_ONLY + W("or fewer cards in hand")).set_parse_action(lambda t: [{"hand_at_most": t[0]}])
AS_LONG_AS_EV = (_S_BODIES + W("as long as") + _EV_COND).set_parse_action(lambda t: _as_long_as([t[1], t[0]])) | \
    (W("as long as") + _EV_COND + W(",") + _S_BODIES).set_parse_action(_as_long_as)

# 303.4 / 611.3: "enchanted creature gets +2/+2 as long as it's a Zombie. Otherwise, it gets -2/-2." — two statics,
# one under the host condition, one under its negation
_IT_IS = (W("it's") + (_COLOR | (W("a", "an") + _PLAIN).set_parse_action(lambda t: [t[0]["filter"]]) |
                       W("attacking").set_parse_action(lambda: [{"attacking": True}])))
HOST_OTHERWISE = (W("enchanted creature gets") + SIGNED_PT + W("as long as") + _IT_IS +
                  pp.Opt(W(". otherwise, it gets") + SIGNED_PT)).set_parse_action(
    lambda t: [[{"enchanted": {"pt": t[0]}, "if": {"host_is": {"filter": t[1]}}}] +
               ([{"enchanted": {"pt": t[2]}, "if": {"host_is_not": {"filter": t[1]}}}] if len(t) > 2 else [])])

# 613.4c: "~ gets +1/+1 for each Aura attached to it" — "it" is ~ (the Auras / Equipment on it, 303.4, 301.5)
_ATTACHED = choice({"aura": ["Aura"], "equipment": ["Equipment"], "aura and equipment": ["Aura", "Equipment"]})
PER_ATTACHED = (W("~ gets") + SIGNED_PT + W("for each") + _ATTACHED + W("attached to it", "attached to ~")
                ).set_parse_action(lambda t: [[{"layer": "7c", "affected": {"self": True}, "pt_per": {
                    "pt": t[0], "count": {"count": {"subtypes": t[1], "attached_to": "self"}}}}]])

# 509.1b: "creatures with power less than ~'s power can't block it / can't block creatures you control"
_BLOCKED = choice({"can't block it": {"self": True}, "can't block ~": {"self": True},
                   "can't block creatures you control": {"types": ["Creature"], "controller": "you"}})
CANT_BLOCK_BY = (_PLAIN + _BLOCKED).set_parse_action(guard(
    lambda t: any(k.endswith("_vs") for k in t[0]["filter"]) and t[0].get("zone") in (None, "battlefield"),
    lambda t: [[{"block_restriction": {"attacker": t[1], "blocker": t[0]["filter"]}}]]))

# 613.4b: "enchanted / equipped creature has base power and toughness 0/2 [and has <keywords>]" (layer 7b)
_HOST_BASE = (W("enchanted creature has base power and toughness", "equipped creature has base power and toughness")
              + PT + pp.Opt(W("and has") + _KW_LIST)).set_parse_action(guard(
    lambda t: all(isinstance(x, int) for x in t[0]),           # an X here is no number the static can set
    lambda t: [[{"layer": "7b", "affected": {"enchanted": True}, "base_pt": list(t[0])}] +
               ([{"enchanted": {"grant": t[1]}}] if len(t) > 1 else [])]))

EV_STATIC = (_HOST_BASE | CDA_EACH | CDA_POWER | CDA_TOUGHNESS | AS_LONG_AS_EV | HOST_OTHERWISE | PER_ATTACHED | CANT_BLOCK_BY) + pp.Opt(pp.Literal(".")).suppress()
STATIC = EV_STATIC | _OLDER
