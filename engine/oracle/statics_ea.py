"""Static abilities and effect clauses of family ea (issue 21: enters-the-battlefield replacements and counters),
tried before the statics of ``statics_ex.py``.  Tables are data: a new phrase of a known construction is one entry.

- counter replacements (614.1a, 616.1): "if one or more <kind> counters would be put on <object>, that many plus
  N / twice that many / that many … minus N <kind> counters are put on it instead" → ``counter_modifier``
  (engine/game/mechanics/counter_replacements.py);
- "double the number of <kind> counters on <objects>", "double the number of each kind of counter on …" (122.8)
  → ``double_counters``; "distribute N <kind> counters among <targets>" (601.2d) → ``counters_divided``;
- "~ enters tapped unless you have two or more opponents" (614.1c with a condition of this table).
"""
from __future__ import annotations

import pyparsing as pp

from .base import MANA_COST, NUM, NUM_ONLY, W, choice, guard
from .costs import COST_ITEM
from .effects import COUNTER_KIND, MANY, ONE
from .effects_es import register
from .filters import INDEF, OBJECT
from .statics import _ENTERS
from .statics_el import STATIC as _OLDER
from .trigger_events import EVENTS as _TRIGGER_EVENTS
from .triggers import EVENT as _TRIGGER_HEAD_EVENTS
from .vocab import COLORS

# ---------------------------------------------------------------- 614.1a counter replacements
_KIND_OPT = pp.Opt(COUNTER_KIND, default="")
_ON = (pp.Literal("~").set_parse_action(lambda: [{"self": True}]) |
       (W("a", "an") + OBJECT).set_parse_action(guard(lambda t: t[0]["kind"] == "permanent" and not t[0].get("zone")
                                                      and "enchanted" not in t[0]["filter"],
                                                      lambda t: [t[0]["filter"]])))
_PUT_ON_IT = W("are put on it instead", "are put on that creature instead", "are put on that permanent instead",
               "are put on him instead", "are put on her instead")
# the result names the kind again: (op, amount, kind); "of each of those kinds of counters" is every kind
_RESULT = (W("that many plus") + NUM_ONLY + COUNTER_KIND + W("counters")).set_parse_action(
    lambda t: [("plus", t[0], t[1])]) | \
    (W("that many plus") + NUM_ONLY + W("of each of those kinds of counters")).set_parse_action(
        lambda t: [("plus", t[0], "")]) | \
    (W("that many") + COUNTER_KIND + W("counters minus") + NUM_ONLY).set_parse_action(
        lambda t: [("plus", -t[1], t[0])]) | \
    (choice({"twice": 2, "three times": 3}) + W("that many") + COUNTER_KIND + W("counters")).set_parse_action(
        lambda t: [("times", t[0], t[1])])


def _counter_mod(t):
    kind, on, (op, n, again) = t[0], t[1], t[2]
    mod = {"on": on, op: n}
    if kind:
        mod["kind"] = kind
    return [[{"counter_modifier": mod}]]


COUNTER_MOD = (W("if one or more") + _KIND_OPT + W("counters would be put on") + _ON + W(",") + _RESULT +
               _PUT_ON_IT).set_parse_action(guard(lambda t: t[2][2] == t[0], _counter_mod))

# ---------------------------------------------------------------- counters on objects


def _to(to) -> dict:
    """"on each creature you control": every permanent matching the filter (``to: each`` + ``filter``)."""
    return {"to": "each", "filter": to["each"]} if isinstance(to, dict) and "each" in to else {"to": to}


DOUBLE_COUNTERS = (W("double the number of") + COUNTER_KIND + W("counters on") + MANY).set_parse_action(
    lambda t: [{"double_counters": dict(kind=t[0], **_to(t[1]))}]) | \
    (W("double the number of each kind of counter on") + ONE).set_parse_action(
        lambda t: [{"double_counters": {"to": t[0]}}]) | \
    (W("double the number of") + COUNTER_KIND + W("counters on each of those creatures")).set_parse_action(
        lambda t: [{"double_counters": {"kind": t[0], "to": {"ref": "them"}}}])
