"""Archenemy schemes (314, 701.25, 904) in the command zone (408).

- 314.2 / 314.3: scheme cards stay in the command zone, both in the scheme deck and face up; they are not
  permanents and can't be cast. A scenario lists a player's scheme deck under ``zones: {p: {command: [..]}}``
  (the first card is the top) and sets its top scheme in motion with the action ``set_in_motion: CARD`` (+ ``by``);
- 701.25a: to set a scheme in motion, the archenemy moves it off their scheme deck and turns it face up; its
  "when you set this scheme in motion" abilities trigger (event ``set_in_motion``, 603.2);
- 704.6 (Archenemy, 904.9): a face-up non-ongoing scheme none of whose triggered abilities waits or is on the
  stack is turned face down and put on the bottom of its owner's scheme deck (a state-based action).

Ongoing schemes (314.6, "abandon this scheme" 701.26) are not modelled: the Oracle compiler leaves every ability
of a scheme other than its set-in-motion triggers unhandled (``engine/oracle/supplementary.py``)."""
from __future__ import annotations

from ... import vocabulary as V
from ..objects import Event
from ...errors import IllegalAction


def in_motion(g) -> set:
    """The oids of the face-up schemes (the game keeps them; absent until one is set in motion)."""
    s = getattr(g, "schemes_face_up", None)
    if s is None:
        s = g.schemes_face_up = set()
    return s


def set_in_motion(g, player: str, o) -> None:
    """701.25a: ``player`` sets the scheme ``o`` (in their command zone) in motion."""
    if o.zone != "command" or o.owner != player:
        raise IllegalAction(f"{o.name} is not in {player}'s scheme deck (the command zone)")
    if "Scheme" not in o.card.types:
        raise IllegalAction(f"{o.name} is not a scheme card (701.25a: only a scheme is set in motion)")
    if o.oid in in_motion(g):
        raise IllegalAction(f"{o.name} is already face up")
    deck = [x for x in g.pz[player]["command"] if x.oid not in in_motion(g) and "Scheme" in x.card.types]
    if deck[0] is not o:
        raise IllegalAction(f"{o.name} is not the top card of {player}'s scheme deck (the top is {deck[0].name})")
    in_motion(g).add(o.oid)
    g.log("701.25a", f"{player} sets {o.name} in motion (face up in the command zone)")
    ev = Event("set_in_motion", obj=o, player=player)
    for idx, t in g.triggers_of(o):
        if g._trigger_matches(t, ev, o, o, None):
            g._trigger(o, t, idx, ev)


@V.event("set_in_motion")
def _set_in_motion(g, t, ev, src, subj, sc):
    """701.25a: this scheme is set in motion ("when you set this scheme in motion"; the scheme is in the command
    zone, 314.2)."""
    return ev.kind == "set_in_motion" and ev.obj is src


def _waiting(g, o) -> bool:
    return any(getattr(a, "source", None) is o for a in list(g.stack) + list(g.pending))


@V.sba_check("704.6", on="schemes_face_up")
def _scheme_to_bottom(g, sweep) -> bool:
    """704.6 (Archenemy, 904.9): a face-up non-ongoing scheme with no triggered ability of it waiting or on the
    stack is turned face down and put on the bottom of its owner's scheme deck (it stays in the command zone:
    no zone change, 314.3)."""
    up = getattr(g, "schemes_face_up", None)
    if not up:
        return False
    acted = False
    for p in g.players:
        deck = g.pz[p]["command"]
        for o in list(deck):
            if o.oid in up and "Ongoing" not in (o.card.supertypes or ()) and not _waiting(g, o):
                up.discard(o.oid)
                deck.remove(o)
                deck.append(o)
                g.log("704.6", f"{o.name} is turned face down and put on the bottom of {p}'s scheme deck")
                acted = True
    return acted
