"""Effect sentences: "~ deals 3 damage to any target", "destroy target nonland permanent", "draw two cards,
then discard a card", "create two 1/1 white Soldier creature tokens with flying" … → [EFFECT] (engine/README.md,
new keys in VOCABULARY.md).  Objects stay symbolic here ({target: TARGET}, {ref: it}); compile.py binds them."""
from __future__ import annotations

import pyparsing as pp

from .base import COMMA, MANA_COST, NUM, NUM_ONLY, PT, SIGNED_PT, Dispatch, V, W, choice, guard, merge
from .filters import INDEF, OBJ_REF, OBJECT, PLAYER_WORD, POSSESSIVE, SET, SET_BARE, TARGET
from .keywords import SIMPLE_KEYWORD
from .coin import coin_sentence
from .supplementary import NAME_CLAUSES, vote_sentence
from .effects_t import CLAUSES_T, DEFAULTS_T, clash_sentence, kinship_sentence, pay_by_sentence, unless_sentence
from .player_effects import CLAUSES_EL, DEFAULTS_EL
from .combat_ek import DEFAULTS_EK
from .library import DIG
from .library_zones import REVEAL_UNTIL, SEARCH_BOTH, SHUFFLE_ZONES
from .impulse import PLAY_EXILED
from .quantities import AMOUNT, EQUAL_TO, FOR_EACH, X_IS, times
from .values_ev import THAT_MANY
from .triggers import CONDITION
from .vocab import COLORS, COUNTER_KINDS, SUBTYPES

# ---------------------------------------------------------------- objects an effect acts on
ONE = TARGET | OBJ_REF                      # "target creature" | "~" | "it"
MANY = TARGET | SET | OBJ_REF               # … or "each creature you control"
SUBJ_SELF = pp.Opt(pp.Literal("~") | W("it"))     # "~ deals", "it deals" (the source)




PLAYER_SUBJ = PLAYER_WORD

# ---------------------------------------------------------------- damage (120)
_DMG_TO = (TARGET | (W("each creature and each player", "each creature and each opponent")).set_parse_action(
    lambda t: [{"each_and_players": {"types": ["Creature"]}}]) |
    (SET + W("and each player")).set_parse_action(lambda t: [{"each_and_players": t[0]["each"]}]) |
    (SET + W("and each opponent")).set_parse_action(lambda t: [{"each_and_opponents": t[0]["each"]}]) | SET |
    (PLAYER_WORD.copy()) | OBJ_REF)


def _damage(t):
    if isinstance(t[0], dict) and set(t[0]) == {"by"}:     # "it deals …": the object the pronoun names (608.2c)
        n, to = t[1], t[2]
        return [{"damage": {**t[0], "n": n, "to": to}}]        # `by` first: bound before the targets after it
    n, to = t[0], t[1]
    return [{"damage": {"n": n, "to": to}}]


# 120.3 / 608.2c: "~ deals …" — the source; "it / that creature deals …" — the object the pronoun names, kept as
# `by` for the binder (compile.Binder drops it when that is the source; otherwise the effect stays unhandled)
_DEALER = pp.Literal("~").suppress().set_parse_action(lambda: []) | \
    choice({"it": {"by": {"ref": "it"}}, "that creature": {"by": {"ref": "that"}}})
DAMAGE = (_DEALER +
          W("deals") + ((AMOUNT + W("damage to") + _DMG_TO + FOR_EACH).set_parse_action(
                            lambda t: [times(t[0], t[2]), t[1]]) |          # longer first (ordered choice)
                        (AMOUNT + W("damage to") + _DMG_TO) |
                        (W("damage") + EQUAL_TO + W("to") + _DMG_TO) |
                        (W("damage to") + _DMG_TO + EQUAL_TO).set_parse_action(lambda t: [t[1], t[0]]))
          ).set_parse_action(_damage)
# "you may have ~ deal 1 damage to target player" — the source deals it (120.3)
HAVE_DAMAGE = (W("have ~ deal") + AMOUNT + W("damage to") + _DMG_TO).set_parse_action(_damage)
DAMAGE_TWO = (_DEALER + W("deals") + AMOUNT +
              W("damage to") + _DMG_TO + W("and") + AMOUNT + W("damage to") + _DMG_TO).set_parse_action(
    lambda t: [[{"damage": {**(t[0] if len(t) == 5 else {}), "n": t[-4], "to": t[-3]}},
                {"damage": {**({"by": {"ref": "dealer"}} if len(t) == 5 else {}), "n": t[-2], "to": t[-1]}}]])
_AMONG = choice({"any number of targets": {"kind": "any", "up_to": "any"},
                 "one or two targets": {"kind": "any", "up_to": 2},
                 "one, two, or three targets": {"kind": "any", "up_to": 3},
                 "any number of target creatures": {"kind": "creature", "up_to": "any"},
                 "one or two target creatures": {"kind": "creature", "up_to": 2},
                 "any number of target creatures and/or planeswalkers": {"kind": "permanent", "up_to": "any",
                     "filter": {"types_any": ["Creature", "Planeswalker"]}}})
DAMAGE_DIVIDED = ((pp.Literal("~").suppress() | W("it")).set_parse_action(lambda: []) + W("deals") + NUM +
                  W("damage divided as you choose among") + _AMONG).set_parse_action(
    lambda t: [{"damage_divided": {"n": t[0], "to": {"target": t[1]}}}])
DAMAGE_BY_TARGET = (TARGET + W("deals damage equal to its power to") + (TARGET | OBJ_REF | SET)).set_parse_action(
    lambda t: [{"bite": {"source": t[0], "to": t[1]}}])

# ---------------------------------------------------------------- removal, zones
DESTROY = (W("destroy") + MANY + pp.Opt(
    (W(". it can't be regenerated", ". they can't be regenerated", ". those creatures can't be regenerated")
     ).set_parse_action(lambda: [{"no_regen": True}]), default={})).set_parse_action(
    # "destroy target X. It can't be regenerated": {what: <the target>, no_regen} (701.15c); all: {each, no_regen}
    lambda t: [{"destroy": (dict(t[0], **t[1]) if isinstance(t[0], dict) and "each" in t[0] else
                            {"what": t[0], **t[1]}) if t[1] else t[0]}])
