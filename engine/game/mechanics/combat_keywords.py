"""Keywords of combat (issue 21, group ek1): battle cry (702.91), dethrone (702.105), mentor (702.134), training
(702.149), melee (702.121), rampage (702.23), annihilator (702.86), ingest (702.115), skulk (702.118), decayed
(702.147), unleash (702.98), riot (702.136), myriad (702.116); the landwalks of 702.14 beyond the basic ones."""
from __future__ import annotations

from ... import vocabulary as V
from ..objects import Ctx
from .counter_replacements import counters_put

_NUMBER = lambda v, c=None: "" if isinstance(v, int) and not isinstance(v, bool) and v >= 1 else repr(v)  # noqa: E731
_P1 = "+1/+1"


def _numbered(fn):
    fn.numbered = True
    return fn


def _here(o) -> bool:
    return not o.gone and o.zone == "battlefield"


def _attacks_self(g, ev, src) -> bool:
    return ev.kind == "attacks" and ev.obj is not None and ev.obj.oid == src.oid


# ----------------------------------------------------------------- battle cry 702.91
@V.keyword_ability("battle_cry", "702.91")
def battle_cry():
    """702.91a: "whenever this creature attacks, each other attacking creature gets +1/+0 until end of turn"."""
    return [{"event": "attacks", "name": "battle cry", "object": {"self": True}, "targets": [],
             "effects": [{"pump": {"affected": {"attacking": True, "other": True}, "pt": [1, 0]}}]}]


# ----------------------------------------------------------------- dethrone 702.105
@V.event("attacks_most_life")
def _attacks_most_life(g, t, ev, src, subj, sc):
    """702.105a: this creature attacks the player with the most life or tied for most life (a player, 506.2)."""
    d = ev.player if _attacks_self(g, ev, src) else None
    return isinstance(d, str) and d in g.life and g.life[d] >= max(g.life.values())


@V.keyword_ability("dethrone", "702.105")
def dethrone():
    """702.105a: "whenever this creature attacks the player with the most life or tied for most life, put a +1/+1
    counter on this creature"."""
    return [{"event": "attacks_most_life", "name": "dethrone", "targets": [],
             "effects": [{"put_counters": {"to": "self", "kind": _P1, "n": 1}}]}]


# ----------------------------------------------------------------- mentor 702.134
@V.filter_key("power_less_than_source")
def _power_less(g, o, c, v, src, ctrl, ev):
    """702.134a: the object's power is less than the source's power (or isn't)."""
    return src is not None and (c.power < g.chars(src).power) == bool(v)


@V.keyword_ability("mentor", "702.134")
def mentor():
    """702.134a: "whenever this creature attacks, put a +1/+1 counter on target attacking creature with lesser
    power" (the power compared as the target is chosen and again as it resolves, 608.2b)."""
    return [{"event": "attacks", "name": "mentor", "object": {"self": True},
             "targets": [{"kind": "creature", "filter": {"attacking": True, "power_less_than_source": True}}],
             "effects": [{"put_counters": {"to": "target", "kind": _P1, "n": 1}}]}]


# ----------------------------------------------------------------- training 702.149
@V.event("attacks_with_greater_power")
def _attacks_with_greater(g, t, ev, src, subj, sc):
    """702.149a: this creature attacks with another creature with greater power (both declared attackers)."""
    if not _attacks_self(g, ev, src):
        return False
    p = g.chars(src).power
    return any(o.oid in g.attackers and o.oid != src.oid and g.chars(o).power > p for o in g.bf)


@V.keyword_ability("training", "702.149")
def training():
    """702.149a: "whenever this creature attacks with another creature with greater power, put a +1/+1 counter on
    this creature"."""
    return [{"event": "attacks_with_greater_power", "name": "training", "targets": [],
             "effects": [{"put_counters": {"to": "self", "kind": _P1, "n": 1}}]}]


# ----------------------------------------------------------------- melee 702.121
@V.keyword_ability("melee", "702.121")
def melee():
    """702.121a: "whenever this creature attacks, it gets +1/+1 until end of turn for each opponent you attacked
    with a creature this combat"."""
    return [{"event": "attacks", "name": "melee", "object": {"self": True}, "targets": [],
             "effects": [{"melee_pump": True}]}]


