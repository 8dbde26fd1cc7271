"""Trigger conditions (603.1): "When ~ enters the battlefield", "Whenever another creature you control dies",
"At the beginning of your upkeep", "Whenever you cast a noncreature spell", ", if …" (603.4) → trigger keys."""
from __future__ import annotations

import pyparsing as pp

from .base import MANA_COST, NUM_ONLY, V, W, choice, guard, merge
from .filters import OBJECT
from .trigger_events import pair_events, CONDITIONS as MORE_CONDITIONS, EVENTS as MORE_EVENTS, VERB_EVENTS as MORE_VERB_EVENTS

_SELF_SUBJ = pp.Literal("~").set_parse_action(lambda: [{"object": {"self": True}}])
_OTHER_SUBJ = ((V("another", {"other": True}) | V("a", {}) | V("an", {}) |
                V("one or more other", {"other": True, "_batch": True}) | V("one or more", {"_batch": True})) +
               OBJECT).set_parse_action(lambda t: [_subj(t[0], t[1])])


def _subj(det, obj):
    f = dict(obj["filter"])
    if det.get("other"):
        f["other"] = True
    out = {"object": f}
    if det.get("_batch"):
        out["batch"] = True
    return out


_HOST_SUBJ = choice({"enchanted creature": {"object": {"enchanted": True}},
                     "equipped creature": {"object": {"equipped": True}},
                     "enchanted permanent": {"object": {"enchanted": True}},
                     "enchanted land": {"object": {"enchanted": True}},
                     "~ or enchanted creature": {"object": {"self_or_enchanted": True}},
                     "~ or equipped creature": {"object": {"self_or_equipped": True}}})
_SELF_OR = (W("~ or") + _OTHER_SUBJ).set_parse_action(
    lambda t: [dict(t[0], object={"any_of": [{"self": True}, t[0]["object"]]})])
SUBJ = _HOST_SUBJ | _SELF_OR | _SELF_SUBJ | _OTHER_SUBJ
_UNDER = choice({"under your control": {"controller": "you"},
                 "under an opponent's control": {"controller": "opponent"}})


def _with_under(t):
    d = dict(t[0])
    if len(t) > 1:
        d["object"] = dict(d["object"], **t[1])
    return [d]


_ENTERS = (SUBJ + W("enters the battlefield", "enters", "enter the battlefield", "enter") + pp.Opt(_UNDER)).set_parse_action(
    lambda t: [dict(_with_under(t)[0], event="enters")])
_VERB_EVENTS = {"dies": "dies", "is put into a graveyard from the battlefield": "dies_any",
                "attacks": "attacks", "blocks": "blocks", "attacks or blocks": "attacks_or_blocks",
                "becomes blocked": "becomes_blocked", "leaves the battlefield": "leaves",
                "deals combat damage to a player": "combat_damage_player",
                "deals combat damage to a creature": "combat_damage_creature",
                "deals damage to a creature": "damage_creature",
                "blocks or becomes blocked by a creature": "blocks_or_blocked_by_creature",
                "blocks or becomes blocked": "blocks_or_blocked",
                "blocks a creature": "blocks_creature", "becomes blocked by a creature": "blocked_by_creature",
                "deals combat damage to a player or planeswalker": "combat_damage_player_or_planeswalker",
                "deals combat damage to an opponent": "combat_damage_player",
                "deals damage to a player": "damage_player", "deals damage to an opponent": "damage_opponent",
                "deals combat damage": "combat_damage", "deals damage": "deals_damage",
                "is dealt damage": "dealt_damage", "becomes tapped": "becomes_tapped",
                "becomes untapped": "becomes_untapped", "becomes monstrous": "monstrous",
                "is turned face up": "turned_face_up", "attacks alone": "attacks_alone",
                "becomes the target of a spell or ability": "becomes_target",
                "becomes the target of a spell or ability an opponent controls": "becomes_target_opponent",
                "becomes the target of a spell": "becomes_target_spell", "transforms": "transforms",
                "attacks and isn't blocked": "unblocked", "dies or is put into exile from the battlefield":
                    "dies_or_exiled", "enters the battlefield or attacks": "enters_or_attacks",
                "enters or attacks": "enters_or_attacks", "enters the battlefield or dies": "enters_or_dies",
                "becomes the target of a spell or ability you control": "becomes_target_yours",
                "explores": "explores", "exploits a creature": "exploits", "mutates": "mutates", "is exiled": "exiled"}
_VERB_EVENTS.update({"die": "dies", "attack": "attacks", "block": "blocks", "leave the battlefield": "leaves",
                     "deal combat damage to a player": "combat_damage_player", "become tapped": "becomes_tapped",
                     "are put into a graveyard from the battlefield": "dies_any", "become blocked": "becomes_blocked"})
