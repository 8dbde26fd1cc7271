"""Numbered keywords of permanents built on counters (issue 21, group ek1), each the behaviour's top-level key with its
number (``modular: 2``, as the Oracle compiler writes "Modular 2"): modular (702.43), fabricate (702.123), renown
(702.112), bloodthirst (702.54), afterlife (702.135), fading (702.32), vanishing (702.63), graft (702.58), devour
(702.82), amplify (702.38)."""
from __future__ import annotations

from ... import vocabulary as V
from ...errors import IllegalAction
from ..creature_types import CREATURE_TYPES
from ..objects import Event
from .counter_replacements import add_counters, counters_put

_NUMBER = lambda v, c=None: "" if isinstance(v, int) and not isinstance(v, bool) and v >= 1 else repr(v)  # noqa: E731
_P1 = "+1/+1"


def _n(o, key) -> int:
    n = o.beh.extra.get(key)
    return n if isinstance(n, int) and not isinstance(n, bool) else 0


def _add(g, o, kind, n, rule, why) -> None:
    n = counters_put(g, o, kind, n)          # 122.6, 614.1a, 616.1
    if n > 0:
        o.counters[kind] = o.counters.get(kind, 0) + n
        g.touch()
    g.log(rule, f"{o.name}: {why} — {n} {kind} counter(s)")


def _numbered(fn):
    fn.numbered = True
    return fn


# ----------------------------------------------------------------- "enters with N counters" (614.1c replacement)
_ENTERS = {"modular": (_P1, "702.43a"), "graft": (_P1, "702.58a"), "fading": ("fade", "702.32a"),
           "vanishing": ("time", "702.63a")}


@V.hook(V.ENTER_HOOKS)
def _enters_with(g, new, opts):
    """702.43a modular, 702.58a graft, 702.32a fading, 702.63a vanishing: "this permanent enters with N … counters
    on it" (614.1c: no separate event); 702.54a bloodthirst: with N +1/+1 counters if an opponent was dealt damage
    this turn."""
    for key, (kind, rule) in _ENTERS.items():
        if _n(new, key):
            _add(g, new, kind, _n(new, key), rule, f"{key} {_n(new, key)}: enters with counters")
    if _n(new, "bloodthirst") and any((g.turn, "player_damaged", p) in g.history
                                      for p in g.players if p != new.controller):
        _add(g, new, _P1, _n(new, "bloodthirst"), "702.54a", "bloodthirst: an opponent was dealt damage this turn")


V.top_key("bloodthirst", _NUMBER, "702.54a: bloodthirst N — if an opponent was dealt damage this turn, this "
                                  "permanent enters with N +1/+1 counters on it")


# ----------------------------------------------------------------- modular 702.43
V.top_key("modular", _NUMBER, "702.43a: modular N — enters with N +1/+1 counters; when it dies, you may put a +1/+1 "
                              "counter on target artifact creature for each +1/+1 counter on it")


@V.keyword_ability("modular", "702.43", own_only=True)
@_numbered
def modular(n):
    """702.43a: the dies trigger of modular (its counters are read as the permanent last existed, 603.10a)."""
    return [{"event": "dies", "name": "modular", "object": {"self": True}, "may": True,
             "targets": [{"kind": "creature", "filter": {"types": ["Artifact"]}}],
             "effects": [{"modular_move": True}]}]


@V.effect("modular_move", keys=None, values=())
def modular_move(g, arg, ctx):
    """702.43a: put a +1/+1 counter on the target for each +1/+1 counter the dead permanent had (last known
    information, 603.10a); an illegal target gets none (608.2b)."""
    gone = ctx.event.obj if ctx.event is not None and ctx.event.obj is not None else ctx.source
    n = gone.counters.get(_P1, 0)
    for o in g.objects_of("target", ctx):
        if o.zone == "battlefield" and not o.gone:
            _add(g, o, _P1, n, "702.43a", f"modular from {gone.name}")


# ----------------------------------------------------------------- graft 702.58
V.top_key("graft", _NUMBER, "702.58a: graft N — enters with N +1/+1 counters; whenever another creature enters, "
                            "you may move a +1/+1 counter from this permanent onto it")


@V.keyword_ability("graft", "702.58", own_only=True)
@_numbered
def graft(n):
    """702.58a: "whenever another creature enters, if this permanent has a +1/+1 counter on it, you may move a
    +1/+1 counter from this permanent onto that creature" (an intervening if, 603.4)."""
    return [{"event": "enters", "name": "graft", "object": {"types": ["Creature"], "other": True}, "may": True,
             "if": {"self_has_counter": _P1}, "targets": [], "effects": [{"graft_move": True}]}]


