"""Keyword lines (702): "Flying, vigilance", "Ward {2}", "Protection from red", "Bestow {3}{W}", "Equip {2}",
"Enchant creature you control", "Crew 3", "Cumulative upkeep {1}" … → behaviour keys."""
from __future__ import annotations

import pyparsing as pp

from extractor.shapes import merge_keyword_items

from .base import MANA_COST, NUM_ONLY, W, choice
from .filters import OBJECT, SIMPLE_KEYWORD
from .vocab import COLORS, COST_KEYWORDS, NUMBER_KEYWORDS


_PROT_ITEM = choice({**{c: {"colors": l} for c, l in COLORS.items()},
                     "everything": {"everything": True}, "all colors": {"colors": "WUBRG"},
                     "the chosen color": {"colors": "chosen"}, "each color": {"colors": "WUBRG"},
                     "multicolored": {"multicolored": True}, "monocolored": {"monocolored": True},
                     "colorless": {"colorless": True}, "the chosen player": {"player": "chosen"},
                     "each of your opponents": {"player": "opponents"}}) | \
    OBJECT.copy().add_parse_action(lambda t: [t[0]["filter"]])
PROTECTION = (W("protection from") + _PROT_ITEM + pp.ZeroOrMore(W("and from", ", from", "and") + _PROT_ITEM)
              ).set_parse_action(lambda t: [{"protection": list(t)}])
HEXPROOF_FROM = (W("hexproof from") + _PROT_ITEM + pp.ZeroOrMore(W("and from") + _PROT_ITEM)).set_parse_action(
    lambda t: [{"hexproof_from": list(t)}])
def _enchant(obj) -> dict:
    """303.4a: what the Aura can enchant; a card in a graveyard (Animate Dead) keeps its zone — the engine's
    ``graveyard_or_linked``; any other zone stays a ``zone`` the engine's Aura targeting does not reach."""
    zone = obj.get("zone")
    if not zone:
        return obj["filter"]
    return dict(obj["filter"], **({"graveyard_or_linked": True} if zone == "graveyard" else {"zone": zone}))


ENCHANT = (W("enchant") + OBJECT).set_parse_action(lambda t: [{"enchant": _enchant(t[0])}]) | \
    (W("enchant") + choice({"player": {"player": True}, "opponent": {"player": "opponent"}})).set_parse_action(
        lambda t: [{"enchant": t[0]}])
_COST_KW = choice({k: k.replace(" ", "_") for k in COST_KEYWORDS})
_NUM_KW = choice({k: k.replace(" ", "_") for k in NUMBER_KEYWORDS})
COST_KEYWORD = (_COST_KW + (MANA_COST | pp.Regex(r"\{0\}").set_parse_action(lambda: ["{0}"]))).set_parse_action(
    lambda t: [{t[0]: t[1]}])
NUMBER_KEYWORD = (_NUM_KW + NUM_ONLY).set_parse_action(lambda t: [{t[0]: t[1]}])
WARD_LIFE = (W("ward—pay") + NUM_ONLY + W("life")).set_parse_action(lambda t: [{"ward": f"life:{t[0]}"}])
SIMPLE_ITEM = SIMPLE_KEYWORD.copy().add_parse_action(lambda t: [{"keywords": [t[0]]}])
ESCAPE = (W("escape—") + MANA_COST + W(", exile") + NUM_ONLY + W("other cards from your graveyard")).set_parse_action(
    lambda t: [{"escape": {"cost": t[0], "exile_from_graveyard": t[1]}}])
AFFINITY = (W("affinity for") + OBJECT).set_parse_action(lambda t: [{"affinity": t[0]["filter"]}])
SUSPEND = (W("suspend") + NUM_ONLY + W("—") + MANA_COST).set_parse_action(
    lambda t: [{"suspend": {"time": t[0], "cost": t[1]}}])
# "Kicker—Sacrifice a land", "Flashback—{1}{G}, Pay 3 life", "Cycling—Pay 2 life": a keyword whose cost is not (only)
# mana is a cost mapping (`cost` its mana part; engine/game/mechanics/keyword_costs.py pays the rest)
_NONMANA_KW = pp.Regex(r"(kicker|flashback|cycling|cumulative upkeep)—").set_parse_action(
    lambda t: [t[0][:-1].replace(" ", "_")])
COST_FORWARD = pp.Forward()          # costs.COST (set there: costs.py imports the effects grammar, which imports this)
KEYWORD_COST = (_NONMANA_KW + COST_FORWARD).set_parse_action(lambda t: [{t[0]: t[1]}])
KICKER_AND_OR = (W("kicker") + MANA_COST + W("and/or") + MANA_COST).set_parse_action(         # 702.33c
    lambda t: [{"kicker": [t[0], t[1]]}])
ITEM = KICKER_AND_OR | KEYWORD_COST | SUSPEND | ESCAPE | AFFINITY | PROTECTION | HEXPROOF_FROM | ENCHANT | COST_KEYWORD | NUMBER_KEYWORD | WARD_LIFE | SIMPLE_ITEM


def _merge(s, loc, t):
    try:
        return [merge_keyword_items(t)]
    except ValueError as e:
        raise pp.ParseException(s, loc, str(e)) from None


KEYWORD_LINE = (ITEM + pp.ZeroOrMore(W(",", ";") + ITEM) + pp.Opt(pp.Literal(".").suppress())).set_parse_action(_merge)
