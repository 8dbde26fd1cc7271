"""Keywords that work from the graveyard (issue 21, group ek2): abilities of the card in its owner's graveyard —
embalm (702.128), eternalize (702.129), scavenge (702.97) — and ways to cast it from there — escape (702.138),
jump-start (702.133), retrace (702.81), disturb (702.146).

- Embalm / eternalize: `activate: CARD, ability: embalm` (sorcery speed): exile the card as a cost, create a
  token copy of it — white, no mana cost, a Zombie in addition (embalm); black, a 4/4 Zombie, no mana cost
  (eternalize) — the exceptions are copiable values of the token (707.9b).
- Scavenge: exile the card (sorcery speed): +1/+1 counters equal to its power on target creature.
- Escape: `cast` with `mode: escape` from the graveyard, exiling the other graveyard cards the cost names
  (`choose: {card: …}`); jump-start: `mode: jump_start`, discarding a card, exiled if it would leave the stack
  for anywhere but exile; retrace: `mode: retrace`, discarding a land card.
- Disturb: `mode: disturb` from the graveyard — the spell is the card's back face (702.146b) and resolves into
  a permanent with that face up; once it is in a zone other than the stack or battlefield its front face is up
  again (711.8 / 712.8a).
"""
from __future__ import annotations

import dataclasses

from ... import vocabulary as V
from ..costs import pay_keyword_cost
from .flashback import exiled_when_leaving_stack

_MANA = lambda v, c=None: "" if isinstance(v, str) and v.startswith("{") else repr(v)        # noqa: E731


def _graveyard_ability(key: str, doc: str, effects: list, targets=()):
    """`key [cost]`: an activated ability of the card in its owner's graveyard, "[cost], exile this card from
    your graveyard: …", sorcery speed (702.128a, 702.129a, 702.97a)."""
    V.top_key(key, _MANA, doc)

    def abilities(g, o):
        cost = o.beh.extra.get(key)
        if not cost or o.zone != "graveyard":
            return []
        return [{"name": key, "cost": cost, "zone": "graveyard", "speed": "sorcery", "exile_self_from_graveyard": True,
                 "targets": V.expand_targets(list(targets)), "effects": effects}]
    V.hook(V.ABILITY_HOOKS)(abilities)


# ---------------------------------------------------------------- embalm 702.128, eternalize 702.129
_graveyard_ability("embalm", "702.128a: embalm [cost] — [cost], exile this card from your graveyard: create a token "
                   "that's a copy of it, except it's white, has no mana cost and is a Zombie in addition (sorcery "
                   "speed)", [{"token_copy_of_exiled": "embalm"}])
_graveyard_ability("eternalize", "702.129a: eternalize [cost] — [cost], exile this card from your graveyard: create "
                   "a token that's a copy of it, except it's a 4/4 black Zombie with no mana cost (sorcery speed)",
                   [{"token_copy_of_exiled": "eternalize"}])
_EXCEPT = {"embalm": ("702.128a", dict(colors="W")),
           "eternalize": ("702.129a", dict(colors="B", power="4", toughness="4"))}


@V.effect("token_copy_of_exiled", keys=None, values=(), enums={"*": tuple(_EXCEPT)})
def token_copy_of_exiled(g, arg, ctx):
    """707.9b / 111.10: a token copy of the exiled card with the keyword's exceptions as copiable values (no mana
    cost, a Zombie in addition to its other types, the colour — and 4/4 for eternalize)."""
    src = ctx.source
    rule, changes = _EXCEPT[arg]
    subtypes = list(src.card.subtypes) + ([] if "Zombie" in src.card.subtypes else ["Zombie"])
    card = dataclasses.replace(src.card, cost=None, mana_value=0, subtypes=subtypes, **changes)
    from ..objects import Event
    o = g.make(card, ctx.controller, "battlefield", token=True, beh=src.beh)
    o.since_turn = g.turn
    ctx.created = [o]
    g.log(rule, f"create a token copy of {src.name} ({arg})")
    g.detect([Event("zone", obj=None, new=o, frm=None, to="battlefield")])


# ---------------------------------------------------------------- scavenge 702.97
_graveyard_ability("scavenge", "702.97a: scavenge [cost] — [cost], exile this card from your graveyard: put +1/+1 "
                   "counters equal to its power on target creature (sorcery speed)", [{"scavenge_counters": True}],
                   targets=[{"kind": "creature"}])


