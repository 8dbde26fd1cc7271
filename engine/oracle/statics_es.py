"""Static abilities and replacement effects of clause family ES (issue 21), tried before ``statics_s.STATIC``
(more specific clauses first).  Importing it also registers the family's effect clauses
(``prevention.py``, ``effects_es.py``).  Tables are data: a new phrase of a known construction is one table entry.

- static prevention to or by a SET (615.1): "prevent all [combat|noncombat] damage that would be dealt to
  <set> [by <sources>]", "… to you and <set>" (two statics: either recipient), "… dealt by <set>" →
  ``prevent_damage`` with a FILTER read from the static's source (engine/game/mechanics/prevention_statics.py);
- "enters with a number of <kind> counters equal to <value>" / "with X … where X is <value>" (614.1c, 107.3);
- "as long as" (611.3) with this family's conditions (monstrous, delirium, N or more counters, defending player
  controls …), a leading condition read whole up to its comma, host colour/type conditions of Auras;
- cost changes per party / basic land type, two-colour spell filters (601.2f); CDAs from ability-word counts
  (604.3: Tarmogoyf's card types, domain, party, devotion);
- damage amounts (614.1a / 615.7: double, plus N, prevent N) and "doesn't untap … if" (502.3);
- "enter as a copy …, except …" (707.9b).
"""
from __future__ import annotations

import pyparsing as pp

from . import prevention  # noqa: F401  (registers the family's prevention effect clauses)
from .base import MANA_COST, NUM_ONLY, SIGNED_PT, W, choice, guard, parse_all
from .effects import COUNTER_KIND, _KW_LIST
from .filters import SET_BARE
from .quantities import EQUAL_TO, X_IS
from .statics import _BODY, _ENTERS, _anthem, _as_long_as, copy_filter
from .statics_s import STATIC as _OLDER, _OBJECTS, _PLAIN, _PREVENT_WHO, _S_BODIES, _S_COND, _one
from .base import PT
from .filters import OBJECT
from .vocab import CARD_TYPES, COLORS, SUBTYPES

_KIND = choice({"all damage": {"combat": False}, "all combat damage": {"combat": True},
                "all noncombat damage": {"combat": False, "noncombat": True}})
_SET = SET_BARE.copy().add_parse_action(guard(lambda t: "enchanted" not in t[0]["each"], lambda t: [t[0]["each"]]))
_TO_ONE = choice(_PREVENT_WHO).add_parse_action(lambda t: [[t[0]]])
_TO = (W("you and") + _SET).set_parse_action(lambda t: [["you", t[0]]]) | _TO_ONE | \
    _SET.copy().add_parse_action(lambda t: [[t[0]]])
_BY = (W("by") + _OBJECTS).set_parse_action(lambda t: [{"by": _one(t[0])}])
PREVENT_SET_TO = (W("prevent") + _KIND + W("that would be dealt to") + _TO + pp.Opt(_BY)).set_parse_action(
    guard(lambda t: any(isinstance(w, dict) and "self" not in w and "enchanted" not in w for w in t[1])
          or t[0].get("noncombat") or len(t[1]) > 1,
          lambda t: [[{"prevent_damage": dict(t[0], to=w, **(t[2] if len(t) > 2 else {}))} for w in t[1]]]))
PREVENT_SET_BY = (W("prevent") + _KIND + W("that would be dealt by") + _SET).set_parse_action(
    lambda t: [[{"prevent_damage": dict(t[0], **{"from": t[1]})}]])

# 614.1c / 122.6: "~ enters with a number of <kind> counters on it equal to <value>", "~ enters with X <kind>
# counters on it, where X is <value>" (107.3: this X is defined by the text, not announced) — a counted value
# evaluated as it enters (engine/game/mechanics/enter_counters.py)
_ON_IT = W("counters on it", "counters on him", "counters on her")
ENTERS_NUMBER_OF = (_ENTERS + W("with a number of") + COUNTER_KIND + _ON_IT + EQUAL_TO).set_parse_action(
    lambda t: [{"enters_with_counters": {t[0]: t[1]}}])
ENTERS_WHERE_X = (_ENTERS + W("with x") + COUNTER_KIND + _ON_IT + W(", where x is") + X_IS).set_parse_action(
    lambda t: [{"enters_with_counters": {t[0]: t[1]}}])

# 611.3 "as long as": conditions of this family (tables and parametrised ones), then the bodies of statics_s
_ES_COND = choice({"~ is monstrous": {"self_monstrous": True}, "it's monstrous": {"self_monstrous": True}}) | \
    (W("it has a", "~ has a") + COUNTER_KIND + W("counter on it")).set_parse_action(
        lambda t: [{"self_has_counter": t[0]}]) | \
    (W("it has", "~ has") + NUM_ONLY + W("or more") + COUNTER_KIND + W("counters on it", "counters on him")
     ).set_parse_action(lambda t: [{"self_counters_at_least": {"kind": t[1], "n": t[0]}}]) | \
    (W("defending player controls") + W("a", "an") + _PLAIN).set_parse_action(
        lambda t: [{"defending_player_controls": {"filter": t[0]["filter"]}}]) | _S_COND