@V.effect("graft_move", keys=None, values=())
def graft_move(g, arg, ctx):
    """702.58a / 122.5: move a +1/+1 counter from the source onto the entering creature (both still there)."""
    src, ev = ctx.source, ctx.event
    dest = ev.subject() if ev is not None else None
    if src.gone or src.zone != "battlefield" or src.counters.get(_P1, 0) < 1 or dest is None or dest.gone \
            or dest.zone != "battlefield":
        g.log("702.58a", f"{src.name}: no counter moves")
        return
    src.counters[_P1] -= 1
    add_counters(g, dest, _P1, 1)                  # 122.5: a moved counter is put on (614.1a)
    g.log("702.58a", f"a +1/+1 counter moves from {src.name} onto {dest.name}")


# ----------------------------------------------------------------- fabricate 702.123
V.top_key("fabricate", _NUMBER, "702.123a: fabricate N — when this permanent enters, you may put N +1/+1 counters on "
                                "it; if you don't, create N 1/1 colorless Servo artifact creature tokens")

_SERVO = {"types": ["Artifact", "Creature"], "subtypes": ["Servo"], "colors": "", "pt": [1, 1]}


@V.keyword_ability("fabricate", "702.123", own_only=True)
@_numbered
def fabricate(n):
    """702.123a: the enters trigger of fabricate N."""
    return [{"event": "enters", "name": "fabricate", "object": {"self": True}, "targets": [],
             "effects": [{"fabricate_choice": n}]}]


@V.effect("fabricate_choice", keys=None)
def fabricate_choice(g, arg, ctx):
    """702.123a: the controller chooses (a `may` answer: yes — counters) between N +1/+1 counters on the permanent
    and N Servos; a permanent no longer on the battlefield can't get counters, so Servos are created."""
    src, n = ctx.source, g.value(arg, ctx)
    here = not src.gone and src.zone == "battlefield"
    if here and g.choose_yes(ctx.controller, f"{src.name}: fabricate {n} — put +1/+1 counters on it?", ("may",)):
        _add(g, src, _P1, n, "702.123a", "fabricate")
        return
    g.log("702.123a", f"{src.name}: fabricate — {n} Servo token(s)")
    g.do_effects([{"create_token": {"token": _SERVO, "n": n}}], ctx)


# ----------------------------------------------------------------- renown 702.112
V.top_key("renown", _NUMBER, "702.112a: renown N — when this creature deals combat damage to a player, if it isn't "
                             "renowned, put N +1/+1 counters on it and it becomes renowned")


def renowned(g, o) -> bool:
    """702.112b: renowned is a designation of the permanent (a new object is not renowned, 400.7)."""
    return (0, "renowned", o.oid) in g.history


@V.condition("renowned")
def _renowned(g, v, src, ctrl, ev):
    """702.112b: the source is renowned — or isn't."""
    return renowned(g, src) == bool(v)


@V.keyword_ability("renown", "702.112", own_only=True)
@_numbered
def renown(n):
    """702.112a: the combat damage trigger of renown N, with its intervening if (603.4)."""
    return [{"event": "combat_damage_player", "name": "renown", "object": {"self": True},
             "if": {"renowned": False}, "targets": [], "effects": [{"renown_counters": n}]}]


@V.effect("renown_counters", keys=None)
def renown_counters(g, arg, ctx):
    """702.112a: N +1/+1 counters on the source and it becomes renowned (only while it is on the battlefield)."""
    src = ctx.source
    if src.gone or src.zone != "battlefield":
        return
    _add(g, src, _P1, g.value(arg, ctx), "702.112a", "renown")
    g.history.add((0, "renowned", src.oid))


# ----------------------------------------------------------------- afterlife 702.135
V.top_key("afterlife", _NUMBER, "702.135a: afterlife N — when this permanent is put into a graveyard from the "
                                "battlefield, create N 1/1 white and black Spirit creature tokens with flying")


@V.keyword_ability("afterlife", "702.135", own_only=True)
@_numbered
def afterlife(n):
    """702.135a: the leaves-for-the-graveyard trigger of afterlife N."""
    return [{"event": "dies", "name": "afterlife", "object": {"self": True}, "targets": [],
             "effects": [{"create_token": {"token": {"types": ["Creature"], "subtypes": ["Spirit"], "colors": "WB",
                                                     "pt": [1, 1], "keywords": ["flying"]}, "n": n}}]}]


# ----------------------------------------------------------------- fading 702.32, vanishing 702.63
V.top_key("fading", _NUMBER, "702.32a: fading N — enters with N fade counters; at the beginning of your upkeep, "
                             "remove a fade counter from it, and if you can't, sacrifice it")
V.top_key("vanishing", _NUMBER, "702.63a: vanishing N — enters with N time counters; at the beginning of your "
                                "upkeep remove one; when the last is removed, sacrifice it")


