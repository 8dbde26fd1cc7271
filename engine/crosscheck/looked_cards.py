"""``looked_cards``: where the cards a keyword action looks at may go — scry (701.22a: any number on the bottom
of the library, the rest on top) and surveil (701.25a: any number into the graveyard, the rest on top).

Staged: your library of N + 2 distinct vanilla cards (N the stated number, else readings 2 and 3), a stand-in
sorcery that does only the action, cast and resolved with one of the action's answers queued — the cards it
moves (701.22a ``scry: {bottom}``, 701.25a ``surveil: {graveyard}``), every subset of the looked-at cards in
turn.  The arrangement the claim states is made concrete on those cards (all: each of them; some / any: the
first one; the rest: the others) and checked with the ``library`` expectation.
- ``can: true``: holds when some answer of the engine gives it — the reading is that answer; when none does,
  every answer is a reading (each shows the arrangement it gives instead).
- ``can: false``: every answer is a reading and none may give it (the kind's ``require_all``).
- ``ordered`` (「望む順番で」, 701.22a / 701.25a "in any order"): the cards of those places are put there in the
  reverse of the library's order (the answer's ``top`` order, the ``bottom`` list's order) and checked exactly.
"""
from __future__ import annotations

from itertools import combinations

from extractor.facts import Claim

from ..behaviours import Behaviour
from .builder import Builder, compact, flag
from .cards import Cards
from .damage_rules import vanilla_creature
from .registry import Reading, Skip
from .standins import StandinCard, overlay

# the answer each action asks of its controller and where that answer puts the cards it names
_ANSWER = {"scry": ("bottom", "701.22a"), "surveil": ("graveyard", "701.25a")}
_PLACES = ("top", "bottom", "graveyard")


def _arrangements(claim: Claim) -> tuple[str, list[list[dict]]]:
    """The action and the arrangements the claim states: ``parts``, or ``arrangements`` (several, each possible —
    one statement 「…置いても、…置いても構わない」「上か下に置ける」: every one must hold)."""
    sit = claim.situation or {}
    several = sit.get("arrangements")
    if several is None:
        return _parts(sit.get("action"), sit.get("parts"))[0], [sit.get("parts")]
    if not isinstance(several, list) or not several or sit.get("parts") is not None:
        raise Skip(f"the claim does not say which looked-at cards go where ({compact(several)})")
    return sit.get("action"), [_parts(sit.get("action"), parts)[1] for parts in several]


def _parts(action, parts) -> tuple[str, list[dict]]:
    if action not in _ANSWER:
        raise Skip(f"the claim's keyword action is not one the check stages ({compact(action)}: scry, surveil)")
    if not isinstance(parts, list) or not parts or not all(
            isinstance(p, dict) and p.get("to") in _PLACES and p.get("cards") in ("all", "some", "any", "rest")
            for p in parts):
        raise Skip(f"the claim does not say which looked-at cards go where ({compact(parts)})")
    if any(p["cards"] == "rest" for p in parts[:1]) or len(parts) > 1 and any(p["cards"] == "all" for p in parts):
        raise Skip(f"the parts of the arrangement do not divide the looked-at cards ({compact(parts)})")
    return action, parts


def _arrangement(parts: list[dict], looked: list[str]) -> dict[str, list[str]]:
    """The stated arrangement on these cards: all → each of them; some / any → the first not yet placed; the
    rest → every card not placed by an earlier part."""
    where: dict[str, list[str]] = {}
    free = list(looked)
    for p in parts:
        take = free if p["cards"] in ("all", "rest") else free[:1]
        if not take:
            raise Skip("the stated parts leave no looked-at card for a later part")
        where.setdefault(p["to"], []).extend(take)
        free = [c for c in free if c not in take]
    if any(p["cards"] == "some" for p in parts) and not free and len(parts) == 1:
        raise Skip("「一部」 with one looked-at card is all of them")
    return where


def _spell(cards: Cards, action: str, n: int) -> str:
    spec = {"spell": {"effects": [{action: n}]}}
    return overlay(cards, StandinCard(name=f"Stand-in sorcery: {action} {n}", types=["Sorcery"], has_text=False,
                                      desc={}, behaviour=Behaviour("<stand-in>", spec)))


