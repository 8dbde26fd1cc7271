"""More costs of activated abilities (602.2b, 118): {Q} (untap this permanent, 107.6), exiling the permanent,
returning permanents you control to their owner's hand, discarding at random (701.9c).

Costs are paid in full or the action is illegal (602.2b, 601.2h); each is one ``@cost`` function read by
``engine/game/costs.py pay_costs``.
"""
from __future__ import annotations

from ... import vocabulary as V
from ...errors import IllegalAction
from ..costs import _pick
from .tapping import set_tapped


def _move_picked(g, p, o, cands, n, to, what, rule):
    """Pay a cost that moves N of the candidates (the player picks them, `card` answers): all at once."""
    picked = _pick(g, p, cands, n, f"{o.name}: {what} (cost)")
    g.log(rule, f"{p} pays {o.name}'s cost: {what} {', '.join(x.name for x in picked)}")
    g.move_batch([(x, to, None) for x in picked])


def _true(v, checker):
    return "" if v is True else repr(v)


@V.cost("untap_cost", _true)
def untap_cost(g, p, o, v):
    """107.6 / 602.2b: the {Q} cost — untap this permanent; it must be tapped, and a creature's {Q} cost can't
    be paid while it has summoning sickness (302.6)."""
    if not o.tapped:
        raise IllegalAction(f"{o.name} is untapped: the {{Q}} cost can't be paid (107.6)")
    c = g.chars(o)
    if "Creature" in c.types and o.since_turn == g.turn and o.since_turn > 0 and "haste" not in c.keywords:
        raise IllegalAction(f"{o.name} has summoning sickness (302.6)")
    g.detect(set_tapped(g, [o], False))
    g.log("107.6", f"{p} untaps {o.name} as a cost")


@V.cost("exile_self", _true)
def exile_self(g, p, o, v):
    """602.2b: "Exile ~" — the permanent is exiled as the cost is paid (the ability exists apart from it,
    113.7a)."""
    if o.zone != "battlefield":
        raise IllegalAction(f"{o.name} is not on the battlefield: it can't be exiled for the cost")
    g.log("406.3", f"{p} exiles {o.name} as a cost")
    g.move(o, "exile")


def _return_check(v, checker):
    if not isinstance(v, dict) or not isinstance(v.get("n", 1), int):
        return repr(v)
    checker.filter({k: x for k, x in v.items() if k != "n"})
    return ""


@V.cost("return_cost", _return_check)
def return_cost(g, p, o, v):
    """602.2b: "Return N PERMANENT(S) you control to its owner's hand" — the player picks them (`card`
    answers); they move at once (a permanent may return itself when it matches)."""
    f = dict({k: x for k, x in v.items() if k != "n"}, controller="you")
    _move_picked(g, p, o, [x for x in g.bf if g.match(x, g.chars(x), f, o, p)], v.get("n", 1), "hand",
                 "return to hand", "602.2b")


@V.cost("discard_random", lambda v, c: "" if isinstance(v, int) and not isinstance(v, bool) and v > 0 else repr(v))
def discard_random(g, p, o, v):
    """701.9c: "discard N cards at random" as a cost — the cards are chosen at random (the scenario's `card`
    answers name what the randomness picked); the hand must hold N cards."""
    _move_picked(g, p, o, [x for x in g.pz[p]["hand"] if x is not o], v, "graveyard", "discard at random", "701.9c")


def _exile_gy_check(v, checker):
    if not isinstance(v, dict) or not isinstance(v.get("n"), int) or set(v) - {"n", "filter"}:
        return repr(v)
    checker.filter(v.get("filter") or {})
    return ""


@V.cost("exile_from_graveyard", _exile_gy_check)
def exile_from_graveyard(g, p, o, v):
    """602.2b / 601.2h: "exile N [cards] from your graveyard" as a cost (of an ability, or an additional cost to
    cast a spell) — the player picks them (`card` answers)."""
    gy = [x for x in g.pz[p]["graveyard"] if x is not o and g.match(x, g.chars(x), v.get("filter") or {}, o, p)]
    _move_picked(g, p, o, gy, v["n"], "exile", "exile from the graveyard", "602.2b")


@V.cost("exile_from_hand", _exile_gy_check)
def exile_from_hand(g, p, o, v):
    """601.2h / 602.2b: "exile N [cards] from your hand" as a cost (e.g. of an alternative cost, 118.9) — the
    player picks them (`card` answers); the card being cast or activated is not among them."""
    hand = [x for x in g.pz[p]["hand"] if x is not o and x.card_no != o.card_no
            and g.match(x, g.chars(x), v.get("filter") or {}, o, p)]
    _move_picked(g, p, o, hand, v["n"], "exile", "exile from the hand", "602.2b")


# ---------------------------------------------------------------- abilities that work from the hand (113.6)
@V.cost("zone", lambda v, c: "" if v in ("hand", "graveyard") else repr(v))
def zone(g, p, o, v):
    """113.6 / 602.2: an ability that functions only while its card is in that zone (forecast 702.57a and "exile ~
    from your hand" from the hand) — its owner activates it there (`activate` finds it by `zone`)."""
    if o.zone != v or o.owner != p:
        raise IllegalAction(f"{o.name}: this ability works only from its owner's {v} (113.6)")


@V.cost("reveal_self", lambda v, c: "" if v is True else repr(v))
def reveal_self(g, p, o, v):
    """702.57a: "reveal ~ from your hand" — the card is shown and stays in the hand."""
    if o.zone != "hand":
        raise IllegalAction(f"{o.name} is not in {p}'s hand to reveal")
    g.log("701.20", f"{p} reveals {o.name} from their hand")


@V.cost("exile_self_from_hand", lambda v, c: "" if v is True else repr(v))
def exile_self_from_hand(g, p, o, v):
    """602.2b: "exile ~ from your hand" — the card is exiled as the cost is paid."""
    if o.zone != "hand":
        raise IllegalAction(f"{o.name} is not in {p}'s hand to exile")
    g.log("406.3", f"{p} exiles {o.name} from their hand as a cost")
    g.move(o, "exile")
