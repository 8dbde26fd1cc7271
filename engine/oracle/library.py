"""Library manipulation (701.19 family): "look at / reveal the top N cards of your library", what is done with
them ("put one of them into your hand", "you may reveal a creature card from among them and put it into your
hand", "put all land cards revealed this way onto the battlefield tapped", "if it's a land card, …") and with
the rest ("put the rest on the bottom of your library in any order", "… into your graveyard", "then put them
back in any order") → one ``dig`` EFFECT (engine/game/effects/library.py runs it).

``{dig: {n, player?, reveal?, parts: [PART], rest}}``; a PART says which of the looked-at cards go where:
``{take: N | "all" | "any", up_to?, may?, filter?, to: hand|battlefield|graveyard|exile|top|bottom, tapped?}``.
The phrases are tables (data): a new card using a known construction compiles with no new code.
"""
from __future__ import annotations

import pyparsing as pp

from .base import NUM, NUM_ONLY, V, W, choice, merge
from .filters import OBJECT

# ---------------------------------------------------------------- whose library, how many
_WHOSE = choice({"your": {}, "target player's": {"player": "target", "target": {"kind": "player"}},
                 "target opponent's": {"player": "target",
                                       "target": {"kind": "player", "filter": {"controller": "opponent"}}}})
_VERB = choice({"look at": {}, "reveal": {"reveal": True}})
_COUNT = (NUM_ONLY + W("cards")) | W("card").set_parse_action(lambda: [1])
_HEAD_MINE = (_VERB + W("the top") + _COUNT + W("of") + _WHOSE + W("library")).set_parse_action(
    lambda t: [dict(t[0], n=t[1], **t[2])])
# "defending player reveals the top card of their library" (another player reveals their own)
_REVEALER = choice({"defending player": {"player": "defending_player"},
                    "target player": {"player": "target", "target": {"kind": "player"}},
                    "target opponent": {"player": "target", "target": {"kind": "player",
                                                                       "filter": {"controller": "opponent"}}}})
_HEAD_THEIRS = (_REVEALER + W("reveals the top") + _COUNT + W("of their library")).set_parse_action(
    lambda t: [dict(t[0], reveal=True, n=t[1])])
HEAD = _HEAD_MINE | _HEAD_THEIRS

# ---------------------------------------------------------------- destinations (tables)
DEST = choice({"into your hand": {"to": "hand"}, "into its owner's hand": {"to": "hand"},
               "into their hand": {"to": "hand"},
               "onto the battlefield": {"to": "battlefield"},
               "onto the battlefield tapped": {"to": "battlefield", "tapped": True},
               "into your graveyard": {"to": "graveyard"}, "into that player's graveyard": {"to": "graveyard"},
               "into their graveyard": {"to": "graveyard"},
               "on the bottom of your library": {"to": "bottom"},
               "on the bottom of that player's library": {"to": "bottom"},
               "on top of your library": {"to": "top"}, "back on top of your library": {"to": "top"}})
REST = choice({"on the bottom of your library in any order": "bottom",
               "on the bottom in any order": "bottom",
               "on the bottom of your library in a random order": "bottom_random",
               "on the bottom of that library in a random order": "bottom_random",
               "on the bottom of that player's library in any order": "bottom",
               "on the bottom of your library": "bottom",
               "into your graveyard": "graveyard", "into that player's graveyard": "graveyard",
               "into their graveyard": "graveyard",
               "back on top of your library in any order": "top", "on top of your library in any order": "top",
               "back in any order": "top", "on top of their library in any order": "top",
               "into your hand": "hand", "back on top of your library": "top"})

