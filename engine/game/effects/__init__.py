"""The effects, one registry (``engine.vocabulary.EFFECTS``), grouped by family.

Adding an effect = one ``@effect("verb")`` function ``fn(game, arg, ctx)`` in its family module."""
from . import cards, chosen, coin, damage, dice_clash, divided_copy, flow, keyword_actions, library, library_zones, life, mana, permanents, pump, stack, tokens, zones  # noqa: F401  (registration)
