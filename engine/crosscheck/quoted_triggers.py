"""Staging the act a sentence states for a trigger given only by its quoted wording (extractor/claims/
quoted_triggers.py): the source is a stand-in whose only ability is that trigger, with no effect
(standins.py ``trigger``); the act is

- ``play_land``: a land played (CR 305.1, a special action: the land is not cast, 305.9 / 601.2 — no "cast"
  event) and, when the sentence says only that the land is put onto the battlefield (「戦場に出す」), also a
  land put onto the battlefield by an effect — the claim must hold in both readings;
- ``tapped_for_mana``: a permanent tapped for mana, i.e. its mana ability with {T} in its cost activated
  (CR 106.12, 605.1a); the mana it makes is never spent (``mana_unspent`` is what every reading does).

The expectation is the number of times the stand-in's trigger triggers (CR 603.2).
"""
from __future__ import annotations

from extractor.facts import Claim

from .builder import Builder, flag
from .registry import Reading, Skip

# a permanent with a mana ability that fits "○○" (any permanent) or a land: a basic land (305.6)
BASIC_FOR = {(): "Forest", ("Land",): "Forest"}
BASIC_LANDS = ("Plains", "Island", "Swamp", "Mountain", "Forest")


def _expect(b: Builder, claim: Claim, subject: str, times) -> None:
    if not isinstance(times, int):
        raise Skip(f"number of times {times!r} is not a number")
    trig: dict = {"source": subject, "times": times}
    if flag((claim.outcome or {}).get("at_least"), False):
        trig["at_least"] = True
    b.expect.append({"triggered": trig})


def play_land(claim: Claim, cards, subject: str, owner: str, times) -> list[Reading]:
    sit = claim.situation or {}
    lands = [cards.name(str(x)) for x in sit.get("objects") or []]
    if len(lands) != 1:
        raise Skip("the claim does not name the one land played")
    land = lands[0]
    card = cards.card(land)
    if "Land" not in (getattr(card, "types", None) or []):
        raise Skip(f"{land} is not a land: it is cast, not played (305.1)")
    ways = [("played (305.1)", [{"cast": land}])]
    if sit.get("land_entry") != "play":
        ways.append(("put onto the battlefield by an effect",
                     [{"put": {"cards": [land], "zone": "battlefield", "player": "you"}}]))
    readings = []
    for label, acts in ways:
        b = Builder(claim, f"{land} {label}", cards)
        b.rules = ["603.2", "305.1", "305.9"]
        b.add(owner, "battlefield", subject)
        b.add("you", "hand", land)
        b.actions += acts + [{"resolve": "all"}]
        _expect(b, claim, subject, times)
        readings.append(b.build())
    return readings


def tap_for_mana(claim: Claim, cards, subject: str, owner: str, times) -> list[Reading]:
    sit = claim.situation or {}
    named = [cards.name(str(x)) for x in sit.get("objects") or []]
    if named:
        if len(named) != 1:
            raise Skip("the claim names several permanents tapped for mana")
        tapped = named[0]
    else:
        trig = (getattr(cards.card(subject), "desc", None) or {}).get("trigger") or {}
        f = {k: v for k, v in (trig.get("object") or {}).items() if k != "controller"}
        if f.get("supertypes") == ["Basic"] and f.get("types") == ["Land"]:
            f = {"types": ["Land"]}                 # a basic land is what is tapped anyway
        if set(f) == {"subtypes"} and len(f["subtypes"]) == 1 and f["subtypes"][0] in BASIC_LANDS:
            f, tapped = {}, f["subtypes"][0]        # 305.6: the basic land of that type
        elif set(f) - {"types"}:
            raise Skip(f"no permanent with a mana ability is known to fit {f}")
        else:
            tapped = BASIC_FOR.get(tuple(f.get("types") or ()))
        if tapped is None:
            raise Skip(f"the claim does not name a {f.get('types')} with a mana ability to tap")
    b = Builder(claim, f"{tapped} tapped for mana, the mana not spent", cards)
    b.rules = ["603.2", "106.12", "605.1a"]
    b.add(owner, "battlefield", subject)
    b.add("you", "battlefield", tapped)
    b.actions += [b.activate(tapped), {"resolve": "all"}]
    _expect(b, claim, subject, times)
    return [b.build()]
