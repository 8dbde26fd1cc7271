"""Supplementary products played from the command zone (408): Archenemy schemes (314, 701.25), planes (311, 901);
day/night (726);
opening-hand actions (103.6).

- trigger event "when you set ~ in motion" (701.25a; "this scheme" is the self token, normalise.py) →
  ``{event: set_in_motion}`` (engine/game/mechanics/schemes.py);
- ``command_zone_problems(beh, types)``: a card of a command-zone type (scheme, plane, phenomenon, conspiracy,
  dungeon) is supported only for the abilities the engine runs in the command zone — a scheme's
  set-in-motion triggers; a plane's "whenever you roll {chaos}" / "when you planeswalk to / away from ~" triggers
  (901.9, 701.31), a phenomenon's "when you encounter ~" (312.4), and a plane's static abilities of the kinds the game reads from one list (``_PLANE_STATIC_KEYS``). Its other abilities (an ongoing scheme's statics 314.6, "abandon this scheme"
  701.26, a plane's statics and chaos abilities 311, a conspiracy's draft or hidden-agenda abilities 313 and
  905, which no game of the engine can check) would otherwise compile as if the card were a permanent on the
  battlefield: they are reported unhandled, never run from the wrong zone;
- day/night (726): "if it's neither day nor night, it becomes day as ~ enters" → static ``{day_if_neither:
  true}`` (726.2), trigger "whenever day becomes night or night becomes day" → ``{event: day_night_changes}``
  (726.2, engine/game/mechanics/day_night.py). Such a trigger returning its own card from the graveyard works
  from the graveyard, which the engine does not look at for this event: unhandled (``problems``);
- "if ~ is in your opening hand, you may begin the game with it on the battlefield" → static
  ``{begin_on_battlefield: true}`` (103.6, engine/game/mechanics/opening_hand.py);
- will of the council (701.32): "starting with you, each player votes for A or B. if A gets more votes, …. if B
  gets more votes or the vote is tied, …" → ``{vote: {for: [A, B], then: [..], else: [..]}}``
  (engine/game/mechanics/votes.py). The option words are the card's own (any word), but each "if" must name
  them in order, so a mutated option word does not parse. Council's dilemma ("for each A vote") is not read;
- dungeons (309.7): trigger "whenever you complete a dungeon" → ``{event: complete_dungeon}``, condition "you've
  completed a dungeon" → ``{completed_dungeon: true}`` (engine/game/mechanics/dungeons.py);
- dice (706.2): "whenever you roll one or more dice" (each roll the engine makes is of one die: the event
  ``roll_die``), "whenever you roll a N or higher on a die" (``roll_die`` with ``if: {die_result_at_least: N}``,
  engine/game/mechanics/dice_rolls.py);
- card names (201.3): see ``NAME_CLAUSES`` below."""
from __future__ import annotations

import pyparsing as pp

from .base import NUM_ONLY, V, W

EVENTS = V("you set ~ in motion", {"event": "set_in_motion"}) | \
    V("day becomes night or night becomes day", {"event": "day_night_changes"}) | \
    V("you complete a dungeon", {"event": "complete_dungeon", "whose": "you"}) | \
    V("you roll {chaos}", {"event": "roll_chaos"}) | V("you planeswalk to ~", {"event": "planeswalk_to"}) | \
    V("you planeswalk away from ~", {"event": "planeswalk_away"}) | \
    V("you encounter ~", {"event": "encounter"}) | \
    V("you roll one or more dice", {"event": "roll_die", "whose": "you"}) | \
    (W("you roll a") + NUM_ONLY + W("or higher on a die")).set_parse_action(                   # 706.2
        lambda t: [{"event": "roll_die", "whose": "you", "if": {"die_result_at_least": t[0]}}])
CONDITIONS = V("you've completed a dungeon", {"completed_dungeon": True})              # 309.7
_ENTERS = W("enters the battlefield", "enters")
_DAY = (W("if it's neither day nor night, it becomes day as ~") + _ENTERS).set_parse_action(
    lambda: [{"day_if_neither": True}])
# 103.6: the Leylines
_LEYLINE = V("if ~ is in your opening hand, you may begin the game with it on the battlefield",
             {"begin_on_battlefield": True})
STATIC = (_DAY | _LEYLINE) + pp.Opt(pp.Literal(".")).suppress()
STATIC_STARTS = ("if it's neither day", "if ~ is in your opening hand")    # lines.py tries STATIC on these only

# Vanguard (902) is left out: its cards were compiled as permanents before this module (the ratchet list keeps
# them); modelling a vanguard in the command zone is another piece of work
COMMAND_TYPES = frozenset({"Scheme", "Plane", "Phenomenon", "Conspiracy", "Dungeon"})
# trigger events the engine fires for a card in the command zone, by card type
_COMMAND_EVENTS = {"Scheme": frozenset({"set_in_motion"}),
                   "Plane": frozenset({"roll_chaos", "planeswalk_to", "planeswalk_away"}),
                   "Phenomenon": frozenset({"encounter"})}
# a face-up plane's static abilities join the battlefield's (engine STATIC_SOURCES): the kinds read through the
# game's one list of statics (layers 6 and 7c, cost changes 601.2f, damage modifiers 614.1a)
_PLANE_STATIC_KEYS = ({"layer", "affected", "pt"}, {"layer", "affected", "grant"}, {"cost_modifier"},
                      {"damage_modifier"})


