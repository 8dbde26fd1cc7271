"""Planechase planes (311, 901) in the command zone: the face-up plane, the planar die, chaos abilities and
planeswalking (701.31).

- 901.5 / 901.6: a scenario lists each player's planar deck under ``zones: {p: {command: [..]}}``; the first plane
  listed (players in order) is the face-up plane; the planar controller is the active player (901.6), the plane's
  controller follows the active player;
- 311.7 / 901.7: the face-up plane's static abilities apply (``STATIC_SOURCES``: they join the battlefield's
  statics, 613) and its triggered abilities of the planar die and of planeswalking trigger;
- 901.9: the action ``roll_planar_die: chaos|planeswalk|blank`` (by the active player, in a main phase with an
  empty stack; the {0}/{1}/… cost of 901.9b is not charged, like every mana cost in scenarios): {CHAOS} — "whenever
  you roll {CHAOS}" triggers (event ``roll_chaos``, 311.8); {PLANESWALK} — the player planeswalks (701.31a): "when
  you planeswalk away from ~" triggers, the plane goes to the bottom of its owner's planar deck, the top plane of
  the planar controller's deck turns face up and its "when you planeswalk to ~" triggers (701.31b–c); rolling the
  planar die is rolling a die (706.1: "whenever you roll a die" triggers, with no numeric result).

Phenomena (312): planeswalking to a phenomenon encounters it ("when you encounter ~", event ``encounter``); once
no ability of it waits or is on the stack, its planar controller planeswalks away from it (704.6, 312.5). Planes'
other triggered abilities are not modelled: the compiler leaves them unhandled (engine/oracle/supplementary.py)."""
from __future__ import annotations

from ... import vocabulary as V
from ...errors import EngineError, IllegalAction
from ..objects import Event

RESULTS = ("chaos", "planeswalk", "blank")
_PLANAR = {"Plane", "Phenomenon"}                          # the cards of a planar deck (901.4)


def face_up_plane(g):
    """The face-up plane (None without planes); its controller is the active player (901.6)."""
    oid = getattr(g, "plane_face_up", None)
    if oid is None:
        first = next((o for p in g.players for o in g.pz[p]["command"] if "Plane" in o.card.types), None)
        if first is None:
            return None
        g.plane_face_up = oid = first.oid
    o = next((x for p in g.players for x in g.pz[p]["command"] if x.oid == oid), None)
    if o is not None and o.controller != g.active:
        o.controller = g.active
    return o


@V.hook(V.STATIC_SOURCES)
def _plane_statics(g):
    """311.7: the face-up plane's static abilities apply while it is face up (not a permanent, 311.3)."""
    if getattr(g, "plane_face_up", None) is None and not any(g.pz[p]["command"] for p in g.players):
        return []
    o = face_up_plane(g)
    return [o] if o is not None and o.beh.statics else []


def _fire(g, o, kind, player):
    ev = Event(kind, obj=o, player=player)
    for idx, t in g.triggers_of(o):
        if g._trigger_matches(t, ev, o, o, None):
            g._trigger(o, t, idx, ev)


def planeswalk(g, player) -> None:
    """701.31a–c: planeswalk away from the face-up plane to the top plane of the planar controller's deck."""
    old = face_up_plane(g)
    _fire(g, old, "planeswalk_away", player)
    deck = g.pz[old.owner]["command"]
    deck.remove(old)
    deck.append(old)                                     # the bottom of its owner's planar deck (901.10)
    new = next((o for o in g.pz[player]["command"] if _PLANAR & set(o.card.types) and o is not old), old)
    if new is old:
        raise EngineError(f"{player} has no other plane or phenomenon to planeswalk to from {old.name} (901.4)")
    g.plane_face_up = new.oid
    new.controller = g.active
    g.touch()
    g.log("701.31a", f"{player} planeswalks from {old.name} to {new.name}")
    _fire(g, new, "planeswalk_to", player)
    if "Phenomenon" in new.card.types:
        g.log("312.4", f"{player} encounters {new.name}")
        _fire(g, new, "encounter", player)


@V.sba_check("704.6", on="plane_face_up")
def _leave_phenomenon(g, sweep) -> bool:
    """704.6 / 312.5: a face-up phenomenon none of whose abilities waits or is on the stack: its planar controller
    planeswalks away from it."""
    if getattr(g, "plane_face_up", None) is None:
        return False
    o = face_up_plane(g)
    if o is None or "Phenomenon" not in o.card.types:
        return False
    if any(getattr(a, "source", None) is o for a in list(g.stack) + list(g.pending)):
        return False
    planeswalk(g, g.active)
    return True


def roll_planar_die(g, player, result) -> None:
    """901.9: the active player rolls the planar die (the scenario says the result)."""
    result = str(result).lower()
    if result not in RESULTS:
        raise IllegalAction(f"roll_planar_die: {result!r} — the planar die shows chaos, planeswalk or blank (901.3)")
    if player != g.active or g.step not in ("main1", "main2") or g.stack:
        raise IllegalAction("the planar die is rolled by the active player in a main phase with an empty stack (901.9)")
    plane = face_up_plane(g)
    if plane is None:
        raise IllegalAction("no face-up plane (a plane in a command zone, 901.5)")
    g.log("901.9", f"{player} rolls the planar die: {result}")
    g.detect([Event("roll_die", player=player, amount=0)])          # 706.1: a die roll (no numeric result)
    if result == "chaos":
        _fire(g, plane, "roll_chaos", player)
    elif result == "planeswalk":
        planeswalk(g, player)


def own_event(kind: str, doc: str):
    """A trigger event about the source itself (a card in the command zone): ``ev.kind == kind`` and the event's
    object is the source."""
    def match(g, t, ev, src, subj, sc):
        return ev.kind == kind and ev.obj is src
    match.__doc__ = doc
    return match


for _kind, _doc in (("roll_chaos", "311.8 / 901.9a: the planar controller rolled {CHAOS} (\"whenever you roll {CHAOS}\" "
                                   "of the face-up plane)."),
                    ("planeswalk_to", "701.31c: a player planeswalked to this plane (\"when you planeswalk to ~\")."),
                    ("planeswalk_away", "701.31c: a player planeswalks away from this plane (\"when you planeswalk away "
                                        "from ~\")."),
                    ("encounter", "312.4: a player planeswalked to this phenomenon (\"when you encounter ~\").")):
    V.event(_kind)(own_event(_kind, _doc))
