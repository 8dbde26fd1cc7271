"""Clauses of family xm (issue 21: the families another engine's rules tests exercise), tried before the statics of
``statics_ev.py`` (the head of the statics chain).  Tables are data: a new phrase of a known construction is one
entry.

- 613.4c with 613.1f: "enchanted / equipped creature gets +1/+1 for each <objects> and has <keywords>" — the
  host's counted P/T (a ``pt_per`` static, as ``statics_ex.HOST_PER``) and the keywords it gives (layer 6);
- 106.4: "add {G} for each <objects / counters on ~>" — one mana of that type per object counted as the ability
  resolves (``add_mana`` with ``n``);
- 614.1a / 616.1: "if one or more tokens would be created [under your control], twice that many of those tokens
  are created instead" — ``token_multiplier`` (your tokens) / ``token_multiplier_any`` (every player's,
  engine/game/mechanics/doubling.py);
- triggers: "whenever ~ evolves" (702.100d, the event `evolves`) and "whenever a +1/+1 counter is put on ~" (122.6
  with 603.2c: once per counter, the trigger key ``each_counter``);
- 707.9b: "you may have ~ enter as a copy of <object>, except it's a <type> in addition to its other types and it
  has <keywords / a quoted ability>" — several exceptions joined by "and" (``statics_es.ENTERS_COPY_EXCEPT`` reads
  one; the quoted ability is the copy's own, engine/game/mechanics/enters_as_copy.py);
- 114.1: "you get an emblem with "<ability>"" — ``emblem`` (engine/game/mechanics/emblems.py: its statics apply and
  its abilities trigger from the command zone, 114.4);
- 602.5: "activated abilities of <permanents> can't be activated [unless they're mana abilities]" — ``cant_activate``
  (engine/game/mechanics/activation_locks.py);
- 611.2b: "until your next turn, <creatures> get +1/+0 and gain lifelink" — ``pump`` with ``until: your_next_turn``;
- 611.2b with 615.1a: "until your next turn, prevent all [combat] damage <dealer> would deal" / "… that would be
  dealt [to …] [by …]" — ``prevent`` with ``until: your_next_turn`` (engine/game/mechanics/prevention.py);
- 611.2c / 205.1b: "until end of turn, ~ becomes a 4/4 Human Soldier creature [with …] that's still a planeswalker"
  — ``animate`` keeping its types (a planeswalker creature: damage removes loyalty and is marked, 306.8, 120.3);
- 601.2f: "creature spells you cast <with mana value 6 or greater / of the chosen type> cost {N} less to cast" — the
  qualifier after "you cast" (``statics.COST_MOD`` reads it before) joins the ``cost_modifier`` filter;
- 508.1g: "creatures can't attack you [or planeswalkers you control] unless their controller pays {2} for each
  creature they control that's attacking you / for each of those creatures [, where x is <value>]" — ``attack_tax``
  (engine/game/mechanics/attack_tax.py);
- 603.4: the condition "~ isn't a token" / "~ is a token" — ``self_is`` (engine/game/mechanics/self_conditions.py);
- 601.3 / 611.2a: "your opponents / target player / each player can't cast [noncreature] spells this turn" — an
  effect, ``cant_cast_this_turn`` (engine/game/mechanics/cast_locks.py).
"""
from __future__ import annotations

import pyparsing as pp

from .base import MANA_COST, SIGNED_PT, W, choice, guard, merge
from .effects import COUNTER_KIND, QUOTED, _ANIMATE_DESC, _KW_LIST, _PUMP_BODY, _PUMP_WHO
from .effects_es import register
from .filters import OBJ_REF, OBJECT, PLAYER_WORD, POST
from .prevention import _BY, _DEALER, _KIND, _TO, _effects
from .quantities import FOR_EACH, X_IS
from .statics_ex import _HOST, _other_is_source
from .statics import _CASTER, _MORE_LESS, copy_filter
from .statics_ea import _PUT_ON
from .statics_es import _EXCEPT as _ONE_EXCEPTION
from .statics_ev import STATIC as _OLDER
from .trigger_events import EVENTS as _TRIGGER_EVENTS
from .triggers import MORE_CONDITIONS

