"""Learn (701.45): "you may reveal a Lesson card you own from outside the game and put it into your hand, or
discard a card to draw a card" (effect ``learn``).

Outside the game (400.11b: a sideboard) is the scenario zone ``sideboard``. The player answers ``choose: {learn:
LESSON}`` (a Lesson card of their sideboard), ``{learn: discard}`` (then the discarded card is a ``card`` answer
when the hand holds several names; an empty hand discards nothing and draws nothing) or ``{learn: no}``."""
from __future__ import annotations

from ...errors import IllegalAction
from ...vocabulary import effect
from .trigger_events import discarded


@effect("learn", keys=(), values=(), enums={"*": (True,)})
def learn(g, arg, ctx):
    """701.45a: the controller may reveal a Lesson card they own from outside the game (the `sideboard` zone) and
    put it into their hand, or discard a card to draw a card (answer `choose: {learn: LESSON|discard|no}`)."""
    p = ctx.controller
    v = str(g.answer(p, "learn", f"{ctx.source.name}: learn — a Lesson from your sideboard, discard, or no", "no"))
    if v.lower() in ("no", "nothing"):
        g.log("701.45a", f"{p} learns nothing")
        return
    if v.lower() == "discard":
        hand = list(g.pz[p]["hand"])
        if not hand:
            g.log("701.45a", f"{p} has no card to discard and draws none")
            return
        o = g.choose_card(p, hand, "learn: discard a card to draw a card")
        g.log("701.45a", f"{p} discards {o.name} to draw a card")
        discarded(g, p, [g.move(o, "graveyard")])
        g.draw(p, 1)
        return
    lesson = next((o for o in g.pz[p]["sideboard"] if o.name == g.resolve_name(v) and "Lesson" in o.card.subtypes), None)
    if lesson is None:
        raise IllegalAction(f"learn: {v!r} is not a Lesson card {p} owns outside the game (the sideboard, 701.45a)")
    g.log("701.45a", f"{p} reveals {lesson.name} from outside the game and puts it into their hand")
    g.move(lesson, "hand")