EXILE = (W("exile") + POSSESSIVE + W("graveyard")).set_parse_action(lambda t: [{"exile_graveyard": t[0]}]) | \
    (W("exile all cards from") + POSSESSIVE + W("graveyard")).set_parse_action(lambda t: [{"exile_graveyard": t[0]}]) | \
    (W("exile") + MANY + W("until ~ leaves the battlefield")).set_parse_action(
        lambda t: [{"exile": {"what": t[0], "until": "self_leaves"}}]) | \
    (W("exile") + MANY).set_parse_action(lambda t: [{"exile": t[0]}])
_TO_HAND = W("to its owner's hand", "to their owners' hands", "to their owner's hand", "to your hand",
             "to its owners' hands")
RETURN_HAND = (W("return") + MANY + _TO_HAND).set_parse_action(lambda t: [{"return_to_hand": t[0]}]) | \
    (W("return") + INDEF + _TO_HAND).set_parse_action(lambda t: [{"return_to_hand": dict(
        {"choose": t[0]["filter"], "n": t[0]["n"]},
        # "a creature card from your graveyard": chosen there, not on the battlefield (400.1, 404.1)
        **({"zone": t[0]["zone"]} if t[0].get("zone") else {}))}])
_UNDER = choice({"under your control": {"controller": "you"}, "under its owner's control": {"controller": "owner"},
                 "under their owners' control": {"controller": "owner"}})
_TO_BF = (W("to the battlefield") + pp.Opt(V("tapped", {"tapped": True}), default={}) +
          pp.Opt(_UNDER, default={})).set_parse_action(lambda t: [merge(t)])
RETURN_BF = (W("return") + MANY + _TO_BF).set_parse_action(lambda t: [{"return_to_battlefield": dict(t[1], what=t[0])}])
PUT_BF = (W("put") + MANY + W("onto the battlefield") + pp.Opt(V("tapped", {"tapped": True}), default={}) +
          pp.Opt(_UNDER, default={})).set_parse_action(
    lambda t: [{"return_to_battlefield": dict(merge(t[1:]), what=t[0])}])
PUT_FROM_HAND = (W("put") + INDEF + W("onto the battlefield") + pp.Opt(V("tapped", {"tapped": True}), default={})
                 ).set_parse_action(guard(lambda t: t[0].get("zone") == "hand",
                                          lambda t: [{"put_onto_battlefield": dict(t[1], choose=t[0]["filter"],
                                                                                   n=t[0]["n"], zone="hand")}]))
PUT_LIBRARY = (W("put") + ONE + choice({"on top of its owner's library": "top",
                                        "on the bottom of its owner's library": "bottom",
                                        "into its owner's library second from the top": "second",
                                        "into its owner's library third from the top": "third"})
               ).set_parse_action(lambda t: [{"put_in_library": {"what": t[0], "where": t[1]}}])
SHUFFLE_INTO = (W("shuffle") + ONE + W("into its owner's library", "into their owners' libraries")).set_parse_action(
    lambda t: [{"shuffle_into_library": t[0]}])

# ---------------------------------------------------------------- cards, life
_CARDS = W("cards", "card")
_N_CARDS = (NUM + _CARDS + pp.Opt(FOR_EACH)).set_parse_action(lambda t: [times(t[0], t[1]) if len(t) > 1 else t[0]]) | \
    (THAT_MANY + _CARDS) | (_CARDS + EQUAL_TO)          # family EV (values_ev.py): "that many cards", "cards equal to"


def _pv(imperative: str, third: str) -> pp.ParserElement:
    """Subject and verb: "target player draws", imperative "draw" (= you), or a bare "draws" that continues
    the previous clause's subject ("target player draws two cards and loses 2 life") — never a default."""
    return ((PLAYER_SUBJ + W(imperative, third)) |
            W(imperative).set_parse_action(lambda: [{"player": "you"}]) |
            W(third).set_parse_action(lambda: [{"player": SAME}]))


SAME = "_same_subject"
DRAW = (_pv("draw", "draws") + _N_CARDS).set_parse_action(
    lambda t: [{"draw": t[1]} if t[0]["player"] == "you" else {"draw": dict(t[0], n=t[1])}])
_LIFE_N = ((AMOUNT + W("life") + FOR_EACH).set_parse_action(lambda t: [times(t[0], t[1])]) |
           (AMOUNT + W("life")))
_LIFE_EQ = (W("life") + EQUAL_TO)
GAIN = (_pv("gain", "gains") + (_LIFE_N | _LIFE_EQ)).set_parse_action(
    lambda t: [{"gain_life": t[1]} if t[0]["player"] == "you" else {"gain_life": dict(t[0], n=t[1])}])
LOSE = (_pv("lose", "loses") + (_LIFE_N | _LIFE_EQ)).set_parse_action(
    lambda t: [{"lose_life": dict(t[0], n=t[1])}])
DRAIN = (PLAYER_SUBJ + W("loses", "lose") + AMOUNT + W("life and you gain") + AMOUNT + W("life")).set_parse_action(
    lambda t: [[{"lose_life": dict(t[0], n=t[1])}, {"gain_life": t[2]}]])
MILL = (_pv("mill", "mills") + _N_CARDS).set_parse_action(lambda t: [{"mill": dict(t[0], n=t[1])}])
_RANDOM = pp.Opt(V("at random", {"random": True}), default={})
DISCARD = (_pv("discard", "discards") +
           ((NUM + _CARDS + _RANDOM).set_parse_action(lambda t: [dict(t[1], n=t[0])]) |
            (W("their hand", "your hand")).set_parse_action(lambda: [{"n": "all"}]) |
            INDEF.copy().add_parse_action(lambda t: [{"n": t[0]["n"], "filter": t[0]["filter"]}]))
           ).set_parse_action(lambda t: [{"discard": dict(t[0], **t[1])}])
