"""Effect clauses of group T as tables: "gets +1/+0 and can't be blocked this turn", "loses flying until end of
turn", "attacks this turn if able" (508.1d), "~ doesn't untap during your next untap step" (502.3), support N
(701.41), populate (701.36), rolling a die (706) and clash (701.30) → [EFFECT] (engine/game/effects/dice_clash.py)."""
from __future__ import annotations

import re

import pyparsing as pp

from .base import MANA_COST, NUM_ONLY, SIGNED_PT, V, W, choice, parse_all
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
# 702.3b: "can attack this turn as though it didn't have defender" (it still has defender)
IGNORE_DEFENDER = (_WHO + W("can attack this turn as though it didn't have defender",
                            "can attack this turn as though they didn't have defender")).set_parse_action(
    lambda t: [{"pump": {"affected": t[0], "grant": ["ignore_defender"]}}]) | \
    (_WHO + W("gets", "get") + SIGNED_PT + pp.Opt(W("until end of turn")) +
     W("and can attack this turn as though it didn't have defender")).set_parse_action(
        lambda t: [{"pump": {"affected": t[0], "pt": t[1], "grant": ["ignore_defender"]}}])
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
# 701.3a: "attach it to target creature you control" (an Equipment's or Aura's own ability), "… then attach ~ to it"
ATTACH = (W("attach it to", "attach ~ to") + (TARGET | OBJ_REF)).set_parse_action(lambda t: [{"attach": t[0]}])
# 605.1b: "whenever enchanted land is tapped for mana, its controller adds an additional {G}" (the land's
# controller, engine `player: event_controller`)
_EXTRA_MANA = MANA_COST.copy().add_condition(lambda t: t[0].replace("{", "").replace("}", "").isalpha()).set_parse_action(
    lambda t: [{"mana": t[0].upper().replace("{", "").replace("}", "")}]) | choice(
    {"one mana of any color": {"any_color": 1}, "two mana in any combination of colors": {"any_color": 2},
     "three mana in any combination of colors": {"any_color": 3}})
EXTRA_MANA = (W("its controller adds an additional", "its controller adds") + _EXTRA_MANA).set_parse_action(
    lambda t: [{"add_mana": dict(t[0], player="event_controller")}])
# 115.1: "choose target creature. …" — a target the rest of the ability names ("that creature")
CHOOSE_TARGET = (W("choose") + TARGET).set_parse_action(lambda t: [{"choose_target": t[0]}])
# "untap up to two lands (you control)" — a non-targeted choice of up to N
_UNTAP_WHAT = choice({"lands you control": {"types": ["Land"], "controller": "you"}, "lands": {"types": ["Land"]},
                      "creatures you control": {"types": ["Creature"], "controller": "you"}})
UNTAP_UP_TO = (W("untap up to") + NUM_ONLY + _UNTAP_WHAT).set_parse_action(
    lambda t: [{"untap_up_to": {"n": t[0], "filter": t[1]}}])
CLAUSES_T = {"attach": [ATTACH], "support": [SUPPORT], "populate": [POPULATE], "roll": [ROLL], "clash": [_CLASH.copy().set_parse_action(
    lambda: [{"clash": {}}])]}
DEFAULTS_T = [IGNORE_DEFENDER, CHOOSE_TARGET, UNTAP_UP_TO, EXTRA_MANA, PUMP_UNBLOCKABLE, LOSES, MUST_ATTACK, NO_UNTAP_SELF]


def clash_sentence(clauses: pp.ParserElement) -> pp.ParserElement:
    """701.30d: "clash with an opponent. if you win, …" (the effect grammar's CLAUSES handed in)."""
    return (_CLASH + W(". if you win,", ". if you won,") + clauses).set_parse_action(
        lambda t: [[{"clash": {"win": t[0]}}]])


_ONE_PLAYER = ("that_player", "its_controller", "target", "its_owner")


def _one_player(arg: dict):
    """The player an effect is about: its `player`, or the player its damage is dealt `to` (120.3a: "deals 2
    damage to that player", "to target opponent") — a player target is the ability's `target`."""
    p = arg.get("player")
    to = arg.get("to")
    if p is None and isinstance(to, dict):
        if set(to) == {"player"}:
            p = to["player"]
        elif set(to) == {"target"} and isinstance(to["target"], dict) and to["target"].get("kind") == "player":
            p = "target"
    return p["player"] if isinstance(p, dict) else p


