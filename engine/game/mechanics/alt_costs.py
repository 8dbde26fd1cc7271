"""Alternative and additional costs with their keywords: evoke (702.74), buyback (702.27), unearth (702.84),
crew (702.122); and the "becomes the target" events (115, 603.2).

- Evoke: cast with ``mode: evoke``; "when it enters, if its evoke cost was paid, its controller sacrifices it".
- Buyback: cast with ``mode: buyback`` (the additional cost was paid); as it resolves it goes to its owner's
  hand instead of the graveyard (a spell countered or with every target illegal still goes to the graveyard).
- Unearth: an ability of the card in its owner's graveyard (sorcery speed): it returns to the battlefield, gains
  haste, is exiled at the beginning of the next end step, and if it would leave the battlefield it is exiled
  instead (``activate: CARD`` with ``ability: unearth``).
- Crew N: tap untapped creatures you control with total power N or more (`card` answers, one per creature):
  the Vehicle becomes an artifact creature until end of turn.
"""
from __future__ import annotations

from ... import vocabulary as V
from ...errors import IllegalAction

_MANA = lambda v, c=None: "" if isinstance(v, str) and v.startswith("{") else repr(v)         # noqa: E731
_NUMBER = lambda v, c=None: "" if isinstance(v, int) and not isinstance(v, bool) and v >= 0 else repr(v)  # noqa: E731


def _spell_targets(g, o):
    return (o.beh.spell or {}).get("targets") or []


@V.hook(V.MOVED_HOOKS, frm=("stack",), to=("battlefield",))
def _keep_cast_mode(g, old, new, opts):
    """A permanent spell cast evoked stays marked as it resolves (702.74a reads whether the cost was paid)."""
    if old.zone == "stack" and new.zone == "battlefield" and old.mode == "evoke":
        new.mode = "evoke"


# ---------------------------------------------------------------- evoke 702.74
V.top_key("evoke", _MANA, "702.74a: evoke [cost] — cast for it (`mode: evoke`); sacrificed as it enters")
V.cast_mode("evoke", _spell_targets, lambda g, o: "" if o.beh.extra.get("evoke") else f"{o.name} has no evoke")


@V.condition("evoked")
def _evoked(g, value, src, ctrl, ev):
    """702.74a: the permanent's evoke cost was paid."""
    return (src.mode == "evoke") == bool(value)


@V.keyword_ability("evoke", "702.74", own_only=True)
def evoke():
    """702.74a: "When this permanent enters, if its evoke cost was paid, its controller sacrifices it."."""
    return [{"event": "enters", "name": "evoke", "object": {"self": True}, "if": {"evoked": True},
             "targets": [], "effects": [{"sacrifice": "self"}]}]


# ---------------------------------------------------------------- buyback 702.27
V.top_key("buyback", _MANA, "702.27a: buyback [cost] — cast with `mode: buyback`; it returns to the hand as it "
                            "resolves")
V.cast_mode("buyback", _spell_targets, lambda g, o: "" if o.beh.extra.get("buyback") else f"{o.name} has no buyback")


@V.hook(V.ILLEGAL_TARGET_HOOKS)
def _buyback_doesnt_resolve(g, o) -> bool:
    """608.2b: a buyback spell whose targets are all illegal doesn't resolve — it goes to the graveyard."""
    if o.mode == "buyback":
        o.mode = "buyback_not_resolved"
    return False


@V.hook(V.MOVE_REPLACEMENTS, frm=("stack",), to=("graveyard",))
def _buyback_to_hand(g, o, to):
    """702.27a: a resolving spell whose buyback cost was paid is put into its owner's hand instead of the
    graveyard (608.2n)."""
    if o.zone != "stack" or o.is_ability or o.mode != "buyback" or to != "graveyard" or \
            g.phase != ("resolution", o.name):
        return to
    g.log("702.27a", f"{o.name}: buyback paid, put into its owner's hand")
    return "hand"


