"""Soulbond (702.95): "You may pair this creature with another unpaired creature when either enters. They remain
paired for as long as you control both of them."

702.95a: two triggered abilities — when this creature enters, if you control another unpaired creature, you may
pair them; whenever another unpaired creature enters under your control, if this one is unpaired, you may pair
them (answers: `may`, and `card` when there is a choice of partner).  702.95c/d (and 702.95e): the pair ends when
either leaves the battlefield, stops being a creature or is controlled by another player — checked whenever the
pair is read.  "As long as ~ is paired with another creature, each of those creatures gets …" reads the
condition `paired` and the filter `paired_with_source`."""
from __future__ import annotations

from ... import vocabulary as V


def _pairs(g) -> dict:
    return g.__dict__.setdefault("soulbond_pairs", {})


def partner(g, o):
    """The creature ``o`` is paired with, or None (702.95c/d: the pair ends as soon as it no longer holds)."""
    pairs = _pairs(g)
    pid = pairs.get(o.oid)
    if pid is None:
        return None
    other = next((x for x in g.bf if x.oid == pid), None)
    # read while characteristics are computed (layers 6/7c): printed types, not g.chars (no recursion) — a
    # creature that stops being one through an effect stays paired here (DEBT)
    if other is None or o.gone or o.zone != "battlefield" or other.controller != o.controller or \
            "Creature" not in other.card.types or "Creature" not in o.card.types:
        pairs.pop(o.oid, None)
        pairs.pop(pid, None)
        return None
    return other


def _unpaired_creature(g, o, ctrl) -> bool:
    return o.zone == "battlefield" and not o.gone and o.controller == ctrl and "Creature" in g.chars(o).types \
        and partner(g, o) is None


@V.effect("soulbond_pair", values=(), enums={"*": ("self", "event")})
def soulbond_pair(g, arg, ctx):
    """702.95a: the controller may pair the source with another unpaired creature they control (`self`: the
    source entered — any such creature; `event`: the creature that entered)."""
    src, p = ctx.source, ctx.controller
    if not _unpaired_creature(g, src, p):
        return
    if arg == "event":
        cands = [ctx.event.new] if ctx.event is not None and getattr(ctx.event, "new", None) is not None else []
    else:
        cands = [o for o in g.bf if o is not src]
    cands = [o for o in cands if o is not src and _unpaired_creature(g, o, p)]
    if not cands or not g.choose_yes(p, f"{src.name}: pair it (soulbond, 702.95a)?"):
        return
    other = g.choose_card(p, cands, f"{src.name}: the creature to pair it with", by_object=True)
    _pairs(g).update({src.oid: other.oid, other.oid: src.oid})
    g.touch()
    g.log("702.95a", f"{src.name} is paired with {other.name}")


@V.keyword_ability("soulbond", "702.95", own_only=True)
def soulbond():
    return [{"event": "enters", "name": "soulbond", "object": {"self": True}, "targets": [],
             "effects": [{"soulbond_pair": "self"}]},
            {"event": "enters", "name": "soulbond", "object": {"other": True, "types": ["Creature"], "controller": "you"},
             "targets": [], "effects": [{"soulbond_pair": "event"}]}]


@V.condition("paired")
def _paired(g, v, src, ctrl, ev):
    """702.95: the source is paired with another creature (`true`) — or not."""
    return (partner(g, src) is not None) == bool(v)


@V.filter_key("paired_with_source", values=(True,))
def _paired_with_source(g, o, c, v, src, ctrl, ev):
    """The source or the creature it is paired with ("each of those creatures", 702.95)."""
    if src is None:
        return False
    mate = partner(g, src)
    return mate is not None and (o.oid == src.oid or o.oid == mate.oid)
