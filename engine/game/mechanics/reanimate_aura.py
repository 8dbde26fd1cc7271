"""Reanimation Auras (303.4, Animate Dead style): "Enchant creature card in a graveyard"; "When ~ enters, if it's
on the battlefield, it loses 'enchant creature card in a graveyard' and gains 'enchant creature put onto the
battlefield with ~'. Return enchanted creature card to the battlefield under your control and attach ~ to it";
"When ~ leaves the battlefield, that creature's controller sacrifices it."

- The enchant filter ``graveyard_or_linked`` (303.4a/303.4d: what the Aura can enchant): a card in a graveyard —
  the Aura spell targets such a card (115.1, kind ``graveyard_card``) and enters attached to it (303.4f,
  608.3) — or, once its ability has put that card onto the battlefield, that new object (the enchant ability it
  gained; 400.7: it is a new object, nothing else).  704.5m looks for the host in the graveyards too
  (engine/game/sba.py).
- ``reanimate_enchanted`` (the effect): put the enchanted card onto the battlefield under the controller's
  control (``tapped``), then attach the Aura to it (701.3a); the Aura remembers the creature (607.2a).
- ``sacrifice_linked``: the creature the Aura's ability put onto the battlefield is sacrificed by its controller
  (701.17a) — if it is still that object on the battlefield (400.7).
- the condition ``self_on_battlefield`` ("if it's on the battlefield", 603.4)."""
from __future__ import annotations

from ... import vocabulary as V


def _key(src) -> tuple:
    return ("reanimated", src.card_no)


@V.filter_key("graveyard_or_linked")
def _graveyard_or_linked(g, o, c, v, src, ctrl, ev):
    """303.4: a card in a graveyard, or the object the source Aura's ability put onto the battlefield."""
    if not v:
        return True
    if o.zone == "graveyard":
        return True
    return src is not None and o.zone == "battlefield" and any(x is o for x in g.linked.get(_key(src), []))


@V.condition("self_on_battlefield")
def _self_on_battlefield(g, v, src, ctrl, ev):
    """The source is (still) on the battlefield (603.4 "if it's on the battlefield")."""
    return (not src.gone and src.zone == "battlefield") == bool(v)


@V.effect("reanimate_enchanted", keys=("tapped",), values=())
def reanimate_enchanted(g, arg, ctx):
    """303.4 / 701.3a: put the card the source Aura enchants (in a graveyard) onto the battlefield under the
    ability's controller's control (`tapped`), then attach the Aura to the new object, which it remembers for
    "that creature" of its leaves trigger (607.2a).  Nothing happens if the Aura or the card moved (400.7)."""
    src = ctx.source
    if src.gone or src.zone != "battlefield" or src.attached_to is None:
        return
    card = next((x for q in g.players for x in g.pz[q]["graveyard"] if x.oid == src.attached_to), None)
    if card is None:
        return
    tapped = isinstance(arg, dict) and bool(arg.get("tapped"))
    new = g.move(card, "battlefield", controller=ctx.controller, tapped=tapped)
    if new is None or new.zone != "battlefield":
        return
    g.linked[_key(src)] = [new]
    src.attached_to = new.oid
    g.touch()
    g.log("303.4", f"{src.name} returns {new.name} and is attached to it")


@V.effect("sacrifice_linked", values=())
def sacrifice_linked(g, arg, ctx):
    """701.17a: the creature the source Aura's ability put onto the battlefield is sacrificed, if it is still
    that object on the battlefield (400.7)."""
    objs = [o for o in g.linked.pop(_key(ctx.source), []) if not o.gone and o.zone == "battlefield"]
    if objs:
        g.move_batch([(o, "graveyard", None) for o in objs])