def _card_ability(key: str, zone: str, doc: str, **ability):
    """A keyword `key [cost]` that is an ability of the card while it is in `zone` (a graveyard, the hand)."""
    V.top_key(key, _MANA, doc)

    def abilities(g, o):
        cost = o.beh.extra.get(key)
        if not cost or o.zone != zone:
            return []
        return [dict(ability, name=key, cost=cost, zone=zone, targets=[])]
    V.hook(V.ABILITY_HOOKS)(abilities)


# ---------------------------------------------------------------- unearth 702.84
_card_ability("unearth", "graveyard", "702.84a: unearth [cost] — from the graveyard, sorcery speed: return it with "
              "haste, exiled at the next end step or if it would leave", speed="sorcery",
              effects=[{"unearth_return": True}])


@V.effect("unearth_return", keys=None, values=())
def unearth_return(g, arg, ctx):
    """702.84a: return the card from the graveyard to the battlefield; it gains haste; exile it at the beginning
    of the next end step (a delayed trigger, 603.7) — and it is exiled if it would leave the battlefield."""
    o = ctx.source
    if o.gone or o.zone != "graveyard":
        return
    new = g.move(o, "battlefield", controller=ctx.controller)
    if new is None:
        return
    new.mode = "unearthed"
    nctx = type(ctx)(new, ctx.controller, [new], None, ctx.ability)
    # it gains haste (until end of turn: it is exiled at the beginning of the end step before that ends)
    g.do_effects([{"pump": {"affected": "self", "grant": ["haste"]}},
                  {"delayed": {"at": "next_end_step", "effects": [{"exile": {"what": "target"}}]}}], nctx)


@V.hook(V.MOVE_REPLACEMENTS, frm=("battlefield",))
def _unearthed_exiled(g, o, to):
    """702.84a: an unearthed permanent that would leave the battlefield is exiled instead."""
    if o.zone == "battlefield" and o.mode == "unearthed" and to != "exile":
        g.log("702.84a", f"{o.name} was unearthed: exiled instead")
        return "exile"
    return to


# ---------------------------------------------------------------- crew 702.122
V.top_key("crew", _NUMBER, "702.122a: crew N — tap creatures you control with total power N or more: this "
                           "Vehicle becomes an artifact creature until end of turn")


@V.hook(V.ABILITY_HOOKS)
def _crew_ability(g, o):
    n = o.beh.extra.get("crew")
    if n is None or o.zone != "battlefield":
        return []
    return [{"name": "crew", "crew": n, "targets": [],
             "effects": [{"animate": {"what": "self", "types": ["Artifact", "Creature"], "until": "end_of_turn",
                                      "still": "artifact"}}]}]


@V.cost("crew", lambda v, c: _NUMBER(v))
def _pay_crew(g, p, o, n):
    """702.122a: tap any number of other untapped creatures you control with total power n or more."""
    total, tapped = 0, []
    while total < n:
        cands = [x for x in g.bf if x.controller == p and x is not o and not x.tapped and x not in tapped
                 and "Creature" in g.chars(x).types]
        if not cands:
            raise IllegalAction(f"{o.name}: not enough untapped creatures to crew {n} (702.122a)")
        x = g.choose_card(p, cands, f"{o.name}: crew {n} (tap a creature)")
        tapped.append(x)
        total += max(0, g.chars(x).power)
    for x in tapped:
        x.tapped = True
    g.log("702.122a", f"{p} crews {o.name} with {[x.name for x in tapped]}")


# ---------------------------------------------------------------- typecycling 702.29e
_TYPECYCLING = {"basic_landcycling": {"supertypes": ["Basic"], "types": ["Land"]},
                "landcycling": {"types": ["Land"]},
                **{f"{t.lower()}cycling": {"subtypes": [t]}
                   for t in ("Plains", "Island", "Swamp", "Mountain", "Forest", "Wizard", "Sliver")}}
for _k in _TYPECYCLING:
    V.top_key(_k, _MANA, f"702.29e: {_k.replace('_', ' ')} [cost] — [cost], discard this card: search your library "
                         f"for a card of that type, reveal it, put it into your hand")


