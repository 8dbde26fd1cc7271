"""Hand clauses of group el (issue 21) as tables, registered with the effect grammar's first-word dispatch
(engine/game/mechanics/hand_el.py runs them):

- a player's hand revealed and a card of it chosen by you, then discarded or exiled (701.16 / 701.9 / 406.2):
  "target opponent reveals their hand. you choose a nonland card from it [with mana value 3 or less] and exile that
  card" → ``discard_chosen`` / ``exile_chosen``;
- a card of a player's hand revealed at random, read by a later clause (701.16a): "target opponent reveals a card
  at random from their hand. you gain life equal to that card's mana value" → ``reveal_random`` (the card is
  ``found``);
- a player exiling cards of their choice from their own hand (406.2): "target opponent exiles a card from their
  hand" → ``exile_from_hand``;
- a hand traded for as many new cards (701.9 then 121.1): "each player discards all the cards in their hand, then
  draws that many cards", "discard up to two cards, then draw that many cards [plus one]", "put the cards in your
  hand on the bottom of your library in any order, then draw that many cards" → ``discard_draw``;
- cards of your hand revealed, counted by a later clause (701.16a): "reveal any number of red cards in your hand.
  … where x is the number of cards revealed this way" → ``reveal_any`` and the value ``revealed_this_way:cards``;
- another player searching their own library (701.19, 701.19b: they may find nothing): "its controller may
  search their library for a basic land card, put it onto the battlefield tapped, then shuffle" → ``search_own``;
- cards drawn, then some put back from the hand (121.1, 401.4): "draw three cards, then put two cards from your
  hand on top of your library in any order" → ``draw`` and ``put_from_hand``;
- draws: "that player draws an additional card" / "two additional cards" (121.1) → ``draw``; "defending player
  may draw a card" (the player chooses) → ``may_draw``;
- a search for a card whose mana value is computed (701.19, 202.3): "search your library for a creature card with
  mana value equal to 1 plus the sacrificed creature's mana value, put that card onto the battlefield, then
  shuffle" → ``search`` with the filter ``mana_value_is``;
- manifest (701.34): "manifest the top card of your library" / "the top two cards" → ``manifest``;
- targets "from a single graveyard" (all in one player's graveyard, checked as they are chosen, 601.2c):
  "exile up to three target cards from a single graveyard" → a TARGET with ``single_graveyard``;
- a card of your graveyard put into your library (401.4 / 701.24): "put target creature card from your graveyard on
  top of your library", "shuffle target card from your graveyard into your library"."""
from __future__ import annotations

import pyparsing as pp

from .base import NUM, NUM_ONLY, W, choice, merge
from .effects_es import register
from .filters import INDEF, OBJECT, PLAYER_WORD, POST, TARGET

# ---------------------------------------------------------------- reveal a hand, you choose a card of it
_PICKED = (W("you choose a", "you choose an") + OBJECT + W("from it") + pp.ZeroOrMore(POST)).set_parse_action(
    lambda t: [merge([t[0]["filter"], *t[1:]])])
_PICK_TO = choice({". that player discards that card": "discard_chosen", ". that player discards it": "discard_chosen",
                   "and exile that card": "exile_chosen", "and exile it": "exile_chosen",
                   ". exile that card": "exile_chosen", ". exile it": "exile_chosen"})
REVEAL_PICK = (PLAYER_WORD + W("reveals their hand.") + _PICKED + _PICK_TO).set_parse_action(
    lambda t: [{t[2]: dict(t[0], filter=t[1])}])

# ---------------------------------------------------------------- a card of a hand revealed at random (701.16a)
REVEAL_RANDOM = (PLAYER_WORD + W("reveals a card at random from their hand")).set_parse_action(
    lambda t: [{"reveal_random": t[0]}])

# ---------------------------------------------------------------- a player exiles cards from their hand
_N_CARDS = (NUM_ONLY + W("cards")) | W("a card").set_parse_action(lambda: [1])
EXILE_FROM_HAND = (PLAYER_WORD + W("exiles") + _N_CARDS + W("from their hand")).set_parse_action(
    lambda t: [{"exile_from_hand": dict(t[0], n=t[1])}])

