"""Removing counters as a cost (602.2b, 122.8) beyond "remove N <kind> counters from ~" (engine/game/costs.py):

- `remove_any_counters: {kind}` — "remove any number of storage counters from ~": the number is the player's
  (answer `choose: {x: N}`, 0 up to the counters there, 107.3 / 601.2f-h: chosen as the cost is paid); it is
  recorded for the value form `removed_this_way:KIND` ("add {B} for each storage counter removed this way",
  read as the mana ability resolves, 605.3a);
- `remove_counters_from: {kind, n, filter}` — "remove a +1/+1 counter from a creature you control", "remove two
  +1/+1 counters from among creatures you control": one counter at a time from a permanent of the filter the
  player picks (`choose: {card: …}`), each having one."""
from __future__ import annotations

from ... import vocabulary as V
from ...errors import IllegalAction
from .counter_replacements import add_counters, whole


def _kind_only(v, checker) -> str:
    return "" if isinstance(v, dict) and set(v) == {"kind"} and isinstance(v["kind"], str) else repr(v)


@V.cost("remove_any_counters", _kind_only)
def remove_any_counters(g, p, o, v):
    """Remove the number of `kind` counters the player chooses from this permanent (122.8); remembered for
    "… removed this way" (608.2c)."""
    kind, have = v["kind"], o.counters.get(v["kind"], 0)
    raw = g.answer(p, "x", f"{o.name}: how many {kind} counters to remove (0–{have})", have)
    try:
        n = int(raw)
    except (TypeError, ValueError):
        raise IllegalAction(f"{o.name}: {raw!r} is not a number of counters") from None
    if not 0 <= n <= have:
        raise IllegalAction(f"{o.name}: can't remove {n} {kind} counters, it has {have} (602.2b)")
    o.counters[kind] = have - n
    g.touch()
    removed = getattr(g, "removed_this_way", None)
    if removed is None:
        removed = g.removed_this_way = {}
    removed[(o.oid, kind)] = n
    g.log("122.8", f"{p} removes {n} {kind} counter(s) from {o.name} as a cost")


@V.value_form("removed_this_way", args=lambda a, checker: "" if isinstance(a, str) and a else repr(a))
def _removed_this_way(g, arg, ctx):
    """The number of `arg` counters the source's cost removed ("for each storage counter removed this way")."""
    return (getattr(g, "removed_this_way", None) or {}).get((ctx.source.oid, arg), 0)


def _from_check(v, checker) -> str:
    if not isinstance(v, dict) or set(v) != {"kind", "n", "filter"} or not isinstance(v["kind"], str) \
            or not whole(v["n"]):
        return repr(v)
    checker.filter(v["filter"])
    return ""


@V.cost("remove_counters_from", _from_check)
def remove_counters_from(g, p, o, v):
    """Remove `n` counters of `kind` from among permanents matching `filter` (the player picks each)."""
    kind = v["kind"]
    for i in range(v["n"]):
        cands = [x for x in g.bf if x.counters.get(kind, 0) > 0 and g.match(x, g.chars(x), v["filter"], o, p)]
        if not cands:
            raise IllegalAction(f"{o.name}: no {kind} counter left to remove for the cost (602.2b)")
        x = g.choose_card(p, cands, f"{o.name}: remove a {kind} counter from", by_object=True)
        x.counters[kind] -= 1
        g.touch()
        g.log("122.8", f"{p} removes a {kind} counter from {x.name} as a cost")


# 502.3: "you may choose not to untap ~ during your untap step" (storage lands keep accumulating counters) — the
# controller's `may` answer as the untap step untaps: yes = it stays tapped
V.static("may_not_untap", doc="502.3: the controller may choose not to untap it during their untap step (`may: yes` "
                              "keeps it tapped)")


@V.hook(V.UNTAP_CHECKS)
def _chooses_not_to_untap(g, o) -> bool:
    if not any(s.get("may_not_untap") for s in o.beh.statics):
        return False
    keep = g.choose_yes(o.controller, f"{o.name}: leave it tapped during the untap step (502.3)?", ("may",))
    if keep:
        g.log("502.3", f"{o.controller} chooses not to untap {o.name}")
    return keep


def _put_check(v, checker) -> str:
    if not isinstance(v, dict) or set(v) != {"kind", "n"} or not isinstance(v["kind"], str) or not whole(v["n"]):
        return repr(v)
    return ""


@V.cost("put_counters_cost", _put_check)
def put_counters_cost(g, p, o, v):
    """602.2b / 122.1: "put a -1/-1 counter on ~" as a cost — the counters are put on it (so counter replacements
    apply, 614.1a: one -1/-1 counter less may mean none; the cost is still paid, 118.3)."""
    g.log("122.1", f"{p} puts {add_counters(g, o, v['kind'], v['n'])} {v['kind']} counter(s) on {o.name} as a cost")
