"""Opening-hand actions (103.6): "if ~ is in your opening hand, you may begin the game with it on the battlefield"
(the Leylines; static ``begin_on_battlefield``).

A scenario begins the game with the action ``begin_game: true`` (its first action, on turn 1): 103.6 — each
player in turn order, starting with the starting player (the active player of turn 1), may put each such card from
their hand onto the battlefield (a ``may`` answer per card, in hand order). The game has not begun: nothing
triggers (the card is on the battlefield as the game starts, not entering during it), and it has been under its
controller's control since the first turn began."""
from __future__ import annotations

from ... import vocabulary as V
from ...errors import IllegalAction

V.static("begin_on_battlefield", doc="103.6: \"if ~ is in your opening hand, you may begin the game with it on the "
         "battlefield\" (the scenario action `begin_game`).")


def begin_game(g) -> None:
    if g.turn != 1 or getattr(g, "game_begun", False) or g.stack or g.bf and any(o.since_turn for o in g.bf):
        raise IllegalAction("begin_game: the game has already begun (103.6 happens before turn 1)")
    g.game_begun = True
    for p in g.apnap():
        for o in list(g.pz[p]["hand"]):
            if not any(s.get("begin_on_battlefield") for s in o.beh.statics):
                continue
            if g.choose_yes(p, f"{o.name}: begin the game with it on the battlefield? (103.6)"):
                new = g._move(o, "battlefield", {})       # no event: the game has not begun
                new.since_turn = 0
                g.touch()
                g.log("103.6", f"{p} begins the game with {o.name} on the battlefield")
