"""Enrage (CR 207.2c: an ability word — "Enrage — Whenever this creature is dealt damage, …"): the
triggered ability as a keyword of a behaviour, so a stand-in described as having an enrage ability ('激昂を
持つ恐竜') has exactly that trigger and no effect beyond it.  It triggers on any damage dealt to it, lethal
damage included: the event happens while it is on the battlefield (603.2, 603.10a does not apply; the state-
based action that destroys it comes later, 704.5g)."""
from __future__ import annotations

from ... import vocabulary as V


@V.keyword_ability("enrage", "207.2c")
def enrage():
    """207.2c: whenever this creature is dealt damage (the effect is the card's own; a stand-in has none)."""
    return [{"event": "dealt_damage", "name": "enrage", "object": {"self": True}, "targets": [], "effects": []}]
