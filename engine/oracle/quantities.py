"""Quantities: N, X, "that much", "equal to its power", "for each creature you control", "twice X"."""
from __future__ import annotations


import pyparsing as pp

from .base import NUM, W, choice
from .filters import OBJECT, VS_VALUE
from .values_ev import EV_FOR_EACH, EV_VALUE
from .vocab import COLORS

# Values (engine/README.md "Values"): int, power:self, power:target, toughness:self, event:amount; new ones
# are dicts ({count: FILTER}) or "X" (the value paid for X, 107.3).
REFS = {"its power": "power:it", "~'s power": "power:self", "its toughness": "toughness:it",
        "~'s toughness": "toughness:self", "that creature's power": "power:that",
        "the sacrificed creature's power": "power:sacrificed",
        "the sacrificed creature's toughness": "toughness:sacrificed",
        "the sacrificed creature's mana value": "mana_value:sacrificed",
        "its mana value": "mana_value:it", "that card's mana value": "mana_value:it",
        "the damage dealt": "event:amount", "the amount of damage dealt": "event:amount",
        "that damage": "event:amount", "the life lost this way": "lost_this_way:life",
        **{f"your devotion to {c}": f"devotion:{l}" for c, l in COLORS.items()},     # 700.5
        "x": "X", "the amount of mana spent to cast ~": "mana_spent:self",
        "the number of cards in your hand": {"count": {"zone": "hand", "owner": "you"}},
        "the number of cards in your graveyard": {"count": {"zone": "graveyard", "owner": "you"}},
        "your life total": "life:you", "the result": "result:die",
        "the number of creatures in your party": "party:you", "the number of opponents you have": "count:opponents",
        "the number of basic land types among lands you control": "basic_land_types:you",       # domain (207.2c)
        "the number of cards revealed this way": "revealed_this_way:cards",
        "the revealed card's mana value": "mana_value:it"}     # group el (hand_el.py)
_EQUAL_REF = EV_VALUE | choice(REFS)          # family EV's values first (values_ev.py)
_NUMBER_OF = (W("the number of") + OBJECT).set_parse_action(lambda t: [{"count": _zf(t[0])}])
_PLUS_LATE = pp.Forward()
EQUAL_TO = (W("equal to") + (_PLUS_LATE | _NUMBER_OF | _EQUAL_REF)).set_parse_action(lambda t: [t[0]])
# "…, where X is …" (107.3): the same references, "the number of …", "twice the number of …"
_PLUS = ((NUM | _NUMBER_OF | _EQUAL_REF) + pp.OneOrMore(W("plus") + (NUM | _NUMBER_OF | _EQUAL_REF))).set_parse_action(
    lambda t: [{"sum": list(t)}])           # "one plus the number of …" (107.3)
_PLUS_LATE <<= _PLUS
X_IS = _PLUS | _EQUAL_REF | _NUMBER_OF | (W("twice the number of") + OBJECT).set_parse_action(
    lambda t: [{"count": _zf(t[0]), "times": 2}])
VS_VALUE <<= X_IS                  # "with power less than <value>" (filters.py)
FOR_EACH = EV_FOR_EACH | (W("for each") + OBJECT).set_parse_action(lambda t: [{"count": _zf(t[0])}]) | \
    choice({"for each time it was kicked": {"times_kicked": 1},                  # multikicker 702.33c
            "for each time ~ was kicked": {"times_kicked": 1}})
THAT_MUCH = choice({"that much": "event:amount", "twice that much": "twice:event:amount"})


def _zf(obj):
    f = dict(obj["filter"])
    if obj.get("zone"):
        f["zone"] = obj["zone"]
    if obj["kind"] == "spell":
        f["zone"] = "stack"
    return f


AMOUNT = NUM | THAT_MUCH


def times(n, per):
    """"N … for each X" → {count: X, times: N}."""
    if n == 1:
        return per
    if isinstance(per, dict) and set(per) == {"times_kicked"}:  # the multiplier is the form's argument (702.33c)
        return {"times_kicked": n * per["times_kicked"]}
    if isinstance(per, dict) and "count" in per:
        return dict(per, times=n)
    return {"product": [n, per]}          # "two … for each opponent" (a value that is not a count)