_VERB_EVENTS.update(MORE_VERB_EVENTS)
_VERB = (SUBJ + choice(_VERB_EVENTS)).set_parse_action(lambda t: [dict(t[0], event=t[1])])
_PLAYER_WHO = choice({"you": "you", "an opponent": "opponent", "a player": "each", "each opponent": "opponent",
                      "target opponent": "opponent"})
_CAST = (_PLAYER_WHO + W("cast", "casts") + (
    V("a spell that targets ~", {"targets_self": True}) |           # longer first (ordered choice)
    (W("a", "an", "your first") + OBJECT).set_parse_action(guard(lambda t: t[0]["kind"] == "spell",
                                                                 lambda t: [t[0]["filter"]])) |
    V("~", {"self": True}))).set_parse_action(lambda t: [{"event": "cast", "whose": t[0], "object": t[1]}])
_CAST_COPY = (_PLAYER_WHO + W("cast or copy") + W("a", "an") + OBJECT).set_parse_action(
    guard(lambda t: t[1]["kind"] == "spell", lambda t: [{"event": "cast_or_copy", "whose": t[0], "object": t[1]["filter"]}]))
_PLAYER_EVENTS = {"gain life": "gain_life", "gains life": "gain_life", "draw a card": "draw", "draws a card": "draw",
                  "draw your second card each turn": "draw_second", "lose life": "lose_life", "loses life": "lose_life",
                  "cycle or discard a card": "cycle_or_discard", "discard a card": "discard",
                  "discards a card": "discard", "cycle ~": "cycle_self", "cycle a card": "cycle", "cycles a card": "cycle",
                  "sacrifice a permanent": "sacrifice", "attack": "attack", "attack with one or more creatures": "attack",
                  "sacrifice another permanent": "sacrifice", "attack with one or more creatures": "attack",
                  "attack with two or more creatures": "attack_2", "attack with three or more creatures": "attack_3", "scry": "scry", "surveil": "surveil",
                  "create a token": "create_token", "create one or more tokens": "create_token",
                  "activate an ability that isn't a mana ability": "activate",
                  "roll a die": "roll_die", "expend 4": "expend_4", "commit a crime": "crime"}
_PLAYER_EV = (_PLAYER_WHO + choice(_PLAYER_EVENTS)).set_parse_action(
    lambda t: [{"event": t[1], "whose": t[0]}])
_LANDFALL = (W("a land enters the battlefield under your control", "a land you control enters")
             ).set_parse_action(lambda: [{"event": "enters", "object": {"types": ["Land"], "controller": "you"}}])
_BATTALION = (W("~ and at least") + NUM_ONLY + W("other creatures attack")).set_parse_action(
    lambda t: [{"event": "attacks", "object": {"self": True}, "with_at_least_others": t[0]}])
EVENT = _BATTALION | _LANDFALL | pair_events(SUBJ) | _VERB | _ENTERS | _CAST_COPY | MORE_EVENTS | _CAST | _PLAYER_EV
WHEN = W("whenever", "when") + EVENT

_WHOSE = choice({"your": "you", "each": "each", "each player's": "each", "each opponent's": "opponent",
                 "the": "each", "enchanted player's": "enchanted_player",
                 "enchanted creature's controller's": "enchanted_controller"})
# 303.4: the step of the controller of the permanent the Aura enchants (any permanent type it can enchant)
_UPKEEP_OF = choice({f"the {step} of enchanted {noun}'s controller": {"event": ev, "whose": "enchanted_controller"}
                     for step, ev in (("upkeep", "upkeep"), ("end step", "end_step"), ("draw step", "draw_step"))
                     for noun in ("creature", "permanent", "artifact", "enchantment", "land", "planeswalker")})
_STEP = choice({"upkeep": "upkeep", "end step": "end_step", "draw step": "draw_step",
                "precombat main phase": "main1", "postcombat main phase": "main2", "combat": "begin_combat",
                "end of combat": "end_of_combat", "second main phase": "main2", "first main phase": "main1"})
AT = (W("at the beginning of") + (_UPKEEP_OF | (_WHOSE + _STEP).set_parse_action(lambda t: [{"event": t[1], "whose": t[0]}]) |
                                  (W("combat on your turn")).set_parse_action(
                                      lambda: [{"event": "begin_combat", "whose": "you"}]) |
                                  (W("each combat")).set_parse_action(
                                      lambda: [{"event": "begin_combat", "whose": "each"}]))) | \
    (W("at end of combat")).set_parse_action(lambda: [{"event": "end_of_combat", "whose": "each"}])

