"""Day and night (726) with daybound and nightbound (702.145).

- 726.2 / 702.145c: if it's neither day nor night when a permanent with daybound is on the battlefield, it
  becomes day (checked as such a permanent enters);
- 702.145b: if it's night, a permanent with daybound enters transformed (its nightbound face up);
- 726.3a: as the untap step begins, if it's day and the previous turn's active player cast no spells during that
  turn, it becomes night; if it's night and that player cast two or more spells, it becomes day;
- 702.145b / 702.145e: as it becomes night, each daybound permanent transforms; as it becomes day, each
  nightbound permanent transforms (712.8: the same object, the other face up).

The game keeps ``day_night`` (None, "day", "night"); the conditions "it's day" / "it's night" read it.  A
scenario sets it with ``put`` of a daybound card; the turn's active players are remembered as steps begin
(before the scenario's first step: the other player)."""
from __future__ import annotations

from ... import vocabulary as V
from ...errors import EngineError
from ..objects import Event


def _state(g):
    return getattr(g, "day_night", None)


def _turn_over(g, o) -> None:
    if not o.beh.transform_to:
        raise EngineError(f"{o.name}: a day/night card without its other face")
    from ..effects.permanents import turn_over
    turn_over(g, o, "702.145")


def _become(g, state: str) -> None:
    before = _state(g)
    g.day_night = state
    g.log("726.2", f"it becomes {state}")
    kw = "daybound" if state == "night" else "nightbound"
    for o in list(g.bf):
        if kw in o.beh.keywords:
            _turn_over(g, o)
    if before is not None and before != state:
        # "whenever day becomes night or night becomes day" (726.2; not when it first becomes day, 726.2)
        g.detect([Event("day_night_changes", player=g.active)])


@V.event("day_night_changes")
def _day_night_changes(g, t, ev, src, subj, sc):
    """726.2: day becomes night or night becomes day (not the first time it becomes day or night); the source is
    on the battlefield."""
    return ev.kind == "day_night_changes" and src.zone == "battlefield" and not src.gone


V.static("day_if_neither", doc="726.2: if it's neither day nor night, it becomes day as this permanent enters.")


@V.hook(V.ENTER_HOOKS)
def _enters(g, new, opts):
    """702.145b/c: a daybound permanent makes it day if it's neither; at night it enters transformed. 726.2: so
    does a permanent with "if it's neither day nor night, it becomes day as ~ enters" (`day_if_neither`)."""
    if "daybound" not in new.beh.keywords:
        if _state(g) is None and any(s.get("day_if_neither") for s in new.beh.statics):
            g.day_night = "day"
            g.touch()
            g.log("726.2", f"it becomes day ({new.name} enters)")
        return
    if _state(g) is None:
        g.day_night = "day"
        g.log("726.2", "it becomes day (a daybound permanent, 702.145c)")
    elif _state(g) == "night":
        _turn_over(g, new)


@V.hook(V.STEP_HOOKS)
def _untap_check(g, step):
    """726.3a: the day/night check as the untap step begins."""
    seen = g.__dict__.setdefault("active_by_turn", {})
    seen.setdefault(g.turn, g.active)
    if step != "untap" or _state(g) is None:
        return
    prev = seen.get(g.turn - 1)
    if prev is None:
        others = [p for p in g.players if p != g.active]
        prev = others[0] if others else g.active
    n = sum(1 for t, what, who in g.history if t == g.turn - 1 and what == "cast" and who[0] == prev)
    if _state(g) == "day" and n == 0:
        _become(g, "night")
    elif _state(g) == "night" and n >= 2:
        _become(g, "day")


@V.condition("night")
def _night(g, v, src, ctrl, ev):
    """726: it is night (`true`) — or not."""
    return (_state(g) == "night") == bool(v)


@V.condition("day")
def _day(g, v, src, ctrl, ev):
    """726: it is day (`true`) — or not."""
    return (_state(g) == "day") == bool(v)


V.keyword("daybound", "702.145")
V.keyword("nightbound", "702.145")