SCRY = (W("scry") + NUM_ONLY).set_parse_action(lambda t: [{"scry": t[0]}]) | \
    (W("surveil") + NUM_ONLY).set_parse_action(lambda t: [{"surveil": t[0]}])

# ---------------------------------------------------------------- counters, tokens
COUNTER_KIND = pp.Regex(r"[+-]\d+/[+-]\d+") | choice({k: k for k in COUNTER_KINDS})
COUNTERS = (W("put") + NUM + COUNTER_KIND + W("counters", "counter") + W("on") + pp.Opt(W("each of")) + MANY +
            pp.Opt(FOR_EACH)).set_parse_action(
    lambda t: [{"put_counters": {"to": t[2], "kind": t[1], "n": times(t[0], t[3]) if len(t) > 3 else t[0]}}])
REMOVE_COUNTERS = (W("remove") + NUM + COUNTER_KIND + W("counters", "counter") + W("from") + ONE).set_parse_action(
    lambda t: [{"remove_counters": {"from": t[2], "kind": t[1], "n": t[0]}}])
PROLIFERATE = V("proliferate", {"proliferate": True})

_TOKEN_COLORS = (pp.Regex("|".join(COLORS)) + pp.ZeroOrMore(W(",", "and", ", and") + pp.Regex("|".join(COLORS)))
                 ).set_parse_action(lambda t: ["".join(COLORS[c] for c in t)]) | V("colorless", "")
_SUB = choice({st.lower(): st for st in SUBTYPES})
_TYPES = choice({"artifact creature": ["Artifact", "Creature"], "enchantment creature": ["Enchantment", "Creature"],
                 "creature": ["Creature"], "enchantment artifact creature": ["Enchantment", "Artifact", "Creature"],
                 "artifact": ["Artifact"], "enchantment": ["Enchantment"], "land": ["Land"]})
# A quoted ability granted to an object ("gains \"{T}: Draw a card.\"", 113.1a) is compiled as a line of its own;
# the compiler is handed in by compile.py (set_ability_compiler) so that this module imports nothing above it.
_ABILITY_COMPILER: list = []


def set_ability_compiler(fn) -> None:
    _ABILITY_COMPILER[:] = [fn]


def _granted(s, loc, t):
    c = _ABILITY_COMPILER[0](t[0]) if _ABILITY_COMPILER else None
    if c is None or not c.parsed:
        raise pp.ParseException(s, loc, "granted ability does not parse")
    return [{"ability": c.behaviour}]


QUOTED = pp.QuotedString('"', esc_char=None).set_parse_action(_granted)
_PROT_GRANT = choice({"protection from the color of your choice": "protection_chosen_color",
                      # 702.16 + 608.2d: a quality or a color, chosen as the effect resolves (protection_choice.py)
                      "protection from artifacts or from the color of your choice": "protection_artifacts_or_chosen_color",
                      "protection from colorless or from the color of your choice": "protection_colorless_or_chosen_color",
                      "protection from creatures": "protection_creatures", "protection from artifacts": "protection_artifacts",
                      "protection from everything": "protection_everything", "protection from all colors": "protection_all_colors",
                      # 702.16: the keyword protection_from_<c> (engine/game/mechanics/protection_choice.py)
                      **{f"protection from {c}": f"protection_from_{x.lower()}" for c, x in COLORS.items()}})
_AND_FROM = choice({f"from {c}": f"protection_from_{x.lower()}" for c, x in COLORS.items()})   # "… and from red"
_GRANT_ITEM = _PROT_GRANT | SIMPLE_KEYWORD | QUOTED | _AND_FROM
_KW_LIST = (_GRANT_ITEM + pp.ZeroOrMore(W(", and", "and", ",") + _GRANT_ITEM)).set_parse_action(
    lambda t: [list(t)])
_TOKEN_CREATURE = (pp.Opt(PT.copy().add_parse_action(lambda t: [{"pt": t[0]}])) +
                   _TOKEN_COLORS.copy().add_parse_action(lambda t: [{"colors": t[0]}]) +
                   pp.ZeroOrMore(_SUB).set_parse_action(lambda t: [{"subtypes": list(t)}]) +
                   _TYPES.copy().add_parse_action(lambda t: [{"types": t[0]}]) + W("tokens", "token") +
                   pp.Opt(W("with") + _KW_LIST.copy().add_parse_action(lambda t: [{"keywords": t[0]}]))
                   ).set_parse_action(guard(lambda t: "Creature" not in merge(t)["types"] or "pt" in merge(t),
                                            lambda t: [dict(merge(t))]))
_PREDEF = choice({w: w for w in ("treasure", "food", "clue", "blood", "gold", "map", "powerstone", "incubator",
                                 "junk", "shard", "walker")})
_TOKEN_NAMED = (_PREDEF + W("tokens", "token")).set_parse_action(lambda t: [t[0]])
_TAPPED = pp.Opt(V("tapped", {"tapped": True}), default={})


# The engine's named tokens (engine/game.py TOKENS), recognised by their characteristics.
_KNOWN = {("Soldier",): ("W", ["Creature"], [1, 1], (), "soldier"),
          ("Cleric",): ("W", ["Enchantment", "Creature"], [2, 1], (), "cleric"),
          ("Elf", "Warrior"): ("G", ["Creature"], [1, 1], (), "elf_warrior"),
          ("Snake",): ("BG", ["Enchantment", "Creature"], [1, 1], ("deathtouch",), "snake_deathtouch")}


def token_name(d):
    if not isinstance(d, dict):
        return d
    d = {k: v for k, v in d.items() if v or k == "colors"}
    k = _KNOWN.get(tuple(d.get("subtypes", ())))
    if k and k[0] == d["colors"] and k[1] == d["types"] and k[2] == d.get("pt") and tuple(d.get("keywords", ())) == k[3]:
        return k[4]
    return d


