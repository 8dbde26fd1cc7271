"""``can_block`` after blocks (CR 509.1h, 506.4): the block is declared (its legality checked then, 509.1b/c),
then the stated card is cast on the blocker; the change the text states (it loses flying, its power becomes N)
is checked in the scenario, and then whether the blocker still blocks the attacker."""
from __future__ import annotations

from extractor.facts import Claim

from ..behaviours import Behaviour
from .builder import Builder, can_outcome, compact, flag
from .cards import Cards
from .registry import Reading, Skip
from .standins import StandinCard, overlay


def after_block_readings(claim: Claim, cards: Cards) -> list[Reading]:
    sit = claim.situation or {}
    after = sit.get("after_block") or {}
    if not isinstance(after, dict) or not after.get("card"):
        raise Skip(f"the claim does not say what is cast on the blocker after blocks ({compact(after)})")
    if sit.get("conditions"):
        raise Skip(f"the condition {compact(sit['conditions'][0])} cannot be staged after blocks")
    attacker = cards.name(str(sit.get("attacker")))
    blocker = cards.name(str(sit.get("blocker")))
    if attacker == blocker:
        raise Skip("the attacker and the blocker are the same card")
    spell = cards.name(str(after["card"]))
    beh = cards.behaviour(spell)
    if beh is None:
        raise Skip(f"no behaviour for {spell}")
    if not cards.is_spell_only(spell) or not (beh.spell or {}).get("targets"):
        raise Skip(f"{spell} is not a spell cast on the blocker")
    still = can_outcome(claim, "it still blocks")
    b = Builder(claim, f"{blocker} blocks {attacker}, then {spell} on {blocker}", cards)
    b.rules = ["509.1b", "509.1h", "506.4"]
    a = b.add("you", "battlefield", attacker)[0]
    bl = b.add("opponent", "battlefield", blocker)[0]
    b.add("you", "hand", spell)
    checks = []
    if after.get("blocker_loses"):                     # the stated change, checked where it happens
        checks.append({"has_ability": {"card": bl, "ability": str(after["blocker_loses"]), "value": False}})
    if after.get("blocker_power") is not None:
        checks.append({"pt": {"card": bl, "power": int(after["blocker_power"])}})
    if after.get("blocker_pt"):
        p, t = (int(x) for x in str(after["blocker_pt"]).split("/"))
        checks.append({"pt": {"card": bl, "power": p, "toughness": t}})
    extra = set(after) - {"card", "blocker_loses", "blocker_power", "blocker_pt"}
    if extra:
        raise Skip(f"the change {sorted(extra)} after blocks cannot be staged")
    b.actions += [{"attack": [a], "defender": "opponent"}, {"block": {bl: a}},
                  {"cast": spell, "targets": [bl]}, {"resolve": "all"}]
    if checks:
        b.actions.append({"expect": checks})
    b.expect.append({"blocking": {"card": bl, "attacker": a, "value": still}})
    return [b.build()]


def first_step_readings(claim: Claim, cards: Cards) -> list[Reading]:
    """``first_step_change`` (the damage_result family): your creature with double strike (or first strike) attacks
    unblocked; as it deals its first-strike damage it loses double strike (or gains it) — a trigger of its own
    on dealing combat damage to a player, resolved in the first combat damage step — and the opponent's life
    says whether it dealt damage in the second step too (702.4b-d)."""
    sit, out = claim.situation or {}, claim.outcome or {}
    deals = flag(out.get("second_step_damage"))
    change = sit.get("first_step_change") or {}
    if deals is None or set(change) - {"loses", "gains"} or list(change.values()) != ["double_strike"]:
        raise Skip(f"the claim does not say how double strike changes in the first step ({compact(change)})")
    if sit.get("conditions"):
        raise Skip(f"the condition {compact(sit['conditions'][0])} cannot be staged in the combat")
    base = cards.card(cards.name(str(sit.get("attacker"))))
    try:
        power = int(base.power)
    except (TypeError, ValueError):
        raise Skip("the attacking creature has no power to count its damage by") from None
    loses = "loses" in change
    kw = sorted(cards.behaviour(base.name).keywords) if cards.behaviour(base.name) else []
    if ("double_strike" if loses else "first_strike") not in kw:
        raise Skip("the attacking creature does not have the keyword the change starts from")
    eff = {"pump": {"affected": "self", ("lose" if loses else "grant"): ["double_strike"]}}
    name = overlay(cards, StandinCard(
        name=f"{base.name}, {'loses' if loses else 'gains'} double strike as it deals combat damage",
        types=list(base.types), subtypes=list(base.subtypes), power=base.power, toughness=base.toughness,
        has_text=False, desc={}, behaviour=Behaviour("<stand-in>", {
            "keywords": kw, "triggers": [{"event": "combat_damage_player", "object": {"self": True},
                                          "name": "first_step_change", "effects": [eff]}]})))
    b = Builder(claim, f"{base.name} attacks and {'loses' if loses else 'gains'} double strike in the first step",
                cards)
    b.rules = ["702.4b", "702.4c" if loses else "702.4d", "510.4"]
    a = b.add("you", "battlefield", name)[0]
    b.actions += [{"attack": [a], "defender": "opponent"}, {"advance": {"turn": 1, "step": "end_combat"}}]
    b.expect.append({"life_change": {"opponent": -(2 * power if deals else power)}})
    return [b.build()]
