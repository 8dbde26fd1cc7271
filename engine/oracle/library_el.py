"""Library clauses of group el (issue 21) as tables: another player revealing cards from the top of their own
library until one (or N) of a kind is revealed, and where they put them ("target player reveals cards from the
top of their library until they reveal a land card, then puts those cards into their graveyard"; "its controller
reveals … until they reveal a creature card. The player puts that card onto the battlefield, then shuffles all
other cards revealed this way into their library", 701.20 / 701.24), and another player exiling the top N cards
of their library (406.3) → ``reveal_until`` / ``exile_top`` with a ``player`` (engine/game/effects)."""
from __future__ import annotations

import pyparsing as pp

from .base import NUM_ONLY, W, choice
from .filters import INDEF, PLAYER_TARGET, PLAYER_WORD

_UNTIL = W("reveals cards from the top of their library until")
_WHAT = (W("they reveal") + INDEF) | (INDEF + W("is revealed", "are revealed"))
# where the revealed cards go: (to, rest) — the matching card(s), the other revealed cards
_TAIL = choice({
    ", then puts those cards into their graveyard": ("graveyard", "graveyard"),
    ", then puts all cards revealed this way into their graveyard": ("graveyard", "graveyard"),
    ". that player puts all cards revealed this way into their graveyard": ("graveyard", "graveyard"),
    ". the player puts all cards revealed this way into their graveyard": ("graveyard", "graveyard"),
    ". the player puts that card onto the battlefield, then shuffles all other cards revealed this way into their "
    "library": ("battlefield", "shuffle"),
    ". the player puts that card onto the battlefield, then shuffles the rest into their library":
        ("battlefield", "shuffle"),
    ", puts that card onto the battlefield, then shuffles the rest into their library": ("battlefield", "shuffle"),
    ". the player puts that card onto the battlefield and the rest on the bottom of their library in any order":
        ("battlefield", "bottom"),
    ". the player puts that card onto the battlefield and the rest on the bottom of their library in a random "
    "order": ("battlefield", "bottom_random"),
    ", then puts that card onto the battlefield and the rest on the bottom of their library in a random order":
        ("battlefield", "bottom_random"),
})


def _until(s, loc, t):
    who, what, (to, rest) = t[0], t[1], t[2]
    if to == "battlefield" and what["n"] != 1:       # "that card": one card
        raise pp.ParseException(s, loc, "that card of several")
    n = {} if what["n"] == 1 else {"n": what["n"]}
    return [{"reveal_until": dict(who, filter=what["filter"], to=to, rest=rest, **n)}]


THEIR_REVEAL_UNTIL = (PLAYER_WORD + _UNTIL + _WHAT + _TAIL).set_parse_action(_until)

# 406.3: "target player exiles the top three cards of their library" (another player's own library)
_TOP = (W("exiles the top") + NUM_ONLY + W("cards of their library")) | \
    W("exiles the top card of their library").set_parse_action(lambda: [1])
THEIR_EXILE_TOP = (PLAYER_WORD + _TOP).set_parse_action(lambda t: [{"exile_top": dict(t[0], n=t[1])}])

# 701.19: searching another player's library ("search target opponent's library for a creature card and put that
# card onto the battlefield under your control. Then that player shuffles.")
_THEIR_LIB = choice({"target opponent's": {"player": "target", "target": PLAYER_TARGET["target opponent"]},
                     "target player's": {"player": "target", "target": PLAYER_TARGET["target player"]},
                     "that player's": {"player": "that_player"}})
_FOUND = INDEF.copy().add_parse_action(lambda t: [{"filter": t[0]["filter"], "n": t[0]["n"]}]) | \
    (W("up to") + INDEF).set_parse_action(lambda t: [{"filter": t[0]["filter"], "n": t[0]["n"], "up_to": True}])
_THEIR_TO = choice({"and exile it": {"to": "exile"}, "and exile them": {"to": "exile"}, ", exile them": {"to": "exile"},
                    "and put that card onto the battlefield under your control": {"to": "battlefield"},
                    ". put that card onto the battlefield under your control": {"to": "battlefield"}})
_THEY_SHUFFLE = W(". then that player shuffles", ", then that player shuffles", ". then the player shuffles")


def _search_theirs(t):
    arg = dict(t[0], **t[1], **t[2])
    if arg.get("n") == 1:
        del arg["n"]
    return [{"search": arg}]


SEARCH_THEIRS = (W("search") + _THEIR_LIB + W("library for") + _FOUND + _THEIR_TO + _THEY_SHUFFLE).set_parse_action(
    _search_theirs)
# "search its controller's graveyard, hand, and library for all cards with the same name as that spell and exile
# them. Then that player shuffles." (any number of: the searcher may leave some, 701.19b)
_SAME_NAME = choice({"all cards": {"take": "all"}, "any number of cards": {"take": "any"}}) + W(
    "with the same name as that spell", "with the same name as that creature", "with the same name as that land",
    "with the same name as that artifact", "with the same name as that enchantment",
    "with the same name as that card", "with the same name as that permanent")
SEARCH_SAME_NAME = (W("search its controller's graveyard, hand, and library for") + _SAME_NAME +
                    W("and exile them") + _THEY_SHUFFLE).set_parse_action(
    lambda t: [{"search": dict(t[0], player="its_controller", zones=["graveyard", "hand", "library"],
                               filter={"same_name": {"ref": "it"}}, to="exile")}])

CLAUSES_LIB_EL = {"search": [SEARCH_THEIRS, SEARCH_SAME_NAME]}
DEFAULTS_LIB_EL = [THEIR_REVEAL_UNTIL, THEIR_EXILE_TOP]
