"""Combat trigger events and combat filters (group ek, issue 21): "attacks and isn't blocked" (509.1h),
"whenever you attack (with N or more creatures)" (508.3a), "deals combat damage" / "… to a player or
planeswalker" (510.2, 603.2), and the filters "creature blocking ~" (509.1g) and "creature attacking you"
(506.3, 508.1b)."""
from __future__ import annotations

from ... import vocabulary as V
from ..objects import Event


# ---------------------------------------------------------------- 509.1h: unblocked attackers
def unblocked_events(g) -> list:
    """509.1h: once blockers are declared, each attacking creature with no creature declared as a blocker for it
    is an unblocked creature; "whenever ~ attacks and isn't blocked" triggers then (509.3, 603.2)."""
    byid = {o.oid: o for o in g.bf}
    return [Event("unblocked", obj=byid[a], player=d) for a, d in g.attackers.items()
            if a in byid and a not in g.blocked]


@V.hook(V.STEP_HOOKS)
def _no_blockers_declared(g, step):
    """509.1: the declare blockers step begins with no block declared (the scenario moved on): every attacker
    is unblocked (509.1h)."""
    if step == "declare_blockers" and g.attackers:
        g.detect(unblocked_events(g))


def _kind_event(name, kinds, doc):
    def match(g, t, ev, src, subj, sc):
        return ev.kind in kinds
    match.__doc__ = doc
    V.event(name)(match)


_kind_event("unblocked", ("unblocked",), "509.1h: an attacking creature becomes unblocked as blockers are declared "
            "(\"attacks and isn't blocked\"; `object` filters the attacker; \"defending player\" is the player it attacks).")


# ---------------------------------------------------------------- 508.3a: "whenever you attack"
def attack_event(g, attackers, defender) -> Event:
    """508.3a: the active player attacked with these creatures (one event, `amount` = how many)."""
    return Event("attack", player=g.active, amount=len(attackers), obj=None, source=None)


def _attack_with(n):
    def match(g, t, ev, src, subj, sc):
        if ev.kind != "attack" or ev.amount < n:
            return False
        whose = t.get("whose", "you")
        if whose != "each" and (ev.player == src.controller) != (whose == "you"):
            return False
        return src.zone == "battlefield" and not src.gone
    match.__doc__ = (f"508.3a: a player declares {n} or more creatures as attackers (once per combat; "
                     "`whose: you|opponent|each`; the source on the battlefield).")
    return match


for _name, _n in (("attack", 1), ("attack_2", 2), ("attack_3", 3)):
    V.event(_name)(_attack_with(_n))


# ---------------------------------------------------------------- 510.2: combat damage by a source
def combat_dealt_events(dealt: dict, planeswalkers: list) -> list:
    """510.2 / 603.2: "whenever ~ deals combat damage" triggers once per source per combat damage step, with
    the total dealt (`event:amount`); "… to a player or planeswalker" once per such recipient.  ``dealt`` is
    ActionsMixin.deal_damage's (source, player or None) → [source, player, total]; ``planeswalkers`` the
    (source, planeswalker, amount) combat damage to planeswalkers."""
    out = [Event("combat_damage", obj=src, amount=n) for src, p, n in dealt.values() if p is None]
    out += [Event("combat_damage_planeswalker", obj=src, source=pw, amount=n) for src, pw, n in planeswalkers]
    return out


_kind_event("combat_damage", ("combat_damage",),
            "510.2: a source deals combat damage to anything (once per damage step; `event:amount` the total).")
_kind_event("combat_damage_player_or_planeswalker", ("combat_damage_player", "combat_damage_planeswalker"),
            "510.2: a creature deals combat damage to a player or to a planeswalker (once per recipient).")


# ---------------------------------------------------------------- filters
@V.filter_key("blocking_self", values=(True,))
def _blocking_self(g, o, c, v, src, ctrl, ev):
    """`true`: a creature blocking the source (509.1g: it blocks the attackers chosen for it)."""
    return src is not None and src.oid in g.blockers.get(o.oid, ())


@V.filter_key("attacking_you", values=(True,))
def _attacking_you(g, o, c, v, src, ctrl, ev):
    """`true`: a creature attacking the controller of the source or a planeswalker they control (506.3,
    508.1b)."""
    if o.oid not in g.attackers:
        return False
    d = g.attackers[o.oid]
    return d == ctrl if isinstance(d, str) else getattr(d, "controller", None) == ctrl


def _blocks(g, b, a) -> bool:
    if not a.gone and not b.gone:
        return a.oid in g.blockers.get(b.oid, ())
    # 603.10a: a creature that left the battlefield ("when ~ dies, destroy each creature blocking it") is looked
    # back at: the blocks declared this turn (card numbers, kept as blockers were declared)
    return a.card_no in getattr(g, "ek_blocks", {}).get((g.turn, b.card_no), ())


@V.hook(V.EVENT_WATCHERS, kinds=("blocks",))
def _remember_blocks(g, events):
    """509.1g: the blocks declared, by card, for looking back at a creature that left the battlefield."""
    for ev in events:
        if ev.kind == "blocks" and ev.obj is not None:
            if not hasattr(g, "ek_blocks"):
                g.ek_blocks = {}
            byid = {o.oid: o for o in g.bf}
            g.ek_blocks[(g.turn, ev.obj.card_no)] = {byid[x].card_no for x in g.blockers.get(ev.obj.oid, ())
                                                     if x in byid}


@V.filter_key("blocking_ref", values=("blocking:self", "blocking:event", "blocking_or_blocked_by:self",
                                      "blocking_or_blocked_by:event"))
def _blocking_ref(g, o, c, v, src, ctrl, ev):
    """"creature blocking it" (509.1g): `blocking:self` / `blocking:event` — blocking the source / the event's
    creature; `blocking_or_blocked_by:…` — also a creature it blocks (509.1h); one that left the battlefield is
    looked back at (603.10a)."""
    kind, _, who = v.partition(":")
    if who == "self":
        x = src
    else:
        ev = ev if ev is not None else getattr(getattr(g, "ctx_now", None), "event", None)
        x = ev.obj if ev is not None else None
    if x is None:
        return False
    return _blocks(g, o, x) or (kind == "blocking_or_blocked_by" and _blocks(g, x, o))
