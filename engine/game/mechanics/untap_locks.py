"""Untap locks of clause family ES (issue 21): "that creature doesn't untap during its controller's untap step
for as long as you control ~" (502.3 with a 611.2b duration: the effect lasts while the source stays on the
battlefield under the control of the player who controlled the ability; once that ends, it never resumes)."""
from __future__ import annotations

from ... import vocabulary as V


def _locks(g) -> list:
    return g.__dict__.setdefault("untap_locks", [])


@V.effect("no_untap_while_you_control", objects=("*",))
def no_untap_while_you_control(g, arg, ctx):
    """502.3 / 611.2b: the objects don't untap during their controller's untap steps while the ability's
    controller controls its source."""
    src = ctx.source
    if src is None or src.gone or src.zone != "battlefield":
        return                                       # 611.2b: the duration has already ended
    for o in g.objects_of(arg, ctx):
        _locks(g).append((o.oid, src.oid, ctx.controller))
        g.log("502.3", f"{o.name} doesn't untap while {ctx.controller} controls {src.name}")


@V.hook(V.UNTAP_CHECKS)
def _locked(g, o) -> bool:
    """502.3: a locked permanent stays tapped; a lock whose source left or changed control is gone (611.2b)."""
    live = {x.oid: x for x in g.bf}
    keep = [(oid, s, p) for oid, s, p in _locks(g) if s in live and live[s].controller == p]
    _locks(g)[:] = keep
    return any(oid == o.oid for oid, _, _ in keep)
