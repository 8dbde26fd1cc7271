"""Effect clauses of family S (issue 21), registered with the effect grammar's first-word dispatch
(``effects.CLAUSE``): "switch target creature's power and toughness until end of turn" (613.4d, effect
`switch_pt`), "<target / ~> has base power and toughness N/N until end of turn" (613.4b, effect `animate` with
only `pt`)."""
from __future__ import annotations

import pyparsing as pp

from .base import PT, W, choice
from .vocab import COLORS
from .effects import CLAUSE
from .filters import OBJ_REF, TARGET

_WHOSE = choice({"target creature's": {"target": {"kind": "creature", "filter": {}}}, "~'s": {"ref": "self"},
                 "its": {"ref": "it"}, "that creature's": {"ref": "that"}})
SWITCH = (W("switch") + _WHOSE + W("power and toughness until end of turn")).set_parse_action(
    lambda t: [{"switch_pt": t[0]}])
BASE_PT = ((TARGET | OBJ_REF) + W("has base power and toughness") + PT + W("until end of turn")).set_parse_action(
    lambda t: [{"animate": {"what": t[0], "pt": t[1], "until": "end_of_turn"}}])


def _register(word: str, alt: pp.ParserElement) -> None:
    old = CLAUSE.by_word.get(word)
    CLAUSE.by_word[word] = alt if old is None else pp.MatchFirst([alt, old])


_register("switch", SWITCH)
for _w in ("target", "~", "it", "that"):
    _register(_w, BASE_PT)


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
