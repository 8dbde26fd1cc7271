"""Costs beyond mana and {T} (602.2b, 601.2h): discard, tapping other permanents, removing counters, loyalty
(606.4), "activate only once each turn"; kicker (702.33) and additional costs to cast (601.2b).  Costs are
paid in full or the action is illegal.  Add a cost = one ``@cost("key")`` function here."""
from __future__ import annotations

from .. import vocabulary as V
from ..errors import IllegalAction
from .mechanics.tapping import set_tapped
from .mechanics.trigger_events import discarded
from .mechanics.sacrificed import record_sacrificed


def _n_filter(v, checker):
    if not isinstance(v, dict) or set(v) - {"n", "filter"} or not isinstance(v.get("n", 1), int):
        return repr(v)
    checker.filter(v.get("filter") or {})
    return ""


def _filter_only(v, checker):
    if not isinstance(v, dict):
        return repr(v)
    checker.filter({k: x for k, x in v.items() if k != "n"})
    return "" if isinstance(v.get("n", 1), int) else repr(v.get("n"))


def _true(v, checker):
    return "" if v is True else repr(v)


def _int(v, checker):
    return "" if isinstance(v, int) and not isinstance(v, bool) else repr(v)


def _pick(g, p, cands, n, what):
    if len(cands) < n:
        raise IllegalAction(f"{what}: not enough to pay the cost (602.2b)")
    picked = []
    for _ in range(n):
        x = g.choose_card(p, [c for c in cands if c not in picked], what, by_object=True)
        picked.append(x)
    return picked


@V.cost("discard", _n_filter)
def discard(g, p, o, v):
    """Discard N cards (matching `filter`) as a cost."""
    hand = [x for x in g.pz[p]["hand"] if x is not o and g.match(x, g.chars(x), v.get("filter") or {}, o, p)]
    cards = _pick(g, p, hand, v.get("n", 1), f"{o.name}: discard (cost)")
    g.log("701.9", f"{p} discards {', '.join(x.name for x in cards)} as a cost")
    discarded(g, p, g.move_batch([(x, "graveyard", None) for x in cards]))


@V.cost("discard_self", _true)
def discard_self(g, p, o, v):
    """Discard this card as a cost (e.g. cycling 702.29a, from the hand)."""
    if o.zone != "hand":
        raise IllegalAction(f"{o.name} is not in {p}'s hand")
    discarded(g, p, [g.move(o, "graveyard")])


@V.cost("tap_other", _filter_only)
def tap_other(g, p, o, v):
    """Tap N untapped permanents you control matching the FILTER (602.2b)."""
    f = {k: x for k, x in v.items() if k != "n"}
    cands = [x for x in g.bf if x.controller == p and x is not o and not x.tapped and g.match(x, g.chars(x), f, o, p)]
    for x in _pick(g, p, cands, v.get("n", 1), f"{o.name}: tap (cost)"):
        g.detect(set_tapped(g, [x], True))
        g.log("701.26a", f"{p} taps {x.name} as a cost")


@V.cost("remove_counters", lambda v, c: "" if isinstance(v, dict) and isinstance(v.get("n", 1), int)
        and isinstance(v.get("kind"), str) else repr(v))
def remove_counters(g, p, o, v):
    """Remove N counters of a kind from this permanent (122.8)."""
    n = v.get("n", 1)
    if o.counters.get(v["kind"], 0) < n:
        raise IllegalAction(f"{o.name} has fewer than {n} {v['kind']} counters (602.2b)")
    o.counters[v["kind"]] -= n
    g.touch()


@V.cost("once_per_turn", _true)
def once_per_turn(g, p, o, v):
    """602.5b: "activate only once each turn" (checked as the ability is activated)."""
    key = ("activated", o.oid, g.turn, id(v))
    if key in g.once:
        raise IllegalAction(f"{o.name}: this ability was already activated this turn (602.5b)")
    g.once.add(key)


