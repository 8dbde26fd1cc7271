"""``fight_damage``: each fighting creature deals damage equal to its power to the other (701.14a).

Staged: a stand-in sorcery that makes two target creatures fight (and does nothing else) is cast by you at your
creature and the opponent's; the damage marked on each after it resolves is checked (120.3e).  Two readings
with P/T that tell power, toughness and the two creatures apart (1/4 and 2/5, 3/6 and 2/7; none dies of the
power-sized damage).  ``each_deals``: power / toughness; ``to``: other / itself.
"""
from __future__ import annotations

from extractor.facts import Claim

from .builder import Builder, compact
from .cards import Cards
from .damage_rules import _fight_spell, vanilla_creature
from .registry import Reading, Skip

_PAIRS = (("1/4", "2/5"), ("3/6", "2/7"))


def _syn_fight_damage(claim: Claim, cards: Cards) -> list[Reading]:
    out = claim.outcome or {}
    stat, to = out.get("each_deals"), out.get("to")
    if stat not in ("power", "toughness") or to not in ("other", "itself"):
        raise Skip(f"the claim does not say how much fighting creatures deal to whom ({compact(out)})")
    if ((claim.situation or {}).get("fight") or {}).get("by", "you") != "you":
        raise Skip("a fight by the opponent's spell is not staged")
    spell = _fight_spell(cards)
    readings = []
    for pa, pb in _PAIRS:
        a = vanilla_creature(cards, pa, role="fighting")
        b_ = vanilla_creature(cards, pb, role="fought")
        amount = {n: int(pt.split("/")[0 if stat == "power" else 1]) for n, pt in ((a, pa), (b_, pb))}
        b = Builder(claim, f"you cast a fight spell: your {pa} fights the opponent's {pb}", cards)
        b.rules = ["701.14a", "120.3e"]
        x = b.add("you", "battlefield", a)[0]
        y = b.add("opponent", "battlefield", b_)[0]
        b.add("you", "hand", spell)
        b.actions += [{"cast": spell, "targets": [x, y]}, {"resolve": "all"}]
        if to == "other":
            b.expect += [{"damage": {"card": y, "n": amount[a]}}, {"damage": {"card": x, "n": amount[b_]}}]
        else:
            b.expect += [{"damage": {"card": x, "n": amount[a]}}, {"damage": {"card": y, "n": amount[b_]}}]
        readings.append(b.build())
    return readings
