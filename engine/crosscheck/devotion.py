"""``devotion`` claims: the permanents under the player's control, then the count (CR 700.5)."""
from __future__ import annotations

from extractor.facts import Claim

from .builder import Builder, checks, colour, objects, place_board
from .cards import Cards
from .registry import Kind, Reading, Skip, register


def _syn_devotion(claim: Claim, cards: Cards) -> list[Reading]:
    """devotion: the permanents under the player's control, then count (CR 700.5)."""
    sit, out = claim.situation or {}, claim.outcome or {}
    perms = objects(sit.get("permanents"), cards)
    if not perms:
        raise Skip("the claim does not say which permanents the player controls")
    color = colour(out.get("color") or sit.get("color"))
    if not color:
        raise Skip("the claim does not say which colour's devotion")
    value = out.get("value")
    if not isinstance(value, int):
        raise Skip("the claim gives no devotion number")
    player = sit.get("player") or "you"
    b = Builder(claim, "as stated", cards)
    b.rules = ["700.5"]
    for o in perms:
        b.add(player, "battlefield", o.name, o.n or 1)
    place_board(b, sit, cards, skip=[o.name for o in perms])     # the rest of the stated board counts too
    b.expect.append({"devotion": {"player": player, "color": color, "n": value}})
    return [b.build()]


def _devotion_checked(claim: Claim, scenarios: list[dict]) -> str | None:
    """The stated devotion, when no scenario checks it."""
    o = claim.outcome or {}
    if not isinstance(o.get("value"), int):
        return None
    col = colour(o.get("color") or (claim.situation or {}).get("color"))
    if checks(scenarios, "devotion", lambda d: colour(d.get("color")) == col and str(d.get("n")) == str(o["value"])):
        return None
    return f"devotion to {col} = {o['value']}"


register(Kind("devotion", _syn_devotion, statement=_devotion_checked,
              stages=("player", "color", "permanents", "board")))
