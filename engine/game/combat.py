"""Combat (506-511): attackers (508), blockers (509) with evasion, combat damage (510) with first strike (702.7)."""
from __future__ import annotations

from .. import vocabulary as V
from ..errors import IllegalAction
from .mechanics.combat_damage import as_though_unblocked, combat_amount
from .mechanics.combat_triggers import attack_event, unblocked_events
from .mechanics.tapping import set_tapped
from .objects import STEPS, Event


class CombatMixin:
    def declare_attackers(self, attackers, defender):
        if STEPS.index(self.step) > STEPS.index("declare_attackers") or \
                (self.step == "declare_attackers" and self.step_started):
            raise IllegalAction("attackers can only be declared at the beginning of the declare attackers step")
        self.advance(self.turn, "declare_attackers")
        self.step_started = True
        self._declare(attackers, defender)

    def defending_player(self, oid):
        """506.2: the player a creature attacks, or the controller of the planeswalker it attacks (None when it is
        not attacking)."""
        d = self.attackers.get(oid)
        return d if d is None or isinstance(d, str) else d.controller

    def _attacked_walker(self, defender) -> None:
        """508.1b: an attacked planeswalker is one an opponent of the active player controls (506.3)."""
        if isinstance(defender, str):
            return
        if "Planeswalker" not in self.chars(defender).types or defender.zone != "battlefield" or \
                defender.controller == self.active:
            raise IllegalAction(f"{defender.name} is not a planeswalker an opponent controls (508.1b)")

    def _must_attack(self, chosen):
        """508.1d: creatures that attack each combat if able are added when they can attack."""
        out = list(chosen)
        for o in self.bf:
            c = self.chars(o)
            if o.controller == self.active and {"attacks_each_combat", "attacks_blocks_each_combat"} & c.keywords and o not in out and \
                    "Creature" in c.types and not o.tapped and \
                    not (o.since_turn == self.turn and o.since_turn > 0 and "haste" not in c.keywords):
                out.append(o)
        return out

    def _declare(self, attackers, defender):
        attackers = self._must_attack(attackers)
        if not attackers:
            return
        self._attacked_walker(defender)
        self.log("508.1", f"{self.active} attacks with {', '.join(o.name for o in attackers)}")
        if len(attackers) == 1 and "cant_attack_alone" in self.chars(attackers[0]).keywords:
            raise IllegalAction(f"{attackers[0].name} can't attack alone")
        events = []
        for o in attackers:
            c = self.chars(o)
            if o.zone != "battlefield" or "Creature" not in c.types:
                raise IllegalAction(f"{o.name} is not a creature on the battlefield (508.1a)")
            if o.controller != self.active:
                raise IllegalAction(f"{o.name} is not controlled by the active player (508.1a)")
            if o.tapped:
                raise IllegalAction(f"{o.name} is tapped and can't attack (508.1a)")
            if o.since_turn == self.turn and "haste" not in c.keywords and o.since_turn > 0:
                raise IllegalAction(f"{o.name} has summoning sickness (302.6)")
            for check in V.ATTACK_CHECKS:                  # e.g. defender 702.3b
                why = check(self, o, c)
                if why:
                    raise IllegalAction(f"{o.name} can't attack ({why})")
            self.attackers[o.oid] = defender
            if "vigilance" not in c.keywords:
                events += set_tapped(self, [o], True)  # 508.1f
            for hook in V.ATTACK_HOOKS:                # choices made as it attacks (exert, 701.39a)
                events += hook(self, o)
            events.append(Event("attacks", obj=o, player=defender))
        if self.has_conditional_statics:
            self.touch()                               # "as long as it's attacking" (611.3) now holds
        if len(attackers) == 1:                        # 506.5: it attacks alone
            events.append(Event("attacks_alone", obj=attackers[0], player=defender))
        events.append(attack_event(self, attackers, defender))     # "whenever you attack" (508.3a)
        self.detect(events)                            # 508.3a
        self.settle()

    def declare_blockers(self, pairs):
        if self.step == "declare_attackers":
            self.resolve_all()
            self.next_step()
        if self.step != "declare_blockers":
            raise IllegalAction("blockers can only be declared in the declare blockers step")
        self.step_started = True
        for b, atts in pairs:                          # 509.1a/509.1b: every block is checked before any is made
            c = self.chars(b)
            if b.zone != "battlefield" or "Creature" not in c.types or b.tapped:
                raise IllegalAction(f"{b.name} can't block (509.1a)")
            for a in atts:
                why = self.block_problem(b, c, a, self.chars(a))
                if why:
                    raise IllegalAction(why)
        declared = {b.oid: [a.oid for a in atts] for b, atts in pairs}
        for check in V.BLOCKS_DECLARED_CHECKS:         # 509.1b restrictions on the whole block, 509.1c requirements
            why = check(self, declared)
            if why:
                raise IllegalAction(why)
        for a in {a for _, atts in pairs for a in atts}:    # 702.111b menace: two or more blockers
            if "menace" in self.chars(a).keywords and sum(a.oid in v for v in declared.values()) < 2:
                raise IllegalAction(f"{a.name} has menace and can't be blocked except by two or more creatures")
        for b, atts in pairs:
            self.blocked.update(a.oid for a in atts)
            self.blockers[b.oid] = [a.oid for a in atts]
            self.log("509.1", f"{b.name} blocks {', '.join(a.name for a in atts)}")
        byid = {o.oid: o for o in self.bf}
        pair_events = [] if not self.watch_pair_events else [
                       e for b, atts in pairs for a in atts          # 509.3a/509.3c: "blocks a creature",
                       for e in (Event("blocks_pair", obj=b, source=a, player=b.controller),   # "becomes blocked
                                 Event("blocked_by_pair", obj=a, source=b, player=a.controller))]  # by a creature"
        self.detect([Event("blocks", obj=b, player=b.controller) for b, _ in pairs] +      # 509.3a
                    [Event("becomes_blocked", obj=byid[a]) for a in sorted(self.blocked) if a in byid] + pair_events +  # 509.3c
                    unblocked_events(self))                                                         # 509.1h
        self.settle()

    def block_problem(self, b, c, a, ac) -> str:
        """509.1a/509.1b: why blocker ``b`` can't block attacker ``a`` ("" if it can)."""
        if a.oid not in self.attackers:
            return f"{a.name} is not attacking"
        if "flying" in ac.keywords and not ({"flying", "reach"} & c.keywords):
            return f"{b.name} can't block {a.name}, which has flying (702.9b)"
        if "unblockable" in ac.keywords:
            return f"{a.name} can't be blocked"
        if "cant_block" in c.keywords:
            return f"{b.name} can't block"
        for check in V.BLOCK_CHECKS:               # e.g. fear 702.36b, protection 702.16e
            why = check(self, b, c, a, ac)
            if why:
                return f"{b.name} can't block {a.name} ({why})"
        for _, x, s in self._statics():            # "can't be blocked by …" (509.1b; "as long as" 611.3)
            br = s.get("block_restriction")
            if br and self.match(a, ac, br["attacker"], x, x.controller) and \
                    self.match(b, c, br["blocker"], x, x.controller):
                return f"{b.name} can't block {a.name} ({x.name})"
        if "intimidate" in ac.keywords and "Artifact" not in c.types and not set(ac.colors) & set(c.colors):
            return f"{b.name} can't block {a.name}, which has intimidate (702.13b)"
        return ""

    def combat_damage(self):
        """510: combat damage; a first-strike damage step first if any combatant has first/double strike."""
        byid = {o.oid: o for o in self.bf}
        combatants = [byid[i] for i in list(self.attackers) + list(self.blockers) if i in byid]
        fs = any({"first_strike", "double_strike"} & self.chars(o).keywords for o in combatants)
        if fs:
            # 702.4b: the second step's damage is dealt by the combatants that had neither first strike nor double
            # strike as the first step began, or that have double strike now (702.4c: one that lost double strike
            # deals none; 702.4d: one given it after dealing first-strike damage deals again)
            had = {o.oid for o in combatants if {"first_strike", "double_strike"} & self.chars(o).keywords}
            self._damage_pass(lambda kw, oid: bool({"first_strike", "double_strike"} & kw))
            self.settle()
            self.resolve_all()
            self._damage_pass(lambda kw, oid: oid not in had or "double_strike" in kw)
        else:
            self._damage_pass(lambda kw, oid: True)

    def _dealing(self, ids, byid, deals):
        """The combatants among ``ids`` still on the battlefield that deal damage in this pass (510.1):
        ``deals(keywords, oid)``."""
        for i in ids:
            o = byid.get(i)
            if o is not None:
                c = self.chars(o)
                if deals(c.keywords, i):
                    yield i, o, c

    def _damage_pass(self, deals):
        byid = {o.oid: o for o in self.bf}
        items = []
        for aid, a, ac in self._dealing(self.attackers, byid, deals):
            defender = self.attackers[aid]
            blockers = [byid[b] for b, atts in self.blockers.items() if aid in atts and b in byid]
            if aid in self.blocked and not as_though_unblocked(self, a, ac):
                left = combat_amount(ac)
                trample = "trample" in ac.keywords
                for i, b in enumerate(blockers):       # 510.1c: lethal damage in order, rest to the last
                    bc = self.chars(b)
                    lethal = 1 if "deathtouch" in ac.keywords else max(0, bc.toughness - b.damage)
                    n = left if (i == len(blockers) - 1 and not trample) else min(left, lethal)
                    items.append((a, b, n))
                    left -= n
                if trample and left > 0:               # 702.19b: the rest may go to the player
                    items.append((a, defender, left))
            else:
                items.append((a, defender, combat_amount(ac)))
        for bid, b, bc in self._dealing(self.blockers, byid, deals):
            atts = self.blockers[bid]
            targets = [byid[x] for x in atts if x in byid]
            left = combat_amount(bc)
            for i, a in enumerate(targets):            # 510.1d: a blocker of several attackers divides its damage
                ac = self.chars(a)
                lethal = 1 if "deathtouch" in bc.keywords else max(0, ac.toughness - a.damage)
                n = left if i == len(targets) - 1 else min(left, lethal)
                items.append((b, a, n))
                left -= n
        self.log("510.2", "combat damage is dealt simultaneously")
        self.deal_damage(items, combat=True)


V.static("block_restriction", filters=("attacker", "blocker"), doc="those attackers can't be blocked by those blockers")
for _kw, _rule in (("flying", "702.9"), ("reach", "702.17"), ("vigilance", "702.20"), ("haste", "702.10"),
                   ("first_strike", "702.7"), ("double_strike", "702.4"), ("trample", "702.19"),
                   ("menace", "702.111"), ("intimidate", "702.13"), ("unblockable", "509.1b"),
                   ("cant_block", "509.1a"), ("cant_attack_alone", "508.1c"), ("attacks_each_combat", "508.1d")):
    V.keyword(_kw, _rule)
