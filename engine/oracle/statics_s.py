"""Static abilities and replacement/prevention effects of clause family S (issue 21), tried before the older
statics of ``statics.py`` (longer, more specific clauses first):

- "~ can't be blocked by <objects>" / "except by <objects>" / "~ can't block <objects>" (509.1b) —
  ``block_restriction`` statics, also for "enchanted/equipped creature" and creatures you control;
- "~ enters tapped with N <kind> counters on it", "~ enters with N <kind> counters on it if <condition>"
  (614.1c, 122.6);
- "prevent all [combat] damage that would be dealt to/by <who> [by <sources>]" (615.1) — a
  ``prevent_damage`` static (engine/game/mechanics/prevention_statics.py).

Tables are data: a new restriction phrase is one entry of ``statics._RESTRICT`` (a keyword), a new prevention
subject one entry of ``_PREVENT_WHO``.
"""
from __future__ import annotations

import pyparsing as pp

from . import effects_s  # noqa: F401  (registers the family's effect clauses)
from .base import NUM, W, choice, guard
from .effects import COUNTER_KIND
from .filters import OBJECT, SET_BARE
from .base import SIGNED_PT
from .effects import _KW_LIST
from .statics import _BODIES as _OLD_BODIES, _BODY, _ENTERS, _RESTRICT, STATIC as _OLDER, _anthem, _as_long_as, _kws
from .triggers import CONDITION

_ATTACHED = {"enchanted creature": {"enchanted": True}, "equipped creature": {"enchanted": True},
             "enchanted permanent": {"enchanted": True}}
_SUBJECT = (pp.Literal("~").set_parse_action(lambda: [{"self": True}]) | choice(_ATTACHED) |
            SET_BARE.copy().add_parse_action(guard(lambda t: "enchanted" not in t[0]["each"], lambda t: [t[0]["each"]])))
_WITH_EITHER = choice({"creatures with flying or reach": {"types": ["Creature"], "has_keyword": ["flying", "reach"]}})
# the adjective "enchanted" of OBJECT names the source's host ({enchanted: true}), not "creatures that are
# enchanted": a plural "enchanted creatures" here is refused rather than misread
_PLAIN = OBJECT.copy().add_parse_action(guard(lambda t: "enchanted" not in t[0]["filter"], lambda t: [t[0]]))
_OBJECTS = (_WITH_EITHER.copy().add_parse_action(lambda t: [[t[0]]]) | _PLAIN + pp.ZeroOrMore(W("and/or", "or") + _PLAIN)).set_parse_action(
    lambda t: [t[0] if isinstance(t[0], list) else [x["filter"] for x in t]])


def _one(filters: list) -> dict:
    return filters[0] if len(filters) == 1 else {"any_of": filters}


# 509.1b: "can't be blocked by X" — blockers matching X can't block it; "except by X" — only they can
BLOCKED_BY = (_SUBJECT + W("can't be blocked by") + _OBJECTS).set_parse_action(
    lambda t: [[{"block_restriction": {"attacker": t[0], "blocker": _one(t[1])}}]])
BLOCKED_EXCEPT_BY = (_SUBJECT + W("can't be blocked except by") + _OBJECTS).set_parse_action(
    lambda t: [[{"block_restriction": {"attacker": t[0], "blocker": {"none_of": t[1]}}}]])
CANT_BLOCK_THESE = (pp.Literal("~").suppress() + W("can't block") + _OBJECTS).set_parse_action(
    lambda t: [[{"block_restriction": {"attacker": _one(t[0]), "blocker": {"self": True}}}]])

_COUNTERS_ON = NUM + COUNTER_KIND + W("counters on it", "counter on it")
ENTERS_TAPPED_COUNTERS = (_ENTERS + W("tapped with") + _COUNTERS_ON).set_parse_action(
    lambda t: [[{"enters_tapped": True}, {"enters_with_counters": {t[1]: t[0]}}]])
_CONDITION = choice({"you cast it from your hand": {"cast_from_hand": True}}) | CONDITION
ENTERS_COUNTERS_IF = (_ENTERS + W("with") + _COUNTERS_ON + W("if") + _CONDITION).set_parse_action(
    lambda t: [[{"enters_with_counters": {t[1]: t[0]}, "if": t[2]}]])

