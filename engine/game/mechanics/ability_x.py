"""X in activated abilities (107.3, 602.2b): "{X}{R}, {T}: … X damage", "{X}: destroy X target lands", a loyalty
ability "−X: …" (606.4).  The value of X is announced as the ability is activated (602.2b follows 601.2b), before
its targets are chosen (so "X target lands" is that many target choices, 601.2c) and its costs paid (the loyalty
cost −X removes that many loyalty counters, 606.4); the ability keeps it on the stack and its effects, target
legality on resolution (608.2b) and filters such as "with mana value X or less" read it.  Only an ability whose
cost has X may announce one; an ability without X in its cost has no announced X (the compiler leaves such an X
unhandled)."""
from __future__ import annotations

from ...errors import IllegalAction

X_LOYALTY = ("-x", "+x", "x")


def has_x(a: dict) -> bool:
    """107.3 / 602.2b: whether an activated ability's cost includes X (mana {X}, or a loyalty cost ±X)."""
    return "{X}" in str(a.get("cost") or "").upper() or a.get("loyalty") in X_LOYALTY


def announce_x(a: dict, x, name: str):
    """602.2b: the announced X (0 when none is said, 107.3) and the costs as paid — a loyalty cost −X becomes −X
    loyalty counters (606.4).  Announcing X for an ability without X in its cost is refused."""
    if x is None:
        x = 0
    if isinstance(x, bool) or not isinstance(x, int) or x < 0:
        raise IllegalAction(f"{name}: X must be a number 0 or more (107.3), got {x!r}")
    if x and not has_x(a):
        raise IllegalAction(f"{name}: this ability's cost has no X to announce (107.3, 602.2b)")
    loy = a.get("loyalty")
    if loy in X_LOYALTY:
        a = dict(a, loyalty=-x if loy == "-x" else x)
    return x, a