@V.effect("melee_pump", keys=None, values=())
def melee_pump(g, arg, ctx):
    """702.121a: +1/+1 for each opponent attacked by a creature of the controller this combat (a player attacked
    directly, 506.2 — attacking a planeswalker or battle is not attacking its controller)."""
    ctrl = ctx.controller
    n = len({d for oid, d in g.attackers.items() if isinstance(d, str) and d in g.life and d != ctrl})
    g.log("702.121a", f"{ctx.source.name}: melee, {n} opponent(s) attacked")
    if n:
        g.do_effects([{"pump": {"affected": "self", "pt": [n, n]}}], ctx)


# ----------------------------------------------------------------- rampage 702.23
V.top_key("rampage", _NUMBER, "702.23a: rampage N — whenever this creature becomes blocked, it gets +N/+N until end "
                              "of turn for each creature blocking it beyond the first")


@V.keyword_ability("rampage", "702.23", own_only=True)
@_numbered
def rampage(n):
    """702.23a: the becomes-blocked trigger of rampage N (the bonus counted as it resolves, 702.23b)."""
    return [{"event": "becomes_blocked", "name": "rampage", "object": {"self": True}, "targets": [],
             "effects": [{"rampage_pump": n}]}]


@V.effect("rampage_pump", keys=None)
def rampage_pump(g, arg, ctx):
    """702.23a/b: +N/+N for each creature blocking it beyond the first, counted as the ability resolves."""
    src = ctx.source
    blockers = sum(1 for atts in g.blockers.values() if src.oid in atts)
    k = g.value(arg, ctx) * max(0, blockers - 1)
    g.log("702.23b", f"{src.name}: rampage, {blockers} blocker(s)")
    if k:
        g.do_effects([{"pump": {"affected": "self", "pt": [k, k]}}], ctx)


# ----------------------------------------------------------------- annihilator 702.86, ingest 702.115
V.top_key("annihilator", _NUMBER, "702.86a: annihilator N — whenever this creature attacks, defending player "
                                  "sacrifices N permanents")


@V.keyword_ability("annihilator", "702.86", own_only=True)
@_numbered
def annihilator(n):
    """702.86a: the attack trigger of annihilator N (defending player: the player it attacks, 506.2)."""
    return [{"event": "attacks", "name": "annihilator", "object": {"self": True}, "targets": [],
             "effects": [{"sacrifice": {"player": "defending_player", "n": n, "filter": {}}}]}]


@V.keyword_ability("ingest", "702.115")
def ingest():
    """702.115a: "whenever this creature deals combat damage to a player, that player exiles the top card of their
    library"."""
    return [{"event": "combat_damage_player", "name": "ingest", "object": {"self": True}, "targets": [],
             "effects": [{"exile_top": {"n": 1, "player": "event_player"}}]}]


# ----------------------------------------------------------------- skulk 702.118, decayed 702.147, unleash 702.98
@V.hook(V.BLOCK_CHECKS)
def _block_keywords(g, b, bc, a, ac):
    """702.118b skulk: can't be blocked by creatures with greater power; 702.147a decayed: can't block; 702.98a
    unleash: can't block as long as it has a +1/+1 counter on it."""
    if "skulk" in ac.keywords and bc.power > ac.power:
        return "skulk, 702.118b"
    if "decayed" in bc.keywords:
        return "decayed, 702.147a"
    if "unleash" in bc.keywords and b.counters.get(_P1, 0) > 0:
        return "unleash, 702.98a"
    return ""


V.keyword("skulk", "702.118")


@V.keyword_ability("decayed", "702.147")
def decayed():
    """702.147a: "when this creature attacks, sacrifice it at end of combat" (a delayed trigger, 603.7); its
    "can't block" is a blocking restriction (BLOCK_CHECKS above). Tokens are created with it too (111.4)."""
    return [{"event": "attacks", "name": "decayed", "object": {"self": True}, "targets": [],
             "effects": [{"delayed": {"at": "end_of_combat", "effects": [{"sacrifice": "self"}]}}]}]


V.keyword("unleash", "702.98")


