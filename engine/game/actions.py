"""Game actions effects use: damage (120) with prevention (615) and lifelink (702.15), life (119), draw (121),
scry (701.22)."""
from __future__ import annotations

from .. import vocabulary as V
from .mechanics.combat_triggers import combat_dealt_events
from .mechanics.doubling import multiplied
from .objects import Event, tname


_DEALT_EVENTS = frozenset({"deals_damage", "damage_player", "damage_opponent", "damage_you"})


def _one_event_per_recipient(events):
    """Damage dealt at the same time (510.2: all combat damage at once) is one event for each permanent dealt
    it, however many sources dealt it (603.2: "whenever this is dealt damage" triggers once; its amount is
    the total).  Other events are kept as they are."""
    out, seen = [], {}
    for ev in events:
        if ev.kind != "dealt_damage":
            out.append(ev)
            continue
        first = seen.get(ev.obj.oid)
        if first is None:
            seen[ev.obj.oid] = ev
            out.append(ev)
            continue
        first.amount = (first.amount or 0) + (ev.amount or 0)
        if first.source is not ev.source:
            first.source = None                # several sources: the event has no single one
    return out


class ActionsMixin:
    def deal_damage(self, items, combat=False):
        events = []
        lifelink: dict[int, list] = {}       # source → [source, damage dealt]: one life-gain event per source
        dealt: dict[tuple, list] = {}        # (source, player or None) → [source, player, total] (120.3, 603.2)
        pair = None                          # whether "deals damage to a creature" events are waited for
        pws = []                             # combat damage to planeswalkers (510.2)
        for src, tgt, n in items:
            if n <= 0 or tgt is None:
                continue
            sc = self.chars(src) if src is not None else None
            if not isinstance(tgt, str) and self._prevented(tgt) or \
                    any(f(self, src, tgt, combat) for f in V.PREVENTION_CHECKS):
                self.log("615.1", f"damage to {tname(tgt)} is prevented")
                continue
            for reduce in V.DAMAGE_REDUCERS:           # 615.7: prevention of part of the damage
                n = reduce(self, src, tgt, n, combat)
            if n <= 0:
                continue
            if isinstance(tgt, str):                   # "if an opponent was dealt damage this turn" (702.54a)
                self.history.add((self.turn, "player_damaged", tgt))
            if isinstance(tgt, str) and sc is not None and "infect" in sc.keywords:
                pc = self.pcounters[tgt]               # 702.90b / 120.3b: poison counters instead of life loss
                pc["poison"] = pc.get("poison", 0) + n
                self.log("702.90b", f"{tname(src)} deals {n} damage to {tgt} (poison counters)")
                if combat and src is not None:
                    events.append(Event("combat_damage_player", obj=src, player=tgt, amount=n))
            elif isinstance(tgt, str):
                self.life[tgt] -= n                    # 120.3a
                self.log("120.3a", f"{tname(src)} deals {n} damage to {tgt}")
                if combat and src is not None:
                    events.append(Event("combat_damage_player", obj=src, player=tgt, amount=n))
            else:
                if tgt.gone or tgt.zone != "battlefield":
                    continue
                tc = self.chars(tgt)
                if "Planeswalker" in tc.types:         # 120.3c: loyalty counters are removed
                    tgt.counters["loyalty"] = max(0, tgt.counters.get("loyalty", 0) - n)
                    self.touch()
                    if combat and src is not None:
                        pws.append((src, tgt, n))
                if sc is not None and {"infect", "wither"} & sc.keywords and "Creature" in tc.types:
                    from .mechanics.counter_replacements import add_counters    # (the mechanics load after)
                    add_counters(self, tgt, "-1/-1", n)     # 702.80a / 702.90c, 120.3d; replaceable (614.1a)
                elif "Creature" in tc.types or "Planeswalker" not in tc.types:
                    tgt.damage += n                    # 120.3e
                if sc is not None and "deathtouch" in sc.keywords:
                    tgt.deathtouch = True
                rule = "120.3c" if "Planeswalker" in tc.types and "Creature" not in tc.types else "120.3e"
                self.log(rule, f"{tname(src)} deals {n} damage to {tgt.name}")
                events.append(Event("dealt_damage", obj=tgt, amount=n, source=src))
                if src is not None and not src.is_ability and "Creature" in tc.types:  # "deals damage to a creature"
                    self.history.add((self.turn, "damaged_by", (src.card_no, tgt.card_no)))   # "dealt damage by ~"
                    if pair is None:
                        pair = self.watch_pair_events
                    if pair:
                        events.append(Event("combat_damage_to_creature" if combat else "damage_to_creature",
                                            obj=src, source=tgt, amount=n, player=src.controller))
            if src is not None:
                dealt.setdefault((src.oid, None), [src, None, 0])[2] += n
                if isinstance(tgt, str):
                    dealt.setdefault((src.oid, tgt), [src, tgt, 0])[2] += n
            if sc is not None and "lifelink" in sc.keywords:
                lifelink.setdefault(src.oid, [src, 0])[1] += n
        for src, n in lifelink.values():     # 702.15b; 119.10: a source's simultaneous damage is one life gain
            self.gain_life(src.controller, n, " (lifelink)")
        # "whenever ~ deals damage" (once per source, the total) / "… deals damage to a player" (combat or not):
        # only made when a permanent has such a trigger (nothing else reads them)
        if dealt and any(t["event"] in _DEALT_EVENTS for o in self.bf for t in o.beh.triggers):
            events += [Event("damage_player" if p else "deals_damage", obj=src, player=p, amount=n)
                       for src, p, n in dealt.values()]
        if combat and dealt:                 # "whenever ~ deals combat damage" (510.2; granted triggers too)
            events += combat_dealt_events(dealt, pws)
        self.detect(_one_event_per_recipient(events))

    def _prevented(self, tgt) -> bool:
        """615: a static "prevent all damage that would be dealt to …" effect."""
        for x in self.bf:
            for s in x.beh.statics:
                f = s.get("prevent_damage_to")
                if f is not None and self.match(tgt, self.chars(tgt), f, x, x.controller):
                    return True
        return False

    def draw(self, p, n):
        for _ in range(n):
            lib = self.pz[p]["library"]
            if not lib:
                self.drew_empty.add(p)
                self.log("121.4", f"{p} can't draw from an empty library")
                continue
            if any(f(self, p) for f in V.DRAW_REPLACEMENTS):    # 614.1a: e.g. dredge (702.52a)
                continue
            o = lib[0]
            new = self.move(o, "hand")
            key = (self.turn, p)
            self.draws[key] = self.draws.get(key, 0) + 1
            self.log("121.1", f"{p} draws a card")
            self.detect([Event("draw", obj=new, player=p, amount=self.draws[key])])

    def scry(self, p, n):
        """701.22a: look at the top N cards, put any number on the bottom in any order."""
        lib = self.pz[p]["library"]
        look = lib[:n]
        if not look:
            return
        if len({o.name for o in look}) == 1 and len(lib) == len([o for o in lib if o.name == look[0].name]):
            e = self._take(p, ("scry",))     # indistinguishable outcomes: no answer needed, but use one
            self.log("701.22a", f"{p} scries {n}")
            return
        e = self._take(p, ("scry",))
        if e is None:
            if not self.strict:
                self.log("701.22a", f"{p} scries {n} (keeps on top)")
                return
            self._need(p, "scry", f"scry {n}: looking at {[o.name for o in look]}")
        bottom_names = list((e[1] or {}).get("bottom") or [])
        bottom = []
        for name in bottom_names:
            for o in look:
                if o.name == self.resolve_name(name) and o not in bottom:
                    bottom.append(o)
                    break
        for o in bottom:
            lib.remove(o)
            lib.append(o)
        self.order_top(lib, [o for o in look if o not in bottom], (e[1] or {}).get("top"))   # "the rest on top in any order"
        self.log("701.22a", f"{p} scries {n}, {len(bottom)} to the bottom")

    def order_top(self, lib, kept, names) -> None:
        """701.22a / 701.25a: the looked-at cards put back on top in the order the player chose — the answer's
        ``top`` names, first named on top (a card it does not name keeps its place after them)."""
        if not names or not kept or lib[:len(kept)] != kept:
            return
        order = []
        for name in names:
            o = next((x for x in kept if x.name == self.resolve_name(name) and x not in order), None)
            if o is not None:
                order.append(o)
        lib[:len(kept)] = order + [o for o in kept if o not in order]

    def can_gain_life(self, p) -> bool:
        """119.7: an effect may say a player can't gain life (e.g. "your opponents can't")."""
        for o in self.bf:
            for s in o.beh.statics:
                if s.get("no_life_gain") == "opponents" and o.controller != p:
                    return False
        return True

    def gain_life(self, p, k, why=""):
        if not self.can_gain_life(p):
            self.log("119.7", f"{p} can't gain life")
            return
        k = multiplied(self, "life_gain_multiplier", p, k)               # e.g. Boon Reflection (614.1a)
        self.life[p] += k
        self.log("119.3" if not why else "702.15b", f"{p} gains {k} life{why}")
        if k > 0:
            self.detect([Event("gain_life", player=p, amount=k)])


V.static("prevent_damage_to", filters=("prevent_damage_to",), doc="prevent all damage dealt to those (615)")
V.static("no_life_gain", doc="those players can't gain life (119.7)")
V.keyword("deathtouch", "702.2")
V.keyword("lifelink", "702.15")
V.keyword("infect", "702.90")
V.keyword("wither", "702.80")
