"""``counters_annihilate``: +1/+1 and -1/-1 counters on one permanent are removed in pairs (CR 704.5q, a
state-based action, 704.3).

A creature on your battlefield has the first stated kind of counter; a stand-in instant puts the second kind on
it, and after it resolves (state-based actions performed) the counters left are checked: ``annihilate: true`` =
as many of each as pairs allow are gone; ``false`` = both kinds stay as put.  ``remaining: {kind, n}`` (「…が
N個残る」) checks the number of that kind left.  Counts the text leaves open are readings (2 and 1, 1 and 1);
a stated count is staged as stated.
"""
from __future__ import annotations

from extractor.facts import Claim

from ..behaviours import Behaviour
from .builder import Builder, compact, flag
from .cards import Cards
from .damage_rules import vanilla_creature
from .registry import Reading, Skip
from .standins import StandinCard, overlay

KINDS = ("+1/+1", "-1/-1")


def _pair(claim: Claim) -> tuple[dict, dict]:
    pair = (claim.situation or {}).get("counters")
    if not isinstance(pair, list) or len(pair) != 2 or not all(isinstance(c, dict) for c in pair) \
            or sorted(str(c.get("kind")) for c in pair) != sorted(KINDS):
        raise Skip(f"the claim does not name one +1/+1 and one -1/-1 counter ({compact(pair)})")
    for c in pair:
        if c.get("n") is not None and (not isinstance(c["n"], int) or c["n"] < 1):
            raise Skip(f"the number of {c['kind']} counters is not a count ({compact(c)})")
    return pair[0], pair[1]


def _putter(cards: Cards, kind: str, n: int) -> str:
    """An instant that puts ``n`` counters of ``kind`` on target creature and does nothing else (122.1)."""
    spec = {"spell": {"targets": [{"kind": "creature"}],
                      "effects": [{"put_counters": {"to": "target", "kind": kind, "n": n}}]}}
    return overlay(cards, StandinCard(name=f"Stand-in instant: put {n} {kind} counter(s) on target creature",
                                      types=["Instant"], has_text=False, desc={},
                                      behaviour=Behaviour("<stand-in>", spec)))


def _named_body(cards: Cards, name: str, left: dict, first: str, p: int) -> str:
    """The named card the counters are on (its toughness and abilities are the card's, never a stand-in's): staged
    only when it has no rules text that could act on the counters and it survives them — with the first kind put
    and with the counters left (704.5f would take it away first: what is left on it is then not observable)."""
    name = cards.name(name)
    card = cards.card(name)
    if "Creature" not in (card.types or []):
        raise Skip(f"{name} is not a creature: the counters are checked on a creature")
    if card.has_text:
        raise Skip(f"{name} has rules text of its own, which the counter check does not run beside 704.5q")
    try:
        toughness = int(card.toughness)
    except (TypeError, ValueError):
        raise Skip(f"{name} has no printed toughness") from None
    for state in ({first: p}, left):
        net = state.get("+1/+1", 0) - state.get("-1/-1", 0)
        if toughness + net <= 0:
            raise Skip(f"{name} would have toughness {toughness + net} with {compact(state)}: it leaves (704.5f)")
    return name


def _syn_counters_annihilate(claim: Claim, cards: Cards) -> list[Reading]:
    out = claim.outcome or {}
    first, then = _pair(claim)
    annihilate = flag(out.get("annihilate"))
    remaining = out.get("remaining")
    if annihilate is None and not isinstance(remaining, dict):
        raise Skip(f"the claim does not say what happens to the counters ({compact(out)})")
    if isinstance(remaining, dict) and (remaining.get("kind") not in KINDS or not isinstance(remaining.get("n"), int)):
        raise Skip(f"the counters left are not a kind and a number ({compact(remaining)})")
    stated = first.get("n"), then.get("n")
    if isinstance(remaining, dict) and None in stated:
        raise Skip("the claim says how many counters are left without saying how many were put")
    counts = [stated] if None not in stated else \
        list(dict.fromkeys((stated[0] or a, stated[1] or b) for a, b in ((2, 1), (1, 1))))
    every = flag(out.get("all"))            # 「すべて取り除かれる」: none of either kind left
    named = (claim.situation or {}).get("card")
    readings = []
    for p, m in counts:
        left = {first["kind"]: p, then["kind"]: m}
        if annihilate is not False:          # 704.5q: N pairs removed, N the smaller count
            pairs = min(p, m)
            left = {k: v - pairs for k, v in left.items()}
        minus = (p if first["kind"] == "-1/-1" else 0) + (m if then["kind"] == "-1/-1" else 0)
        body = _named_body(cards, str(named), left if annihilate is not False else {first["kind"]: p, then["kind"]: m},
                           first["kind"], p) if named else \
            vanilla_creature(cards, f"{minus + 2}/{minus + 2}")       # (survives every -1/-1 counter put on it)
        spell = _putter(cards, then["kind"], m)
        b = Builder(claim, f"{named or 'a creature'} with {p} {first['kind']} counter(s) is given {m} {then['kind']}",
                    cards)
        b.rules = ["704.5q", "704.3", "122.1"]
        x = b.add("you", "battlefield", body, opts={"counters": {first["kind"]: p}})[0]
        b.add("you", "hand", spell)
        b.actions += [{"cast": spell, "targets": [x]}, {"resolve": "all"}]
        if every:
            b.expect += [{"counters": {"card": x, "kind": k, "n": 0}} for k in KINDS]
        elif annihilate is not None:
            b.expect += [{"counters": {"card": x, "kind": k, "n": n}} for k, n in left.items()]
        if isinstance(remaining, dict):
            b.expect.append({"counters": {"card": x, "kind": remaining["kind"], "n": remaining["n"]}})
        readings.append(b.build())
    return readings
