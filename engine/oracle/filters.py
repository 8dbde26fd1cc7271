"""Objects, players and targets: "another target nonland permanent an opponent controls", "each creature with
flying", "creature card from your graveyard", "target player" … → FILTER / TARGET (engine/README.md)."""
from __future__ import annotations

import pyparsing as pp

from extractor.shapes import target_spec

from .base import guard, COMMA, NUM, NUM_ONLY, SELF, V, W, choice, merge
from .vocab import CARD_TYPES, COLORS, COUNTER_KINDS, SIMPLE_KEYWORDS, SUBTYPES, SUPERTYPES

_SPECIAL_PLURALS = {"elf": ["elves"], "dwarf": ["dwarves"], "wolf": ["wolves"], "werewolf": ["werewolves"],
                    "mouse": ["mice"], "ox": ["oxen"], "cyclops": ["cyclopes"], "fungus": ["fungi", "funguses"],
                    "thief": ["thieves"], "homunculus": ["homunculi"], "leech": ["leeches"]}


def plurals(word: str) -> list[str]:
    out = [word, word + "s"]
    if word.endswith(("s", "x", "sh", "ch", "z")):
        out.append(word + "es")
    if word.endswith("y") and word[-2:-1] not in "aeiou":
        out.append(word[:-1] + "ies")
    return out + _SPECIAL_PLURALS.get(word, [])


def _type_table():
    t = {}
    for ty in CARD_TYPES:
        for w in plurals(ty) + (["sorceries"] if ty == "sorcery" else []):
            t[w] = {"types": [ty.capitalize()]}
    for st in SUBTYPES:
        for w in plurals(st.lower()):
            t.setdefault(w, {"subtypes": [st]})
    return t


_TYPES = _type_table()
TYPE_WORD = choice(_TYPES)
KIND_WORD = choice({**{w: {"_kind": "permanent"} for w in ("permanent", "permanents")},
                    **{w: {"_kind": "spell"} for w in ("spell", "spells")},
                    **{w: {"_kind": "card"} for w in ("card", "cards")},
                    **{w: {"_kind": "card", "permanent_card": True} for w in ("permanent card", "permanent cards")},
                    **{w: {"token": True} for w in ("token", "tokens")}})

_ADJ = {}
for _c, _l in COLORS.items():
    _ADJ[_c] = {"colors": _l}
    _ADJ["non" + _c] = {"not_colors": _l}
for _ty in CARD_TYPES:
    _ADJ["non" + _ty] = {"not_types": [_ty.capitalize()]}
for _st in SUBTYPES:
    _ADJ["non-" + _st.lower()] = {"not_subtypes": [_st]}
for _sup in SUPERTYPES:
    _ADJ[_sup] = {"supertypes": [_sup.capitalize()]}
    _ADJ["non" + _sup] = {"not_supertypes": [_sup.capitalize()]}
_ADJ.update({"other": {"other": True}, "nontoken": {"token": False}, "colorless": {"colorless": True}, "multicolored": {"multicolored": True},
             "monocolored": {"monocolored": True}, "tapped": {"tapped": True}, "untapped": {"tapped": False},
             "attacking": {"attacking": True}, "blocking": {"blocking": True},
             "attacking or blocking": {"attacking_or_blocking": True}, "blocked": {"blocked": True},
             "unblocked": {"blocked": False}, "face-down": {"face_down": True}, "enchanted": {"enchanted": True},
             "equipped": {"equipped": True}, "historic": {"historic": True}})
_ADJ["kicked"] = {"kicked": True}              # 702.33d: a kicked spell (engine/game/mechanics/kicker.py)
_COLOR_OR = pp.Regex("|".join(sorted(COLORS, key=len, reverse=True))) + W("or") + \
    pp.Regex("|".join(sorted(COLORS, key=len, reverse=True)))
COLOR_OR = _COLOR_OR.copy().set_parse_action(lambda t: [{"colors": COLORS[t[0]] + COLORS[t[1]]}])
ADJ = COLOR_OR | choice(_ADJ)