def _loyalty_value(v, checker):
    """An integer, or ±X (606.4; X announced as the ability is activated, mechanics/ability_x.py)."""
    return "" if v in ("-x", "+x", "x") else _int(v, checker)


@V.cost("loyalty", _loyalty_value)
def loyalty(g, p, o, v):
    """606.4: a loyalty ability's cost adds or removes loyalty counters; 606.3: one loyalty ability per
    permanent per turn, at sorcery speed."""
    if not g.sorcery_timing(p):
        raise IllegalAction(f"{o.name}: loyalty abilities only at sorcery speed (606.3)")
    key = ("loyalty", o.oid, g.turn)
    if key in g.once:
        raise IllegalAction(f"{o.name}: a loyalty ability was already activated this turn (606.3)")
    have = o.counters.get("loyalty", 0)
    if v < 0 and have < -v:
        raise IllegalAction(f"{o.name} has only {have} loyalty (606.6)")
    g.once.add(key)
    if v > 0:                                      # 606.4: putting loyalty counters is replaceable (614.1a)
        from .mechanics.counter_replacements import counters_put
        v = counters_put(g, o, "loyalty", v, effect=False)      # a cost, not an effect (Doubling Season)
    o.counters["loyalty"] = have + v
    g.touch()
    g.log("606.4", f"{o.name}: loyalty {have} -> {have + v}")


def _step_at_most(g, step):
    from .objects import STEPS
    return STEPS.index(g.step) <= STEPS.index(step)


_COMBAT = ("begin_combat", "declare_attackers", "declare_blockers", "combat_damage", "end_combat")
DURING = {"your_upkeep": lambda g, p: g.active == p and g.step == "upkeep",
          "your_turn_precombat": lambda g, p: g.active == p and _step_at_most(g, "begin_combat"),
          "combat": lambda g, p: g.step in _COMBAT,
          "before_blockers": lambda g, p: _step_at_most(g, "declare_attackers")}


@V.cost("during", lambda v, c: "" if v in DURING else repr(v))
def during(g, p, o, v):
    """602.5b: "activate only during …" — a timing restriction checked as the ability is activated."""
    if not DURING[v](g, p):
        raise IllegalAction(f"{o.name}: this ability can be activated only {v.replace('_', ' ')} (602.5b)")


# 602.5b: restrictions that only check (no payment) are checked before any cost is paid, so a refused
# activation pays nothing.
CHECK_FIRST = ("if", "during")


def pay_costs(g, p, o, a, keys=None):
    """Pay the registered costs an ability (or an additional cost) names, in the order written (the checking
    restrictions CHECK_FIRST before them)."""
    for k, v in sorted(a.items(), key=lambda kv: kv[0] not in CHECK_FIRST):
        fn = V.COSTS.get(k)
        if fn is not None and (keys is None or k in keys):
            fn(g, p, o, v)


def _additional(v, checker):
    if not isinstance(v, dict) or not v:
        return repr(v)
    bad = [k for k in v if k not in V.COSTS and k not in ("sacrifice_other", "pay_life")]
    if bad:
        return f"cost {bad[0]}"
    checker.costs(v)
    if isinstance(v.get("sacrifice_other"), dict):
        checker.filter({k: x for k, x in v["sacrifice_other"].items() if k != "n"})
    return ""


V.top_key("additional_cost", _additional, "601.2b/601.2h: an additional cost to cast the spell (paid on casting)")


def mana_or_costs(v, checker) -> str:
    """A keyword's cost: a mana string, or a cost mapping ("Flashback—{1}{G}, Pay 3 life": `{cost: MANA, pay_life:
    3}`) whose non-mana parts ``pay_keyword_cost`` pays (the engine does not charge mana)."""
    if isinstance(v, str):
        return ""
    if isinstance(v, dict) and isinstance(v.get("cost", ""), str):
        rest = {k: x for k, x in v.items() if k != "cost"}
        return _additional(rest, checker) if rest else ""
    return repr(v)


