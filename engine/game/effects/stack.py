"""Effects on the stack: counter (701.5), copy an ability (707.10)."""
from __future__ import annotations

from ... import vocabulary as V
from ...vocabulary import effect
from ..objects import Event, StackAbility


@effect("counter", objects=("*",))
def counter(g, arg, ctx):
    """701.5a: counter the target spell or ability (a spell goes to its owner's graveyard)."""
    for x in g.objects_of(arg, ctx):
        if x.zone != "stack" or x.gone:
            continue
        if x.is_ability:
            g.stack.remove(x)
            x.gone = True
            g.log("701.5a", f"counter {x.label}")
        elif "cant_be_countered" in x.beh.keywords or any(s.get("cant_be_countered") for s in x.beh.statics):
            g.log("101.2", f"{x.name} can't be countered")     # "can't" beats "can"
        else:
            g.log("701.5a", f"counter {x.name}")
            g.move(x, "graveyard")


@effect("copy_ability", objects=("*",))
def copy_ability(g, arg, ctx):
    """707.10: copy an ability on the stack; the copy keeps its targets (new ones may be chosen)."""
    for x in g.objects_of(arg, ctx):
        if not x.is_ability or x.gone:
            continue
        cp = StackAbility(g.next_oid, x.source, x.spec, x.index, ctx.controller, x.event, x.kind)
        g.next_oid += 1
        cp.targets = list(x.targets)
        g.stack.append(cp)
        g.log("707.10", f"copy {x.label}")


@effect("copy_spell", objects=("*",))
def copy_spell(g, arg, ctx):
    """707.10: copy a spell on the stack — the copy is put on the stack by the effect's controller, who controls
    and owns it (707.10); it keeps the original's targets and choices (707.10, 707.10c may choose new ones); a copy
    of a permanent spell becomes a token as it resolves (608.3f), a copy off the stack ceases to exist (704.5e)."""
    for x in g.objects_of(arg, ctx):
        if x.is_ability or x.gone or x.zone != "stack":
            continue
        cp = g.make(x.card, ctx.controller, "stack", token=True, beh=x.beh)
        cp.controller = ctx.controller
        cp.targets = list(x.targets)
        cp.mode = x.mode
        cp.x, cp.kicked, cp.modes = getattr(x, "x", 0), getattr(x, "kicked", 0), getattr(x, "modes", None)
        g.log("707.10", f"{ctx.controller} copies {x.name}")
        g.detect([Event("copy", obj=cp, player=ctx.controller)])     # "whenever you cast or copy …" (603.2)


V.keyword("cant_be_countered", "101.2")
V.static("cant_be_countered", doc="this spell can't be countered (101.2)")
