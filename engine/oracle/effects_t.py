"""Effect clauses of group T as tables: "gets +1/+0 and can't be blocked this turn", "loses flying until end of
turn", "attacks this turn if able" (508.1d), "~ doesn't untap during your next untap step" (502.3), support N
(701.41), populate (701.36), rolling a die (706) and clash (701.30) → [EFFECT] (engine/game/effects/dice_clash.py)."""
from __future__ import annotations

import pyparsing as pp

from .base import NUM_ONLY, SIGNED_PT, V, W, choice
from .filters import OBJ_REF, SET, SET_BARE, TARGET
from .keywords import SIMPLE_KEYWORD

_WHO = TARGET | SET | OBJ_REF | SET_BARE
_KWS = (SIMPLE_KEYWORD + pp.ZeroOrMore(W(", and", "and", ",") + SIMPLE_KEYWORD)).set_parse_action(lambda t: [list(t)])
_UNBLOCKABLE = pp.Opt(W("until end of turn")) + W("and can't be blocked this turn")
PUMP_UNBLOCKABLE = (_WHO + W("gets", "get") + SIGNED_PT + _UNBLOCKABLE).set_parse_action(
    lambda t: [{"pump": {"affected": t[0], "pt": t[1], "grant": ["unblockable"]}}]) | \
    (_WHO + W("gains", "gain") + _KWS + _UNBLOCKABLE).set_parse_action(
        lambda t: [{"pump": {"affected": t[0], "grant": t[1] + ["unblockable"]}}])
# 613.1f: "loses flying until end of turn"
LOSES = (_WHO + W("loses", "lose") + _KWS + W("until end of turn")).set_parse_action(
    lambda t: [{"pump": {"affected": t[0], "lose": t[1]}}])
# 508.1d: a requirement to attack this turn = "attacks each combat if able" until end of turn
MUST_ATTACK = (_WHO + W("attacks this turn if able", "attack this turn if able")).set_parse_action(
    lambda t: [{"pump": {"affected": t[0], "grant": ["attacks_each_combat"]}}])
# 502.3: "your next untap step" of the source is its controller's
NO_UNTAP_SELF = (pp.Literal("~").suppress() + W("doesn't untap during your next untap step")).set_parse_action(
    lambda: [{"skip_untap": {"ref": "self"}}])
# 701.41a: support N — a +1/+1 counter on each of up to N other target creatures ("other": not the source;
# a spell's support has no "other", and a spell is no creature, so the same filter reads both)
SUPPORT = (W("support") + NUM_ONLY).set_parse_action(lambda t: [{"put_counters": {
    "to": {"target": {"kind": "creature", "up_to": t[0], "filter": {"other": True}}}, "kind": "+1/+1", "n": 1}}])
POPULATE = V("populate", {"populate": True})
_DIE = choice({"a six-sided die": 6, "a d20": 20, "a d4": 4, "a d6": 6, "a d8": 8, "a d10": 10, "a d12": 12,
               "a four-sided die": 4, "an eight-sided die": 8, "a twenty-sided die": 20})
ROLL = (W("roll") + _DIE).set_parse_action(lambda t: [{"roll_die": {"sides": t[0]}}])
_CLASH = W("clash with an opponent")
CLAUSES_T = {"support": [SUPPORT], "populate": [POPULATE], "roll": [ROLL], "clash": [_CLASH.copy().set_parse_action(
    lambda: [{"clash": {}}])]}
DEFAULTS_T = [PUMP_UNBLOCKABLE, LOSES, MUST_ATTACK, NO_UNTAP_SELF]


def clash_sentence(clauses: pp.ParserElement) -> pp.ParserElement:
    """701.30d: "clash with an opponent. if you win, …" (the effect grammar's CLAUSES handed in)."""
    return (_CLASH + W(". if you win,", ". if you won,") + clauses).set_parse_action(
        lambda t: [[{"clash": {"win": t[0]}}]])
