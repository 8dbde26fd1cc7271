"""Attached permanents when the object they are attached to leaves (``zone_after`` with the condition
``host_leaves``): an Aura goes to its owner's graveyard (303.4d, state-based action 704.5m); an Equipment stays
on the battlefield, unattached (301.5c, 704.5n).  The host is a plain creature the Aura / Equipment is
attached to; each way of leaving the battlefield is a reading (destroyed, exiled, sacrificed, returned to the
hand), since the text does not say which."""
from __future__ import annotations

from extractor.facts import Claim

from .builder import Builder, compact
from .cards import PLAIN_CREATURE, PLAIN_LAND, Cards
from .registry import Reading, Skip

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
    if others or sit.get("events") or sit.get("by"):
        raise Skip(f"besides the attached object leaving, the claim states {compact(others or sit.get('events') or sit.get('by'))}, "
                   "which is not staged with it")
    kinds = cards.types(card)
    want = (host_condition(sit) or {}).get("attached")
    if not ({"Aura", "Equipment"} & kinds):
        raise Skip(f"{card} is neither an Aura nor an Equipment: it is attached to nothing")
    if want == "aura" and "Aura" not in kinds or want == "equipment" and "Equipment" not in kinds:
        raise Skip(f"the claim speaks of the {'enchanted' if want == 'aura' else 'equipped'} object of {card}")
    if "Creature" in kinds:
        raise Skip(f"{card} is a creature: it is attached only when bestowed or reconfigured")
    host_card = _host(cards, card)
    stated = (host_condition(sit) or {}).get("host")
    if stated and stated not in cards.types(host_card):
        raise Skip(f"the claim's {stated.lower()} cannot be what {card} is attached to")
    readings = []
    for label, act in LEAVINGS.items():
        if label == "returned to hand" and host_card == PLAIN_LAND:
            continue            # (a `put` names a card: the players' libraries of basic lands hold Plains too)
        b = Builder(claim, f"{card} attached to {host_card}, which is {label}", cards)
        b.rules = ["303.4d", "704.5m", "301.5c", "704.5n"]
        host = b.add("you", "battlefield", host_card)[0]
        obj = b.add("you", "battlefield", card, opts={"attached_to": host})[0]
        # (first: attached to a legal object, it is on the battlefield — else the staging is wrong, not the claim)
        b.actions += [{"resolve": "all"}, {"expect": [{"zone": {"card": obj, "zone": "battlefield"}}]},
                      act(host), {"resolve": "all"}]
        b.expect += expect
        readings.append(b.build())
    return readings