@V.effect("scavenge_counters", keys=None, values=())
def scavenge_counters(g, arg, ctx):
    """702.97a: +1/+1 counters equal to the power of the card exiled (as it last existed in the graveyard)."""
    n = max(0, g.chars(ctx.source).power or 0)
    g.do_effects([{"put_counters": {"to": "target", "kind": "+1/+1", "n": n}}], ctx)
    g.log("702.97a", f"scavenge {ctx.source.name}: {n} +1/+1 counters")


# ---------------------------------------------------------------- cast from the graveyard
def _targets(g, o):
    return (o.beh.spell or {}).get("targets") or []


def _graveyard_cast(mode: str, rule: str, doc: str, pay, has=None, check=_MANA, targets=_targets):
    key = mode

    def ok(g, o):
        if not (has(o) if has else o.beh.extra.get(key)):
            return f"{o.name} has no {mode.replace('_', '-')} ({rule})"
        if o.zone not in ("graveyard", "stack"):
            return f"{o.name} is cast with {mode.replace('_', '-')} from its owner's graveyard ({rule})"
        return ""
    if has is None:
        V.top_key(key, check, doc)
    V.cast_mode(mode, targets, ok, zones=("graveyard",), pay=pay)


_graveyard_cast("escape", "702.138a", "702.138a: escape—[cost] — cast from the graveyard with `mode: escape` (its cost: "
                "mana and exiling other cards from the graveyard)",
                lambda g, p, o: pay_keyword_cost(g, p, o, _escape_cost(o.beh.extra["escape"]), "escape cost"),
                check=lambda v, c=None: "" if isinstance(v, dict) and set(v) <= {"cost", "exile_from_graveyard"}
                and isinstance(v.get("exile_from_graveyard", 0), int) else repr(v))


def _escape_cost(v):
    """702.138a: the escape cost "{M}, exile N other cards from your graveyard" as a cost mapping."""
    return {"cost": v.get("cost"), "exile_from_graveyard": {"n": v.get("exile_from_graveyard", 0), "filter": {}}}


V.keyword("jump_start", "702.133")
V.OWN_ONLY_KEYWORDS.add("jump_start")           # read from the card's own keywords: a granted one is not run
_graveyard_cast("jump_start", "702.133a", "", lambda g, p, o: V.COSTS["discard"](g, p, o, {"n": 1}),
                has=lambda o: "jump_start" in o.beh.keywords)
V.keyword("retrace", "702.81")
V.OWN_ONLY_KEYWORDS.add("retrace")
_graveyard_cast("retrace", "702.81a", "", lambda g, p, o: V.COSTS["discard"](g, p, o, {"n": 1, "filter": {"types": ["Land"]}}),
                has=lambda o: "retrace" in o.beh.keywords)


exiled_when_leaving_stack("jump_start", "702.133a", "jump-start")


# ---------------------------------------------------------------- disturb 702.146
def _back(g, o):
    return g.cards.get(o.beh.transform_to) if o.beh.transform_to else None


def _disturb_targets(g, o):
    """601.2c: the spell is the back face — an Aura back face targets what it can enchant (303.4a)."""
    back = _back(g, o)
    if back is None:
        return []
    b = g.behaviour_for(back)
    return [{"kind": "permanent", "filter": b.enchant or {}}] if "Aura" in back.subtypes else []


def _disturb_pay(g, p, o):
    """702.146a/b: cast transformed — the spell on the stack has its back face up."""
    back = _back(g, o)
    if back is None:
        from ...errors import EngineError
        raise EngineError(f"{o.name}: back face {o.beh.transform_to} missing from the card table")
    fronts = getattr(g, "disturb_fronts", None)
    if fronts is None:
        fronts = g.disturb_fronts = {}
    fronts[o.card_no] = o.card
    o.card, o.beh = back, g.behaviour_for(back)
    g.touch()
    g.log("702.146b", f"{fronts[o.card_no].name} is cast transformed: {back.name}")


_graveyard_cast("disturb", "702.146a", "702.146a: disturb [cost] — cast the card transformed from the graveyard "
                "(`mode: disturb`): its back face is the spell and the permanent", _disturb_pay,
                targets=_disturb_targets)


@V.hook(V.MOVED_HOOKS)
def _front_face_again(g, old, new, opts):
    """711.8 / 712.8a: a double-faced card cast transformed with disturb has its front face up again in any zone
    but the stack and the battlefield."""
    fronts = getattr(g, "disturb_fronts", None)
    if fronts and new.card_no in fronts and new.zone not in ("stack", "battlefield"):
        front = fronts.pop(new.card_no)
        new.card, new.beh = front, g.behaviour_for(front)
