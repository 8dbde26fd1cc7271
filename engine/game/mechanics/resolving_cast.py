"""Casting a card from exile while one of its own triggered abilities resolves, timing ignored — madness
(702.35a), suspend (702.62a), rebound (702.88a): one cast mode per keyword and the effect that offers the cast."""
from __future__ import annotations

from ... import vocabulary as V


def resolving_cast_mode(mode: str, has, rule: str, trigger: str):
    """Register cast mode ``mode``: a card for which ``has(o)`` holds, in exile, while its trigger resolves."""
    def check(g, o):
        if not has(o):
            return f"{o.name} has no {mode} ({rule})"
        if o.zone != "exile" or g.phase[0] != "resolution":
            return f"{o.name} is cast by {mode} only as its {trigger} resolves ({rule})"
        return ""
    V.cast_mode(mode, lambda g, o: (o.beh.spell or {}).get("targets") or [], check, zones=("exile",), timing=False)


def offer_cast(g, ctx, mode: str, question: str, rule: str, declined: str | None = None) -> bool:
    """The owner may cast the exiled source with ``mode`` (a `may` answer, then its targets); not cast (declined
    or impossible, e.g. no legal target 601.2c): moved to ``declined`` (a zone) or left in exile.  True if cast."""
    o = ctx.source
    if o.gone or o.zone != "exile":
        return False
    p = o.owner
    if "Land" not in g.chars(o).types and g.choose_yes(p, f"{o.name}: {question}?"):
        ok, why = g.can_cast(p, o, mode)
        if ok:
            g.cast(p, o, mode=mode)
            return True
        g.log(rule, f"{o.name} can't be cast: {why}")
    g.log(rule, f"{p} doesn't cast {o.name}" + (f": it is put into the {declined}" if declined else ": it stays exiled"))
    if declined:
        g.move(o, declined)
    return False
