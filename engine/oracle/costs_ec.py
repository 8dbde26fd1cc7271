"""Cost changes of clause family ec (issue 21), tried before the statics of ``statics_ex.py`` (601.2f, 602.2b):

- "~ costs {N} less/more to cast if <condition>" with the conditions of the tables below (the condition
  grammar of the "as long as" statics, then this family's ``_COST_COND``), also two at once ("… if A and {N}
  less to cast if B", "… if A. it also costs {N} less to cast if B": two reductions, 601.2f adds them up);
- "~ costs {N} less to cast if it targets <object>" (601.2c: the targets are chosen before the total cost is
  determined, 601.2f) and "~ costs {M} more to cast for each target beyond the first" (strive, 207.2c);
- "~ costs {x} less to cast, where x is <value>" (the values of ``quantities.X_IS``);
- "this ability costs {N} less/more to activate for each <objects> / if <condition>" (602.2b applies 601.2f to
  activated abilities): an activated-ability cost key read by the `total_cost` expectation with `ability:`.

Tables are data: a new condition is one entry of ``_COST_COND``; the engine side is
engine/game/mechanics/cost_changes.py (``total_cost``).
"""
from __future__ import annotations

import pyparsing as pp

from . import mana_ec  # noqa: F401  (registers the family's mana clauses)
from .base import MANA_COST, NUM_ONLY, V, W, choice, guard
from .filters import OBJECT
from .quantities import FOR_EACH, X_IS
from .statics_es import _ES_COND
from .statics_ea import STATIC as _OLDER

_MORE_LESS = choice({"less": "less", "more": "more"})
_A = W("a", "an")

# conditions a cost change reads (601.2f: checked as the total cost is determined); keys of engine/game/
_COST_COND = (
    (W("an opponent controls") + _A + OBJECT).set_parse_action(
        lambda t: [{"opponent_controls": {"filter": t[0]["filter"]}}]) |
    (W("you've gained") + NUM_ONLY + W("or more life this turn")).set_parse_action(
        lambda t: [{"gained_life_at_least": t[0]}]) |
    (W("you have") + NUM_ONLY + W("or more") + OBJECT).set_parse_action(guard(
        lambda t: t[1].get("zone") == "graveyard" and t[1]["filter"].get("owner") == "you",
        lambda t: [{"count_at_least": {"n": t[0], "zone": "graveyard", "filter": t[1]["filter"]}}])) |
    (W("you've cast") + choice({"a": False, "an": False, "another": True}) + OBJECT + W("this turn")
     ).set_parse_action(guard(lambda t: t[1]["kind"] == "spell" and not t[1].get("zone"),
                              lambda t: [{"cast_spell_this_turn": {"filter": t[1]["filter"], "other": t[0]}}])) |
    (W("an opponent has") + NUM_ONLY + W("or more cards in their") + choice({"graveyard": "graveyard", "hand": "hand"})
     ).set_parse_action(lambda t: [{"opponent_zone_at_least": {"n": t[0], "zone": t[1]}}]) |
    (W("there is a", "there is an") + OBJECT).set_parse_action(guard(
        lambda t: t[0].get("zone") == "graveyard" and t[0]["filter"].get("owner") == "you",
        lambda t: [{"count_at_least": {"n": 1, "zone": "graveyard", "filter": t[0]["filter"]}}])) |
    _ES_COND)


def _self(t, **kw):
    return {"cost_modifier": {"self": True, t[1]: t[0], **kw}}


_SELF = W("~ costs") + MANA_COST + _MORE_LESS + W("to cast")
_AGAIN = W("and", ". it also costs", ". ~ also costs") + MANA_COST + _MORE_LESS + W("to cast if")
# "~ costs {1} less to cast if A and {1} less to cast if B" — two reductions, each with its own condition
SELF_IF = (_SELF + W("if") + _COST_COND + pp.Opt(_AGAIN + _COST_COND)).set_parse_action(
    lambda t: [[_self(t, **{"if": t[2]})] + ([_self(t[3:], **{"if": t[5]})] if len(t) > 3 else [])])
# 601.2c/601.2f: "if it targets a blue permanent"
SELF_TARGETS = (_SELF + W("if it targets") + _A + OBJECT).set_parse_action(guard(
    lambda t: t[2]["kind"] in ("permanent", "spell") and not t[2].get("zone"),
    lambda t: [[_self(t, targets=t[2]["filter"])]]))
# strive (207.2c ability word): "~ costs {2}{U} more to cast for each target beyond the first"
SELF_PER_TARGET = (_SELF + W("for each target beyond the first")).set_parse_action(
    lambda t: [[_self(t, per_target=1)]]) | \
    (_SELF + W("for each target")).set_parse_action(lambda t: [[_self(t, per_target=0)]])
# "~ costs {x} less to cast, where x is <value>": {X} is one generic mana per point of the value (107.3)
SELF_WHERE_X = (W("~ costs {x}") + _MORE_LESS + W("to cast, where x is") + X_IS).set_parse_action(
    lambda t: [[{"cost_modifier": {"self": True, t[0]: "{1}", "per": t[1]}}]])