# 111.4 / 113.1a: "create a 0/1 … token. It has "Sacrifice this creature: Add {C}."" — the quoted ability is the
# token's own (a keyword entry {ability: …})
_HAS = (W(". it has", ". they have") + QUOTED).set_parse_action(lambda t: [{"_has": t[0]}])


def _create(t):
    t = list(t)
    has = t.pop()["_has"] if t and isinstance(t[-1], dict) and "_has" in t[-1] else None
    tok = t[2]
    if has is not None:
        if not isinstance(tok, dict):
            raise pp.ParseException("", 0, "a quoted ability for a predefined token")
        tok = dict(tok, keywords=list(tok.get("keywords") or []) + [has])
    return [{"create_token": dict(t[1], token=token_name(tok), n=times(t[0], t[3]) if len(t) > 3 else t[0])}]


CREATE = (W("create") + NUM + _TAPPED + (_TOKEN_CREATURE | _TOKEN_NAMED) + pp.Opt(FOR_EACH) + pp.Opt(_HAS)
          ).set_parse_action(_create)
INVESTIGATE = V("investigate", {"create_token": {"token": "clue", "n": 1}})

# ---------------------------------------------------------------- pump, grant, tap
_GETS = W("each get", "gets", "get")
_GAINS = W("gains", "gain")
_EOT = W("until end of turn")
_PUMP_BODY = ((_GETS + SIGNED_PT + W("and") + _GAINS + _KW_LIST).set_parse_action(lambda t: [{"pt": t[0], "grant": t[1]}]) |
              (_GETS + SIGNED_PT).set_parse_action(lambda t: [{"pt": t[0]}]) |
              (_GAINS + _KW_LIST).set_parse_action(lambda t: [{"grant": t[0]}]))
_PUMP_WHO = TARGET | SET | OBJ_REF | SET_BARE
PUMP = (_PUMP_WHO + _PUMP_BODY + _EOT + FOR_EACH).set_parse_action(
    lambda t: [{"pump": dict(t[1], affected=t[0], per=t[2])}]) | \
    (_PUMP_WHO + _PUMP_BODY + _EOT).set_parse_action(lambda t: [{"pump": dict(t[1], affected=t[0])}]) | \
    (_EOT + COMMA + _PUMP_WHO + _PUMP_BODY).set_parse_action(lambda t: [{"pump": dict(t[1], affected=t[0])}]) | \
    (_PUMP_WHO + _PUMP_BODY + W("until your next turn")).set_parse_action(
        lambda t: [{"pump": dict(t[1], affected=t[0], until="your_next_turn")}])      # 611.2b
_THIS_TURN = W("this turn")
CANT_BLOCK = (_PUMP_WHO + choice({"can't block": "cant_block", "can't be blocked": "unblockable",
                                  "can't attack or block": "cant_attack_or_block"}) + _THIS_TURN
              ).set_parse_action(lambda t: [{"pump": {"affected": t[0], "grant": [t[1]]}}])
TAP = (W("tap") + MANY).set_parse_action(lambda t: [{"tap": t[0]}])
UNTAP = (W("untap") + MANY).set_parse_action(lambda t: [{"untap": t[0]}])
TAP_OR_UNTAP = (W("tap or untap") + ONE).set_parse_action(lambda t: [{"tap_or_untap": t[0]}])
NO_UNTAP = (ONE + W("doesn't untap during its controller's next untap step")).set_parse_action(
    lambda t: [{"skip_untap": t[0]}])

# ---------------------------------------------------------------- stack, control, misc
# 701.5a: "counter it" / "counter that spell": the spell named before (a target), else in a cast trigger the spell
# the event is about (the compiler keeps `event` only in cast triggers, compile.py ``_counter_event``)
_COUNTERED = TARGET | choice({"that spell": {"ref": "that"}, "it": {"ref": "it"}})
COUNTER = (W("counter") + _COUNTERED + pp.Opt(W("unless its controller pays") + (MANA_COST | V("{x}", "{X}")))
           ).set_parse_action(lambda t: [{"counter": t[0]} if len(t) == 1 else
                                         {"unless": {"player": "its_controller", "pay": t[1],
                                                     "else": [{"counter": t[0]}]}}])
GAIN_CONTROL = (W("gain control of") + ONE + pp.Opt(V("until end of turn", "end_of_turn"), default=None)
                ).set_parse_action(lambda t: [{"gain_control": {"what": t[0], "until": t[1]}} if t[1] else
                                              {"gain_control": {"what": t[0]}}])
REGENERATE = (W("regenerate") + ONE).set_parse_action(lambda t: [{"regenerate": t[0]}])
FIGHT = ((pp.Literal("~").set_parse_action(lambda: [{"ref": "self"}]) | TARGET) + W("fights") +
         (TARGET | OBJ_REF)).set_parse_action(lambda t: [{"fight": {"a": t[0], "b": t[1]}}])
TRANSFORM = (W("transform") + OBJ_REF).set_parse_action(lambda t: [{"transform": t[0]}])
_CHOSEN = INDEF.copy().add_parse_action(lambda t: [{"filter": t[0]["filter"], "n": t[0]["n"]}])
SACRIFICE = (W("sacrifice") + (OBJ_REF | _CHOSEN)).set_parse_action(lambda t: [{"sacrifice": t[0]}]) | \
    (PLAYER_SUBJ + W("sacrifices", "sacrifice") + _CHOSEN).set_parse_action(
        lambda t: [{"sacrifice": dict(t[1], **t[0])}])
_ONE_MANA = choice({"one mana of any color": {"any_color": 1}, "two mana of any one color": {"one_color": 2},
                    "three mana of any one color": {"one_color": 3}, "one mana of any type": {"any_type": 1},
                    "two mana in any combination of colors": {"any_color": 2},
                    "three mana in any combination of colors": {"any_color": 3},
                    "one mana of the chosen color": {"mana": "chosen"},
                    # "X" is replaced by a "where X is …" value (WHERE_X); 106.1b: each its own colour
                    **{f"{w} mana of any one color": {"one_color": n} for w, n in (("x", "X"), ("four", 4), ("five", 5))},
                    **{f"{w} mana in any combination of colors": {"any_color": n}
                       for w, n in (("x", "X"), ("four", 4), ("five", 5))}})
