"""Trigger modifiers: statics that stop events from triggering abilities (Torpor Orb, Hushwing Gryff —
603.2, 614.16-ish: "creatures entering don't cause abilities to trigger") and that make abilities trigger an
additional time (Panharmonicon — 603.2d).  Registered as hooks the trigger detection (triggers.py) calls."""
from __future__ import annotations

from ...vocabulary import static, trigger_multiplier, trigger_suppressor

static("suppress_trigger", filters=("object",), doc="an event causes no abilities to trigger (603.2)")
static("extra_trigger", filters=("object", "source"), doc="an ability triggers an additional time (603.2d)")


def _suppressed(g, ev, subj, sc, sources) -> bool:
    kind = "enters" if (ev.kind == "zone" and ev.to == "battlefield") else (
        "dies" if ev.kind == "zone" and ev.frm == "battlefield" and ev.to == "graveyard" else None)
    if kind is None:
        return False
    for src in sources:
        for s in src.beh.statics:
            sup = s.get("suppress_trigger")
            if sup and sup["event"] == kind and not sup.get("sources") and \
                    g.match(subj, sc, sup.get("object", {}), None, src.controller):
                g.log("603.2", f"{subj.name} {kind}: {src.name} stops abilities from triggering")
                return True
    return False


@trigger_suppressor
def suppressed(g, ev, subj, sc, sources, trig_src) -> bool:
    """Whether the event causes no ability (``trig_src`` None) or ``trig_src``'s ability not to trigger."""
    if sc is None:
        return False
    if trig_src is None:
        return _suppressed(g, ev, subj, sc, sources)
    return _suppressed_for(g, ev, subj, sc, sources, trig_src)


def _suppressed_for(g, ev, subj, sc, sources, trig_src) -> bool:
    """Suppression that depends on whose ability it is (e.g. only opponents' permanents)."""
    if ev.kind != "zone" or ev.to != "battlefield" or sc is None:
        return False
    for src in sources:
        for s in src.beh.statics:
            sup = s.get("suppress_trigger")
            if sup and sup["event"] == "enters" and sup.get("sources") == "opponent" and \
                    trig_src.controller != src.controller and \
                    g.match(subj, sc, sup.get("object", {}), None, src.controller):
                g.log("603.2", f"{subj.name} enters: {src.name} stops {trig_src.name} from triggering")
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