# 601.2d: the division among the targets is the controller's (at least one counter each)
_AMONG = choice({"up to two target creatures": {"kind": "creature", "up_to": 2},
                 "up to three target creatures": {"kind": "creature", "up_to": 3},"one or two target creatures": {"kind": "creature", "up_to": 2},
                 "one, two, or three target creatures": {"kind": "creature", "up_to": 3},
                 "any number of target creatures": {"kind": "creature", "up_to": "any"},
                 "one or two target creatures you control": {"kind": "creature", "up_to": 2,
                                                             "filter": {"controller": "you"}},
                 "one, two, or three target creatures you control": {"kind": "creature", "up_to": 3,
                                                                     "filter": {"controller": "you"}},
                 "any number of target creatures you control": {"kind": "creature", "up_to": "any",
                                                                "filter": {"controller": "you"}}})
DISTRIBUTE = (W("distribute") + NUM + COUNTER_KIND + W("counters", "counter") + W("among") + _AMONG
              ).set_parse_action(lambda t: [{"counters_divided": {"n": t[0], "kind": t[1], "to": {"target": t[2]}}}])
register("double", DOUBLE_COUNTERS)
register("then", W("then") + DOUBLE_COUNTERS)
register("distribute", DISTRIBUTE)

# ---------------------------------------------------------------- counters as costs (602.2b, 122.8)
# "remove any number of storage counters from ~" (the number is the player's, recorded for "… removed this way");
# "remove a +1/+1 counter from a creature you control" / "two … from among creatures you control"; "… and
# sacrifice it" after a cost naming ~ ("it" is ~)
_FROM_AMONG = (W("from a", "from an") + OBJECT).set_parse_action(guard(
    lambda t: t[0]["kind"] == "permanent" and not t[0].get("zone") and "enchanted" not in t[0]["filter"],
    lambda t: [t[0]["filter"]])) | \
    (W("from among") + OBJECT).set_parse_action(guard(
        lambda t: t[0]["kind"] == "permanent" and not t[0].get("zone") and "enchanted" not in t[0]["filter"],
        lambda t: [t[0]["filter"]]))
REMOVE_ANY = (W("remove any number of") + COUNTER_KIND + W("counters from ~")).set_parse_action(
    lambda t: [{"remove_any_counters": {"kind": t[0]}}])
REMOVE_FROM = (W("remove") + NUM + COUNTER_KIND + W("counters", "counter") + _FROM_AMONG).set_parse_action(
    lambda t: [{"remove_counters_from": {"kind": t[1], "n": t[0], "filter": t[2]}}])
SAC_IT = W("sacrifice it").set_parse_action(lambda: [{"sacrifice_self": True}])
for _item in (REMOVE_ANY, REMOVE_FROM, SAC_IT):
    COST_ITEM.append(_item)
# 106.4: "add {C} for each storage counter removed this way" (the cost's count of that kind)
_SYM = MANA_COST.copy().add_parse_action(lambda t: [t[0].replace("{", "").replace("}", "")]).add_condition(
    lambda t: t[0].isalpha() and len(t[0]) == 1)
ADD_PER_REMOVED = (W("add") + _SYM + W("for each") + COUNTER_KIND + W("counter removed this way")).set_parse_action(
    lambda t: [{"add_mana": {"mana": t[0], "n": f"removed_this_way:{t[1]}"}}])
register("add", ADD_PER_REMOVED)
# "add {B}, then add an additional {B} for each charge counter removed this way" (the mana batteries)
ADD_PLUS_REMOVED = (W("add") + _SYM + W(", then add an additional") + _SYM + W("for each") + COUNTER_KIND +
                    W("counter removed this way")).set_parse_action(guard(
    lambda t: t[0] == t[1], lambda t: [{"add_mana": {"mana": t[0], "n": {"sum": [1, f"removed_this_way:{t[2]}"]}}}]))
