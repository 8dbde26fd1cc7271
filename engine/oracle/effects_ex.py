"""Effect clauses of group ex (issue 21), registered with the effect grammar's first-word dispatch
(``effects.CLAUSE``): the reanimation Aura's return (303.4, engine/game/mechanics/reanimate_aura.py) and its
leaves-the-battlefield sacrifice.

- 'it loses "enchant creature card in a graveyard" and gains "enchant creature put onto the battlefield with ~."
  return enchanted creature card to the battlefield under your control and attach ~ to it' and the "put
  enchanted creature card onto the battlefield [tapped] under your control and attach ~ to it" spelling →
  ``reanimate_enchanted`` (``tapped``);
- "that creature's controller sacrifices it" of "when ~ leaves the battlefield" → ``sacrifice_linked`` (the
  compiler keeps it only in a leaves-the-battlefield trigger of the source, compile._trigger).
"""
from __future__ import annotations

import pyparsing as pp

from .base import W
from .effects_s import _register

_SWITCH = W('it loses "enchant creature card in a graveyard" and gains "enchant creature put onto the battlefield '
            'with ~."')
_TAPPED = pp.Opt(W("tapped").set_parse_action(lambda: [True]), default=False)
_RETURN = (W("return enchanted creature card to the battlefield") + _TAPPED + W("under your control")) | \
    (W("put enchanted creature card onto the battlefield") + _TAPPED + W("under your control"))
REANIMATE = (_SWITCH + _RETURN + W("and attach ~ to it")).set_parse_action(
    lambda t: [{"reanimate_enchanted": {"tapped": True} if t[0] else {}}])
SACRIFICE_LINKED = W("that creature's controller sacrifices it").set_parse_action(lambda: [{"sacrifice_linked": True}])
_register("it", REANIMATE)
_register("that", SACRIFICE_LINKED)
