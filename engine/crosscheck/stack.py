"""``stack_order``: abilities that trigger together go on the stack APNAP (CR 101.4, 603.3b), or in any
order their controller chooses (``free_order``)."""
from __future__ import annotations

from itertools import permutations

from extractor.facts import Claim

from .builder import Builder, board_of, compact, flag, observe, place_board
from .cards import Cards
from .registry import Reading, Skip


def _syn_stack_order(claim: Claim, cards: Cards) -> list[Reading]:
    """stack_order: abilities triggering together go on the stack APNAP (CR 101.4, 603.3b)."""
    sit, out = claim.situation or {}, claim.outcome or {}
    triggers = [t if isinstance(t, str) else (t.get("source") or t.get("card")) for t in sit.get("triggers") or []]
    triggers = [cards.name(t) for t in triggers if t]
    if len(triggers) < 2:
        raise Skip("the claim does not name the abilities that trigger together")
    first = out.get("first")
    if not first and flag(out.get("free_order"), False) and sit.get("entered"):
        return _syn_free_order(claim, cards)
    if not first:
        raise Skip("'any order' claims need the event that makes the abilities trigger together, which the "
                    f"claim does not give (events: {compact(sit.get('events'))})")
    first = cards.name(first)
    ctl = sit.get("controllers") or {}
    active = [cards.name(x) for x in (ctl.get("active") or ctl.get("you") or [])]
    nonactive = [cards.name(x) for x in (ctl.get("nonactive") or ctl.get("opponent") or [])]
    events = [str(e) for e in sit.get("events") or []]
    if not active or not nonactive:
        raise Skip("the claim does not say who controls which trigger")
    if not {"blocks", "becomes_blocked"} & set(events):     # a block implies the attack it answers (CR 509.1)
        raise Skip(f"the event that makes them trigger together is not staged (events: {compact(events)})")
    b = Builder(claim, "attack and block", cards)
    b.rules = ["603.3b", "101.4"]
    for n in active:
        b.add("you", "battlefield", n)
    for n in nonactive:
        b.add("opponent", "battlefield", n)
    b.actions.append({"attack": active, "defender": "opponent"})
    b.actions.append({"block": {nonactive[i]: active[min(i, len(active) - 1)] for i in range(len(nonactive))}})
    b.actions.append({"advance": {"turn": 1, "step": "combat_damage", "priority": True}})
    order = [t for t in triggers if t != first] + [first]          # top first: the first put is at the bottom
    b.actions.append({"expect": [{"stack": order}]})
    return [b.build()]


def _syn_free_order(claim: Claim, cards: Cards) -> list[Reading]:
    """stack_order ``free_order`` for abilities that trigger as a permanent enters: the stated board, the
    stated card enters under its controller, and the abilities that trigger (observed with the engine) must
    go on the stack in every order their controller chooses (CR 603.3b)."""
    sit = claim.situation or {}
    entered = [cards.name(x) for x in sit.get("entered") or []]
    if len(entered) != 1:
        raise Skip(f"the claim names {len(entered)} entering cards; one is needed")
    card = entered[0]
    board = board_of(sit, cards)
    owner = "opponent" if any(o.name == card for o in board["opponent"]) else "you"

    def build(order: list[str] | None, expect: list[dict], label: str) -> dict:
        b = Builder(claim, label, cards)
        b.rules = ["603.3b"]
        place_board(b, sit, cards, skip=[card])
        b.add(owner, "hand", card)
        if order:
            b.actions.append({"choose": {"order": order}, **({"by": owner} if owner != "you" else {})})
        b.actions.append({"put": {"cards": [card], "zone": "battlefield", "player": owner}})
        b.expect = expect
        return b.build().scenario

    labels = observe(cards, build(None, [{"stack": []}], "as it happens"))[0]
    if not isinstance(labels, list) or len(labels) < 2:
        raise Skip(f"fewer than two abilities trigger when {card} enters with the stated board "
                    f"(stack: {compact(labels)})")
    if len(set(labels)) != len(labels):
        raise Skip(f"the abilities that trigger cannot be told apart: {compact(labels)}")
    named = [cards.name(t if isinstance(t, str) else (t.get("source") or t.get("card")))
             for t in sit.get("triggers") or [] if t]
    sources = {str(lab).split(":")[0].strip() for lab in labels}
    if named and not sources <= set(named):     # (`triggers` are the example's cards: the sources are among them)
        raise Skip(f"the abilities that trigger when {card} enters ({compact(labels)}) are not those of "
                   f"{', '.join(named)}")
    readings = []
    for perm in permutations(reversed(labels)):          # order put on the stack: first put = bottom
        top_first = list(reversed(perm))
        readings.append(Reading(f"{' then '.join(perm)}",
                                build(list(perm), [{"stack": top_first}], f"put {' then '.join(perm)}")))
    return readings


def _every_order(claim: Claim) -> bool:
    """'In any order': every order the controller may choose is a reading, and each must hold (CR 603.3b)."""
    return flag((claim.outcome or {}).get("free_order"), False)