def _syn_looked_cards(claim: Claim, cards: Cards) -> list[Reading]:
    action, arrangements = _arrangements(claim)
    can = flag((claim.outcome or {}).get("can"))
    if can is None:
        raise Skip("the claim does not say whether the arrangement can be made")
    if len(arrangements) > 1 and not can:
        raise Skip("a denial of several arrangements at once does not say which cannot be made")
    n = (claim.situation or {}).get("n")
    if n is not None and (not isinstance(n, int) or not 1 <= n <= 5):
        raise Skip(f"the number of cards looked at is not one the check stages ({compact(n)})")
    readings: list[Reading] = []
    for parts in arrangements:
        readings += _readings(claim, cards, action, parts, can, n)
    return readings


def _readings(claim: Claim, cards: Cards, action: str, parts: list[dict], can: bool, n: int | None) -> list[Reading]:
    """One arrangement: the answer that gives it (can), or every answer (none gives it / a denial)."""
    key, rule = _ANSWER[action]
    ordered = _ordered(claim, parts, can)
    readings: list[Reading] = []
    for size in [n] if n else [2, 3]:
        library = [vanilla_creature(cards, f"{i}/{i}", role="library") for i in range(1, size + 3)]
        looked = library[:size]
        where = _arrangement(parts, looked)
        # 「望む順番で」 (701.22a / 701.25a "in any order"): the stated places in an order the player chose — the
        # reverse of the library's — exactly
        where = {d: list(reversed(cs)) if d in ordered else cs for d, cs in where.items()}
        want = {"library": {"player": "you", **where, "value": can, **({"ordered": ordered} if ordered else {})}}
        spell = _spell(cards, action, size)

        def build(moved: tuple[str, ...]) -> Reading:
            b = Builder(claim, f"{action} {size}, the answer puts {list(moved) or 'none'} {'on the bottom' if key == 'bottom' else 'into the graveyard'}"
                        + (f", {' and '.join(ordered)} in reverse order" if ordered else ""), cards)
            b.rules = [rule]
            for c in library:
                b.add("you", "library", c)
            b.add("you", "hand", spell)
            answer: dict = {key: list(reversed(moved)) if key in ordered else list(moved)}
            if "top" in ordered:
                answer["top"] = list(reversed([c for c in looked if c not in moved]))
            b.actions += [{"choose": {action: answer}}, {"cast": spell}, {"resolve": "all"}]
            b.expect = [dict(want)]
            return b.build()

        answers = [m for k in range(size + 1) for m in combinations(looked, k)]
        if can:
            probe = {**want, "library": {**want["library"], "value": True}}
            hit = None
            for m in answers:
                sc = build(m).scenario
                checks = cards.probe({**sc, "expect": [probe]})
                if checks and checks[-1].get("ok"):
                    hit = m
                    break
            readings += [build(hit)] if hit is not None else [build(m) for m in answers]
        else:
            readings += [build(m) for m in answers]
    return readings


def _ordered(claim: Claim, parts: list[dict], can: bool) -> list[str]:
    """The places whose order the claim states the player chooses (situation ``ordered``: top / bottom): checked
    only when the parts divide every looked-at card (all, or a part and the rest) and the claim says it can."""
    ordered = (claim.situation or {}).get("ordered") or []
    if not ordered:
        return []
    if not isinstance(ordered, list) or not set(ordered) <= {"top", "bottom"}:
        raise Skip(f"the claim states an order the check does not stage ({compact(ordered)})")
    if not can or not (parts[0]["cards"] == "all" or parts[-1]["cards"] == "rest"):
        raise Skip("an order is checked only of an arrangement that places every looked-at card, as possible")
    return [d for d in ("top", "bottom") if d in ordered]


def _cannot(claim: Claim) -> bool:
    """A denial holds only when no answer of the action gives the arrangement: every answer must hold; several
    arrangements stated possible hold only when each is (its answer, or every answer failing, is a reading)."""
    return flag((claim.outcome or {}).get("can"), True) is False or bool((claim.situation or {}).get("arrangements"))
