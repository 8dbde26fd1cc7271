"""The stack and resolution (405, 608): spells and abilities resolve, effects run from the registry, values."""
from __future__ import annotations

from .. import vocabulary as V
from ..errors import EngineError, ScenarioError
from .objects import Ctx, _int, tname


class ResolutionMixin:
    def resolve_top(self):
        if not self.stack:
            raise ScenarioError(None, None, "nothing to resolve: the stack is empty")
        self.resolutions += 1
        if self.resolutions > self.max_resolutions:
            raise EngineError(f"runaway loop: more than {self.max_resolutions} objects resolved "
                              f"(top of stack: {tname(self.stack[-1])})")
        top = self.stack.pop()
        if top.is_ability:
            self.log("608.2", f"resolve {top.label}")
            self.resolve_ability(top)
        else:
            self.stack.append(top)
            self.resolve_spell(top)
        self.settle()
        self.priority, self.passes = self.active, 0      # 117.3b: after a resolution the active player receives priority

    def resolve_all(self):
        self.settle()
        while self.stack:
            self.resolve_top()

    def _targets_state(self, obj_targets, specs, src, ctrl, event=None, ability=None):
        """608.2b: which targets are still legal.  Returns (legal list aligned, all_illegal)."""
        legal = []
        if not obj_targets:
            return legal, False
        prev, self.ctx_now = self.ctx_now, Ctx(src, ctrl, list(obj_targets), event, ability,
                                               x=ability.x if ability is not None else getattr(src, "x", 0) or 0)
        try:
            for x, s in zip(obj_targets, specs):
                legal.append(x if self.legal_target(x, s, src, ctrl) else None)
        finally:
            self.ctx_now = prev
        return legal, bool(obj_targets) and all(x is None for x in legal)

    def resolve_spell(self, o):
        self._resolving(o.name, self._resolve_spell, o)

    def _resolving(self, what, fn, x):
        """Run a resolution with ``phase`` saying so (choices made now are at ``resolution``)."""
        prev, self.phase = self.phase, ("resolution", what)
        try:
            fn(x)
        finally:
            self.phase = prev

    def _resolve_spell(self, o):
        c = self.chars(o)
        beh = o.beh
        specs = self.spell_target_specs(o, o.mode)
        legal, none_legal = self._targets_state(o.targets, specs, o, o.controller)
        permanent = any(t in c.types for t in ("Creature", "Artifact", "Enchantment", "Land", "Planeswalker",
                                                 "Battle"))
        if none_legal:
            if any(hook(self, o) for hook in V.ILLEGAL_TARGET_HOOKS):     # e.g. bestow 702.103e
                return
            self.log("608.2b", f"{o.name}: every target is illegal, the spell doesn't resolve")
            self.move(o, "graveyard")
            return
        self.log("608.2", f"resolve {o.name}")
        if permanent:
            # 608.3: a permanent spell becomes a permanent; an Aura spell enters attached to its target.
            opts = {"controller": o.controller}
            if "Aura" in c.subtypes and legal and legal[0] is not None:
                opts["attached_to"] = legal[0].oid
                if o.mode:
                    opts.update(V.CAST_MODES[o.mode].move_opts)
            self.move(o, "battlefield", **opts)
            return
        spell = beh.spell or {}
        x, modes = getattr(o, "x", 0), getattr(o, "modes", None)
        base_n = len(V.expand_x(spell.get("targets") or [], x))
        ctx = Ctx(o, o.controller, legal[:base_n], None, None, x=x)
        self.do_effects(spell.get("effects", []), ctx)
        if modes:                                   # 700.2: each chosen mode, in the order printed
            at = base_n
            for m in modes:
                mode = spell["modes"][0]["modes"][m - 1]
                n = len(V.expand_x(mode.get("targets") or [], x))
                mctx = Ctx(o, o.controller, legal[at:at + n], None, None, x=x)
                at += n
                if n and all(t is None for t in mctx.targets):
                    self.log("700.2/608.2b", f"{o.name}: mode {m}'s targets are all illegal, it does nothing")
                    continue
                self.do_effects(mode.get("effects") or [], mctx)
        if not o.gone:
            self.move(o, "graveyard")

    def spell_target_specs(self, o, mode):
        c_types = o.card.types
        if mode:
            return V.CAST_MODES[mode].targets(self, o)                 # an alternative cast (e.g. bestow)
        if "Aura" in o.card.subtypes:           # 303.4a; "enchant creature card in a graveyard" targets a card
            kind = "graveyard_card" if (o.beh.enchant or {}).get("graveyard_or_linked") else "permanent"
            return [{"kind": kind, "filter": o.beh.enchant or {}}]
        if o.beh.spell is not None and not any(t in c_types for t in ("Creature", "Artifact", "Land")):
            specs = list(V.expand_x(o.beh.spell.get("targets") or [], getattr(o, "x", 0)))
            for m in getattr(o, "modes", None) or []:                   # 700.2 / 601.2c: the chosen modes' targets, in order
                specs += V.expand_x(o.beh.spell["modes"][0]["modes"][m - 1].get("targets") or [], getattr(o, "x", 0))
            return specs
        return []

    def resolve_ability(self, a):
        self._resolving(a.label, self._resolve_ability, a)

    def _resolve_ability(self, a):
        t = a.spec
        src = a.source
        specs = V.expand_x(t.get("targets") or [], a.x)     # "X target …" of an activated ability (602.2b)
        if a.kind == "delayed":
            # 603.7c: a delayed ability affects the objects it refers to, if they are still where expected
            legal, none_legal = [x if isinstance(x, str) or not x.gone else None for x in a.targets], False
        else:
            legal, none_legal = self._targets_state(a.targets, specs, src, a.controller, a.event, a)
        if none_legal:
            self.log("608.2b", f"{a.label}: every target is illegal, the ability doesn't resolve")
            return
        # 603.4: an intervening if is checked again on resolution; a state trigger's state is not (603.8)
        if a.kind == "trigger" and "if" in t and t.get("event") != "state" and \
                not self.condition(t["if"], src, a.controller, a.event):
            self.log("603.4", f"{a.label}: condition false on resolution, does nothing")
            return
        cost = t.get("cost") if a.kind == "trigger" else None     # activation costs were paid (602.2)
        if cost:
            # 603.5 / 608.2: a cost in a triggered ability's effect is decided and paid on resolution.
            if cost == "sacrifice_self":
                cur = self.current.get(src.card_no)
                if cur is not src or src.gone or src.zone != "battlefield":
                    self.log("608.2", f"{a.label}: {src.name} is gone, the cost can't be paid")
                    return
                if not self.choose_yes(a.controller, f"{a.label}: sacrifice {src.name}?"):
                    return
                self.log("701.17a", f"{a.controller} sacrifices {src.name}")
                self.move(src, "graveyard")
            elif str(cost).startswith("life:"):
                n = int(str(cost)[5:])
                if not self.choose_yes(a.controller, f"{a.label}: pay {n} life?"):
                    return
                self.life[a.controller] -= n           # 119.4
                self.log("119.4", f"{a.controller} pays {n} life on resolution")
            else:
                from .mechanics.unless_mana import can_pay_mana, pay_mana
                probe = Ctx(src, a.controller, legal, a.event, a, x=a.x)
                # 118.3: a mana cost is offered only when the player's mana covers it (mechanics/unless_mana.py)
                if not can_pay_mana(self, a.controller, cost, probe) or \
                        not self.choose_yes(a.controller, f"{a.label}: pay {cost}?"):
                    return
                pay_mana(self, a.controller, cost, probe, "603.5: on resolution")
        elif t.get("may"):
            if not self.choose_yes(a.controller, f"{a.label}: may"):
                return
        key = (src.oid, a.index, self.turn)
        self.resolved_count[key] = self.resolved_count.get(key, 0) + 1
        ctx = Ctx(src, a.controller, legal, a.event, a, x=a.x)      # 602.2b: the X announced on activation
        if t.get("may"):
            ctx.did = True                  # 608.2c: "if you do" — the optional action was chosen (its effect may
            #                                 still make it false: nothing to exile, a payment that can't be made)
        if "created" in t:                  # 603.7c: a delayed ability's "them" are the tokens its creator made
            ctx.created = list(t["created"])
        self.do_effects(t.get("effects", []), ctx)

    def value(self, v, ctx) -> int:
        """A value ``n``: an integer, ``form:arg`` or ``{form: arg}`` (value forms registered below)."""
        if isinstance(v, int):
            return v
        if isinstance(v, str):
            kind, _, arg = v.partition(":")
            fn = V.VALUES.get(kind)
            if fn is not None:
                return fn(self, arg, ctx)
            return _int(v)
        if isinstance(v, dict) and "times" in v:              # "N … for each …"
            return self.value(v["times"], ctx) * self.value({k: x for k, x in v.items() if k != "times"}, ctx)
        if isinstance(v, dict) and len(v) == 1:
            (kind, arg), = v.items()
            fn = V.VALUES.get(kind)
            if fn is not None:
                return fn(self, arg, ctx)
        return 0

    def players_of(self, who, ctx):
        """The players a player word names (``engine.vocabulary.PLAYER_WORDS``); default: the controller."""
        fn = V.PLAYER_WORDS.get("you" if who is None else who)
        return fn(self, ctx) if fn is not None else [who]

    def objects_of(self, who, ctx):
        """The objects an object word names (``engine.vocabulary.OBJECT_WORDS``)."""
        fn = V.OBJECT_WORDS.get(who) if isinstance(who, str) else None
        return fn(self, ctx) if fn is not None else []

    def do_effects(self, effects, ctx):
        """Run EFFECTs in order, each looked up in the one effect registry (engine.vocabulary.EFFECTS); the
        ability they belong to is ``ctx_now`` meanwhile (filters relative to it: "that player controls")."""
        prev, self.ctx_now = self.ctx_now, ctx
        try:
            self._do_effects(effects, ctx)
        finally:
            self.ctx_now = prev

    def _do_effects(self, effects, ctx):
        for eff in effects:
            (verb, arg), = eff.items()
            spec = V.EFFECTS.get(verb)
            if spec is None:
                raise EngineError(f"unknown effect {verb!r}")
            if spec.logged:
                if isinstance(arg, int) or (isinstance(arg, str) and ":" in arg):
                    summary = f"{verb} {self.value(arg, ctx)}"
                elif isinstance(arg, dict) and "n" in arg:
                    summary = f"{verb} {self.value(arg['n'], ctx)}"
                else:
                    summary = verb
                self.effect_log.append((ctx.source.name, ctx.ability.label if ctx.ability else ctx.source.name,
                                        summary))
            if self.ctx_now is not ctx:                 # a nested list run with the same context restored it
                self.ctx_now = ctx
            spec.fn(self, arg, ctx)


