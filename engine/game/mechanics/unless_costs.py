"""118.12: "[effect] unless [a player] [does something]" — the action after "unless" is a cost that player may pay
as the ability resolves ("sacrifice ~ unless you discard a card", "that player loses 5 life unless they discard a
card", "counter that spell unless you sacrifice a creature").  118.3: a player can't pay a cost without the
resources to pay it fully, so the choice is offered only when the whole cost can be paid; the payment itself is
the same as a spell's cost mapping (engine/game/costs.py ``pay_spell_cost``).

The cost keys an `unless` may carry (`pay_cost`) are the ones ``can_pay`` can count; mana is not among them:
"unless … pays {2}" is the `pay` key of `unless`, charged from the payer's mana (mechanics/unless_mana.py)."""
from __future__ import annotations

UNLESS_COST_KEYS = ("discard", "discard_random", "sacrifice_other", "return_cost", "tap_other",
                    "exile_from_graveyard", "exile_from_hand", "pay_life")


def _count(g, p, o, key, v) -> int:
    """How many objects player ``p`` could use for the cost ``key`` (the candidates the payment picks among)."""
    def ok(x, f):
        return g.match(x, g.chars(x), f or {}, o, p)
    if key == "discard":
        return sum(1 for x in g.pz[p]["hand"] if x is not o and ok(x, v.get("filter")))
    if key == "discard_random":
        return sum(1 for x in g.pz[p]["hand"] if x is not o)
    plain = {k: x for k, x in v.items() if k != "n"} if isinstance(v, dict) else {}
    if key == "sacrifice_other":
        return sum(1 for x in g.bf if x.controller == p and ok(x, plain))
    if key == "return_cost":
        return sum(1 for x in g.bf if ok(x, dict(plain, controller="you")))
    if key == "tap_other":
        return sum(1 for x in g.bf if x.controller == p and x is not o and not x.tapped and ok(x, plain))
    if key == "exile_from_graveyard":
        return sum(1 for x in g.pz[p]["graveyard"] if x is not o and ok(x, v.get("filter")))
    if key == "exile_from_hand":
        return sum(1 for x in g.pz[p]["hand"] if x is not o and x.card_no != o.card_no and ok(x, v.get("filter")))
    raise KeyError(key)


def can_pay(g, p, o, cost: dict) -> bool:
    """118.3: whether player ``p`` has what it takes to pay every part of ``cost`` (paid for ``o``'s ability)."""
    for key, v in cost.items():
        if key == "pay_life":
            if g.life[p] < int(v):                      # 119.4: a player can pay life only up to their total
                return False
            continue
        need = v if key == "discard_random" else (v.get("n", 1) if isinstance(v, dict) else 1)
        if _count(g, p, o, key, v) < need:
            return False
    return True
