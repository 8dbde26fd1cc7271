"""Static abilities of clause family EV (issue 21: values, counts, characteristic-defining P/T, conditions), tried
before ``statics_ex.STATIC`` (more specific clauses first).  The values are the whole value grammar of
``quantities.py`` (its tables and ``values_ev.py``), so a new counted phrase is a table entry there:

- 604.3 / 613.4a characteristic-defining P/T: "~'s power and toughness are each equal to <value>", "~'s power is
  equal to <value>" [", and its toughness is equal to <value>"], "~'s toughness is equal to <value>" (layer 7a,
  engine/game/mechanics/characteristic_pt.py);
"""
from __future__ import annotations

import pyparsing as pp

from . import effects_ev  # noqa: F401  (registers the family's effect clauses)
from .base import NUM_ONLY, W
from .quantities import X_IS
from .statics_ex import STATIC as _OLDER

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
CDA_EACH = (W("~'s power and toughness are each equal to") + X_IS).set_parse_action(lambda t: _cda(t[0], t[0]))
CDA_POWER = (_POWER + X_IS + pp.Opt(_AND_TOUGHNESS + (_THAT_NUMBER_PLUS | X_IS))).set_parse_action(
    lambda t: _cda(t[0], None if len(t) == 1 else {"sum": [t[0], t[1][1]]} if isinstance(t[1], tuple) else t[1]))
CDA_TOUGHNESS = (_TOUGHNESS + X_IS).set_parse_action(lambda t: _cda(None, t[0]))

EV_STATIC = (CDA_EACH | CDA_POWER | CDA_TOUGHNESS) + pp.Opt(pp.Literal(".")).suppress()
STATIC = EV_STATIC | _OLDER
