"""The value of X (CR 107.3): a fact of the statement, never a default.

A spell or activated ability whose effect reads X (「X点のダメージ」「カードをX枚引く」) has the X its controller announces
(601.2b for a spell, 602.2b for an ability); the engine takes it from the ``cast`` / ``activate`` action (``x``,
default 0).  A reading that casts or activates such a card gets the X the claim states (``situation.x``, read from
「X=3で」「Xを2として」「Xが3の」); without one the claim is not judged — a scenario with X = 0 would decide a
statement about a number it never read.  Only the kinds about whether a spell can be countered, targeted or cast
(701.6, 115, 601.2) do not depend on what the spell does on resolution, and need no X.
"""
from __future__ import annotations

from extractor.facts import Claim, kind_family

from .cards import Cards
from .registry import Reading, Skip

# the kinds whose check ends before the spell resolves: legality of casting, targeting, countering
X_FREE = frozenset({"can_counter", "can_target", "must_target", "can_cast"})


def uses_x(node) -> bool:
    """Whether a compiled spell or ability definition reads X (a value "X", or a cost with {X})."""
    if isinstance(node, dict):
        return any(uses_x(v) for v in node.values())
    if isinstance(node, list):
        return any(uses_x(v) for v in node)
    return isinstance(node, str) and (node == "X" or "{X}" in node)


def _reads_x(cards: Cards, action: dict) -> bool:
    """Whether the card the action casts (its spell) or activates (the ability used) reads X."""
    name = action.get("cast") or action.get("activate")
    if not isinstance(name, str):
        return False
    beh = cards.behaviour(name)
    if beh is None:
        return False
    if "cast" in action:
        return uses_x(beh.spell or {})
    i = action.get("ability") or 1
    return 0 < i <= len(beh.activated) and uses_x(beh.activated[i - 1])


def with_x(claim: Claim, readings: list[Reading], cards: Cards) -> list[Reading]:
    """The readings with the stated X announced for every spell or ability that reads it (107.3); raises
    :class:`Skip` when such a card is cast or activated and the statement gives no X."""
    x = (claim.situation or {}).get("x")
    free = kind_family(claim.kind) in X_FREE or claim.kind in X_FREE
    for r in readings:
        for a in r.scenario.get("actions") or []:
            if not isinstance(a, dict) or "x" in a or not _reads_x(cards, a):
                continue
            if isinstance(x, int) and not isinstance(x, bool):
                a["x"] = x
            elif not free:
                raise Skip(f"{a.get('cast') or a.get('activate')} reads X, and the statement does not say what X "
                           "is (107.3)")
    return readings


def x_staged(scenarios: list[dict], x) -> bool:
    """Whether every scenario announces the stated X for some spell or ability."""
    return all(any(isinstance(a, dict) and a.get("x") == x for a in sc.get("actions") or []) for sc in scenarios)
