"""Casting spells (601), playing lands (305.1), activating abilities (602), mana abilities (605), timing (307.1)."""
from __future__ import annotations

from .. import vocabulary as V
from .costs import kicked_mask, mana_or_costs, pay_additional, pay_costs
from .mechanics.ability_x import announce_x
from .mechanics.activation_limits import may_activate
from .mechanics.equipment import equip_ability
from .mechanics.flash_self import own_flash
from .mechanics.outlast import outlast_ability
from .mechanics.sacrificed import record_sacrificed
from .mechanics.tapping import set_tapped
from ..errors import IllegalAction, ScenarioError
from .objects import BASIC_MANA, Ctx, Event, StackAbility, tname


class CastingMixin:
    def is_instant_speed(self, o) -> bool:
        c = self.chars(o)
        if "Instant" in c.types or "flash" in c.keywords or own_flash(self, o) is not None:   # 702.8a
            return True
        for x in self.bf:                              # "you may cast … as though they had flash"
            for s in x.beh.statics:
                if s.get("flash_for") and x.controller == o.owner and self.match(o, c, s["flash_for"], x, x.controller):
                    return True
        return False

    def sorcery_timing(self, p) -> bool:
        """307.1: main phase, own turn, empty stack."""
        return p == self.active and self.step in ("main1", "main2") and not self.stack

    def can_cast(self, p, o, mode=None) -> tuple[bool, str]:
        c = self.chars(o)
        if "Land" in c.types:
            return False, "a land is played, not cast (305.1)"
        if o.zone != "hand" and o.zone != "stack" and not (mode in V.CAST_MODES and o.zone in V.CAST_MODES[mode].zones):
            return False, f"{o.name} is in the {o.zone}; nothing lets {p} cast it from there (601.2a)"
        untimed = mode in V.CAST_MODES and not V.CAST_MODES[mode].timing      # e.g. madness 702.35a
        if not untimed and not self.is_instant_speed(o) and not self.sorcery_timing(p):
            return False, f"{o.name} can be cast only when {p} could cast a sorcery (307.1)"
        if mode:
            cm = V.CAST_MODES.get(mode)
            if cm is None:
                return False, f"{o.name}: no way to cast it {mode!r} (known: {', '.join(sorted(V.CAST_MODES))})"
            why = cm.check(self, o)
            if why:
                return False, why
        for check in V.CAST_CHECKS:                # 601.3: no rule or effect may prohibit casting it
            why = check(self, p, o, mode)
            if why:
                return False, why
        specs = self.spell_target_specs(o, mode)
        prev, self.ctx_now = self.ctx_now, Ctx(o, p, [], None, None, x=getattr(o, "x", 0) or 0)   # 107.3a: X announced
        try:
            for s in specs:
                if not self.candidates(s, o, p):
                    return False, f"{o.name} has no legal target (601.2c)"
        finally:
            self.ctx_now = prev
        return True, ""

    def cast(self, p, o, mode=None, targets=None, x=0, modes=None, kicked=False, helpers=None):
        c = self.chars(o)
        if "Land" in c.types:
            return self.play_land(p, o)
        o.modes = self._check_modes(o, modes, mode)    # 601.2b: modes, X and optional costs are announced
        o.x = int(x or 0)                               # 107.3a
        if kicked and not o.beh.extra.get("kicker") and not o.beh.extra.get("multikicker"):
            raise IllegalAction(f"{o.name} has no kicker (702.33)")
        o.kicked = kicked_mask(o, kicked)              # 702.33c: which kicker costs were paid (a bit each)
        ok, why = self.can_cast(p, o, mode)
        if not ok:
            raise IllegalAction(why)
        specs = self.spell_target_specs(o, mode)
        chosen = []
        self.phase = ("cast", o.name)
        if specs:
            chosen = self.pick_targets(p, specs, targets, o, o.name)
            if chosen is None:
                raise IllegalAction(f"{o.name} has no legal target (601.2c)")
        elif targets:
            raise IllegalAction(f"{o.name} has no targets")
        # 601.2g-h: convoke, improvise, delve … pay part of the cost (checked now, done once it is on the stack)
        helper_payments = [V.CAST_HELPERS[name](self, p, o, value) for name, value in (helpers or {}).items()]
        # 601.2a: the card moves to the stack (a new object); a cast mode may change what it is (bestow 702.103b).
        new = self.move(o, "stack", controller=p, **(V.CAST_MODES[mode].move_opts if mode else {}))
        new.targets = chosen
        new.mode = mode
        new.x, new.kicked, new.modes = o.x, o.kicked, o.modes     # set on `o` just above
        pay_additional(self, p, new)                     # 601.2h
        if mode and V.CAST_MODES[mode].pay is not None:  # 601.2h: an alternative cost's non-mana parts (118.9)
            V.CAST_MODES[mode].pay(self, p, new)
        for pay in helper_payments:
            pay()
        if chosen:
            for hook in V.TARGETED_HOOKS:                # "becomes the target" (e.g. ward 702.21a)
                hook(self, new, chosen)
        self.log("601.2", f"{p} casts {o.name}" + (f" ({mode})" if mode else "") +
                 (f" targeting {', '.join(tname(x) for x in chosen)}" if chosen else ""))
        self.detect([Event("cast", obj=new, player=p)])
        self.acted(p)                                    # 117.3c: the caster receives priority afterward
        return new

    def _check_modes(self, o, modes, mode=None):
        """700.2a/700.2d: a modal spell's modes are chosen as it is cast — how many its `choose` says, each
        at most once (702.42a: all of them when its entwine cost is paid, `mode: entwine`)."""
        groups = (o.beh.spell or {}).get("modes") or []
        if not groups:
            if modes:
                raise IllegalAction(f"{o.name} is not modal (700.2)")
            return None
        grp = groups[0]
        lo, hi = V.MODE_COUNTS[grp["choose"]]
        if mode == "entwine":
            lo = hi = len(grp["modes"])
        chosen = [int(m) for m in (modes or [])]
        if not lo <= len(chosen) <= hi or len(set(chosen)) != len(chosen) or \
                any(not 1 <= m <= len(grp["modes"]) for m in chosen):
            raise IllegalAction(f"{o.name}: choose {grp['choose']} of modes 1-{len(grp['modes'])} (700.2), "
                                f"got {chosen}")
        return sorted(chosen)

    def play_land(self, p, o):
        """305.1: playing a land is a special action; the land doesn't use the stack."""
        if o.zone != "hand" and not (o.zone == "graveyard" and any(
                s.get("play_lands_from_graveyard") for x in self.bf if x.controller == p for s in x.beh.statics)) \
                and not any(h(self, p, o) for h in V.LAND_PLAY_PERMISSIONS):
            raise IllegalAction(f"{o.name} is in the {o.zone}; nothing lets {p} play it from there (305.1)")
        if not self.sorcery_timing(p):
            raise IllegalAction(f"{o.name} can be played only at sorcery speed (305.1)")
        self.log("305.1", f"{p} plays {o.name}")
        self.acted(p)                                    # 116.2a, 117.3c: a special action; its player gets priority
        return self.move(o, "battlefield", controller=p)

    def abilities_of(self, o):
        out = list(o.beh.activated)
        if o.zone == "hand":
            cyc = o.beh.extra.get("cycling")
            if cyc:                                   # 702.29a: "[cost], discard this card: draw a card"
                out.append(dict(cyc if isinstance(cyc, dict) else {"cost": cyc}, name="cycling", discard_self=True,
                                cycled=True, effects=[{"draw": 1}], targets=[]))
            for h in V.ABILITY_HOOKS:                 # e.g. typecycling 702.29e
                out += h(self, o)
            return [a for a in out if a.get("discard_self") or a.get("zone") == "hand"]
        eq = equip_ability(o)                         # 702.6a
        if eq is not None:
            out.append(eq)
        ol = outlast_ability(o)                       # 702.107a
        if ol is not None:
            out.append(ol)
        for h in V.ABILITY_HOOKS:                     # mechanics' abilities and special actions (e.g. morph)
            out += h(self, o)
        c = self.chars(o)
        for _, src, s in self._statics():             # layer 6: an ability granted by a static ability
            if s.get("grant_activated") and self._affects(src, s, o, c):
                out.append(s["grant_activated"])
        for b in c.abilities:                         # 113.1a: a granted quoted ability (layer 6)
            out.extend(b.activated)
        if "Land" in c.types:
            # 305.6: basic land types grant "{T}: Add [mana]"; other lands say theirs (land_mana).
            cols = [BASIC_MANA[s] for s in c.subtypes if s in BASIC_MANA]
            if o.beh.land_mana:
                cols.append(o.beh.land_mana)
            for col in cols:
                out.append({"name": f"mana {col}", "tap": True, "mana": True,
                            "effects": [{"add_mana": {"mana": col}}], "targets": []})
        return out

    def activate(self, p, o, ability=None, targets=None, x=None):
        abil = self.abilities_of(o)
        if not abil:
            raise IllegalAction(f"{o.name} has no activated ability")
        if ability is None:
            if len(abil) > 1:
                raise ScenarioError(None, None, f"{o.name} has {len(abil)} activated abilities: say `ability:`")
            idx = 0
        elif isinstance(ability, int):
            idx = ability - 1
            if not 0 <= idx < len(abil):
                raise ScenarioError(None, None, f"{o.name} has no ability {ability}")
        else:
            idx = next((i for i, a in enumerate(abil) if str(a.get("name", "")).startswith(str(ability))), None)
            if idx is None:
                raise ScenarioError(None, None, f"{o.name} has no ability named {ability!r}")
        a = abil[idx]
        from_hand = a.get("discard_self") and o.zone == "hand" and o.owner == p
        zone = a.get("zone") or ("graveyard" if a.get("exile_self_from_graveyard") else None)
        if zone is not None and zone != o.zone:           # 113.6: it works only from its zone
            raise IllegalAction(f"{o.name}: this ability works only while the card is in a {zone} (113.6)")
        elsewhere = zone is not None and zone == o.zone and o.owner == p      # e.g. unearth 702.84a
        if not from_hand and not elsewhere and (o.zone != "battlefield" or not may_activate(self, p, o, a)):
            raise IllegalAction(f"{p} doesn't control {o.name} on the battlefield (602.2)")
        c = self.chars(o)
        if o.zone == "battlefield" and not a.get("special") and "no_activated_abilities" in c.keywords:
            raise IllegalAction(f"{o.name}: its activated abilities can't be activated (602.5)")
        for check in V.ACTIVATION_CHECKS:              # 602.5: a rule or effect forbids activating it (702.61a)
            why = check(self, p, o, a)
            if why:
                raise IllegalAction(f"{o.name}: {why}")
        if not a.get("mana") and not a.get("special") and not self.is_instant_speed_ability(a, p):
            raise IllegalAction(f"{o.name}: this ability can be activated only at sorcery speed")
        if a.get("tap"):
            if o.tapped:
                raise IllegalAction(f"{o.name} is tapped: the {{T}} cost can't be paid (602.2b)")
            if "Creature" in c.types and o.since_turn == self.turn and "haste" not in c.keywords and \
                    o.since_turn > 0:
                raise IllegalAction(f"{o.name} has summoning sickness (302.6)")
        x, a_paid = announce_x(a, x, o.name)             # 602.2b / 601.2b: X is announced first (107.3)
        specs = V.expand_x(a.get("targets") or [], x)
        chosen = []
        self.phase = ("activation", f"{o.name}: {a.get('name')}")
        if specs:
            chosen = self.pick_targets(p, specs, targets, o, f"{o.name}: {a.get('name')}", x=x)
            if chosen is None:
                raise IllegalAction(f"{o.name}: no legal target (602.2b, 601.2c)")
        # costs (602.2h): the registered costs and restrictions (engine/game/costs.py), tap, sacrifice
        pay_costs(self, p, o, a_paid)
        if a.get("tap"):
            self.detect(set_tapped(self, [o], True))          # 602.2b: the {T} cost; 701.26a
        ab = StackAbility(self.next_oid, o, a, idx, p, None, "activated")
        self.next_oid += 1
        ab.targets, ab.x = chosen, x
        if a.get("sacrifice_other"):
            # 602.2b / 701.17a: "Sacrifice a Goblin" / "Sacrifice two Goblins" — that many, at once
            f = {k: v for k, v in a["sacrifice_other"].items() if k != "n"}
            n = a["sacrifice_other"].get("n", 1)
            cands = [x for x in self.bf if x.controller == p and x is not o and self.match(x, self.chars(x), f, o, p)]
            if len(cands) < n:
                raise IllegalAction(f"{o.name}: nothing to sacrifice for the cost (602.2b)")
            picked = []
            for _ in range(n):
                x = self.choose_card(p, [c for c in cands if c not in picked], f"{o.name}: sacrifice (cost)",
                                     by_object=True)
                picked.append(x)
            self.log("701.17a", f"{p} sacrifices {', '.join(x.name for x in picked)} as a cost")
            self.move_batch([(x, "graveyard", None) for x in picked])
            record_sacrificed(self, ab, picked)           # "the sacrificed creature" (608.2h)
        if a.get("pay_life"):
            self.life[p] -= int(a["pay_life"])         # 119.4: paying life is a cost
            self.log("119.4", f"{p} pays {a['pay_life']} life")
        if a.get("sacrifice_self"):
            self.log("701.17a", f"{p} sacrifices {o.name} as a cost")
            self.move(o, "graveyard")
        if a.get("special"):
            # 116.2b: a special action (e.g. turning a face-down permanent face up) doesn't use the stack
            self.log("116.2b", f"{p} takes the special action {a.get('name')} of {o.name}")
            self.do_effects(a.get("effects", []), Ctx(o, p, chosen, None, ab, x=x))
            self.acted(p)                                # 117.3c
            return None
        if a.get("mana"):
            # 605.3a: a mana ability resolves immediately; tapping for mana can trigger mana abilities.
            self.log("605.3a", f"{p} activates the mana ability of {o.name}")
            before = dict(self.pool[p])
            self.do_effects(a.get("effects", []), Ctx(o, p, chosen, None, ab, x=x))
            if a.get("tap"):
                # 605.1b: the event carries the mana the ability actually added (the symbols, "" for none)
                col = "".join(sym * (n - before.get(sym, 0)) for sym, n in self.pool[p].items() if n > before.get(sym, 0))
                self.detect([Event("tapped_for_mana", obj=o, player=p, color=col or None)])
            return None
        self.stack.append(ab)
        self.acted(p)                                    # 117.3c: the player who activated it receives priority
        if chosen:
            for hook in V.TARGETED_HOOKS:
                hook(self, ab, chosen)
        self.log("602.2", f"{p} activates {ab.label}" +
                 (f" targeting {', '.join(tname(x) for x in chosen)}" if chosen else ""))
        return ab

    def is_instant_speed_ability(self, a, p) -> bool:
        return a.get("speed") != "sorcery" or self.sorcery_timing(p)


V.static("flash_for", filters=("flash_for",), doc="cast those spells as though they had flash (702.8)")
V.static("play_lands_from_graveyard", doc="play lands from your graveyard (305.1)")
V.static("grant_activated", doc="layer 6: the affected objects have this activated ability")
V.keyword("flash", "702.8")
V.top_key("cycling", mana_or_costs,
          "702.29: activate from the hand: pay the cost (mana, or a cost mapping: \"Cycling—Pay 2 life\"), discard the "
          "card, draw a card")
