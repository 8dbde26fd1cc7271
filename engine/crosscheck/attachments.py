"""Attached permanents when the object they are attached to leaves (``zone_after`` with the condition
``host_leaves``): an Aura goes to its owner's graveyard (303.4d, state-based action 704.5m); an Equipment stays
on the battlefield, unattached (301.5c, 704.5n).  The host is a plain creature the Aura / Equipment is
attached to; each way of leaving the battlefield is a reading (destroyed, exiled, sacrificed, returned to the
hand), since the text does not say which."""
from __future__ import annotations

import copy

from extractor.facts import Claim

from .builder import Builder, can_outcome, compact
from .cards import PLAIN_CREATURE, PLAIN_LAND, Cards
from .registry import Reading, Skip
from .standins import is_desc

# ways a permanent leaves the battlefield (the scenario actions): the text says only that it is gone
LEAVINGS = {"destroyed": lambda host: {"destroy": host}, "exiled": lambda host: {"exile": host},
            "sacrificed": lambda host: {"sacrifice": host},
            "returned to hand": lambda host: {"put": {"cards": [host], "zone": "hand", "player": "you"}}}


def host_condition(sit: dict) -> dict | None:
    return next((c for c in sit.get("conditions") or [] if isinstance(c, dict) and c.get("kind") == "host_leaves"),
                None)


def _host(cards: Cards, card: str) -> str:
    """A plain object the card may be attached to: a creature (Equipment 301.5; an Aura that says only "enchant
    creature" or whose restriction is not stated), a land for "enchant land"."""
    beh = cards.behaviour(card)
    spec = getattr(beh, "enchant", None) if beh is not None else None
    if "Aura" not in cards.types(card) or not spec or "enchant_creature" in (beh.keywords or ()):
        return PLAIN_CREATURE
    types = spec.get("types") if isinstance(spec, dict) else None
    if set(spec) <= {"types"} and types in (["Creature"], ["Land"]):
        return PLAIN_CREATURE if types == ["Creature"] else PLAIN_LAND
    raise Skip(f"{card} enchants {compact(spec)}: no plain object of that kind is staged")


def host_leaves(claim: Claim, cards: Cards, card: str, expect: list[dict]) -> list[Reading]:
    """One reading per way the host leaves; ``expect``: where the card must then be."""
    sit = claim.situation or {}
    others = [c for c in sit.get("conditions") or [] if c is not host_condition(sit)]
    means = _means(sit, cards)
    if others or (not means and (sit.get("events") or sit.get("by"))):
        raise Skip(f"besides the attached object leaving, the claim states {compact(others or sit.get('events') or sit.get('by'))}, "
                   "which is not staged with it")
    named = (host_condition(sit) or {}).get("card")
    if named and cards.name(str(named)) != card:
        raise Skip(f"the claim says {named} is attached to the object that leaves, and is about {card}")
    kinds = cards.types(card)
    want = (host_condition(sit) or {}).get("attached")
    if not ({"Aura", "Equipment"} & kinds):
        raise Skip(f"{card} is neither an Aura nor an Equipment: it is attached to nothing")
    if want == "aura" and "Aura" not in kinds or want == "equipment" and "Equipment" not in kinds:
        raise Skip(f"the claim speaks of the {'enchanted' if want == 'aura' else 'equipped'} object of {card}")
    if "Creature" in kinds:
        raise Skip(f"{card} is a creature: it is attached only when bestowed or reconfigured")
    host_card = _host(cards, card)
    named_host = (host_condition(sit) or {}).get("host_card")
    if named_host:
        # 「《X》がつけられた《Y》が…」: the named host itself, of the kind the Aura / Equipment may be attached to
        # (303.4a, 301.5), with no rules text that could act as it leaves
        plain, host_card = host_card, cards.name(str(named_host))
        if not set(cards.types(plain)) & set(cards.types(host_card)) or cards.card(host_card).has_text:
            raise Skip(f"{host_card} is not a plain object of the kind {card} is attached to")
    stated = (host_condition(sit) or {}).get("host")
    if stated and stated not in cards.types(host_card):
        raise Skip(f"the claim's {stated.lower()} cannot be what {card} is attached to")
    readings = []
    how = (host_condition(sit) or {}).get("how")        # the way it left, when the text says it
    ways = {"destroyed": ("destroyed",), "exiled": ("exiled",), "dies": ("destroyed", "sacrificed"),
            "returned to hand": ("returned to hand",)}.get(how)
    if how and ways is None:
        raise Skip(f"the host leaving ({how}) is not staged")
    for label, act in LEAVINGS.items():
        if ways and label not in ways:
            continue
        if means:                  # 「《Z》で手札に戻され」: the named card cast on the host does it (608.2)
            act = _cast_on(means)
        if label == "returned to hand" and host_card == PLAIN_LAND:
            continue            # (a `put` names a card: the players' libraries of basic lands hold Plains too)
        b = Builder(claim, f"{card} attached to {host_card}, which is {label}" + (f" by {means}" if means else ""), cards)
        b.rules = ["303.4d", "704.5m", "301.5c", "704.5n"]
        if means:
            b.add("you", "hand", means)
        host = b.add("you", "battlefield", host_card)[0]
        obj = b.add("you", "battlefield", card, opts={"attached_to": host})[0]
        # (first: attached to a legal object, it is on the battlefield — else the staging is wrong, not the claim)
        b.actions += [{"resolve": "all"}, {"expect": [{"zone": {"card": obj, "zone": "battlefield"}}]},
                      act(host), {"resolve": "all"}]
        b.expect += expect
        readings.append(b.build())
    return readings


