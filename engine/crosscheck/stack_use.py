"""``uses_stack`` said of a kind of game object or action (``source: {game_object: …}``, extractor/claims/
stack_use.py): one instance of it is staged and the stack is looked at right after, before anything resolves.

- land_play (116.2a, 305.1: a special action — 116.1: special actions don't use the stack) and special_action (the
  land play is the one staged): a basic land played from the hand; it is on the battlefield at once;
- turn_based_action (703.1): the draw of the draw step (504.1) — the step begins with priority, the card is in hand;
- state_based_action (704.1, 704.5g): a creature dealt damage equal to its toughness; it is in the graveyard;
- static_ability (604.1: simply true): an enchantment whose static ability gives creatures +1/+1 (613.4c) is put
  onto the battlefield beside a creature, whose P/T changes at once;
- triggered_ability (603.3: put on the stack the next time a player would receive priority): a creature with "when
  this enters, you gain 1 life" is put onto the battlefield; the life after the stack resolves shows it was its own;
- activated_ability (602.2a; a mana ability is the exception, 605.3a): an artifact's "{1}: you gain 1 life" activated;
- spell / instant / sorcery (601.2a): an instant (or sorcery) that gains you 1 life cast.
``stack`` true: one object waits on the stack (the instance's); false: none, and the instance's effect is seen.
``ability_resolves`` (113.7a): the same stand-ins' abilities, their source removed while the ability waits.
"""
from __future__ import annotations

from extractor.facts import Claim

from ..behaviours import Behaviour
from .builder import Builder, compact
from .cards import PLAIN_CREATURE, Cards
from .registry import Reading, Skip
from .standins import StandinCard, overlay

LAND = "Forest"
ANTHEM = "Stand-in enchantment (creatures get +1/+1)"
ETB = "Stand-in 2/2 creature (when it enters, you gain 1 life)"
ARTIFACT = "Stand-in artifact ({1}: you gain 1 life)"


def _anthem(cards: Cards) -> str:
    static = {"layer": "7c", "affected": {"types": ["Creature"]}, "pt": [1, 1]}
    return overlay(cards, StandinCard(name=ANTHEM, types=["Enchantment"], has_text=False, desc={},
                                      behaviour=Behaviour("<stand-in>", {"statics": [static]})))


def _etb(cards: Cards) -> str:
    spec = {"triggers": [{"event": "enters", "object": {"self": True}, "effects": [{"gain_life": {"n": 1}}]}]}
    return overlay(cards, StandinCard(name=ETB, types=["Creature"], power="2", toughness="2", has_text=False,
                                      desc={}, behaviour=Behaviour("<stand-in>", spec)))


def artifact(cards: Cards) -> str:
    ab = {"name": "gain", "cost": "{1}", "effects": [{"gain_life": {"n": 1}}]}
    return overlay(cards, StandinCard(name=ARTIFACT, types=["Artifact"], has_text=False, desc={},
                                      behaviour=Behaviour("<stand-in>", {"activated": [ab]})))


def _spell(cards: Cards, t: str) -> str:
    spec = {"spell": {"effects": [{"gain_life": {"n": 1, "player": "you"}}]}}
    return overlay(cards, StandinCard(name=f"Stand-in {t.lower()} (you gain 1 life)", types=[t], has_text=False,
                                      desc={}, behaviour=Behaviour("<stand-in>", spec)))


