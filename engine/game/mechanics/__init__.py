"""Card mechanics as modules: each registers with the engine's machinery (engine.vocabulary hooks)."""
from . import (activation_costs, activation_limits, afflict, alt_costs, animate, bestow, cast_limits, characteristic_pt, chosen_type, control_auras, alternative_cost, cost_changes, cost_helpers, cost_keywords, cumulative_upkeep, cycling, doubling, combat_events, control, delayed, enter_counters, equipment, evasion,  # noqa: F401
               enrage, enters_tapped, evolve, exile_instead, foretell, exile_until, flashback, gods, graveyard_instead, impulse, keyword_triggers, madness, monstrosity, morph, outlast, turn_history,
               persist_undying, prevention, suspend, protection_choice, rebound, tapping, targeted, protection, prowess, regenerate, trigger_mods,
               ward)  # (registration)
