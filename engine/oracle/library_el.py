"""Library clauses of group el (issue 21) as tables: another player revealing cards from the top of their own
library until one (or N) of a kind is revealed, and where they put them ("target player reveals cards from the
top of their library until they reveal a land card, then puts those cards into their graveyard"; "its controller
reveals … until they reveal a creature card. The player puts that card onto the battlefield, then shuffles all
other cards revealed this way into their library", 701.20 / 701.24), and another player exiling the top N cards
of their library (406.3) → ``reveal_until`` / ``exile_top`` with a ``player`` (engine/game/effects)."""
from __future__ import annotations

import pyparsing as pp

from .base import NUM_ONLY, W, choice
from .filters import INDEF, PLAYER_WORD

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

DEFAULTS_LIB_EL = [THEIR_REVEAL_UNTIL, THEIR_EXILE_TOP]