# ---------------------------------------------------------------- 613.4c + 613.1f: counted P/T and keywords
HOST_PER_KW = (_HOST + W("gets") + SIGNED_PT + FOR_EACH + W("and has") + _KW_LIST).set_parse_action(guard(
    lambda t: _other_is_source(t[0], t[2]),
    lambda t: [[{"layer": "7c", "affected": {"enchanted": True}, "pt_per": {"pt": t[1], "count": t[2]}},
                {t[0]: {"grant": t[3]}}]]))

# ---------------------------------------------------------------- 106.4: one mana per object counted
_SYM = MANA_COST.copy().add_condition(lambda t: len(t[0]) == 3 and t[0][1] in "WUBRGC").add_parse_action(
    lambda t: [t[0][1]])
ADD_PER = (W("add") + _SYM + FOR_EACH).set_parse_action(lambda t: [{"add_mana": {"mana": t[0], "n": t[1]}}])
register("add", ADD_PER)

# ---------------------------------------------------------------- trigger events
EVOLVES = W("~ evolves").set_parse_action(lambda: [{"event": "evolves", "object": {"self": True}}])
EACH_COUNTER_PUT = (W("a", "an") + COUNTER_KIND + W("counter is put on") + _PUT_ON).set_parse_action(
    lambda t: [{"event": "counters_put", "object": t[1], "counter_kind": t[0], "each_counter": True}])
_TRIGGER_EVENTS.append(EVOLVES)
_TRIGGER_EVENTS.append(EACH_COUNTER_PUT)

# ---------------------------------------------------------------- 601.3 / 611.2a: can't cast … this turn
_SPELLS = OBJECT.copy().add_parse_action(guard(lambda t: t[0]["kind"] == "spell", lambda t: [t[0]["filter"]]))
CANT_CAST_TURN = (PLAYER_WORD + W("can't cast") + _SPELLS + W("this turn")).set_parse_action(
    lambda t: [{"cant_cast_this_turn": dict(t[0], **({"filter": t[1]} if t[1] else {}))}])
for _w in ("your", "each", "target", "you", "players", "defending", "its", "that"):
    register(_w, CANT_CAST_TURN)

# ---------------------------------------------------------------- 601.2f: qualified spells you cast cost less / more
def _qualified(t):
    obj, caster, quals, n, sign = t[0], t[1], t[2:-2], t[-2], t[-1]
    extra = merge(list(quals))
    if "_zone" in extra or "_kind" in extra:
        raise pp.ParseException("", 0, "a zone or kind is no qualifier of a spell")
    return [[{"cost_modifier": {"filter": dict(obj["filter"], **caster, **extra),
                                "generic": int(n[1:-1]) * (1 if sign == "more" else -1)}}]]


COST_MOD_QUALIFIED = (OBJECT + _CASTER + pp.OneOrMore(POST) + W("cost") + pp.Regex(r"\{\d+\}") + _MORE_LESS +
                      W("to cast")).set_parse_action(guard(
                          lambda t: t[0]["kind"] == "spell" and "controller" not in t[0]["filter"], _qualified))

# ---------------------------------------------------------------- 508.1g: costs to attack
_ATTACKED = choice({"creatures can't attack you unless": False,
                    "creatures can't attack you or planeswalkers you control unless": True})
_EACH_ATTACKER = W("for each creature they control that's attacking you", "for each of those creatures")
_TAX = (pp.Regex(r"\{\d+\}").set_parse_action(lambda t: [int(t[0][1:-1])]) + _EACH_ATTACKER) | \
    (W("{x}") + _EACH_ATTACKER + W(", where x is") + X_IS)
ATTACK_TAX = (_ATTACKED + W("their controller pays") + _TAX).set_parse_action(
    lambda t: [[{"attack_tax": dict({"n": t[1]}, **({"planeswalkers": True} if t[0] else {}))}]])

# ---------------------------------------------------------------- 611.2b: prevention until your next turn
def _until_next(effects):
    return [[{"prevent": dict(e["prevent"], until="your_next_turn")} for e in effects]]


_NEXT_TURN = W("until your next turn,")
PREVENT_DEALER_NEXT = (_NEXT_TURN + _KIND + _DEALER + W("would deal")).set_parse_action(
    lambda t: [{"prevent": dict(t[0], **t[1], until="your_next_turn")}])
PREVENT_ALL_NEXT = (_NEXT_TURN + _KIND + W("that would be dealt") + pp.Opt(_TO) + pp.Opt(_BY)).set_parse_action(
    lambda t: _until_next(_effects(t)[0]))