_MANA_SYMS = MANA_COST.copy().add_parse_action(lambda t: [t[0].replace("{", "").replace("}", "")]).add_condition(
    lambda t: t[0].isalpha())
ADD_MANA = (W("add") + (_ONE_MANA |
                        (_MANA_SYMS + W("or") + _MANA_SYMS).set_parse_action(lambda t: [{"one_of": [t[0], t[1]]}]) |
                        (_MANA_SYMS + pp.OneOrMore(W(",", ", or") + _MANA_SYMS)).set_parse_action(
                            lambda t: [{"one_of": list(t)}]) |
                        _MANA_SYMS.copy().add_parse_action(lambda t: [{"mana": t[0]}]))).set_parse_action(
    lambda t: [{"add_mana": t[0]}])
_SEARCH_TO = choice({"put that card onto the battlefield tapped": {"to": "battlefield", "tapped": True},
                     "put that card onto the battlefield": {"to": "battlefield"},
                     "put those cards onto the battlefield tapped": {"to": "battlefield", "tapped": True},
                     "reveal those cards, put them into your hand": {"to": "hand", "reveal": True},
                     "put them into your hand": {"to": "hand"}, "put them onto the battlefield": {"to": "battlefield"},
                     "put those cards into your hand": {"to": "hand"},
                     "put those cards onto the battlefield": {"to": "battlefield"},
                     "reveal that card, put it into your hand": {"to": "hand", "reveal": True},"put it onto the battlefield tapped": {"to": "battlefield", "tapped": True},
                     "put it onto the battlefield": {"to": "battlefield"},
                     "put them onto the battlefield tapped": {"to": "battlefield", "tapped": True},
                     "reveal it, put it into your hand": {"to": "hand", "reveal": True},
                     "reveal them, put them into your hand": {"to": "hand", "reveal": True},
                     "put it into your hand": {"to": "hand"}, "put that card into your hand": {"to": "hand"},
                     "put it into your graveyard": {"to": "graveyard"},
                     "reveal it": {"reveal": True},
                     "reveal those cards, put one onto the battlefield tapped and the other into your hand":
                         {"to": "split", "reveal": True}, "put one onto the battlefield tapped and the other into "
                         "your hand": {"to": "split"},
                     "exile them": {"to": "exile"}, "exile it": {"to": "exile"}, "exile that card": {"to": "exile"}})
_SHUFFLE = W(", then shuffle", ". then shuffle", "then shuffle")
_SEARCH_TAIL = (COMMA + choice({"reveal it, then shuffle and put that card on top": {"to": "library_top", "reveal": True},
                                "reveal it, then shuffle and put the card on top": {"to": "library_top", "reveal": True},
                                "then shuffle and put that card on top": {"to": "library_top"},
                                # 401.4: several found cards on top in any order (engine: `library_order`)
                                "reveal them, then shuffle and put those cards on top in any order":
                                    {"to": "library_top", "reveal": True},
                                "reveal those cards, then shuffle and put them on top":
                                    {"to": "library_top", "reveal": True},
                                "then shuffle and put those cards on top in any order": {"to": "library_top"},
                                "put them into your graveyard, then shuffle": {"to": "graveyard"},
                                "put it into your graveyard, then shuffle": {"to": "graveyard"},
                                "reveal it, put it into your hand, then shuffle and discard a card at random":
                                    {"to": "hand", "reveal": True, "then_discard_random": True}})) | \
    (COMMA + _SEARCH_TO + _SHUFFLE)      # longer tails first (ordered choice)
# "search your library for up to X basic land cards, where X is …, put them onto …" / "…. Put those cards onto …"
_X_WHERE = (W("up to x") + OBJECT + W(", where x is") + X_IS + (COMMA | W("."))).set_parse_action(
    lambda t: [dict(t[0], n=t[1], up_to=True)])
SEARCH = (W("search your library for") + (INDEF | (W("up to") + INDEF).set_parse_action(
    lambda t: [dict(t[0], up_to=True)]) | (W("any number of") + OBJECT).set_parse_action(
    lambda t: [dict(t[0], take="any")])) + _SEARCH_TAIL |
          W("search your library for") + _X_WHERE + _SEARCH_TO + _SHUFFLE
          ).set_parse_action(lambda t: [{"search": dict(t[1], filter=t[0]["filter"],
                                                        **({"n": t[0]["n"]} if t[0].get("n", 1) != 1 else {}),
                                                        **({"take": "any"} if t[0].get("take") else {}),
                                                        **({"up_to": True} if t[0].get("up_to") else {}))}])
PREVENT = (W("prevent all combat damage that would be dealt this turn")).set_parse_action(
    lambda: [{"prevent": {"what": "combat", "until": "end_of_turn"}}]) | \
    (W("prevent all combat damage that would be dealt to players this turn")).set_parse_action(
        lambda: [{"prevent": {"what": "combat", "to": "players", "until": "end_of_turn"}}]) | \
    (W("prevent all combat damage that would be dealt to and dealt by") + (TARGET | OBJ_REF) + W("this turn")
     ).set_parse_action(lambda t: [{"prevent": {"what": "combat", "to_and_by": t[0], "until": "end_of_turn"}}]) | \
    (W("prevent all combat damage that would be dealt by") + (TARGET | OBJ_REF | SET_BARE) + W("this turn")
     ).set_parse_action(lambda t: [{"prevent": {"what": "combat", "by": t[0], "until": "end_of_turn"}}]) | \
    (W("prevent the next") + NUM_ONLY + W("damage that would be dealt to") + (TARGET | OBJ_REF) + W("this turn")
     ).set_parse_action(lambda t: [{"prevent": {"n": t[0], "to": t[1], "until": "end_of_turn"}}]) | \
    (W("prevent all damage that would be dealt to") + (TARGET | OBJ_REF) + W("this turn")).set_parse_action(
        lambda t: [{"prevent": {"to": t[0], "until": "end_of_turn"}}])
