"""Effect clauses of family ES (issue 21), registered with the effect grammar's first-word dispatch
(``effects.CLAUSE``): untap locks (502.3) — "those creatures don't untap during their controller's next untap
step" (``skip_untap``) and "that creature doesn't untap during its controller's untap step for as long as you
control ~" (``no_untap_while_you_control``, 611.2b; engine/game/mechanics/untap_locks.py)."""
from __future__ import annotations

import pyparsing as pp

from .base import W
from .effects import CLAUSE
from .filters import OBJ_REF


def register(word: str, alt: pp.ParserElement) -> None:
    """Put ``alt`` before the clauses already dispatched on ``word`` (more specific first)."""
    old = CLAUSE.by_word.get(word)
    CLAUSE.by_word[word] = alt if old is None else pp.MatchFirst([alt, old])


NO_UNTAP_THEM = (OBJ_REF + W("don't untap during their controller's next untap step",
                             "don't untap during their controllers' next untap steps")).set_parse_action(
    lambda t: [{"skip_untap": t[0]}])
NO_UNTAP_WHILE = (OBJ_REF + W("doesn't untap during its controller's untap step for as long as you control ~")
                  ).set_parse_action(lambda t: [{"no_untap_while_you_control": t[0]}])
for _w in ("those", "they", "them"):
    register(_w, NO_UNTAP_THEM)
for _w in ("that", "it"):
    register(_w, NO_UNTAP_WHILE)
