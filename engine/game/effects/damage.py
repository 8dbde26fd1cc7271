"""Damage effects (120): damage to targets or players, fight (701.14)."""
from __future__ import annotations

from ...vocabulary import PLAYER_WORDS, effect


def _damage_to(v):
    if not isinstance(v, str):                 # e.g. {each_and_opponents: …}: no handler reads it
        return repr(v)
    return "" if v in ("target", "each", "each_and_players", "self", "event", "event_other") or v in PLAYER_WORDS else v


@effect("damage", keys=("to", "n", "filter", "by"), enums={"to": _damage_to}, filters=("filter",), objects=("by",))
def damage(g, arg, ctx):
    """120.3: deal `n` damage to the targets, to players (a player word: `each_opponent`, `its_controller` …), to `self`/`event`/`event_other` (the event's second object), or to `each` permanent matching `filter` (`each_and_players`: and each player), simultaneously (120.2).  `by`: an object word naming the dealer ("tap target creature. It deals damage …", 608.2c) instead of the source; when it names nothing (an illegal target, 608.2b) no damage is dealt."""
    source = ctx.source
    if arg.get("by"):
        dealers = g.objects_of(arg["by"], ctx)
        if not dealers:
            g.log("608.2b", "no damage: the object that would deal it is gone")
            return
        source = dealers[0]
    n = g.value(arg.get("n", 1), ctx)
    to = arg.get("to", "target")
    if to == "target":
        tgts = [x for x in ctx.targets if x is not None]
    elif to in ("each", "each_and_players"):
        f = arg.get("filter") or {"types": ["Creature"]}
        tgts = [o for o in g.bf if g.match(o, g.chars(o), f, ctx.source, ctx.controller)]
        if to == "each_and_players":
            tgts += g.players_of("each_player", ctx)
    elif to in ("self", "event", "event_other"):
        tgts = g.objects_of(to, ctx)
    elif isinstance(to, str) and to.startswith("target:"):        # the N-th written target (115.1d)
        tgts = g.objects_of(to, ctx) + g.players_of(to, ctx)
    else:
        tgts = g.players_of(to, ctx)
    g.deal_damage([(source, x, n) for x in tgts])


@effect("fight", keys=("a", "b"), objects=("a", "b"), values=(), enums={"*": ("targets",)})
def fight(g, arg, ctx):
    """701.14a: each of two creatures deals damage equal to its power to the other — `targets` (the two targets),
    or `a` / `b` object words ("~ fights up to one target creature", "it fights …"); 701.14b: if either is no
    longer on the battlefield or no longer a creature (or an optional target was not chosen), no damage is dealt."""
    if isinstance(arg, dict):
        a = next(iter(g.objects_of(arg.get("a"), ctx)), None)
        b = next(iter(g.objects_of(arg.get("b"), ctx)), None)
    else:
        a, b = (ctx.targets + [None, None])[:2]
    if a is None or b is None or a.gone or b.gone or a.zone != "battlefield" or b.zone != "battlefield" or \
            "Creature" not in g.chars(a).types or "Creature" not in g.chars(b).types:
        g.log("701.14b", "no fight: a creature instructed to fight is missing")
        return
    g.deal_damage([(a, b, max(0, g.chars(a).power)), (b, a, max(0, g.chars(b).power))])
