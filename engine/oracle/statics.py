"""Static abilities (604) and replacement effects (614): "Creatures you control get +1/+1", "Enchanted creature
gets +2/+2 and has flying", "~ enters the battlefield tapped", "As long as …, ~ has …", "~ can't block" …"""
from __future__ import annotations

import pyparsing as pp

from extractor.shapes import anthem_statics

from .base import MANA_COST, NUM, SIGNED_PT, V, W, choice, guard
from .effects import COUNTER_KIND, _KW_LIST
from .filters import OBJECT, SET, SET_BARE
from .quantities import FOR_EACH, REFS
from .costs import COST
from .triggers import CONDITION
from .cast_limits import CAST_ONLY

_GETS, _HAS = W("gets", "get"), W("has", "have")
_SELF = pp.Literal("~").set_parse_action(lambda: [{"self": True}])
_WHO = _SELF | (SET | SET_BARE).copy().add_parse_action(lambda t: [t[0]["each"]])


def _anthem(t):
    return [anthem_statics(t[0], t[1])]


_BODY = ((_GETS + SIGNED_PT + W("and") + _HAS + _KW_LIST).set_parse_action(lambda t: [{"pt": t[0], "grant": t[1]}]) |
         (_GETS + SIGNED_PT).set_parse_action(lambda t: [{"pt": t[0]}]) |
         (_HAS + _KW_LIST).set_parse_action(lambda t: [{"grant": t[0]}]))
ANTHEM = (_WHO + _BODY).set_parse_action(_anthem)
_HOST = choice({"enchanted creature": "enchanted", "enchanted permanent": "enchanted", "enchanted land": "enchanted",
                "enchanted artifact": "enchanted", "equipped creature": "equipped"})
ATTACHED = (_HOST + _BODY).set_parse_action(lambda t: [[{t[0]: t[1]}]])
_RESTRICT = {"can't block": "cant_block", "can't be blocked": "unblockable", "can't attack": "cant_attack",
             "can't attack or block": "cant_attack_or_block", "attacks each combat if able": "attacks_each_combat",
             "can't be countered": "cant_be_countered", "blocks each combat if able": "blocks_each_combat",
             "can block an additional creature each combat": "extra_block",
             "doesn't untap during your untap step": "doesnt_untap",
             "doesn't untap during its controller's untap step": "doesnt_untap",
             "can't attack alone": "cant_attack_alone", "can't block alone": "cant_block_alone",
             "can block only creatures with flying": "block_only_flyers",
             "can't be blocked except by two or more creatures": "menace",
             "can't be the target of spells or abilities your opponents control": "hexproof",
             "can't be blocked by more than one creature": "max_one_blocker",
             "attacks or blocks each combat if able": "attacks_blocks_each_combat",
             "can't be blocked by creatures with power 2 or less": "unblockable_by_power_2_or_less",
             "can attack as though it didn't have defender": "ignore_defender",
             "can block any number of creatures": "block_any_number",
             # group S (509.1b/509.1c, engine/game/mechanics/restrictions.py)
             "can't be blocked except by three or more creatures": "min_three_blockers",
             "must be blocked if able": "must_be_blocked", "can't block and can't be blocked": ["cant_block", "unblockable"],
             "can't attack or block alone": ["cant_attack_alone", "cant_block_alone"],
             "can't attack or block, and its activated abilities can't be activated": ["cant_attack_or_block",
                                                                                         "no_activated_abilities"],
             **{f"can't attack unless defending player controls {a} {t}": f"cant_attack_unless_defender_{t}"
                for a, t in (("an", "island"), ("a", "swamp"), ("a", "mountain"), ("a", "forest"), ("a", "plains"))}}
def _kws(v) -> list:
    return list(v) if isinstance(v, list) else [v]


RESTRICT = (pp.Literal("~").suppress() + choice(_RESTRICT)).set_parse_action(lambda t: [{"keywords": _kws(t[0])}])
HOST_RESTRICT = (_HOST + choice(_RESTRICT)).set_parse_action(lambda t: [[{t[0]: {"grant": _kws(t[1])}}]])
_ENTERS = W("~ enters the battlefield", "~ enters")
ENTERS_TAPPED = (_ENTERS + W("tapped")).set_parse_action(lambda: [{"enters_tapped": True}])
ENTERS_TAPPED_UNLESS = (_ENTERS + W("tapped unless") + CONDITION).set_parse_action(
    lambda t: [{"enters_tapped": {"unless": t[0]}}])
SHOCK = (W("as ~ enters the battlefield, you may pay", "as ~ enters, you may pay") + NUM + W("life. if you don't,") +
         W("it enters the battlefield tapped", "it enters tapped")).set_parse_action(
    lambda t: [{"enters_tapped": {"unless_pay_life": t[0]}}])
def copy_filter(obj) -> dict:
    """707.9: what may be copied — a permanent, or a card in the zone the text names ("any creature card in a
    graveyard": the filter keeps ``zone``)."""
    zone = obj.get("zone")
    return dict(obj["filter"], zone=zone) if zone not in (None, "battlefield") else obj["filter"]


