"""Trigger modifiers: statics that stop events from triggering abilities (Torpor Orb, Hushwing Gryff —
603.2, 614.16-ish: "creatures entering don't cause abilities to trigger") and that make abilities trigger an
additional time (Panharmonicon — 603.2d).  Registered as hooks the trigger detection (triggers.py) calls."""
from __future__ import annotations

from ...vocabulary import static, trigger_multiplier, trigger_suppressor

static("suppress_trigger", filters=("object",), doc="an event causes no abilities to trigger (603.2)")
static("extra_trigger", filters=("object", "source"), doc="an ability triggers an additional time (603.2d)")


def _kind(ev):
    if ev.kind != "zone":
        return None
    if ev.to == "battlefield":
        return "enters"
    return "dies" if ev.frm == "battlefield" and ev.to == "graveyard" else None


@trigger_suppressor
def suppressed(g, ev, subj, sc, sources, trig_src) -> bool:
    """Whether the event causes no ability to trigger (``trig_src`` None: statics without ``sources``) or
    only ``trig_src``'s (``sources: opponent``: abilities of the static's controller's opponents, enters only)."""
    kind = _kind(ev) if sc is not None else None
    if kind is None or (trig_src is not None and kind != "enters"):
        return False
    for src in sources:
        for s in src.beh.statics:
            sup = s.get("suppress_trigger")
            if not sup or sup["event"] != kind:
                continue
            if trig_src is None:
                if sup.get("sources"):
                    continue
            elif sup.get("sources") != "opponent" or trig_src.controller == src.controller:
                continue
            if g.match(subj, sc, sup.get("object", {}), None, src.controller):
                whom = "abilities" if trig_src is None else trig_src.name
                g.log("603.2", f"{subj.name} {kind}: {src.name} stops {whom} from triggering")
                return True
    return False


@trigger_multiplier
def extra_triggers(g, ev, src, subj, sc, sources) -> int:
    """603.2d: effects that make a triggered ability of a permanent you control trigger again."""
    kinds = g._event_kinds(ev, sc)
    n = 0
    for o in sources:
        for s in o.beh.statics:
            ex = s.get("extra_trigger")
            if not ex or o.controller != src.controller:
                continue
            want = ex["event"]
            if want != "any" and not (set(want) & set(kinds) if isinstance(want, list) else want in kinds):
                continue
            if ex.get("object") and (sc is None or not g.match(subj, sc, ex["object"], o, o.controller)):
                continue
            if ex.get("source") and not g.match(src, g.chars(src), ex["source"], o, o.controller):
                continue
            n += 1
            g.log("603.2d", f"{o.name}: {src.name} triggers an additional time")
    return n
