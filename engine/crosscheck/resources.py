"""What a card does to a player's resources: ``draw_result`` (CR 121.1), ``life_result`` (CR 119.3, damage to a
player 120.3a) and ``discard_result`` (CR 701.8); and the kinds the engine cannot check yet
(``trigger_controller``, ``cost``, ``copy``, ``card_text``), registered with the reason."""
from __future__ import annotations

import copy

from extractor.facts import Claim

from .builder import Builder, compact, opponent_casts
from .cards import PLAIN_CREATURE, PLAIN_LAND, Cards
from .registry import Reading, Skip
from .results import life_trigger
from .standins import lethal_is_stated

PLAYERS = ("you", "opponent")
LIFE_KEYS = {"gain_life", "lose_life", "damage"}


def _cause(claim: Claim, cards: Cards) -> str:
    sit = claim.situation or {}
    name = sit.get("cause") or claim.subject
    if not name:
        raise Skip("the claim does not name the card that causes it")
    card = cards.name(str(name))
    if cards.behaviour(card) is None and cards.card(card).has_text:
        raise Skip(f"no behaviour for {card}")
    return card


def _targets(cards: Cards, cause: str, player: str) -> list | None:
    """The targets of the cause's spell, when they can only be a player (the claim's player)."""
    beh = cards.behaviour(cause)
    specs = ((beh.spell or {}).get("targets") or []) if beh is not None else []
    if not specs:
        return None
    if all(s.get("kind") == "player" for s in specs):
        return [player] * len(specs)
    raise Skip(f"{cause} needs targets the claim does not state ({compact(specs)})")


def _effect_keys(x) -> set[str]:
    out: set[str] = set()
    if isinstance(x, dict):
        for k, v in x.items():
            out.add(k)
            out |= _effect_keys(v)
    elif isinstance(x, list):
        for v in x:
            out |= _effect_keys(v)
    return out


def _casting_does_it(cards: Cards, cause: str, keys: set[str]) -> bool:
    """Whether casting the cause performs one of the effects: its spell effects, or a trigger of its own
    entering (a permanent's other abilities need their own event, which the claim does not stage)."""
    beh = cards.behaviour(cause)
    if beh is None:
        return False
    if _effect_keys((beh.spell or {}).get("effects")) & keys:
        return True
    return any(t.get("event") == "enters" and (t.get("object") or {}).get("self")
               and _effect_keys(t.get("effects")) & keys for t in beh.triggers)


def _stage_cause(b: Builder, cards: Cards, cause: str, targets: list | None, keys: set[str] = frozenset()) -> None:
    """The cause is cast — a spell whose effects (or a permanent whose own entering trigger) do what the
    claim says on resolution; any other cause raises Skip (its event is not staged)."""
    if keys and not _casting_does_it(cards, cause, keys):
        raise Skip(f"casting {cause} does not itself do it, and the claim does not say which event makes it")
    b.add("you", "hand", cause)
    b.actions.append({"cast": cause, **({"targets": targets} if targets else {})})
    b.actions.append({"resolve": "all"})


def _player(v, default: str = "you") -> str:
    p = v or default
    if p not in PLAYERS:
        raise Skip(f"player {p!r} is not you or an opponent")
    return p


def _measured(cards: Cards, b: Builder, probe: dict) -> int:
    """The value of a probe in the staged board before any action (e.g. a library's size)."""
    sc = copy.deepcopy(b.build().scenario)
    sc["actions"], sc["expect"] = [], [probe]
    got = cards.probe(sc)[0].get("observed")
    if not isinstance(got, int):
        raise Skip(f"cannot measure the state before the cause: {compact(got)}")
    return got


def _syn_draw(claim: Claim, cards: Cards) -> list[Reading]:
    """draw_result: the cause is cast; the player's library shrinks by the cards drawn (121.1)."""
    out = claim.outcome or {}
    n = out.get("draw")
    if not isinstance(n, int):
        raise Skip("the claim does not say how many cards are drawn")
    player = _player(out.get("player") or (claim.situation or {}).get("player"))
    cause = _cause(claim, cards)
    target = (claim.situation or {}).get("target")
    if target:
        return [_draw_targeting_spell(claim, cards, cause, cards.name(str(target)), n, player)]
    b = Builder(claim, f"{cause} cast", cards)
    b.rules = ["121.1"]
    _stage_cause(b, cards, cause, _targets(cards, cause, player), {"draw"})
    probe = {"count": {"player": player, "zone": "library", "n": -1}}
    before = _measured(cards, b, probe)
    b.expect.append({"count": {"player": player, "zone": "library", "n": before - n}})
    return [b.build()]


