"""More of the library family (701.19 / 701.24): searching the library AND/OR the graveyard ("search your library
and/or graveyard for a card named …, reveal it, and put it into your hand. If you search your library this way,
shuffle"), shuffling whole zones into the library ("each player shuffles their hand and graveyard into their
library"), and revealing until ("reveal cards from the top of your library until you reveal a creature card. Put
that card into your hand and the rest on the bottom of your library in a random order").  Phrases are tables."""
from __future__ import annotations

import pyparsing as pp

from .base import W, choice
from .card_names import PLANESWALKER_NAMES
from .filters import INDEF, PLAYER_WORD
from .library import REST

# ---------------------------------------------------------------- search library and/or graveyard (701.19)
# a planeswalker's name (a closed list, card_names.py: a mutated name never parses; never with "~", the card's own
# name normalised away)
_NAMED = (W("a card named") + pp.Regex(r"[^.~]+?(?=,? (?:reveal it|and put it|put it|then put it))").add_condition(
    lambda t: t[0].strip() in PLANESWALKER_NAMES)).set_parse_action(lambda t: [{"filter": {"named": t[0].strip()}, "n": 1}])
_FOUND_TO = pp.Opt(W(",")) + choice({"reveal it, and put it into your hand": {"to": "hand", "reveal": True},
                                      "reveal it, then put it into your hand": {"to": "hand", "reveal": True},
                                      "reveal it, put it into your hand": {"to": "hand", "reveal": True},
                                      "and put it into your hand": {"to": "hand"},
                                      "and put it onto the battlefield": {"to": "battlefield"},
                                      "put it onto the battlefield": {"to": "battlefield"}})
_SHUFFLE_IF = W(". if you search your library this way, shuffle", ". if you searched your library this way, shuffle")
SEARCH_BOTH = (W("search your library and/or graveyard for") + (_NAMED | INDEF) + _FOUND_TO + _SHUFFLE_IF
               ).set_parse_action(lambda t: [{"search": dict(t[1], filter=t[0]["filter"],
                                                             zones=["library", "graveyard"])}])

# ---------------------------------------------------------------- shuffle zones into the library (701.24)
_ZONES = choice({"their graveyard": ["graveyard"], "their hand and graveyard": ["hand", "graveyard"],
                 "your graveyard": ["graveyard"], "your hand and graveyard": ["hand", "graveyard"]})
_INTO = W("into their library", "into your library")
SHUFFLE_ZONES = (PLAYER_WORD + W("shuffles") + _ZONES + _INTO).set_parse_action(
    lambda t: [{"shuffle_zones": dict(t[0], zones=t[1])}]) | \
    (W("shuffle") + _ZONES + _INTO).set_parse_action(lambda t: [{"shuffle_zones": {"player": "you", "zones": t[0]}}])

# ---------------------------------------------------------------- reveal until (701.20)
_UNTIL_TO = choice({"put that card into your hand": "hand", "put that card onto the battlefield": "battlefield",
                    "put it into your hand": "hand", "put it onto the battlefield": "battlefield"})
_REST_OF = W("and the rest", "and all other cards revealed this way", "and put all other cards revealed this way",
             "and put the rest")
_ONE = INDEF.copy().add_condition(lambda t: t[0]["n"] == 1)
REVEAL_UNTIL = (W("reveal cards from the top of your library until you reveal") + _ONE + W(".") + _UNTIL_TO +
                _REST_OF + (REST | choice({"into your graveyard": "graveyard"}))).set_parse_action(
    lambda t: [{"reveal_until": {"filter": t[0]["filter"], "to": t[1], "rest": t[2]}}])
