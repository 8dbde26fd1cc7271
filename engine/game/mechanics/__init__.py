"""Card mechanics as modules: each registers with the engine's machinery (engine.vocabulary hooks)."""
from . import (bestow, control, delayed, enter_counters, equipment, evasion, gods, monstrosity,  # noqa: F401
               persist_undying, prevention, protection, prowess, regenerate, trigger_mods,
               ward)  # (registration)
