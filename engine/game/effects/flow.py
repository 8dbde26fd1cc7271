"""Control flow inside effects: "the Nth time this resolves", "unless a player pays" (118.12), optional parts
(603.5), "if you do" and "if …" (608.2c)."""
from __future__ import annotations

from ...vocabulary import effect
from ..costs import pay_spell_cost
from ..mechanics.unless_costs import UNLESS_COST_KEYS, can_pay
from ..mechanics.unless_mana import can_pay_mana, pay_mana
from ..objects import Ctx


@effect("nth_resolution", keys=("n", "then", "else"), nested=("then", "else"), values=(), logged=False)
def nth_resolution(g, arg, ctx):
    """"The Nth time this ability has resolved this turn": run `then` if so, else `else`."""
    a = ctx.ability
    n = g.resolved_count.get((ctx.source.oid, a.index, g.turn), 0) if a else 0
    g.do_effects(arg["then"] if n == arg["n"] else arg.get("else", []), ctx)


@effect("unless", keys=("player", "pay", "pay_life", "sacrifice", "pay_cost", "else", "then", "any", "each"),
        nested=("else", "then"),
        filters=("sacrifice",), players=("player",), costs={"pay_cost": UNLESS_COST_KEYS},
        enums={"any": lambda v: "" if v is True else repr(v), "each": lambda v: "" if v is True else repr(v)})
def unless(g, arg, ctx):
    """"… unless that player pays / sacrifices …": the player decides on resolution (603.5, 118.12); a
    `pay_cost` mapping ("unless you discard a card") and a mana payment (`pay`, mechanics/unless_mana.py) are
    offered only when they can be paid in full (118.3).  `any: true` — "unless any player pays": each player in
    turn order (101.4) may pay; once one has paid the effect doesn't happen, else it happens once.  `then`:
    what happens when the player pays ("that player may pay {2}. If the player does, they draw a card", 608.2c).
    `each: true` — "each opponent … unless they pay": each of those players decides for themselves (101.4)."""
    if arg.get("each"):
        # 101.4: each of the players decides in APNAP order, then the effect applies to each who didn't pay
        # (`that_player` in `else` is that player)
        who = [p for p in g.apnap() if p in g.players_of(arg["player"], ctx)]
        unpaid = [p for p in who if not _avoids(g, arg, ctx, p)]
        objs = [x for x in ctx.targets if not isinstance(x, str)]
        for p in unpaid:
            g.do_effects(arg.get("else", []), Ctx(ctx.source, ctx.controller, [p] + objs, ctx.event, ctx.ability))
        return
    if arg.get("any"):
        paid = any(_avoids(g, arg, ctx, p) for p in g.apnap() if p not in g.lost)
        g.do_effects(arg.get("then" if paid else "else", []), Ctx(ctx.source, ctx.controller, ctx.targets,
                                                                  ctx.event, ctx.ability))
        return
    for p in g.players_of(arg.get("player", "target"), ctx):
        paid = _avoids(g, arg, ctx, p)
        g.do_effects(arg.get("then" if paid else "else", []), Ctx(ctx.source, ctx.controller, ctx.targets,
                                                                  ctx.event, ctx.ability))


def _avoids(g, arg, ctx, p) -> bool:
    """Whether player ``p`` pays the `unless` cost (118.12)."""
    if arg.get("pay_cost"):
        if can_pay(g, p, ctx.source, arg["pay_cost"]) and \
                g.choose_yes(p, f"{ctx.source.name}: pay {arg['pay_cost']} to avoid the effect?", ("pay", "may")):
            pay_spell_cost(g, p, ctx.source, arg["pay_cost"], "a cost (118.12)")
            return True
    elif arg.get("sacrifice"):
        cands = [o for o in g.bf if o.controller == p and
                 g.match(o, g.chars(o), arg["sacrifice"], None, p)]
        if cands and g.choose_yes(p, f"{ctx.source.name}: sacrifice to avoid the effect?", ("pay", "may")):
            o = g.choose_card(p, cands, "sacrifice")
            g.log("701.17a", f"{p} sacrifices {o.name}")
            g.move(o, "graveyard")
            return True
    elif arg.get("pay"):
        if can_pay_mana(g, p, arg["pay"], ctx) and g.choose_yes(p, f"{ctx.source.name}: pay {arg['pay']}?",
                                                                 ("pay", "may")):
            pay_mana(g, p, arg["pay"], ctx, "to avoid the effect")
            return True
    elif arg.get("pay_life") is not None:
        # 119.4: a player can pay life only up to their total
        if g.life[p] >= int(arg["pay_life"]) and \
                g.choose_yes(p, f"{ctx.source.name}: pay {arg['pay_life']} life?", ("pay", "may")):
            g.life[p] -= int(arg["pay_life"])
            g.log("119.4", f"{p} pays {arg['pay_life']} life")
            return True
    return False


