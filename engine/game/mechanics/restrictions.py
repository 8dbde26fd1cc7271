"""Attack and block restrictions and requirements written as keywords (508.1c/d, 509.1a–c):

- "can't attack unless defending player controls an Island" (508.1c; the sea serpents);
- "can't be blocked by creatures with power 2 or less", "can't be blocked by more than one creature",
  "can't be blocked except by three or more creatures", "can't block alone" (509.1b restrictions);
- "can block an additional creature each combat" / "any number of creatures" (509.1a: a blocker blocks one
  attacker unless an effect allows more);
- "blocks each combat if able", "must be blocked if able", "all creatures able to block ~ do so" (509.1c
  requirements: the defending player must obey as many requirements as possible without violating a
  restriction — checked here per requirement: a creature able to obey one and obeying none is illegal);
- the filter key ``none_of`` ("can't be blocked except by creatures with flying": the blockers that match none of
  these filters can't block, a ``block_restriction`` static of engine/game/combat.py).
"""
from __future__ import annotations

from ... import vocabulary as V

_LAND_OF = {f"cant_attack_unless_defender_{t}": t.capitalize()
            for t in ("island", "swamp", "mountain", "forest", "plains")}


@V.filter_key("none_of")
def _none_of(g, o, c, v, src, ctrl, ev):
    """None of these FILTERs."""
    return not any(g.match(o, c, sub, src, ctrl, ev) for sub in v)


def _defending(g, o):
    """506.2: the player the creature would attack (two-player games: its controller's opponent)."""
    opp = g.opponents(o.controller)
    return opp[0] if opp else None


@V.hook(V.ATTACK_CHECKS)
def _unless_defender_controls(g, o, c):
    """508.1c: "can't attack unless defending player controls an Island"."""
    for kw, land in _LAND_OF.items():
        if kw in c.keywords:
            p = _defending(g, o)
            if not any(x.controller == p and land in g.chars(x).subtypes for x in g.bf):
                return f"508.1c: defending player controls no {land}"
    return ""


@V.hook(V.BLOCK_CHECKS)
def _power_restriction(g, b, bc, a, ac):
    """509.1b: "can't be blocked by creatures with power 2 or less"."""
    if "unblockable_by_power_2_or_less" in ac.keywords and bc.power <= 2:
        return "509.1b: power 2 or less"
    return ""


def _able(g, b, a) -> bool:
    """Whether ``b`` could block ``a`` on its own (509.1a/509.1b, one blocker's view)."""
    c = g.chars(b)
    return "Creature" in c.types and not b.tapped and not g.block_problem(b, c, a, g.chars(a))


def _max_blocked(kw) -> int:
    if "block_any_number" in kw:
        return 10 ** 6
    return 2 if "extra_block" in kw else 1


@V.hook(V.BLOCKS_DECLARED_CHECKS)
def _block_counts(g, declared):
    """509.1a: each blocker blocks one attacker (more with "can block an additional creature" / "any number");
    509.1b: "can't be blocked by more than one creature", "except by three or more creatures", "can't block
    alone"."""
    byid = {o.oid: o for o in g.bf}
    for bid, atts in declared.items():
        b = byid[bid]
        kw = g.chars(b).keywords
        if len(atts) > _max_blocked(kw):
            return f"{b.name} can't block {len(atts)} creatures (509.1a)"
        if "cant_block_alone" in kw and len(declared) == 1:
            return f"{b.name} can't block alone (509.1b)"
    for aid in {a for atts in declared.values() for a in atts}:
        a = byid.get(aid)
        if a is None:
            continue
        n = sum(aid in atts for atts in declared.values())
        kw = g.chars(a).keywords
        if "max_one_blocker" in kw and n > 1:
            return f"{a.name} can't be blocked by more than one creature (509.1b)"
        if "min_three_blockers" in kw and n < 3:
            return f"{a.name} can't be blocked except by three or more creatures (509.1b)"
    return ""


@V.hook(V.BLOCKS_DECLARED_CHECKS)
def _block_requirements(g, declared):
    """509.1c: requirements — "blocks each combat if able", "all creatures able to block ~ do so", "~ must be
    blocked if able": a creature able to obey one while it obeys none makes the block illegal."""
    attackers = [o for o in g.bf if o.oid in g.attackers]
    defenders = [o for o in g.bf if o.controller != g.active]
    for b in defenders:
        kw = g.chars(b).keywords
        atts = declared.get(b.oid, [])
        if {"blocks_each_combat", "attacks_blocks_each_combat"} & kw and not atts and \
                any(_able(g, b, a) for a in attackers):
            return f"{b.name} blocks each combat if able (509.1c)"
        lures = [a for a in attackers if "all_must_block" in g.chars(a).keywords and _able(g, b, a)]
        if lures and not any(a.oid in atts for a in lures):
            return f"{b.name} is able to block {lures[0].name} and must (509.1c)"
    for a in attackers:
        if "must_be_blocked" in g.chars(a).keywords and not any(a.oid in x for x in declared.values()):
            able = [b for b in defenders if _able(g, b, a)]
            if able:
                return f"{a.name} must be blocked if able: {able[0].name} can (509.1c)"
    return ""


for _kw, _rule in (*((k, "508.1c") for k in _LAND_OF), ("unblockable_by_power_2_or_less", "509.1b"),
                   ("max_one_blocker", "509.1b"), ("min_three_blockers", "509.1b"), ("cant_block_alone", "509.1b"),
                   ("extra_block", "509.1a"), ("block_any_number", "509.1a"), ("ignore_defender", "702.3b"),
                   ("blocks_each_combat", "509.1c"), ("attacks_blocks_each_combat", "508.1d"),
                   ("all_must_block", "509.1c"), ("must_be_blocked", "509.1c")):
    V.keyword(_kw, _rule)
V.keyword("no_activated_abilities", "602.5")     # "its activated abilities can't be activated" (engine/game/casting.py)
