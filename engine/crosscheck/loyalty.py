"""``loyalty_ability``: planeswalker loyalty rules (docs/design.md, claim table), staged on the named
planeswalker or on a stand-in planeswalker with loyalty 5 and two loyalty abilities that do nothing else
(+1 and −2), so a verdict depends on the loyalty rules only.

- ``activation: {times: N}``, outcome ``can`` (+ ``only``): N activations of its loyalty abilities in one
  turn are allowed (and, ``only``, an (N+1)th is refused) — 606.3.
- ``activation: {timing: sorcery|instant}``, outcome ``sorcery_speed``: an activation in the opponent's turn
  or in your combat is refused, one in your main phase with an empty stack allowed — 606.3.
- ``damage: N``, outcome ``loyalty_change``: N damage dealt to it removes N loyalty counters — 120.3c.
- ``ability_cost: -N``, outcome ``loyalty_change``: activating its −N ability removes N counters — 606.4.
"""
from __future__ import annotations

from extractor.facts import Claim

from ..behaviours import Behaviour
from .builder import Builder, compact, flag
from .cards import Cards
from .registry import Reading, Skip
from .damage_rules import overlay
from .standins import StandinCard

STANDIN_PW = "Stand-in planeswalker"
LOYALTY = 5
_ABILITIES = [{"name": "plus", "loyalty": 1, "effects": []}, {"name": "minus", "loyalty": -2, "effects": []}]


def _planeswalker(claim: Claim, cards: Cards) -> tuple[str, dict, int, int]:
    """(name, battlefield entry, index of a + ability, index of a − ability) of the planeswalker."""
    named = (claim.situation or {}).get("planeswalker")
    if named:
        name = cards.name(str(named))
        beh = cards.behaviour(name)
        acts = [a for a in (beh.activated if beh else []) if isinstance(a.get("loyalty"), int)]
        if "Planeswalker" not in cards.types(name) or not acts:
            raise Skip(f"{name} has no loyalty ability the engine runs")
        allacts = beh.activated
        plus = next((i for i, a in enumerate(allacts) if isinstance(a.get("loyalty"), int) and a["loyalty"] >= 0),
                    None)
        minus = next((i for i, a in enumerate(allacts) if isinstance(a.get("loyalty"), int) and a["loyalty"] < 0),
                     None)
        if plus is None:
            raise Skip(f"{name} has no + loyalty ability (an activation must not depend on its loyalty)")
        return name, {"counters": {"loyalty": LOYALTY}}, plus + 1, (minus + 1 if minus is not None else 0)
    card = StandinCard(name=STANDIN_PW, types=["Planeswalker"], loyalty=str(LOYALTY), has_text=False,
                       behaviour=Behaviour("<stand-in>", {"activated": _ABILITIES}), desc={})
    return overlay(cards, card), {"counters": {"loyalty": LOYALTY}}, 1, 2


def _act(pw: str, ability: int, by: str = "you") -> dict:
    return {"activate": pw, "ability": ability, "by": by}


def _times(claim: Claim, cards: Cards, n: int) -> list[Reading]:
    out = claim.outcome or {}
    can, only = flag(out.get("can")), flag(out.get("only"), False)
    if can is None or n < 1:
        raise Skip("the claim does not say how many activations are allowed")
    rep = (claim.situation or {}).get("actions")       # the example's own count of activations: the same fact
    if rep is not None and rep != {"activate": n}:
        raise Skip(f"the claim states activations {compact(rep)} besides {n} in one turn")
    pw, entry, plus, _ = _planeswalker(claim, cards)
    b = Builder(claim, f"{pw}'s loyalty abilities activated {n}× in one turn, each resolved before the next", cards)
    b.rules = ["606.3"]
    b.add("you", "battlefield", pw, opts=entry)
    for i in range(1, n + 1):       # each activation resolves first: a later one is refused only for 606.3's once
        b.actions += [{"expect": [{"allowed": {"action": _act(pw, plus), "value": can if i == n else True}}]},
                      {"resolve": "all"}]
    if can and only:
        b.expect.append({"illegal": {"action": _act(pw, plus), "message": "already activated this turn"}})
    return [b.build()]


def _timing(claim: Claim, cards: Cards) -> list[Reading]:
    sorcery = flag((claim.outcome or {}).get("sorcery_speed"))
    if sorcery is None:
        raise Skip("the claim does not say when loyalty abilities may be activated")
    out = []
    moments = [("in the opponent's main phase", "opponent", "main1", not sorcery),
               ("in your beginning of combat step", "you", "begin_combat", not sorcery)]
    if sorcery:                     # 'only at sorcery speed': and then it is allowed
        moments.append(("in your main phase, the stack empty", "you", "main1", True))
    for label, active, step, allowed in moments:
        pw, entry, plus, _ = _planeswalker(claim, cards)
        b = Builder(claim, f"{pw}'s loyalty ability activated {label}", cards)
        b.rules = ["606.3", "307.1"]
        b.active = active
        b.at = {"turn": 1, "step": step}
        b.add("you", "battlefield", pw, opts=entry)
        b.expect.append({"allowed": {"action": _act(pw, plus), "value": allowed}})
        out.append(b.build())
    return out


def _counters(claim: Claim, cards: Cards) -> list[Reading]:
    sit, out = claim.situation or {}, claim.outcome or {}
    change = out.get("loyalty_change")
    if not isinstance(change, int):
        raise Skip(f"the claim does not say how loyalty changes ({compact(out)})")
    pw, entry, _, minus = _planeswalker(claim, cards)
    b = Builder(claim, "", cards)
    b.add("you", "battlefield", pw, opts=entry)
    if isinstance(sit.get("damage"), int):
        n = int(sit["damage"])
        if not 0 < n < LOYALTY:
            raise Skip(f"{n} damage to a planeswalker with loyalty {LOYALTY} is not staged")
        b.label = f"{pw} (loyalty {LOYALTY}) is dealt {n} damage"
        b.rules = ["120.3c"]
        b.actions.append({"damage": {"to": pw, "n": n}})
    else:
        cost = sit.get("ability_cost")
        if not isinstance(cost, int) or cost >= 0 or not minus:
            raise Skip("the claim does not say which loyalty ability is activated")
        if (claim.situation or {}).get("planeswalker"):
            raise Skip("the cost of a named planeswalker's − ability is its own, not the stated one")
        b.label = f"{pw}'s −2 loyalty ability activated (loyalty {LOYALTY})"
        b.rules = ["606.4", "602.2b"]
        b.actions += [_act(pw, minus), {"resolve": "all"}]
    b.expect.append({"counters": {"card": pw, "kind": "loyalty", "n": LOYALTY + change}})
    return [b.build()]


def _syn(claim: Claim, cards: Cards) -> list[Reading]:
    sit = claim.situation or {}
    act = sit.get("activation")
    if isinstance(act, dict) and isinstance(act.get("times"), int):
        return _times(claim, cards, int(act["times"]))
    if isinstance(act, dict) and act.get("timing"):
        return _timing(claim, cards)
    if "damage" in sit or "ability_cost" in sit:
        return _counters(claim, cards)
    raise Skip("the claim states no loyalty activation, damage or cost")
