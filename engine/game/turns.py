"""Turns, steps and priority (500-514): turn-based actions, mana emptying (500.4), cleanup (514)."""
from __future__ import annotations

from .. import vocabulary as V
from ..errors import EngineError, IllegalAction, ScenarioError
from .mechanics.player_effects import next_player
from .mechanics.tapping import set_tapped
from .objects import ACTIVE, NO_PRIORITY, STEP_RULES, STEPS, Event


class TurnsMixin:
    def begin_step(self):
        """Turn-based actions at the start of the current step, then beginning-of-step triggers."""
        self.step_started = True
        st = self.step
        self.log(STEP_RULES[st], f"turn {self.turn} ({self.active}): {st} step begins")
        for hook in V.STEP_HOOKS:                      # e.g. delayed triggered abilities (603.7)
            hook(self, st)
        self.passes = 0
        if st == "untap":
            self.detect(set_tapped(self, [o for o in self.bf if o.controller == self.active and o.tapped   # 502.3
                                          and not any(f(self, o) for f in V.UNTAP_CHECKS)], False))
            self.priority = None                       # 502.4: no player receives priority in the untap step
            return
        if st == "upkeep":
            self.detect([Event("upkeep", player=self.active)])
        elif st == "draw":
            if any(s.get("skip_step") == "draw" and x.controller == self.active for _, x, s in self._statics()):
                self.log("614.1b", f"{self.active} skips the draw step")       # "skip your draw step"
            else:
                self.draw(self.active, 1)              # 504.1
        elif st == "declare_attackers":
            opp = self.opponents(self.active)
            if opp:
                self._declare([], opp[0])
        elif st == "combat_damage":
            self.combat_damage()
        elif st == "begin_combat":
            self.detect([Event("begin_combat", player=self.active)])
        elif st == "end":
            self.detect([Event("end_step", player=self.active)])
        elif st == "cleanup":
            self.cleanup()
            # 514.3: no player receives priority in the cleanup step — 514.3a: unless a state-based action is
            # performed or an ability triggers during it; then the active player receives priority
            acted = self.sba() or bool(self.pending)
            if acted:
                self.settle()
            self.priority = self.active if acted else None
            return
        self.settle()
        self.priority = self.active                    # 117.3a: the active player receives priority at a step's start

    def holder(self):
        """Who receives priority now (117.3): a player, or None in a step without priority (502.4, 514.3)."""
        return self.active if self.priority == ACTIVE else self.priority

    def acted(self, p):
        """117.3c: a player who casts a spell, activates an ability or takes a special action receives priority
        afterward; 117.4: the passes in succession start over."""
        self.priority, self.passes = p, 0

    def pass_priority(self):
        """117.3d: the player with priority passes; the next player in turn order receives it.  117.4: when all
        players pass in succession, the top object of the stack resolves (the active player then receives priority,
        117.3b) or, the stack empty, the step ends (500.2) and the next begins."""
        p = self.holder()
        if p is None:
            raise IllegalAction(f"no player has priority in the {self.step} step (502.4, 514.3)")
        self.log("117.3d", f"{p} passes priority")
        self.passes += 1
        if self.passes < len(self.players):
            self.priority = self.players[(self.players.index(p) + 1) % len(self.players)]
            return
        self.passes = 0
        if self.stack:
            self.log("117.4", "all players passed in succession: the top object resolves")
            self.resolve_top()
            return
        self.log("500.2", f"all players passed in succession with the stack empty: the {self.step} step ends")
        self.next_step()
        self.begin_step()
        while self.holder() is None:                   # a step without priority ends once its actions are done
            self.next_step()
            self.begin_step()

    def end_step(self):
        for p in self.players:
            keep = any(x.controller == p and s.get("mana_becomes_colorless") for x in self.bf for s in x.beh.statics)
            total = sum(self.pool[p].values())
            # 500.4: mana empties between steps — unless an effect says it becomes colorless instead (614)
            self.pool[p] = {"C": total} if keep and total else {}
        if self.step == "end_combat":
            self.attackers.clear()                     # 511.3
            self.blockers.clear()
            self.blocked.clear()
            if self.has_conditional_statics:
                self.touch()                           # "as long as it's attacking" no longer holds

    def cleanup(self):
        """514.2: damage wears off and "until end of turn" effects end."""
        for o in self.bf:
            o.damage = 0
            o.deathtouch = False
        self.effects[:] = [e for e in self.effects if e.get("until_turn_of") or e.get("while")]   # 611.2b lasts longer
        for hook in V.CLEANUP_HOOKS:                   # e.g. control changes until end of turn
            hook(self)
        self.touch()
        self.log("514.2", "damage removed, until-end-of-turn effects end")

    def next_step(self):
        self.end_step()
        i = STEPS.index(self.step)
        if i + 1 < len(STEPS):
            self.step = STEPS[i + 1]
        else:
            self.turn += 1
            self.step = STEPS[0]
            if self.extra_turns:                       # 500.7: an extra turn is taken directly after this one
                self.active = self.extra_turns.pop()
                self.log("500.7", f"{self.active} takes an extra turn")
            else:
                self.active = next_player(self, self.active)       # 614.10: skipped turns are passed over
            self.lands_played = 0
        self.step_started = False

    def ensure_started(self):
        if not self.step_started:
            self.begin_step()

    def advance(self, turn, step, priority=False):
        target = (turn, STEPS.index(step))
        if target < (self.turn, STEPS.index(self.step)):
            raise ScenarioError(None, None, f"advance: turn {turn} {step} is in the past "
                                            f"(now turn {self.turn} {self.step})")
        guard = 0
        while (self.turn, STEPS.index(self.step)) != target:
            guard += 1
            if guard > 200:
                raise EngineError("advance did not reach its step")
            self.ensure_started()
            self.resolve_all()                         # players pass in succession: the stack resolves
            self.next_step()
        if priority:
            self.ensure_started()
            self.settle()


V.static("skip_step", doc="614.1b: `draw` — the controller skips their draw step (no card is drawn, 504.1)")
V.STATIC_CHECKS["skip_step"] = lambda v, c: "" if v == "draw" else repr(v)
V.static("mana_becomes_colorless", doc="unspent mana becomes colorless instead of emptying (500.4, 614)")
