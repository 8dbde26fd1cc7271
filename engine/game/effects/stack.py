"""Effects on the stack: counter (701.5), copy an ability (707.10)."""
from __future__ import annotations

from ... import vocabulary as V
from ...vocabulary import effect
from ..objects import Event, StackAbility, tname


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
        cp.targets, cp.x = list(x.targets), x.x         # 707.10: the copy has the announced X too (107.3)
        g.stack.append(cp)
        g.log("707.10", f"copy {x.label}")


def copy_spell_object(g, x, controller, new_targets=False):
    """707.10: copy the spell ``x`` (on the stack, or as it last existed there, 608.2h) — the copy is put on the
    stack by ``controller``, who controls and owns it; it keeps the original's targets and choices (707.10);
    ``new_targets``: its controller may choose new ones (707.10c, a `may` answer, then `targets`).  A copy of a
    permanent spell becomes a token as it resolves (608.3f), a copy off the stack ceases to exist (704.5e)."""
    cp = g.make(x.card, controller, "stack", token=True, beh=x.beh)
    cp.controller = controller
    cp.targets = list(x.targets)
    cp.mode = x.mode
    cp.x, cp.kicked, cp.modes = getattr(x, "x", 0), getattr(x, "kicked", 0), getattr(x, "modes", None)
    g.log("707.10", f"{controller} copies {x.name}")
    specs = g.spell_target_specs(cp, cp.mode) if cp.targets else []
    if new_targets and specs and g.choose_yes(controller, f"choose new targets for the copy of {x.name} (707.10c)"):
        chosen = g.pick_targets(controller, specs, None, cp, f"copy of {x.name}")
        if chosen is not None:
            cp.targets = chosen
            g.log("707.10c", f"the copy of {x.name} targets {', '.join(tname(t) for t in chosen)}")
    g.detect([Event("copy", obj=cp, player=controller)])     # "whenever you cast or copy …" (603.2)
    return cp


@effect("copy_spell", keys=("what", "new_targets"), objects=("*", "what"))
def copy_spell(g, arg, ctx):
    """707.10: copy a spell on the stack (`copy_spell: target`, or `{what: target, new_targets: true}` — "you may
    choose new targets for the copy", 707.10c)."""
    what, new = (arg.get("what", "target"), bool(arg.get("new_targets"))) if isinstance(arg, dict) else (arg, False)
    for x in g.objects_of(what, ctx):
        if x.is_ability or x.gone or x.zone != "stack":
            continue
        copy_spell_object(g, x, ctx.controller, new)


V.keyword("cant_be_countered", "101.2")
V.static("cant_be_countered", doc="this spell can't be countered (101.2)")