# "until your next turn, creatures you control get +1/+0 and gain lifelink" (the duration first, 611.2b)
PUMP_NEXT = (_NEXT_TURN + _PUMP_WHO + _PUMP_BODY).set_parse_action(
    lambda t: [{"pump": dict(t[1], affected=t[0], until="your_next_turn")}])
register("until", PREVENT_DEALER_NEXT | PREVENT_ALL_NEXT | PUMP_NEXT)

# ---------------------------------------------------------------- 611.2c: a planeswalker becomes a creature
STILL_PLANESWALKER = (W("until end of turn,") + OBJ_REF + W("becomes") + _ANIMATE_DESC +
                      W("that's still a planeswalker")).set_parse_action(
    lambda t: [{"animate": dict(merge(t[1:]), what=t[0], until="end_of_turn", still="planeswalker")}])
register("until", STILL_PLANESWALKER)
# "prevent all damage that would be dealt to him this turn": a planeswalker's own pronoun is ~ itself
PREVENT_TO_HIM = W("prevent all damage that would be dealt to him this turn",
                   "prevent all damage that would be dealt to her this turn").set_parse_action(
    lambda: [{"prevent": {"to": "self", "until": "end_of_turn"}}])
register("prevent", PREVENT_TO_HIM)

# ---------------------------------------------------------------- 603.4: conditions about ~ itself
SELF_TOKEN = choice({"~ isn't a token": {"self_is": {"filter": {"token": False}}},
                     "~ is a token": {"self_is": {"filter": {"token": True}}}})
MORE_CONDITIONS.exprs.insert(0, SELF_TOKEN)

# ---------------------------------------------------------------- 114.1: emblems
EMBLEM = (W("you get an emblem with") + QUOTED).set_parse_action(lambda t: [{"emblem": t[0]}])
register("you", EMBLEM)

# ---------------------------------------------------------------- 614.1a / 616.1: token doubling
_WHOSE_TOKENS = choice({"if one or more tokens would be created under your control,": "token_multiplier",
                        "if one or more tokens would be created,": "token_multiplier_any"})
_TIMES = choice({"twice": 2, "three times": 3})
TOKENS_CREATED = (_WHOSE_TOKENS + _TIMES + W("that many of those tokens are created instead")).set_parse_action(
    lambda t: [[{t[0]: t[1]}]])

# ---------------------------------------------------------------- 707.9b: several exceptions of a copy


def _exceptions(t):
    out: dict = {}
    for d in t:
        for k, v in d.items():
            if k in out:                    # one value per characteristic: "it's 1/1 and it's 7/7" is no exception
                raise pp.ParseException("", 0, f"two exceptions for {k}")
            out[k] = v
    return [out]


_EXCEPTIONS = (_ONE_EXCEPTION + pp.OneOrMore(W("and") + _ONE_EXCEPTION)).set_parse_action(_exceptions)
ENTERS_COPY_EXCEPTIONS = (W("you may have ~ enter the battlefield as a copy of", "you may have ~ enter as a copy of") +
                          W("any", "a") + OBJECT + W(", except") + _EXCEPTIONS).set_parse_action(
    lambda t: [[{"enters_as_copy": {"filter": copy_filter(t[0]), "may": True, "except": t[1]}}]])

# ---------------------------------------------------------------- 602.5: activated abilities can't be activated
_PERMANENTS = OBJECT.copy().add_parse_action(guard(
    lambda t: t[0]["kind"] in ("permanent", "creature") and not t[0].get("zone"), lambda t: [t[0]["filter"]]))
CANT_ACTIVATE = (W("activated abilities of") + _PERMANENTS + W("can't be activated") +
                 pp.Opt(W("unless they're mana abilities").set_parse_action(lambda: [True]), default=False)
                 ).set_parse_action(lambda t: [[{"cant_activate": {"filter": t[0], "except_mana": t[1]}}]])

XM_STATIC = (ATTACK_TAX | COST_MOD_QUALIFIED | CANT_ACTIVATE | HOST_PER_KW | TOKENS_CREATED | ENTERS_COPY_EXCEPTIONS) + pp.Opt(pp.Literal(".")).suppress()
STATIC = XM_STATIC | _OLDER
