"""Mana clauses of clause family ec (issue 21), registered with the effect grammar's first-word dispatch:
"add three mana in any combination of {R} and/or {G}" (106.1b: each mana one of the colours listed) →
`add_mana: {any_color: N, among: "RG"}` (engine/game/effects/mana.py)."""
from __future__ import annotations

import pyparsing as pp

from .base import MANA_COST, NUM, W, choice
from .effects_s import _register

_SYM = MANA_COST.copy().add_condition(lambda t: len(t[0]) == 3 and t[0][1] in "WUBRGC").add_parse_action(
    lambda t: [t[0][1]])
ADD_COMBINATION = (W("add") + (choice({"x": "X", "that much": "event:amount"}) | NUM) +
                   W("mana in any combination of") + _SYM + pp.OneOrMore(W("and/or", "or", ",", ", and/or") + _SYM)
                   ).set_parse_action(lambda t: [{"add_mana": {"any_color": t[0], "among": "".join(t[1:])}}])
_register("add", ADD_COMBINATION)
