"""``token_controller`` claims (CR 111.2: a token's controller and owner is the player who created it, unless
the effect says otherwise): a player casts a described instant that creates one token and says nothing about
who controls it (the default 「特に指定されていない限り」), once for each player; the token's controller or
owner is checked against the claim in every reading (require_all)."""
from __future__ import annotations

import json

from extractor.facts import Claim

from ..behaviours import BehaviourError
from ..game.objects import TOKENS
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


# ---------------------------------------------------------------- predefined tokens (111.10)
RULE_111_10 = {"treasure": "111.10a", "food": "111.10b", "gold": "111.10c", "clue": "111.10f", "blood": "111.10g"}


def _ability_parts(spec: dict) -> list[str]:
    """A behaviour's abilities as comparable text (an ability's ``name`` is a label, not a rule: left out)."""
    from ..behaviours import Behaviour
    b = Behaviour("compared", {k: v for k, v in spec.items()})
    out = []
    for k in ("triggers", "activated", "statics"):
        out += sorted(f"{k}:" + json.dumps({a: x for a, x in item.items() if a != "name"}, sort_keys=True,
                                           ensure_ascii=False, default=str) for item in getattr(b, k))
    return out + sorted(f"keyword:{k}" for k in b.keywords)


def token_ability(claim: Claim, quoted: dict | None) -> Claim:
    """A ``token_definition`` claim's quoted ability compiled (Japanese card grammar, by the caller) into
    ``situation.ability``; :class:`Skip` with the compile's reason when it does not compile."""
    sit = claim.situation or {}
    if claim.kind != "token_definition" or quoted is None or not (sit.get("token_ability") or sit.get("cause_spell")):
        return claim
    from .quoted_text import compiled_quote
    if sit.get("token_ability"):
        sit = {**sit, "ability": compiled_quote(quoted, str(sit["token_ability"]))}
    if sit.get("cause_spell"):                  # a keyword action (調査を行う, 701.16a) read by the card grammar
        effects = (compiled_quote(quoted, str(sit["cause_spell"])).get("spell") or {}).get("effects")
        if not effects:
            raise Skip(f"the action 「{sit['cause_spell']}」 compiles to no spell effect")
        sit["maker_effects"] = effects
    return Claim(**{**claim.__dict__, "situation": sit})


def _prepare_definition(claim: Claim) -> Claim:
    """A described instant that creates the predefined token (n of them when stated) and does nothing else."""
    sit = dict(claim.situation or {})
    n = int(sit["n"]) if sit.get("n") is not None else 1     # a stated 0 stays 0
    if sit.get("maker_effects"):                # the stated action does what it does; its tokens are counted
        sit["maker"] = {"desc": {"types": ["Instant"], "effects": list(sit["maker_effects"])}}
    elif sit.get("token") in TOKENS:
        effect = {"create_token": {"token": sit["token"], **({"n": n} if n != 1 else {})}}
        sit["maker"] = {"desc": {"types": ["Instant"], "effects": [effect]}}
    return Claim(**{**claim.__dict__, "situation": sit})


def _syn_token_definition(claim: Claim, cards: Cards) -> list[Reading]:
    """111.10: an effect that creates the named predefined token creates an artifact token with its defined
    ability.  Staged: a described instant creating that token (n of them when stated) is cast and resolves;
    the token's card types, subtype and colours as stated are observed on the battlefield.  The quoted ability
    must be exactly the token's ability in the engine's 111.10 data (the behaviour the created token gets);
    a quote that differs or does not compile is not judged (a wording may lose words in a rendering)."""
    sit = claim.situation or {}
    kind = sit.get("token")
    if kind not in RULE_111_10 or kind not in TOKENS:
        raise Skip(f"no predefined token definition for {kind!r} (111.10)")
    beh = sit.get("ability")
    if sit.get("token_ability") and not isinstance(beh, dict):
        raise Skip("the quoted ability was not compiled (no Japanese card grammar was given to the cross-check)")
    if not sit.get("token_ability") and not sit.get("maker_effects"):
        raise Skip("neither the token's ability nor the action that makes it was compiled")
    d = TOKENS[kind]
    try:
        said = _ability_parts(beh) if isinstance(beh, dict) else None
        defined = _ability_parts(d.get("spec") or {})
    except BehaviourError as e:
        raise Skip(f"the quoted ability is not in the engine's vocabulary: {e}") from None
    if said is not None and said != defined:
        raise Skip(f"the quoted ability is not the {d['name']}'s ability of {RULE_111_10[kind]} "
                   f"({compact(beh)} vs {compact(d.get('spec'))}); a rendered wording may lose words, so this "
                   f"is not judged a contradiction")
    n = int(sit["n"]) if sit.get("n") is not None else 1     # a stated 0 stays 0
    maker = str(sit.get("maker") or "")
    if not maker or maker.startswith("{"):
        raise Skip("no stand-in table to hold the token maker")
    how = f"an instant that does 「{sit['cause_spell']}」" if sit.get("cause_spell") else "an instant"
    b = Builder(claim, f"{how} is cast and resolves, {n} {d['name']}(s) looked for" +
                (f"; its quoted ability is {RULE_111_10[kind]}'s" if said is not None else ""), cards)
    b.rules = ["111.10", RULE_111_10[kind], "111.1"]
    b.add("you", "hand", maker)
    b.actions = [{"cast": maker}, {"resolve": "all"}]
    has = list(sit.get("types") or []) + list(sit.get("subtypes") or [])
    b.expect.append({"count": {"card": d["name"], "n": n}})
    b.expect.append({"types": {"card": d["name"], "has": has}})
    if "colors" in sit:
        cols = str(sit["colors"] or "")
        b.expect.append({"colors": {"card": d["name"], "has": list(cols),
                                    **({"lacks": list("WUBRG")} if not cols else {})}})     # 105.2c colourless
    return [b.build()]
