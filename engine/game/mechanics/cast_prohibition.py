"""Effects that prohibit casting (601.3, 101.2): a static ``cant_cast: FILTER`` — spells that fit FILTER can't
be cast (by anyone).  The spell is judged with the characteristics it would have on the stack: 601.3e — a cast
mode that changes them (bestow, 702.103b: an Aura spell, not a creature spell) is what is checked."""
from __future__ import annotations

from ...vocabulary import CAST_CHECKS, CAST_MODES, hook, static

static("cant_cast", filters=("cant_cast",), doc="spells that fit the filter can't be cast (601.3, 101.2)")


def _as_cast(g, o, mode):
    """The characteristics ``o`` would have as a spell cast in ``mode`` (601.3e)."""
    opts = CAST_MODES[mode].move_opts if mode in CAST_MODES else {}
    if not opts.get("bestowed") or o.bestowed:
        return g.chars(o)
    o.bestowed = True
    g.touch()
    try:
        return g.chars(o)
    finally:
        o.bestowed = False
        g.touch()


@hook(CAST_CHECKS)
def prohibited(g, p, o, mode) -> str:
    c = None
    for x in g.bf:
        for s in x.beh.statics:
            f = s.get("cant_cast")
            if f is None:
                continue
            c = c or _as_cast(g, o, mode)
            if g.match(o, c, f, x, x.controller):
                return f"{o.name} can't be cast: {x.name}'s effect prohibits it (601.3, 101.2)"
    return ""