# ---------------------------------------------------------------- trade cards of a hand for as many draws
# which cards leave the hand, and where to
_GIVE_UP = choice({"discard all the cards in your hand": {"n": "all", "to": "graveyard"},
                   "discard your hand": {"n": "all", "to": "graveyard"},
                   "discard any number of cards": {"n": "any", "to": "graveyard"},
                   "put the cards in your hand on the bottom of your library in any order": {"n": "all", "to": "bottom"},
                   "shuffle any number of cards from your hand into your library": {"n": "any", "to": "shuffle"},
                   "shuffle your hand into your library": {"n": "all", "to": "shuffle"}}) | \
    (W("discard up to") + NUM_ONLY + W("cards")).set_parse_action(lambda t: [{"n": t[0], "to": "graveyard", "up_to": True}])
_THEY_GIVE_UP = choice({"discards all the cards in their hand": {"n": "all", "to": "graveyard"},
                        "discards their hand": {"n": "all", "to": "graveyard"},
                        "discards any number of cards": {"n": "any", "to": "graveyard"},
                        "shuffles the cards from their hand into their library": {"n": "all", "to": "shuffle"},
                        "shuffles their hand into their library": {"n": "all", "to": "shuffle"}})
_MORE = pp.Opt(choice({"plus one": 1, "minus one": -1}), default=0)


def _trade(t, player):
    give, more = t[-2], t[-1]
    arg = dict(player, **give)
    if more:
        arg["plus"] = more
    return [{"discard_draw": arg}]


DISCARD_DRAW = (_GIVE_UP + W(", then draw that many cards") + _MORE).set_parse_action(
    lambda t: _trade(t, {"player": "you"})) | \
    (PLAYER_WORD + _THEY_GIVE_UP + W(", then draws that many cards") + _MORE).set_parse_action(
        lambda t: _trade(t, t[0]))


# ---------------------------------------------------------------- reveal any number of cards of your hand (701.16a)
def _in_hand(s, loc, t):
    o = t[0]
    if o.get("zone") != "hand" or o["filter"].get("owner") != "you":
        raise pp.ParseException(s, loc, "cards of your hand only")
    return [{"reveal_any": {"filter": {k: v for k, v in o["filter"].items() if k != "owner"}}}]


REVEAL_ANY = (W("reveal any number of") + OBJECT).set_parse_action(_in_hand)
register("reveal", REVEAL_ANY)


# ---------------------------------------------------------------- its controller searches their own library
_OWN_TO = choice({", put it onto the battlefield tapped, then shuffle": {"to": "battlefield", "tapped": True},
                  ", put that card onto the battlefield tapped, then shuffle": {"to": "battlefield", "tapped": True},
                  ", put it onto the battlefield, then shuffle": {"to": "battlefield"},
                  ", put that card onto the battlefield, then shuffle": {"to": "battlefield"}})
_ONE = INDEF.copy().add_condition(lambda t: t[0]["n"] == 1 and t[0]["kind"] == "card")
SEARCH_OWN = (W("its controller may search their library for") + _ONE + _OWN_TO).set_parse_action(
    lambda t: [{"search_own": dict(t[1], player="its_controller", filter=t[0]["filter"])}])
register("its", SEARCH_OWN)


# ---------------------------------------------------------------- draw, then put cards from the hand back
_N_FROM_HAND = (NUM_ONLY + W("cards from your hand")) | W("a card from your hand").set_parse_action(lambda: [1])
_PUT_BACK = choice({"on top of your library in any order": "top", "on top of your library": "top",
                    "on the bottom of your library in any order": "bottom", "on the bottom of your library": "bottom"})


def _put_back(s, loc, t):
    drawn, back, where = t[0], t[1], t[2]
    if where == "top" and back > 1 and "any order" not in s[loc:loc + 200]:
        raise pp.ParseException(s, loc, "several cards on top in an unsaid order")
    return [[{"draw": drawn}, {"put_from_hand": {"n": back, "where": where}}]]


DRAW_PUT_BACK = (W("draw") + _N_CARDS + W(", then put") + _N_FROM_HAND + _PUT_BACK).set_parse_action(_put_back)

