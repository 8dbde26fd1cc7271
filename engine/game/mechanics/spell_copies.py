"""Keywords of casting and copying spells (issue 21, group ek2): "when you cast this spell" (the `cast_self`
event: a spell's own cast trigger works on the stack, 113.6 / 601.2i), storm (702.40), cascade (702.85),
replicate (702.56), conspire (702.78), ripple (702.60), split second (702.61), and "if that spell is countered this way, exile it instead"
(701.5a with a 614.1a replacement, `countered_to_exile`).

- Storm: "When you cast this spell, copy it for each other spell cast before it this turn" — spells cast before
  the scenario began are not counted; each copy may get new targets (707.10c: a `may` answer, then `targets`).
- Cascade: exile cards from the top of your library until a nonland card with a lesser mana value; you may cast
  it without paying its mana cost (`may: yes`, then its `targets`); the rest go to the bottom (here in the order
  they were exiled — one of the random orders 702.85a allows).
- Replicate: cast with `replicate: N` (the cost paid N times, 601.2b); its cast trigger copies it N times.
- Split second: while the spell is on the stack, no other spell can be cast and no ability that isn't a mana
  ability can be activated (special actions still can, 702.61b).
"""
from __future__ import annotations

from ... import vocabulary as V
from ...errors import IllegalAction
from ..effects.stack import copy_spell_object
from ..filters import mana_value
from .resolving_cast import resolving_cast_mode
from .tapping import set_tapped


# ---------------------------------------------------------------- "when you cast this spell" (601.2i)
@V.event("cast_self")
def _cast_self(g, t, ev, src, subj, sc):
    """601.2i / 113.6: "when you cast this spell" — the spell itself was cast (the ability works on the stack;
    a copy is not cast, 707.10)."""
    return ev.kind == "cast" and ev.obj is src


def _copies(g, ctx, n: int, rule: str, why: str):
    spell = ctx.event.obj if ctx.event is not None else ctx.source
    g.log(rule, f"{spell.name}: {why} — {n} cop{'y' if n == 1 else 'ies'}")
    for _ in range(n):
        copy_spell_object(g, spell, ctx.controller, new_targets=True)


# ---------------------------------------------------------------- storm 702.40
@V.keyword_ability("storm", "702.40", own_only=True)
def storm():
    """702.40a: "When you cast this spell, copy it for each other spell cast before it this turn."."""
    return [{"event": "cast_self", "name": "storm", "targets": [], "effects": [{"storm_copies": True}]}]


@V.effect("storm_copies", keys=None, values=())
def storm_copies(g, arg, ctx):
    """702.40a: one copy for each other spell (any player's) cast before this one this turn — counted as the
    trigger resolves, from the turn's casts (a spell cast in response is not "before it")."""
    spell = ctx.event.obj
    n = sum(1 for t, what, who in g.history if t == g.turn and what == "cast" and who[1] < spell.oid)
    _copies(g, ctx, n, "702.40a", f"storm count {n}")


# ---------------------------------------------------------------- replicate 702.56
V.top_key("replicate", lambda v, c=None: "" if isinstance(v, str) and v.startswith("{") else repr(v),
          "702.56a: replicate [cost] — pay it any number of times as the spell is cast (`replicate: N`); a copy "
          "for each time it was paid")


def _replicate_helper(g, p, o, n):
    """601.2b/601.2h: the replicate cost is announced and paid N times as the spell is cast."""
    if not o.beh.extra.get("replicate"):
        raise IllegalAction(f"{o.name} has no replicate (702.56a)")
    card_no, times = o.card_no, int(n)

    def pay():
        g.replicated = dict(getattr(g, "replicated", {}), **{str(card_no): times})
        g.log("702.56a", f"{p} pays the replicate cost of {o.name} {times} time(s)")
    return pay


V.CAST_HELPERS["replicate"] = _replicate_helper


@V.keyword_ability("replicate", "702.56", own_only=True)
def replicate():
    """702.56a: "When you cast this spell, if a replicate cost was paid for it, copy it for each time its
    replicate cost was paid."."""
    return [{"event": "cast_self", "name": "replicate", "targets": [], "effects": [{"replicate_copies": True}]}]