def _plane_static_ok(s: dict) -> bool:
    aff = s.get("affected")
    return any(set(s) == keys for keys in _PLANE_STATIC_KEYS) and not (isinstance(aff, dict) and
                                                                       ("zone" in aff or "self" in aff))
_ALL_COMMAND_EVENTS = frozenset().union(*_COMMAND_EVENTS.values())


def returns_self(effects) -> bool:
    """Whether the effects return their own card to the battlefield (113.6k: such an ability works from the
    graveyard) — also under "if you do" / "may" (608.2c: "you may pay {1}{R}. If you do, return ~ …")."""
    for e in effects or []:
        for k, a in (e.items() if isinstance(e, dict) else ()):
            if k in ("return_from_graveyard", "return_to_battlefield") and isinstance(a, dict) and \
                    a.get("what") == "self":
                return True
            if isinstance(a, list) and returns_self(a):
                return True
    return False


def problems(beh: dict, types) -> list[str]:
    """What of this family a face's behaviour has that the engine does not run (see the module doc)."""
    out = command_zone_problems(beh, types)
    out += [f"trigger {t['event']} returning its card from the graveyard (not watched there)"
            for t in beh.get("triggers", []) if t["event"] in ("day_night_changes", "complete_dungeon")
            and returns_self(t["effects"])]
    # 201.3: "that name" read by an ability that chose no name (a name from somewhere else) is not represented
    abilities = [beh.get("spell") or {}] + beh.get("triggers", []) + beh.get("activated", [])
    out += ["chosen_name without choose_name in the same ability" for a in abilities
            if "chosen_name" in repr(a) and "choose_name" not in repr(a)]
    return out


def command_zone_problems(beh: dict, types) -> list[str]:
    kinds = COMMAND_TYPES.intersection(types)
    if not kinds:       # "when you set ~ in motion" on a permanent card: a scheme's event, never its own
        own = [t["event"] for t in beh.get("triggers", []) if t["event"] in _ALL_COMMAND_EVENTS]
        return [f"trigger {own[0]} of a card that is no {'/'.join(sorted(COMMAND_TYPES))}"] if own else []
    ok = frozenset().union(*(_COMMAND_EVENTS.get(k, frozenset()) for k in kinds))
    statics_ok = kinds == {"Plane"} and all(_plane_static_ok(x) for x in beh.get("statics", []))
    rest = [k for k in beh if k != "triggers" and not (k == "statics" and statics_ok)] + \
        [f"trigger {t['event']}" for t in beh.get("triggers", []) if t["event"] not in ok]
    if rest or not beh.get("triggers"):
        what = ", ".join(rest) or "no ability the engine runs"
        return [f"{'/'.join(sorted(kinds))} in the command zone: {what} (not modelled there)"]
    return []


_OPTION = pp.Word(pp.alphas)


def _vote(t):
    a, b, a2, then, b2, other = t
    if (a2, b2) != (a, b) or a == b:
        raise pp.ParseException("", 0, "the vote's outcomes name its two options in order")
    return [[{"vote": {"for": [a, b], "then": then, "else": other}}]]


def vote_sentence(clauses: pp.ParserElement) -> pp.ParserElement:
    """The sentences of a will-of-the-council vote over the effect grammar's CLAUSES (handed in: no cycle)."""
    return (W("starting with you, each player votes for") + _OPTION + W("or") + _OPTION + W(".") +
            W("if") + _OPTION + W("gets more votes,") + clauses + W(".") +
            W("if") + _OPTION + W("gets more votes or the vote is tied,") + clauses).set_parse_action(_vote)


# ---------------------------------------------------------------- card names (201.3)
# "choose a nonland card name" → {choose_name: {filter}}; what reads the name: "… for all cards / any number of
# cards with that name and exile them. then that player shuffles" (701.19 over graveyard, hand and library), "target
# player reveals their hand and discards all cards with that name" (701.9) — filter {chosen_name: true}
def _card_kind(t):
    if t[0]["kind"] != "card" or t[0]["n"] != 1 or set(t[0]["filter"]) - {"types", "not_types"}:
        raise pp.ParseException("", 0, "a card name is chosen by card types only")
    return [{"choose_name": {"filter": t[0]["filter"]}}]


def _name_clauses():
    from .filters import INDEF, PLAYER_TARGET        # late: filters is a heavier module the vote grammar doesn't need
    choose = (W("choose") + INDEF + W("name")).set_parse_action(_card_kind)
    whose = pp.MatchFirst([V(f"{w}'s", {"player": "target", "target": PLAYER_TARGET[w]})
                           for w in ("target opponent", "target player")])
    take = V("all cards", "all") | V("any number of cards", "any")
    that_name = W("with that name", "with the chosen name")
    search = (W("search") + whose + W("graveyard, hand, and library for") + take + that_name + W("and exile them") +
              W(". then that player shuffles", ", then that player shuffles")).set_parse_action(
        lambda t: [{"search": dict(t[0], take=t[1], zones=["graveyard", "hand", "library"],
                                   filter={"chosen_name": True}, to="exile")}])
    discard = (W("target player reveals their hand and discards all cards") + that_name).set_parse_action(
        lambda: [{"discard": {"player": "target", "target": PLAYER_TARGET["target player"], "n": "all",
                              "filter": {"chosen_name": True}}}])
    return {"choose": [choose], "search": [search], "target": [discard]}


NAME_CLAUSES = _name_clauses()