# 615.1: static prevention — to whom, by what, combat damage only or all damage
_PREVENT_WHO = {"~": {"self": True}, "you": "you", "enchanted creature": {"enchanted": True},
                "equipped creature": {"enchanted": True}}
_WHO = choice(_PREVENT_WHO)
_BY_SOURCES = (W("by") + _OBJECTS).set_parse_action(lambda t: [{"by": _one(t[0])}])
_KIND = choice({"all damage": False, "all combat damage": True})
PREVENT_TO = (W("prevent") + _KIND + W("that would be dealt to") + _WHO + pp.Opt(_BY_SOURCES)).set_parse_action(
    lambda t: [[{"prevent_damage": dict({"to": t[1], "combat": t[0]}, **(t[2] if len(t) > 2 else {}))}]])
PREVENT_BY = (W("prevent") + _KIND + W("that would be dealt by") + _WHO).set_parse_action(
    lambda t: [[{"prevent_damage": {"from": t[1], "combat": t[0]}}]])
PREVENT_TO_AND_BY = (W("prevent") + _KIND + W("that would be dealt to and dealt by") + _WHO).set_parse_action(
    lambda t: [[{"prevent_damage": {"to": t[1], "combat": t[0]}}, {"prevent_damage": {"from": t[1], "combat": t[0]}}]])

# "as long as ~ is equipped, it gets +1/+1 and has flying" (611.3): "it" is ~
AS_LONG_AS_IT = (W("as long as") + CONDITION + W(", it")).set_parse_action(lambda t: [t[0]]) + _BODY
AS_LONG_AS_IT.set_parse_action(lambda t: _as_long_as([t[0], _anthem([{"self": True}, t[1]])[0]]))

# 604.3 / 613.4a characteristic-defining P/T: "~'s toughness is equal to the number of …", "~'s power is equal
# to … and its toughness is equal to that number plus N", "… are each equal to N plus the number of …"
_ALL_GRAVEYARDS = (OBJECT + W("in all graveyards")).set_parse_action(guard(
    lambda t: t[0]["kind"] == "card" and not t[0].get("zone"), lambda t: [{"filter": t[0]["filter"], "zone": "graveyard"}]))
_NUMBER_OF = (W("the number of") + (_ALL_GRAVEYARDS | OBJECT)).set_parse_action(lambda t: [{"count": _zoned(t[0])}])


def _zoned(obj) -> dict:
    return dict(obj["filter"], **({"zone": obj["zone"]} if obj.get("zone") else {}))


TOUGHNESS_CDA = (W("~'s toughness is equal to") + _NUMBER_OF).set_parse_action(
    lambda t: [{"pt_cda": {"toughness": t[0]}}])
POWER_TOUGHNESS_PLUS = (W("~'s power is equal to") + _NUMBER_OF + W("and its toughness is equal to that number plus") +
                        NUM).set_parse_action(lambda t: [{"pt_cda": {"power": t[0], "toughness": {"sum": [t[0], t[1]]}}}])
CDA_PLUS = (W("~'s power and toughness are each equal to") + NUM + W("plus") + _NUMBER_OF).set_parse_action(
    lambda t: [{"pt_cda": {"sum": [t[0], t[1]]}}])

CDA_EACH = (W("~'s power and toughness are each equal to") + _NUMBER_OF).set_parse_action(guard(
    lambda t: t[0]["count"] != {"types": ["Creature"], "zone": "graveyard"},     # statics.CDA's own word for it
    lambda t: [{"pt_cda": t[0]}]))

# "if damage would be dealt to ~, prevent that damage. remove a +1/+1 counter from ~." (615.1 + the action)
PREVENT_REMOVE = (W("if damage would be dealt to ~, prevent that damage. remove a") + COUNTER_KIND +
                  W("counter from ~")).set_parse_action(
    lambda t: [[{"prevent_damage": {"to": {"self": True}, "combat": False, "remove_counter": t[0]}}]])
# 614.1c: "as ~ enters, you may reveal a <kind> card from your hand. if you don't, ~ enters tapped."
_IN_HAND = OBJECT.copy().add_parse_action(guard(
    lambda t: t[0]["kind"] == "card" and t[0].get("zone") == "hand" and "enchanted" not in t[0]["filter"],
    lambda t: [{k: v for k, v in t[0]["filter"].items() if k != "owner"}]))
