"""Prevention effects (615) created by spells and abilities: "prevent all combat damage that would be dealt
this turn" (a Fog, 615.1), "prevent all damage that would be dealt to [it] this turn" (615.1a), and shields that
prevent "the next N damage that would be dealt to [it] this turn" (615.7: each damage event uses up the shield
by the amount it prevents, until nothing is left or the turn ends).

Scoped prevention (615.1a): `to` / `by` name the objects or players chosen on resolution (targets, pronouns,
player words, `players`), `to_each` / `by_each` a FILTER read when the damage would be dealt (the effect does not
lock in a set of objects, 611.2c applies only to characteristic-changing effects), `to_and_by` both directions,
`what: combat|noncombat` the kind of damage.  All given parts must hold for a damage event to be prevented."""
from __future__ import annotations

from ... import vocabulary as V


def _recipients(g, to, ctx) -> list:
    """The objects and players ``to`` names (an "any target" may be a player, 115.4)."""
    if isinstance(to, str) and (to == "target" or to.startswith("target:")):
        i = to.partition(":")[2]
        return [ctx.targets[int(i)]] if i else [x for x in ctx.targets if x is not None]
    if to == "players":
        return list(g.players)
    if _player_word(to):
        return list(g.players_of(to, ctx))
    return g.objects_of(to, ctx)


def _who_word(v) -> str:
    if isinstance(v, str) and (v in ("target", "players") or v.startswith("target:") or v in V.OBJECT_WORDS
                               or v in V.PLAYER_WORDS):
        return ""
    return repr(v)


def _player_word(v) -> bool:
    return isinstance(v, str) and v in V.PLAYER_WORDS and v not in V.OBJECT_WORDS


def _ids(g, who, ctx) -> set:
    return {r if isinstance(r, str) else r.oid for r in _recipients(g, who, ctx)
            if r is not None and (isinstance(r, str) or not r.gone)}


@V.effect("prevent", keys=("what", "to", "until", "n", "by", "to_and_by", "to_each", "by_each"),
          values=("n",), filters=("to_each", "by_each"),
          enums={"what": ("combat", "noncombat"), "until": ("end_of_turn", "your_next_turn"), "to": _who_word,
                 "by": _who_word, "to_and_by": _who_word})
def prevent(g, arg, ctx):
    """615.1 prevention effects (``_prevent``); `until: your_next_turn` — they last until the controller's next turn
    begins (611.2b), not only this turn."""
    start = len(g.prevention)
    try:
        _prevent(g, arg, ctx)
    finally:
        if arg.get("until") == "your_next_turn":
            for p in g.prevention[start:]:
                p["until_turn_of"] = ctx.controller


def _prevent(g, arg, ctx):
    """615.1: until end of turn, prevent all combat damage (`what: combat`) or all damage dealt to `to`;
    with `n`, a shield: the next N damage that would be dealt to `to` this turn (615.7); with `by`, `to_each`,
    `by_each` or `to_and_by`, all (combat / noncombat) damage matching every part given (615.1a)."""
    if "n" in arg:
        n = g.value(arg["n"], ctx)
        for r in _recipients(g, arg.get("to"), ctx):
            if r is None or (not isinstance(r, str) and r.gone):
                continue
            g.prevention.append({"shield": n, "who": r if isinstance(r, str) else r.oid,
                                 "combat_only": arg.get("what") == "combat"})
            g.log("615.7", f"{ctx.source.name}: the next {n} damage to {r if isinstance(r, str) else r.name} "
                           f"this turn will be prevented")
        return
    plain = {k: v for k, v in arg.items() if k != "until"}
    if plain not in ({"what": "combat"},) and not (set(plain) == {"to"} and plain["to"] not in ("players",)
                                                   and not _player_word(plain["to"])):
        base = {"scoped": True, "what": arg.get("what"), "src": ctx.source, "ctrl": ctx.controller}
        parts = [dict(base)]
        if "to_and_by" in arg:
            ids = _ids(g, arg["to_and_by"], ctx)
            parts = [dict(base, to=ids), dict(base, by=ids)]
        for p in parts:
            if "to" in arg:
                p["to"] = _ids(g, arg["to"], ctx)
            if "by" in arg:
                p["by"] = _ids(g, arg["by"], ctx)
            for k in ("to_each", "by_each"):
                if k in arg:
                    p[k] = arg[k]
        g.prevention.extend(parts)
        g.log("615.1a", f"{ctx.source.name}: damage matching {sorted(k for k in arg if k != 'until')} will be "
                        f"prevented this turn")
        return
    if arg.get("what") == "combat":
        g.prevention.append({"combat": True})
        g.log("615.1", f"{ctx.source.name}: all combat damage this turn will be prevented")
    if "to" in arg:
        objs = g.objects_of(arg["to"], ctx)
        g.prevention.append({"ids": {o.oid for o in objs}})
        g.log("615.1a", f"{ctx.source.name}: damage to {len(objs)} object(s) will be prevented this turn")


def _matches(g, x, ids, f, p) -> bool:
    if x is None:
        return False
    key = x if isinstance(x, str) else x.oid
    if ids is not None and key not in ids:
        return False
    if f is not None and (isinstance(x, str) or not g.match(x, g.chars(x), f, p["src"], p["ctrl"])):
        return False
    return True


def _scoped(g, p, src, tgt, combat) -> bool:
    """615.1a: every part the effect names holds for this damage event."""
    if (p["what"] == "combat" and not combat) or (p["what"] == "noncombat" and combat):
        return False
    if ("to" in p or "to_each" in p) and not _matches(g, tgt, p.get("to"), p.get("to_each"), p):
        return False
    if ("by" in p or "by_each" in p) and not _matches(g, src, p.get("by"), p.get("by_each"), p):
        return False
    return True


@V.hook(V.PREVENTION_CHECKS)
def prevented(g, src, tgt, combat):
    for p in g.prevention:
        if p.get("combat") and combat:
            return True
        if not isinstance(tgt, str) and tgt.oid in p.get("ids", ()):
            return True
        if p.get("scoped") and _scoped(g, p, src, tgt, combat):
            return True
    return False


@V.hook(V.DAMAGE_REDUCERS)
def shields(g, src, tgt, n, combat) -> int:
    """615.7: each shield for this recipient prevents as much as it has left; what it prevents is used up."""
    who = tgt if isinstance(tgt, str) else tgt.oid
    for p in g.prevention:
        if n > 0 and p.get("shield") and p.get("who") == who and (combat or not p.get("combat_only")):
            k = min(n, p["shield"])
            p["shield"] -= k
            n -= k
            g.log("615.7", f"{k} damage to {tgt if isinstance(tgt, str) else tgt.name} is prevented")
    return n


@V.hook(V.CLEANUP_HOOKS)
def _ends(g):
    """514.2: the prevention effects end with the turn (those "until your next turn" later, 611.2b)."""
    if any("until_turn_of" in p for p in g.prevention):
        g.prevention[:] = [p for p in g.prevention if "until_turn_of" in p]
    else:
        g.prevention.clear()


@V.hook(V.STEP_HOOKS)
def _next_turn_begins(g, step):
    """611.2b: prevention "until your next turn" ends as that player's next turn begins."""
    if step == "untap" and g.prevention:
        g.prevention[:] = [p for p in g.prevention if p.get("until_turn_of") != g.active]