# ---------------------------------------------------------------------------- value forms
@V.value_form("X", args=("",))
def _x(g, arg, ctx):
    """107.3: `X` — the value announced for X as the spell was cast (0 elsewhere, 107.3b)."""
    return ctx.x


def _negate_arg(arg, checker):
    checker.value(arg, {"negate": arg}, "negate")
    return ""


def _count_arg(arg, checker):
    """A FILTER, optionally with `zone` (not the stack)."""
    if not isinstance(arg, dict):
        return repr(arg)
    if arg.get("zone", "battlefield") not in ("battlefield", "hand", "graveyard", "library", "exile"):
        return f"zone {arg.get('zone')!r}"
    checker.filter({k: v for k, v in arg.items() if k != "zone"})
    return ""


@V.value_form("negate", args=_negate_arg)
def _negate(g, arg, ctx):
    """`{negate: V}`: minus the value (for -X/-X)."""
    return -g.value(arg, ctx)


@V.value_form("count", args=_count_arg)
def _count(g, arg, ctx):
    """`{count: FILTER}`: "for each" / "the number of" — permanents matching FILTER (with `zone: hand|graveyard|library|exile`: cards there, of every player unless the filter says whose)."""
    f = dict(arg)
    zone = f.pop("zone", "battlefield")
    if zone == "battlefield":
        pool = g.bf
    else:
        pool = [o for p in g.players for o in g.pz[p][zone]]
    return sum(1 for o in pool if g.match(o, g.chars(o), f, ctx.source, ctx.controller, ctx.event))


