"""Doubling replacement effects (614.1a; several of them each apply once, 616.1 — multipliers commute, so their
order does not matter): "If an effect would create one or more tokens under your control, it creates twice that
many of those tokens instead" (`token_multiplier`), "If you would gain life, you gain twice that much life
instead" (`life_gain_multiplier`), "If an effect would put one or more counters on a permanent you control, it
puts twice that many of those counters on that permanent instead" (`counter_multiplier`, also for counters a
permanent enters with, 122.6); "If one or more tokens would be created, twice that many of those tokens are
created instead" (`token_multiplier_any`: every player's tokens, whoever controls the source)."""
from __future__ import annotations

from ... import vocabulary as V

KINDS = ("token_multiplier", "life_gain_multiplier", "counter_multiplier")
_DOCS = {_k: "614.1a/616.1: an int N — that many times as many (tokens created, life gained, counters put) for the "
             "source's controller" for _k in KINDS}
_DOCS["token_multiplier_any"] = "614.1a/616.1: an int N — that many times as many tokens created, for every player"


def _factor(v, c) -> str:
    return "" if isinstance(v, int) and not isinstance(v, bool) and v > 1 else repr(v)


for _k, _doc in _DOCS.items():
    V.static(_k, doc=_doc)
    V.STATIC_CHECKS[_k] = _factor


def multiplied(g, kind: str, player, n: int) -> int:
    """``n`` after every ``kind`` replacement of permanents ``player`` controls (614.1a, each once, 616.1)."""
    if n <= 0:
        return n
    anyone = kind + "_any"                                  # the same replacement for every player's
    for _, src, s in g._statics():
        m = s.get(kind)
        if m and src.controller == player or (m := s.get(anyone)):
            g.log("614.1a", f"{src.name}: {n} becomes {n * m}")
            n *= m
    return n
