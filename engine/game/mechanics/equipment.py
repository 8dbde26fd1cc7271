"""Equipment (301.5, equip 702.6): "Equip [cost]" attaches it to a target creature you control, at sorcery
speed; `statics: [{equipped: {pt, grant}}]` is what it gives the equipped creature (layers 6 and 7c).
"Attach" (701.3) moves it onto another object (a new timestamp, 613.7e).  704.5n: an Equipment attached to an
illegal permanent (not a creature, or one it can't equip: protection 702.16d) becomes unattached and stays on the
battlefield."""
from __future__ import annotations

from ... import vocabulary as V
from ...vocabulary import sba_check


def _equip_check(v, checker=None):
    return "" if isinstance(v, str) else repr(v)


V.top_key("equip", _equip_check, "702.6: `Equip [cost]` — attach to a target creature you control (sorcery speed)")
V.static("equipped", doc="what an attached Equipment gives the equipped creature (pt, grant; 301.5)")
# The equipped creature's bonuses are applied with an Aura's in layers 6 and 7c (layers.py `_grants`, `_pt_changes`).


def equip_ability(o):
    """702.6a: the equip activated ability of ``o`` (None without the key)."""
    cost = o.beh.extra.get("equip")
    if cost is None:
        return None
    return {"name": "equip", "cost": cost, "speed": "sorcery",
            "targets": [{"kind": "creature", "filter": {"controller": "you", "other": True}}],
            "effects": [{"attach": "target"}]}


@V.effect("attach", objects=("*",), logged=False)
def attach(g, arg, ctx):
    """701.3a: attach the source to the object named; 701.3b: to an illegal or the same object, nothing happens."""
    src = ctx.source
    for o in g.objects_of(arg, ctx):
        if src.gone or src.zone != "battlefield" or o.gone or o.zone != "battlefield" or o.oid == src.oid:
            continue
        if "Aura" in src.card.subtypes and src.beh.enchant and \
                not g.match(o, g.chars(o), src.beh.enchant, src, src.controller):
            g.log("701.3b", f"{src.name} can't enchant {o.name}: it stays where it is")      # 303.4
            continue
        src.attached_to = o.oid
        g.ts += 1
        src.timestamp = g.ts                           # 613.7e: a new timestamp when attached
        g.touch()
        g.log("701.3a", f"{src.name} becomes attached to {o.name}")


@sba_check("704.5n", on="attached")
def unattached_equipment(g, sweep):
    """704.5n: an Equipment attached to an illegal permanent becomes unattached (it remains on the battlefield):
    the permanent is no creature (301.5c), or it can't be equipped by it (ATTACH_ILLEGAL hooks: protection from
    a quality of the Equipment, 702.16d)."""
    acted = False
    byid = None
    for o in list(g.bf):
        if o.attached_to is None or "Equipment" not in o.card.subtypes or o.oid in sweep.done:
            continue
        byid = byid if byid is not None else {x.oid: x for x in g.bf}
        host = byid.get(o.attached_to)
        if host is None:
            continue                                     # the host left: unattached by the zone change already
        illegal = "Creature" not in g.chars(host).types or any(f(g, o, host) for f in V.ATTACH_ILLEGAL)
        if illegal:
            o.attached_to = None
            g.touch()
            g.log("704.5n", f"{o.name} is attached to an illegal permanent ({host.name}) and becomes unattached")
            acted = True
    return acted