@V.value_form("devotion")
def _devotion(g, arg, ctx):
    """`devotion:WU`: the controller's devotion to those colours (700.5)."""
    return g.devotion(ctx.controller, list(arg))                       # 700.5


@V.value_form("power", args=("self", "target", "event", "sacrificed", "enchanted", "equipped"))
def _power(g, arg, ctx):
    """`power:self|target|event|sacrificed|enchanted|equipped`: the power (last known information, 608.2h);
    `enchanted` / `equipped`: the creature the source Aura / Equipment is attached to (303.4, 301.5)."""
    if arg in ("target", "event", "sacrificed", "enchanted", "equipped"):
        objs = g.objects_of(arg, ctx)
        return max(0, g.chars(objs[0]).power) if objs else 0
    return max(0, g.chars(ctx.source).power)                          # 608.2h: last known information


@V.value_form("toughness", args=("self", "target", "event", "sacrificed", "enchanted", "equipped"))
def _toughness(g, arg, ctx):
    """`toughness:self|target|event|sacrificed|enchanted|equipped`: the toughness (last known information, 608.2h);
    `enchanted` / `equipped`: the creature the source Aura / Equipment is attached to (303.4, 301.5)."""
    if arg in ("target", "event", "sacrificed", "enchanted", "equipped"):
        objs = g.objects_of(arg, ctx)
        return max(0, g.chars(objs[0]).toughness) if objs else 0
    return max(0, g.chars(ctx.source).toughness)


