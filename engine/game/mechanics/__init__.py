"""Card mechanics as modules: each registers with the engine's machinery (engine.vocabulary hooks)."""
from . import bestow, gods, monstrosity, persist_undying, protection, prowess, trigger_mods  # noqa: F401  (registration)