COPY_SPELL = (W("copy") + TARGET + pp.Opt(W(". you may choose new targets for the copy")).set_parse_action(
    lambda: [True])).set_parse_action(lambda t: [{"copy_spell": {"what": t[0], "new_targets": len(t) > 1}}])
GOAD = (W("goad") + ONE).set_parse_action(lambda t: [{"goad": t[0]}])
EXPLORE = (OBJ_REF + W("explores")).set_parse_action(lambda t: [{"explore": t[0]}])
CONNIVE = (OBJ_REF + W("connives")).set_parse_action(lambda t: [{"connive": t[0]}])
BOLSTER = (W("bolster") + NUM_ONLY).set_parse_action(lambda t: [{"bolster": t[0]}]) | \
    (W("amass") + pp.Opt(pp.Regex(r"[a-z]+s(?= \d)")) + NUM_ONLY).set_parse_action(lambda t: [{"amass": t[-1]}])
PHASE = (ONE + W("phases out")).set_parse_action(lambda t: [{"phase_out": t[0]}])
LOOK_HAND = (W("look at") + POSSESSIVE + W("hand")).set_parse_action(lambda t: [{"look_at_hand": t[0]}])
ENERGY = (W("you get") + pp.Regex(r"(?:\{e\})+")).set_parse_action(lambda t: [{"energy": t[0].count("{e}")}])
REVEAL_HAND = (PLAYER_SUBJ + W("reveals their hand", "reveals his or her hand")).set_parse_action(
    lambda t: [{"reveal_hand": t[0]}])
REVEAL_CHOOSE = (PLAYER_WORD + W("reveals their hand. you choose a", "reveals their hand. you choose an") + OBJECT +
                 W("from it. that player discards that card")).set_parse_action(
    lambda t: [{"discard_chosen": dict(t[0], filter=t[1]["filter"])}])
TOKEN_COPY = (W("create a token that's a copy of") + (TARGET | OBJ_REF)).set_parse_action(
    lambda t: [{"create_copy": {"of": t[0]}}])
SPEND_ONLY = (W("spend this mana only to cast") + pp.Opt(W("a", "an")) + OBJECT).set_parse_action(
    lambda t: [{"mana_restriction": t[0]["filter"]}])
COUNTERED_EXILE = V("if that spell is countered this way, exile it instead of putting it into its owner's graveyard",
                    {"countered_to_exile": True})
_ANIMATE_DESC = (W("a", "an") + PT.copy().add_parse_action(lambda t: [{"pt": t[0]}]) +
                 pp.Opt(_TOKEN_COLORS.copy().add_parse_action(lambda t: [{"colors": t[0]}])) +
                 pp.ZeroOrMore(_SUB).set_parse_action(lambda t: [{"subtypes": list(t)}]) +
                 _TYPES.copy().add_parse_action(lambda t: [{"types": t[0]}]) +
                 pp.Opt(W("with") + _KW_LIST.copy().add_parse_action(lambda t: [{"keywords": t[0]}])))
_STILL = pp.Opt(choice({". it's still a land": "land", ". it's still an artifact": "artifact",
                         ". it's still an enchantment": "enchantment"}).add_parse_action(lambda t: [{"still": t[0]}]))
ANIMATE = ((W("until end of turn,") + OBJ_REF + W("becomes") + _ANIMATE_DESC + _STILL) |
           (OBJ_REF + W("becomes") + _ANIMATE_DESC + W("until end of turn") + _STILL)).set_parse_action(
    lambda t: [{"animate": dict(merge(t[1:]), what=t[0], until="end_of_turn")}])
# "until end of turn, target creature loses all abilities and becomes a blue Frog with base power and toughness
# 1/1" / "… and has base power and toughness 0/1" (613.1f, 613.4b)
_BASE_PT = W("with base power and toughness", "has base power and toughness") + PT.copy().add_parse_action(
    lambda t: [{"pt": t[0]}])
_LOSE_ALL_AS = pp.Opt(W("becomes a", "becomes an") +
                      pp.Opt(_TOKEN_COLORS.copy().add_parse_action(lambda t: [{"colors": t[0]}])) +
                      pp.OneOrMore(_SUB).set_parse_action(lambda t: [{"subtypes": list(t)}])) + _BASE_PT
LOSE_ALL = (W("until end of turn,") + ONE + W("loses all abilities and") + _LOSE_ALL_AS).set_parse_action(
    lambda t: [{"animate": dict(merge(t[1:]), what=t[0], until="end_of_turn", lose_all=True)}])
# "switch target creature's power and toughness until end of turn" (613.4d, layer 7d); "target creature has base
# power and toughness N/N until end of turn" (613.4b, layer 7b: the animate effect with only a P/T)
_SWITCHED = choice({"target creature's": {"target": {"kind": "creature"}}, "~'s": {"ref": "self"},
                    "that creature's": {"ref": "it"}, "its": {"ref": "it"}, "enchanted creature's": {"ref": "enchanted"},
                    "equipped creature's": {"ref": "equipped"}})
SWITCH_PT = ((W("switch") + _SWITCHED + W("power and toughness until end of turn")) |
             (W("until end of turn, switch") + _SWITCHED + W("power and toughness"))).set_parse_action(
    lambda t: [{"pump": {"affected": t[0], "switch": True}}])
BASE_PT = ((TARGET | OBJ_REF) + _BASE_PT + W("until end of turn")).set_parse_action(
    lambda t: [{"animate": {"what": t[0], "pt": t[1]["pt"], "until": "end_of_turn"}}])
SAC_UNLESS = (W("sacrifice ~ unless you pay") + MANA_COST).set_parse_action(
    lambda t: [{"unless": {"player": "you", "pay": t[0], "else": [{"sacrifice": "self"}]}}])