def action_done(ctx, done: bool) -> None:
    """608.2c: "you may sacrifice / discard …. If you do, …" — "if you do" refers to the action, not to the answer:
    after a yes (``ctx.did``) an action that could not happen (nothing to sacrifice, an empty hand) makes it false.
    With no optional action before it ("sacrifice a creature. If you do, …", "remove a +1/+1 counter from it. If
    you do, …") the action itself says whether it happened."""
    if ctx.did is None:
        ctx.did = bool(done)
    elif ctx.did and not done:
        ctx.did = False


@effect("may", keys=None, nested=("*",), values=(), logged=False)
def may(g, arg, ctx):
    """603.5: "you may …" — an optional part of an ability; its controller decides on resolution."""
    ctx.did = g.choose_yes(ctx.controller, f"{ctx.source.name}: may")
    if ctx.did:
        g.do_effects(arg, ctx)


@effect("pay", values=(), logged=False)
def pay(g, arg, ctx):
    """118.1 / 608.2c: "you may pay {2}" as an effect; `if_you_do` reads whether it was paid."""
    p = ctx.controller
    ctx.did = can_pay_mana(g, p, arg, ctx) and g.choose_yes(p, f"{ctx.source.name}: pay {arg}?", ("pay", "may"))
    if ctx.did:                                    # 118.3: offered only when payable in full
        pay_mana(g, p, arg, ctx, "118.1")


@effect("pay_life", logged=False)
def pay_life(g, arg, ctx):
    """119.4: "you may pay N life"; `if_you_do` reads whether it was paid (a player can't pay more than they have)."""
    n = g.value(arg, ctx)
    ctx.did = g.life[ctx.controller] >= n and g.choose_yes(ctx.controller, f"{ctx.source.name}: pay {n} life?",
                                                             ("pay", "may"))
    if ctx.did:
        g.life[ctx.controller] -= n
        g.log("119.4", f"{ctx.controller} pays {n} life")


@effect("if_you_do", nested=("*",), values=(), logged=False)
def if_you_do(g, arg, ctx):
    """608.2c: "if you do, …" — runs only when the optional action before it was taken."""
    if ctx.did:
        g.do_effects(arg, ctx)


@effect("if_you_dont", nested=("*",), values=(), logged=False)
def if_you_dont(g, arg, ctx):
    """608.2c: "if you don't, …" — runs only when the optional action before it was not taken."""
    if ctx.did is False:
        g.do_effects(arg, ctx)


@effect("if", keys=("if", "then", "otherwise"), nested=("then", "otherwise"), values=(), logged=False,
        conditions=("if",))
def if_(g, arg, ctx):
    """608.2c: "if CONDITION, …" checked as the effect happens; `otherwise` when it is false."""
    ok = g.condition(arg["if"], ctx.source, ctx.controller, ctx.event)
    skipped = arg.get("otherwise", []) if ok else arg.get("then", [])
    if any(isinstance(e, dict) and set(e) & _OPTIONAL for e in skipped):
        ctx.did = False     # 608.2c: "if …, you may draw a card. If you do, …": the optional action didn't happen
    g.do_effects(arg.get("then", []) if ok else arg.get("otherwise", []), ctx)


_OPTIONAL = {"may", "pay", "pay_life", "pay_energy"}