# each way of leaving: the zone reader's event for it, and the effect of a spell that does it to its target
_MEANS_EVENT = {"returned to hand": "bounce", "destroyed": "destroy", "exiled": "exile"}
_MEANS_EFFECT = {"returned to hand": "return_to_hand", "destroyed": "destroy", "exiled": "exile"}


def _means(sit: dict, cards: Cards) -> str | None:
    """The named card the claim says makes the host leave (「《送還》で手札に戻され」「《殺害》で破壊され」: the zone
    reader's ``by``, with at most its one event): an instant or sorcery that targets, cast on the host; None when
    the claim names none (or names something else — refused by the caller)."""
    by, events = sit.get("by"), sit.get("events") or []
    how = (host_condition(sit) or {}).get("how")
    if not isinstance(by, str) or len(events) > 1 or how not in _MEANS_EFFECT:
        return None
    if events and (not isinstance(events[0], dict) or events[0].get("action") != _MEANS_EVENT[how]):
        return None
    name = cards.name(by)
    beh = cards.behaviour(name)
    spell = (beh.spell or {}) if beh is not None else {}
    if beh is None or not cards.is_spell_only(name) or len(spell.get("targets") or []) != 1:
        return None
    if not any(isinstance(e, dict) and _MEANS_EFFECT[how] in e for e in spell.get("effects") or []):
        return None                  # (「《送還》で破壊され」: not what the card does)
    return name


def _cast_on(spell: str):
    return lambda host: {"cast": spell, "targets": [host]}


# ---- can_equip (702.6a: equip targets a creature you control, sorcery speed; 301.5c; protection 702.16b) ----
EQUIP_COST = "{1}"              # a described Equipment's equip cost (costs are paid abstractly)
_NONCREATURE = ("land", "artifact")   # 'an object that is not a creature': each a reading


def _prepare_equip(claim: Claim) -> Claim:
    """Before stand-ins: a described Equipment has an equip ability (the text speaks of equipping with it)."""
    sit = copy.deepcopy(claim.situation or {})
    eq = sit.get("equipment")
    if is_desc(eq):
        eq["desc"]["equip"] = EQUIP_COST
    return Claim(**{**claim.__dict__, "situation": sit})