# ---------------------------------------------------------------- additional draws, optional draws (121.1)
_ADDITIONAL = choice({"an additional card": 1, "two additional cards": 2, "three additional cards": 3})
DRAW_ADDITIONAL = (W("draw") + _ADDITIONAL).set_parse_action(lambda t: [{"draw": t[0]}]) | \
    (PLAYER_WORD + W("draws") + _ADDITIONAL).set_parse_action(lambda t: [{"draw": dict(t[0], n=t[1])}])
MAY_DRAW = (PLAYER_WORD + W("may draw") + _N_CARDS).set_parse_action(lambda t: [{"may_draw": dict(t[0], n=t[1])}])
register("draw", DRAW_PUT_BACK | DRAW_ADDITIONAL)


# ---------------------------------------------------------------- search for a computed mana value (701.19)
_MV_IS = (W("with mana value equal to") + NUM_ONLY + W("plus") + choice({
    "the sacrificed creature's mana value": "mana_value:sacrificed"})).set_parse_action(
    lambda t: [{"mana_value_is": {"sum": [t[0], t[1]]}}])
_MV_TO = choice({", put that card onto the battlefield, then shuffle": {"to": "battlefield"},
                 ", put it onto the battlefield, then shuffle": {"to": "battlefield"},
                 ", reveal it, put it into your hand, then shuffle": {"to": "hand", "reveal": True}})
_A_CARD = OBJECT.copy().add_condition(lambda t: t[0]["kind"] == "card")
SEARCH_MV = (W("search your library for a", "search your library for an") + _A_CARD + _MV_IS + _MV_TO
             ).set_parse_action(lambda t: [{"search": dict(t[2], filter=dict(t[0]["filter"], **t[1]))}])
register("search", SEARCH_MV)


# ---------------------------------------------------------------- manifest (701.34)
MANIFEST = (W("manifest the top") + ((NUM_ONLY + W("cards")) | W("card").set_parse_action(lambda: [1])) +
            W("of your library")).set_parse_action(lambda t: [{"manifest": {"n": t[0]}}])
register("manifest", MANIFEST)


# ---------------------------------------------------------------- graveyard targets
def _single(s, loc, t):
    spec = t[0]["target"]
    if spec.get("kind") not in ("None_card", "graveyard_card") or (spec.get("filter") or {}).get("owner"):
        raise pp.ParseException(s, loc, "not cards of a graveyard")
    return [{"target": dict(spec, kind="graveyard_card", single_graveyard=True)}]


SINGLE_GY = (TARGET + W("from a single graveyard")).set_parse_action(_single)
EXILE_SINGLE_GY = (W("exile") + SINGLE_GY).set_parse_action(lambda t: [{"exile": {"what": t[0]}}])


def _own_gy(s, loc, t):
    spec = t[0]["target"]
    if spec.get("kind") != "graveyard_card" or (spec.get("filter") or {}).get("owner") != "you":
        raise pp.ParseException(s, loc, "a card of your graveyard only (your library is its owner's)")
    return [t[0]]


_YOUR_GY_CARD = TARGET.copy().add_parse_action(_own_gy)
PUT_GY_IN_LIBRARY = (W("put") + _YOUR_GY_CARD + choice({"on top of your library": "top",
                                                        "on the bottom of your library": "bottom"})
                     ).set_parse_action(lambda t: [{"put_in_library": {"what": t[0], "where": t[1]}}])
SHUFFLE_GY_IN = (W("shuffle") + _YOUR_GY_CARD + W("into your library")).set_parse_action(
    lambda t: [{"shuffle_into_library": t[0]}])

register("exile", EXILE_SINGLE_GY)
register("put", PUT_GY_IN_LIBRARY)
register("shuffle", SHUFFLE_GY_IN)
for _w in ("target", "each", "that", "defending", "its", "the", "they", "an"):
    register(_w, REVEAL_PICK | EXILE_FROM_HAND | DISCARD_DRAW | REVEAL_RANDOM | DRAW_ADDITIONAL | MAY_DRAW)
for _w in ("discard", "put", "shuffle"):
    register(_w, DISCARD_DRAW)