REVEAL_OR_TAPPED = (W("as ~ enters the battlefield, you may reveal", "as ~ enters, you may reveal") + W("a", "an") +
                    _IN_HAND + W(". if you don't, ~ enters the battlefield tapped", ". if you don't, ~ enters tapped")
                    ).set_parse_action(lambda t: [{"enters_tapped": {"unless_reveal": t[0]}}])

# 611.3 "as long as" — conditions of this family (a table, then parametrised ones), and bodies
_S_COND = choice({"it's untapped": {"self_untapped": True}, "it's tapped": {"self_tapped": True},
                  "it's attacking": {"self_attacking": True}, "it's enchanted": {"self_enchanted": True},
                  "it's equipped": {"self_equipped": True}, "~ is equipped": {"self_equipped": True},
                  "it has a +1/+1 counter on it": {"self_has_counter": "+1/+1"},
                  "~ has a +1/+1 counter on it": {"self_has_counter": "+1/+1"}}) | \
    (W("an opponent controls") + W("a", "an") + _PLAIN).set_parse_action(
        lambda t: [{"opponent_controls": {"filter": t[0]["filter"]}}]) | \
    (W("you have") + NUM + W("or less life")).set_parse_action(lambda t: [{"life_at_most": t[0]}]) | CONDITION
_HOST_IS = (choice({"enchanted creature": "enchanted", "enchanted permanent": "enchanted", "equipped creature": "equipped"}) +
            W("is") + W("a", "an") + _PLAIN + pp.ZeroOrMore(W("or a", "or an") + _PLAIN)).set_parse_action(
    lambda t: [(t[0], {"host_is": {"filter": _one([x["filter"] for x in t[1:]])}})])
_IT_GETS = (W("it gets") + pp.Opt(W("an additional")) + SIGNED_PT).set_parse_action(lambda t: [{"pt": t[0]}]) | \
    (W("it has") + _KW_LIST).set_parse_action(lambda t: [{"grant": t[0]}])
HOST_AS_LONG_AS = (W("as long as") + _HOST_IS + W(",") + _IT_GETS).set_parse_action(
    lambda t: [[{t[0][0]: t[1], "if": t[0][1]}]])
_PT_AND_RESTRICT = (pp.Literal("~").suppress() + W("gets", "get") + SIGNED_PT + W("and") + choice(_RESTRICT)
                    ).set_parse_action(lambda t: [[{"layer": "7c", "affected": {"self": True}, "pt": t[0]},
                                                   {"keywords": _kws(t[1])}]])
_S_BODIES = _PT_AND_RESTRICT | _OLD_BODIES
AS_LONG_AS_S = (W("as long as") + _S_COND + pp.Literal(",").suppress() + _S_BODIES).set_parse_action(_as_long_as) | \
    (_S_BODIES + W("as long as") + _S_COND).set_parse_action(lambda t: _as_long_as([t[1], t[0]]))

# 702.95: "as long as ~ is paired with another creature, each of those creatures gets +1/+1 / both creatures have …"
_PAIRED_WHO = W("each of those creatures", "both creatures").set_parse_action(lambda: [{"paired_with_source": True}])
PAIRED = (W("as long as ~ is paired with another creature,") + _PAIRED_WHO + _BODY).set_parse_action(
    lambda t: _as_long_as([{"paired": True}, _anthem([t[0], t[1]])[0]]))

S_STATIC = (PAIRED | HOST_AS_LONG_AS | AS_LONG_AS_S | PREVENT_REMOVE | REVEAL_OR_TAPPED | TOUGHNESS_CDA | CDA_EACH | POWER_TOUGHNESS_PLUS | CDA_PLUS | AS_LONG_AS_IT | BLOCKED_EXCEPT_BY | BLOCKED_BY | CANT_BLOCK_THESE | ENTERS_TAPPED_COUNTERS | ENTERS_COUNTERS_IF |
            PREVENT_TO_AND_BY | PREVENT_TO | PREVENT_BY) + pp.Opt(pp.Literal(".")).suppress()
STATIC = S_STATIC | _OLDER
