"""How a card enters or fails to return: ``enters_as`` (CR 608.3, 702.103e) and ``no_return``
(CR 400.7, 603.6)."""
from __future__ import annotations

from typing import Any

from extractor.facts import Claim

from .builder import Builder, cast_action, cast_label, flag, named_subject, spell_readings
from .cards import PLAIN_CREATURE, Cards
from .registry import Reading, Skip


def _syn_enters_as(claim: Claim, cards: Cards) -> list[Reading]:
    """enters_as: cast (with bestow) targeting a creature; the target becomes illegal; the spell resolves
    and enters with the stated types (CR 702.103e, 608.3)."""
    sit, out = claim.situation or {}, claim.outcome or {}
    types = out.get("types")
    if not types:
        raise Skip("the claim does not say which types it enters with")
    types = [types] if isinstance(types, str) else list(types)
    zone = out.get("zone") or "battlefield"
    mode = sit.get("mode") or "normal"
    readings = []
    for spell in spell_readings(claim, cards, sit.get("spell"), mode):
        b = Builder(claim, cast_label(spell, mode), cards)
        b.rules = ["608.3"]
        b.add("you", "hand", spell)
        targets = None
        if mode == "bestow":
            targets = b.add("you", "battlefield", PLAIN_CREATURE)
            b.rules.append("702.103e")
        b.actions.append(cast_action(spell, "you", mode, targets))
        if flag(sit.get("target_illegal")):
            if not targets:
                raise Skip("the target that becomes illegal is not said")
            b.actions.append({"destroy": targets[0]})
        b.actions.append({"resolve": "all"})
        b.expect.append({"zone": {"card": spell, "zone": zone}})
        exp: dict[str, Any] = {"card": spell, "has": types}
        if mode == "bestow" and "Aura" not in types:
            exp["lacks"] = ["Aura"]
        b.expect.append({"types": exp})
        readings.append(b.build())
    return readings


def _syn_no_return(claim: Claim, cards: Cards) -> list[Reading]:
    """no_return: the card dies, its return trigger waits, the cause removes it from the graveyard; the
    trigger cannot find it (CR 400.7, 603.6)."""
    sit, out = claim.situation or {}, claim.outcome or {}
    subject = named_subject(claim, cards, "the card that should return")
    cause = sit.get("cause")
    returned = flag(out.get("returned"))
    if not cause or returned is None:
        raise Skip("the claim does not say what removed the card or whether it returns")
    cause = cards.name(cause)
    ability = sit.get("ability")
    beh = cards.behaviour(subject)
    if ability and not (beh is not None and str(ability).lower() in beh.keywords):
        raise Skip(f"{subject} has no {ability} ability in its behaviour")
    b = Builder(claim, "as stated", cards)
    b.rules = ["400.7", "603.6"]
    b.add("you", "battlefield", subject)
    b.actions.append({"destroy": subject})
    beh = cards.behaviour(cause)
    abil = (beh.activated or [None])[0] if beh is not None else None
    tkind = ((abil or {}).get("targets") or [{}])[0].get("kind") if abil else None
    targets = ["you"] if tkind == "player" else [subject] if tkind else None
    if cards.is_spell_only(cause):
        b.add("you", "hand", cause)
        b.actions.append({"cast": cause, **({"targets": targets} if targets else {})})
    else:
        b.add("you", "battlefield", cause)
        b.actions.append(b.activate(cause, targets=targets))
    b.actions.append({"resolve": "all"})
    if returned:
        b.expect.append({"zone": {"card": subject, "zone": "battlefield"}})
    else:       # not returned: wherever the cause put it, it is not on the battlefield
        b.expect.append({"count": {"zone": "battlefield", "card": subject, "n": 0}})
    return [b.build()]
