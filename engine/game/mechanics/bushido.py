"""Bushido (702.45): "Bushido N" means "Whenever this creature blocks or becomes blocked, it gets +N/+N until end
of turn."  The behaviour has the keyword's number as the top-level key ``bushido: N``, read as the ability
resolves through the value form ``keyword_n:bushido``."""
from __future__ import annotations

from ... import vocabulary as V

V.top_key("bushido", lambda v, c=None: "" if isinstance(v, int) and not isinstance(v, bool) and v >= 1 else repr(v),
          "702.45a: bushido N — whenever this creature blocks or becomes blocked, it gets +N/+N until end of turn")


@V.value_form("keyword_n", args=("bushido",))
def _keyword_n(g, arg, ctx):
    """`keyword_n:K`: the number of the source's numbered keyword K (its behaviour key, e.g. `bushido: 2`)."""
    n = ctx.source.beh.extra.get(arg) if getattr(ctx.source, "beh", None) is not None else None
    return n if isinstance(n, int) else 0


@V.keyword_ability("bushido", "702.45")
def bushido():
    """702.45a: one trigger on blocking and one on becoming blocked (509.3a, 509.3c)."""
    pump = [{"pump": {"affected": "self", "pt": ["keyword_n:bushido", "keyword_n:bushido"]}}]
    return [{"event": ev, "name": "bushido", "object": {"self": True}, "targets": [], "effects": pump}
            for ev in ("blocks", "becomes_blocked")]