def _whole_condition(s, loc, t):
    """A leading "as long as <condition>," whose condition is read as a whole up to its comma (an object list
    in it would otherwise swallow the comma, e.g. "… seven or more enchantments, creatures you control …")."""
    cond = parse_all(_ES_COND, t[0])
    if cond is None:
        raise pp.ParseException(s, loc, "not a condition")
    return [cond]


_LEADING_COND = pp.Regex(r"as long as ([^,]+),").set_parse_action(lambda s, loc, t: _whole_condition(s, loc, [t[0][11:-1]]))
AS_LONG_AS_ES = (_LEADING_COND + _S_BODIES).set_parse_action(_as_long_as) | \
    (_S_BODIES + W("as long as") + _ES_COND).set_parse_action(lambda t: _as_long_as([t[1], t[0]]))
# "as long as ~ is monstrous, it has trample" (611.3): "it" is ~
AS_LONG_AS_ES_IT = _LEADING_COND + W("it") + _BODY
AS_LONG_AS_ES_IT.set_parse_action(lambda t: _as_long_as([t[0], _anthem([{"self": True}, t[1]])[0]]))
# "as long as enchanted creature is <color> / a <type>, it gets +1/+1 and has <keywords>" (303.4, 611.3)
_COLOR = choice({c: {"colors": l} for c, l in COLORS.items()})
_HOST_IS = (choice({"enchanted creature": "enchanted", "enchanted permanent": "enchanted", "equipped creature": "equipped"}) +
            W("is") + (_COLOR | (W("a", "an") + _PLAIN).set_parse_action(lambda t: [t[0]["filter"]]))
            ).set_parse_action(lambda t: [(t[0], {"host_is": {"filter": t[1]}})])
_IT_GETS_AND = (W("it gets") + SIGNED_PT + W("and has") + _KW_LIST).set_parse_action(
    lambda t: [{"pt": t[0], "grant": t[1]}]) | (W("it gets") + SIGNED_PT).set_parse_action(lambda t: [{"pt": t[0]}]) | \
    (W("it has") + _KW_LIST).set_parse_action(lambda t: [{"grant": t[0]}])
HOST_AS_LONG_AS = (W("as long as") + _HOST_IS + W(",") + _IT_GETS_AND).set_parse_action(
    lambda t: [[{t[0][0]: t[1], "if": t[0][1]}]])

# 601.2f cost changes: "~ costs {N} less to cast for each creature in your party / basic land type among lands you
# control" (values of a table), "<color> spells and <color> spells you cast cost {N} less/more to cast"
_MORE_LESS = choice({"less": "less", "more": "more"})
_PER = choice({"for each creature in your party": "party:you",
               "for each basic land type among lands you control": "basic_land_types:you"})
SELF_COST_PER = (W("~ costs") + MANA_COST + _MORE_LESS + W("to cast") + _PER).set_parse_action(
    lambda t: [[{"cost_modifier": {"self": True, t[1]: t[0], "per": t[2]}}]])
COLORS_COST = (_COLOR + W("spells and") + _COLOR + W("spells you cast cost") + pp.Regex(r"\{\d+\}") + _MORE_LESS +
               W("to cast")).set_parse_action(lambda t: [[{"cost_modifier": {
                   "filter": {"colors": t[0]["colors"] + t[1]["colors"], "controller": "you"},
                   "generic": int(t[2][1:-1]) * (1 if t[3] == "more" else -1)}}]])

# 604.3 / 613.4a characteristic-defining P/T read from a value of this table (ability-word counts, 207.2c)
_CDA_VALUE = choice({"the number of basic land types among lands you control": "basic_land_types:you",
                     "the number of card types among cards in all graveyards": "card_types:all",
                     "the number of card types among cards in your graveyard": "card_types:you",
                     "the number of creatures in your party": "party:you",
                     **{f"your devotion to {c}": f"devotion:{l}" for c, l in COLORS.items()}})
CDA_EACH_ES = (W("~'s power and toughness are each equal to") + _CDA_VALUE).set_parse_action(
    lambda t: [{"pt_cda": {"power": t[0], "toughness": t[0]}}])
POWER_CDA_ES = (W("~'s power is equal to") + _CDA_VALUE + pp.Opt(
    W("and its toughness is equal to that number plus") + NUM_ONLY)).set_parse_action(
    lambda t: [{"pt_cda": {"power": t[0], **({"toughness": {"sum": [t[0], t[1]]}} if len(t) > 1 else {})}}])

