"""``legend_rule`` claims (CR 704.5j): two permanents on the battlefield as the claim describes them (the same
or different names, both legendary, one player or two controlling them, indestructible 702.12b), the
state-based actions run, and the claim's outcome checked — the rule applies: one of the same name stays, the
other is in its owner's graveyard; it does not: both stay.

A described permanent is one stand-in (:mod:`engine.crosscheck.standins`); two with different names are that
stand-in and a copy of its description with another label (same characteristics, another name), added to the
claim's own stand-in table.  What cannot be staged is said: two objects of one name with different
supertypes or card types, a regeneration shield placed on both before the rule is checked."""
from __future__ import annotations

from extractor.facts import Claim

from .builder import Builder, compact
from .cards import Cards
from .registry import Reading, Skip
from .standins import StandinTable, standin_card


def _other_named(cards: Cards, name: str) -> str:
    """A stand-in with the same characteristics as ``name`` and another name (label B)."""
    table = cards.table
    card = table.standins.get(name) if isinstance(table, StandinTable) else None
    if card is None or not card.desc:
        raise Skip(f"no second permanent with another name than {name} and the same characteristics can be made")
    desc = {**card.desc, "label": "B" if card.desc.get("label") != "B" else "C"}
    other = standin_card(desc)
    table.standins.setdefault(other.name, other)
    return other.name


def _syn_legend_rule(claim: Claim, cards: Cards) -> list[Reading]:
    sit = claim.situation or {}
    out = claim.outcome or {}
    if "applies" not in out:
        raise Skip(f"the claim does not say whether the legend rule applies ({compact(out)})")
    applies = bool(out["applies"])
    if sit.get("legendary") == "one":
        raise Skip("two permanents of one name, only one legendary: a stand-in pair with one name and different "
                   "supertypes cannot be staged")
    if sit.get("shields"):
        raise Skip(f"a {'/'.join(sit['shields'])} shield on each permanent before the legend rule is checked "
                   "cannot be staged")
    if sit.get("objects"):
        first, second = (cards.name(str(x)) for x in sit["objects"][:2])
    else:
        obj = sit.get("object")
        if not obj:
            raise Skip("the claim does not name or describe the permanents")
        first = cards.name(str(obj))
        names = sit.get("names")
        if names == "same":
            second = first
        elif names == "different":
            second = _other_named(cards, first)
        else:
            raise Skip("the claim does not say whether the permanents have the same name")
    for n in {first, second}:
        # a named card is a fact (two of a nonlegendary card both stay: the rule does not apply to them, 704.5j);
        # a description without the supertype is no statement about the rule
        if "Legendary" not in cards.card(n).supertypes and getattr(cards.card(n), "desc", None) is not None:
            raise Skip(f"{n} is not legendary")
    ctl = sit.get("controllers")
    owners = [("you", "you")] if ctl == "same" else [("you", "opponent")] if ctl == "different" else \
        [("you", "you"), ("you", "opponent")]           # who controls them is open: each is a reading
    readings = []
    for a, b_ in owners:
        # the rule applies to permanents of different names: which one goes is not stated, each is a reading
        # (both fail: contradicted; one holds: the readings disagree, never confirmed)
        gone = [first, second] if applies and first != second else [None]
        for g in gone:
            b = Builder(claim, f"{first} and {second}, controlled by {a}" + (f" and {b_}" if b_ != a else "")
                        + (f", {g} put into the graveyard" if g else ""), cards)
            b.rules = ["704.5j", "704.3"]
            b.add(a, "battlefield", first)
            b.add(b_, "battlefield", second)
            b.actions = [{"resolve": "all"}]
            if applies and first == second:
                b.expect += [{"count": {"zone": "battlefield", "card": first, "n": 1}},
                             {"count": {"zone": "graveyard", "card": first, "n": 1}}]
            elif applies:
                b.expect.append({"zone": {"card": g, "zone": "graveyard"}})
            elif first == second:
                b.expect.append({"count": {"zone": "battlefield", "card": first, "n": 2}})
            else:
                b.expect += [{"zone": {"card": first, "zone": "battlefield"}},
                             {"zone": {"card": second, "zone": "battlefield"}}]
            readings.append(b.build())
    return readings