def pay_keyword_cost(g, p, o, v, what):
    """601.2h / 602.2b: pay the non-mana parts of a keyword's cost mapping (sacrifice, life, discard …)."""
    if isinstance(v, dict):
        rest = {k: x for k, x in v.items() if k != "cost"}
        if rest:
            pay_spell_cost(g, p, o, rest, what)


def _kicker_check(v, checker) -> str:
    if isinstance(v, list):                    # 702.33c: "Kicker [cost 1] and/or [cost 2]"
        return "" if len(v) == 2 and all(isinstance(x, str) and x.startswith("{") for x in v) else repr(v)
    return mana_or_costs(v, checker)


def multikicked(o, kicked) -> int:
    """702.33c: how many times the multikicker cost was paid (`kicked: N`; `true` is once)."""
    if isinstance(kicked, list) or int(kicked) < 0:
        raise IllegalAction(f"{o.name}: multikicker is paid a number of times (702.33c), not {kicked!r}")
    return int(kicked)


def kicked_mask(o, kicked) -> int:
    """702.33c: the kicker costs paid, one bit each in the order printed (`kicked: true` pays all of them; a list
    names the costs paid)."""
    if o.beh.extra.get("multikicker") and not o.beh.extra.get("kicker"):
        return multikicked(o, kicked)            # 702.33c: multikicker, paid any number of times
    costs = o.beh.extra.get("kicker")
    costs = costs if isinstance(costs, list) else [costs]
    if isinstance(kicked, list):
        bad = [k for k in kicked if k not in costs]
        if bad:
            raise IllegalAction(f"{o.name} has no kicker {bad[0]} (702.33c; its kickers: {costs})")
        return sum(1 << i for i, c in enumerate(costs) if c in kicked)
    return (1 << len(costs)) - 1 if kicked else 0


@V.condition("kicked_with")
def _kicked_with(g, v, src, ctrl, ev):
    """702.33c: "if it was kicked with its [cost] kicker"."""
    costs = src.beh.extra.get("kicker")
    costs = costs if isinstance(costs, list) else [costs]
    return v in costs and bool(getattr(src, "kicked", 0) & (1 << costs.index(v)))


V.top_key("kicker", _kicker_check, "702.33: an optional additional cost (mana, or a cost mapping: \"Kicker—Sacrifice "
                                   "a land\"); cast with `kicked: true`, read by the `kicked` condition")


def pay_additional(g, p, o):
    """601.2h: pay the spell's additional cost (sacrifice, discard, life …) and a paid kicker's non-mana parts
    (702.33a)."""
    v = o.beh.extra.get("additional_cost")
    if v:
        pay_spell_cost(g, p, o, v, "additional cost")
    if getattr(o, "kicked", 0):
        pay_keyword_cost(g, p, o, o.beh.extra.get("kicker"), "kicker cost")


def pay_spell_cost(g, p, o, v, what):
    """601.2h: pay a cost mapping of a spell being cast (an additional or alternative cost): sacrifice N
    permanents, pay life (119.4), then the registered costs."""
    if v.get("sacrifice_other"):
        f = {k: x for k, x in v["sacrifice_other"].items() if k != "n"}
        cands = [x for x in g.bf if x.controller == p and g.match(x, g.chars(x), f, o, p)]
        picked = _pick(g, p, cands, v["sacrifice_other"].get("n", 1), f"{o.name}: sacrifice ({what})")
        g.log("701.21a", f"{p} sacrifices {', '.join(x.name for x in picked)} as {what}")
        g.move_batch([(x, "graveyard", None) for x in picked])
        record_sacrificed(g, o, picked)                 # "the sacrificed creature" (608.2h)
    if v.get("pay_life"):
        if g.life[p] < int(v["pay_life"]):
            raise IllegalAction(f"{o.name}: {p} can't pay {v['pay_life']} life (119.4)")
        g.life[p] -= int(v["pay_life"])
        g.log("119.4", f"{p} pays {v['pay_life']} life")
    pay_costs(g, p, o, v)
