"""``priority_holder``: who receives priority at a moment (117.3; extractor/claims/priority.py), observed in the
engine (``Game.holder``, engine/game/turns.py) right after the moment is staged.

Each stated moment is staged in every arrangement of players that tells the roles apart (every reading must hold):
- step_start: the game played forward to the beginning of the step (its turn-based actions done, 117.3a) in the
  opponent's turn (turn 2) and in yours (turn 3); the named steps, else the steps upkeep, draw, main1,
  begin_combat and end (the untap and cleanup steps have no priority, 502.4 / 514.3: a rule of every step is read
  as one of the steps with priority);
- cast (117.3c): a stand-in instant (you gain 1 life) cast in your main phase by you, and by the opponent;
- activate (117.3c): a stand-in artifact's "{1}: you gain 1 life" activated by its controller, you or the
  opponent, in your main phase;
- special_action (116.2a, 117.3c): a land played by you in your main phase (the active player's priority is not
  staged: the land's player is the active player too);
- resolve (117.3b): the stand-in instant cast by the non-active player resolves, in your turn and in the opponent's;
- pass (117.3d): the active player, holding priority with the stack empty, passes, in your turn and in the
  opponent's.
Roles: active (the turn's player), nonactive (the other player), actor (who cast / activated / acted / passed; the
resolved spell's controller), other (the actor's opponent; none at a step's start: not staged), anyone (some player: the impersonal 「優先権が
発生する」; denied: no one).
"""
from __future__ import annotations

from extractor.facts import Claim

from .builder import Builder, compact
from .cards import PLAIN_CREATURE, Cards
from .registry import Reading, Skip
from .stack_rules import _instant
from .stack_use import artifact as _artifact

DEFAULT_STEPS = ("upkeep", "draw", "main1", "begin_combat", "end")
KNOWN_STEPS = ("untap", "upkeep", "draw", "main1", "begin_combat", "declare_attackers", "end_combat", "end", "cleanup")
MOMENTS = ("step_start", "cast", "activate", "special_action", "resolve", "pass")
_OTHER = {"you": "opponent", "opponent": "you"}
_TURN = {"you": "your", "opponent": "the opponent's"}


def _expect(role: str, receives: bool, active: str, actor: str | None) -> dict:
    if role == "anyone":
        return {"priority": {"player": "any" if receives else "none"}}
    who = {"active": active, "nonactive": _OTHER[active], "actor": actor,
           "other": _OTHER[actor] if actor else None}[role]
    if who is None:
        raise Skip("no player acts at a step's beginning (the claim names the acting player or their opponent)")
    return {"priority": {"player": who} if receives else {"player": who, "value": False}}


def _reading(claim: Claim, cards: Cards, moment: str, active: str, actor: str | None, role: str, receives: bool,
             step: str | None = None) -> Reading:
    b = Builder(claim, "", cards)
    b.active = active if active != "you" else None
    if moment == "step_start":
        turn = 2 if active == "opponent" else 3
        b.label = f"the {step} step of turn {turn} ({_TURN[active]} turn) begins"
        b.rules = ["117.3a", "502.4", "514.3"]
        b.active = None
        for side in ("you", "opponent"):
            b.add(side, "library", PLAIN_CREATURE)
            b.add(side, "library", PLAIN_CREATURE)
        b.actions.append({"advance": {"turn": turn, "step": step, "priority": True}})
    elif moment in ("cast", "resolve"):
        inst = _instant(cards, 1)
        b.add(actor, "hand", inst)
        b.actions.append({"cast": inst, "by": actor})
        b.label = f"{actor} (player) casts {inst} in {_TURN[active]} main phase"
        b.rules = ["117.3c", "601.2"]
        if moment == "resolve":
            b.actions += [{"expect": [{"stack": {"n": 1}}]}, {"resolve": 1}]
            b.label += ", and it resolves"
            b.rules = ["117.3b", "608.2"]
    elif moment == "activate":
        art = _artifact(cards)
        b.add(actor, "battlefield", art)
        b.actions.append({"activate": art, "ability": 1, "by": actor})
        b.label = f"{actor} (player) activates {art}'s ability in {_TURN[active]} main phase"
        b.rules = ["117.3c", "602.2"]
    elif moment == "special_action":
        b.add(actor, "hand", "Forest")
        b.actions += [{"cast": "Forest", "by": actor}, {"expect": [{"stack": {"n": 0}}]}]
        b.label = f"{actor} (player) plays Forest in {_TURN[active]} main phase (a special action)"
        b.rules = ["116.2a", "117.3c", "305.1"]
    elif moment == "pass":
        b.actions.append({"pass": 1})
        b.label = f"{actor} (player), the active player, passes priority with the stack empty"
        b.rules = ["117.3d"]
    b.expect.append(_expect(role, receives, active, actor))
    return b.build()