def _clause_player(effects):
    ps = {_one_player(next(iter(e.values()))) for e in effects
          if isinstance(e, dict) and len(e) == 1 and isinstance(next(iter(e.values())), dict)}
    return ps.pop() if len(ps) == 1 else None


_EACH_PLAYERS = ("each_opponent", "each_player")


def _each_decides(effects, who):
    """101.4 / 118.12: "each opponent sacrifices a permanent unless they pay {3}" — each of those players decides
    for themselves (`each: true`); the effect then applies to each player who didn't pay (`that_player`)."""
    def swap(v):
        if isinstance(v, dict):
            return {k: ("that_player" if k == "player" and x == who else swap(x)) for k, x in v.items()}
        return [swap(x) for x in v] if isinstance(v, list) else v
    return swap(effects)


def _unless_they(s, loc, t):
    who = _clause_player(t[0])
    cost = {k: v for k, v in t[1].items() if k != "that_player"}
    if who in _EACH_PLAYERS:
        if len(t[0]) != 1:
            raise pp.ParseException(s, loc, "unless they pay: several clauses of several players")
        return [[{"unless": dict(cost, player=who, each=True, **{"else": _each_decides(t[0], who)})}]]
    if who in (None, "you") and t[1].get("that_player"):
        # "whenever a player casts a spell, counter it unless that player pays {3}" / "you may draw a card unless
        # that player pays {1}": "that player" is not the clause's player but the one named before it — the
        # targeted player, else the player the event is about (the caster, the drawing player)
        who = "that_player"
    if who not in _ONE_PLAYER:          # "each opponent … unless they pay": one decision per player, not expressed
        raise pp.ParseException(s, loc, "unless they pay: not one player")
    return [[{"unless": dict(cost, player=who, **{"else": t[0]})}]]


def unless_sentence(clauses: pp.ParserElement) -> pp.ParserElement:
    """118.12: "[effect] unless you pay {M}" / "that player [does] unless they pay {M} / N life": the player
    chooses on resolution whether to pay; if not, the effect happens (engine effect `unless`)."""
    from .base import MANA_COST, NUM_ONLY
    cost = MANA_COST.copy().set_parse_action(lambda t: [{"pay": t[0].upper()}]) | \
        (NUM_ONLY + W("life")).set_parse_action(lambda t: [{"pay_life": t[0]}])
    you = (clauses + W("unless you pay") + cost).set_parse_action(
        lambda t: [[{"unless": dict(t[1], player="you", **{"else": t[0]})}]])
    they = (clauses + W("unless they pay") + cost).set_parse_action(_unless_they) | \
        (clauses + W("unless that player pays") + cost).set_parse_action(
            lambda s, loc, t: _unless_they(s, loc, [t[0], dict(t[1], that_player=True)]))
    its = (clauses + W("unless its controller pays") + cost).set_parse_action(
        lambda t: [[{"unless": dict(t[1], player="its_controller", **{"else": t[0]})}]])
    # "unless any player pays {3}": each player in turn order may pay; one payment is enough (101.4, 118.12)
    anyone = (clauses + W("unless any player pays") + cost).set_parse_action(
        lambda t: [[{"unless": dict(t[1], player="each_player", any=True, **{"else": t[0]})}]])
    # the "unless" covers its own sentence only: never a clause before a period ("draw three cards. then discard
    # two cards unless you discard an artifact card": the draw always happens)
    one = pp.FollowedBy(pp.Regex(r"[^.]*?\bunless ")) + (you | they | its | anyone | (clauses + _UNLESS_COST).set_parse_action(
        _unless_cost))
    lead = pp.Regex(r"[^.]+\. then (?=[^.]*\bunless )").set_parse_action(lambda s, loc, t: _lead(clauses, s, loc, t[0]))
    return (lead + one).set_parse_action(lambda t: [t[0] + t[1]]) | one


