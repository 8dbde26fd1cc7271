"""Attack, block and untap restrictions written as keywords: defender (702.3), fear (702.36), shadow (702.28),
landwalk (702.14), "can't attack" / "can't attack or block" (508.1c / 509.1a), "can block only creatures with
flying" (509.1b), "doesn't untap during your untap step" (502.3)."""
from __future__ import annotations

from ... import vocabulary as V

LANDWALK = {"plainswalk": "Plains", "islandwalk": "Island", "swampwalk": "Swamp", "mountainwalk": "Mountain",
            "forestwalk": "Forest"}


@V.hook(V.ATTACK_CHECKS)
def cant_attack(g, o, c):
    """702.3b: a creature with defender can't attack; 508.1c: "can't attack (or block)"."""
    if "defender" in c.keywords and "ignore_defender" not in c.keywords:      # "as though it didn't have defender"
        return "defender, 702.3b"
    if {"cant_attack", "cant_attack_or_block"} & c.keywords:
        return "508.1c"
    return ""


@V.hook(V.BLOCK_CHECKS)
def block_evasion(g, b, bc, a, ac):
    """509.1b: blocking restrictions of keywords on the attacker or the blocker."""
    if "cant_attack_or_block" in bc.keywords:
        return "509.1a"
    if "fear" in ac.keywords and "Artifact" not in bc.types and "B" not in bc.colors:
        return "fear, 702.36b"
    if ("shadow" in ac.keywords) != ("shadow" in bc.keywords):
        return "shadow, 702.28b"
    if "horsemanship" in ac.keywords and "horsemanship" not in bc.keywords:
        return "horsemanship, 702.31b"
    if "block_only_flyers" in bc.keywords and "flying" not in ac.keywords:
        return "can block only creatures with flying"
    for kw, land in LANDWALK.items():
        if kw in ac.keywords and any(o.controller == b.controller and land in g.chars(o).subtypes for o in g.bf):
            return f"{kw}, 702.14c"
    return ""


@V.hook(V.UNTAP_CHECKS)
def doesnt_untap(g, o):
    """502.3: "doesn't untap during its controller's untap step" (or only the next one: `skip_untap`)."""
    if o.oid in g.skip_untap:
        g.skip_untap.discard(o.oid)
        return True
    return "doesnt_untap" in g.chars(o).keywords


@V.effect("skip_untap", objects=("*",))
def skip_untap(g, arg, ctx):
    """502.3: the objects don't untap during their controller's next untap step."""
    for o in g.objects_of(arg, ctx):
        g.skip_untap.add(o.oid)


for _kw, _rule in (("defender", "702.3"), ("fear", "702.36"), ("shadow", "702.28"), ("cant_attack", "508.1c"),
                   ("cant_attack_or_block", "508.1c"), ("block_only_flyers", "509.1b"), ("doesnt_untap", "502.3"),
                   ("horsemanship", "702.31"),
                   *((k, "702.14") for k in LANDWALK)):
    V.keyword(_kw, _rule)
