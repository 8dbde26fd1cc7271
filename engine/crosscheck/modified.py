"""``pt_after`` with outcome ``modified: bool`` — whether a card's P/T modification applies to the object
(「プロテクション(黒)のクリーチャーもマイナス修整を受けます」; CR 613.4c, 702.16).

The modifying card is staged by its own behaviour and cast: a spell with an untargeted ``pump`` of all
creatures, or a permanent with a static P/T modification of all creatures (of one player).  The change it would
make (its ``pt``) is what "modified" means: the object ends with its P/T changed by exactly that much — or, when
that leaves toughness 0 or less, in the graveyard (704.5f); not modified = unchanged and still on the battlefield.
The engine decides which happens."""
from __future__ import annotations

from extractor.facts import Claim

from .builder import Builder
from .cards import Cards
from .registry import Reading, Skip


def _change(cards: Cards, name: str, sign: int | None) -> tuple[str, list[int], str]:
    """("cast" | "static", [dp, dt], whose creatures) of a card that modifies the P/T of all creatures (of one
    player); with several, the one of the stated sign (マイナス / プラス); Skip otherwise."""
    beh = cards.behaviour(name)
    if beh is None:
        raise Skip(f"no behaviour for {name}")
    if cards.is_spell_only(name):
        spell = beh.spell or {}
        if spell.get("targets"):
            raise Skip(f"{name} targets: the claim does not say what")
        found = [("cast", e["pump"]) for e in spell.get("effects") or [] if isinstance(e, dict) and "pump" in e]
    else:
        found = [("static", st) for st in beh.statics if isinstance(st, dict) and st.get("pt")]
    if sign is not None:
        found = [(h, e) for h, e in found if all(int(x) * sign > 0 for x in e.get("pt") or [0])]
    if len(found) != 1:
        raise Skip(f"{name} does not make one P/T change to every creature")
    how, eff = found[0]
    affected = eff.get("affected") or {}
    if set(affected) - {"types", "controller", "other"} or affected.get("types") != ["Creature"] \
            or affected.get("controller") not in (None, "you", "opponent") or eff.get("per") or not eff.get("pt"):
        raise Skip(f"{name}'s P/T change is not one of every creature (of a player) by a fixed amount")
    return how, [int(x) for x in eff["pt"]], affected.get("controller") or "opponent"


def modified_readings(claim: Claim, cards: Cards, card: str) -> list[Reading]:
    sit, out = claim.situation or {}, claim.outcome or {}
    modified = bool(out["modified"])
    effects = sit.get("effects") or []
    if len(effects) != 1 or not isinstance(effects[0], dict) or not effects[0].get("card"):
        raise Skip("the claim does not name the one card whose modification it is about")
    other = cards.name(str(effects[0]["card"]))
    how, (dp, dt), whose = _change(cards, other, out.get("sign"))
    c = cards.card(card)
    if c.power is None or c.toughness is None:
        raise Skip(f"{card} has no fixed power/toughness")
    p, t = int(c.power), int(c.toughness)
    b = Builder(claim, f"{card} with {other}", cards)
    b.rules = ["613.4c", "702.16"]
    b.add(whose, "battlefield", card)        # (the side the change applies to, when the card says)
    # cast either way: a permanent's static applies once it is on the battlefield, and the state-based
    # actions (704.5f) are checked after the resolution
    b.add("you", "hand", other)
    b.actions += [{"cast": other}, {"resolve": "all"}]
    if modified and t + dt <= 0:
        b.expect.append({"zone": {"card": card, "zone": "graveyard"}})
    elif modified:
        b.expect.append({"pt": {"card": card, "power": p + dp, "toughness": t + dt}})
    else:
        b.expect += [{"zone": {"card": card, "zone": "battlefield"}},
                     {"pt": {"card": card, "power": p, "toughness": t}}]
    return [b.build()]