@V.keyword_ability("fading", "702.32", own_only=True)
@_numbered
def fading(n):
    """702.32a: the upkeep trigger of fading."""
    return [{"event": "upkeep", "whose": "you", "name": "fading", "targets": [], "effects": [{"fading_tick": True}]}]


@V.effect("fading_tick", keys=None, values=())
def fading_tick(g, arg, ctx):
    """702.32a: remove a fade counter from the permanent; if you can't, sacrifice it (701.21)."""
    src = ctx.source
    if src.gone or src.zone != "battlefield":
        return
    if src.counters.get("fade", 0) > 0:
        src.counters["fade"] -= 1
        g.touch()
        g.log("702.32a", f"{src.name}: a fade counter removed, {src.counters['fade']} left")
        return
    g.log("702.32a", f"{src.name}: no fade counter to remove, sacrificed")
    g.move(src, "graveyard")


_LAST = {"event": "vanishing_last", "name": "vanishing: sacrifice it", "targets": [],
         "effects": [{"sacrifice": "self"}]}
V.event("vanishing_last")(lambda g, t, ev, src, subj, sc: False)       # put there by vanishing_tick, never matched


@V.keyword_ability("vanishing", "702.63", own_only=True)
@_numbered
def vanishing(n):
    """702.63a: the upkeep trigger of vanishing, with its intervening if (603.4)."""
    return [{"event": "upkeep", "whose": "you", "name": "vanishing", "if": {"self_has_counter": "time"},
             "targets": [], "effects": [{"vanishing_tick": True}]}]


@V.effect("vanishing_tick", keys=None, values=())
def vanishing_tick(g, arg, ctx):
    """702.63a: remove a time counter; removing the last one triggers "sacrifice this permanent"."""
    src = ctx.source
    if src.gone or src.zone != "battlefield" or src.counters.get("time", 0) < 1:
        return
    src.counters["time"] -= 1
    g.touch()
    g.log("702.63a", f"{src.name}: a time counter removed, {src.counters['time']} left")
    if src.counters["time"] == 0:
        g._trigger(src, _LAST, 9632, Event("vanishing_last", obj=src, player=src.controller))


# ----------------------------------------------------------------- devour 702.82, amplify 702.38
V.top_key("devour", _NUMBER, "702.82a: devour N — as this enters, you may sacrifice any number of creatures; it "
                             "enters with N +1/+1 counters for each creature sacrificed this way")
V.top_key("amplify", _NUMBER, "702.38a: amplify N — as this enters, reveal any number of cards from your hand that "
                              "share a creature type with it; it enters with N +1/+1 counters for each card revealed")


def _pick_many(g, p, cands, what) -> list:
    """Any number of ``cands`` named by one `card` answer (a list of names, `[]` for none); none to pick from: no
    answer is needed."""
    if not cands:
        return []
    v = g.answer(p, "card", f"{what}: any of {sorted({o.name for o in cands})} (a list, [] for none)", [])
    names = [v] if isinstance(v, str) else list(v or [])
    out, pool = [], list(cands)
    for name in names:
        hit = next((o for o in pool if o.name == g.resolve_name(str(name))), None)
        if hit is None:
            raise IllegalAction(f"{name} is not a legal choice for {what}")
        pool.remove(hit)
        out.append(hit)
    return out


def _creature_types(o) -> set:
    return set(CREATURE_TYPES) if "changeling" in o.beh.keywords else set(o.card.subtypes) & set(CREATURE_TYPES)


@V.hook(V.ENTER_HOOKS)
def _devour_amplify(g, new, opts):
    """702.82a devour: the controller sacrifices any number of creatures they control as it enters (a `card` answer:
    the list) and it enters with N +1/+1 counters for each; 702.38a amplify: they reveal any number of cards from their
    hand sharing a creature type with it (not itself, 702.38a) and it enters with N +1/+1 counters for each."""
    p = new.controller
    if _n(new, "devour"):
        eaten = _pick_many(g, p, [o for o in g.bf if o.controller == p and "Creature" in g.chars(o).types],
                           f"{new.name}: devour — the creatures to sacrifice")
        if eaten:
            g.log("702.82a", f"{new.name} devours {', '.join(o.name for o in eaten)}")
            g.move_batch([(o, "graveyard", None) for o in eaten])
        _add(g, new, _P1, _n(new, "devour") * len(eaten), "702.82a", "devour")
    if _n(new, "amplify"):
        mine = _creature_types(new)
        shown = _pick_many(g, p, [o for o in g.pz[p]["hand"] if mine & _creature_types(o)],
                           f"{new.name}: amplify — the cards to reveal")
        _add(g, new, _P1, _n(new, "amplify") * len(shown), "702.38a", f"amplify, {len(shown)} card(s) revealed")
