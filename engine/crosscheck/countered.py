"""``countered_result`` (701.5a): what countering does to a spell or ability (extractor/claims/countered.py).

Each stated kind of object is staged (every reading must hold): a stand-in instant that gains you 1 life cast by you
(spell), a stand-in artifact's "{1}: you gain 1 life" activated (activated; "{T}, pay 2 life: …" for the costs), a stand-in 2/2 creature
whose "when it enters, you gain 1 life" triggers as it is put onto the battlefield (triggered); the opponent then
casts a stand-in instant that counters target spell (or target activated or triggered ability) at it, and the stack
resolves.  Observed: the life you gained (``resolves`` / ``effects``: the 1 life of its effect), the spell's zone
(``to_graveyard``: its owner's graveyard), the costs (``costs_returned``: a spell with the additional cost "pay 2
life", 601.2h, or the ability's {T} and 2 life, 602.2b — the life paid and the artifact still tapped after it was
countered; a triggered ability has no cost and is not staged for it).
"""
from __future__ import annotations

from extractor.facts import Claim

from ..behaviours import Behaviour
from .builder import Builder, compact
from .cards import Cards
from .registry import Reading, Skip
from .stack_use import artifact as _artifact
from .standins import StandinCard, overlay

_GAIN = [{"gain_life": {"n": 1, "player": "you"}}]


def _card(cards: Cards, name: str, types: list[str], spec: dict, pt: tuple[str, str] | None = None) -> str:
    return overlay(cards, StandinCard(name=name, types=types, power=pt[0] if pt else None,
                                      toughness=pt[1] if pt else None, has_text=False, desc={},
                                      behaviour=Behaviour("<stand-in>", spec)))


def _stage(claim: Claim, cards: Cards, obj: str, out: dict) -> Reading:
    costly = "costs_returned" in out
    b = Builder(claim, "", cards)
    b.rules = ["701.5a", "608.2"]
    if obj == "spell":
        spec = {"spell": {"effects": _GAIN}}
        if costly:
            spec["additional_cost"] = {"pay_life": 2}
        name = "Stand-in instant (you gain 1 life" + (", additional cost: pay 2 life)" if costly else ")")
        mine = _card(cards, name, ["Instant"], spec)
        b.add("you", "hand", mine)
        b.actions.append({"cast": mine})
        counter = _card(cards, "Stand-in counterspell (counter target spell)", ["Instant"],
                        {"spell": {"targets": [{"kind": "spell"}], "effects": [{"counter": "target"}]}})
        b.label = f"your {mine} countered by the opponent's {counter}"
    elif obj == "activated":
        if costly:
            ab = {"name": "gain", "cost": "{T}, Pay 2 life", "tap": True, "pay_life": 2, "effects": _GAIN}
            mine = _card(cards, "Stand-in artifact ({T}, pay 2 life: you gain 1 life)", ["Artifact"], {"activated": [ab]})
        else:
            mine = _artifact(cards)                     # {1}: you gain 1 life (no life paid)
        b.add("you", "battlefield", mine)
        b.actions.append({"activate": mine, "ability": 1})
        b.rules.append("602.2b")
    elif obj == "triggered":
        if costly:
            raise Skip("a triggered ability has no cost to return (the claim's costs are staged for spells and "
                       "activated abilities)")
        mine = _card(cards, "Stand-in 2/2 creature (when it enters, you gain 1 life)", ["Creature"],
                     {"triggers": [{"event": "enters", "object": {"self": True}, "effects": _GAIN}]}, ("2", "2"))
        b.add("you", "hand", mine)
        b.actions.append({"put": {"cards": [mine], "zone": "battlefield", "player": "you"}})
        b.rules.append("603.3")
    else:
        raise Skip(f"the object {compact(obj)} is not staged")
    if obj != "spell":
        counter = _card(cards, "Stand-in instant (counter target activated or triggered ability)", ["Instant"],
                        {"spell": {"targets": [{"kind": "ability"}], "effects": [{"counter": "target"}]}})
        b.label = f"your {mine}'s {obj} ability countered by the opponent's {counter}"
    b.add("opponent", "hand", counter)
    b.actions += [{"expect": [{"stack": {"n": 1}}]}, {"cast": counter, "by": "opponent"},
                  {"expect": [{"stack": {"n": 2}}]}, {"resolve": "all"}]
    for key, val in out.items():
        if key in ("resolves", "effects", "costs_returned"):
            continue                                    # its 1 life is gained only if it resolved (below)
        if key == "to_graveyard":
            if obj != "spell":
                raise Skip("an ability is not put into a graveyard (the claim's graveyard is staged for spells)")
            b.expect.append({"zone": {"card": mine, "zone": "graveyard", "owner": "you"}} if val else
                            {"zone": {"card": mine, "zone": "stack"}})
        else:
            raise Skip(f"the fact {key} is not staged")
    resolved = {out[k] for k in ("resolves", "effects") if k in out}
    if len(resolved) > 1:
        raise Skip("the claim says it resolves and has no effect (or the reverse): not one outcome")
    gained = 1 if resolved == {True} else 0
    if "costs_returned" in out:
        paid = 0 if out["costs_returned"] else -2
        b.expect.append({"life_change": {"you": gained + paid}})
        if obj == "activated":
            b.expect.append({"tapped": {"card": mine, "value": not out["costs_returned"]}})
    else:
        b.expect.append({"life_change": {"you": gained}})
    return b.build()


def _syn_countered_result(claim: Claim, cards: Cards) -> list[Reading]:
    sit, out = claim.situation or {}, claim.outcome or {}
    objs = sit.get("objects") or []
    facts = {k: v for k, v in out.items() if k in ("resolves", "effects", "to_graveyard", "costs_returned")}
    if not objs or not facts or any(not isinstance(v, bool) for v in facts.values()):
        raise Skip(f"the claim does not say what countering does to what ({compact(objs)}, {compact(out)})")
    if "costs_returned" in facts and len(facts) > 1:
        raise Skip("the costs and the effects in one claim are not staged together")
    objs = [o for o in objs if not ("costs_returned" in facts and o == "triggered")] or objs
    return [_stage(claim, cards, o, facts) for o in objs]
