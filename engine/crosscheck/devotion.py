"""``devotion`` claims: the permanents under the player's control, then the count (CR 700.5)."""
from __future__ import annotations

import copy

from extractor.facts import Claim

from .. import behaviours
from .builder import Builder, checks, colour, objects, place_board
from .cards import Cards
from .registry import Reading, Skip


def _syn_devotion(claim: Claim, cards: Cards) -> list[Reading]:
    """devotion: the permanents under the player's control, then count (CR 700.5)."""
    sit, out = claim.situation or {}, claim.outcome or {}
    perms = objects(sit.get("permanents"), cards)
    if not perms:
        raise Skip("the claim does not say which permanents the player controls")
    color = _colours(out.get("color") or sit.get("color"))
    if not color:
        raise Skip("the claim does not say which colour's devotion")
    value = out.get("value")
    if not isinstance(value, int):
        raise Skip("the claim gives no devotion number")
    player = sit.get("player") or "you"
    b = Builder(claim, "as stated", cards)
    b.rules = ["700.5", "700.5a"] if isinstance(color, list) else ["700.5"]
    for o in perms:
        b.add(player, "battlefield", o.name, o.n or 1)
    place_board(b, sit, cards, skip=[o.name for o in perms])     # the rest of the stated board counts too
    b.expect.append({"devotion": {"player": player, "color": color, "n": value}})
    return [b.build()]


def _colours(v) -> str | list[str] | None:
    """One colour, or the distinct colours of a devotion to several (700.5a: a symbol of any of them counts
    once), in WUBRG order; None when one of them is not a colour."""
    if not isinstance(v, list) or len(v) < 2:
        return colour(v)
    cols = [colour(c) for c in v]
    if None in cols or len(set(cols)) != len(cols):
        return None
    return [c for c in "WUBRG" if c in cols]


def _printed(card) -> dict:
    """The description of a card by its printed characteristics only (no rules text): its mana cost, colours,
    types and P/T."""
    d = {"types": list(card.types), "cost": card.cost, "label": card.name}
    for k, v in (("subtypes", card.subtypes), ("supertypes", card.supertypes), ("colors", card.colors)):
        if v:
            d[k] = list(v) if isinstance(v, list) else v
    if "Creature" in card.types:
        d["pt"] = f"{card.power}/{card.toughness}"
    return {"desc": d}


def _by_mana_cost(claim: Claim, table) -> Claim:
    """A named permanent the engine has no behaviour for stands in by its printed characteristics: devotion
    counts the mana symbols in the mana costs of the permanents the player controls (CR 700.5), and a
    permanent placed on the battlefield (not cast) changes no mana cost with its rules text — so the count
    does not depend on the text the engine cannot run.  The stand-in is labelled with the card's name."""
    sit = claim.situation if isinstance(claim.situation, dict) else {}
    perms, board = sit.get("permanents"), sit.get("board")
    if not isinstance(perms, list) or not (board is None or isinstance(board, dict)) or not all(
            v is None or isinstance(v, list) for v in (board or {}).values()):
        return claim                    # a shape the synthesizer reports itself (docs/design.md gives the keys)
    swap: dict[str, dict] = {}
    for v in perms + list((board or {}).get("you") or []):
        if not isinstance(v, str) or v in swap:
            continue
        m = table.resolve(v)
        if m is None or not behaviours.needs_behaviour(m.card) or behaviours.has_behaviour(m.card):
            continue
        if not m.card.cost:
            raise Skip(f"{m.card.name} has no mana cost to count")
        if "devotion" in (m.card.text or "").lower():
            # 700.5: an effect may modify devotion — text the engine cannot run would change the count
            raise Skip(f"{m.card.name}'s rules text speaks of devotion and the engine has no behaviour for it")
        swap[v] = _printed(m.card)
    if not swap:
        return claim
    sit = copy.deepcopy(sit)
    sit["permanents"] = [swap.get(v, v) if isinstance(v, str) else v for v in perms]
    for who, names in (board or {}).items():
        sit["board"][who] = [swap.get(v, v) if isinstance(v, str) else v for v in names or []]
    return Claim(**{**claim.__dict__, "situation": sit})


def _devotion_checked(claim: Claim, scenarios: list[dict]) -> str | None:
    """The stated devotion, when no scenario checks it."""
    o = claim.outcome or {}
    if not isinstance(o.get("value"), int):
        return None
    col = _colours(o.get("color") or (claim.situation or {}).get("color"))
    if checks(scenarios, "devotion", lambda d: _colours(d.get("color")) == col and str(d.get("n")) == str(o["value"])):
        return None
    return f"devotion to {col} = {o['value']}"
