"""Rolling a die (706), clash (701.30), populate (701.36)."""
from __future__ import annotations

from ...errors import IllegalAction
from ...vocabulary import effect, event, value_form
from ..filters import _mana_value
from ..objects import Event
from ..triggers import _players_event
from .divided_copy import create_copy

event("roll_die")(_players_event("roll_die", "706.2: a player rolls a die (`event:amount` = the result)."))


@effect("roll_die", keys=("sides",), values=(), enums={"sides": lambda v: "" if isinstance(v, int) and v > 1 else repr(v)})
def roll_die(g, arg, ctx):
    """706.1–706.2: the controller rolls a die with `sides` faces (random: the scenario says the result — `choose:
    {die: N}`, 1 ≤ N ≤ sides); `result:die` reads it; "whenever you roll a die" triggers (`roll_die`, 706.2)."""
    sides = arg["sides"]
    v = g.answer(ctx.controller, "die", f"{ctx.source.name}: roll a d{sides} (the result)", 1)
    if not str(v).isdigit() or not 1 <= int(v) <= sides:
        raise IllegalAction(f"die: {v!r} is not a result of a {sides}-sided die (706.1)")
    g.die_result = int(v)
    g.log("706.2", f"{ctx.controller} rolls {v} on a d{sides}")
    g.detect([Event("roll_die", player=ctx.controller, amount=int(v))])


@value_form("result", args=("die",))
def _result(g, arg, ctx):
    """`result:die`: the result of the last die rolled (706.2, "equal to the result")."""
    return getattr(g, "die_result", 0)


@effect("clash", keys=("win",), nested=("win",), values=())
def clash(g, arg, ctx):
    """701.30a–d: the controller clashes with an opponent (the first one): each reveals the top card of their
    library, then puts it on the top or the bottom (each answers `choose: {clash: top|bottom}`, the controller
    first); the controller wins if their card's mana value is higher (701.30c; an empty library reveals nothing,
    mana value 0 for the comparison); `win`: the effects "if you win" (701.30d)."""
    me = ctx.controller
    opp = next((q for q in g.opponents(me)), None)
    if opp is None:
        return
    revealed = {}
    for p in (me, opp):
        lib = g.pz[p]["library"]
        revealed[p] = lib[0] if lib else None
        g.log("701.30a", f"{p} reveals {revealed[p].name if revealed[p] else 'nothing'} for the clash")
    for p in (me, opp):
        top = revealed[p]
        if top is None:
            continue
        where = str(g.answer(p, "clash", f"{ctx.source.name}: clash — {top.name} on top or bottom?", "top")).lower()
        if where not in ("top", "bottom"):
            raise IllegalAction(f"clash: {where!r} — a clashed card goes on the top or the bottom (701.30a)")
        if where == "bottom":
            lib = g.pz[p]["library"]
            lib.remove(top)
            lib.append(top)
        g.log("701.30a", f"{p} puts {top.name} on the {where} of their library")
    mv = {p: _mana_value(o) if o is not None else 0 for p, o in revealed.items()}
    won = mv[me] > mv[opp]
    g.log("701.30c", f"{me} {'wins' if won else 'does not win'} the clash ({mv[me]} vs {mv[opp]})")
    if won:
        g.do_effects(arg.get("win") or [], ctx)


@effect("populate", values=(), enums={"*": (True,)})
def populate(g, arg, ctx):
    """701.36a: choose a creature token you control and create a token that's a copy of it (a `card` answer when
    there are several); none — nothing happens (701.36b)."""
    toks = [o for o in g.bf if o.controller == ctx.controller and o.token and "Creature" in g.chars(o).types]
    if not toks:
        g.log("701.36b", f"{ctx.controller} controls no creature token to populate")
        return
    pick = g.choose_card(ctx.controller, toks, f"{ctx.source.name}: populate — a creature token you control",
                         by_object=True)
    keep = ctx.targets
    ctx.targets = [pick]
    try:
        create_copy(g, {"of": "target"}, ctx)
    finally:
        ctx.targets = keep
