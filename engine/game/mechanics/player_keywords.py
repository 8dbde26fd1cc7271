"""Keywords acting on their controller's game rather than on the object (issue 21, group ek1): ascend and the city's
blessing (702.131), dredge (702.52, a draw replacement), undaunted (702.125, a cost reduction), partner (702.124, a
deck-construction rule without effect in a game)."""
from __future__ import annotations

from ... import vocabulary as V
from .cost_changes import SELF_MODIFIERS

_NUMBER = lambda v, c=None: "" if isinstance(v, int) and not isinstance(v, bool) and v >= 1 else repr(v)  # noqa: E731


# ----------------------------------------------------------------- ascend 702.131
def has_blessing(g, p) -> bool:
    """702.131c: the city's blessing is a player designation kept for the rest of the game."""
    return (0, "citys_blessing", p) in g.history


def _permanents(g, p) -> int:
    return sum(1 for o in g.bf if o.controller == p)


def _bless(g, p) -> None:
    if not has_blessing(g, p) and _permanents(g, p) >= 10:
        g.history.add((0, "citys_blessing", p))
        g.log("702.131", f"{p} controls ten or more permanents and gets the city's blessing")


@V.hook(V.EVENT_WATCHERS)
def _ascend_permanents(g, events):
    """702.131b: ascend on a permanent — any time its controller controls ten or more permanents, they get the
    city's blessing."""
    for p in {o.controller for o in g.bf if "ascend" in o.beh.keywords}:
        _bless(g, p)


@V.condition("citys_blessing")
def _citys_blessing(g, v, src, ctrl, ev):
    """702.131c: the controller has the city's blessing (or hasn't). 702.131a: a resolving instant or sorcery with
    ascend gives it first if its controller controls ten or more permanents (its conditions are read as it
    resolves); 702.131b: a permanent's ascend checks continuously (checked here too)."""
    if src is not None and not getattr(src, "is_ability", False) and "ascend" in src.beh.keywords and \
            src.zone in ("stack", "battlefield"):
        _bless(g, ctrl)
    return has_blessing(g, ctrl) == bool(v)


V.keyword("ascend", "702.131")
V.OWN_ONLY_KEYWORDS.add("ascend")          # read from the printed keywords: granted ascend is reported unhandled


# ----------------------------------------------------------------- dredge 702.52
V.top_key("dredge", _NUMBER, "702.52a: dredge N — if you would draw a card, you may mill N cards instead; if you do, "
                             "return this card from your graveyard to your hand")


@V.hook(V.DRAW_REPLACEMENTS)
def _dredge(g, p) -> bool:
    """702.52a/b: as ``p`` would draw a card, they may (a `may` answer, then a `card` answer among several) mill N
    cards instead and return a card with dredge N from their graveyard to their hand; not with fewer than N cards in
    the library (702.52b)."""
    lib = g.pz[p]["library"]
    cands = [o for o in g.pz[p]["graveyard"]
             if isinstance(o.beh.extra.get("dredge"), int) and len(lib) >= o.beh.extra["dredge"]]
    if not cands or not g.choose_yes(p, "dredge instead of drawing?", ("may",)):
        return False
    o = g.choose_card(p, cands, "the card to dredge")
    n = o.beh.extra["dredge"]
    g.log("702.52a", f"{p} dredges {o.name}: mills {n} instead of drawing")
    g.move_batch([(x, "graveyard", None) for x in lib[:n]])
    g.move(o, "hand")
    return True


# ----------------------------------------------------------------- undaunted 702.125
def _undaunted(g, o) -> list:
    """702.125a: "this spell costs {1} less to cast for each opponent" (601.2f)."""
    if "undaunted" not in o.beh.keywords:
        return []
    n = sum(1 for p in g.players if p != o.controller)
    return [{"self": True, "less": f"{{{n}}}"}] if n else []


SELF_MODIFIERS.append(_undaunted)
V.keyword("undaunted", "702.125")
V.OWN_ONLY_KEYWORDS.add("undaunted")       # read from the printed keywords: granted undaunted is reported unhandled


# ----------------------------------------------------------------- partner 702.124
# 702.124a: partner modifies the rules for deck construction (two commanders, 903.3c); it has no effect in a game,
# so the engine has nothing to run for it (a face with it is judged on its other abilities).
V.keyword("partner", "702.124")
