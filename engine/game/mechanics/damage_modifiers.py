"""Static replacement and prevention effects that change an amount of damage (614.1a, 615.7): "if a red source
you control would deal damage to an opponent or a permanent an opponent controls, it deals that much damage
plus 2 instead", "… it deals double that damage … instead", "if a source would deal damage to you, prevent 1
of that damage".

A ``damage_modifier`` static is ``{to: {players: you|opponents|all, objects: FILTER}, source: FILTER, plus: N |
times: N | prevent: N}`` (``to`` holds either part or both — either recipient is affected; FILTERs are read
from the static's source).  616.1: when several of these apply to one damage event, the affected player or
controller of the affected object chooses their order; the engine does not model that choice, so a mix of
different kinds on one event stops the run (a `choice needed` error, never a guessed total)."""
from __future__ import annotations

from ... import vocabulary as V
from ...errors import ScenarioError

_OPS = ("plus", "times", "prevent")


def _check(v, checker) -> str:
    if not isinstance(v, dict) or set(v) - {"to", "source", *_OPS}:
        return repr(v)
    ops = [k for k in _OPS if k in v]
    if len(ops) != 1 or not isinstance(v[ops[0]], int) or isinstance(v[ops[0]], bool):
        return f"amount {v!r}"
    to = v.get("to")
    if not isinstance(to, dict) or not to or set(to) - {"players", "objects"} or \
            to.get("players", "you") not in ("you", "opponents", "all"):
        return f"to {to!r}"
    if "objects" in to:
        checker.filter(to["objects"])
    if "source" in v:
        checker.filter(v["source"])
    return ""


V.static("damage_modifier", doc="614.1a / 615.7: `{to: {players: you|opponents|all, objects: FILTER}, source: "
                                "FILTER, plus|times|prevent: N}` — damage those sources would deal to those "
                                "recipients is N more, N times as much, or N less")
V.STATIC_CHECKS["damage_modifier"] = _check


def _applies(g, m, holder, src, tgt) -> bool:
    if "source" in m and (src is None or not g.match(src, g.chars(src), m["source"], holder, holder.controller)):
        return False
    to = m["to"]
    if isinstance(tgt, str):
        who = to.get("players")
        return who == "all" or (who == "you" and tgt == holder.controller) or \
            (who == "opponents" and tgt != holder.controller)
    return "objects" in to and g.match(tgt, g.chars(tgt), to["objects"], holder, holder.controller)


@V.hook(V.DAMAGE_REDUCERS)
def _modify(g, src, tgt, n, combat) -> int:
    """614.1a / 615.7: each applying modifier changes the amount; one kind at a time (616.1, see above)."""
    mods = [(holder, s["damage_modifier"]) for _, holder, s in g._statics()
            if s.get("damage_modifier") and _applies(g, s["damage_modifier"], holder, src, tgt)]
    if n <= 0 or not mods:
        return n
    kinds = {"minus" if m.get("plus", 0) < 0 else next(k for k in _OPS if k in m) for _, m in mods}
    if len(kinds) > 1:
        raise ScenarioError(None, None, "choice needed: the order of damage replacement and prevention effects of "
                                        "different kinds on one event (616.1) — not modelled")
    for holder, m in mods:
        before = n
        if "plus" in m:
            n += m["plus"]
        elif "times" in m:
            n *= m["times"]
        else:
            n = max(0, n - m["prevent"])
        g.log("614.1a" if "prevent" not in m else "615.7", f"{holder.name}: {before} damage becomes {max(0, n)}")
    return max(0, n)
