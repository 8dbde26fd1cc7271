"""118.12 / 118.3: a mana payment asked on resolution — "counter that spell unless its controller pays {3}",
"sacrifice ~ unless you pay {1}{U}", "you may pay {2}. If you do, …" (608.2c) — charged from the payer's mana.

The mana a player can pay with is the mana in their pool (106.4; not mana restricted to spells, 106.6) and the mana
their untapped permanents' {T} mana abilities produce (605.1a; a creature with summoning sickness can't, 302.6).
118.3: the payment is offered only when that mana covers every symbol of the cost (107.4: a coloured symbol needs
mana of its colour, {C} colourless mana, a hybrid symbol one of its halves, a generic number any mana); paying
takes the pool's mana first, then taps sources (605.3a: their mana abilities resolve at once, 605.1b: each is
"tapped for mana"), and the mana the cost does not need stays in the pool.  A mana ability whose mana this module
does not read counts as one mana of any type.

The engine's convention for mana the scenario does not stage (engine/game/mechanics/mana_restriction.py: "mana not
in the pool is mana from sources the scenario doesn't name") holds here too: a player with an empty pool who
controls no permanent with a mana ability pays from sources the scenario doesn't name (the payment is the player's
choice, as before).  Staging one land, or mana in the pool, makes the player's mana counted.  A cost with a
symbol this module can't read (Phyrexian {W/P}, snow {S}) is paid the same unnamed way."""
from __future__ import annotations

import re

from .mana_restriction import restricted
from .tapping import set_tapped

_SYM = re.compile(r"\{([^}]+)\}")
_ANY = frozenset("WUBRGC")


def cost_symbols(g, cost: str, ctx) -> list | None:
    """107.4: the symbols of ``cost`` as sets of mana types each may be paid with ("*" for generic), or None when
    a symbol is not read.  {X} is the announced X (107.3)."""
    out: list = []
    for s in _SYM.findall(str(cost).upper()):
        if s.isdigit():
            out += [_ANY] * int(s)
        elif s == "X":
            out += [_ANY] * int(getattr(ctx, "x", 0) or 0)
        elif s in _ANY:
            out.append(frozenset(s))
        elif re.fullmatch(r"[WUBRG]/[WUBRG]", s):                   # 107.4e hybrid
            out.append(frozenset(s.split("/")))
        else:
            return None
    return out


def _produces(a) -> list | None:
    """The mana one activation of the {T} mana ability ``a`` adds, as type sets (None: not a plain {T} ability)."""
    if not (a.get("mana") and a.get("tap")) or set(a) - {"name", "tap", "mana", "effects", "targets", "speed"}:
        return None
    effs = a.get("effects") or []
    if len(effs) != 1 or "add_mana" not in effs[0] or not isinstance(effs[0]["add_mana"], dict):
        return None
    m = effs[0]["add_mana"]
    if isinstance(m.get("mana"), str) and set(m["mana"]) <= _ANY and isinstance(m.get("n", 1), int) \
            and set(m) <= {"mana", "n"}:
        return [frozenset(c) for c in m["mana"] * m.get("n", 1)]
    if isinstance(m.get("one_of"), list) and set(m) == {"one_of"} and all(o in _ANY for o in m["one_of"]):
        return [frozenset(m["one_of"])]
    if isinstance(m.get("any_color"), int) and set(m) <= {"any_color", "among"}:
        return [frozenset(m.get("among") or "WUBRG")] * m["any_color"]
    return None


def _mana_sources(g, p):
    """(permanent, units) for each permanent ``p`` controls with a {T} mana ability, and whether any exists (a
    tapped land is a staged source too: it makes the player's mana counted, and it can't pay)."""
    out, staged = [], False
    for o in g.bf:
        if o.controller != p:
            continue
        abil = [a for a in g.abilities_of(o) if a.get("mana")]
        if not abil:
            continue
        staged = True
        c = g.chars(o)
        if o.tapped or "no_activated_abilities" in c.keywords:
            continue
        if "Creature" in c.types and o.since_turn == g.turn and o.since_turn > 0 and "haste" not in c.keywords:
            continue                                                  # 302.6
        # a mana ability whose mana is not read here ("add one mana of any type a land you control could
        # produce") counts as one mana of any type: the payment is never refused for want of reading it
        out.append((o, next((u for u in map(_produces, abil) if u), None) or [_ANY]))
    return out, staged