# ---------------------------------------------------------------- which cards
_THEM = W("from among them", "from among those cards", "of them", "of those cards")
_REVEALED = W("revealed this way", "from among them", "from among those cards")
_CARD_OBJ = OBJECT.copy().add_parse_action(lambda t: [{"filter": t[0]["filter"]}])
PICK = (
    (W("any number of them")).set_parse_action(lambda: [{"take": "any"}]) |
    (W("any number of") + _CARD_OBJ + _THEM).set_parse_action(lambda t: [dict(t[0], take="any")]) |
    (W("all") + _CARD_OBJ + _REVEALED).set_parse_action(lambda t: [dict(t[0], take="all")]) |
    (W("up to") + NUM_ONLY + (_THEM.copy().set_parse_action(lambda: [{"filter": {}}]) |
                              (_CARD_OBJ + _THEM))).set_parse_action(
        lambda t: [dict(t[1], take=t[0], up_to=True)]) |
    (NUM + _THEM).set_parse_action(lambda t: [{"take": t[0]}]) |
    (W("a", "an") + _CARD_OBJ + _THEM).set_parse_action(lambda t: [dict(t[0], take=1)])
)
_MAY = pp.Opt(V("you may", {"may": True}), default={})
_AND_PUT = W("and put it", "and put that card", "and put them", "and put the revealed cards", "and put those cards")
# "you may reveal a creature card from among them and put it into your hand"
_REVEAL_PUT = (_MAY + W("reveal") + PICK + _AND_PUT + DEST).set_parse_action(lambda t: [merge(t)])
# "put one of them into your hand", "you may put a land card from among them onto the battlefield tapped",
# "put all creature cards revealed this way into your hand"
_PUT = (_MAY + W("put") + PICK + DEST).set_parse_action(lambda t: [merge(t)])
# "put any number of them into your graveyard" / "… onto the battlefield" ordered after PICK ("put a land card
# onto the battlefield from among them" never appears; the table order is Oracle's)
PART = _REVEAL_PUT | _PUT

# ---------------------------------------------------------------- the single card looked at
_IF_IT = W("if it's a", "if it's an", "if that card is a", "if that card is an") + _CARD_OBJ + W(",")
_PUT_IT = W("put it", "put that card", "reveal it and put it", "reveal that card and put it",
            "that player puts it", "the player puts it")
IF_PART = (_IF_IT + _MAY + _PUT_IT + DEST).set_parse_action(lambda t: [dict(merge(t), take=1)])
OTHERWISE = (W("otherwise,") + W("put it", "put that card") + REST).set_parse_action(lambda t: [{"rest": t[0]}])
# "you may put that card on the bottom of your library" / "… into your graveyard" (a single card, 701.20)
MAY_IT = (V("you may", {"may": True}) + W("put that card", "put it") + DEST).set_parse_action(
    lambda t: [dict(merge(t), take=1)])
IT_TO = (W("put that card", "put it") + DEST).set_parse_action(lambda t: [dict(t[0], take="all")])

# ---------------------------------------------------------------- what happens to the rest
_REST_WORD = W("the rest of the cards revealed this way", "the rest of those cards", "the rest", "the other",
               "the others")
REST_PART = ((W("then") + W("put") + _REST_WORD + REST) | (W("put") + _REST_WORD + REST) |
             (W("and") + _REST_WORD + REST) | (_REST_WORD + REST) | (W("then put them", "put them") + REST)
             ).set_parse_action(lambda t: [{"rest": t[0]}])

_SEP = W(". then", ", then", ".", ",", "and")


def _dig(s, loc, t):
    head, items = t[0], list(t[1:])
    parts, rest = [], None
    for x in items:
        if "rest" in x:
            if rest is not None:
                raise pp.ParseException(s, loc, "the rest twice")
            rest = x["rest"]
        else:
            if rest is not None:
                raise pp.ParseException(s, loc, "a part after the rest")
            parts.append(x)
    if not parts and rest is None:
        raise pp.ParseException(s, loc, "nothing done with the cards")
    n = head["n"]
    if rest is None and n != 1:
        raise pp.ParseException(s, loc, "where the other looked-at cards go is left unsaid")
    return [{"dig": dict(head, parts=parts, rest=rest or "stay")}]


_ITEM = IF_PART | OTHERWISE | MAY_IT | IT_TO | REST_PART | PART
DIG = (HEAD + pp.OneOrMore(pp.Opt(_SEP) + _ITEM)).set_parse_action(_dig) | \
    pp.And([HEAD]).set_parse_action(lambda t: [{"dig": dict(t[0], parts=[], rest="stay")}])   # only looked at
