"""Values: the party (700.8) and sums ("where X is one plus the number of …", 107.3)."""
from __future__ import annotations

from itertools import permutations

from ... import vocabulary as V

PARTY_ROLES = ("Cleric", "Rogue", "Warrior", "Wizard")


@V.value_form("party", args=("you",))
def _party(g, arg, ctx):
    """700.8: `party:you` — the number of creatures in the controller's party: up to one each of Cleric, Rogue,
    Warrior and Wizard among the creatures they control, counted as the largest such assignment (700.8a)."""
    mine = [g.chars(o) for o in g.bf if o.controller == ctx.controller]
    cands = [c for c in mine if "Creature" in c.types and set(c.subtypes) & set(PARTY_ROLES)]
    best = 0
    for roles in permutations(PARTY_ROLES):          # at most 24 orders: a greedy fill per order finds the maximum
        used, n = set(), 0
        for role in roles:
            for i, c in enumerate(cands):
                if i not in used and role in c.subtypes:
                    used.add(i)
                    n += 1
                    break
        best = max(best, n)
    return best


def values_arg(key: str, most: int | None = None):
    """The argument check of a value form over a list of two (to ``most``) values."""
    def check(arg, checker):
        if not isinstance(arg, list) or len(arg) < 2 or (most is not None and len(arg) > most):
            return repr(arg)
        for x in arg:
            checker.value(x, {key: arg}, key)
        return ""
    return check


@V.value_form("sum", args=values_arg("sum"))
def _sum(g, arg, ctx):
    """`{sum: [V, V, …]}`: the values added ("one plus the number of …", "the number of … plus the number of …")."""
    return sum(g.value(x, ctx) for x in arg)
