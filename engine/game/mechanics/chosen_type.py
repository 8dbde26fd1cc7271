""""As ~ enters, choose a creature type" (614.12, a replacement effect as the permanent enters) and what reads
the choice: the FILTER key `chosen_type` ("creatures of the chosen type", the source's chosen type among the
object's subtypes, 205.3m).  Scenario answer: `choose: {creature_type: Elf}`."""
from __future__ import annotations

from ... import vocabulary as V

V.ENTERS_CHOICES.add("creature_type")


@V.hook(V.ENTER_HOOKS)
def choose_creature_type(g, new, opts):
    """614.12: the type is chosen as the permanent enters (before it is on the battlefield)."""
    if new.beh.enters_choice != "creature_type":
        return
    t = g.answer(new.controller, "creature_type", f"{new.name}: choose a creature type as it enters")
    new.chosen = str(t) if t is not None else None
    g.log("614.12", f"{new.name}: {new.controller} chooses {new.chosen}")


@V.filter_key("chosen_type", values=(True,))
def _chosen_type(g, o, c, v, src, ctrl, ev):
    """Of the creature type the source's controller chose as it entered (614.12)."""
    chosen = getattr(src, "chosen", None)
    return (chosen is not None and chosen in c.subtypes) == bool(v)
