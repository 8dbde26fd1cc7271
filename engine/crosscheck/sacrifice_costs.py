"""``result`` of a permanent sacrificed to pay for its own activated ability: 「《X》を生け贄に捧げると、…」,
「(2),(T),《X》を生け贄に捧げる：…」 (the reader's ``situation.events: [sacrificed]`` with X the subject).

The sacrifice the statement names is the cost of one of X's activated abilities (CR 602.2b: costs are paid as
the ability is activated; 701.17a: to sacrifice is to move it from the battlefield to its owner's graveyard);
what the statement says follows is that ability's effect (608.2).  Which ability the statement means is not
given, so each activated ability of X whose cost sacrifices X itself and whose effects make the kind of change
the statement states (a life change 119.3, tokens 111.1) is one reading: X on your battlefield, the ability
activated, everything resolved, the stated outcome checked.  All readings must agree (a card with two such
abilities that differ is unsimulable).  A card with none is not judged here (``None``: the caller goes on, and
the fidelity check keeps the unstaged sacrifice from being judged); an ability with targets is staged only when
each target is a player and the statement names whose life changes.
"""
from __future__ import annotations

import re
from typing import Callable

from extractor.facts import Claim

from .builder import Builder, compact
from .cards import Cards
from .registry import Reading, Skip

# an outcome field of a ``result`` claim → the effect verbs that make that kind of change
_VERBS = {"life": ("gain_life", "lose_life"), "tokens": ("create_token",)}
# effect words that leave the change open (an option 603.5 / 608.2d, a condition 608.2c, a mode 700.2): the
# statement does not give the answer, so such an ability is not staged
_OPEN = {"may", "if", "unless", "otherwise", "choose", "modes"}
# an activated ability's cost keys that sacrifice the permanent itself (602.2b), and the events they perform (a
# sacrifice of another permanent is not counted: which one the statement means is not known here)
COST_EVENTS = {"sacrifice_self": {"sacrificed", "leaves"}}


def applies(sit: dict) -> bool:
    """The statement's only event is that the card is sacrificed (nothing else is staged here)."""
    events = sit.get("events")
    return isinstance(events, list) and events == ["sacrificed"] and not sit.get("actions")


def _verbs(effects) -> set[str]:
    out: set[str] = set()
    for e in effects or []:
        if isinstance(e, dict):
            out |= set(e)
            for v in e.values():
                if isinstance(v, (dict, list)):
                    out |= _verbs(v if isinstance(v, list) else [v])
    return out


def _fixed(effects) -> bool:
    """Every life or token amount the effects give is a number (not X, 107.3)."""
    for e in effects or []:
        for verb, arg in (e.items() if isinstance(e, dict) else ()):
            if verb in ("gain_life", "lose_life", "create_token"):
                n = arg.get("n", 1) if isinstance(arg, dict) else arg
                if not isinstance(n, int):
                    return False
    return True


def same_cost(ability: dict, cost: dict | None) -> bool:
    """Whether an activated ability's cost has the mana and tap / untap symbols a statement writes out for it
    (``cost`` read by extractor/claims/results.stated_cost; None: the statement gives no cost).  The cost written
    before the colon names which ability the statement means (602.1a), so an ability with another cost is not it."""
    if cost is None:
        return True
    mana = sorted(re.findall(r"\{([^}]+)\}", str(ability.get("cost") or "")))
    return (mana == sorted(cost.get("mana") or []) and bool(ability.get("tap")) == bool(cost.get("tap"))
            and bool(ability.get("untap")) == bool(cost.get("untap")))


def abilities(cards: Cards, source: str, out: dict, cost: dict | None = None) -> list[int]:
    """The 1-based indices of ``source``'s activated abilities that sacrifice it as a cost and make the change
    the outcome states (and, when the statement writes the cost out, have that cost: :func:`same_cost`)."""
    beh = cards.behaviour(source)
    if beh is None:
        return []
    stated = [k for k in _VERBS if out.get(k) not in (None, {}, [])]
    if not stated or set(out) - set(_VERBS):
        return []
    return [i for i, a in enumerate(beh.activated, 1)
            if a.get("sacrifice_self") and all(_verbs(a.get("effects")) & set(_VERBS[k]) for k in stated)
            and same_cost(a, cost)]


def readings(claim: Claim, cards: Cards, source: str, expect: Callable[[Builder], None]) -> list[Reading] | None:
    """One reading per ability :func:`abilities` finds (``expect`` adds the outcome's expectations), or None."""
    out = claim.outcome or {}
    cost = (claim.situation or {}).get("cost")
    found = abilities(cards, source, out, cost)
    if not found and cost is not None:
        raise Skip(f"{source} has no activated ability with the cost the statement writes out "
                   f"({compact(cost)}) that sacrifices it and makes the change stated: not confirmable as stated")
    if not found:
        return None
    beh = cards.behaviour(source)
    life = out.get("life") if isinstance(out.get("life"), dict) else {}
    result = []
    for i in found:
        effects = beh.activated[i - 1].get("effects")
        if _verbs(effects) & _OPEN or not _fixed(effects):
            raise Skip(f"{source}'s ability has an option, a condition or an amount the statement does not give")
        targets = beh.activated[i - 1].get("targets") or []
        if any(t.get("kind") != "player" for t in targets):
            raise Skip(f"{source}'s ability targets something the statement does not name")
        if targets and life.get("player") not in ("you", "opponent"):
            raise Skip(f"{source}'s ability targets a player and the statement does not say which")
        b = Builder(claim, f"{source} sacrificed to activate its ability {i}", cards)
        b.rules = ["602.2b", "701.17a", "608.2"]
        b.add("you", "battlefield", source)
        act: dict = {"activate": source, "ability": i}
        if targets:
            act["targets"] = [life["player"]] * len(targets)
        b.actions += [act, {"resolve": "all"}]
        b.expect.append({"zone": {"card": source, "zone": "graveyard"}})       # the cost was paid (701.17a)
        expect(b)
        result.append(b.build())
    return result
