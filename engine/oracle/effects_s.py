"""Effect clauses of family S (issue 21), registered with the effect grammar's first-word dispatch
(``effects.CLAUSE``): prevention shields against a source of your choice (615.7, 609.7a).  (Switching P/T and
base P/T until end of turn are `effects.SWITCH_PT` / `effects.BASE_PT`, one grammar for both.)"""
from __future__ import annotations

import pyparsing as pp

from .base import W, choice
from .vocab import COLORS
from .effects import CLAUSE
from .filters import TARGET

def _register(word: str, alt: pp.ParserElement) -> None:
    old = CLAUSE.by_word.get(word)
    CLAUSE.by_word[word] = alt if old is None else pp.MatchFirst([alt, old])


# 615.7/609.7a: "the next time a [red] source of your choice would deal damage to you this turn, prevent that
# damage" (a shield against one chosen source) and "prevent all damage a source of your choice would deal to you
# this turn"
_SOURCE = (W("a", "an") + pp.Opt(choice({**{c: {"colors": l} for c, l in COLORS.items()},
                                          "artifact": {"types": ["Artifact"]}}), default={}) +
           W("source of your choice")).set_parse_action(lambda t: [t[0]])
_RECIPIENT = choice({"you": "you"}) | TARGET
PREVENT_NEXT_FROM = (W("the next time") + _SOURCE + W("would deal damage to") + _RECIPIENT +
                     W("this turn, prevent that damage")).set_parse_action(
    lambda t: [{"prevent_source": {"filter": t[0], "to": t[1], "once": True}}])
PREVENT_ALL_FROM = (W("prevent all damage") + _SOURCE + W("would deal to") + _RECIPIENT + W("this turn")
                    ).set_parse_action(lambda t: [{"prevent_source": {"filter": t[0], "to": t[1]}}])
_register("the", PREVENT_NEXT_FROM)
_register("prevent", PREVENT_ALL_FROM)
