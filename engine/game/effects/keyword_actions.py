"""Keyword actions on counters and permanents: proliferate (701.27), bolster (701.39), explore (701.44),
amass (701.47), remove counters (122.8), tap or untap (701.26), put a card from the hand onto the battlefield
(400.7); energy (107.14) paid in effects and as a cost; "exile ~ from your graveyard" as a cost."""
from __future__ import annotations

from ...errors import IllegalAction
from ...vocabulary import OBJECT_WORDS, cost, effect, filter_problems, is_value
from ..mechanics.counter_replacements import add_counters
from .flow import action_done
from ..objects import Event


def _names(g, v, cands, what):
    """Objects/players named by an answer list, each among ``cands``."""
    out = []
    for name in v if isinstance(v, list) else [v]:
        if name in cands and isinstance(name, str) and name in g.life:
            out.append(name)
            continue
        o = next((x for x in cands if not isinstance(x, str) and x.name == g.resolve_name(str(name))
                  and x not in out), None)
        if o is None:
            raise IllegalAction(f"{name} is not a choice for {what}")
        out.append(o)
    return out


@effect("proliferate", values=(), enums={"*": (True,)})
def proliferate(g, arg, ctx):
    """701.27a: choose any number of permanents and/or players that have a counter, then give each one
    additional counter of each kind already there (answer `choose: {card: [names]}` — players by name —,
    `[]` for none; not strict: all of them)."""
    p = ctx.controller
    cands = [o for o in g.bf if any(n > 0 for n in o.counters.values())] + \
        [q for q in g.players if any(n > 0 for n in g.pcounters[q].values())]
    if not cands:
        g.log("701.27a", f"{p} proliferates: nothing has counters")
        return
    v = g.answer(p, "card", f"proliferate: any of {[getattr(c, 'name', c) for c in cands]}", None)
    chosen = list(cands) if v is None else _names(g, v, cands, "proliferate")
    for c in chosen:
        counters = g.pcounters[c] if isinstance(c, str) else c.counters
        for kind in [k for k, n in counters.items() if n > 0]:
            if isinstance(c, str):
                counters[kind] += 1
            else:
                add_counters(g, c, kind, 1)                # 614.1a: a replaceable put
    g.touch()
    g.log("701.27a", f"{p} proliferates: {[getattr(c, 'name', c) for c in chosen]}")


@effect("bolster")
def bolster(g, arg, ctx):
    """701.39a: choose a creature with the least toughness among creatures you control and put N +1/+1
    counters on it (a tie: the controller picks, a `card` answer)."""
    p = ctx.controller
    mine = [(o, g.chars(o)) for o in g.bf if o.controller == p and "Creature" in g.chars(o).types]
    if not mine:
        g.log("701.39a", f"{p} controls no creature: bolster does nothing")
        return
    least = min(c.toughness for _, c in mine)
    o = g.choose_card(p, [o for o, c in mine if c.toughness == least], "bolster")
    n = add_counters(g, o, "+1/+1", g.value(arg, ctx))
    g.log("701.39a", f"bolster {n}: {o.name}")


@effect("explore", objects=("*",))
def explore(g, arg, ctx):
    """701.44a: reveal the top card of your library; a land card goes to your hand, otherwise the creature
    gets a +1/+1 counter and you may put the card into your graveyard (a `may` answer); 701.44b: the
    creature explores even if it left the battlefield (no counter then)."""
    for o in g.objects_of(arg, ctx):
        p = o.controller
        lib = g.pz[p]["library"]
        top = lib[0] if lib else None
        if top is not None and "Land" in top.card.types:
            g.log("701.44a", f"{o.name} explores: reveals {top.name}, a land, into the hand")
            g.move(top, "hand")
        else:
            if not o.gone and o.zone == "battlefield":
                add_counters(g, o, "+1/+1", 1)
            g.log("701.44a", f"{o.name} explores: reveals {top.name if top else 'nothing'}, a +1/+1 counter")
            if top is not None and g.choose_yes(p, f"{o.name} explores: put {top.name} into the graveyard?"):
                g.move(top, "graveyard")
        g.detect([Event("explores", obj=o)])


@effect("remove_counters", keys=("from", "kind", "n"), enums={"from": lambda v: "" if v in OBJECT_WORDS else v})
def remove_counters(g, arg, ctx):
    """122.8: remove `n` counters of `kind` from the objects named (as many as there are)."""
    removed = 0
    for o in g.objects_of(arg.get("from", "self"), ctx):
        have = o.counters.get(arg["kind"], 0)
        k = min(have, g.value(arg.get("n", 1), ctx))
        removed += k
        if k:
            o.counters[arg["kind"]] = have - k
            g.touch()
        g.log("122.8", f"remove {k} {arg['kind']} counter(s) from {o.name}")
    action_done(ctx, removed > 0)          # 608.2c: "remove a +1/+1 counter from it. If you do, …"


