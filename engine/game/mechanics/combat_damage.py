"""How much combat damage a creature assigns and to whom (group ek, issue 21): "assigns combat damage equal to its
toughness rather than its power" (510.1a) and "you may have ~ assign its combat damage as though it weren't
blocked" (510.1c: the attacking creature's controller chooses, `may`, as combat damage is assigned)."""
from __future__ import annotations

from ... import vocabulary as V

V.keyword("damage_by_toughness", "510.1a")
V.keyword("damage_as_unblocked", "510.1c")


def combat_amount(c) -> int:
    """510.1a: a creature assigns combat damage equal to its power — or to its toughness, with
    `damage_by_toughness`."""
    return c.toughness if "damage_by_toughness" in c.keywords else c.power


def as_though_unblocked(g, a, c) -> bool:
    """510.1c: a blocked attacker with `damage_as_unblocked` whose controller chooses so (`may: yes`) assigns all
    its combat damage to the player or planeswalker it attacks."""
    if "damage_as_unblocked" not in c.keywords:
        return False
    yes = g.choose_yes(a.controller, f"{a.name}: assign its combat damage as though it weren't blocked?", ("may",))
    if yes:
        g.log("510.1c", f"{a.name} assigns its combat damage as though it weren't blocked")
    return yes
