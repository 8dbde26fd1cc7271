"""Dungeons and venturing into the dungeon (309, 701.46).

- 701.46a: to venture into the dungeon, a player with no dungeon in the command zone chooses a dungeon (answer
  ``choose: {dungeon: NAME}``), puts it into the command zone and puts their venture marker on its topmost room;
  otherwise they move the marker to a room the current one leads to (``choose: {room: NAME}`` when it leads to
  several, 309.5a);
- 309.4c: entering a room triggers its room ability ("when you move your venture marker into this room, …");
- 704.5t / 309.7: a dungeon whose marker is on its bottommost room and which is the source of no room ability
  waiting or on the stack is completed: its owner removes it from the game (the next venture starts a new one).

The dungeons are the engine's own data (``DUNGEONS``: rooms, the effects of their room abilities in the behaviour
vocabulary, the rooms each leads to), like the named tokens — dungeon cards are not in the card file. Only Lost
Mine of Phandelver is modelled; choosing another dungeon stops the run ("not modelled"), never a guess."""
from __future__ import annotations

from ...cardbase import Card
from ...errors import EngineError, IllegalAction
from ...behaviours import VANILLA
from ...vocabulary import check, condition, effect, event, sba_check
from ..objects import Event
from ..triggers import _players_event

_LOST_MINE = "Lost Mine of Phandelver"
# room -> (targets, effects, the rooms it leads to); the first room is the topmost (309.4b)
DUNGEONS = {_LOST_MINE: {
    "Cave Entrance": ([], [{"scry": 1}], ["Goblin Lair", "Mine Tunnels"]),
    "Goblin Lair": ([], [{"create_token": {"token": {"pt": [1, 1], "colors": "R", "subtypes": ["Goblin"],
                                                     "types": ["Creature"]}, "n": 1}}], ["Storeroom", "Dark Pool"]),
    "Mine Tunnels": ([], [{"create_token": {"token": "treasure", "n": 1}}], ["Dark Pool", "Fungi Cavern"]),
    "Storeroom": ([{"kind": "creature"}], [{"put_counters": {"to": "target", "kind": "+1/+1", "n": 1}}],
                  ["Temple of Dumathoin"]),
    "Dark Pool": ([], [{"lose_life": {"player": "each_opponent", "n": 1}}, {"gain_life": 1}], ["Temple of Dumathoin"]),
    "Fungi Cavern": ([{"kind": "creature"}], [{"pump": {"pt": [-4, 0], "affected": "target", "until": "your_next_turn"}}],
                     ["Temple of Dumathoin"]),
    "Temple of Dumathoin": ([], [{"draw": 1}], []),
}}
# the other dungeons a player may choose (701.46a); their rooms are not modelled
NOT_MODELLED = ("Dungeon of the Mad Mage", "Tomb of Annihilation")


def data_problems() -> list[str]:
    """The dungeon data checked against the vocabulary (tests/engine/test_eu_dungeons.py)."""
    out = []
    for name, rooms in DUNGEONS.items():
        for room, (targets, effects, nxt) in rooms.items():
            problems = check({"triggers": [{"event": "room_entered", "targets": targets, "effects": effects}]},
                             f"{name}: {room}")
            out += problems + [f"{name}: {room} leads to an unknown room {r}" for r in nxt if r not in rooms]
    return out


@event("room_entered")
def _room_entered(g, t, ev, src, subj, sc):
    """309.4c: the player moved their venture marker into this room (the room abilities of a dungeon)."""
    return ev.kind == "room_entered" and ev.obj is src


def _state(g):
    """player -> [dungeon object, current room]; absent until someone ventures."""
    s = getattr(g, "dungeons", None)
    if s is None:
        s = g.dungeons = {}
    return s


def _enter(g, p, obj, rooms, room):
    _state(g)[p][1] = room
    targets, effects, _ = rooms[room]
    g.log("309.4c", f"{p} moves the venture marker into {room}")
    t = {"event": "room_entered", "name": room, "targets": targets, "effects": effects}
    g._trigger(obj, t, list(rooms).index(room), Event("room_entered", obj=obj, player=p))


@effect("venture", keys=(), values=(), enums={"*": (True,)})
def venture(g, arg, ctx):
    """701.46a: the controller ventures into the dungeon: with no dungeon in their command zone they choose one
    (`choose: {dungeon: NAME}`) and enter its topmost room, else they move to a room the current room leads to
    (`choose: {room: NAME}` when there are several); the room's ability triggers (309.4c)."""
    p = ctx.controller
    st = _state(g)
    if p not in st:
        name = str(g.answer(p, "dungeon", f"{ctx.source.name}: venture — choose a dungeon", _LOST_MINE))
        if name in NOT_MODELLED:
            raise EngineError(f"{name}: its rooms are not modelled (only {', '.join(DUNGEONS)})")
        if name not in DUNGEONS:
            raise IllegalAction(f"dungeon: {name!r} is not a dungeon a venture can choose (701.46a)")
        obj = g.make(Card(name=name, types=["Dungeon"], has_text=True), p, "command", beh=VANILLA)
        st[p] = [obj, None]
        g.log("701.46a", f"{p} ventures into {name} (put into the command zone)")
        _enter(g, p, obj, DUNGEONS[name], next(iter(DUNGEONS[name])))
        return
    obj, room = st[p]
    rooms = DUNGEONS[obj.name]
    nxt = rooms[room][2]
    if not nxt:                 # on the bottommost room, its ability still on the stack (704.5t not yet)
        raise EngineError(f"{obj.name}: venturing from the bottommost room before it is completed is not modelled")
    pick = nxt[0]
    if len(nxt) > 1:
        pick = str(g.answer(p, "room", f"{obj.name}: move to {' or '.join(nxt)}", nxt[0]))
        if pick not in nxt:
            raise IllegalAction(f"room: {pick!r} — from {room} the marker moves to {' or '.join(nxt)} (309.5a)")
    _enter(g, p, obj, rooms, pick)


@sba_check("704.5t", on="dungeons")
def _completed(g, sweep) -> bool:
    """704.5t: a dungeon with the venture marker on its bottommost room, the source of no room ability waiting or
    on the stack, is completed and removed from the game (309.7); "whenever you complete a dungeon" triggers."""
    st = getattr(g, "dungeons", None)
    if not st:
        return False
    acted = False
    for p, (obj, room) in list(st.items()):
        if DUNGEONS[obj.name][room][2]:
            continue
        if any(getattr(a, "source", None) is obj for a in list(g.stack) + list(g.pending)):
            continue
        del st[p]
        g.pz[p]["command"].remove(obj)
        obj.gone = True
        g.__dict__.setdefault("completed_dungeons", []).append((p, obj.name))
        g.touch()                                   # "as long as you've completed a dungeon" (611.3) changes
        g.log("309.7", f"{p} completes {obj.name}; it is removed from the game")
        g.detect([Event("complete_dungeon", player=p)])
        acted = True
    return acted



event("complete_dungeon")(_players_event("complete_dungeon", "309.7: a player completes a dungeon."))


@condition("completed_dungeon")
def _completed_dungeon(g, v, src, ctrl, ev):
    """309.7: the player has completed a dungeon this game (`true`) — or not."""
    done = any(p == ctrl for p, _ in getattr(g, "completed_dungeons", ()))
    return done == bool(v)
