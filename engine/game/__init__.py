"""The game: ``Game`` is a façade composed from one mixin per rules area.

| module | rules |
|---|---|
| ``objects``    | objects and events (400.7, 113, 603.2) |
| ``state``      | players, zones, zone changes, object identity (400, 400.7), destroy (701.7) |
| ``choices``    | queued answers: may/pay (603.5), cards, colours, trigger order (603.3b) |
| ``layers``     | characteristics (613), CDAs (604.3), devotion (700.5) |
| ``filters``    | the FILTER keys |
| ``triggers``   | triggered abilities (603), events and conditions |
| ``targets``    | targets (115) and target kinds |
| ``casting``    | casting (601), lands (305), activation (602), mana abilities (605) |
| ``resolution`` | the stack and resolution (405, 608), values, the effect registry lookup |
| ``actions``    | damage (120), life (119), draw (121), scry (701.22) |
| ``sba``        | state-based actions (704), one check per 704.5x |
| ``combat``     | combat (506-511) |
| ``turns``      | turns, steps and priority (500-514) |
| ``indexed_targets`` | ``target:N``, the N-th written target of a spell or ability (115.1d) |
| ``effects/``   | effects by family, ``@effect("verb")`` |
| ``mechanics/`` | bestow, gods, monstrosity, persist/undying, prowess, trigger modifiers |

Card behaviour comes from ``engine.behaviours`` (data); nothing here knows a card by name.
"""
from __future__ import annotations

from . import conditions, effects, filters, indexed_targets, mechanics  # noqa: F401  (registrations)
from .actions import ActionsMixin
from .casting import CastingMixin
from .choices import ChoicesMixin
from .combat import CombatMixin
from .layers import KEYWORD_COUNTERS, LayersMixin
from .objects import (BASIC_MANA, COLORS, STEP_RULES, STEPS, TOKENS, ZONES, Chars, Ctx, Event, Obj, StackAbility,
                      TokenCard, _second_person, label_matches, split_ordinal, symbols, tname, token_behaviour)
from .resolution import ResolutionMixin
from .sba import SBAMixin
from .state import StateMixin
from .targets import TargetsMixin
from .triggers import TriggersMixin
from .turns import TurnsMixin
from ..vocabulary import FILTERS

MAX_RESOLUTIONS = 400          # runaway loop bound per scenario
MAX_TRIGGERS = 2000

__all__ = ["Game", "STEPS", "STEP_RULES", "TOKENS", "ZONES", "TokenCard", "label_matches", "split_ordinal", "tname",
           "Chars", "Ctx", "Event", "Obj", "StackAbility", "FILTERS", "BASIC_MANA", "COLORS", "KEYWORD_COUNTERS",
           "MAX_RESOLUTIONS", "MAX_TRIGGERS", "symbols", "token_behaviour", "_second_person"]


class Game(StateMixin, ChoicesMixin, LayersMixin, TriggersMixin, TargetsMixin, CastingMixin, ResolutionMixin,
           ActionsMixin, SBAMixin, CombatMixin, TurnsMixin):
    """One game: state (``StateMixin``) and the rules, one mixin per area (see the module table)."""

    def __init__(self, cards, players, strict=True, log=False):
        StateMixin.__init__(self, cards, players, strict, log)
        self.max_resolutions = MAX_RESOLUTIONS      # read at construction: tests may lower the bounds
        self.max_triggers = MAX_TRIGGERS