EXILE_TOP = (W("exile the top") + pp.Opt(NUM_ONLY, default=1) + W("cards of your library", "card of your library")
             ).set_parse_action(lambda t: [{"exile_top": {"player": "you", "n": t[0]}}])
VENTURE = V("venture into the dungeon", {"venture": True})
EXTRA_TURN = V("take an extra turn after this one", {"extra_turn": 1})
EXTRA_TURN_OF = (PLAYER_SUBJ + W("takes an extra turn after this one")).set_parse_action(
    lambda t: [{"extra_turn": dict(t[0], n=1)}])
RETURN_FROM_GY = (W("return") + OBJ_REF + W("from your graveyard") + (
    _TO_HAND.copy().set_parse_action(lambda: [{"to": "hand"}]) |
    _TO_BF.copy().add_parse_action(lambda t: [dict(t[0], to="battlefield")]))).set_parse_action(
    lambda t: [{"return_from_graveyard": dict(t[1], what=t[0])}])
MONSTROSITY = (W("monstrosity") + NUM).set_parse_action(lambda t: [{"monstrosity": t[0]}])
PAY = (W("pay") + MANA_COST).set_parse_action(lambda t: [{"pay": t[0]}]) | \
    (W("pay") + pp.Regex(r"(?:\{e\})+")).set_parse_action(lambda t: [{"pay_energy": t[0].count("{e}")}]) | \
    (W("pay") + NUM_ONLY + W("life")).set_parse_action(lambda t: [{"pay_life": t[0]}])

CLAUSE = Dispatch({
    "destroy": [DESTROY], "exile": [EXILE_TOP, *CLAUSES_EL["exile"], EXILE], "return": [RETURN_FROM_GY, RETURN_HAND, RETURN_BF], "put": [PUT_FROM_HAND, PUT_BF, PUT_LIBRARY, COUNTERS], "learn": [V("learn", {"learn": True})],
    "choose": [choice({"choose a color": {"choose": "color"}, "choose a creature type": {"choose": "creature_type"},
                       "choose a card type": {"choose": "card_type"}}), *NAME_CLAUSES["choose"]],
    "shuffle": [SHUFFLE_ZONES, SHUFFLE_INTO], "each": [SHUFFLE_ZONES], "draw": [DRAW], "gain": [GAIN_CONTROL, GAIN], "lose": [LOSE], "mill": [MILL],
    "discard": [DISCARD], "scry": [SCRY], "surveil": [SCRY], "remove": [REMOVE_COUNTERS], "proliferate": [PROLIFERATE],
    "create": [TOKEN_COPY, CREATE], "spend": [SPEND_ONLY], "if": [COUNTERED_EXILE], "investigate": [INVESTIGATE], "tap": [TAP_OR_UNTAP, TAP], "untap": [UNTAP],
    "counter": [COUNTER], "regenerate": [REGENERATE], "transform": [TRANSFORM], "sacrifice": [SAC_UNLESS, SACRIFICE], "venture": [VENTURE], "take": [EXTRA_TURN],
    "add": [*CLAUSES_EL["add"], ADD_MANA], "that": CLAUSES_EL["that"], "search": [SEARCH_BOTH, SEARCH, *CLAUSES_EL["search"], *NAME_CLAUSES["search"]], "prevent": [PREVENT], "copy": [COPY_SPELL], "goad": [GOAD],
    "bolster": [BOLSTER], "amass": [BOLSTER], "look": [DIG, *CLAUSES_EL["look"], LOOK_HAND], "reveal": [REVEAL_UNTIL, DIG], "defending": [DIG], "target": [DIG, SHUFFLE_ZONES, *NAME_CLAUSES["target"]], "monstrosity": [MONSTROSITY], "pay": [PAY],
    "until": [PLAY_EXILED, LOSE_ALL, ANIMATE, PUMP, SWITCH_PT], "switch": [SWITCH_PT], "you": [PLAY_EXILED],
    "have": [HAVE_DAMAGE, (W("have") + PUMP)], **CLAUSES_T},
    [*DEFAULTS_T, *DEFAULTS_EL, V("you become the monarch", {"monarch": True}), V("you win the game", {"win_game": True}), EXTRA_TURN_OF, ANIMATE, BASE_PT, ENERGY, REVEAL_CHOOSE, REVEAL_HAND, DAMAGE_DIVIDED, DAMAGE_TWO, DAMAGE, DAMAGE_BY_TARGET, DRAIN, DRAW, GAIN, LOSE, MILL, DISCARD, PUMP, CANT_BLOCK, NO_UNTAP, FIGHT, SACRIFICE,
     EXPLORE, CONNIVE, PHASE, *DEFAULTS_EK])


def _flat(t):
    out = []
    for x in t:
        if isinstance(x, list):
            out.extend(x)
        else:
            out.append(x)
    return [out]


def _clauses(s, loc, t):
    """Flatten the clauses; a bare third-person verb takes the subject of the clause before it."""
    out = _flat(t)[0]
    last = None
    for i, e in enumerate(out):
        arg = next(iter(e.values())) if isinstance(e, dict) and len(e) == 1 else None
        if not isinstance(arg, dict) or "player" not in arg:
            continue
        if arg["player"] == SAME:
            if last is None:
                raise pp.ParseException(s, loc, "a verb without a subject")
            verb = next(iter(e))
            out[i] = {verb: dict(arg, player=last)}
        else:
            last = arg["player"]
    return [out]


_MAY = W("you may")
_SEP = W(", then", ". then", "then", "and", ",", ", and")
_CHAIN = CLAUSE + pp.ZeroOrMore(_SEP + CLAUSE)
# "you may" covers the rest of its sentence ("you may sacrifice a creature and draw a card": both or neither).
_MAY_REST = (_MAY + _CHAIN).set_parse_action(lambda s, loc, t: [[{"may": _clauses(s, loc, t)[0]}]])
CLAUSES = (_MAY_REST | (_CHAIN + pp.Opt(_SEP + _MAY_REST))).set_parse_action(_clauses)
IF_YOU_DO = (W("if you do,") + CLAUSES).set_parse_action(lambda t: [[{"if_you_do": t[0]}]])
IF_YOU_DONT = (W("if you don't,") + CLAUSES).set_parse_action(lambda t: [[{"if_you_dont": t[0]}]])
SENTENCE = (IF_YOU_DO | IF_YOU_DONT | CLAUSES) + pp.Opt(pp.Literal(".")).suppress()
EFFECTS = pp.OneOrMore(SENTENCE).set_parse_action(_flat)

