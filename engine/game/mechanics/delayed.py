"""Delayed triggered abilities (603.7) and reflexive triggered abilities (603.12) created by effects."""
from __future__ import annotations

from ... import vocabulary as V
from ..objects import StackAbility

# `at` -> (the step it triggers at, whose step: None = anyone's)
WHEN = {"next_end_step": ("end", None), "your_next_upkeep": ("upkeep", "you"), "next_upkeep": ("upkeep", None),
        "end_of_combat": ("end_combat", None)}


@V.effect("delayed", keys=("at", "effects"), nested=("effects",), values=(), enums={"at": tuple(WHEN)},
          logged=False)
def delayed(g, arg, ctx):
    """603.7a: create a delayed triggered ability ("at the beginning of the next end step, …"); what it refers
    to (the targets, the tokens created) is what they are now — e.g. the card in exile (603.7c, 400.7)."""
    now = [x if isinstance(x, str) or x is None else g.current.get(x.card_no, x) for x in ctx.targets]
    step, whose = WHEN[arg["at"]]
    g.delayed.append({"step": step, "whose": ctx.controller if whose else None, "made": (g.turn, g.step),
                      "effects": arg["effects"], "source": ctx.source, "controller": ctx.controller,
                      "refers": now, "created": list(ctx.created), "event": ctx.event})  # "that creature" (603.7c)
    g.log("603.7a", f"{ctx.source.name}: delayed ability ({arg['at']}) created")


@V.hook(V.STEP_HOOKS)
def fire(g, step):
    """603.7b: a delayed triggered ability triggers once, the next time its event happens."""
    keep = []
    for d in g.delayed:
        if d["step"] != step or d["made"] == (g.turn, step) or (d["whose"] and g.active != d["whose"]):
            keep.append(d)
            continue
        spec = {"name": "delayed", "effects": d["effects"], "targets": [], "created": d["created"]}  # "them" (603.7c)
        a = StackAbility(g.next_oid, d["source"], spec, -1, d["controller"], d.get("event"), "delayed")
        g.next_oid += 1
        a.targets = d["refers"]
        g.pending.append(a)
        g.triggered.append((d["source"].name, "delayed", step, d["source"].ordinal))
        g.log("603.7b", f"{a.label} triggers")
    g.delayed = keep


@V.effect("reflexive", keys=("effects",), nested=("effects",), values=(), logged=False)
def reflexive(g, arg, ctx):
    """603.12: "when you do, …" — triggers when the optional action before it was taken (at once if none)."""
    if ctx.did is False:
        return
    spec = {"name": "reflexive", "effects": arg["effects"], "targets": []}
    a = StackAbility(g.next_oid, ctx.source, spec, -1, ctx.controller, ctx.event, "delayed")
    g.next_oid += 1
    a.targets = list(ctx.targets)
    g.pending.append(a)
    g.log("603.12", f"{a.label} triggers")
