"""Effect clauses of family EV (issue 21): durations "for as long as …" (611.2b), registered with the effect
grammar's first-word dispatch (``effects.CLAUSE``) before the clauses already there.  The durations are a table
(``DURATIONS``: phrase → the engine's duration kind, engine/game/mechanics/durations.py):

- "target creature gets +1/+1 [and has trample] for as long as ~ remains tapped" → ``pump`` with ``until:
  {while: KIND}``; "another target permanent gains indestructible for as long as you control ~";
- "gain control of target creature for as long as you control ~ [and ~ remains tapped]" → ``gain_control``;
- "it doesn't untap during its controller's untap step for as long as ~ remains tapped" → ``no_untap_while``.
"""
from __future__ import annotations

import pyparsing as pp

from .base import PT, SIGNED_PT, W, choice
from .effects import _KW_LIST, _PUMP_WHO, ONE
from .effects_es import register
from .filters import OBJ_REF

DURATIONS = {"for as long as ~ remains tapped": "source_tapped",
             "for as long as you control ~": "you_control_source",
             "for as long as you control ~ and ~ remains tapped": "you_control_source_tapped"}
_WHILE = choice({k: {"while": v} for k, v in DURATIONS.items()})
_WHILE_TAPPED = choice({k: {"while": v} for k, v in DURATIONS.items() if "tapped" in v})   # "you control ~": ES's

_GETS = W("gets", "get")
_BODY = (_GETS + SIGNED_PT + W("and has", "and gains", "and gain", "and have") + _KW_LIST).set_parse_action(
    lambda t: [{"pt": t[0], "grant": t[1]}]) | \
    (_GETS + SIGNED_PT).set_parse_action(lambda t: [{"pt": t[0]}]) | \
    (W("has", "gains", "gain", "have") + _KW_LIST).set_parse_action(lambda t: [{"grant": t[0]}])
PUMP_WHILE = (_PUMP_WHO + _BODY + _WHILE).set_parse_action(lambda t: [{"pump": dict(t[1], affected=t[0], until=t[2])}])
CONTROL_WHILE = (W("gain control of") + ONE + _WHILE).set_parse_action(
    lambda t: [{"gain_control": {"what": t[0], "until": t[1]}}])
UNTAP_WHILE = (OBJ_REF + W("doesn't untap during its controller's untap step",
                           "don't untap during their controllers' untap steps") + _WHILE_TAPPED).set_parse_action(
    lambda t: [{"no_untap_while": {"what": t[0], "while": t[1]["while"]}}])

# 613.4b / 611.2c: "target creature has base power and toughness 4/4 until end of turn" — an animation of P/T only
BASE_PT_EOT = (ONE + W("has base power and toughness") + PT + W("until end of turn")).set_parse_action(
    lambda t: [{"animate": {"what": t[0], "pt": list(t[1]), "until": "end_of_turn"}}])
register("target", BASE_PT_EOT)

for _w in ("target", "another", "all", "each", "creatures", "up", "~", "enchanted", "equipped"):
    register(_w, PUMP_WHILE)
register("gain", CONTROL_WHILE)
for _w in ("that", "it", "those", "they"):
    register(_w, UNTAP_WHILE)