# ---------------------------------------------------------------- conditions (603.4 intervening if, 611 as long as)
_CMP = choice({"or more": "at_least", "or fewer": "at_most", "or less": "at_most"})
CONDITION = (MORE_CONDITIONS | (W("you control") + NUM_ONLY + _CMP + OBJECT).set_parse_action(guard(
    lambda t: t[1] == "at_least", lambda t: [{"control_at_least": {"n": t[0], "filter": t[2]["filter"]}}])) |
    (W("you control") + NUM_ONLY + W("or fewer") + OBJECT).set_parse_action(
        lambda t: [{"control_at_most": {"n": t[0], "filter": t[1]["filter"]}}]) |
    (W("you control") + W("a", "an") + OBJECT + pp.OneOrMore(W("or a", "or an") + OBJECT)).set_parse_action(
        lambda t: [{"control_at_least": {"n": 1, "filter": {"any_of": [x["filter"] for x in t]}}}]) |
    (W("you control") + W("a", "an") + OBJECT).set_parse_action(
        lambda t: [{"control_at_least": {"n": 1, "filter": t[0]["filter"]}}]) |
    (W("you control another") + OBJECT).set_parse_action(
        lambda t: [{"control_at_least": {"n": 1, "filter": dict(t[0]["filter"], other=True)}}]) |
    (W("you control no") + OBJECT).set_parse_action(lambda t: [{"control_none": t[0]["filter"]}]) |
    (W("you have") + NUM_ONLY + W("or more life")).set_parse_action(lambda t: [{"life_at_least": t[0]}]) |
    (W("you have at least") + NUM_ONLY + W("life more than your starting life total")).set_parse_action(
        lambda t: [{"life_above_start": t[0]}]) |
    (W("you have") + NUM_ONLY + W("or more cards in hand")).set_parse_action(lambda t: [{"hand_at_least": t[0]}]) |
    (W("you have no cards in hand")).set_parse_action(lambda: [{"hand_empty": True}]) |
    (W("there are") + NUM_ONLY + W("or more cards in your graveyard")).set_parse_action(
        lambda t: [{"graveyard_at_least": t[0]}]) |
    (W("there are") + NUM_ONLY + W("or more") + OBJECT).set_parse_action(guard(
        lambda t: t[1].get("zone") is not None,
        lambda t: [{"count_at_least": {"n": t[0], "zone": t[1]["zone"], "filter": t[1]["filter"]}}])) |
    (pp.Opt(W("there are")) + NUM_ONLY + W("or more cards are in your graveyard", "or more cards in your graveyard")
     ).set_parse_action(lambda t: [{"graveyard_at_least": t[0]}]) |
    (W("~ was kicked with its", "it was kicked with its") + MANA_COST + W("kicker")).set_parse_action(    # 702.33c
        lambda t: [{"kicked_with": t[0]}]) |
    choice({"it's your turn": {"your_turn": True},
            "a permanent you controlled left the battlefield this turn": {"revolt": True}, "no spells were cast last turn": {"no_spells_last_turn": True},
            "a player cast two or more spells last turn": {"two_spells_last_turn": True}, "it's not your turn": {"your_turn": False},
            "you attacked this turn": {"attacked_this_turn": True},
            "a creature died this turn": {"creature_died_this_turn": True},
            "~ is untapped": {"self_untapped": True}, "~ is tapped": {"self_tapped": True},
            "~ is attacking": {"self_attacking": True}, "~ was kicked": {"kicked": True},
            "it was kicked": {"kicked": True}, "you gained life this turn": {"gained_life_this_turn": True},
            "~ is enchanted": {"self_enchanted": True}, "~ is equipped": {"self_equipped": True},
            "you have the city's blessing": {"citys_blessing": True},
            "an opponent lost life this turn": {"opponent_lost_life_this_turn": True},
            "it had no -1/-1 counters on it": {"event_object_no_counters": "-1/-1"},
            "it had no +1/+1 counters on it": {"event_object_no_counters": "+1/+1"},
            "it's on the battlefield": {"self_on_battlefield": True},
            "it's night": {"night": True}, "it's day": {"day": True},
            "you cast it": {"cast_from_hand": True}, "it's attacking": {"event_object_attacking": True}}))
INTERVENING_IF = (W(", if", "if") + CONDITION).set_parse_action(lambda t: [{"if": t[0]}])
# 603.8: a state trigger — "whenever [a game state]" triggers whenever the state is true
STATE = (W("whenever") + CONDITION).set_parse_action(lambda t: [{"event": "state", "if": t[0]}])
TRIGGER_HEAD = ((WHEN | AT | STATE) + pp.Opt(INTERVENING_IF)).set_parse_action(lambda t: [merge(t)])