register("add", ADD_PLUS_REMOVED)

# 122.8 "remove all <kind> counters from <object>" / "remove all counters from <object>"
REMOVE_ALL = (W("remove all") + _KIND_OPT + W("counters from") + ONE).set_parse_action(
    lambda t: [{"remove_all_counters": dict({"from": t[1]}, **({"kind": t[0]} if t[0] else {}))}])
register("remove", REMOVE_ALL)
# 122.5 "move a +1/+1 counter from <object> onto <object>" — removed from one, put on the other
_SECOND = W("another target creature", "a second target creature").set_parse_action(
    lambda: [{"target": {"kind": "creature"}}])
MOVE_COUNTER = (W("move") + NUM + COUNTER_KIND + W("counter", "counters") + W("from") + ONE + W("onto") +
                (_SECOND | ONE)).set_parse_action(
    lambda t: [{"move_counters": {"n": t[0], "kind": t[1], "from": t[2], "to": t[3]}}])
register("move", MOVE_COUNTER)

# ---------------------------------------------------------------- 122.6 "whenever one or more counters are put on …"
_PERMANENT = OBJECT.copy().add_parse_action(guard(
    lambda t: t[0]["kind"] == "permanent" and not t[0].get("zone") and "enchanted" not in t[0]["filter"],
    lambda t: [t[0]["filter"]]))
_PUT_ON = pp.Literal("~").set_parse_action(lambda: [{"self": True}]) | \
    (W("another") + _PERMANENT).set_parse_action(lambda t: [dict(t[0], other=True)]) | \
    (W("a", "an") + _PERMANENT)
COUNTERS_PUT = (W("one or more") + _KIND_OPT + W("counters are put on") + _PUT_ON).set_parse_action(
    lambda t: [dict({"event": "counters_put", "object": t[1]}, **({"counter_kind": t[0]} if t[0] else {}))])
# 603.6a with the permanent's status as it entered (614.1c): "when ~ enters untapped" (after "enters tapped unless …")
ENTERS_UNTAPPED = W("~ enters the battlefield untapped", "~ enters untapped").set_parse_action(
    lambda: [{"event": "enters", "object": {"self": True, "tapped": False}}])
_TRIGGER_EVENTS.append(COUNTERS_PUT)
_TRIGGER_HEAD_EVENTS.exprs.insert(0, ENTERS_UNTAPPED)     # before "~ enters" (an ordered choice)

# ---------------------------------------------------------------- 614.1c enters tapped unless …
_EA_COND = (W("you have") + NUM_ONLY + W("or more opponents")).set_parse_action(lambda t: [{"opponents_at_least": t[0]}])
ENTERS_TAPPED_UNLESS_EA = (_ENTERS + W("tapped unless") + _EA_COND).set_parse_action(
    lambda t: [{"enters_tapped": {"unless": t[0]}}])

# ---------------------------------------------------------------- 614.12 choices as it enters, and their readers
_AS_ENTERS = W("as ~ enters the battlefield,", "as ~ enters,")
CHOOSE_COLOR_EXCEPT = (_AS_ENTERS + W("choose a color other than") + choice(COLORS)).set_parse_action(
    lambda t: [{"enters_choice": {"color": {"except": t[0]}}}])
ADD_OR_CHOSEN = (W("add") + _SYM + W("or one mana of the chosen color")).set_parse_action(
    lambda t: [{"add_mana": {"one_of": [t[0], "chosen"]}}])
register("add", ADD_OR_CHOSEN)
PROTECTION_CHOSEN = W("~ has protection from the chosen color").set_parse_action(
    lambda: [[{"protection_from_chosen": {"self": True}}]])
IS_CHOSEN_TYPE = W("~ is the chosen type in addition to its other types").set_parse_action(
    lambda: [[{"is_chosen_type": True}]])
