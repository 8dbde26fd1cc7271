"""Cost changes (601.2f): "Noncreature spells cost {1} more to cast", "Instant and sorcery spells you cast cost
{1} less to cast", "This spell costs {1} less to cast for each …" / "… if …".

The engine does not charge mana for spells (scenarios say what is cast, not how it is paid), so a cost change
is observable as the TOTAL COST (601.2f) the player would pay to cast the card now: ``total_cost(g, p, o)``,
read by the scenario expectation ``total_cost``.  601.2f: the mana cost (or an alternative cost), plus
additional costs and cost increases, minus cost reductions; generic mana can't go below {0}; a reduction by
coloured mana reduces that colour's symbols, and generic mana when there are none of that colour (118.7d)."""
from __future__ import annotations

import re

from ... import vocabulary as V
from ..objects import symbols
from .characteristic_pt import counted_value
from .flash_self import flash_extra

_KEYS = ("filter", "generic", "self", "less", "more", "per", "if", "targets", "per_target", "targets_source",
         "unless_controllers_turn")


def _check(v, checker) -> str:
    """Only the forms ``total_cost`` computes: a spell filter with a generic amount, or this spell's own
    reduction/increase (a mana amount) once, per counted object, or if a CONDITION holds."""
    if not isinstance(v, dict):
        return repr(v)
    if v.get("self"):
        amount = v.get("less", v.get("more"))
        if not isinstance(amount, str) or not re.fullmatch(r"(\{(\d+|[WUBRGC])\})+", amount):
            return f"amount {amount!r}"
        if "filter" in v or "generic" in v:
            return "self with filter"
    elif not isinstance(v.get("filter"), dict) or not (isinstance(v.get("generic"), int) or _mana(v)):
        return "filter/generic"
    if v.get("self") and ("targets_source" in v or "unless_controllers_turn" in v):
        return "a spell's own change with a source's keys"
    if "targets" in v or "per_target" in v:          # 601.2c: the targets are chosen before 601.2f
        if not v.get("self"):
            return "targets of a spell filter"
        if "per_target" in v and (not isinstance(v["per_target"], int) or v["per_target"] < 0):
            return f"per_target {v['per_target']!r}"
    if "if" in v:
        checker.conditions(v["if"])
    if "per" in v:
        checker.value(v["per"], v, "per")
    return ""


V.static("cost_modifier", filters=("filter", "targets"), keys=_KEYS,
         doc="601.2f: `{filter, generic: ±N \\| less|more: MANA}` spells matching cost that much more/less "
             "(`targets_source`: those that target the source, 601.2c; `unless_controllers_turn`; `per`: for each "
             "VALUE counted for the source; `if`: CONDITION); `{self: true, less|more: "
             "MANA, per: VALUE \\| if: CONDITION \\| targets: FILTER \\| per_target: K}` this spell's own "
             "(`targets`: if one of its targets matches, 601.2c; `per_target`: for each target beyond the first K); "
             "read by the `total_cost` expectation (with the `targets` it would be cast with)")
V.STATIC_CHECKS["cost_modifier"] = _check


def _mana(v) -> bool:
    amount = v.get("less", v.get("more"))
    return "generic" not in v and isinstance(amount, str) and bool(re.fullmatch(r"(\{(\d+|[WUBRGC])\})+", amount))


def _other_applies(g, p, o, m, src, targets) -> int:
    """How many times a static "spells … cost more/less" of ``src`` applies to ``o`` (601.2f): its filter, "that
    target ~" (601.2c: one of the targets is the source), "except during its controller's turn", per VALUE counted
    for the source."""
    if m.get("targets_source") and not any(t is src for t in targets):
        return 0
    if m.get("unless_controllers_turn") and g.active == p:
        return 0
    if "if" in m and not g.condition(m["if"], src, src.controller, None):
        return 0
    return counted_value(g, src, m["per"]) if "per" in m else 1


# Keywords that are a self cost reduction (e.g. affinity 702.41a): fn(g, o) -> [cost_modifier mappings]
SELF_MODIFIERS: list = []


def _parse(cost: str | None) -> tuple[int, list[str]]:
    generic, colored = 0, []
    for s in symbols(cost):
        if s.isdigit():
            generic += int(s)
        elif s != "X":
            colored.append(s)
    return generic, colored