def _pool_units(g, p) -> list:
    """The unrestricted mana in ``p``'s pool, one type per unit (106.6: restricted mana pays only its spells)."""
    held = {}
    for e in restricted(g).get(p, []):
        held[e[0]] = held.get(e[0], 0) + 1
    return [sym for sym, n in sorted(g.pool[p].items()) for _ in range(max(0, n - held.get(sym, 0)))]


def _assign(need: list, units: list) -> list | None:
    """Match each needed symbol to a distinct unit that may pay it: the coloured and hybrid symbols by a small
    search, then each generic one by any unit left (pool units come first in ``units``)."""
    if len(need) > len(units):
        return None
    specific = [i for i, n in enumerate(need) if n != _ANY]
    used: dict = {}

    def go(k):
        if k == len(specific):
            return True
        i = specific[k]
        for j, (types, _) in enumerate(units):
            if j not in used.values() and need[i] & types:
                used[i] = j
                if go(k + 1):
                    return True
                del used[i]
        return False
    if not go(0):
        return None
    free = iter(j for j in range(len(units)) if j not in used.values())
    for i, n in enumerate(need):
        if n == _ANY:
            used[i] = next(free)
    return [units[used[i]] for i in range(len(need))]


def _plan(g, p, cost, ctx):
    """How ``p`` would pay ``cost``: None — mana not counted (unnamed sources); [] — can't pay (118.3); else the
    units used (pool units first, then sources)."""
    need = cost_symbols(g, cost, ctx)
    if need is None:
        return None
    pool = _pool_units(g, p)
    sources, staged = _mana_sources(g, p)
    if not staged and not pool:
        return None
    units = [(frozenset(sym), ("pool", sym)) for sym in pool] + \
            [(t, ("source", o, k)) for o, ts in sources for k, t in enumerate(ts)]
    plan = _assign(need, units)
    return [] if plan is None else [(need_i, u[1]) for need_i, u in zip(need, plan)]


def can_pay_mana(g, p, cost, ctx) -> bool:
    """118.3: whether ``p`` can pay the mana cost (True when the scenario stages none of p's mana)."""
    plan = _plan(g, p, cost, ctx)
    return plan is None or bool(plan) or not cost_symbols(g, cost, ctx)


def pay_mana(g, p, cost, ctx, why: str) -> None:
    """Pay ``cost`` as planned: pool mana first, then tap the sources used (605.3a, 605.1b); a source's mana the
    cost does not use stays in the pool (106.4)."""
    from ..objects import Event
    plan = _plan(g, p, cost, ctx)
    if plan is None:
        g.log("118.12", f"{p} pays {cost} ({why}; from mana sources the scenario doesn't name)")
        return
    used = {}
    for need, unit in plan:
        if unit[0] == "source":
            used.setdefault(unit[1], {})[unit[2]] = need
    spend = [unit[1] for _, unit in plan if unit[0] == "pool"]
    for o, ks in used.items():
        adds = _units_of(g, o)
        g.detect(set_tapped(g, [o], True))
        col = ""
        for k, types in enumerate(adds):
            sym = sorted(types & ks[k])[0] if k in ks else (next(iter(types)) if len(types) == 1 else None)
            if sym is None:
                continue                                   # an unused "any colour" mana: not chosen, not added
            g.pool[p][sym] = g.pool[p].get(sym, 0) + 1
            col += sym
            if k in ks:
                spend.append(sym)
        g.log("605.3a", f"{p} taps {o.name} for {{{col}}}")
        g.detect([Event("tapped_for_mana", obj=o, player=p, color=col or None)])
    for sym in spend:
        g.pool[p][sym] -= 1
        if not g.pool[p][sym]:
            del g.pool[p][sym]
    g.touch()
    g.log("118.12", f"{p} pays {cost} ({why})")


def _units_of(g, o) -> list:
    return next((u for u in map(_produces, [a for a in g.abilities_of(o) if a.get("mana")]) if u), None) or [_ANY]