# Delayed (603.7) and reflexive (603.12) triggered abilities created by an effect.
_NEXT = choice({"at the beginning of the next end step": "next_end_step",
                "at the beginning of your next upkeep": "your_next_upkeep",
                "at the beginning of the next turn's upkeep": "next_upkeep",
                "at end of combat": "end_of_combat", "at the beginning of your next end step": "next_end_step"})
DELAYED = (_NEXT + pp.Literal(",").suppress() + CLAUSES).set_parse_action(
    lambda t: [[{"delayed": {"at": t[0], "effects": t[1]}}]]) | \
    (CLAUSES + _NEXT).set_parse_action(lambda t: [[{"delayed": {"at": t[1], "effects": t[0]}}]])
REFLEXIVE = (W("when you do,") + CLAUSES).set_parse_action(lambda t: [[{"reflexive": {"effects": t[0]}}]])
_IF_COND = (W("if") + CONDITION + pp.Literal(",").suppress() + CLAUSES).set_parse_action(
    lambda t: [[{"if": t[0], "then": t[1]}]])
_OTHERWISE = (W("otherwise,") + CLAUSES).set_parse_action(lambda t: [[{"otherwise": t[0]}]])
_IF_KICKED = (W("if ~ was kicked,", "if it was kicked,") + CLAUSES).set_parse_action(
    lambda t: [[{"if": {"kicked": True}, "then": t[0]}]])
def _subst_x(v, x):
    if v == "X":
        return x
    if v == "-X":
        return {"negate": x}
    if isinstance(v, list):
        return [_subst_x(y, x) for y in v]
    if isinstance(v, dict):
        return {k: _subst_x(y, x) for k, y in v.items()}
    return v


WHERE_X = (CLAUSES + W(", where x is") + X_IS).set_parse_action(lambda t: [_subst_x(t[0], t[1])])
# 608.2c "… instead": "if ~ was kicked, it deals 4 damage instead" — the sentence replaces the effect just before it
# by a variant when the condition holds ({if, then: [variant], otherwise: [effect]}); a variant names a new number
# for that effect (``_N_VARIANT``, a table of verb: phrase) or is a whole clause; the condition is a CONDITION
# (kicked 702.33d, cast from a graveyard 601.2a, addendum, mana spent 601.2h …).
_N_VARIANT = ((W("it deals", "~ deals") + NUM + W("damage")).set_parse_action(lambda t: [{"_n": ("damage", t[0])}]) |
              (W("create") + NUM + W("of those tokens")).set_parse_action(lambda t: [{"_n": ("create_token", t[0])}]))
INSTEAD = (W("if") + CONDITION + pp.Literal(",").suppress() + (_N_VARIANT + W("instead") | CLAUSES + W("instead") | W("instead") + CLAUSES)
           ).set_parse_action(lambda t: [[{"_instead": {"if": t[0], "with": t[1]}}]])


def resolve_instead(effects: list) -> list:
    """An "instead" sentence takes the effect before it as its `otherwise`; one with nothing before it (the
    first sentence of a line: a spell's next line resolves it, compile.assemble) stays a marker, which no
    handler reads. ValueError: a variant of an effect it doesn't vary, or with targets of its own."""
    out = []
    for e in effects:
        if not (isinstance(e, dict) and "_instead" in e):
            out.append(e)
            continue
        prev = out.pop() if out and isinstance(out[-1], dict) and len(out[-1]) == 1 else None
        if prev is None:
            out.append(e)
            continue
        w = e["_instead"]["with"]
        if isinstance(w, dict) and (w["_n"][0] not in prev or _n_targets(prev) > 1):
            raise ValueError("nothing for 'instead' to replace")
        if isinstance(w, dict):                  # the same effect with another number, on the same target
            verb, n = w["_n"]
            new = [{verb: dict(_same_target(prev[verb]), n=n)}]
        else:                                    # a whole clause; its targets would depend on the condition
            new = list(w)                        # (601.2c), which one target list can't say: not read
            if _n_targets(new):
                raise ValueError("an 'instead' variant with targets of its own")
        # `otherwise` first: the variant's "that creature" / "it" refers to what the replaced effect targeted
        out.append({"if": e["_instead"]["if"], "otherwise": [prev], "then": new})
    return out


def _resolve_instead(s, loc, t):
    try:
        return [resolve_instead(_flat(t)[0])]
    except ValueError as e:
        raise pp.ParseException(s, loc, str(e)) from None


def _n_targets(v) -> int:
    if isinstance(v, dict):
        return (set(v) == {"target"}) + sum(_n_targets(x) for x in v.values())
    return sum(_n_targets(x) for x in v) if isinstance(v, list) else 0


def _same_target(v):
    if isinstance(v, dict):
        return {"ref": "it"} if set(v) == {"target"} else {k: _same_target(x) for k, x in v.items()}
    return [_same_target(x) for x in v] if isinstance(v, list) else v
COIN = coin_sentence(CLAUSES) | clash_sentence(CLAUSES) | kinship_sentence(CLAUSES) | unless_sentence(CLAUSES) | \
    vote_sentence(CLAUSES) | pay_by_sentence(CLAUSES)
SENTENCE = (COIN | DELAYED | REFLEXIVE | INSTEAD | _IF_KICKED | _IF_COND | _OTHERWISE | IF_YOU_DO | IF_YOU_DONT | WHERE_X | CLAUSES) + (pp.Literal(".") | pp.StringEnd()).suppress()
EFFECTS = pp.OneOrMore(SENTENCE).set_parse_action(_resolve_instead)
