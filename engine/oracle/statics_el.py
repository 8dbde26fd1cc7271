"""Static abilities of group el (issue 21), tried before ``statics_ex.STATIC`` (the chain: statics_el → statics_ex →
statics_es → statics_s → statics): damage that would be dealt to the permanent itself replaced by counters
(614.1a replacement / 615.1 prevention, engine/game/mechanics/damage_counters.py):

- "if damage would be dealt to ~, put that many +1/+1 counters on it instead" (``mode: add``);
- "if damage would be dealt to ~, prevent that damage and remove that many +1/+1 counters from it" (``mode:
  remove``), "… while it has a +1/+1 counter on it, prevent that damage and remove a +1/+1 counter from ~"
  (``while``: only while it has one; ``n: 1``);
- "if [noncombat] damage would be dealt to ~, prevent that damage. put a -1/-1 counter on ~ for each 1 damage
  prevented this way" (``mode: add``).
Phrases are tables: a new wording of a known construction is one entry."""
from __future__ import annotations

import pyparsing as pp

from .base import W, choice
from .effects import COUNTER_KIND
from .statics_ex import STATIC as _OLDER

_IF = choice({"if damage would be dealt to ~": {}, "if noncombat damage would be dealt to ~": {"noncombat": True}})
_WHILE = pp.Opt((W("while it has a") + COUNTER_KIND + W("counter on it")).set_parse_action(
    lambda t: [{"while": t[0]}]), default={})
_IT = W("it", "~")
_ADD_INSTEAD = (W(", put that many") + COUNTER_KIND + W("counters on") + _IT + W("instead")).set_parse_action(
    lambda t: [{"kind": t[0], "mode": "add", "n": "that_many"}])
_ADD_PER = (W(", prevent that damage. put a") + COUNTER_KIND + W("counter on") + _IT +
            W("for each 1 damage prevented this way")).set_parse_action(
    lambda t: [{"kind": t[0], "mode": "add", "n": "that_many"}])
_REMOVE = (W(", prevent that damage and remove") +
           ((W("that many") + COUNTER_KIND + W("counters")).set_parse_action(lambda t: [{"kind": t[0], "n": "that_many"}]) |
            (W("a") + COUNTER_KIND + W("counter")).set_parse_action(lambda t: [{"kind": t[0], "n": 1}])) +
           W("from") + _IT).set_parse_action(lambda t: [dict(t[0], mode="remove")])


def _static(s, loc, t):
    cond, whl, what = t[0], t[1], t[2]
    if whl and (what["mode"] != "remove" or whl["while"] != what["kind"]):
        raise pp.ParseException(s, loc, "while-counter of another kind")
    return [{"damage_to_counters": dict(what, **cond, **whl)}]


DAMAGE_TO_COUNTERS = (_IF + _WHILE + (_ADD_INSTEAD | _ADD_PER | _REMOVE)).set_parse_action(_static)

EL_STATIC = DAMAGE_TO_COUNTERS + pp.Opt(pp.Literal(".")).suppress()
STATIC = EL_STATIC | _OLDER
