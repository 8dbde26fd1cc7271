"""How a spell was cast, remembered for conditions (clause family ec, issue 21): "if this spell was cast from a
graveyard" (601.2a: the zone it was cast from; flashback 702.34, jump-start …) and addendum — "if you cast this
spell during your main phase" (the step it was cast in, 505.1; its controller's turn). The permanent a spell
becomes remembers it (608.3), as `cast_from_hand` does (static_conditions.py)."""
from __future__ import annotations

from ... import vocabulary as V


def _ids(g, key) -> set:
    return g.__dict__.setdefault(key, set())


@V.hook(V.MOVED_HOOKS, to=("stack", "battlefield"))
def _remember_how_cast(g, old, new, opts):
    """601.2a: a card put on the stack from a graveyard was cast from there; one put on the stack in its
    controller's main phase (505.1) was cast then; the permanent it becomes keeps both (608.3)."""
    if new.zone == "stack":
        if old.zone == "graveyard":
            _ids(g, "cast_from_graveyard_ids").add(new.oid)
        if g.step in ("main1", "main2") and g.active == new.controller:
            _ids(g, "cast_in_main_ids").add(new.oid)
    elif new.zone == "battlefield" and old.zone == "stack":
        for key in ("cast_from_graveyard_ids", "cast_in_main_ids"):
            if old.oid in _ids(g, key):
                _ids(g, key).add(new.oid)


@V.condition("cast_from_graveyard")
def _was_cast_from_graveyard(g, v, src, ctrl, ev):
    """601.2a: the source (a spell, or the permanent it became) was cast from a graveyard (`true`) — or not."""
    return (src is not None and src.oid in _ids(g, "cast_from_graveyard_ids")) == bool(v)


@V.condition("cast_during_main_phase")
def _was_cast_in_main_phase(g, v, src, ctrl, ev):
    """Addendum (505.1): the source was cast during its controller's main phase (`true`) — or not."""
    return (src is not None and src.oid in _ids(g, "cast_in_main_ids")) == bool(v)


def _spells_cast(g) -> list:
    return g.__dict__.setdefault("spells_cast_ec", [])


@V.hook(V.EVENT_WATCHERS, kinds=("cast",))
def _watch_casts(g, events):
    """601.2i: the spells cast this turn, as they were on the stack (last known information, 608.2h)."""
    for ev in events:
        if ev.kind == "cast" and ev.obj is not None:
            _spells_cast(g).append((g.turn, ev.player, ev.obj))


@V.condition("cast_spell_this_turn", filters=("filter",))
def _cast_spell_this_turn(g, v, src, ctrl, ev):
    """"if you've cast an / another instant or sorcery spell this turn": the controller cast a spell matching
    `filter` this turn (`other`: not the source itself); spells cast before the scenario began are not known."""
    return any(t == g.turn and p == ctrl and not (v.get("other") and o.oid == getattr(src, "oid", None)) and
               g.match(o, g.chars(o), v["filter"], src, ctrl, ev) for t, p, o in _spells_cast(g))


@V.condition("opponent_zone_at_least")
def _opponent_zone_at_least(g, v, src, ctrl, ev):
    """"if an opponent has N or more cards in their graveyard / hand": one opponent alone has that many."""
    return any(len(g.pz[p][v["zone"]]) >= v["n"] for p in g.players if p != ctrl)
