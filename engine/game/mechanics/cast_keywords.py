"""Alternative and additional costs of casting with their keywords (issue 21, group ek2): spectacle (702.137),
surge (702.117), blitz (702.152), emerge (702.119), casualty (702.153); and transmute (702.53), an ability of the
card in the hand.  The engine does not charge mana: a mode's observable parts are its conditions, its non-mana
costs and what it does to the permanent.

- Spectacle: `mode: spectacle` only if an opponent lost life this turn; surge: `mode: surge` only if its caster
  cast another spell this turn.
- Blitz: `mode: blitz` — the permanent has haste and "when this creature dies, draw a card", and is sacrificed at
  the beginning of the next end step (603.7).
- Emerge: `mode: emerge` — sacrifice a creature (`choose: {card: …}`) as the spell is cast.
- Casualty N: `mode: casualty` — sacrifice a creature with power N or greater as it is cast; when you do, copy
  the spell (707.10, new targets allowed).
- Transmute: `activate: CARD, ability: transmute` from the hand (sorcery speed): discard it, search for a card
  with the same mana value, reveal it, put it into the hand.
"""
from __future__ import annotations

from ... import vocabulary as V
from ...errors import IllegalAction
from ..filters import mana_value
from ..objects import Ctx
from .alt_costs import haste_and_delayed
from .sacrificed import record_sacrificed

_MANA = lambda v, c=None: "" if isinstance(v, str) and v.startswith("{") else repr(v)        # noqa: E731
_NUMBER = lambda v, c=None: "" if isinstance(v, int) and not isinstance(v, bool) and v >= 0 else repr(v)  # noqa: E731


def _targets(g, o):
    return (o.beh.spell or {}).get("targets") or []


def _mode(key: str, rule: str, doc: str, when=None, pay=None, check=_MANA):
    """A cast mode `key` for a card with the keyword `key [cost]` (from the hand); ``when(g, o)`` -> why not."""
    V.top_key(key, check, doc)

    def ok(g, o):
        if o.beh.extra.get(key) is None:
            return f"{o.name} has no {key} ({rule})"
        return when(g, o) if when else ""
    V.cast_mode(key, _targets, ok, pay=pay)


# ---------------------------------------------------------------- spectacle 702.137, surge 702.117
def _opponent_lost_life(g, o):
    p = o.controller or o.owner
    if any((g.turn, "lost_life", q) in g.history for q in g.players if q != p):
        return ""
    return f"{o.name}: spectacle only if an opponent lost life this turn (702.137a)"


def _cast_another(g, o):
    p = o.controller or o.owner
    if any(t == g.turn and what == "cast" and who[0] == p and who[1] != o.oid for t, what, who in g.history):
        return ""
    return f"{o.name}: surge only if you cast another spell this turn (702.117a)"


_mode("spectacle", "702.137a", "702.137a: spectacle [cost] — cast for it (`mode: spectacle`) if an opponent lost "
      "life this turn", _opponent_lost_life)
_mode("surge", "702.117a", "702.117a: surge [cost] — cast for it (`mode: surge`) if you cast another spell this "
      "turn", _cast_another)


# ---------------------------------------------------------------- blitz 702.152
_mode("blitz", "702.152a", "702.152a: blitz [cost] — cast for it (`mode: blitz`): haste, \"when this creature dies, "
      "draw a card\", sacrificed at the beginning of the next end step")


haste_and_delayed("blitz", "blitzed", {"sacrifice": "target"}, "702.152a")


@V.condition("blitzed")
def _is_blitzed(g, value, src, ctrl, ev):
    """702.152a: the permanent's blitz cost was paid (it was cast blitzed)."""
    return (src.mode == "blitzed") == bool(value)


@V.keyword_ability("blitz", "702.152", own_only=True)
def blitz(cost=None):
    """702.152a: "When this creature dies, draw a card" — the blitzed permanent's ability."""
    return [{"event": "dies", "name": "blitz", "object": {"self": True}, "if": {"blitzed": True}, "targets": [],
             "effects": [{"draw": 1}]}]


blitz.numbered = True            # its key holds the blitz cost (the trigger is the same whatever the cost)


# ---------------------------------------------------------------- emerge 702.119, casualty 702.153
def _sacrifice_creature(g, p, spell, min_power, rule: str, what: str):
    cands = [x for x in g.bf if x.controller == p and "Creature" in g.chars(x).types
             and (min_power is None or (g.chars(x).power or 0) >= min_power)]
    if not cands:
        raise IllegalAction(f"{spell.name}: no creature to sacrifice for {what} ({rule})")
    x = g.choose_card(p, cands, f"{spell.name}: sacrifice a creature ({what})", by_object=True)
    g.log(rule, f"{p} sacrifices {x.name} ({what}, mana value {mana_value(x)})")
    g.move(x, "graveyard")
    record_sacrificed(g, spell, [x])
    return x