ENTERS_COPY = (W("you may have ~ enter the battlefield as a copy of", "you may have ~ enter as a copy of") +
               W("any", "a") + OBJECT).set_parse_action(
    lambda t: [[{"enters_as_copy": {"filter": copy_filter(t[0]), "may": True}}]])
ENTERS_COUNTERS = (_ENTERS + W("with") + NUM + COUNTER_KIND + W("counters on it", "counter on it")).set_parse_action(
    lambda t: [{"enters_with_counters": {t[1]: t[0]}}])
ENTERS_COUNTERS_EACH = (_ENTERS + W("with") + NUM + COUNTER_KIND + W("counters on it", "counter on it") + FOR_EACH
                        ).set_parse_action(lambda t: [{"enters_with_counters": {t[1]: dict(t[2], times=t[0])
                                                                                 if t[0] != 1 else t[2]}}])
# 702.33d: "if ~ was kicked, it enters with N counters on it (and with KEYWORD)" — the keyword is the permanent's
# while it was kicked (a layer-6 grant conditioned on the kicked status it keeps from the stack)
KICKED_COUNTERS = (W("if ~ was kicked, it enters the battlefield with", "if ~ was kicked, it enters with") + NUM +
                   COUNTER_KIND + W("counters on it", "counter on it") + pp.Opt(W("and with") + _KW_LIST)
                   ).set_parse_action(lambda t: [[{"enters_with_counters": {t[1]: t[0]}, "if": {"kicked": True}}] + (
                       [{"layer": 6, "affected": {"self": True}, "grant": t[2], "if": {"kicked": True}}]
                       if len(t) > 2 else [])])
ENTERS_CHOICE = (W("as ~ enters the battlefield, choose", "as ~ enters, choose") + choice(
    {"a color": "color", "a creature type": "creature_type", "an opponent": "opponent", "a card type": "card_type",
     "a player": "player", "a basic land type": "basic_land_type", "a card name": "card_name",
     "a nonland card name": "card_name", "a creature card name": "card_name"})
) .set_parse_action(lambda t: [{"enters_choice": t[0]}])
PER = (pp.Literal("~").suppress() + _GETS + SIGNED_PT + FOR_EACH).set_parse_action(
    lambda t: [[{"layer": "7c", "affected": {"self": True}, "pt_per": {"pt": t[0], "count": t[1]}}]])
_REPLACE = choice({"if ~ would be put into a graveyard from anywhere, exile it instead": {"graveyard_to_exile": "self"},
                   "if ~ would die, exile it instead": {"graveyard_to_exile": "dies"},
                   "prevent all damage that would be dealt to ~": {"prevent_damage_to": {"self": True}},
                   "prevent all combat damage that would be dealt to ~": {"prevent_combat_damage_to": {"self": True}},
                   "prevent all combat damage that would be dealt to and dealt by ~": {"fog_self": True},
                   "you may play lands from your graveyard": {"play_lands_from_graveyard": True},
                   "your opponents can't gain life": {"no_life_gain": "opponents"},
                   "players can't gain life": {"no_life_gain": "all"},
                   "you have hexproof": {"player_hexproof": True}, "you have shroud": {"player_shroud": True},
                   "you control enchanted creature": {"control_enchanted": True},
                   "you control enchanted permanent": {"control_enchanted": True},
                   "you may look at the top card of your library any time": {"look_at_top": True},
                   "play with the top card of your library revealed": {"top_revealed": True},
                   "you may choose not to untap ~ during your untap step": {"may_not_untap": True},
                   "~ can't be countered": {"cant_be_countered": True},
                   "damage that would reduce your life total to less than 1 reduces it to 1 instead": {"life_floor": 1},
                   "you can't lose the game": {"cant_lose": True},
                   "all creatures able to block ~ do so": {"keywords": ["all_must_block"]},     # 509.1c
                   "skip your draw step": {"skip_step": "draw"},                                 # 614.1b
                   "you have no maximum hand size": {"no_max_hand_size": "you"},                 # 402.2
                   "players have no maximum hand size": {"no_max_hand_size": "all"},
                   # doubling (614.1a, 616.1; engine/game/mechanics/doubling.py)
                   "if an effect would create one or more tokens under your control, it creates twice that many of "
                   "those tokens instead": {"token_multiplier": 2},
                   "if you would gain life, you gain twice that much life instead": {"life_gain_multiplier": 2},
                   "if an effect would put one or more counters on a permanent you control, it puts twice that many "
                   "of those counters on that permanent instead": {"counter_multiplier": 2}, "your opponents can't win the game": {"cant_win": "opponents"}})
REPLACE = _REPLACE.copy().add_parse_action(lambda t: [[t[0]]])
FLASH_FOR = (W("you may cast") + OBJECT + W("as though they had flash")).set_parse_action(guard(
    lambda t: t[0]["kind"] == "spell", lambda t: [[{"flash_for": t[0]["filter"]}]]))
