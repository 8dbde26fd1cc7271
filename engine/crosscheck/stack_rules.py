"""``resolution_order``: the stack resolves last in, first out (405.5: the top object resolves first; 608.1;
601.2a: a spell cast goes on top of the stack).

Staged: two stand-in instants, each doing only what tells it apart (you gain 1 life, you gain 2 life), are cast
one after the other (the second while the first is on the stack, 117.3c), then one object resolves; the stack
left is checked: the one that has not resolved yet.  ``put`` (first / last) and ``resolves`` (first / last)
say which of the two the claim says resolves first.
"""
from __future__ import annotations

from extractor.facts import Claim

from ..behaviours import Behaviour
from .builder import Builder, compact
from .cards import Cards
from .registry import Reading, Skip
from .standins import StandinCard, overlay


def _instant(cards: Cards, n: int) -> str:
    spec = {"spell": {"effects": [{"gain_life": {"n": n, "player": "you"}}]}}
    return overlay(cards, StandinCard(name=f"Stand-in instant (you gain {n} life)", types=["Instant"],
                                      has_text=False, desc={}, behaviour=Behaviour("<stand-in>", spec)))


def _syn_resolution_order(claim: Claim, cards: Cards) -> list[Reading]:
    sit, out = claim.situation or {}, claim.outcome or {}
    if sit.get("objects") != "spell":
        raise Skip(f"the claim is not about spells on the stack ({compact(sit.get('objects'))})")
    if sit.get("zone") not in (None, "stack"):
        raise Skip(f"the claim is about objects in another zone ({compact(sit.get('zone'))})")
    put, res = sit.get("put"), out.get("resolves")
    if put not in ("first", "last") or res not in ("first", "last"):
        raise Skip(f"the claim does not say which spell resolves when ({compact(put)}, {compact(res)})")
    a, b = _instant(cards, 1), _instant(cards, 2)
    stated = b if put == "last" else a                  # the spell the claim is about
    other = a if stated == b else b
    first = stated if res == "first" else other         # the one the claim says resolves first
    rest = other if first == stated else stated
    bld = Builder(claim, f"cast {a}, then {b} while it is on the stack; one resolves", cards)
    bld.rules = ["405.5", "608.1", "601.2a"]
    bld.add("you", "hand", a)
    bld.add("you", "hand", b)
    bld.actions += [{"cast": a}, {"cast": b}, {"expect": [{"stack": [b, a]}]}, {"resolve": 1}]
    bld.expect = [{"stack": [rest]}]                    # after one resolution, the other is still there
    return [bld.build()]