def _noun(t):
    """Type words (and an optional final permanent/spell/card/token word) → one filter part."""
    out: dict = {"_kind": "permanent"}
    types, subtypes, any_types = [], [], []
    for part in t:
        if "_or" in part:
            if all(list(x) == ["types"] for x in part["_or"]):
                any_types.extend(x["types"][0] for x in part["_or"])
            elif all(list(x) == ["subtypes"] for x in part["_or"]):
                subtypes.extend(x["subtypes"][0] for x in part["_or"])     # subtypes: any of
            else:
                out["any_of"] = part["_or"]
            continue
        for k, v in part.items():
            if k == "types":
                types.extend(v)
            elif k == "subtypes":
                subtypes.extend(v)
            else:
                out[k] = v
    if types:
        out["types"] = types
    if subtypes:
        out["subtypes"] = subtypes
    if any_types:
        out["types_any"] = any_types
    return [out]


_TYPE_OR_CHECKED = (TYPE_WORD + pp.OneOrMore((W(", and/or", ", or", ", and", "or", ",", "and/or", "and")) + TYPE_WORD)).set_parse_action(
    lambda t: [{"_or": list(t)}])
NOUN = (pp.Opt(_TYPE_OR_CHECKED) + pp.ZeroOrMore(TYPE_WORD) + pp.Opt(KIND_WORD)).set_parse_action(
    guard(lambda t: len(t) > 0, _noun))

_CONTROL = choice({"you control": {"controller": "you"}, "you don't control": {"controller": "opponent"},
                   "an opponent controls": {"controller": "opponent"},
                   "your opponents control": {"controller": "opponent"},
                   "opponents control": {"controller": "opponent"},
                   "target player controls": {"controller": "target_player"},
                   "target opponent controls": {"controller": "target_opponent"},
                   "that player controls": {"controller": "that_player"},
                   "defending player controls": {"controller": "defending_player"},
                   "you own": {"owner": "you"}, "you don't own": {"owner": "opponent"},
                   "an opponent owns": {"owner": "opponent"}, "you both own and control": {"owner": "you",
                                                                                            "controller": "you"}})
_CMP = choice({"or less": "at_most", "or greater": "at_least", "or more": "at_least"})
_STAT = choice({"power": "power", "toughness": "toughness", "mana value": "mana_value",
                "converted mana cost": "mana_value"})
_WITH_STAT = (W("with") + _STAT + NUM + _CMP).set_parse_action(lambda t: [{f"{t[0]}_{t[2]}": t[1]}])
VS_VALUE = pp.Forward()         # a value of the value grammar (set in quantities.py: no import cycle)
_CMP_VS = choice({"less than or equal to": "le", "less than": "lt", "greater than or equal to": "ge",
                  "greater than": "gt"})
_WITH_STAT_VS = (W("with") + _STAT + _CMP_VS + VS_VALUE).set_parse_action(
    lambda t: [{f"{t[0]}_vs": {"op": t[1], "n": t[2]}}])          # family EV: "with power less than ~'s power"
_WITH_STAT_X = (W("with") + _STAT + W("x or less")).set_parse_action(lambda t: [{f"{t[0]}_at_most": "X"}]) | \
    (W("with") + _STAT + W("x or greater")).set_parse_action(lambda t: [{f"{t[0]}_at_least": "X"}]) | \
    (W("with") + _STAT + W("x")).set_parse_action(lambda t: [{f"{t[0]}_at_most": "X", f"{t[0]}_at_least": "X"}])


SIMPLE_KEYWORD = choice(SIMPLE_KEYWORDS)
_KW_FILTER = (W("with") + SIMPLE_KEYWORD).set_parse_action(lambda t: [{"has_keyword": t[0]}]) | \
    (W("without") + SIMPLE_KEYWORD).set_parse_action(lambda t: [{"lacks_keyword": t[0]}])


_COUNTER_KIND = pp.Regex(r"[+-]\d+/[+-]\d+") | choice({k: k for k in COUNTER_KINDS})
_WITH_COUNTER = (W("with") + W("a", "one or more") + _COUNTER_KIND + W("counter", "counters") +
                 W("on it", "on them")).set_parse_action(lambda t: [{"has_counter": t[0]}])
