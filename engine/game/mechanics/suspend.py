"""Suspend (702.62): "Suspend N—[cost]" means (702.62a)
- "If you could begin to cast this card by putting it onto the stack from your hand, you may pay [cost] and exile
  it with N time counters on it. This action doesn't use the stack" — a special action of the card in the hand
  (116.2f): `activate: CARD` with `ability: suspend`;
- "At the beginning of your upkeep, if this card is suspended, remove a time counter from it";
- "When the last time counter is removed from this card, if it's exiled, you may play it without paying its mana
  cost if able. If you don't, it remains exiled. If you cast a creature spell this way, it gains haste until you
  lose control of the spell or the permanent it becomes" — the owner answers `may: yes` (and the spell's
  `targets`) as that trigger resolves; the spell is cast then, timing ignored, with `mode: suspend`.
702.62b: a card is "suspended" while it is in exile, has suspend and has a time counter on it.
"""
from __future__ import annotations

from ... import vocabulary as V
from ...errors import IllegalAction
from ..objects import Event
from .resolving_cast import offer_cast, resolving_cast_mode


def _check(v, checker) -> str:
    if not isinstance(v, dict) or set(v) != {"time", "cost"} or not isinstance(v["time"], int) or \
            not isinstance(v["cost"], str):
        return repr(v)
    return ""


V.top_key("suspend", _check, "702.62a: suspend N—[cost] `{time: N, cost}` — special action from the hand (exiled with "
                             "N time counters), a counter removed each upkeep, cast for free when the last goes")


def suspended(o) -> bool:
    """702.62b."""
    return o.zone == "exile" and bool(o.beh.extra.get("suspend")) and o.counters.get("time", 0) > 0


@V.hook(V.ABILITY_HOOKS)
def _suspend_action(g, o):
    s = o.beh.extra.get("suspend")
    if not s or o.zone != "hand":
        return []
    return [{"name": "suspend", "cost": s["cost"], "zone": "hand", "special": True, "cast_timing": True,
             "targets": [], "effects": [{"suspend_exile": s["time"]}]}]


@V.cost("cast_timing", lambda v, c: "" if v is True else repr(v))
def cast_timing(g, p, o, v):
    """702.62a: "if you could begin to cast this card" — its timing (307.1, or flash 702.8) holds now."""
    if not g.is_instant_speed(o) and not g.sorcery_timing(p):
        raise IllegalAction(f"{o.name} could not be cast now, so it can't be suspended (702.62a, 307.1)")


@V.effect("suspend_exile", keys=None, values=())
def suspend_exile(g, arg, ctx):
    """702.62a: exile the card from the hand with N time counters on it."""
    o = ctx.source
    if o.gone or o.zone != "hand":
        return
    new = g.move(o, "exile")
    new.counters["time"] = int(arg)
    g.touch()
    g.log("702.62a", f"{o.name} is suspended with {arg} time counters")


_UPKEEP = {"event": "suspend_upkeep", "name": "suspend: remove a time counter", "targets": [],
           "effects": [{"suspend_tick": True}]}
_LAST = {"event": "suspend_last", "name": "suspend: cast it", "targets": [], "effects": [{"suspend_cast": True}]}


@V.hook(V.STEP_HOOKS)
def _upkeep(g, step):
    """702.62a: at the beginning of its owner's upkeep, each suspended card's ability triggers."""
    if step != "upkeep" or not g.pz[g.active]["exile"]:
        return
    for o in list(g.pz[g.active]["exile"]):
        if suspended(o):
            g._trigger(o, _UPKEEP, 9062, Event("suspend_upkeep", obj=o, player=g.active))


for _ev in ("suspend_upkeep", "suspend_last"):
    V.event(_ev)(lambda g, t, ev, src, subj, sc: False)     # put there by the suspend rules, never matched


@V.effect("suspend_tick", keys=None, values=())
def suspend_tick(g, arg, ctx):
    """702.62a: if it is still suspended, remove a time counter; removing the last one triggers (702.62a)."""
    o = ctx.source
    if o.gone or not suspended(o):
        return
    o.counters["time"] -= 1
    g.touch()
    g.log("702.62a", f"{o.name}: a time counter removed, {o.counters['time']} left")
    if o.counters["time"] == 0:
        g._trigger(o, _LAST, 9063, Event("suspend_last", obj=o, player=o.owner))


resolving_cast_mode("suspend", lambda o: bool(o.beh.extra.get("suspend")), "702.62a", "last-counter trigger")


@V.effect("suspend_cast", keys=None, values=())
def suspend_cast(g, arg, ctx):
    """702.62a: if it's exiled, its owner may cast it without paying its mana cost; if not, it stays exiled."""
    offer_cast(g, ctx, "suspend", "cast it without paying its mana cost", "702.62a")


@V.hook(V.MOVED_HOOKS, frm=("stack",), to=("battlefield",))
def _keep_mode(g, old, new, opts):
    """702.62a: the creature a suspended spell becomes keeps the haste the suspend rules give it."""
    if old.zone == "stack" and new.zone == "battlefield" and old.mode == "suspend":
        new.mode = "suspend"


@V.layer_effect("6")
def _haste(g, o, c, statics):
    """702.62a / 613.1f: a creature cast by suspend has haste while its caster controls it (as the spell and
    as the permanent): its owner cast it, so another controller has lost control of it."""
    if o.mode == "suspend" and o.zone in ("stack", "battlefield") and "Creature" in c.types \
            and o.controller == o.owner:
        c.keywords.add("haste")
