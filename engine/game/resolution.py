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

    def resolve_all(self):
        self.settle()
        while self.stack:
            self.resolve_top()

    def _targets_state(self, obj_targets, specs, src, ctrl):
        """608.2b: which targets are still legal.  Returns (legal list aligned, all_illegal)."""
        legal = []
        for x, s in zip(obj_targets, specs):
            legal.append(x if self.legal_target(x, s, src, ctrl) else None)
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
        ctx = Ctx(o, o.controller, legal, None, None)
        self.do_effects(spell.get("effects", []), ctx)
        if not o.gone:
            self.move(o, "graveyard")

    def spell_target_specs(self, o, mode):
        c_types = o.card.types
        if mode:
            return V.CAST_MODES[mode].targets(self, o)                 # an alternative cast (e.g. bestow)
        if "Aura" in o.card.subtypes:
            return [{"kind": "permanent", "filter": o.beh.enchant or {}}]
        if o.beh.spell is not None and not any(t in c_types for t in ("Creature", "Artifact", "Land")):
            return o.beh.spell.get("targets") or []
        return []

    def resolve_ability(self, a):
        self._resolving(a.label, self._resolve_ability, a)

    def _resolve_ability(self, a):
        t = a.spec
        src = a.source
        specs = t.get("targets") or []
        legal, none_legal = self._targets_state(a.targets, specs, src, a.controller)
        if none_legal:
            self.log("608.2b", f"{a.label}: every target is illegal, the ability doesn't resolve")
            return
        if a.kind == "trigger" and "if" in t and not self.condition(t["if"], src, a.controller, a.event):
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
                if not self.choose_yes(a.controller, f"{a.label}: pay {cost}?"):
                    return
                self.log("603.5", f"{a.controller} pays {cost} on resolution")
        elif t.get("may"):
            if not self.choose_yes(a.controller, f"{a.label}: may"):
                return
        key = (src.oid, a.index, self.turn)
        self.resolved_count[key] = self.resolved_count.get(key, 0) + 1
        ctx = Ctx(src, a.controller, legal, a.event, a)
        self.do_effects(t.get("effects", []), ctx)

    def value(self, v, ctx) -> int:
        """A value ``n``: an integer or ``form:arg`` (value forms registered below)."""
        if isinstance(v, int):
            return v
        if isinstance(v, str):
            kind, _, arg = v.partition(":")
            fn = V.VALUES.get(kind)
            if fn is not None:
                return fn(self, arg, ctx)
            return _int(v)
        return 0

    def players_of(self, who, ctx):
        if who in (None, "you"):
            return [ctx.controller]
        if who == "each_opponent":
            return self.opponents(ctx.controller)
        if who == "each_player":
            return [p for p in self.players if p not in self.lost]
        if who == "target":
            return [x for x in ctx.targets if isinstance(x, str)]
        if who == "event_player":
            return [ctx.event.player]
        if who == "event_controller":
            return [ctx.event.obj.controller] if ctx.event and ctx.event.obj is not None else []
        if who == "owner":
            return [ctx.source.owner]
        return [who]

    def objects_of(self, who, ctx):
        if who == "target":
            return [x for x in ctx.targets if x is not None and not isinstance(x, str)]
        if who == "self":
            cur = ctx.source
            return [] if cur.gone else [cur]
        if who == "event" and ctx.event is not None and ctx.event.obj is not None:
            return [ctx.event.obj]
        return []

    def do_effects(self, effects, ctx):
        """Run EFFECTs in order, each looked up in the one effect registry (engine.vocabulary.EFFECTS)."""
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
            spec.fn(self, arg, ctx)


# ---------------------------------------------------------------------------- value forms
@V.value_form("devotion")
def _devotion(g, arg, ctx):
    """`devotion:WU`: the controller's devotion to those colours (700.5)."""
    return g.devotion(ctx.controller, list(arg))                       # 700.5


@V.value_form("power")
def _power(g, arg, ctx):
    """`power:self|target`: the power (last known information, 608.2h)."""
    if arg == "target":
        objs = g.objects_of("target", ctx)
        return max(0, g.chars(objs[0]).power) if objs else 0
    return max(0, g.chars(ctx.source).power)                          # 608.2h: last known information


@V.value_form("toughness")
def _toughness(g, arg, ctx):
    """`toughness:self`: the source's toughness."""
    return max(0, g.chars(ctx.source).toughness)


@V.value_form("event")
def _event_amount(g, arg, ctx):
    """`event:amount`: the event's amount (damage dealt, life gained, cards drawn)."""
    return (ctx.event.amount if ctx.event else 0) if arg == "amount" else 0
