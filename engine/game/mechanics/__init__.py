"""Card mechanics as modules: each registers with the engine's machinery (engine.vocabulary hooks)."""
from . import (afflict, alt_costs, animate, cost_helpers, bestow, combat_events, control, delayed, enter_counters, equipment, evasion,  # noqa: F401
               enrage, flashback, gods, graveyard_instead, keyword_triggers, monstrosity, morph, outlast, turn_history,
               persist_undying, prevention, protection, prowess, regenerate, trigger_mods,
               ward)  # (registration)
