"""Card mechanics as modules: each registers with the engine's machinery (engine.vocabulary hooks)."""
from . import (activation_limits, afflict, alt_costs, animate, bestow, characteristic_pt, chosen_type, control_auras, cost_changes, cost_helpers, doubling, combat_events, control, delayed, enter_counters, equipment, evasion,  # noqa: F401
               enrage, enters_tapped, evolve, exile_instead, exile_until, flashback, gods, graveyard_instead, keyword_triggers, monstrosity, morph, outlast, party, trigger_events, turn_conditions, turn_history,
               persist_undying, prevention, protection_choice, tapping, targeted, protection, prowess, regenerate, trigger_mods,
               ward)  # (registration)