@effect("tap_or_untap", objects=("*",))
def tap_or_untap(g, arg, ctx):
    """701.26: tap or untap the objects named — the controller chooses (a `may` answer: yes = tap)."""
    for o in g.objects_of(arg, ctx):
        tap = g.choose_yes(ctx.controller, f"tap {o.name}? (no: untap)")
        o.tapped = tap
        g.log("701.26", f"{'tap' if tap else 'untap'} {o.name}")


def _choose_problem(v) -> str:
    return filter_problems(v) if isinstance(v, dict) else repr(v)


@effect("put_onto_battlefield", keys=("choose", "n", "zone", "tapped"), enums={"zone": ("hand",),
                                                                              "choose": _choose_problem})
def put_onto_battlefield(g, arg, ctx):
    """"Put a land card from your hand onto the battlefield" (a new object, 400.7): the controller picks
    `n` matching cards from their hand (a `card` answer); none — nothing happens."""
    p = ctx.controller
    f = arg.get("choose") or {}
    picked = []
    for _ in range(g.value(arg.get("n", 1), ctx)):
        cands = [o for o in g.pz[p]["hand"] if o not in picked and g.match(o, g.chars(o), f, ctx.source, p)]
        o = g.choose_card(p, cands, "put onto the battlefield")
        if o is None:
            break
        picked.append(o)
    if picked:
        g.log("400.7", f"{p} puts {[o.name for o in picked]} onto the battlefield")
        ctx.found = [x for x in g.move_batch([(o, "battlefield", {"controller": p, "tapped": arg.get("tapped")})
                                              for o in picked]) if x is not None]


@effect("amass")
def amass(g, arg, ctx):
    """701.47a: amass N — if you control no Army, create a 0/0 black Zombie Army creature token; then choose an
    Army you control and put N +1/+1 counters on it."""
    p = ctx.controller
    armies = [o for o in g.bf if o.controller == p and "Army" in g.chars(o).subtypes]
    if not armies:
        g.do_effects([{"create_token": {"token": {"types": ["Creature"], "subtypes": ["Zombie", "Army"],
                                                  "colors": "B", "pt": [0, 0], "name": "Zombie Army Token"},
                                        "n": 1}}], ctx)
        armies = [o for o in g.bf if o.controller == p and "Army" in g.chars(o).subtypes]
    o = g.choose_card(p, armies, "amass: an Army")
    if o is None:
        return
    n = add_counters(g, o, "+1/+1", g.value(arg, ctx))
    g.log("701.47a", f"amass {n}: {o.name}")


@effect("pay_energy", logged=False)
def pay_energy(g, arg, ctx):
    """107.14: "pay {E}{E}" as part of an effect (inside "you may …"): paid only if the player has that many
    energy counters; `if_you_do` reads whether it was paid."""
    n = g.value(arg, ctx)
    pc = g.pcounters[ctx.controller]
    ctx.did = pc.get("energy", 0) >= n
    if ctx.did:
        pc["energy"] -= n
        g.log("107.14", f"{ctx.controller} pays {n} energy")
    else:
        g.log("107.14", f"{ctx.controller} has too little energy to pay {n}")


def _positive(v, c=None):
    return "" if isinstance(v, int) and not isinstance(v, bool) and v >= 1 else repr(v)


@cost("energy", _positive)
def _pay_energy_cost(g, p, o, n):
    """107.14 / 602.2b: pay N energy counters as a cost (only a player who has them can)."""
    pc = g.pcounters[p]
    if pc.get("energy", 0) < n:
        raise IllegalAction(f"{o.name}: {p} has {pc.get('energy', 0)} energy, the cost is {n} (602.2b)")
    pc["energy"] -= n
    g.log("107.14", f"{p} pays {n} energy")


@cost("exile_self_from_graveyard", lambda v, c: "" if v is True else repr(v))
def _exile_self_from_graveyard(g, p, o, v):
    """602.2b: "exile ~ from your graveyard" as a cost — an ability of the card in its owner's graveyard."""
    if o.zone != "graveyard" or o.gone:
        raise IllegalAction(f"{o.name} is not in a graveyard to exile (602.2b)")
    g.log("602.2b", f"{p} exiles {o.name} from the graveyard as a cost")
    g.move(o, "exile")


@effect("extra_turn", keys=("n", "player"), players=("player",))
def extra_turn(g, arg, ctx):
    """500.7: the controller (or `player`) takes N extra turns after this one (the most recently created is
    taken first)."""
    players = [ctx.controller] if is_value(arg) else g.players_of(arg.get("player", "you"), ctx)
    n = g.value(arg if is_value(arg) else arg.get("n", 1), ctx)
    for p in players:
        for _ in range(n):
            g.extra_turns.append(p)
        g.log("500.7", f"{p} will take an extra turn after this one")