# 118.12 / 608.2c: "that player may pay {2}. If the player doesn't, you create a Treasure token" — another player's
# optional payment with what follows on it: "if <they> doesn't" = "… unless that player pays" (the `else` of the
# engine's `unless`), "if <they> does" = its `then`.  The payer is the player named before (the targeted player,
# else the event's player: the caster, the drawing player) or the defending player (506.2).
_PAYS_WHO = {"that player": "that_player", "defending player": "defending_player", "they": "that_player"}


def pay_by_sentence(clauses: pp.ParserElement) -> pp.ParserElement:
    cost = MANA_COST.copy().set_parse_action(lambda t: [t[0].upper()])
    branch = V("does,", "then") | V("do,", "then") | V("doesn't,", "else") | V("don't,", "else")
    return (choice(_PAYS_WHO) + W("may pay") + cost + W(". if") + W("that player", "the player", "they") + branch +
            clauses).set_parse_action(_pay_by)


def _pay_by(s, loc, t):
    if "{'ref': 'it'}" in repr(t[3]) or "{'ref': 'them'}" in repr(t[3]):
        # "untap the creature" after another player's payment: which object "it" is (the Aura's creature, not the
        # Aura) is not bound across the payment — not read
        raise pp.ParseException(s, loc, "pay_by: a pronoun in the branch")
    return [[{"unless": {"player": t[0], "pay": t[1], t[2]: t[3]}}]]


def _lead(clauses, s, loc, text):
    effects = parse_all(clauses, text[:-len(". then ")])
    if not isinstance(effects, list) or not effects:
        raise pp.ParseException(s, loc, "unless: the sentence before it is not an effect")
    return [effects]


# 118.12: "unless <player> <cost>" — the words after the player are a cost (the cost grammar, read from the
# payer's side: "sacrifices" -> "sacrifice", "they control" -> "you control", "their" -> "your")
_PAYER = {"you": "you", "they": None, "that player": None, "its controller": "its_controller"}
_THIRD_PERSON = re.compile(r"^(sacrifice|discard|return|exile|tap)s\b")


def _payer_cost(s, loc, t):
    from .keywords import COST_FORWARD
    who, words = t[0], t[1]
    words = _THIRD_PERSON.sub(r"\1", words) if who != "you" else words
    words = re.sub(r"\bthey control\b", "you control", re.sub(r"\btheir\b", "your", words)) if who != "you" else words
    cost = parse_all(COST_FORWARD, words)
    if not isinstance(cost, dict) or not cost:          # the engine's `unless` says which costs it can check
        raise pp.ParseException(s, loc, "unless: not a cost")
    return [{"player": _PAYER[who], "pay_cost": cost}]


_UNLESS_COST = (W("unless") + choice({k: k for k in _PAYER}) + pp.Regex(r"[^.;]+")).set_parse_action(_payer_cost)


def _unless_cost(s, loc, t):
    effects, spec = t[0], t[1]
    who = spec["player"] or _clause_player(effects)   # "they" / "that player": the player of the clause before
    if who in _EACH_PLAYERS and spec["player"] is None and len(effects) == 1 and \
            "'other': True" not in repr(spec["pay_cost"]):
        return [[{"unless": {"player": who, "each": True, "pay_cost": spec["pay_cost"],
                             "else": _each_decides(effects, who)}}]]
    if who not in (("you", "its_controller") if spec["player"] else _ONE_PLAYER):
        raise pp.ParseException(s, loc, "unless: not one paying player")
    if who != "you" and "'other': True" in repr(spec["pay_cost"]):
        # "unless they sacrifice another creature": another than which (the source, the creature the ability is
        # about)? Not read for a player other than the source's controller
        raise pp.ParseException(s, loc, "unless: 'another' of another player's cost")
    return [[{"unless": {"player": who, "pay_cost": spec["pay_cost"], "else": effects}}]]


def kinship_sentence(clauses: pp.ParserElement) -> pp.ParserElement:
    """Kinship: "you may look at the top card of your library. if it shares a creature type with ~, you may reveal
    it. if you do, …" (engine effect `kinship`)."""
    return (W("you may look at the top card of your library. if it shares a creature type with ~, you may reveal "
              "it. if you do,") + clauses).set_parse_action(lambda t: [[{"kinship": {"then": t[0]}}]])