def _draw_targeting_spell(claim: Claim, cards: Cards, cause: str, target: str, n: int, player: str) -> Reading:
    """draw_result of a spell cast targeting a spell (「打ち消されない呪文に使ってもドローは出来る」): the opponent
    casts the target, the cause is cast targeting it and everything resolves (101.3: when part of a spell cannot
    be done — countering a spell that can't be countered — the rest still is).  ``at_least``: the library
    shrinks by n or more."""
    sit = claim.situation or {}
    beh = cards.behaviour(target)
    if sit.get("uncounterable") and (beh is None or not ("cant_be_countered" in beh.keywords or any(
            st.get("cant_be_countered") for st in beh.statics))):
        raise Skip(f"{target} has no 'can't be countered' in its behaviour")
    if not _casting_does_it(cards, cause, {"draw"}):
        raise Skip(f"casting {cause} does not itself draw")
    b = Builder(claim, f"{cause} cast targeting {target}", cards)
    b.rules = ["121.1", "101.3"] + (["101.2"] if sit.get("uncounterable") else [])
    b.add("you", "hand", cause)
    opponent_casts(b, target, "normal")
    b.actions += [{"cast": cause, "by": "you", "targets": [target]}, {"resolve": "all"}]
    probe = {"count": {"player": player, "zone": "library", "n": -1}}
    before = _measured(cards, b, probe)
    want = before - n
    if (claim.outcome or {}).get("at_least"):
        sc = copy.deepcopy(b.build().scenario)
        sc["expect"] = [probe]
        after = cards.probe(sc)[0].get("observed")
        if isinstance(after, int) and after <= before - n:
            want = after               # drew n or more: the count it came to is what is checked
    b.expect.append({"count": {"player": player, "zone": "library", "n": want}})
    return b.build()


def _syn_life(claim: Claim, cards: Cards) -> list[Reading]:
    """life_result: the cause is cast; the player's life changes by the stated amount (119.3, 120.3a)."""
    sit, out = claim.situation or {}, claim.outcome or {}
    life, dmg = out.get("life"), out.get("damage")
    if isinstance(life, dict) and ("gain" in life or "lose" in life):
        player = _player(life.get("player") or sit.get("player"))
        change = int(life.get("gain", 0)) - int(life.get("lose", 0))
    elif isinstance(dmg, dict) and isinstance(dmg.get("n"), int):
        player = _player(dmg.get("to"), "opponent")
        change = -int(dmg["n"])
    else:
        raise Skip(f"the claim does not give a life change ({compact(out)})")
    if sit.get("attacker") or any(isinstance(c, dict) and c.get("kind") == "blocked_by"
                                  for c in sit.get("conditions") or []):
        return _combat_life(claim, cards, player, change)
    if sit.get("conditions"):
        raise Skip(f"the conditions {compact(sit['conditions'])} cannot be staged with a cast")
    cause = _cause(claim, cards)
    if isinstance(life, dict) and not _casting_does_it(cards, cause, LIFE_KEYS):
        staged = life_trigger(claim, cards, cause, {**life, "player": player})   # its triggering event staged
        if staged:
            return staged
    b = Builder(claim, f"{cause} cast", cards)
    b.rules = ["119.3", "120.3a"]
    _stage_cause(b, cards, cause, _targets(cards, cause, player), LIFE_KEYS)
    b.expect.append({"life_change": {player: change}})
    return [b.build()]


# what the discarding player's hand holds is a fact the text leaves open: each is a reading
_HANDS = {"creatures and lands": [PLAIN_CREATURE, PLAIN_CREATURE, PLAIN_LAND],
          "spells and lands": ["Negate", "Raise the Alarm", PLAIN_LAND]}