# values of "for each …" this family reads beyond ``quantities.FOR_EACH`` (a table: phrase → VALUE)
_PER_EC = choice({"for each opponent you have": "count:opponents", "for each creature in your party": "party:you",
                  "for each basic land type among lands you control": "basic_land_types:you"})
SELF_PER_EC = (_SELF + _PER_EC).set_parse_action(lambda t: [[_self(t, per=t[2])]])

_EC_LATE = pp.Forward()
# whole lines only: a line this family reads in part is left to the older statics (``_OLDER``)
EC_STATIC = (SELF_WHERE_X | SELF_PER_TARGET | SELF_TARGETS | SELF_IF | SELF_PER_EC | _EC_LATE) + \
    pp.Opt(pp.Literal(".")).suppress() + pp.StringEnd()
STATIC = EC_STATIC | _OLDER

# 602.2b: "this ability costs {1} less to activate for each legendary creature you control" / "… if …" — the last
# sentence of an activated ability's text (lines._activated), a cost key of that ability
_ABILITY = W("this ability costs") + MANA_COST + _MORE_LESS + W("to activate")
ABILITY_COST_MOD = ((_ABILITY + (_PER_EC | FOR_EACH)).set_parse_action(
    lambda t: [{"cost_modifier": {t[1]: t[0], "per": t[2]}}]) |
    (_ABILITY + W("if") + _COST_COND).set_parse_action(
        lambda t: [{"cost_modifier": {t[1]: t[0], "if": t[2]}}])) + pp.Opt(pp.Literal(".")).suppress()

# 702.8a / 601.3: the card's own permission to be cast as though it had flash (engine/game/mechanics/flash_self.py)
_FLASH = W("you may cast ~ as though it had flash")
FLASH_SELF = (pp.Opt((W("if") + _COST_COND + pp.Literal(",").suppress()).set_parse_action(lambda t: [{"if": t[0]}])) +
              _FLASH + pp.Opt(
                  (W("if you pay") + MANA_COST + W("more to cast it")).set_parse_action(lambda t: [{"more": t[0]}]) |
                  V(". if you cast it any time a sorcery couldn't have been cast, the controller of the permanent it "
                    "becomes sacrifices it at the beginning of the next cleanup step", {"sacrifice_at_cleanup": True}))
              ).set_parse_action(lambda t: [[{"flash_self": {k: v for d in t for k, v in d.items()}}]])

# 601.2f statics changing other spells' costs: "white spells you cast cost {W} more to cast" (mana, 118.7),
# "creature spells you cast cost {1} less to cast for each …", "spells your opponents cast that target ~ cost {2}
# more to cast" (601.2c), "each spell costs {3} more to cast except during its controller's turn"
_CASTER = choice({"you cast": {"controller": "you"}, "your opponents cast": {"controller": "opponent"}})
_GENERIC = pp.Regex(r"\{\d+\}").set_parse_action(lambda t: [int(t[0][1:-1])])


def _signed(n, ml):
    return n if ml == "more" else -n


_SPELLS = (OBJECT + pp.Opt(_CASTER, default={})).set_parse_action(guard(
    lambda t: t[0]["kind"] == "spell" and not t[0].get("zone") and not (t[1] and "controller" in t[0]["filter"]),
    lambda t: [dict(t[0]["filter"], **t[1])]))
OTHERS_MANA = (_SPELLS + W("cost") + MANA_COST + _MORE_LESS + W("to cast")).set_parse_action(guard(
    lambda t: any(c in t[1] for c in "WUBRGC"), lambda t: [[{"cost_modifier": {"filter": t[0], t[2]: t[1]}}]]))
OTHERS_PER = (_SPELLS + W("cost") + _GENERIC + _MORE_LESS + W("to cast") + (_PER_EC | FOR_EACH)).set_parse_action(
    lambda t: [[{"cost_modifier": {"filter": t[0], "generic": _signed(t[1], t[2]), "per": t[3]}}]])
_THAT_TARGET = choice({"spells you cast that target ~": {"controller": "you"},
                       "spells your opponents cast that target ~": {"controller": "opponent"},
                       "spells that target ~": {}})
OTHERS_TARGETING = (_THAT_TARGET + W("cost") + _GENERIC + _MORE_LESS + W("to cast")).set_parse_action(
    lambda t: [[{"cost_modifier": {"filter": t[0], "generic": _signed(t[1], t[2]), "targets_source": True}}]])
DEFENSE = (W("each spell costs") + _GENERIC + _MORE_LESS + W("to cast except during its controller's turn")
           ).set_parse_action(lambda t: [[{"cost_modifier": {"filter": {}, "generic": _signed(t[0], t[1]),
                                                             "unless_controllers_turn": True}}]])
_EC_LATE <<= FLASH_SELF | OTHERS_TARGETING | DEFENSE | OTHERS_MANA | OTHERS_PER
