"""Keywords that stand for triggered abilities, with their number or cost as a top-level behaviour key:
echo (702.30), bushido (702.45), flanking (702.25); the events "blocks or becomes blocked" and "a creature
blocks this creature"."""
from __future__ import annotations

from ... import vocabulary as V
from .unless_mana import can_pay_mana, pay_mana

_MANA = lambda v, c=None: "" if isinstance(v, str) and v.startswith("{") else repr(v)         # noqa: E731
_NUMBER = lambda v, c=None: "" if isinstance(v, int) and not isinstance(v, bool) and v >= 1 else repr(v)  # noqa: E731


@V.event("blocks_or_blocked")
def _blocks_or_blocked(g, t, ev, src, subj, sc):
    """509.3a / 509.3c: a creature blocks or becomes blocked."""
    return ev.kind in ("blocks", "becomes_blocked")


@V.event("blocks_self")
def _blocks_self(g, t, ev, src, subj, sc):
    """509.3a: a creature blocks the source (the event's object is the blocker)."""
    return ev.kind == "blocks" and src.oid in (g.blockers.get(ev.obj.oid) or [])


# ---------------------------------------------------------------- echo 702.30
V.top_key("echo", _MANA, "702.30a: echo [cost] — at the beginning of your upkeep, if this came under your "
                         "control since your last upkeep, sacrifice it unless you pay its echo cost")


@V.condition("echo_due")
def _echo_due(g, value, src, ctrl, ev):
    """702.30a: the source came under its controller's control since the beginning of their last upkeep
    (a permanent there when the scenario began has been there longer)."""
    return src.since_turn > 0 and src.since_turn >= g.turn - len(g.players)


@V.keyword_ability("echo", "702.30", own_only=True)
def echo():
    """702.30a: the upkeep trigger of echo; the cost is the behaviour's ``echo`` key."""
    return [{"event": "upkeep", "whose": "you", "name": "echo", "if": {"echo_due": True}, "targets": [],
             "effects": [{"echo_cost": True}]}]


@V.effect("echo_cost", keys=None, values=())
def echo_cost(g, arg, ctx):
    """702.30a: sacrifice the permanent unless its controller pays its echo cost (a `pay` answer)."""
    src = ctx.source
    cost = src.beh.extra.get("echo")
    if src.gone or src.zone != "battlefield":
        return
    mana = isinstance(cost, str) and cost.startswith("{")
    # 118.3: a mana echo cost is offered only when the controller's mana covers it, and is charged (unless_mana)
    if cost and (not mana or can_pay_mana(g, ctx.controller, cost, ctx)) and \
            g.choose_yes(ctx.controller, f"{src.name}: pay echo {cost}?", ("pay", "may")):
        if mana:
            pay_mana(g, ctx.controller, cost, ctx, "702.30a: echo")
        g.log("702.30a", f"{ctx.controller} pays echo {cost} for {src.name}")
        return
    g.log("702.30a", f"{src.name}: echo not paid, sacrificed")
    g.move(src, "graveyard")


# ---------------------------------------------------------------- bushido 702.45
V.top_key("bushido", _NUMBER, "702.45a: bushido N — whenever this creature blocks or becomes blocked, it gets "
                              "+N/+N until end of turn")


@V.keyword_ability("bushido", "702.45", own_only=True)
def bushido():
    """702.45a: the trigger of bushido; N is the behaviour's ``bushido`` key."""
    return [{"event": "blocks_or_blocked", "name": "bushido", "object": {"self": True}, "targets": [],
             "effects": [{"bushido_pump": True}]}]


@V.effect("bushido_pump", keys=None, values=())
def bushido_pump(g, arg, ctx):
    """702.45a: the source gets +N/+N until end of turn (N its bushido number)."""
    n = ctx.source.beh.extra.get("bushido")
    if isinstance(n, int):
        g.do_effects([{"pump": {"affected": "self", "pt": [n, n]}}], ctx)


# ---------------------------------------------------------------- flanking 702.25
@V.keyword_ability("flanking", "702.25")
def flanking():
    """702.25a: whenever a creature without flanking blocks this creature, the blocking creature gets -1/-1
    until end of turn."""
    return [{"event": "blocks_self", "name": "flanking", "object": {"lacks_keyword": ["flanking"]},
             "targets": [], "effects": [{"pump": {"affected": "event", "pt": [-1, -1]}}]}]


@V.player_word("defending_player")
def _defending_player(g, ctx):
    """506.2: the player the source is attacking, or the controller of the planeswalker it attacks (none when it
    isn't attacking)."""
    d = g.defending_player(ctx.source.oid)
    return [d] if d in g.life else []


# ---------------------------------------------------------------- soulshift 702.46
V.top_key("soulshift", _NUMBER, "702.46a: soulshift N — when this creature dies, you may return target Spirit card "
                                "with mana value N or less from your graveyard to your hand")


@V.keyword_ability("soulshift", "702.46", own_only=True)
def soulshift(n):
    """702.46a: the dies trigger of soulshift N (its target filter carries N)."""
    return [{"event": "dies", "name": "soulshift", "object": {"self": True}, "may": True,
             "targets": [{"kind": "graveyard_card", "filter": {"subtypes": ["Spirit"], "mana_value_at_most": n,
                                                               "owner": "you"}}],
             "effects": [{"return_to_hand": "target"}]}]


soulshift.numbered = True


@V.event("enters_or_dies")
def _enters_or_dies(g, t, ev, src, subj, sc):
    """603.6a / 700.4: an object enters the battlefield, or a creature dies ("enters or dies")."""
    return ev.kind == "zone" and (ev.to == "battlefield" or
                                  ev.frm == "battlefield" and ev.to == "graveyard" and "Creature" in sc.types)


@V.event("deals_damage")
def _deals_damage(g, t, ev, src, subj, sc):
    """120.3 / 603.2: a source deals damage, combat or not (once per source for damage dealt at once;
    `event:amount` the total)."""
    return ev.kind == "deals_damage"


@V.event("damage_player")
def _damage_player(g, t, ev, src, subj, sc):
    """120.3: a source deals damage to a player, combat or not (`event:amount`)."""
    return ev.kind == "damage_player"


@V.event("damage_opponent")
def _damage_opponent(g, t, ev, src, subj, sc):
    """120.3: a source deals damage to an opponent of its controller, combat or not (`event:amount`)."""
    return ev.kind == "damage_player" and ev.player != src.controller