_ZONE = choice({"in your graveyard": {"_zone": "graveyard", "owner": "you"},
                "from your graveyard": {"_zone": "graveyard", "owner": "you"},
                "in a graveyard": {"_zone": "graveyard"}, "from a graveyard": {"_zone": "graveyard"},
                "in all graveyards": {"_zone": "graveyard"},
                "in an opponent's graveyard": {"_zone": "graveyard", "owner": "opponent"},
                "from an opponent's graveyard": {"_zone": "graveyard", "owner": "opponent"},
                "in your hand": {"_zone": "hand", "owner": "you"}, "from your hand": {"_zone": "hand", "owner": "you"},
                "in your library": {"_zone": "library", "owner": "you"},
                "from your library": {"_zone": "library", "owner": "you"},
                "in exile": {"_zone": "exile"}, "from exile": {"_zone": "exile"},
                "you own in exile": {"_zone": "exile", "owner": "you"},
                "on the battlefield": {"_zone": "battlefield"}})
_OTHER = choice({"other than ~": {"other": True}, "of the chosen color": {"colors": "chosen"},
                 "of the chosen type": {"chosen_type": True}, "that's attacking": {"attacking": True},
                 "that's blocking": {"blocking": True}, "that's attacking or blocking": {"attacking_or_blocking": True},
                 "that attacked this turn": {"attacked_this_turn": True},
                 "that entered the battlefield this turn": {"entered_this_turn": True},
                 "that was dealt damage this turn": {"dealt_damage_this_turn": True},
                 "blocking ~": {"blocking_self": True},
                 "blocking it": {"blocking_ref": "blocking:it"},            # "it": resolved by the compiler
                 "blocking or blocked by it": {"blocking_ref": "blocking_or_blocked_by:it"},
                 "dealt damage by ~ this turn": {"dealt_damage_by_self_this_turn": True}, "blocked by ~": {"blocked_by_self": True},
                 "attacking you": {"attacking_you": True},
                 "that shares a creature type with it": {"shares_creature_type": "it"},
                 "with the greatest power among creatures on the battlefield": {"greatest_power": True},
                 "with the same name as that card": {"same_name": "it"}, "named ~": {"named_self": True}})
POST = _CONTROL | _WITH_STAT | _WITH_STAT_VS | _WITH_STAT_X | _WITH_COUNTER | _ZONE | _OTHER | _KW_FILTER


def _phrase(t):
    f = merge(t)
    kind = f.pop("_kind", "permanent")
    zone = f.pop("_zone", None)
    if kind == "card" or zone not in (None, "battlefield"):
        kind = "card"
    return [{"kind": kind, "zone": zone, "filter": f}]


# The core: adjectives, a noun, post-modifiers.  "nonland permanent an opponent controls".
OBJECT = (pp.Opt(ADJ + pp.ZeroOrMore(pp.Opt(COMMA) + ADJ)) + NOUN + pp.ZeroOrMore(POST)).set_parse_action(_phrase)

def _target(t):
    return [{"target": target_spec(t[1], t[0])}]


_DET_TARGET = (V("another target", {"other": True}) | V("target", {}) |
               (W("up to") + NUM_ONLY + W("other target")).set_parse_action(lambda t: [{"up_to": t[0], "other": True}]) |
               (W("up to") + NUM_ONLY + W("target")).set_parse_action(lambda t: [{"up_to": t[0]}]) |
               (NUM_ONLY + W("target")).set_parse_action(lambda t: [{"n": t[0]}]) |
               V("any number of target", {"up_to": "any"}))