@V.effect("replicate_copies", keys=None, values=())
def replicate_copies(g, arg, ctx):
    """702.56a: a copy for each time the replicate cost was paid for this spell."""
    n = getattr(g, "replicated", {}).pop(str(ctx.event.obj.card_no), 0)
    _copies(g, ctx, n, "702.56a", f"replicate paid {n} time(s)")


# ---------------------------------------------------------------- cascade 702.85
@V.keyword_ability("cascade", "702.85", own_only=True)
def cascade():
    """702.85a: "When you cast this spell, exile cards from the top of your library until you exile a nonland
    card whose mana value is less than this spell's mana value. You may cast that card without paying its mana
    cost …"."""
    return [{"event": "cast_self", "name": "cascade", "targets": [], "effects": [{"cascade": True}]}]


resolving_cast_mode("cascade", lambda o: o.mode == "cascade_hit", "702.85a", "cascade trigger")


@V.effect("cascade", keys=None, values=())
def cascade_effect(g, arg, ctx):
    """702.85a: exile from the top until a nonland card with lesser mana value (the spell's as it last existed
    on the stack); cast it for free or not; then the exiled cards not cast go on the bottom of the library."""
    spell, p = ctx.event.obj, ctx.controller
    mv = mana_value(spell)
    lib, exiled, hit = g.pz[p]["library"], [], None
    while lib and hit is None:
        o = g.move(lib[0], "exile")
        if o is None:
            break
        exiled.append(o)
        if "Land" not in g.chars(o).types and mana_value(o) < mv:
            hit = o
    g.log("702.85a", f"cascade ({mv}): exiled {[o.name for o in exiled]}")
    cast = False
    if hit is not None:
        hit.mode = "cascade_hit"
        if g.choose_yes(p, f"{spell.name}: cast {hit.name} without paying its mana cost (cascade)?"):
            ok, why = g.can_cast(p, hit, "cascade")
            if ok:
                g.cast(p, hit, mode="cascade")
                cast = True
            else:
                g.log("702.85a", f"{hit.name} can't be cast: {why}")
        hit.mode = None
    rest = [o for o in exiled if not (cast and o is hit) and o.zone == "exile" and not o.gone]
    if rest:
        g.move_batch([(o, "library", None) for o in rest])        # to the bottom (702.85a)


# ---------------------------------------------------------------- split second 702.61
V.keyword("split_second", "702.61")


def _split_second_on_stack(g, exclude=None) -> str:
    for s in g.stack:
        if not s.is_ability and s is not exclude and "split_second" in g.chars(s).keywords:
            return s.name
    return ""


@V.hook(V.CAST_CHECKS)
def _no_spells_under_split_second(g, p, o, mode):
    """702.61a: while a spell with split second is on the stack, players can't cast other spells."""
    name = _split_second_on_stack(g, exclude=o)
    return f"{name} has split second: no other spell can be cast (702.61a)" if name else ""


@V.hook(V.ACTIVATION_CHECKS)
def _no_abilities_under_split_second(g, p, o, a):
    """702.61a/b: … nor activate abilities that aren't mana abilities (special actions still can be taken)."""
    if a.get("mana") or a.get("special"):
        return ""
    name = _split_second_on_stack(g)
    return f"{name} has split second: only mana abilities can be activated (702.61a)" if name else ""


# ---------------------------------------------------------------- "if that spell is countered this way, exile it"
@V.effect("countered_to_exile", keys=None, values=(), logged=False)
def countered_to_exile(g, arg, ctx):
    """701.5a + 614.1a: marks the preceding `counter` of this ability: the spell it counters goes to exile
    instead of its owner's graveyard (the replacement is `_countered_exiled` below)."""


def _exiles_countered(ctx) -> bool:
    ab = ctx.ability if ctx is not None else None
    spec = getattr(ab, "spec", None) if ab is not None else None
    if spec is None and ctx is not None and getattr(ctx.source, "beh", None) is not None:
        spec = ctx.source.beh.spell
    return _mentions(spec, "countered_to_exile")


def _mentions(x, key: str) -> bool:
    """Whether an ability spec holds the effect ``key`` anywhere (its effects, its modes, nested lists)."""
    if isinstance(x, dict):
        return key in x or any(_mentions(v, key) for v in x.values())
    return isinstance(x, list) and any(_mentions(v, key) for v in x)