@V.hook(V.ENTER_HOOKS)
def _enters_choice(g, new, opts):
    """614.1c replacements as it enters: 702.98a unleash — "you may have this permanent enter with a +1/+1 counter";
    702.136a riot — "… enter with an additional +1/+1 counter on it; if you don't, it gains haste" (a `may`
    answer of its controller: yes — the counter). The keywords are those it will have on the battlefield, granted ones
    included (614.12: e.g. "creatures you control have riot")."""
    if not ({"unleash", "riot"} & set(new.beh.keywords) or any(
            s.get("grant") for o in g.bf for s in o.beh.statics)):
        return
    kws = g.chars(new).keywords
    for kw, rule in (("unleash", "702.98a"), ("riot", "702.136a")):
        if kw not in kws:
            continue
        if g.choose_yes(new.controller, f"{new.name}: {kw} — enter with a +1/+1 counter?", ("may",)):
            n = counters_put(g, new, _P1, 1)         # 122.6, 614.1a, 616.1
            new.counters[_P1] = new.counters.get(_P1, 0) + n
            g.log(rule, f"{new.name} enters with a +1/+1 counter ({kw})")
        elif kw == "riot":
            g.history.add((0, "riot_haste", new.oid))
            g.log(rule, f"{new.name} gains haste (riot)")


@V.layer_effect("6")
def _riot_haste(g, o, c, statics):
    """702.136a / 613.1f: the permanent whose riot choice was haste has haste (for as long as it is this object)."""
    if (0, "riot_haste", o.oid) in g.history:
        c.keywords.add("haste")


V.keyword("riot", "702.136")


# ----------------------------------------------------------------- landwalk 702.14 (nonbasic, legendary, desert)
_WALKS = {"nonbasic_landwalk": lambda c: "Basic" not in c.supertypes,
          "legendary_landwalk": lambda c: "Legendary" in c.supertypes,
          "desertwalk": lambda c: "Desert" in c.subtypes}


@V.hook(V.BLOCK_CHECKS)
def _landwalks(g, b, bc, a, ac):
    """702.14c: a creature with landwalk can't be blocked as long as the defending player controls at least one land
    with the landwalk's land type or supertype (702.14a: nonbasic landwalk — a land that isn't basic)."""
    for kw, has in _WALKS.items():
        if kw in ac.keywords and any(o.controller == b.controller and "Land" in (oc := g.chars(o)).types and has(oc)
                                     for o in g.bf):
            return f"{kw}, 702.14c"
    return ""


for _kw in _WALKS:
    V.keyword(_kw, "702.14")


# ----------------------------------------------------------------- myriad 702.116
@V.keyword_ability("myriad", "702.116")
def myriad():
    """702.116a: "whenever this creature attacks, for each opponent other than defending player, you may create a
    token that's a copy of this creature that's tapped and attacking that player …; exile the tokens at end of
    combat"."""
    return [{"event": "attacks", "name": "myriad", "object": {"self": True}, "targets": [],
             "effects": [{"myriad_copies": True}]}]


@V.effect("myriad_copies", keys=None, values=())
def myriad_copies(g, arg, ctx):
    """702.116a: one `may` answer per other opponent (in turn order); each copy (707.2) enters tapped and attacking
    that player (never declared as an attacker: no "attacks" trigger, 508.3a/506.3); a delayed trigger exiles them at
    end of combat (603.7)."""
    src = ctx.source
    d = g.attackers.get(src.oid)
    defending = d if isinstance(d, str) else getattr(d, "controller", None)
    made = []
    for p in g.players:
        if p in (ctx.controller, defending) or p not in g.life:
            continue
        if not g.choose_yes(ctx.controller, f"{src.name}: myriad — a copy attacking {p}?", ("may",)):
            continue
        sub = Ctx(src, ctx.controller, [], ctx.event, ctx.ability)
        g.do_effects([{"create_copy": {"of": "self"}}], sub)
        for o in sub.created:
            o.tapped = True
            g.attackers[o.oid] = p
            g.log("702.116a", f"{o.name} (a myriad copy) is attacking {p}")
            made.append(o)
    if made:
        g.do_effects([{"delayed": {"at": "end_of_combat", "effects": [{"myriad_exile": [o.oid for o in made]}]}}],
                     Ctx(src, ctx.controller, [], ctx.event, ctx.ability))


@V.effect("myriad_exile", keys=None, values=())
def myriad_exile(g, arg, ctx):
    """702.116a: exile the tokens myriad created (those still on the battlefield), at end of combat."""
    objs = [o for o in g.bf if o.oid in set(arg or [])]
    if objs:
        g.move_batch([(o, "exile", None) for o in objs])