TARGET_OBJ = (_DET_TARGET + OBJECT).set_parse_action(_target)
ANY_TARGET = choice({"any target": {"target": {"kind": "any"}},
                     "target creature or player": {"target": {"kind": "any", "filter": {"not_types": ["Planeswalker"]}}},
                     "target player or planeswalker": {"target": {"kind": "player_or_planeswalker"}},
                     "target opponent or planeswalker": {"target": {"kind": "player_or_planeswalker",
                                                                    "filter": {"controller": "opponent"}}},
                     "target creature or planeswalker": {"target": {"kind": "permanent",
                                                                    "filter": {"types_any": ["Creature", "Planeswalker"]}}},
                     "another target creature or planeswalker": {
                         "target": {"kind": "permanent", "filter": {"types_any": ["Creature", "Planeswalker"],
                                                                    "other": True}}},
                     "target player": {"target": {"kind": "player"}},
                     "target opponent": {"target": {"kind": "player", "filter": {"controller": "opponent"}}},
                     "target activated or triggered ability": {"target": {"kind": "ability"}},
                     "target activated ability": {"target": {"kind": "ability", "filter": {"ability_kind": "activated"}}},
                     "target triggered ability": {"target": {"kind": "ability", "filter": {"ability_kind": "trigger"}}},
                     "target spell or ability": {"target": {"kind": "spell_or_ability"}}})
TARGET = ANY_TARGET | TARGET_OBJ

# A set of objects: "each creature you control", "all nonland permanents", "creatures you control".
_EACH = W("each other", "all other")


def _set(obj, other=False):
    f = dict(obj["filter"])
    if other:
        f["other"] = True
    if obj["kind"] == "spell":
        f["zone"] = "stack"
    elif obj.get("zone"):
        f["zone"] = obj["zone"]
    return {"each": f}


SET = ((_EACH + OBJECT).set_parse_action(lambda t: [_set(t[0], True)]) |
       (W("each", "all") + OBJECT).set_parse_action(lambda t: [_set(t[0])]))
SET_BARE = OBJECT.copy().add_parse_action(lambda t: [_set(t[0])])   # "creatures you control get …"

# Indefinite objects (costs, sacrifice, search): "a creature", "another creature", "two cards", "an untapped …".
INDEF = ((V("another", {"other": True}) | NUM.copy().add_parse_action(lambda t: [{"n": t[0]}])) + OBJECT).set_parse_action(
    lambda t: [dict(t[1], n=t[0].get("n", 1), filter=dict(t[1]["filter"], **({"other": True} if t[0].get("other") else {})))])

# Pronouns refer back to what the ability named (resolved by compile: target, event object or self).
PRONOUN = choice({"it": "it", "that creature": "that", "that permanent": "that", "that card": "it", "them": "them",
                  "those creatures": "them", "those cards": "them", "that land": "it", "that artifact": "it",
                  "that spell": "it", "that token": "it", "those tokens": "them", "that enchantment": "it",
                  "the exiled card": "linked", "the exiled cards": "linked", "enchanted creature": "enchanted",
                  "equipped creature": "equipped", "enchanted permanent": "enchanted", "enchanted land": "enchanted",
                  "enchanted artifact": "enchanted", "the creature": "it", "this": "self", "they": "them"})
OBJ_REF = (SELF | PRONOUN).set_parse_action(lambda t: [{"ref": t[0]}])

PLAYER = choice({"you": "you", "target player": "target", "target opponent": "target", "each player": "each_player",
                 "each opponent": "each_opponent", "that player": "that_player", "its controller": "its_controller",
                 "its owner": "its_owner", "defending player": "defending_player", "your opponents": "each_opponent",
                 "each of your opponents": "each_opponent", "that creature's controller": "its_controller",
                 "that spell's controller": "its_controller", "that permanent's controller": "its_controller",
                 "the player": "that_player", "enchanted player": "enchanted_player",
                 "its controller's": "its_controller", "they": "that_player", "that opponent": "that_player",
                 "an opponent": "an_opponent"})
PLAYER_TARGET = {"target player": {"kind": "player"}, "target opponent": {"kind": "player",
                                                                          "filter": {"controller": "opponent"}}}
PLAYER_WORD = pp.Regex(r"target player|target opponent").set_parse_action(
    lambda t: [{"player": "target", "target": PLAYER_TARGET[t[0]]}]) | PLAYER.copy().add_parse_action(
    lambda t: [{"player": t[0]}])
POSSESSIVE = choice({"your": "you", "its owner's": "its_owner", "their": "that_player", "its controller's": "its_controller",
                     "target player's": "target", "that player's": "that_player", "each player's": "each_player",
                     "each opponent's": "each_opponent", "an opponent's": "an_opponent"})