def _times(g, p, o, m, targets) -> int:
    """How many times a cost change applies: 0 when its condition (or target filter, 601.2c) fails, else once,
    per counted object (``per``), or per target beyond the first K (``per_target``)."""
    if "if" in m and not g.condition(m["if"], o, p, None):
        return 0
    if "targets" in m and not any(not isinstance(t, str) and g.match(t, g.chars(t), m["targets"], o, p)
                                  for t in targets):
        return 0
    if "per_target" in m:
        return max(0, len(targets) - m["per_target"])
    return counted_value(g, o, m["per"]) if "per" in m else 1


def total_cost(g, p, o, targets=(), ability=None) -> str:
    """601.2f: the total cost ``p`` would pay to cast ``o`` now with ``targets`` (objects or players, chosen
    before the total cost is determined, 601.2c), as a mana string ("{1}{R}"); with ``ability`` (an activated
    ability of ``o``) the total cost to activate it (602.2b applies 601.2f), its own `cost_modifier` included."""
    if ability is not None:
        generic, colored = _parse(ability.get("cost"))
        own = [{"cost_modifier": dict(ability["cost_modifier"], self=True)}] if ability.get("cost_modifier") else []
        return _apply(g, p, o, generic, colored, 0, [], own, targets)
    generic, colored = _parse(o.card.cost)
    more, less = 0, []
    c = g.chars(o)
    others = []
    for _, src, s in g._statics():                     # "spells … cost {N} more/less" (static, 604.1)
        m = s.get("cost_modifier")
        if m and not m.get("self") and g.match(o, c, m["filter"], src, src.controller):
            times = _other_applies(g, p, o, m, src, targets)
            if "generic" not in m:                     # "white spells you cast cost {W} more" (mana, 118.7)
                others.append({"cost_modifier": {"self": True, "per": times,
                                                 **{k: m[k] for k in ("more", "less") if k in m}}})
            elif m["generic"] > 0:
                more += m["generic"] * times
            else:
                less.append(("generic", -m["generic"] * times))
    own = others + list(o.beh.statics) + [{"cost_modifier": m} for f in SELF_MODIFIERS for m in f(g, o)]
    extra = flash_extra(g, p, o)                       # "as though it had flash if you pay {2} more" (601.2f)
    if extra:
        own.append({"cost_modifier": {"self": True, "more": extra}})
    return _apply(g, p, o, generic, colored, more, less, own, targets)


def _apply(g, p, o, generic, colored, more, less, own, targets) -> str:
    for s in own:                                      # "this spell costs … less/more" (functions on the stack)
        m = s.get("cost_modifier")
        if not (m and m.get("self")):
            continue
        times = _times(g, p, o, m, targets)
        g_amt, cols = _parse(m.get("less") or m.get("more"))
        if "more" in m:
            more += g_amt * times
            colored += cols * times
        else:
            less.append(("generic", g_amt * times))
            less.extend(("color", x) for x in cols * times)
    generic += more                                   # 601.2f: increases, then reductions
    for kind, x in less:
        if kind == "generic":
            generic = max(0, generic - x)
        elif x in colored:
            colored.remove(x)                         # 118.7: a coloured reduction takes that colour's symbol
        else:
            generic = max(0, generic - 1)             # 118.7d: else generic mana
    out = (f"{{{generic}}}" if generic or not colored else "") + "".join(f"{{{x}}}" for x in colored)
    return out



def _ability_check(v, checker) -> str:
    """An activated ability's own cost change: `{less|more: MANA, per: VALUE | if: CONDITION}` (602.2b)."""
    if not isinstance(v, dict) or set(v) - {"less", "more", "per", "if"}:
        return repr(v)
    return _check(dict(v, self=True), checker)


@V.cost("cost_modifier", _ability_check)
def _ability_cost_modifier(g, p, o, v):
    """602.2b / 601.2f: "this ability costs {1} less to activate for each …" — a change of the ability's total
    cost. The engine does not charge mana, so nothing is paid here: ``total_cost(…, ability=)`` (the
    `total_cost` expectation with `ability:`) is where the change is observed."""