@V.hook(V.ABILITY_HOOKS)
def _typecycling(g, o):
    """702.29e: typecycling is cycling whose effect is a search for a card of that type (and it is cycling)."""
    if o.zone != "hand":
        return []
    return [{"name": k.replace("_", " "), "cost": cost, "discard_self": True, "cycled": True, "targets": [],
             "effects": [{"search": {"filter": _TYPECYCLING[k], "to": "hand", "reveal": True}}]}
            for k, cost in o.beh.extra.items() if k in _TYPECYCLING]


# ---------------------------------------------------------------- dash 702.109
V.top_key("dash", _MANA, "702.109a: dash [cost] — cast for it (`mode: dash`): it has haste and returns to its "
                         "owner's hand at the beginning of the next end step")
V.cast_mode("dash", _spell_targets, lambda g, o: "" if o.beh.extra.get("dash") else f"{o.name} has no dash")


def haste_and_delayed(mode: str, marked: str, at_end: dict, rule: str):
    """A permanent spell cast with ``mode`` resolves into a permanent marked ``marked`` that has haste, and a delayed
    trigger does ``at_end`` to it at the beginning of the next end step (603.7): dash 702.109a, blitz 702.152a."""
    def resolved(g, old, new, opts):
        if old.zone == "stack" and new.zone == "battlefield" and old.mode == mode:
            new.mode = marked
            from ..objects import Ctx
            g.do_effects([{"delayed": {"at": "next_end_step", "effects": [at_end]}}],
                         Ctx(new, new.controller, [new], None, None))

    def haste(g, o, c):
        if o.mode == marked and o.zone == "battlefield":
            c.keywords.add("haste")
    resolved.__doc__ = f"{rule}: cast with {mode}, it resolves into a permanent with a delayed trigger (603.7)."
    haste.__doc__ = f"{rule}: a permanent cast with {mode} has haste."
    V.hook(V.MOVED_HOOKS, frm=("stack",), to=("battlefield",))(resolved)
    V.hook(V.CHARS_HOOKS)(haste)


haste_and_delayed("dash", "dashed", {"return_to_hand": "target"}, "702.109a")


# ---------------------------------------------------------------- ninjutsu 702.49
_card_ability("ninjutsu", "hand", "702.49a: ninjutsu [cost] — [cost], return an unblocked attacker you control to "
              "hand: put this card from your hand onto the battlefield tapped and attacking", ninjutsu_return=True,
              effects=[{"ninjutsu_enter": True}])


@V.cost("ninjutsu_return", lambda v, c: "" if v is True else repr(v))
def _return_unblocked(g, p, o, v):
    """702.49a: return an unblocked attacking creature you control to its owner's hand (blockers have been
    declared: 702.49c) — the Ninja will attack the same player."""
    if g.step not in ("declare_blockers", "combat_damage", "end_combat") or \
            g.step == "declare_blockers" and not g.step_started:
        raise IllegalAction(f"{o.name}: ninjutsu only once blockers are declared (702.49c)")
    cands = [x for x in g.bf if x.controller == p and x.oid in g.attackers and x.oid not in g.blocked]
    if not cands:
        raise IllegalAction(f"{o.name}: no unblocked attacker to return (702.49a)")
    x = g.choose_card(p, cands, f"{o.name}: ninjutsu (return an unblocked attacker)", by_object=True)
    g.ninjutsu_defender[o.card_no] = g.attackers[x.oid]
    g.log("702.49a", f"{p} returns {x.name} to hand for ninjutsu")
    g.move(x, "hand")


@V.effect("ninjutsu_enter", keys=None, values=())
def ninjutsu_enter(g, arg, ctx):
    """702.49a: the card is put onto the battlefield from the hand tapped and attacking the player the returned
    creature attacked (it was never declared as an attacker: no "attacks" trigger, 508.3a)."""
    o = ctx.source
    defender = g.ninjutsu_defender.pop(o.card_no, None)
    if o.gone or o.zone != "hand" or defender is None:
        return
    new = g.move(o, "battlefield", controller=ctx.controller, tapped=True)
    if new is not None:
        g.attackers[new.oid] = defender
        g.log("702.49a", f"{new.name} enters tapped and attacking {defender}")