def syn_game_object(claim: Claim, cards: Cards, obj: str, stack: bool) -> list[Reading]:
    sit = claim.situation or {}
    if sit.get("when") not in (None, "next_priority") or (sit.get("when") and obj != "triggered_ability"):
        raise Skip(f"the moment {compact(sit.get('when'))} is not staged for {obj}")
    n = 1 if stack else 0
    b = Builder(claim, "", cards)
    if obj in ("land_play", "special_action"):
        b.label = f"{LAND} played"
        b.rules = ["116.1", "116.2a", "305.1"]
        b.add("you", "hand", LAND)
        b.actions += [{"cast": LAND}, {"expect": [{"stack": {"n": n}}]}]
        if not stack:
            b.expect.append({"zone": {"card": LAND, "zone": "battlefield"}})
    elif obj == "turn_based_action":
        card = PLAIN_CREATURE
        b.label = f"the draw step's draw (the next turn's active player draws {card})"
        b.rules = ["703.1", "504.1"]
        b.add("opponent", "library", card)
        b.actions += [{"advance": {"turn": 2, "step": "draw", "priority": True}}, {"expect": [{"stack": {"n": n}}]}]
        if not stack:
            b.expect.append({"zone": {"card": card, "zone": "hand"}})
    elif obj == "state_based_action":
        b.label = f"{PLAIN_CREATURE} dealt damage equal to its toughness"
        b.rules = ["704.1", "704.3", "704.5g"]
        c = b.add("you", "battlefield", PLAIN_CREATURE)[0]
        tough = int(cards.card(PLAIN_CREATURE).toughness)
        b.actions += [{"damage": {"to": c, "n": tough}}, {"expect": [{"stack": {"n": n}}]}]
        if not stack:
            b.expect.append({"zone": {"card": c, "zone": "graveyard"}})
    elif obj == "static_ability":
        anthem = _anthem(cards)
        b.label = f"{anthem} put onto the battlefield beside {PLAIN_CREATURE}"
        b.rules = ["604.1", "613.4c"]
        c = b.add("you", "battlefield", PLAIN_CREATURE)[0]
        b.add("you", "hand", anthem)
        b.actions += [{"put": {"cards": [anthem], "zone": "battlefield", "player": "you"}},
                      {"expect": [{"stack": {"n": n}}]}]
        if not stack:
            crd = cards.card(PLAIN_CREATURE)
            b.expect.append({"pt": {"card": c, "power": int(crd.power) + 1, "toughness": int(crd.toughness) + 1}})
    elif obj == "triggered_ability":
        etb = _etb(cards)
        b.label = f"{etb} put onto the battlefield"
        b.rules = ["603.2", "603.3"]
        b.add("you", "hand", etb)
        b.actions += [{"put": {"cards": [etb], "zone": "battlefield", "player": "you"}},
                      {"expect": [{"stack": {"n": n}}]}, {"resolve": "all"}]
        b.expect.append({"life_change": {"you": 1}})
    elif obj == "activated_ability":
        art = artifact(cards)
        b.label = f"{art}'s ability activated"
        b.rules = ["602.2a", "605.3a"]
        b.add("you", "battlefield", art)
        b.actions += [{"activate": art, "ability": 1}, {"expect": [{"stack": {"n": n}}]}, {"resolve": "all"}]
        b.expect.append({"life_change": {"you": 1}})
    elif obj in ("spell", "instant", "sorcery"):
        spell = _spell(cards, "Sorcery" if obj == "sorcery" else "Instant")
        b.label = f"{spell} cast"
        b.rules = ["601.2a", "608.2"]
        b.add("you", "hand", spell)
        b.actions += [{"cast": spell}, {"expect": [{"stack": {"n": n}}]}, {"resolve": "all"}]
        b.expect.append({"life_change": {"you": 1}})
    else:
        raise Skip(f"no staging for {obj}")
    return [b.build()]


def _syn_ability_resolves(claim: Claim, cards: Cards) -> list[Reading]:
    """113.7a: an ability on the stack exists independently of its source — the source's activated ability ("{1}: you
    gain 1 life", a stand-in artifact) or enters trigger ("you gain 1 life", a stand-in creature) is put on the stack,
    the source is destroyed / sacrificed / exiled, the stack resolves: the life gained shows whether it resolved.
    Every stated ability kind and way of leaving is a reading; each must hold."""
    sit, out = claim.situation or {}, claim.outcome or {}
    if not isinstance(out.get("resolves"), bool):
        raise Skip("the claim does not say whether the ability resolves")
    kinds = {"activated": ["activated"], "triggered": ["triggered"], "any": ["activated", "triggered"]}.get(
        str(sit.get("ability")))
    evs = sit.get("source_events") or []
    if not kinds or not evs or set(evs) - {"destroyed", "sacrificed", "exiled"}:
        raise Skip(f"the ability {compact(sit.get('ability'))} or its source's event {compact(evs)} is not staged")
    readings = []
    for k in kinds:
        for ev in evs:
            src = artifact(cards) if k == "activated" else _etb(cards)
            b = Builder(claim, f"{src}'s {k} ability on the stack, its source {ev}", cards)
            b.rules = ["113.7a", "608.2b", "602.2a" if k == "activated" else "603.3"]
            if k == "activated":
                b.add("you", "battlefield", src)
                b.actions.append({"activate": src, "ability": 1})
            else:
                b.add("you", "hand", src)
                b.actions.append({"put": {"cards": [src], "zone": "battlefield", "player": "you"}})
            b.actions += [{"expect": [{"stack": {"n": 1}}]},
                          {{"destroyed": "destroy", "sacrificed": "sacrifice", "exiled": "exile"}[ev]: src},
                          {"expect": [{"zone": {"card": src, "zone": "graveyard" if ev != "exiled" else "exile"}}]},
                          {"resolve": "all"}]
            b.expect.append({"life_change": {"you": 1 if out["resolves"] else 0}})
            readings.append(b.build())
    return readings