def _syn_priority_holder(claim: Claim, cards: Cards) -> list[Reading]:
    sit, out = claim.situation or {}, claim.outcome or {}
    moments = sit.get("moments") or []
    role, receives = out.get("player"), out.get("receives")
    if not moments or set(moments) - set(MOMENTS):
        raise Skip(f"the moment {compact(moments)} is not staged")
    if role not in ("active", "nonactive", "actor", "other", "anyone") or not isinstance(receives, bool):
        raise Skip(f"the claim does not say who receives priority ({compact(role)}, {compact(receives)})")
    steps = sit.get("steps")
    if steps and (moments != ["step_start"] or set(steps) - set(KNOWN_STEPS)):
        raise Skip(f"the steps {compact(steps)} are not staged")
    readings = []
    for moment in moments:
        if moment == "step_start":
            for step in steps or DEFAULT_STEPS:
                for active in ("opponent", "you"):
                    readings.append(_reading(claim, cards, moment, active, None, role, receives, step))
        elif moment == "special_action":
            if role == "active":
                raise Skip("a special action is staged by the active player only (a land played): the active "
                           "player and the acting one are not told apart")
            readings.append(_reading(claim, cards, moment, "you", "you", role, receives))
        elif moment in ("cast", "activate"):
            for actor in ("you", "opponent"):
                readings.append(_reading(claim, cards, moment, "you", actor, role, receives))
        elif moment == "resolve":
            for active in ("you", "opponent"):
                readings.append(_reading(claim, cards, moment, active, _OTHER[active], role, receives))
        elif moment == "pass":
            for active in ("you", "opponent"):
                readings.append(_reading(claim, cards, moment, active, active, role, receives))
    return readings


def _syn_pass_result(claim: Claim, cards: Cards) -> list[Reading]:
    """117.4, 500.2: every player passes in succession (the active player, then the other) — the stack empty: the
    step ends (the game is in the next step); an instant of the active player's (you gain 1 life) on the stack: it
    resolves (the stack empty, the life gained, the same step).  In your turn and the opponent's.  ``step_ends``
    needs the stack stated empty (with an object on it the step does not end: the claim must say which); ``resolves``
    is staged with the object on the stack (a stack stated empty has nothing to resolve: not staged)."""
    sit, out = claim.situation or {}, claim.outcome or {}
    stack = sit.get("stack")
    readings = []
    for active in ("you", "opponent"):
        b = Builder(claim, "", cards)
        b.active = None if active == "you" else "opponent"
        b.rules = ["117.4", "500.2", "117.3d"]
        if "step_ends" in out and isinstance(out["step_ends"], bool):
            if stack not in ("empty", "nonempty"):
                raise Skip("whether the step ends depends on the stack, which the claim does not state (117.4)")
            b.label = f"both players pass in succession in {_TURN[active]} main phase, the stack " + (
                "empty" if stack == "empty" else "holding an instant")
            if stack == "nonempty":
                inst = _instant(cards, 1)
                b.add(active, "hand", inst)
                b.actions.append({"cast": inst, "by": active})
            b.actions.append({"pass": 2})
            ends = out["step_ends"]
            b.expect.append({"priority": {"step": "main1"}} if not ends else
                            {"priority": {"step": "begin_combat"}})
        elif "resolves" in out and isinstance(out["resolves"], bool):
            if stack == "empty":
                raise Skip("the stack is stated empty: no object to resolve")
            inst = _instant(cards, 1)
            b.label = f"both players pass in succession in {_TURN[active]} main phase, {inst} on the stack"
            b.add(active, "hand", inst)
            b.actions += [{"cast": inst, "by": active}, {"pass": 2}]
            gained = 1 if out["resolves"] else 0
            b.expect += [{"stack": {"n": 1 - gained}}, {"life_change": {active: gained}}]
        else:
            raise Skip(f"the claim does not say what happens ({compact(out)})")
        readings.append(b.build())
    return readings