def _syn_can_equip(claim: Claim, cards: Cards) -> list[Reading]:
    """The Equipment on your battlefield (attached to another creature of yours when the claim says it already
    is, or to the target itself), its equip ability activated targeting the object; the rules allow it or
    refuse it, and when they allow it the Equipment is then attached to it."""
    sit = claim.situation or {}
    eq = cards.name(str(sit.get("equipment") or ""))
    beh = cards.behaviour(eq)
    if beh is None or beh.extra.get("equip") is None:
        raise Skip(f"{eq} has no equip ability the engine knows")
    can = can_outcome(claim, "it can be equipped")
    conds = []
    for c in sit.get("conditions") or []:
        k = c.get("kind") if isinstance(c, dict) else None
        if k not in ("attached", "attached_to_target"):
            raise Skip(f"the condition {compact(c)} cannot be staged")
        conds.append(k)
    raw = sit.get("target")
    if raw == "noncreature":
        targets = [cards.standin(t) for t in _NONCREATURE]
    elif raw:
        targets = [cards.name(str(raw))]
    else:
        raise Skip("the claim does not name or describe what is equipped")
    readings = []
    for tgt in targets:
        owner = controllers_of(cards, tgt)
        if "attached_to_target" in conds and owner != "you":
            raise Skip("an Equipment attached to an opponent's creature is not staged")
        b = Builder(claim, f"{eq} equips {tgt}" + (", already attached" if conds else ""), cards)
        b.rules = ["702.6a", "301.5c", "702.16b", "701.3b"]
        t_obj = b.add(owner, "battlefield", tgt)[0]
        opts = None
        if "attached_to_target" in conds:
            opts = {"attached_to": t_obj}
        elif "attached" in conds:
            opts = {"attached_to": b.add("you", "battlefield", PLAIN_CREATURE)[0]}
        e_obj = b.add("you", "battlefield", eq, opts=opts)[0]
        allowed = {"allowed": {"action": {"activate": e_obj, "ability": "equip", "targets": [t_obj]}, "value": can}}
        if can:         # allowed: the ability resolves and the Equipment is then attached to the target (701.3)
            b.actions += [{"expect": [allowed]}, {"resolve": "all"}]
            b.expect.append({"attached": {"card": e_obj, "to": t_obj, "value": True}})
        else:
            b.expect.append(allowed)
        readings.append(b.build())
    return readings


def controllers_of(cards: Cards, name: str) -> str:
    """Who controls a staged object: the controller a stand-in's description states, else you."""
    d = getattr(cards.card(name), "desc", None) or {}
    return "opponent" if d.get("controller") == "opponent" else "you"




def _syn_equip_result(claim: Claim, cards: Cards) -> list[Reading]:
    """equip_result with the target illegal: equip is activated targeting a creature, which leaves the battlefield
    before the ability resolves (608.2b: it does not resolve) — the Equipment unattached, or attached to another
    creature (each a reading: the text leaves it open); then whether it moved (is attached to the target) and,
    when it was attached, whether it is still attached to that creature."""
    sit, out = claim.situation or {}, claim.outcome or {}
    if not isinstance(out.get("moved"), bool):
        raise Skip("the claim does not say whether the Equipment moves")
    conds = [c.get("kind") if isinstance(c, dict) else c for c in sit.get("conditions") or []]
    if conds != ["target_illegal"]:
        raise Skip(f"the conditions {compact(sit.get('conditions'))} are not staged (only 'the target became illegal')")
    eq = cards.name(str(sit.get("equipment") or ""))
    beh = cards.behaviour(eq)
    if beh is None or beh.extra.get("equip") is None:
        raise Skip(f"{eq} has no equip ability the engine knows")
    moved = out["moved"]
    readings = []
    for attached in (False, True):
        for how, done in (("destroy", "destroyed"), ("exile", "exiled")):
            b = Builder(claim, f"{eq}{' attached to ' + PLAIN_CREATURE if attached else ''} equips a creature that is "
                        f"{done} before the ability resolves", cards)
            b.rules = ["702.6a", "608.2b", "701.3a"]
            target = b.add("you", "battlefield", cards.name(str(sit.get("target"))))[0]
            host = b.add("you", "battlefield", PLAIN_CREATURE)[0] if attached else None
            e_obj = b.add("you", "battlefield", eq, opts={"attached_to": host} if host else None)[0]
            b.actions += [b.activate(e_obj, targets=[target]), {how: target}, {"resolve": "all"}]
            b.expect.append({"attached": {"card": e_obj, "to": target, "value": moved}})
            if host:
                b.expect.append({"attached": {"card": e_obj, "to": host, "value": not moved}})
            readings.append(b.build())
    return readings


def _prepare_result(claim: Claim) -> Claim:
    """The creature equip targets: a plain creature other than the one the Equipment may be attached to."""
    claim = _prepare_equip(claim)
    claim.situation["target"] = copy.deepcopy(_EQUIP_TARGET)
    return claim


_EQUIP_TARGET = {"desc": {"types": ["Creature"], "pt": "1/1"}}
