"""Prevention clauses of family ES (issue 21, 615): the effect forms "prevent all [combat|noncombat] damage that
would be dealt [this turn] [to WHO] [by WHAT] [this turn]", "prevent all [combat] damage WHAT would deal this
turn", "prevent the next N [combat] damage that would be dealt to you this turn" → the ``prevent`` effect
(engine/game/mechanics/prevention.py, 615.1a / 615.7), registered with the effect grammar's first-word dispatch.

Recipients and sources are tables plus the object grammar: a target or pronoun is fixed on resolution
(``to`` / ``by``), a set ("creatures you control") is a FILTER read when the damage would be dealt
(``to_each`` / ``by_each``); "you and <set>" is two effects (either recipient is protected)."""
from __future__ import annotations

import pyparsing as pp

from .base import NUM_ONLY, W, choice, guard
from .effects_es import register
from .filters import OBJ_REF, SET_BARE, TARGET


_KIND = choice({"prevent all damage": {}, "prevent all combat damage": {"what": "combat"},
                "prevent all noncombat damage": {"what": "noncombat"}})
_TURN = W("this turn").set_parse_action(lambda: [{"this_turn": True}])
_EACH = SET_BARE.copy().add_parse_action(guard(lambda t: "enchanted" not in t[0]["each"], lambda t: [t[0]]))


def _side(key: str, expr) -> pp.ParserElement:
    """"to X" / "by X": a fixed object or player (key), or a set read at damage time (key_each)."""
    fixed = (TARGET | OBJ_REF).copy().add_parse_action(lambda t: [[{key: t[0]}]])
    each = _EACH.copy().add_parse_action(lambda t: [[{f"{key}_each": t[0]["each"]}]])
    return expr + (fixed | each)


_PLAYERS = choice({"you": [{"to": "you"}], "players": [{"to": "players"}]})
_YOU_AND = (W("you and") + _EACH).set_parse_action(lambda t: [[{"to": "you"}, {"to_each": t[0]["each"]}]])
_TO = (W("to") + (_YOU_AND | _PLAYERS)) | _side("to", W("to"))
_BY = _side("by", W("by"))


def _effects(t):
    """One ``prevent`` effect per alternative recipient."""
    kind, parts = t[0], list(t[1:])
    tos = [[]]
    by = {}
    for p in parts:
        if p == {"this_turn": True}:
            continue
        if any("by" in x or "by_each" in x for x in p):
            by = p[0]
        else:
            tos = [[x] for x in p]
    return [[{"prevent": dict(kind, **by, **(to[0] if to else {}), until="end_of_turn")} for to in tos]]


_TAIL = pp.Opt(_TURN) + pp.Opt(_TO) + pp.Opt(_TURN) + pp.Opt(_BY) + pp.Opt(_TURN)
PREVENT_ALL = (_KIND + W("that would be dealt") + _TAIL).set_parse_action(lambda s, loc, t: _guarded(s, loc, t))
# "prevent all [combat] damage target creature would deal this turn" (the source named first)
_DEALER = (TARGET | OBJ_REF).copy().add_parse_action(lambda t: [{"by": t[0]}]) | \
    _EACH.copy().add_parse_action(lambda t: [{"by_each": t[0]["each"]}])
PREVENT_DEALER = (_KIND + _DEALER + W("would deal this turn")).set_parse_action(
    lambda t: [{"prevent": dict(t[0], **t[1], until="end_of_turn")}])
_NEXT_TO = choice({"you": "you"}) | TARGET | OBJ_REF
PREVENT_NEXT = (W("prevent the next") + NUM_ONLY + pp.Opt(W("combat").set_parse_action(lambda: [{"what": "combat"}])) +
                W("damage that would be dealt to") + _NEXT_TO + W("this turn")).set_parse_action(
    lambda t: [{"prevent": dict(t[1] if len(t) > 2 else {}, n=t[0], to=t[-1], until="end_of_turn")}])


def _guarded(s, loc, t):
    if sum(1 for p in t[1:] if p == {"this_turn": True}) != 1:
        raise pp.ParseException(s, loc, "prevention needs its duration once")
    return _effects(t)


register("prevent", PREVENT_NEXT | PREVENT_DEALER | PREVENT_ALL)
