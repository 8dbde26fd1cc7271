"""Card mechanics as modules: each registers with the engine's machinery (engine.vocabulary hooks)."""
from . import (bestow, enter_counters, evasion, gods, monstrosity, persist_undying, protection, prowess,  # noqa: F401
               regenerate, trigger_mods)  # (registration)