# "creature spells can't be cast" (601.3, 101.2): a prohibition on casting (engine/game/mechanics/cast_prohibition.py)
CANT_CAST = (OBJECT + W("can't be cast")).set_parse_action(guard(
    lambda t: t[0]["kind"] == "spell", lambda t: [[{"cant_cast": t[0]["filter"]}]]))
_MORE_LESS = choice({"less": "less", "more": "more"})
_CASTER = choice({"you cast": {"controller": "you"}, "your opponents cast": {"controller": "opponent"}})
COST_MOD = (OBJECT + pp.Opt(_CASTER, default={}) + W("cost") + pp.Regex(r"\{\d+\}") + _MORE_LESS + W("to cast")
            ).set_parse_action(guard(
                lambda t: t[0]["kind"] == "spell" and not (t[1] and "controller" in t[0]["filter"]),
                lambda t: [[{"cost_modifier": {"filter": dict(t[0]["filter"], **t[1]),
                                               "generic": int(t[2][1:-1]) * (1 if t[3] == "more" else -1)}}]]))
_SELF_COST = W("~ costs") + MANA_COST + _MORE_LESS + W("to cast")
SELF_COST_MOD = (_SELF_COST + FOR_EACH).set_parse_action(
    lambda t: [[{"cost_modifier": {"self": True, t[1]: t[0], "per": t[2]}}]]) | \
    (_SELF_COST + W("if") + CONDITION).set_parse_action(
        lambda t: [[{"cost_modifier": {"self": True, t[1]: t[0], "if": t[2]}}]])
ALT_COST = (pp.Opt((W("if") + CONDITION + pp.Literal(",").suppress()).set_parse_action(lambda t: [{"if": t[0]}])) +
            W("you may") + COST + W("rather than pay ~'s mana cost", "rather than pay this spell's mana cost")
            ).set_parse_action(lambda t: [[{"alternative_cost": dict(t[-1], **(t[0] if len(t) > 1 else {}))}]])
POWER_CDA = (W("~'s power is equal to the number of") + OBJECT).set_parse_action(
    lambda t: [{"pt_cda": {"power": {"count": dict(t[0]["filter"], **({"zone": t[0]["zone"]} if t[0].get("zone") else {}))}}}])
CDA = (W("~'s power and toughness are each equal to") + (
    V("the number of creature cards in all graveyards", "creature_cards_in_graveyards") |
    choice({k: v for k, v in REFS.items() if not k.startswith("the number of")}) |
    (W("the number of") + OBJECT).set_parse_action(lambda t: [{"count": dict(t[0]["filter"], **(
        {"zone": t[0]["zone"]} if t[0].get("zone") else {}))}]))).set_parse_action(lambda t: [{"pt_cda": t[0]}])


_COLOR_NAMES = pp.Regex("white|blue|black|red|green")
_DEVOTION_COLORS = (_COLOR_NAMES + pp.Opt(W("and") + _COLOR_NAMES)).set_parse_action(
    lambda t: ["".join({"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}[c] for c in t)])
GOD = (W("as long as your devotion to") + _DEVOTION_COLORS + W("is less than") + NUM + W(", ~ isn't a creature")
       ).set_parse_action(lambda t: [[{"layer": 4, "self_only": True,
                                       "not_creature_unless_devotion": {"color": t[0], "n": t[1]}}]])


def _as_long_as(t):
    cond, body = t[0], t[1]
    items = body if isinstance(body, list) else [body]
    out = []
    for s in items:
        if isinstance(s, dict) and "keywords" in s:
            out.append({"layer": 6, "affected": {"self": True}, "grant": s["keywords"], "if": cond})
        else:
            out.append(dict(s, **{"if": cond}))
    return [out]


_BODIES = ATTACHED | HOST_RESTRICT | PER | ANTHEM | RESTRICT
AS_LONG_AS = (W("as long as") + CONDITION + pp.Literal(",").suppress() + _BODIES).set_parse_action(_as_long_as) | \
    (_BODIES + W("as long as") + CONDITION).set_parse_action(lambda t: _as_long_as([t[1], t[0]]))
# "~ can't attack unless CONDITION" (508.1c/509.1b restrictions): the restriction applies as long as the condition
# is false (611.3), the condition read continuously
RESTRICT_UNLESS = (RESTRICT + W("unless") + CONDITION).set_parse_action(lambda t: _as_long_as([{"not": t[1]}, t[0]]))
STATIC = (GOD | SHOCK | AS_LONG_AS | RESTRICT_UNLESS | ENTERS_TAPPED_UNLESS | ENTERS_TAPPED | ENTERS_COPY | ENTERS_COUNTERS_EACH | ENTERS_COUNTERS | KICKED_COUNTERS |
          ENTERS_CHOICE | REPLACE |
          FLASH_FOR | CANT_CAST | SELF_COST_MOD | COST_MOD | ALT_COST | CAST_ONLY | POWER_CDA | CDA | ATTACHED | HOST_RESTRICT | PER | ANTHEM | RESTRICT) + pp.Opt(pp.Literal(".")).suppress()