@V.hook(V.MOVE_REPLACEMENTS, frm=("stack",), to=("graveyard",))
def _countered_exiled(g, o, to):
    """614.1a: a spell countered by an ability that says "if that spell is countered this way, exile it
    instead of putting it into its owner's graveyard" goes to exile."""
    ctx = g.ctx_now
    if o.zone != "stack" or o.is_ability or to != "graveyard" or ctx is None or g.phase[0] != "resolution" \
            or not any(o is t for t in ctx.targets or []) or not _exiles_countered(ctx):
        return to
    g.log("614.1a", f"{o.name} was countered this way: exiled instead")
    return "exile"


# ---------------------------------------------------------------- conspire 702.78
def _conspire_pay(g, p, o):
    """702.78a: as the spell is cast, tap two untapped creatures you control that each share a colour with it
    (`choose: {card: …}` for each)."""
    colors = set(g.chars(o).colors)
    tapped = []
    for i in range(2):
        cands = [x for x in g.bf if x.controller == p and not x.tapped and x not in tapped
                 and "Creature" in g.chars(x).types and colors & set(g.chars(x).colors)]
        if not cands:
            raise IllegalAction(f"{o.name}: not two untapped creatures sharing a colour with it to conspire (702.78a)")
        tapped.append(g.choose_card(p, cands, f"{o.name}: conspire (tap a creature, {i + 1} of 2)"))
    g.detect(set_tapped(g, tapped, True))
    g.log("702.78a", f"{p} conspires: taps {[x.name for x in tapped]}")


V.keyword("conspire", "702.78")
V.OWN_ONLY_KEYWORDS.add("conspire")
V.cast_mode("conspire", lambda g, o: (o.beh.spell or {}).get("targets") or [],
            lambda g, o: "" if "conspire" in o.beh.keywords else f"{o.name} has no conspire (702.78a)",
            pay=_conspire_pay)
V.KEYWORD_ABILITIES["conspire"] = lambda: [
    {"event": "cast_self", "name": "conspire", "if": {"cast_with": "conspire"}, "targets": [],
     "effects": [{"copy_spell": {"what": "self", "new_targets": True}}]}]      # 702.78a: "when you do, copy it"


# ---------------------------------------------------------------- ripple 702.60
def _ripple(n):
    """702.60a: "When you cast this spell, you may reveal the top N cards of your library. If you do, you may
    cast any revealed cards with the same name as this spell without paying their mana costs. Put the rest on
    the bottom of your library"."""
    return [{"event": "cast_self", "name": "ripple", "may": True, "targets": [], "effects": [{"ripple": n}]}]


_ripple.numbered = True
V.KEYWORD_ABILITIES["ripple"] = _ripple
V.top_key("ripple", lambda v, c=None: "" if isinstance(v, int) and not isinstance(v, bool) and v > 0 else repr(v),
          "702.60a: ripple N — when cast, reveal the top N cards; cast those with its name for free (`may`, then "
          "each one's `may` and `targets`); the rest to the bottom")
V.cast_mode("ripple", lambda g, o: (o.beh.spell or {}).get("targets") or [],
            lambda g, o: "" if o.mode == "ripple_hit" and o.zone in ("library", "stack")
            else f"{o.name} is cast by ripple only as the ripple trigger resolves (702.60a)",
            zones=("library",), timing=False)


@V.effect("ripple", values=())
def ripple(g, arg, ctx):
    """702.60a: reveal the top N; each revealed card with the spell's name may be cast free from the library
    while the trigger resolves; the rest go to the bottom."""
    spell, p = ctx.event.obj, ctx.controller
    lib = g.pz[p]["library"]
    revealed = list(lib[:int(arg)])
    g.log("702.60a", f"ripple {arg}: reveals {[o.name for o in revealed]}")
    for o in revealed:
        if o.card.name != spell.card.name or o.gone:
            continue
        if not g.choose_yes(p, f"{spell.name}: cast the revealed {o.name} (ripple)?"):
            continue
        o.mode = "ripple_hit"
        ok, why = g.can_cast(p, o, "ripple")
        if ok:
            g.cast(p, o, mode="ripple")
        else:
            g.log("702.60a", f"{o.name} can't be cast: {why}")
            o.mode = None
    rest = [o for o in revealed if o.zone == "library" and not o.gone]
    for o in rest:
        lib.remove(o)
    lib.extend(rest)                                    # to the bottom (in the order revealed)
    g.touch()
