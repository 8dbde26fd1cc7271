"""Durations "for as long as …" of clause family EV (issue 21), 611.2b: "for as long as ~ remains tapped", "for
as long as you control ~" (and both).  Such an effect begins only if its duration holds as it would begin (611.2b:
otherwise it does nothing), lasts past the cleanup step (514.2 ends only "until end of turn" effects), and ends
for good the first time the duration stops holding — the source leaves the battlefield (a new object, 400.7),
untaps, or changes control; it never resumes.

The effects that take a duration ``{while: KIND}`` are ``pump`` (``until``), ``gain_control`` (``until``, 613.1b)
and ``no_untap_while`` (502.3: "it doesn't untap during its controller's untap step for as long as …")."""
from __future__ import annotations

from ... import vocabulary as V

KINDS = ("source_tapped", "you_control_source", "you_control_source_tapped")


def until_check(v) -> str:
    """The checker of an effect's ``until`` that may also be a duration ``{while: KIND}``."""
    if isinstance(v, dict):
        return "" if set(v) == {"while"} and v["while"] in KINDS else repr(v)
    return ""


def _holds(g, w) -> bool:
    kind, src_oid, ctrl = w
    src = next((o for o in g.bf if o.oid == src_oid), None)
    if src is None:
        return False
    tapped_ok = src.tapped if kind in ("source_tapped", "you_control_source_tapped") else True
    control_ok = src.controller == ctrl if kind in ("you_control_source", "you_control_source_tapped") else True
    return tapped_ok and control_ok


def begin(g, until, ctx):
    """611.2b: the duration record ``(kind, source oid, controller)`` of an effect with ``until: {while: KIND}``, or
    None when the duration does not hold as the effect would begin (it does nothing then)."""
    src = ctx.source
    if src is None or src.gone or src.zone != "battlefield":
        return None
    w = (until["while"], src.oid, ctx.controller)
    return w if _holds(g, w) else None


def _state(g) -> dict:
    return g.__dict__.setdefault("durations", {"control": [], "locks": []})


def gain_control_while(g, o, w) -> None:
    """613.1b with a 611.2b duration: remember the previous controller, given back when the duration ends."""
    _state(g)["control"].append((o, o.controller, w))


def _expire(g) -> None:
    """611.2b: end every effect whose duration no longer holds (for good)."""
    live = [e for e in g.effects if "while" not in e or _holds(g, e["while"])]
    changed = len(live) != len(g.effects)
    if changed:
        g.effects[:] = live
    st = _state(g)
    keep = []
    for o, before, w in st["control"]:
        if _holds(g, w):
            keep.append((o, before, w))
        elif not o.gone and o.zone == "battlefield" and o.controller != before:
            o.controller = before                       # 613.1b: the control effect ends
            o.since_turn = g.turn
            g.attackers.pop(o.oid, None)
            g.log("611.2b", f"{o.name}: the control effect's duration ended; back to {before}")
            changed = True
    st["control"][:] = keep
    st["locks"][:] = [(oid, w) for oid, w in st["locks"] if _holds(g, w)]
    if changed:
        g.touch()


@V.hook(V.EVENT_WATCHERS)
def _on_events(g, events):
    if g.__dict__.get("durations") or any("while" in e for e in g.effects):
        _expire(g)


@V.hook(V.STEP_HOOKS)
def _on_step(g, step):
    if g.__dict__.get("durations") or any("while" in e for e in g.effects):
        _expire(g)


@V.effect("no_untap_while", keys=("what", "while"), objects=("what",), values=(),
          enums={"while": KINDS})
def no_untap_while(g, arg, ctx):
    """502.3 / 611.2b: the objects don't untap during their controllers' untap steps for as long as the duration
    `while` holds (`source_tapped`: "~ remains tapped"; `you_control_source`; both)."""
    w = begin(g, {"while": arg["while"]}, ctx)
    if w is None:
        g.log("611.2b", f"{ctx.source.name}: the duration has already ended; no effect")
        return
    for o in g.objects_of(arg.get("what", "target"), ctx):
        _state(g)["locks"].append((o.oid, w))
        g.log("502.3", f"{o.name} doesn't untap for as long as the duration holds")


@V.hook(V.UNTAP_CHECKS)
def _locked(g, o) -> bool:
    """502.3: locked while its duration holds (checked as the untap step untaps, before anything untaps)."""
    locks = g.__dict__.get("durations", {}).get("locks") or []
    return any(oid == o.oid and _holds(g, w) for oid, w in locks)


# 502.3: "you may choose not to untap ~" — the option the "remains tapped" durations rely on — is the static
# `may_not_untap` of mechanics/counter_costs.py.
