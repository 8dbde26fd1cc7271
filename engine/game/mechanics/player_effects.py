"""Player effects of the library/graveyard family (group el, issue 21): connive (701.50), looking at a player's hand
(hidden information shown to one player, 400.2 / 701.16-style "look at"), poison counters given by an effect
(122.1f; the loss is the 704.5c state-based action in game/sba.py), skipping a turn (614.10, 500.8: the turns
the player would take next are passed over), exiling whole graveyards (406.3), and the monarch (724)."""
from __future__ import annotations

from ... import vocabulary as V
from ..objects import StackAbility
from .counter_replacements import add_counters
from .trigger_events import discarded


# ---------------------------------------------------------------- connive (701.50)
@V.effect("connive", objects=("*",))
def connive(g, arg, ctx):
    """701.50a: the conniving permanent's controller draws a card, then discards a card; if a nonland card was
    discarded this way, put a +1/+1 counter on the permanent.  701.50c: it connives even if it left the
    battlefield (no counter then)."""
    for o in g.objects_of(arg, ctx):
        p = o.controller if o.controller is not None else o.owner
        g.draw(p, 1)
        hand = list(g.pz[p]["hand"])
        nonland = False
        if hand:
            d = g.choose_card(p, hand, f"{o.name} connives: discard")
            if d is not None:
                nonland = "Land" not in d.card.types
                g.log("701.50a", f"{p} discards {d.name} ({'nonland' if nonland else 'land'})")
                discarded(g, p, [g.move(d, "graveyard")])
        if nonland and not o.gone and o.zone == "battlefield":
            add_counters(g, o, "+1/+1", 1)         # 614.1a: a replaceable put
            g.log("701.50a", f"{o.name} connives: a +1/+1 counter")


# ---------------------------------------------------------------- look at a hand
@V.effect("look_at_hand", keys=("player",), players=("player",))
def look_at_hand(g, arg, ctx):
    """The ability's controller looks at the named player's hand (hidden information, 400.2): the cards seen are
    recorded as known to that player (``g.seen_hands[(viewer, player)]``, names in hand order) and logged."""
    seen = g.__dict__.setdefault("seen_hands", {})
    for p in g.players_of(arg.get("player", "target"), ctx):
        names = [o.name for o in g.pz[p]["hand"]]
        seen[(ctx.controller, p)] = names
        g.log("400.2", f"{ctx.controller} look at {p}'s hand: {names}")


# ---------------------------------------------------------------- poison counters (122.1f)
@V.effect("poison", keys=("player", "n"), players=("player",))
def poison(g, arg, ctx):
    """122.1f: each named player gets `n` poison counters (ten or more: the player loses, 704.5c)."""
    for p in g.players_of(arg.get("player", "you"), ctx):
        n = g.value(arg.get("n", 1), ctx)
        g.pcounters[p]["poison"] = g.pcounters[p].get("poison", 0) + n
        g.log("122.1f", f"{p} gets {n} poison counter(s), now {g.pcounters[p]['poison']}")


# ---------------------------------------------------------------- skipping turns (614.10, 500.8)
def skips(g) -> dict:
    return g.__dict__.setdefault("skip_turns", {})


@V.effect("skip_turn", keys=("player", "n"), players=("player",))
def skip_turn(g, arg, ctx):
    """614.10: "you skip your next turn" — a replacement effect: the player's next turn is not taken (the
    turn passes to the player after them, 500.8); `n` turns cumulatively."""
    for p in g.players_of(arg.get("player", "you"), ctx):
        skips(g)[p] = skips(g).get(p, 0) + g.value(arg.get("n", 1), ctx)
        g.log("614.10", f"{p} will skip their next {skips(g)[p]} turn(s)")


def next_player(g, p):
    """The player who takes the next turn after ``p``'s: each player skipping a turn is passed over once per
    skip (614.10); if everyone skips, the skips are spent in turn order until someone takes a turn."""
    order = g.players
    j = order.index(p)
    for _ in range(64):
        j = (j + 1) % len(order)
        q = order[j]
        if skips(g).get(q, 0) > 0:
            skips(g)[q] -= 1
            g.log("614.10", f"{q} skips this turn")
            continue
        return q
    return order[(order.index(p) + 1) % len(order)]


