"""Split cards' halves (709) with their keywords (issue 21, group ek2): fuse (702.102) and aftermath (702.127).

A split card in a zone is its first half's face (the card table's ``A // B`` names it); its other half is the
face the table knows by the second name.
- Fuse: `cast: A, mode: fuse` from the hand — both halves are cast as one spell (702.102a/c): the targets of the
  first half, then those of the second; as it resolves the first half's instructions, then the second's.
- Aftermath: `cast: A, mode: aftermath` from the graveyard — the second half is cast (702.127a), and the spell is
  exiled if it would leave the stack for anywhere else; that half can't be cast from any other zone.
"""
from __future__ import annotations

import copy

from ... import vocabulary as V
from ...behaviours import Behaviour
from .flashback import exiled_when_leaving_stack


def _halves(g, o):
    """The first and second half of a split card (``None`` for a card that is not one)."""
    full = getattr(o.card, "full_name", None) or ""
    names = [n.strip() for n in full.split("//")]
    if len(names) != 2:
        return None, None
    return g.cards.get(names[0]), g.cards.get(names[1])


def _spell_of(g, card):
    return g.behaviour_for(card).spell or {} if card is not None else {}


# ---------------------------------------------------------------- fuse 702.102
V.keyword("fuse", "702.102")
V.OWN_ONLY_KEYWORDS.add("fuse")                # a split card's own keyword: a granted one is not run


def _fuse_check(g, o):
    a, b = _halves(g, o)
    if a is None or b is None or "fuse" not in g.behaviour_for(a).keywords:
        return f"{o.name} has no fuse (702.102a)"
    return ""


def _fuse_targets(g, o):
    a, b = _halves(g, o)
    return list(_spell_of(g, a).get("targets") or []) + list(_spell_of(g, b).get("targets") or [])


def _fuse(g, p, o):
    """702.102c/d: the fused split spell has both halves' characteristics; as it resolves, the first half's
    instructions are followed, then the second's, each with its own targets."""
    a, b = _halves(g, o)
    halves = [copy.deepcopy({"targets": _spell_of(g, x).get("targets") or [], "effects": _spell_of(g, x).get(
        "effects") or []}) for x in (a, b)]
    beh = Behaviour(f"{a.name} // {b.name}", {})
    beh.spell = {"targets": [], "effects": [], "modes": [{"choose": "two", "modes": halves}]}
    o.beh, o.modes = beh, [1, 2]
    g.log("702.102c", f"{p} casts {a.name} and {b.name} fused")


V.cast_mode("fuse", _fuse_targets, _fuse_check, pay=_fuse)


# ---------------------------------------------------------------- aftermath 702.127
V.keyword("aftermath", "702.127")
V.OWN_ONLY_KEYWORDS.add("aftermath")


def _aftermath_half(g, o):
    if "aftermath" in o.beh.keywords:
        return o.card
    _a, b = _halves(g, o)
    return b if b is not None and "aftermath" in g.behaviour_for(b).keywords else None


def _aftermath_check(g, o):
    if _aftermath_half(g, o) is None:
        return f"{o.name} has no aftermath half (702.127a)"
    if o.zone not in ("graveyard", "stack"):
        return f"{o.name}: its aftermath half is cast only from the graveyard (702.127a)"
    return ""


def _aftermath_targets(g, o):
    return list(_spell_of(g, _aftermath_half(g, o)).get("targets") or [])


def _aftermath(g, p, o):
    half = _aftermath_half(g, o)
    if half is not o.card:
        o.card, o.beh = half, g.behaviour_for(half)
        g.touch()
    g.log("702.127a", f"{p} casts {half.name} (aftermath) from the graveyard")


V.cast_mode("aftermath", _aftermath_targets, _aftermath_check, zones=("graveyard",), pay=_aftermath)


@V.hook(V.CAST_CHECKS)
def _aftermath_only_from_graveyard(g, p, o, mode):
    """702.127a: the aftermath half can't be cast from any zone other than a graveyard."""
    if mode != "aftermath" and "aftermath" in o.beh.keywords:
        return f"{o.name} is an aftermath half: it is cast only from a graveyard (702.127a)"
    return ""


exiled_when_leaving_stack("aftermath", "702.127a", "aftermath")


@V.hook(V.MOVED_HOOKS, frm=("stack",))
def _first_half_again(g, old, new, opts):
    """709.4: off the stack a split card is the whole card again (here: its first half's face)."""
    if old.zone == "stack" and new.zone != "stack" and old.mode in ("fuse", "aftermath"):
        a, _b = _halves(g, new)
        if a is not None:
            new.card, new.beh = a, g.behaviour_for(a)
