"""Emblems (114): "you get an emblem with '<ability>'" — 114.1: the player puts an emblem into the command zone;
114.2: it is neither a card nor a permanent, its owner and controller is that player; 114.4: its abilities work in
the command zone (113.6p) — its static abilities apply (611.3a, in timestamp order, 613.7) and its triggered
abilities trigger (603.2) like those of a permanent.  Emblems never leave the command zone.

Nothing runs in a game without an emblem: the game's static-ability list and trigger detection are extended for
that game only, when its first emblem is created."""
from __future__ import annotations

from ... import vocabulary as V
from ..objects import TokenCard


def _quoted_ok(v) -> str:
    """The emblem's abilities (113.1a, a quoted ability compiled as a line): ones the engine runs as they stand."""
    ok = isinstance(v, dict) and v and set(v) <= {"triggers", "activated", "statics", "keywords"} and \
        not V.unhandled(v) and not v.get("activated")          # an emblem has no activated abilities to use here
    return "" if ok else f"emblem abilities {v!r}"


@V.effect("emblem", keys=("ability",), values=(), enums={"ability": _quoted_ok})
def emblem(g, arg, ctx):
    """114.1: the ability's controller gets an emblem with the abilities ``ability`` (a BEHAVIOUR)."""
    from ..layers import granted_behaviour
    card = TokenCard({"name": f"{ctx.source.name} Emblem", "types": [], "pt": (None, None)})
    o = g.make(card, ctx.controller, "command", beh=granted_behaviour(arg["ability"]))
    g.ts += 1
    o.timestamp = g.ts                                   # 613.7a: its statics apply from now, in timestamp order
    emblems = g.__dict__.get("emblems")
    if emblems is None:
        emblems = g.__dict__["emblems"] = []
        _extend_game(g)
    emblems.append(o)
    # its triggered abilities work in the command zone (113.6p), not only on the battlefield
    g.__dict__.setdefault("emblem_triggers", []).extend(
        (o, idx, dict(t, source_zone="command")) for idx, t in enumerate(o.beh.triggers))
    g.touch()
    g.log("114.1", f"{ctx.controller} gets an emblem ({ctx.source.name})")


def _extend_game(g) -> None:
    """114.4: from now on, this game's emblems' statics apply and their abilities trigger."""
    cls = type(g)

    def _statics():
        out = cls._statics(g)
        extra = [(o.timestamp, o, s) for o in g.emblems for s in o.beh.statics
                 if "if" not in s or g.condition(s["if"], o, o.controller, None)]
        return sorted(out + extra, key=lambda x: x[0]) if extra else out

    def detect(events, before=None):
        cls.detect(g, events, before)
        _emblem_triggers(g, events or [])

    g._statics = _statics
    g.detect = detect


def _emblem_triggers(g, events) -> None:
    """603.2 for the emblems' triggered abilities (603.4: an intervening "if" is checked as it triggers)."""
    for ev in events:
        subj = ev.subject()
        sc = g.chars(subj) if subj is not None and not subj.is_ability else None
        for o, idx, t in g.emblem_triggers:
            if not g._trigger_matches(t, ev, o, subj, sc):
                continue
            if "if" in t and not g.condition(t["if"], o, o.controller, ev):
                continue
            g._trigger(o, t, idx, ev)
