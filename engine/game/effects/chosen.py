"""Choices an effect makes: "choose target creature" (115.1), "untap up to N lands" (701.26b), kinship (look at
the top card; if it shares a creature type with the source, reveal it and …, 205.3m)."""
from __future__ import annotations

from ...errors import IllegalAction
from ...vocabulary import effect, value_form


@effect("choose_target", values=(), objects=("*",), logged=False)
def choose_target(g, arg, ctx):
    """115.1: "choose target creature" — the target was chosen as the ability was put on the stack; the rest of
    the ability acts on it ("that creature")."""
    g.log("115.1", f"{ctx.source.name}: the chosen target is {', '.join(o.name for o in g.objects_of(arg, ctx))}")


@effect("untap_up_to", keys=("n", "filter"), filters=("filter",))
def untap_up_to(g, arg, ctx):
    """701.26b: untap up to `n` permanents matching `filter` (not targeted): the controller names them (`card`
    answers, a list; `[]` for none)."""
    n = g.value(arg.get("n", 1), ctx)
    cands = [o for o in g.bf if g.match(o, g.chars(o), arg.get("filter") or {}, ctx.source, ctx.controller)]
    if not any(o.tapped for o in cands):        # nothing to untap: every answer has the same outcome, none asked
        g.log("701.26b", f"{ctx.controller} untaps nothing (none tapped)")
        return
    v = g.answer(ctx.controller, "card", f"{ctx.source.name}: untap up to {n} of {[o.name for o in cands]}", [])
    names = v if isinstance(v, list) else [v]
    if len(names) > n:
        raise IllegalAction(f"{ctx.source.name}: up to {n} may be untapped, got {names}")
    picked = []
    for name in names:
        o = g.lookup_target(name, [x for x in cands if x not in picked])
        if o is None:
            raise IllegalAction(f"{name} is not one of {[o.name for o in cands]}")
        picked.append(o)
    from ..mechanics.tapping import set_tapped
    g.log("701.26b", f"{ctx.controller} untaps {', '.join(o.name for o in picked) or 'nothing'}")
    g.detect(set_tapped(g, picked, False))


@effect("kinship", keys=("then",), nested=("then",), values=())
def kinship(g, arg, ctx):
    """Kinship: the controller may look at the top card of their library; if it shares a creature type with the
    source (205.3m), they may reveal it (a `may` answer), and if they do, the `then` effects happen."""
    lib = g.pz[ctx.controller]["library"]
    if not lib:
        return
    top = lib[0]
    shared = set(g.chars(top).subtypes) & set(g.chars(ctx.source).subtypes) & _creature_types(g, top, ctx.source)
    if not shared:
        g.log("205.3m", f"{top.name} shares no creature type with {ctx.source.name}")
        return
    if g.choose_yes(ctx.controller, f"{ctx.source.name}: reveal {top.name}?"):
        g.log("701.20a", f"{ctx.controller} reveals {top.name}")
        g.do_effects(arg.get("then") or [], ctx)


def _creature_types(g, a, b):
    """The subtypes that are creature types (205.3m): those of creature or tribal/kindred cards."""
    out = set()
    for o in (a, b):
        c = g.chars(o)
        if "Creature" in c.types or "Tribal" in c.types or "Kindred" in c.types:
            out |= set(c.subtypes)
    return out


@effect("bite", keys=("source", "to"), objects=("source", "to"), values=())
def bite(g, arg, ctx):
    """120.3 / 608.2b: "target creature you control deals damage equal to its power to target creature" — one
    creature deals damage equal to its power to the other (not a fight: the other deals none); an illegal or gone
    creature deals or is dealt none."""
    srcs = [o for o in g.objects_of(arg.get("source"), ctx) if not o.gone and o.zone == "battlefield"]
    tos = [o for o in g.objects_of(arg.get("to"), ctx) if not o.gone and o.zone == "battlefield"]
    if not srcs:
        return
    s = srcs[0]
    g.deal_damage([(s, t, max(0, g.chars(s).power)) for t in tos if t is not s])


@value_form("-X", args=("",))
def _minus_x(g, arg, ctx):
    """107.3: `-X` — minus the value announced for X as the spell was cast ("gets -X/-X")."""
    return -ctx.x
