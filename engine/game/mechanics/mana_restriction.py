"""Restricted mana (106.6, clause family ec of issue 21): "add {C}{C}. Spend this mana only to cast colorless
spells" — the mana the ability just added (``g.last_mana_added``, engine/game/effects/mana.py) stays in the pool
(the `mana_pool` expectation shows it) but may pay only for spells matching the FILTER.

Spending: a `cast` with `paid` (601.2h, mechanics/mana_spent.py) takes each coloured or colourless mana paid from
the caster's pool when the pool has it — restricted mana first when the spell may use it (the player's choice
the engine makes for them), then unrestricted mana; restricted mana the spell may not use stays in the pool, and
mana not in the pool is mana from sources the scenario doesn't name. A generic amount paid ("2") names no type and
takes nothing from the pool. Restricted mana leaves with the pool as steps end (500.4): the restriction goes with
it."""
from __future__ import annotations

from ... import vocabulary as V


def restricted(g) -> dict:
    return g.__dict__.setdefault("restricted_mana", {})


@V.effect("mana_restriction", filters="*", logged=False)
def mana_restriction(g, arg, ctx):
    """106.6: "spend this mana only to cast [spells]" — the mana this ability just added may be spent only on
    spells matching the FILTER (read when a `cast` pays with `paid`)."""
    ability, added = getattr(g, "last_mana_added", (None, []))
    if ability is not ctx.ability:
        return
    for p, sym in added:
        restricted(g).setdefault(p, []).append((sym, arg, ctx.source))
    g.last_mana_added = (None, [])
    if added:
        g.log("106.6", f"{ctx.source.name}: {''.join('{%s}' % s for _, s in added)} may be spent only on {arg}")


@V.hook(V.STEP_HOOKS)
def _restriction_leaves_with_the_mana(g, step):
    """500.4: the pool empties between steps; a restriction stays only on mana still there (at most as many
    restricted units of a type as the pool holds)."""
    for p, entries in restricted(g).items():
        keep, have = [], dict(g.pool[p])
        for e in entries:
            if have.get(e[0], 0) > 0:
                have[e[0]] -= 1
                keep.append(e)
        entries[:] = keep


def spend_from_pool(g, p, spell, paid: list) -> None:
    """601.2h: take the mana paid for ``spell`` from ``p``'s pool where it is (see the module text)."""
    pool, entries = g.pool[p], restricted(g).setdefault(p, [])
    for sym in paid:
        if sym.isdigit() or pool.get(sym, 0) <= 0:
            continue
        ok = next((e for e in entries if e[0] == sym and g.match(spell, g.chars(spell), e[1], e[2], p)), None)
        if ok is not None:
            entries.remove(ok)
        elif pool[sym] <= sum(1 for e in entries if e[0] == sym):
            continue                                   # all of it restricted to other spells: stays (106.6)
        pool[sym] -= 1
        if not pool[sym]:
            del pool[sym]
    g.touch()
