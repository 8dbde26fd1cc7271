"""Kicker conditions of clause family ec (issue 21): the filter key `kicked` ("whenever you cast a kicked spell",
702.33d: a kicked spell is one whose kicker cost was paid; the permanent it becomes keeps that, 702.33d) and the
value `times_kicked` ("for each time it was kicked", multikicker 702.33c). Kicker itself (702.33, the
`kicker` key, the `kicked` / `kicked_with` conditions) is engine/game/costs.py; "if ~ was kicked, … instead"
is the `if` effect with `otherwise` (608.2c)."""
from __future__ import annotations

from ... import vocabulary as V


@V.filter_key("kicked", values=(True, False))
def _kicked(g, o, chars, value, src, ctrl, ev):
    """702.33d: the spell (or the permanent it became) was kicked — at least one kicker cost was paid."""
    return bool(getattr(o, "kicked", 0)) == bool(value)


def _multikicker_check(v, checker) -> str:
    return "" if isinstance(v, str) and v.startswith("{") else repr(v)


V.top_key("multikicker", _multikicker_check,
          "702.33c: multikicker [cost] — an optional additional cost paid any number of times; cast with `kicked: N` "
          "(the times paid), read by the `kicked` condition and the `times_kicked` value")


@V.value_form("times_kicked", args=lambda a, checker: "" if type(a) is int and a > 0 else repr(a))
def _times_kicked(g, arg, ctx) -> int:
    """702.33c: "[N] for each time it was kicked" (`{times_kicked: N}`) — N times the number of times its
    multikicker cost was paid (the source, as a spell or the permanent it became, 702.33d); a kicker with several
    costs counts the costs paid."""
    o = ctx.source
    k = getattr(o, "kicked", 0) or 0
    times = int(k) if o.beh.extra.get("multikicker") and not o.beh.extra.get("kicker") else bin(int(k)).count("1")
    return int(arg) * times


@V.condition("event_spell_kicked")
def _event_spell_kicked(g, v, src, ctrl, ev):
    """"whenever you cast a spell, if that spell was kicked" (603.4, 702.33d): the event's spell was kicked."""
    return bool(ev is not None and getattr(ev.obj, "kicked", 0)) == bool(v)
