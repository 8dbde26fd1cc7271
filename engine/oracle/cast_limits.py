"""Timing restrictions of a spell (307.5 / 601.3): "Cast this spell only during combat", "… only during the declare
attackers step and only if you've been attacked this step", "… only if CONDITION" → the static
``{cast_only: {during?: PHASE, if?: CONDITION}}`` (engine/game/mechanics/cast_limits.py checks it as the card
is cast).  The phases are a table (data)."""
from __future__ import annotations



from .base import W, choice
from .triggers import CONDITION

# phrase -> the engine's phase word (engine/game/mechanics/cast_limits.py PHASES)
PHASES = {"during combat": "combat", "during the declare attackers step": "declare_attackers",
          "during your declare attackers step": "your_declare_attackers",
          "during the declare blockers step": "declare_blockers",
          "during combat before blockers are declared": "before_blockers_in_combat",
          "during combat after blockers are declared": "after_blockers_in_combat",
          "before blockers are declared": "before_blockers", "before attackers are declared": "before_attackers",
          "before the combat damage step": "before_combat_damage", "after combat": "after_combat",
          "during your turn": "your_turn", "during an opponent's turn": "opponents_turn",
          "during an opponent's upkeep": "opponents_upkeep", "during your end step": "your_end_step",
          "during your upkeep": "your_upkeep", "during combat on an opponent's turn": "combat_opponents_turn",
          "during your turn and only during combat": "combat_your_turn",
          "during the declare blockers step on an opponent's turn": "declare_blockers_opponents_turn"}
_EXTRA_IF = {"you've been attacked this step": {"attacked_this_step": True}}
_COND = choice(_EXTRA_IF) | CONDITION
_PHASE = choice(PHASES).add_parse_action(lambda t: [{"during": t[0]}])
_IF = (W("if") + _COND).set_parse_action(lambda t: [{"if": t[0]}])
CAST_ONLY = (W("cast ~ only") + (
    (_PHASE + W("and only") + _IF).set_parse_action(lambda t: [dict(t[0], **t[1])]) | _PHASE | _IF)
    ).set_parse_action(lambda t: [[{"cast_only": t[0]}]])

__all__ = ["CAST_ONLY", "PHASES"]
