"""More trigger conditions (603.1, 603.8) as tables: "whenever you cast your second spell each turn", "whenever a
creature attacks you or a planeswalker you control", "when you control no Islands" (a state trigger, 603.8),
"this ability triggers only once each turn" → trigger keys (engine/game/mechanics/trigger_events.py)."""
from __future__ import annotations

import re

import pyparsing as pp

from .base import NUM_ONLY, V, W, choice, guard
from .combat_ek import EVENTS as EK_EVENTS
from .filters import OBJECT
from .mana_el import TAPS_FOR_MANA
from .supplementary import CONDITIONS as SUPPLEMENTARY_CONDITIONS, EVENTS as SUPPLEMENTARY_EVENTS

# verb phrases of a subject ("~ enters or leaves the battlefield") → event; merged into triggers._VERB_EVENTS
VERB_EVENTS = {"enters or leaves the battlefield": "enters_or_leaves", "enters the battlefield or leaves the battlefield":
               "enters_or_leaves", "transforms into ~": "transforms",
               "attacks you or a planeswalker you control": "attacks_you", "is tapped for mana": "tapped_for_mana",
               "deals damage to you": "damage_you", "deals combat damage to you": "combat_damage_you"}

_NTH = choice({"cast your second spell each turn": ("you", "cast_second"),
               "casts their second spell each turn": ("opponent", "cast_second")})
_WHO = choice({"you": "you", "an opponent": "opponent", "a player": "each"})


def _nth(t):
    who, (form, event) = t[0], t[1]
    if who != form and not (who == "each" and form == "opponent"):
        raise pp.ParseException("", 0, "the verb does not agree with its subject")
    return [{"event": event, "whose": who}]


SECOND_SPELL = (_WHO + _NTH).set_parse_action(_nth)
# 603.8: "when you control no Islands, sacrifice ~" triggers whenever the state is true
CONTROL_NONE = (W("you control no") + OBJECT).set_parse_action(
    lambda t: [{"event": "state", "if": {"control_none": t[0]["filter"]}}])
DEALT_YOU = V("you're dealt damage", {"event": "damage_you"}) | V("you are dealt damage", {"event": "damage_you"})
EVENTS = SECOND_SPELL | CONTROL_NONE | DEALT_YOU | TAPS_FOR_MANA | SUPPLEMENTARY_EVENTS | EK_EVENTS

# 601.2h: "{G} was spent to cast ~/it", adamant "at least three red mana was spent to cast ~" (mechanics/mana_spent.py)
_SPENT_TO = W("was spent to cast ~", "was spent to cast it")
_COLOR_WORD = choice({"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G", "colorless": "C"})
MANA_SPENT = (pp.Regex(r"(?:\{[wubrgc]\})+") + _SPENT_TO).set_parse_action(
    lambda t: [{"mana_spent": {"color": t[0][1::3].upper()}}]) | \
    (W("at least") + NUM_ONLY + _COLOR_WORD + W("mana") + _SPENT_TO).set_parse_action(
        lambda t: [{"mana_spent": {"color": t[1], "at_least": t[0]}}])
# 119.3: "if you gained N or more life this turn" (the total gained this turn); delirium "there are N or more card
# types among cards in your graveyard" (205.2a; an intervening "if" 603.4, an "as long as" 611.3, "activate only if")
CONDITIONS = (W("you gained") + NUM_ONLY + W("or more life this turn")).set_parse_action(
    lambda t: [{"gained_life_at_least": t[0]}]) | SUPPLEMENTARY_CONDITIONS | \
    (W("there are") + NUM_ONLY + W("or more card types among cards in your graveyard")).set_parse_action(
        lambda t: [{"card_types_in_graveyard_at_least": t[0]}]) | \
    V("~ wasn't kicked", {"kicked": False}) | V("it wasn't kicked", {"kicked": False}) | \
    V("that spell was kicked", {"event_spell_kicked": True}) | \
    V("~ was cast from a graveyard", {"cast_from_graveyard": True}) | \
    V("you cast ~ during your main phase", {"cast_during_main_phase": True}) | \
    V("you cast it during your main phase", {"cast_during_main_phase": True}) | MANA_SPENT

def pair_events(subj: pp.ParserElement) -> pp.ParserElement:
    """Events with a second object, filtered (`other_party`): "~ blocks or becomes blocked by a green or white
    creature", "~ blocks a creature with flying", "~ becomes blocked by one or more …" (509.3a/c)."""
    verb = choice({"blocks or becomes blocked by": "blocks_or_blocked_by_creature", "blocks": "blocks_creature",
                   "becomes blocked by": "blocked_by_creature"})
    det = choice({"a": {}, "an": {}, "one or more": {"batch": True}})
    return (subj + verb + det + OBJECT).set_parse_action(guard(
        lambda t: t[3]["kind"] == "permanent" and "Creature" in (t[3]["filter"].get("types") or []),
        lambda t: [dict(t[0], event=t[1], other_party=t[3]["filter"], **t[2])]))


_ONCE = re.compile(r"\s*this ability triggers only once each turn\.?$")


def once_each_turn(line: str):
    """(the line without "This ability triggers only once each turn.", True) if it ends so (603.2h-like limit
    the engine keeps as `once_per_turn`), else (line, False)."""
    m = _ONCE.search(line)
    return (line[:m.start()].rstrip(), True) if m else (line, False)
