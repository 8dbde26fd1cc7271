"""Bestow (702.103): cast as an Aura with enchant creature; when it stops being attached it is an enchantment
creature again.  Registers a cast mode (``mode: bestow``), a characteristics hook (702.103b), the illegal-target
case on resolution (702.103e) and the unattached cases (702.103f) in place of 704.5m."""
from __future__ import annotations

from ...vocabulary import AURA_HOOKS, CHARS_HOOKS, ILLEGAL_TARGET_HOOKS, UNATTACH_HOOKS, cast_mode, hook


def _targets(g, o):
    return [{"kind": "creature"}]                 # 702.103b: an Aura spell with enchant creature


def _check(g, o):
    return "" if o.beh.bestow else f"{o.name} has no bestow"


cast_mode("bestow", _targets, _check, bestowed=True)


@hook(CHARS_HOOKS)
def bestowed_is_aura(g, o, c):
    """702.103b: a bestowed spell/permanent is an Aura enchantment with enchant creature, not a creature
    (a layer 4 type change and a layer 6 ability) — until 702.103e/f end it."""
    if o.bestowed:
        if "Creature" in c.types:
            c.types.remove("Creature")
        c.subtypes = ["Aura"]
        c.keywords.add("enchant_creature")


@hook(ILLEGAL_TARGET_HOOKS)
def resolves_as_creature(g, o) -> bool:
    """702.103e: a bestowed Aura spell with an illegal target is not countered; it stops being an Aura
    spell and resolves as an enchantment creature."""
    if not o.bestowed:
        return False
    g.log("702.103e", f"{o.name}: target illegal, resolves as an enchantment creature")
    g.move(o, "battlefield", controller=o.controller)
    return True


@hook(UNATTACH_HOOKS)
def host_left(g, aura):
    """702.103f: a bestowed Aura that becomes unattached stops being an Aura and is an enchantment creature
    again (no state-based action puts it into the graveyard)."""
    if aura.bestowed:
        aura.bestowed = False
        g.log("702.103f", f"{aura.name} is unattached and becomes an enchantment creature")


@hook(AURA_HOOKS)
def illegal_host(g, aura, c) -> bool:
    """702.103f: a bestowed Aura attached to an illegal object becomes unattached and stops being bestowed —
    it stays on the battlefield as an enchantment creature (instead of 704.5m)."""
    if not aura.bestowed:
        return False
    aura.attached_to = None
    aura.bestowed = False
    g.touch()
    g.log("702.103f", f"{aura.name} becomes unattached and is an enchantment creature again")
    return True
