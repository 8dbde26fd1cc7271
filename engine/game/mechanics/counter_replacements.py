"""Replacement effects that modify how many counters are put on a permanent (614.1a) — "if one or more +1/+1
counters would be put on a creature you control, that many plus one / twice that many … are put on it instead"
(the static `counter_modifier {on: FILTER, kind?, plus: N | times: N}`; no `kind`: counters of every kind), next
to the older `counter_multiplier` of doubling.py — and the effects that change the counters already there:
"double the number of <kind> counters on …" (`double_counters`, 122.8: put that many more).

616.1: when several replacement effects would modify the same event, the affected object's controller chooses one
to apply, then the next among those that still apply.  Additions and multiplications do not commute, so when both
kinds apply the order is that player's choice (an answer `card: SOURCE NAME` for each step); effects of one kind
commute and are applied in timestamp order.  Every place that puts counters calls ``counters_put``."""
from __future__ import annotations

from ... import vocabulary as V
from ...errors import IllegalAction
from ...vocabulary import condition, effect
from ..objects import Event
from .doubling import multiplied


def whole(n, low: int = 1) -> bool:
    """A count of a behaviour value: an int (not a bool) of at least ``low``."""
    return isinstance(n, int) and not isinstance(n, bool) and n >= low


def checked_static(name: str, check, doc: str) -> None:
    """Register a static key whose value forms ``check(value, checker) -> problem|""`` accepts."""
    V.static(name, doc=doc)
    V.STATIC_CHECKS[name] = check


def add_counters(g, o, kind: str, n: int) -> int:
    """Put ``n`` ``kind`` counters on ``o`` — after the replacements of ``counters_put`` — and return how many."""
    k = counters_put(g, o, kind, n)
    if k:
        o.counters[kind] = o.counters.get(kind, 0) + k
        g.touch()
    return k


def _check(v, checker) -> str:
    if not isinstance(v, dict) or "on" not in v or not isinstance(v["on"], dict):
        return repr(v)
    ops = [k for k in ("plus", "times") if k in v]
    if len(ops) != 1 or set(v) - {"on", "kind", "plus", "times"}:
        return repr(v)
    n = v[ops[0]]
    if not whole(n, -99) or (ops[0] == "times" and n < 2) or n == 0:
        return repr(v)
    if "kind" in v and not isinstance(v["kind"], str):
        return repr(v)
    checker.filter(v["on"])
    return ""


checked_static("counter_modifier", _check, "614.1a/616.1: `{on: FILTER, kind?: KIND, plus: N | times: N}` — counters "
               "(of `kind`, else any) put on a permanent matching `on` become N more / N times as many")


def _apply(n: int, m: dict) -> int:
    return max(0, n + m["plus"]) if "plus" in m else n * m["times"]


def counters_put(g, obj, kind: str, n: int, effect: bool = True) -> int:
    """How many ``kind`` counters are put on ``obj`` (on the battlefield or entering it, 122.6) when an effect
    would put ``n``: every applicable replacement once (614.1a, 616.1).  ``effect=False``: counters put as a cost
    (a loyalty ability's +N, 606.4) — "if an effect would put …" (``counter_multiplier``) does not apply to them."""
    if effect:
        n = multiplied(g, "counter_multiplier", obj.controller, n)
    if n <= 0:
        return n
    mods = [(src, s["counter_modifier"]) for _, src, s in g._statics() if s.get("counter_modifier")
            and s["counter_modifier"].get("kind", kind) == kind
            and g.match(obj, g.chars(obj), s["counter_modifier"]["on"], src, src.controller)]
    if len({"plus" in m for _, m in mods}) > 1:        # 616.1: the affected object's controller picks the order
        while mods:
            src = g.choose_card(obj.controller, [s for s, _ in mods],
                                f"{obj.name}: the counter replacement to apply next (616.1)", by_object=True)
            i = next((i for i, (s, _) in enumerate(mods) if s is src), 0)
            src, m = mods.pop(i)
            n = _logged(g, src, n, m)
    else:
        for src, m in mods:
            n = _logged(g, src, n, m)
    if n > 0:
        _announce(g, obj, kind, n)
    return n


def _announce(g, obj, kind, n) -> None:
    """The event "one or more <kind> counters are put on <obj>" (`counters_put`, amount n; the counter kind is the
    event's `to`).  Counters a permanent enters with are put on it too (122.6): their event waits until the
    permanent is on the battlefield (after the move, with the other enters events)."""
    ev = Event("counters_put", obj=obj, amount=n, to=kind)
    if obj in g.bf:
        g.detect([ev])
    else:
        _pending(g).append(ev)


def _pending(g) -> list:
    p = getattr(g, "pending_counter_events", None)
    if p is None:
        p = g.pending_counter_events = []
    return p


@V.hook(V.AFTER_MOVES_HOOKS)
def _entered_with_counters(g, done):
    """122.6: the counters put on permanents as they entered, announced once they are on the battlefield."""
    evs = [e for e in _pending(g) if e.obj in g.bf]
    _pending(g).clear()
    if evs:
        g.detect(evs)


V.TRIGGER_KEYS.add("counter_kind")          # read by the event `counters_put` only (its grammar is the only writer)
V.TRIGGER_KEYS.add("each_counter")          # 603.2c: "whenever a counter is put on …" triggers once per counter (triggers.py)


