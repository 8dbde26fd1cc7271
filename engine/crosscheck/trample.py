"""``trample_deathtouch``: an attacker with trample and deathtouch needs to assign only 1 damage to each blocker
(lethal damage, 702.2c), so the rest may go to the defending player (702.19c, 510.1c-d).

Your attacker (the described one: its open P/T are readings) attacks the opponent and is blocked by the stated
creatures — or, unstated, by one and by two creatures each one toughness more than the attacker's power (without
deathtouch, none of its damage could then trample over); a reading with no damage left beyond 1 for each blocker
says nothing of the rest and is not run.  Outcome ``to_player``: ``{rest: true}`` = the opponent
loses the power minus one per blocker; ``{rest: false}`` = only what ordinary lethal damage leaves (702.19b);
``{n: N}`` = the opponent loses N.
"""
from __future__ import annotations

from extractor.facts import Claim

from .builder import Builder, compact, flag
from .cards import Cards
from .damage_rules import fixed_power, vanilla_creature
from .registry import Reading, Skip
from .standins import overlay, standin_card


def _toughness(cards: Cards, name: str) -> int:
    try:
        return int(cards.card(name).toughness)
    except (TypeError, ValueError):
        raise Skip(f"{name} has no fixed toughness") from None


def _syn_trample_deathtouch(claim: Claim, cards: Cards) -> list[Reading]:
    sit, out = claim.situation or {}, claim.outcome or {}
    to = out.get("to_player")
    if not isinstance(to, dict) or (flag(to.get("rest")) is None and not isinstance(to.get("n"), int)):
        raise Skip(f"the claim does not say what damage the player is dealt ({compact(out)})")
    if isinstance(to.get("n"), int) and flag(to.get("dealt"), True) is False:
        raise Skip("a number of damage not dealt is not one expectation")
    attacker = cards.name(str(sit.get("attacker")))
    beh = cards.behaviour(attacker)
    if beh is None or not {"deathtouch", "trample"} <= set(beh.keywords):
        raise Skip(f"{attacker} does not have both trample and deathtouch")
    power = fixed_power(cards, attacker)
    stated = sit.get("blockers")
    if stated is not None and (not isinstance(stated, int) or stated < 1):
        raise Skip(f"the number of blockers {stated!r} is not a count")
    blocker = cards.name(str(sit["blocker"])) if sit.get("blocker") else vanilla_creature(cards, f"{power + 1}/{power + 1}")
    readings = []
    for n in ([stated] if stated else [1, 2]):
        if not isinstance(to.get("n"), int) and power <= n:
            continue                  # nothing is left over for the player: the reading says nothing of the rest
        b = Builder(claim, f"{attacker} attacks, blocked by {n} × {blocker}", cards)
        b.rules = ["702.19c", "702.2c", "510.1c", "510.1d", "120.3"]
        a = b.add("you", "battlefield", attacker)[0]
        blockers = b.add("opponent", "battlefield", blocker, n)
        b.actions += [{"attack": [a], "defender": "opponent"}, {"block": {x: a for x in blockers}},
                      {"advance": {"turn": 1, "step": "end_combat"}}]
        if isinstance(to.get("n"), int):
            lost = int(to["n"])
        elif flag(to["rest"]):
            lost = max(0, power - n)                       # 1 to each blocker is lethal (702.2c)
        else:
            lost = max(0, power - n * _toughness(cards, blocker))  # lethal by toughness alone (702.19b)
        b.expect.append({"life_change": {"opponent": -lost}})
        readings.append(b.build())
    if not readings:
        raise Skip(f"{attacker}'s power leaves no damage beyond 1 for each blocker")
    return readings


_TRAMPLE = "trample"
# an unstated blocker: a 1/1, so a 2/2 or 5/5 attacker has damage beyond lethal left for the player (702.19b)
_SMALL_BLOCKER = "1/1"


def _syn_trample_assign(claim: Claim, cards: Cards) -> list[Reading]:
    """``trample_assign``: your attacker (the described one, its open P/T readings) attacks the opponent and is
    blocked by one and by two 1/1 creatures (509.1a); combat damage is dealt (510.1-2).  The engine's attacking
    player assigns as much as the rules let the player be dealt: with trample, what is left after lethal damage
    to each blocker (702.19b), without it none (510.1c).  Outcome ``to_player``: ``{rest: true}`` = the opponent
    loses exactly the power minus the blockers' lethal damage, ``{some: true}`` = at least 1; false = nothing.
    A reading that leaves nothing beyond lethal damage says nothing of the rest and is not run."""
    sit, out = claim.situation or {}, claim.outcome or {}
    to = out.get("to_player")
    key = next((k for k in ("rest", "some") if isinstance(to, dict) and flag(to.get(k)) is not None), None)
    if key is None:
        raise Skip(f"the claim does not say what damage the player is dealt ({compact(out)})")
    can = flag(to[key])
    attacker = cards.name(str(sit.get("attacker")))
    if cards.behaviour(attacker) is None:
        raise Skip(f"no behaviour for {attacker}")
    beh = cards.behaviour(attacker)
    other = set(beh.keywords) - {_TRAMPLE, "deathtouch"}
    if other:       # (double strike, first strike, infect, flying …: other damage steps, kinds or blocks)
        raise Skip(f"the attacker's other keywords {sorted(other)} change its combat or its damage")
    power = fixed_power(cards, attacker)
    blocker = vanilla_creature(cards, _SMALL_BLOCKER)
    lethal = _toughness(cards, blocker)
    attackers = [attacker]
    desc = getattr(cards.card(attacker), "desc", None)
    if isinstance(desc, dict) and _TRAMPLE not in (desc.get("keywords") or []) + (desc.get("lacks") or []):
        # a description silent on trample: the creature with it is one too (the readings then disagree
        # unless the outcome holds either way)
        attackers.append(overlay(cards, standin_card({**desc, "keywords": [*(desc.get("keywords") or []), _TRAMPLE],
                                                      "label": "attacker trample"})))
    unblocked = flag(sit.get("unblocked")) is True          # 509.1h: no creature blocks it (510.1a)
    readings = []
    for att, n in ((x, n) for x in attackers for n in ((0,) if unblocked else (1, 2))):
        left = power - n * lethal
        if left <= 0:
            continue                  # nothing is left over for the player: the reading says nothing of the rest
        b = Builder(claim, f"{att} attacks, " + (f"blocked by {n} × {blocker}" if n else "unblocked"), cards)
        b.rules = ["509.1a", "510.1a", "510.1c", "702.19b", "120.3"]
        a = b.add("you", "battlefield", att)[0]
        blockers = b.add("opponent", "battlefield", blocker, n) if n else []
        b.actions += [{"attack": [a], "defender": "opponent"}, *([{"block": {x: a for x in blockers}}] if n else []),
                      {"advance": {"turn": 1, "step": "end_combat"}}]
        if not can:
            want: object = 0
        elif key == "rest":
            want = -left
        else:
            want = {"at_most": -1}
        b.expect.append({"life_change": {"opponent": want}})
        readings.append(b.build())
    if not readings:
        raise Skip(f"{attacker}'s power leaves no damage beyond lethal for its blockers")
    return readings