# 614.1a / 615.7 damage amounts: "if a [<color>] source [you control] would deal damage to <who>, it deals
# double that damage [to <who again>] instead / it deals that much damage plus N [to …] instead / prevent N of
# that damage" — recipients and recaps are tables (engine/game/mechanics/damage_modifiers.py)
_SRC = (W("if a", "if an") + pp.Opt(_COLOR, default={}) + W("source") +
        pp.Opt(choice({"you control": {"controller": "you"}}), default={}) + W("would deal damage to")
        ).set_parse_action(lambda t: [dict(t[0], **t[1])])
_DMG_WHO = choice({"you": {"players": "you"}, "a player": {"players": "all"}, "an opponent": {"players": "opponents"},
                   "a permanent or player": {"players": "all", "objects": {}},
                   "an opponent or a permanent an opponent controls": {"players": "opponents",
                                                                       "objects": {"controller": "opponent"}},
                   "~": {"objects": {"self": True}}, "equipped creature": {"objects": {"enchanted": True}},
                   "enchanted creature": {"objects": {"enchanted": True}}}) | \
    (W("a", "an") + _PLAIN).set_parse_action(lambda t: [{"objects": t[0]["filter"]}])
_RECAP = pp.Opt(W("to that player", "to that permanent or player", "to that player or permanent", "to you",
                  "to that creature", "to that permanent", "to it"))
_TIMES = choice({"double": 2, "triple": 3})
_RESULT = (W("it deals", "that source deals") + _TIMES + W("that damage") + _RECAP + W("instead")
           ).set_parse_action(lambda t: [{"times": t[0]}]) | \
    (W("it deals that much damage plus", "that source deals that much damage plus") + NUM_ONLY + _RECAP + W("instead")
     ).set_parse_action(lambda t: [{"plus": t[0]}]) | \
    (W("it deals that much damage minus", "that source deals that much damage minus") + NUM_ONLY + _RECAP +
     W("instead")).set_parse_action(lambda t: [{"plus": -t[0]}]) | \
    (W("prevent") + NUM_ONLY + W("of that damage")).set_parse_action(lambda t: [{"prevent": t[0]}])
DAMAGE_MODIFIER = (_SRC + _DMG_WHO + W(",") + _RESULT).set_parse_action(
    lambda t: [[{"damage_modifier": dict(t[2], to=t[1], **({"source": t[0]} if t[0] else {}))}]])

# 707.9b: "you may have ~ enter as a copy of <object>, except it's an artifact in addition to its other types /
# except it has haste / except it's 7/7" — the exceptions are copiable values (mechanics/enters_as_copy.py)
_TYPE_WORD = choice({t: {"types": [t.capitalize()]} for t in CARD_TYPES if t not in ("tribal", "kindred")}) | \
    choice({s.lower(): {"subtypes": [s]} for s in SUBTYPES})


def _merge_types(t):
    out: dict = {}
    for d in t:
        for k, v in d.items():
            out.setdefault(k, []).extend(v)
    return [out]


_IN_ADDITION = (W("it's a", "it's an") + pp.OneOrMore(_TYPE_WORD) + W("in addition to its other types")
                ).set_parse_action(_merge_types)
_EXCEPT = _IN_ADDITION | (W("it has") + _KW_LIST).set_parse_action(lambda t: [{"grant": t[0]}]) | \
    (W("it's") + PT).set_parse_action(lambda t: [{"pt": list(t[0])}])
ENTERS_COPY_EXCEPT = (W("you may have ~ enter the battlefield as a copy of", "you may have ~ enter as a copy of") +
                      W("any", "a") + OBJECT + W(", except") + _EXCEPT).set_parse_action(
    lambda t: [[{"enters_as_copy": {"filter": copy_filter(t[0]), "may": True, "except": t[1]}}]])

# 502.3 with a condition: "~ doesn't untap during your untap step if <condition>" — the keyword while it holds
NO_UNTAP_IF = (W("~ doesn't untap during your untap step if") + _ES_COND).set_parse_action(
    lambda t: _as_long_as([t[0], {"keywords": ["doesnt_untap"]}]))

ES_STATIC = (NO_UNTAP_IF | ENTERS_COPY_EXCEPT | DAMAGE_MODIFIER | CDA_EACH_ES | POWER_CDA_ES | SELF_COST_PER | COLORS_COST | HOST_AS_LONG_AS | AS_LONG_AS_ES_IT | AS_LONG_AS_ES | ENTERS_NUMBER_OF | ENTERS_WHERE_X | PREVENT_SET_TO | PREVENT_SET_BY) + pp.Opt(pp.Literal(".")).suppress()
STATIC = ES_STATIC | _OLDER