@V.value_form("event", args=("amount",))
def _event_amount(g, arg, ctx):
    """`event:amount`: the event's amount (damage dealt, life gained, cards drawn)."""
    return (ctx.event.amount if ctx.event else 0) if arg == "amount" else 0


# ---------------------------------------------------------------------------- player and object words
@V.player_word("you")
def _you(g, ctx):
    return [ctx.controller]


@V.player_word("each_opponent")
def _each_opponent(g, ctx):
    return g.opponents(ctx.controller)


@V.player_word("each_player")
def _each_player(g, ctx):
    return [p for p in g.players if p not in g.lost]


@V.player_word("target")
def _target_player(g, ctx):
    return [x for x in ctx.targets if isinstance(x, str)]


@V.player_word("event_player")
def _event_player(g, ctx):
    return [ctx.event.player] if ctx.event is not None and ctx.event.player else []


@V.player_word("event_controller")
def _event_controller(g, ctx):
    return [ctx.event.obj.controller] if ctx.event and ctx.event.obj is not None else []


@V.player_word("owner")
def _owner(g, ctx):
    return [ctx.source.owner]


def _target_objects(g, ctx):
    return [x for x in ctx.targets if x is not None and not isinstance(x, str)]


@V.player_word("its_controller")
def _its_controller(g, ctx):
    """The controller of the targeted (else the event's) object — last known information (608.2h)."""
    objs = _target_objects(g, ctx) or ([ctx.event.obj] if ctx.event and ctx.event.obj is not None else [])
    return list(dict.fromkeys(o.controller for o in objs))


@V.player_word("its_owner")
def _its_owner(g, ctx):
    objs = _target_objects(g, ctx) or ([ctx.event.obj] if ctx.event and ctx.event.obj is not None else [])
    return list(dict.fromkeys(o.owner for o in objs))


V.object_word("target")(_target_objects)


@V.object_word("self")
def _self_obj(g, ctx):
    cur = ctx.source
    return [] if cur.gone else [cur]


@V.object_word("event")
def _event_obj(g, ctx):
    return [ctx.event.obj] if ctx.event is not None and ctx.event.obj is not None else []


@V.object_word("created")
def _created(g, ctx):
    """The tokens this ability created (111.1: "it", "them")."""
    return [o for o in ctx.created if not o.gone]


@V.object_word("found")
def _found(g, ctx):
    """The card(s) this ability searched for or chose."""
    return [o for o in ctx.found if not o.gone]


@V.player_word("that_player")
def _that_player(g, ctx):
    """"That player": the targeted player, else the player the event is about (a damaged or attacked player)."""
    tp = [x for x in ctx.targets if isinstance(x, str)]
    if tp:
        return tp
    return [ctx.event.player] if ctx.event is not None and ctx.event.player else []


def _host(g, ctx):
    src = ctx.source
    return [o for o in g.bf if not src.gone and o.oid == src.attached_to]


@V.object_word("enchanted")
def _enchanted(g, ctx):
    """The permanent the source Aura is attached to (303.4)."""
    return _host(g, ctx)


@V.object_word("equipped")
def _equipped(g, ctx):
    """The creature the source Equipment is attached to (301.5)."""
    return _host(g, ctx)