@V.event("counters_put")
def _counters_put(g, t, ev, src, subj, sc):
    """122.6: one or more counters (of `counter_kind`, else any) are put on a permanent (`object` filters it; one
    event per permanent and effect — "one or more" counters; the amount is `event:amount`)."""
    return ev.kind == "counters_put" and t.get("counter_kind", ev.to) == ev.to


def _logged(g, src, n, m) -> int:
    k = _apply(n, m)
    g.log("614.1a", f"{src.name}: {n} counter(s) become {k}")
    return k


@effect("double_counters", keys=("to", "kind", "filter"), filters=("filter",),
        enums={"to": lambda v: "" if v == "each" or v in V.OBJECT_WORDS else v})
def double_counters(g, arg, ctx):
    """122.8 "double the number of <kind> counters on X": put as many more of that kind as it has (so counter
    replacements apply, 614.1a); no `kind`: each kind of counter it has; `to: each` + `filter`: every permanent
    matching it."""
    to = arg.get("to", "self")
    objs = [o for o in g.bf if g.match(o, g.chars(o), arg.get("filter", {}), ctx.source, ctx.controller)] \
        if to == "each" else g.objects_of(to, ctx)
    for o in objs:
        if o.gone or o.zone != "battlefield":
            continue
        kinds = [arg["kind"]] if arg.get("kind") else [k for k, v in o.counters.items() if v > 0]
        for kind in kinds:
            have = o.counters.get(kind, 0)
            if have > 0:
                g.log("122.8", f"{o.name}: {have} {kind} counter(s) doubled (+{add_counters(g, o, kind, have)})")


@effect("counters_divided", keys=("n", "kind", "to"), enums={"to": ("target",)})
def counters_divided(g, arg, ctx):
    """601.2d: `n` counters of `kind` distributed as the controller chose among the targets (at least one each;
    answer `choose: {divide: [N, …]}` in target order; a single target gets them all); 608.2b: an illegal
    target gets none of its share."""
    chosen, legal, shares = division(g, ctx, g.value(arg.get("n", 1), ctx), "counters", forced=True)
    kind = arg["kind"]
    for t, share in zip(chosen, shares):
        if any(t is x for x in legal) and not isinstance(t, str) and t.zone == "battlefield":
            g.log("601.2d", f"{t.name} gets {add_counters(g, t, kind, share)} {kind} counter(s)")


def division(g, ctx, n: int, noun: str, forced: bool = False):
    """601.2d: the targets the spell or ability announced a division for, those still legal (608.2b), and the
    shares in target order (answer `divide: [N, …]`; at least one each; one target — or with ``forced``, n
    targets — no choice)."""
    holder = ctx.ability if ctx.ability is not None else ctx.source
    chosen = [t for t in (getattr(holder, "targets", None) or ctx.targets) if t is not None]
    legal = [t for t in ctx.targets if t is not None]
    k = len(chosen)
    shares = [] if k == 0 else [n] if k == 1 else [1] * k if forced and n == k else None
    if shares is None:
        v = g.answer(ctx.controller, "divide", f"{ctx.source.name}: divide {n} {noun} among {k} targets",
                     [n - k + 1] + [1] * (k - 1))
        shares = [int(x) for x in (v if isinstance(v, list) else [v])]
        if len(shares) != k or sum(shares) != n or min(shares) < 1:
            raise IllegalAction(f"{ctx.source.name}: {shares} does not divide {n} {noun} among {k} targets, each "
                                f"at least 1 (601.2d)")
    return chosen, legal, shares


@condition("opponents_at_least")
def _opponents_at_least(g, v, src, ctrl, ev):
    """The controller has at least N opponents (still in the game, 800.4a)."""
    return len(g.opponents(ctrl)) >= v


@effect("remove_all_counters", keys=("from", "kind"), objects=("from",))
def remove_all_counters(g, arg, ctx):
    """122.8: remove every counter of `kind` (no `kind`: of every kind) from the objects named."""
    for o in g.objects_of(arg.get("from", "self"), ctx):
        kinds = [arg["kind"]] if arg.get("kind") else list(o.counters)
        gone = {k: o.counters.pop(k) for k in kinds if o.counters.get(k)}
        g.touch()
        g.log("122.8", f"remove all {arg.get('kind', '')} counters from {o.name}: {gone or 'none'}")


@effect("move_counters", keys=("n", "kind", "from", "to"), objects=("from", "to"))
def move_counters(g, arg, ctx):
    """122.5: move `n` counters of `kind` from one object onto another — removed from the first (as many as it
    has), put on the second (so counter replacements apply, 614.1a); neither on the battlefield: nothing moves."""
    srcs = [o for o in g.objects_of(arg["from"], ctx) if o.zone == "battlefield" and not o.gone]
    dsts = [o for o in g.objects_of(arg["to"], ctx) if o.zone == "battlefield" and not o.gone]
    if not srcs or not dsts:
        g.log("122.5", "nothing to move counters from or onto")
        return
    a, b, kind = srcs[0], dsts[0], arg["kind"]
    k = min(a.counters.get(kind, 0), g.value(arg.get("n", 1), ctx))
    if k <= 0 or a is b:
        g.log("122.5", f"no {kind} counter moves from {a.name} onto {b.name}")
        return
    a.counters[kind] -= k
    g.log("122.5", f"move {k} {kind} counter(s) from {a.name} onto {b.name} ({add_counters(g, b, kind, k)} put)")