def _syn_discard(claim: Claim, cards: Cards) -> list[Reading]:
    """discard_result: the discarding player holds a hand (readings: which cards), the cause is cast; their
    graveyard grows by the cards discarded (701.8)."""
    out = claim.outcome or {}
    n = out.get("discard")
    if not isinstance(n, int):
        raise Skip("the claim does not say how many cards are discarded")
    if out.get("random") is not None:
        raise Skip("whether the discard is random is not observable in the scenario")
    player = _player(out.get("player"), "opponent")
    cause = _cause(claim, cards)
    readings = []
    for label, hand in _HANDS.items():
        b = Builder(claim, f"{cause} cast, {player} holds {label}", cards)
        b.rules = ["701.8"]
        for c in hand:
            b.add(player, "hand", cards.name(c))
        _stage_cause(b, cards, cause, _targets(cards, cause, player), {"discard", "discard_chosen"})
        probe = {"count": {"player": player, "zone": "hand", "n": -1}}
        before = _measured(cards, b, probe) - (1 if player == "you" else 0)    # the cause leaves your hand
        b.expect.append({"count": {"player": player, "zone": "hand", "n": before - n}})
        readings.append(b.build())
    return readings


def _combat_life(claim: Claim, cards: Cards, player: str, change: int) -> list[Reading]:
    """life_result of a combat the claim describes: your attacker attacks the opponent, the stated blocker
    (when the claim says it is blocked) blocks, combat damage is dealt (CR 510.1-510.2; trample 702.19c)."""
    sit = claim.situation or {}
    conds = [c.get("kind") if isinstance(c, dict) else c for c in sit.get("conditions") or []]
    if any(k not in ("blocked", "unblocked", "attacking", "blocked_by") for k in conds):
        raise Skip(f"the conditions {compact(sit.get('conditions'))} cannot be staged in a combat")
    # 'X is blocked by N creatures' (a question's setup): X attacks, N plain creatures block it
    by_n = [c for c in sit.get("conditions") or [] if isinstance(c, dict) and c.get("kind") == "blocked_by"]
    if len(by_n) > 1 or (by_n and sit.get("attacker") and sit["attacker"] != by_n[0].get("attacker")):
        raise Skip("the claim states more than one attacker")
    if by_n and (sit.get("blocker") or not isinstance(by_n[0].get("blockers"), int)):
        raise Skip(f"the blockers of {compact(by_n[0])} cannot be staged")
    attacker = cards.name(str(sit.get("attacker") or by_n[0]["attacker"]))
    blocker = cards.name(str(sit["blocker"])) if sit.get("blocker") else None
    n_blockers = int(by_n[0]["blockers"]) if by_n else 1
    if by_n:
        blocker = PLAIN_CREATURE
    if "blocked" in conds and not blocker:
        raise Skip("the claim says the attacker is blocked but not by what")
    if "unblocked" in conds and (blocker or "blocked" in conds or by_n):
        raise Skip("the claim says the attacker is both blocked and unblocked")
    if player != "opponent":
        raise Skip("combat damage to the attacking player is not staged")
    b = Builder(claim, f"{attacker} attacks" + (f", blocked by {blocker}" if blocker else ""), cards)
    b.rules = ["510.1", "510.2", "702.19c", "120.3a"]
    a_obj = b.add("you", "battlefield", attacker)[0]
    b.actions.append({"attack": [a_obj], "defender": "opponent"})
    if blocker:
        b.actions.append({"block": {x: a_obj for x in b.add("opponent", "battlefield", blocker, n_blockers)}})
    b.actions += [{"advance": {"turn": 1, "step": "combat_damage"}}, {"resolve": "all"}]
    beh = cards.behaviour(attacker)
    if blocker and beh is not None and "trample" in beh.keywords:
        lethal_is_stated(cards, attacker, blocker)    # what tramples over is past lethal damage (702.19b)
        # the engine assigns the most it may to the player (510.1c-d, 702.19c); less is the attacker's choice
        sc = copy.deepcopy(b.build().scenario)
        sc["expect"] = [{"life_change": {player: 0}}]
        most = cards.probe(sc)[0].get("observed") or {}
        if isinstance(most.get(player), int) and -change < -most[player]:
            raise Skip("the attacking player chooses how trample damage is assigned (510.1c-d): a smaller "
                       "amount to the player is one of the choices, not what the rules force")
    b.expect.append({"life_change": {player: change}})
    return [b.build()]
