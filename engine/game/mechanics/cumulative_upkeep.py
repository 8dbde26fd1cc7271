"""Cumulative upkeep (702.24a): "At the beginning of your upkeep, if this permanent is on the battlefield, put an age
counter on this permanent. Then you may pay [cost] for each age counter on it. If you don't, sacrifice it."
The cost is mana (the controller answers `pay: yes/no`; the engine does not charge mana) or life ("Cumulative
upkeep—Pay 1 life": paid that many times, 119.4 — refused when the life total is too low)."""
from __future__ import annotations

from ... import vocabulary as V
from .counter_replacements import add_counters
from .unless_mana import can_pay_mana, pay_mana


def _check(v, checker) -> str:
    if isinstance(v, str) and v.startswith("{"):
        return ""
    if isinstance(v, dict) and set(v) == {"pay_life"} and isinstance(v["pay_life"], int):
        return ""
    return repr(v)


V.top_key("cumulative_upkeep", _check, "702.24a: cumulative upkeep [cost] — an age counter each upkeep, then pay the "
                                       "cost once per age counter or sacrifice it")


@V.keyword_ability("cumulative_upkeep", "702.24", own_only=True)
def cumulative_upkeep():
    """702.24a: the upkeep trigger; the cost is the behaviour's ``cumulative_upkeep`` key."""
    return [{"event": "upkeep", "whose": "you", "name": "cumulative upkeep", "targets": [],
             "effects": [{"cumulative_upkeep_pay": True}]}]


@V.effect("cumulative_upkeep_pay", keys=None, values=())
def cumulative_upkeep_pay(g, arg, ctx):
    """702.24a: put an age counter on the permanent, then its controller may pay the cost once per age counter
    (a `pay` answer); if they don't, it is sacrificed."""
    src = ctx.source
    if src.gone or src.zone != "battlefield":
        return
    add_counters(g, src, "age", 1)                 # 614.1a: a replaceable put
    n = src.counters["age"]
    cost = src.beh.extra.get("cumulative_upkeep")
    p = ctx.controller
    life = cost.get("pay_life", 0) * n if isinstance(cost, dict) else 0
    what = f"{life} life" if life else f"{cost} x{n}"
    mana = cost * n if not life and isinstance(cost, str) and cost.startswith("{") else None
    # 118.3: a mana cost is offered only when the controller's mana covers it all, and is charged (unless_mana)
    if (not life or g.life[p] >= life) and (mana is None or can_pay_mana(g, p, mana, ctx)) and \
            g.choose_yes(p, f"{src.name}: pay cumulative upkeep {what}?", ("pay", "may")):
        if life:
            g.life[p] -= life                       # 119.4
        if mana:
            pay_mana(g, p, mana, ctx, "702.24a: cumulative upkeep")
        g.log("702.24a", f"{p} pays cumulative upkeep {what} for {src.name}")
        return
    g.log("702.24a", f"{src.name}: cumulative upkeep not paid, sacrificed")
    g.move(src, "graveyard")
