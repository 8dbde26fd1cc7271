"""The mana spent to cast a spell (clause family ec, issue 21): "if {G} was spent to cast ~", adamant "if at least
three red mana was spent to cast this spell", "when ~ enters, if {R} was spent to cast it" (the permanent
remembers, 608.3).

The engine keeps no mana pool for costs: a scenario states the mana it pays on `cast` (`paid: "{R}{R}{1}"` or
`"RR1"`: coloured mana W U B R G, colourless C, a number for mana of any type) — 601.2g-h, the player activates
mana abilities and pays the total cost; mana of a named type is taken from the pool where it is
(mechanics/mana_restriction.py, 106.6). The payment is checked against the total cost (601.2f: the mana cost with
the cost changes that apply, X 107.3a, the kicker costs paid 702.33): each coloured symbol paid by mana of its
colour, {C} by colourless mana, generic by any, nothing left over. Costs the check can't read (hybrid, Phyrexian,
snow, a cast mode's cost) are refused, not guessed. A condition on the mana spent of a spell cast without
`paid` stops the run with an error (the payment is unknown)."""
from __future__ import annotations

import re

from ... import vocabulary as V
from ...errors import IllegalAction
from ..objects import symbols
from .cost_changes import total_cost
from .mana_restriction import spend_from_pool

_PAID = re.compile(r"^(?:\{(?:[WUBRGC]|\d+)\}|[WUBRGC]|\d+)+$")


def _spent(g) -> dict:
    return g.__dict__.setdefault("mana_spent_by_oid", {})


def _paid_list(v) -> list[str]:
    """"{R}{R}{2}" / "RR2" → ["R", "R", "1", "1"] (a number: that many mana of any type, paid as generic)."""
    s = str(v).upper().replace(" ", "")
    if not _PAID.match(s):
        raise IllegalAction(f"paid: {v!r} is not mana (W U B R G C, or a number)")
    out = []
    for tok in re.findall(r"\d+|[WUBRGC]", s):
        out += ["1"] * int(tok) if tok.isdigit() else [tok]
    return out


def _kicker_mana(spell) -> str:
    k, mk = spell.beh.extra.get("kicker"), spell.beh.extra.get("multikicker")
    paid = getattr(spell, "kicked", 0) or 0
    if mk and not k:
        return str(mk) * int(paid)
    costs = k if isinstance(k, list) else [k]
    out = ""
    for i, c in enumerate(costs):
        if paid & (1 << i):
            out += c if isinstance(c, str) else (c or {}).get("cost", "") if isinstance(c, dict) else ""
    return out


def required(g, p, spell) -> list[str]:
    """601.2f: the total cost of the spell just cast, as symbols (generic as a number)."""
    cost = total_cost(g, p, spell, getattr(spell, "targets", None) or ())
    xs = (spell.card.cost or "").count("{X}")
    out = symbols(cost) + ([str(spell.x * xs)] if xs and spell.x else []) + symbols(_kicker_mana(spell))
    bad = [s for s in out if not s.isdigit() and s not in "WUBRGC"]
    if bad:
        raise IllegalAction(f"{spell.name}: paying {{{bad[0]}}} is not modelled (601.2h); leave `paid` out")
    return out


def _run(g, p, card, value):
    paid = _paid_list(value)

    def pay():
        spell = g.stack[-1]                          # 601.2a: the spell just put on the stack
        if getattr(spell, "mode", None):
            raise IllegalAction(f"{spell.name}: `paid` with a cast mode ({spell.mode}) is not modelled")
        left = list(paid)
        generic = 0
        for s in required(g, p, spell):
            if s.isdigit():
                generic += int(s)
            elif s in left:
                left.remove(s)                       # a coloured (or {C}) symbol: mana of that type (107.4)
            else:
                raise IllegalAction(f"{spell.name}: the mana paid {value!r} doesn't pay {{{s}}} (601.2h)")
        if len(left) != generic:
            raise IllegalAction(f"{spell.name}: the mana paid {value!r} is {len(paid)} mana, the total cost "
                                f"{total_cost(g, p, spell, spell.targets or ())} needs {len(paid) - len(left) + generic} (601.2h)")
        _spent(g)[spell.oid] = paid
        spend_from_pool(g, p, spell, paid)           # 601.2h / 106.6: from the pool where it is
        g.log("601.2h", f"{p} pays {''.join('{%s}' % s for s in paid)} for {spell.name}")
    return pay


V.CAST_HELPERS["paid"] = _run


@V.hook(V.MOVED_HOOKS, frm=("stack",), to=("battlefield",))
def _permanent_remembers(g, old, new, opts):
    """608.3: the permanent a spell becomes keeps what was spent to cast it."""
    if new.zone == "battlefield" and old.zone == "stack" and old.oid in _spent(g):
        _spent(g)[new.oid] = _spent(g)[old.oid]


@V.condition("mana_spent")
def _mana_spent(g, v, src, ctrl, ev):
    """601.2h: at least `at_least` (default 1) mana of `color` (of each colour named: "{B}{R} was spent") was
    spent to cast the source (a spell, or the permanent it became); unknown when it was cast without `paid` — an
    error, not a guess."""
    paid = _spent(g).get(getattr(src, "oid", None))
    if paid is None:
        raise IllegalAction(f"{getattr(src, 'name', src)}: which mana was spent to cast it is unknown — say "
                            f"`paid:` on its cast (601.2h)")
    return all(paid.count(c) >= v.get("at_least", 1) for c in v["color"])