_mode("emerge", "702.119a", "702.119a: emerge [cost] — cast for it (`mode: emerge`) by sacrificing a creature "
      "(`choose: {card: …}`)", pay=lambda g, p, o: _sacrifice_creature(g, p, o, None, "702.119a", "emerge"))
_mode("casualty", "702.153a", "702.153a: casualty N — as you cast it (`mode: casualty`) sacrifice a creature with "
      "power N or greater; when you do, copy the spell", check=_NUMBER,
      pay=lambda g, p, o: _sacrifice_creature(g, p, o, int(o.beh.extra["casualty"]), "702.153a", "casualty"))


@V.condition("cast_with")
def _cast_with(g, value, src, ctrl, ev):
    """601.2b: the spell was cast with this mode (its alternative or additional cost paid)."""
    return src.mode == value


def _casualty_trigger(n=None):
    """702.153a: "… When you do, copy this spell" — a reflexive trigger (603.12) of the cast."""
    return [{"event": "cast_self", "name": "casualty", "if": {"cast_with": "casualty"}, "targets": [],
             "effects": [{"copy_spell": {"what": "self", "new_targets": True}}]}]


_casualty_trigger.numbered = True
V.KEYWORD_ABILITIES["casualty"] = _casualty_trigger


# ---------------------------------------------------------------- transmute 702.53
V.top_key("transmute", _MANA, "702.53a: transmute [cost] — [cost], discard this card: search your library for a "
                              "card with the same mana value, reveal it, put it into your hand (sorcery speed)")


@V.hook(V.ABILITY_HOOKS)
def _transmute(g, o):
    cost = o.beh.extra.get("transmute")
    if not cost or o.zone != "hand":
        return []
    mv = mana_value(o)
    return [{"name": "transmute", "cost": cost, "discard_self": True, "speed": "sorcery", "targets": [],
             "effects": [{"search": {"filter": {"mana_value_at_least": mv, "mana_value_at_most": mv}, "to": "hand",
                                     "reveal": True}}]}]


# ---------------------------------------------------------------- overload 702.96
_OVERLOAD_KINDS = {"permanent": [], "creature": ["Creature"]}


def _overload_check(g, o):
    """702.96b: overloading changes "target" to "each" — modelled for a spell with one target, a permanent or a
    creature (any other spell's overload is refused: unsimulable, not guessed)."""
    if o.beh.extra.get("overload") is None:
        return f"{o.name} has no overload (702.96a)"
    specs = (o.beh.spell or {}).get("targets") or []
    if len(specs) != 1 or specs[0].get("kind", "permanent") not in _OVERLOAD_KINDS or (o.beh.spell or {}).get("modes"):
        return f"{o.name}: overload of this spell's targets is not modelled (702.96b)"
    return ""


def _overload(g, p, o):
    """702.96b: the overloaded spell has no targets; its effect applies to each object its target could have
    been (whether or not it could be targeted: "each" doesn't target, 115.10)."""
    from ...behaviours import Behaviour
    spell = o.beh.spell
    spec = spell["targets"][0]
    beh = Behaviour(o.name, {})
    beh.keywords = o.beh.keywords
    beh.spell = {"targets": [], "effects": [{"overload_each": {"kind": spec.get("kind", "permanent"),
                                                              "filter": spec.get("filter") or {},
                                                              "effects": spell.get("effects") or []}}]}
    o.beh = beh
    g.log("702.96b", f"{p} casts {o.name} overloaded")


V.top_key("overload", _MANA, "702.96a: overload [cost] — cast for it (`mode: overload`): each \"target\" becomes "
                             "\"each\" (a spell with one permanent or creature target)")
V.cast_mode("overload", lambda g, o: [], _overload_check, pay=_overload)


@V.effect("overload_each", keys=None, values=())
def overload_each(g, arg, ctx):
    """702.96b: the spell's instructions for each permanent matching what it would have targeted."""
    f = dict(arg["filter"])
    if _OVERLOAD_KINDS[arg["kind"]]:
        f["types"] = _OVERLOAD_KINDS[arg["kind"]] + list(f.get("types", []))
    objs = [o for o in list(g.bf) if g.match(o, g.chars(o), f, ctx.source, ctx.controller)]
    g.log("702.96b", f"{ctx.source.name} (overloaded): each of {[o.name for o in objs]}")
    for o in objs:
        if not o.gone:
            g.do_effects(arg["effects"], Ctx(ctx.source, ctx.controller, [o], None, None, x=ctx.x))
