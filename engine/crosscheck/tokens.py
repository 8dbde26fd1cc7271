"""``token_controller`` claims (CR 111.2: a token's controller and owner is the player who created it, unless
the effect says otherwise): a player casts a described instant that creates one token and says nothing about
who controls it (the default 「特に指定されていない限り」), once for each player; the token's controller or
owner is checked against the claim in every reading (require_all)."""
from __future__ import annotations

from extractor.facts import Claim

from .builder import Builder, compact
from .cards import Cards
from .registry import Reading, Skip
from .standins import StandinTable, standin_card

TOKEN = {"types": ["Creature"], "pt": [1, 1], "name": "Stand-in Token"}
OTHER = {"you": "opponent", "opponent": "you"}


def _maker(cards: Cards) -> str:
    """A described instant that creates one plain token (111.1) and does nothing else."""
    table = cards.table
    if not isinstance(table, StandinTable):
        raise Skip("no stand-in table to hold the token maker")
    card = standin_card({"types": ["Instant"], "effects": [{"create_token": {"token": TOKEN}}]})
    table.standins.setdefault(card.name, card)
    return card.name


def _prepare(claim: Claim) -> Claim:
    """A described token maker in the situation, so the claim gets a stand-in table."""
    sit = dict(claim.situation or {})
    sit["maker"] = {"desc": {"types": ["Instant"], "effects": [{"create_token": {"token": TOKEN}}]}}
    return Claim(**{**claim.__dict__, "situation": sit})


def _syn_token_controller(claim: Claim, cards: Cards) -> list[Reading]:
    sit, out = claim.situation or {}, claim.outcome or {}
    role = sit.get("role")
    player = out.get("player")
    if role not in ("controller", "owner") or player not in ("creator", "creator_opponent", "you", "opponent"):
        raise Skip(f"the claim does not say whose token it is ({compact(sit)} → {compact(out)})")
    maker = str(sit.get("maker") or _maker(cards))
    readings = []
    for creator in ("you", "opponent"):
        want = {"creator": creator, "creator_opponent": OTHER[creator]}.get(player, player)
        b = Builder(claim, f"{creator} creates the token", cards)
        b.rules = ["111.2", "111.1"]
        b.add(creator, "hand", maker)
        b.actions = [{"cast": maker, **({"by": creator} if creator != "you" else {})}, {"resolve": "all"}]
        if out.get("not"):
            want = OTHER[want]                           # 「…ではない」: the other player (two players)
        b.expect.append({"zone": {"card": TOKEN["name"], "zone": "battlefield", role: want}})
        readings.append(b.build())
    return readings