# ---------------------------------------------------------------- exile graveyards (406.3)
@V.effect("exile_graveyards", keys=("player",), players=("player",))
def exile_graveyards(g, arg, ctx):
    """406.3: "exile all graveyards" (each player's) / "exile target player's graveyard": every card there is
    exiled, one simultaneous move."""
    moves = [(o, "exile", None) for p in g.players_of(arg.get("player", "each_player"), ctx)
             for o in list(g.pz[p]["graveyard"])]
    if moves:
        g.move_batch(moves)
    g.log("406.3", f"{len(moves)} card(s) exiled from graveyards")


# ---------------------------------------------------------------- the monarch (724)
@V.effect("monarch", values=(), enums={"*": (True,)})
def become_monarch(g, arg, ctx):
    """724.1: the ability's controller becomes the monarch (there is only one; 724.3)."""
    set_monarch(g, ctx.controller, ctx.source)


def set_monarch(g, p, source):
    if g.__dict__.get("monarch") == p:
        return
    g.monarch = p
    g.monarch_source = source
    g.log("724.1", f"{p} becomes the monarch")


def _inherent(g, spec, p):
    """The monarch designation's inherent triggered abilities (724.2), put on the stack with the card that made
    the player the monarch as their source."""
    a = StackAbility(g.next_oid, g.monarch_source, spec, -1, p, None, "monarch")
    g.next_oid += 1
    a.targets = []
    g.pending.append(a)
    g.triggered.append((g.monarch_source.name, "monarch", g.step, g.monarch_source.ordinal))
    g.log("724.2", f"the monarch's ability triggers: {spec['name']}")


@V.hook(V.STEP_HOOKS)
def _monarch_draw(g, step):
    """724.2: at the beginning of the monarch's end step, that player draws a card."""
    if step == "end" and g.__dict__.get("monarch") == g.active:
        _inherent(g, {"name": "monarch draw", "effects": [{"draw": 1}], "targets": []}, g.active)


@V.hook(V.EVENT_WATCHERS, kinds=("combat_damage_player",))
def _monarch_damage(g, events):
    """724.2: whenever a creature deals combat damage to the monarch, its controller becomes the monarch."""
    m = g.__dict__.get("monarch")
    if m is None:
        return
    for ev in events:
        if ev.kind == "combat_damage_player" and ev.player == m and ev.obj is not None and ev.obj.controller != m:
            g.monarch_taker = ev.obj.controller
            _inherent(g, {"name": "monarch steal", "effects": [{"take_monarch": True}], "targets": []}, ev.obj.controller)
            return


@V.effect("take_monarch", values=(), enums={"*": (True,)})
def take_monarch(g, arg, ctx):
    """724.2: the damaging creature's controller becomes the monarch (the inherent ability resolving)."""
    set_monarch(g, ctx.controller, g.monarch_source)


V.player_word("monarch")(lambda g, ctx: [g.monarch] if g.__dict__.get("monarch") else [])


# ---------------------------------------------------------------- goad (701.38)
@V.effect("goad", objects=("*",))
def goad(g, arg, ctx):
    """701.38a–b: until the goading player's next turn, each goaded creature attacks each combat if able and
    attacks a player other than the goading player if able — with two players there is no other player, so the
    requirement is to attack (the goader may be attacked, 701.38b); more players: not modelled (an error)."""
    if len(g.players) > 2:
        from ...errors import EngineError
        raise EngineError("goad with more than two players: attacking another player is not modelled (701.38b)")
    from ..effects.pump import pump
    objs = g.objects_of(arg, ctx)
    for o in objs:
        g.log("701.38a", f"{ctx.controller} goads {o.name}")
    if objs:
        pump(g, {"affected": arg, "grant": ["attacks_each_combat"], "until": "your_next_turn"}, ctx)
