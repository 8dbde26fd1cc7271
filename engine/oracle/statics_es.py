"""Static abilities and replacement effects of clause family ES (issue 21), tried before ``statics_s.STATIC``
(more specific clauses first).  Importing it also registers the family's effect clauses
(``prevention.py``).  Tables are data: a new phrase of a known construction is one table entry.

- static prevention to or by a SET (615.1): "prevent all [combat|noncombat] damage that would be dealt to
  <set> [by <sources>]", "… to you and <set>" (two statics: either recipient), "… dealt by <set>" →
  ``prevent_damage`` with a FILTER read from the static's source (engine/game/mechanics/prevention_statics.py);
"""
from __future__ import annotations

import pyparsing as pp

from . import prevention  # noqa: F401  (registers the family's prevention effect clauses)
from .base import W, choice, guard
from .effects import COUNTER_KIND
from .filters import SET_BARE
from .quantities import EQUAL_TO, X_IS
from .statics import _ENTERS
from .statics_s import STATIC as _OLDER, _OBJECTS, _PREVENT_WHO, _one

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

ES_STATIC = (ENTERS_NUMBER_OF | ENTERS_WHERE_X | PREVENT_SET_TO | PREVENT_SET_BY) + pp.Opt(pp.Literal(".")).suppress()
STATIC = ES_STATIC | _OLDER
