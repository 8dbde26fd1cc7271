"""Foretell (702.143a): "During your turn, you may pay {2} and exile this card from your hand face down. Cast it on a
later turn for its foretell cost" — a special action of the card in the hand (116.2h: `activate: CARD` with
`ability: foretell`, during its owner's turn), then `cast` with `mode: foretell` from exile on a later turn (its
normal timing, 307.1).  The engine does not charge mana."""
from __future__ import annotations

from ... import vocabulary as V
from ...errors import IllegalAction
from ..costs import mana_or_costs


def _foretold(g) -> dict:
    return g.__dict__.setdefault("foretold", {})          # oid of the exiled card -> the turn it was foretold


V.top_key("foretell", mana_or_costs, "702.143a: foretell [cost] — special action in your turn from the hand ({2}, "
                                     "exiled face down); cast it on a later turn for the cost (`mode: foretell`)")


@V.hook(V.ABILITY_HOOKS)
def _foretell_action(g, o):
    if not o.beh.extra.get("foretell") or o.zone != "hand":
        return []
    return [{"name": "foretell", "cost": "{2}", "zone": "hand", "special": True, "your_turn_only": True,
             "targets": [], "effects": [{"foretell_exile": True}]}]


@V.effect("foretell_exile", keys=None, values=())
def foretell_exile(g, arg, ctx):
    """702.143a / 406.3: exile the card from the hand face down (its owner may look at it, 406.3b)."""
    o = ctx.source
    if o.gone or o.zone != "hand":
        raise IllegalAction(f"{o.name} is not in the hand to be foretold")
    new = g.move(o, "exile")
    _foretold(g)[new.oid] = g.turn
    g.log("702.143a", f"{ctx.controller} foretells {o.name}")


def _check(g, o) -> str:
    turn = _foretold(g).get(o.oid)
    if turn is None or o.zone != "exile":
        return f"{o.name} was not foretold (702.143a)"
    if turn >= g.turn:
        return f"{o.name} was foretold this turn: it can be cast on a later turn (702.143a)"
    return ""


V.cast_mode("foretell", lambda g, o: (o.beh.spell or {}).get("targets") or [], _check, zones=("exile",))
