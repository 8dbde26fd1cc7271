"""Values of clause family EV (issue 21): what "where X is …" (107.3), "equal to …" and "for each …" count, as
data.  ``quantities.py`` tries these before its own references.  A new phrase of a known construction is one
entry of a table; each value names an engine value form (engine/game/mechanics/counted_values.py):

- references to one object (608.2h: last known information): "that creature's toughness", "that spell's mana
  value" — ``toughness:that`` / ``mana_value:that`` bound to the target or event object by ``compile.Binder``
  (never to the source itself: "that creature" after "sacrifice a creature" is left unbound, unhandled);
- player amounts: "the amount of life you gained this turn" (119.3), "the number of opponents you have";
- "the number of <kind> counters on ~" (122.1) — ``{counters_on: {kind, of: self}}`` ("on it": the object
  "it" names, bound like a pronoun, unbound in a static ability: unhandled);
- "the greatest power / toughness / highest mana value among <objects>" — ``{greatest: {of, filter}}``;
- "<objects> that died this turn" (700.4) — ``{died_this_turn: FILTER}``, read as they last existed.
"""
from __future__ import annotations

import pyparsing as pp

from .base import W, choice
from .filters import OBJECT
from .vocab import COUNTER_KINDS

# phrase -> value (references and player amounts)
EV_REFS = {"that creature's toughness": "toughness:that", "that creature's mana value": "mana_value:that",
           "that spell's mana value": "mana_value:that", "that permanent's mana value": "mana_value:that",
           "that artifact's mana value": "mana_value:that",
           "the amount of life you gained this turn": "life_gained:you",
           "the number of card types among cards in all graveyards": "card_types:all",       # 205.2a (domain.py)
           "the number of card types among cards in your graveyard": "card_types:you",
           "the number of opponents you have": "opponents:you"}
# "for each <phrase>" -> value
EV_PER = {"opponent": "opponents:you", "opponent you have": "opponents:you",
          "basic land type among lands you control": "basic_land_types:you",      # domain (207.2c)
          "creature in your party": "party:you",                                   # 700.8
          **{f"{w} attached to ~": {"count": dict(f, attached_to="self")} for w, f in (
              ("aura", {"subtypes": ["Aura"]}), ("equipment", {"subtypes": ["Equipment"]}),
              ("aura and equipment", {"subtypes": ["Aura", "Equipment"]}))}}       # 303.4, 301.5
# "the greatest <what> among" -> the characteristic read
_GREATEST = {"the greatest power among": "power", "the greatest toughness among": "toughness",
             "the highest mana value among": "mana_value", "the greatest mana value among": "mana_value"}

_KIND = pp.Regex(r"[+-]\d+/[+-]\d+") | choice({k: k for k in COUNTER_KINDS})
_ON = choice({"on ~": "self", "on it": {"ref": "it"}})


def _counters(t):
    return [{"counters_on": {"kind": t[0], "of": t[1]}}]


def _zone_filter(obj):
    f = dict(obj["filter"])
    if obj.get("zone"):
        f["zone"] = obj["zone"]
    return f


NUMBER_OF_COUNTERS = (W("the number of") + _KIND + W("counters") + _ON).set_parse_action(_counters)
# 700.4: "creatures that died this turn" — counted from what died, as it last existed (``died_this_turn``)
_DIED = (OBJECT + choice({"that died this turn": {}, "that died under your control this turn": {"controller": "you"}})
         ).set_parse_action(lambda t: [{"died_this_turn": dict(_zone_filter(t[0]), **t[1])}])
GREATEST = (choice(_GREATEST) + OBJECT).set_parse_action(
    lambda t: [{"greatest": {"of": t[0], "filter": _zone_filter(t[1])}}])
EV_VALUE = NUMBER_OF_COUNTERS | GREATEST | (W("the number of") + _DIED) | choice(EV_REFS)
# "for each +1/+1 counter on ~", "for each opponent"
EV_FOR_EACH = (W("for each") + ((_KIND + W("counter") + _ON).set_parse_action(_counters) | _DIED | choice(EV_PER)))
# "draw that many cards": the amount of the triggering event (damage dealt, life gained) — bound by
# ``compile._trigger`` only in a trigger whose event has an amount; anywhere else it stays unhandled
THAT_MANY = choice({"that many": "that_many:amount"})
AMOUNT_EVENTS = frozenset({"combat_damage_player", "dealt_damage", "gain_life", "damage_player", "deals_damage"})
