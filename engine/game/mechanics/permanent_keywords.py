"""Keywords of permanents that stand for triggered, replacement or requirement abilities (issue 21, group ek1):
exploit (702.110), extort (702.101), living weapon (702.92), totem armor / umbra armor (702.89), provoke (702.39)."""
from __future__ import annotations

from ... import vocabulary as V
from ..objects import Event


def _here(o) -> bool:
    return not o.gone and o.zone == "battlefield"


# ----------------------------------------------------------------- exploit 702.110
@V.keyword_ability("exploit", "702.110")
def exploit():
    """702.110a: "when this creature enters, you may sacrifice a creature"."""
    return [{"event": "enters", "name": "exploit", "object": {"self": True}, "targets": [],
             "effects": [{"exploit_sacrifice": True}]}]


@V.event("exploits")
def _exploits(g, t, ev, src, subj, sc):
    """702.110b: a creature "exploits a creature" when the controller of its exploit ability sacrifices a creature as
    that ability resolves (the event's object is the exploiting creature)."""
    return ev.kind == "exploits"


@V.effect("exploit_sacrifice", keys=None, values=())
def exploit_sacrifice(g, arg, ctx):
    """702.110a/b: the controller may sacrifice a creature they control (a `may` answer, then a `card` answer when
    there are several); the source "exploits" it — its "when ~ exploits a creature" abilities trigger (also when it
    sacrificed itself: the event is made while it is still there)."""
    p, src = ctx.controller, ctx.source
    cands = [o for o in g.bf if o.controller == p and "Creature" in g.chars(o).types]
    if not cands or not g.choose_yes(p, f"{src.name}: exploit — sacrifice a creature?", ("may",)):
        ctx.did = False
        return
    o = g.choose_card(p, cands, "exploit: the creature to sacrifice", by_object=True)
    ctx.did = True
    g.log("702.110b", f"{src.name} exploits {o.name}")
    g.detect([Event("exploits", obj=src, source=o, player=p)])
    g.move(o, "graveyard")


# ----------------------------------------------------------------- extort 702.101
@V.keyword_ability("extort", "702.101")
def extort():
    """702.101a: "whenever you cast a spell, you may pay {W/B}. If you do, each opponent loses 1 life and you gain
    life equal to the total life lost this way" (the payment is a `pay` answer; the engine charges no mana)."""
    return [{"event": "cast", "name": "extort", "object": {"controller": "you"}, "targets": [],
             "effects": [{"pay": "{W/B}"},
                         {"if_you_do": [{"lose_life": {"n": 1, "player": "each_opponent"}},
                                        {"gain_life": {"n": "lost_this_way:life"}}]}]}]


# ----------------------------------------------------------------- living weapon 702.92
@V.keyword_ability("living_weapon", "702.92")
def living_weapon():
    """702.92a: "when this Equipment enters, create a 0/0 black Phyrexian Germ creature token, then attach this
    Equipment to it"."""
    return [{"event": "enters", "name": "living weapon", "object": {"self": True}, "targets": [],
             "effects": [{"create_token": {"token": {"types": ["Creature"], "subtypes": ["Phyrexian", "Germ"],
                                                     "colors": "B", "pt": [0, 0]}}},
                         {"attach": "created"}]}]


# ----------------------------------------------------------------- totem armor 702.89
@V.hook(V.DESTROY_REPLACEMENTS)
def _totem_armor(g, o) -> bool:
    """702.89a: "if enchanted permanent would be destroyed, instead remove all damage marked on it and destroy this
    Aura" — the first such Aura attached to it (by timestamp) is destroyed instead (614.6)."""
    auras = sorted((x for x in g.bf if x.attached_to == o.oid and _has_totem(g, x)), key=lambda x: x.timestamp)
    if not auras:
        return False
    a = auras[0]
    o.damage, o.deathtouch = 0, False
    g.log("702.89a", f"{o.name} would be destroyed: damage removed, {a.name} is destroyed instead (totem armor)")
    g.touch()
    g.destroy_many([a], "702.89a")
    return True


def _has_totem(g, x) -> bool:
    kws = g.chars(x).keywords
    return "totem_armor" in kws or "umbra_armor" in kws


V.keyword("totem_armor", "702.89")
V.keyword("umbra_armor", "702.89")


# ----------------------------------------------------------------- provoke 702.39
@V.keyword_ability("provoke", "702.39")
def provoke():
    """702.39a: "whenever this creature attacks, you may have target creature defending player controls untap and
    block this creature this combat if able"."""
    return [{"event": "attacks", "name": "provoke", "object": {"self": True}, "may": True,
             "targets": [{"kind": "creature", "filter": {"controller": "opponent"}}],
             "effects": [{"provoke_untap": True}]}]


@V.effect("provoke_untap", keys=None, values=())
def provoke_untap(g, arg, ctx):
    """702.39a: untap the target; it blocks the source this combat if able (a 509.1c requirement)."""
    for o in g.objects_of("target", ctx):
        if not _here(o):
            continue
        if o.tapped:
            g.do_effects([{"untap": "target"}], ctx)
        g.history.add((g.turn, "provoked", (o.oid, ctx.source.oid)))
        g.log("702.39a", f"{o.name} must block {ctx.source.name} this combat if able")


@V.hook(V.BLOCKS_DECLARED_CHECKS)
def _provoked_blocks(g, declared):
    """509.1c: a provoked creature able to block the provoking attacker must block it."""
    byid = {o.oid: o for o in g.bf}
    for t, what, pair in list(g.history):
        if t != g.turn or what != "provoked":
            continue
        b, a = byid.get(pair[0]), byid.get(pair[1])
        if b is None or a is None or a.oid not in g.attackers or a.oid in declared.get(b.oid, []):
            continue
        c = g.chars(b)
        if "Creature" in c.types and not b.tapped and not g.block_problem(b, c, a, g.chars(a)):
            return f"{b.name} was provoked and must block {a.name} if able (702.39a, 509.1c)"
    return ""