ENTERS_ADDITIONAL = (W("each other") + _PERMANENT + W("enters the battlefield with an additional", "enters with an additional") +
                     COUNTER_KIND + W("counter on it")).set_parse_action(
    lambda t: [[{"enters_with_additional": {"filter": dict(t[0], other=True), "counters": {t[1]: 1}}}]]) | \
    (W("each other") + _PERMANENT + W("enters the battlefield with", "enters with") + NUM_ONLY + W("additional") +
     COUNTER_KIND + W("counters on it")).set_parse_action(
        lambda t: [[{"enters_with_additional": {"filter": dict(t[0], other=True), "counters": {t[2]: t[1]}}}]])

# 614.1c / 122.1b: "~ enters with your choice of a flying counter or a first strike counter on it", "… of a +1/+1,
# first strike, or vigilance counter on it", "… of two different counters on it from among menace, deathtouch, and
# lifelink" (keyword counters are the engine's keyword names)
_CKIND = COUNTER_KIND.copy().add_parse_action(lambda t: [t[0].replace(" ", "_")])
_A = W("a", "an")
_ONE_OF = (_A + _CKIND + W("counter or") + _A + _CKIND + W("counter on it")).set_parse_action(
    lambda t: [{"kinds": list(t), "n": 1}]) | \
    (_A + _CKIND + pp.OneOrMore(W(",") + _CKIND) + W(", or") + _CKIND + W("counter on it")).set_parse_action(
        lambda t: [{"kinds": list(t), "n": 1}]) | \
    (NUM_ONLY + W("different counters on it from among") + _CKIND + pp.OneOrMore(W(",") + _CKIND) + W(", and") +
     _CKIND).set_parse_action(lambda t: [{"kinds": list(t[1:]), "n": t[0]}])
ENTERS_COUNTER_CHOICE = (_ENTERS + W("with your choice of") + _ONE_OF).set_parse_action(guard(
    lambda t: len(set(t[0]["kinds"])) == len(t[0]["kinds"]) and t[0]["n"] <= len(t[0]["kinds"]),
    lambda t: [[{"enters_with_counter_choice": t[0]}]]))

# 614.1c: "if ~ would enter, sacrifice <N> <permanents> instead. if you do, put ~ onto the battlefield. if you don't,
# put it into its owner's graveyard."
ENTER_SACRIFICE = (W("if ~ would enter the battlefield, sacrifice", "if ~ would enter, sacrifice") + INDEF +
                   W("instead. if you do, put ~ onto the battlefield. if you don't, put it into its owner's graveyard")
                   ).set_parse_action(guard(
    lambda t: t[0]["kind"] == "permanent" and not t[0].get("zone") and not set(t[0]["filter"]) & {"enchanted", "other"},
    lambda t: [[{"enter_sacrifice": {"n": t[0]["n"], "filter": t[0]["filter"]}}]]))

# 702.138c: "~ escapes with N <kind> counters on it" — it enters with them if it was cast with escape
ESCAPES_WITH = (W("~ escapes with") + NUM + COUNTER_KIND + W("counters on it", "counter on it")).set_parse_action(
    lambda t: [[{"enters_with_counters": {t[1]: t[0]}, "if": {"escaped": True}}]])

# 614.1c + 502.3: "~ enters tapped and doesn't untap during your untap step"
ENTERS_TAPPED_LOCKED = (_ENTERS + W("tapped and doesn't untap during your untap step")).set_parse_action(
    lambda: [[{"enters_tapped": True}, {"keywords": ["doesnt_untap"]}]])

EA_STATIC = (COUNTER_MOD | ENTERS_TAPPED_LOCKED | ESCAPES_WITH | ENTER_SACRIFICE | ENTERS_COUNTER_CHOICE | ENTERS_TAPPED_UNLESS_EA | CHOOSE_COLOR_EXCEPT | PROTECTION_CHOSEN | IS_CHOSEN_TYPE |
             ENTERS_ADDITIONAL) + pp.Opt(pp.Literal(".")).suppress()
STATIC = EA_STATIC | _OLDER
