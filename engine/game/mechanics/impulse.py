"""Playing cards from exile ("impulse draw"): ``exile_top`` exiles the top N cards of a library (406.3); ``play_exiled
{what, until, cast_only?}`` lets the ability's controller play those cards — cast them (601.2a, `cast` with `mode:
exiled`, normal timing 307.1) or, unless `cast_only`, play a land among them (305.1, a land play) — until the
end of the turn.  The permission follows the exiled object: a card that leaves exile is a new object (400.7)."""
from __future__ import annotations

from ... import vocabulary as V


def _perms(g) -> dict:
    return g.__dict__.setdefault("may_play_exiled", {})      # oid -> (player, turn, cast_only)


@V.effect("exile_top", keys=("player", "n"), players=("player",))
def exile_top(g, arg, ctx):
    """406.3: exile the top N cards of each named player's library (face up); they are what "that card" names."""
    moves = [(o, "exile", None) for p in g.players_of(arg.get("player", "you"), ctx)
             for o in g.pz[p]["library"][:g.value(arg.get("n", 1), ctx)]]
    ctx.found = [x for x in g.move_batch(moves) if x is not None] if moves else []
    g.log("406.3", f"exiled from the top of the library: {[o.name for o in ctx.found]}")


@V.effect("play_exiled", keys=("what", "until", "cast_only"), objects=("what",), values=(),
          enums={"until": ("end_of_turn", "end_of_your_next_turn")})
def play_exiled(g, arg, ctx):
    """601.2a / 305.1: until end of turn (or of the controller's next turn) the ability's controller may play the
    exiled cards named."""
    p = ctx.controller
    last = g.turn
    if arg.get("until") == "end_of_your_next_turn":      # two players take turns in order (500.1)
        last = g.turn + (2 if g.active == p else 1)
    for o in g.objects_of(arg.get("what", "found"), ctx):
        if o.zone == "exile":
            _perms(g)[o.oid] = (p, last, bool(arg.get("cast_only")))
            g.log("601.2a", f"{p} may play {o.name} until the end of turn {last}")


def may_play(g, p, o, land=False) -> bool:
    perm = _perms(g).get(o.oid)
    return bool(perm and o.zone == "exile" and not o.gone and perm[0] == p and g.turn <= perm[1]
                and not (land and perm[2]))


V.cast_mode("exiled", lambda g, o: (o.beh.spell or {}).get("targets") or [],
            lambda g, o: "" if may_play(g, o.owner if o.controller is None else o.controller, o) else
            f"nothing lets {o.name} be cast from exile now (601.2a)", zones=("exile",))


@V.hook(V.LAND_PLAY_PERMISSIONS)
def _land(g, p, o) -> bool:
    """305.1: a land card in exile may be played if an effect allows it this turn."""
    return may_play(g, p, o, land=True)
