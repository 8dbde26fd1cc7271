"""Triggered abilities (603): detection, look-back (603.10), intervening if (603.4), APNAP (603.3b), state
triggers (603.8); the trigger events and conditions."""
from __future__ import annotations

from .. import vocabulary as V
from ..errors import EngineError, IllegalAction
from .objects import Event, StackAbility, label_matches, tname


class TriggersMixin:
    @property
    def watch_etb_triggers(self) -> bool:
        return any(t["event"] == "etb_ability_triggered" for o in self.bf for t in o.beh.triggers)

    @property
    def watch_pair_events(self) -> bool:
        """Whether an ability on the battlefield waits for an event with a second object ("blocks a creature",
        "deals damage to a creature"): those events are made only then (nothing else reads them)."""
        if any(t["event"] in V.PAIR_EVENTS for o in self.bf for t in o.beh.triggers):
            return True
        if not any(_grants_ability(s) for o in self.bf for s in o.beh.statics):
            return False                       # no granted triggered ability could wait for them (113.1a)
        return any(t["event"] in V.PAIR_EVENTS for o in self.bf for _, t in self.triggers_of(o))

    @property
    def has_conditional_statics(self) -> bool:
        """Whether a static ability on the battlefield applies only while a condition holds (611.3)."""
        return any("if" in s for o in self.bf for s in o.beh.statics)

    @property
    def has_state_triggers(self) -> bool:
        """603.8: whether a permanent has a state trigger (kept until a permanent enters or leaves, or a touch)."""
        v = self._state_trig
        if v is None:
            v = self._state_trig = any(t["event"] == "state" for o in self.bf for t in o.beh.triggers)
        return v

    def detect(self, events, before=None):
        if not events:
            return
        kinds = frozenset([ev.kind for ev in events])
        for w in V.watchers_for(V.EVENT_WATCHERS, kinds):  # e.g. "if a creature died this turn" (turn_history)
            w(self, events)
        after = list(self.bf)
        seen_batch = set()
        suppressors, multipliers = V.TRIGGER_SUPPRESSORS, V.TRIGGER_MULTIPLIERS
        for ev in events:
            leave = ev.kind == "zone" and ev.frm == "battlefield"
            sources = before if (leave and before is not None) else after
            if ev.kind in _GRAVEYARD_PHASES:       # "at the beginning of your upkeep, return ~ from your graveyard"
                sources = sources + [o for p in self.players for o in self.pz[p]["graveyard"]
                                     if any(t.get("source_zone") == "graveyard" for t in o.beh.triggers)]
            if ev.kind == "cast" and ev.obj is not None and ev.obj.zone == "stack":
                sources = sources + [ev.obj]       # 113.6 / 601.2i: "when you cast this spell" works on the stack
            subj = ev.subject()
            if subj is not None and not subj.is_ability:
                sc = self.chars(subj)
            else:
                sc = None
            # 603.2 hooks (mechanics/trigger_mods.py): the event causes no abilities to trigger.
            if suppressors and _any_hook(suppressors, self, ev, subj, sc, sources, None):
                continue
            for src in sources:
                in_gy = src.zone == "graveyard"
                for idx, t in self.triggers_of(src):
                    if src.zone == "stack" and t["event"] != "cast_self":
                        continue                   # a spell's other abilities work once it is a permanent (113.6)
                    if in_gy != ("source_zone" in t and t["source_zone"] == "graveyard"):
                        continue                   # 113.6k: an ability that works only in the graveyard
                    if not self._trigger_matches(t, ev, src, subj, sc):
                        continue
                    if suppressors and _any_hook(suppressors, self, ev, subj, sc, sources, src):
                        continue
                    if "if" in t and not self.condition(t["if"], src, src.controller, ev):
                        self.log("603.4", f"{src.name}: {t['name']} does not trigger (condition false)")
                        continue
                    key = (src.oid, idx)
                    if t.get("batch"):
                        if key in seen_batch:
                            continue
                        seen_batch.add(key)
                    if t.get("once_per_turn"):
                        # "triggers only once each turn": a limit no additional-trigger effect overrides
                        # (101.2 'can't beats can'; see 603.2d).
                        okey = (src.card_no, src.oid, idx, self.turn)
                        if okey in self.once:
                            self.log("603.2h", f"{src.name}: {t['name']} already triggered this turn")
                            continue
                        self.once.add(okey)
                        times = 1
                    else:               # 603.2c: "whenever a counter is put on ~": once per counter of the event
                        times = ev.amount if "each_counter" in t else 1
                        for m in multipliers:
                            times += m(self, ev, src, subj, sc, sources)
                    for i in range(times):
                        self._trigger(src, t, idx, ev, extra=i > 0)
        if self.has_state_triggers:
            self.state_triggers()          # 603.8: a state trigger triggers as soon as its state holds (mid-resolution too)

    def triggers_of(self, src):
        """(index, trigger) of an object's triggered abilities: its own, then those granted to it (113.1a,
        layer 6; a gone object's as it last existed, 603.10a).  Kept per object while its characteristics and
        behaviour are the same objects (the characteristics are computed again after any change, a touch)."""
        if src.is_ability:
            return list(enumerate(src.beh.triggers))
        c = self.chars(src)
        hit = self._trig_memo.get(src.oid)
        if hit is not None and hit[0] is c and hit[1] is src.beh:
            return hit[2]
        own = list(enumerate(src.beh.triggers))
        self._trig_memo[src.oid] = (c, src.beh, own)
        for j, b in enumerate(c.abilities):
            own.extend((1000 * (j + 1) + i, t) for i, t in enumerate(b.triggers))
        if c.keywords and not c.keywords.issubset(src.beh.keywords):
            # 613.1f: a keyword that stands for a triggered ability, granted (not printed): its trigger is the
            # object's while it has the keyword (numbered keywords read their number from the card: not granted)
            for k in c.keywords.difference(src.beh.keywords):
                ts = _granted_keyword_triggers(k)
                if ts:
                    own.extend((_GRANTED_BASE + 100 * ts[0] + i, t) for i, t in enumerate(ts[1]))
        return own

    def _event_kinds(self, ev, sc) -> tuple:
        if ev.kind == "zone":
            if ev.to == "battlefield":
                return ("enters",)
            if ev.frm == "battlefield":
                if ev.to == "graveyard" and sc is not None and "Creature" in sc.types:
                    return ("dies", "leaves")
                return ("leaves",)
            return ()
        return (ev.kind,)

    def _trigger_matches(self, t, ev, src, subj, sc) -> bool:
        match = V.EVENTS.get(t["event"])
        if match is None:
            raise EngineError(f"unknown trigger event {t['event']!r}")
        if not match(self, t, ev, src, subj, sc):
            return False
        if t.get("with_at_least_others") and len(self.attackers) - 1 < t["with_at_least_others"]:
            return False                       # battalion: "~ and at least N other creatures attack" (508.3a)
        f = t.get("object")
        if f is not None and subj is not None:
            if not self.match(subj, sc, f, src, src.controller, ev):
                return False
        return True

    def _trigger(self, src, t, idx, ev, extra=False):
        a = StackAbility(self.next_oid, src, t, idx, src.controller, ev, "trigger")
        self.next_oid += 1
        self.triggered.append((src.name, t.get("name", ""), t["event"], src.ordinal))
        if len(self.triggered) > self.max_triggers:
            raise EngineError(f"runaway trigger loop: more than {self.max_triggers} abilities triggered "
                              f"(last: {a.label})")
        self.log("603.2" + ("d" if extra else ""), f"{a.label} triggers" + (" (additional time)" if extra else ""))
        if t.get("mana"):
            # 605.1b/605.4a: a triggered mana ability resolves immediately, without using the stack.
            self.log("605.4a", f"{a.label} is a mana ability and resolves immediately")
            self.resolve_ability(a)
            return
        self.pending.append(a)
        if ev.kind == "zone" and ev.to == "battlefield" and self.watch_etb_triggers:
            # for abilities that trigger on "a permanent entering causes a triggered ability to trigger"
            self.detect([Event("etb_ability_triggered", obj=a, player=a.controller)])

    def put_triggers(self):
        """603.3b: APNAP — each player puts their triggered abilities on the stack in the order they choose."""
        pend, self.pending = self.pending, []
        for p in self.apnap():
            mine = [a for a in pend if a.controller == p]
            if not mine:
                continue
            if len({(a.source.oid, a.index) for a in mine}) > 1:
                mine = self._order(p, mine)
            for a in mine:
                self.phase = ("stack", a.label)
                if a.spec.get("modes"):
                    a.spec = self._trigger_mode(p, a)
                specs = a.spec.get("targets") or []
                if specs:
                    chosen = self.pick_targets(p, specs, None, a.source, a.label, ability=a)
                    if chosen is None:
                        self.log("603.3d", f"{a.label} has no legal target and is removed from the stack")
                        continue
                    a.targets = chosen
                self.stack.append(a)
                if a.targets:
                    for hook in V.TARGETED_HOOKS:
                        hook(self, a, a.targets)
                self.log("603.3b", f"APNAP: {p} puts {a.label} on the stack" +
                         (f" targeting {', '.join(tname(x) for x in a.targets)}" if a.targets else ""))
        self.phase = ("", "")

    def _trigger_mode(self, p, a):
        """700.2b / 603.3c: the controller chooses the mode of a modal triggered ability as it is put on the
        stack (answer `choose: {mode: N}`, 1-based); the ability is then that mode (its targets, its effects)."""
        modes = a.spec["modes"]["modes"]
        v = self.answer(p, "mode", f"{a.label}: mode 1-{len(modes)}", 1) if len(modes) > 1 else 1
        if not (isinstance(v, int) or str(v).isdigit()) or not 1 <= int(v) <= len(modes):
            raise IllegalAction(f"{a.label}: mode {v!r} is not one of 1-{len(modes)} (700.2)")
        self.log("700.2b", f"{a.label}: {p} chooses mode {v}")
        m = modes[int(v) - 1]
        return dict(a.spec, modes=None, targets=m.get("targets") or [], effects=m.get("effects") or [])

    def _order(self, p, mine):
        e = self._take(p, ("order",))
        if e is None:
            if not self.strict:
                return mine
            self._need(p, "order", "order of triggered abilities " + ", ".join(a.label for a in mine))
        rest = list(mine)
        out = []
        for label in e[1]:
            for a in rest:
                if label_matches(label, a, self):
                    out.append(a)
                    rest.remove(a)
                    break
            else:
                raise IllegalAction(f"order: {label} names no waiting triggered ability of {p}")
        return out + rest

    def condition(self, cond, src, ctrl, ev) -> bool:
        """All keys of a CONDITION hold (conditions registered below and in mechanics)."""
        for k, v in cond.items():
            entry = V.CONDITIONS.get(k)
            if entry is None:
                raise EngineError(f"unknown condition {k!r}")
            if not entry[0](self, v, src, ctrl, ev):
                return False
        return True

    def state_triggers(self):
        """603.8: a state trigger triggers whenever its condition is true, but not again while it is on the
        stack (or waiting to be put there)."""
        waiting = {(a.source.oid, a.index) for a in list(self.stack) + self.pending if a.is_ability}
        for o in list(self.bf):
            for idx, t in enumerate(o.beh.triggers):
                if t["event"] == "state" and (o.oid, idx) not in waiting and \
                        self.condition(t.get("if", {}), o, o.controller, None):
                    self._trigger(o, t, idx, Event("state", obj=o))


def _grants_ability(s) -> bool:
    """Whether a static ability grants a quoted ability (113.1a: `{ability: …}` in a grant list)."""
    for part in (s, s.get("enchanted"), s.get("equipped")):
        if isinstance(part, dict) and any(isinstance(x, dict) for x in part.get("grant") or ()):
            return True
    return False


_GRAVEYARD_PHASES = frozenset({"upkeep", "end_step", "begin_combat", "cycle"})


def _any_hook(hooks, *args) -> bool:
    for h in hooks:
        if h(*args):
            return True
    return False


# ---------------------------------------------------------------------------- trigger events (603.2)
@V.event("enters")
def _enters(g, t, ev, src, subj, sc):
    """603.6a: an object enters the battlefield (`object` filters it, as it is after entering)."""
    return ev.kind == "zone" and ev.to == "battlefield"                  # 603.6a


@V.event("dies")
def _dies(g, t, ev, src, subj, sc):
    """700.4: "dies" = put into a graveyard from the battlefield (a creature, as it last existed, 603.10a)."""
    return ev.kind == "zone" and ev.frm == "battlefield" and ev.to == "graveyard" and "Creature" in sc.types


@V.event("dies_any")
def _dies_any(g, t, ev, src, subj, sc):
    """700.4 for any permanent: "is put into a graveyard from the battlefield"."""
    return ev.kind == "zone" and ev.frm == "battlefield" and ev.to == "graveyard"


@V.event("leaves")
def _leaves(g, t, ev, src, subj, sc):
    """603.6c: a permanent leaves the battlefield (looked back at, 603.10a)."""
    return ev.kind == "zone" and ev.frm == "battlefield"                 # 603.6c, 603.10a


def _players_event(kind, doc):
    def match(g, t, ev, src, subj, sc):
        if ev.kind != kind:
            return False
        whose = t.get("whose", "you")
        if whose == "you" and ev.player != src.controller:
            return False
        if whose == "opponent" and ev.player == src.controller:
            return False
        if whose == "enchanted_controller":     # 303.4: "the upkeep of enchanted creature's controller"
            host = next((o for o in g.bf if not src.gone and o.oid == src.attached_to), None)
            if host is None or ev.player != host.controller:
                return False
        return not (src.zone != t.get("source_zone", "battlefield") or src.gone)
    match.__doc__ = doc + (" `whose: you|opponent|each|enchanted_controller` (the controller of the permanent the source is attached to, 303.4); the source must be on the battlefield (`source_zone: "
                           "graveyard`: in its owner's graveyard, 113.6k).")
    return match


for _kind, _doc in (("upkeep", "503.1: the beginning of an upkeep."), ("end_step", "513.1: the beginning of an end step."),
                    ("begin_combat", "507.1: the beginning of combat."), ("gain_life", "119.9: a player gains life."),
                    ("draw", "121.1: a player draws a card (`event:amount` = cards drawn this turn).")):
    V.event(_kind)(_players_event(_kind, _doc))


def _same_kind(kind, doc):
    def match(g, t, ev, src, subj, sc):
        return ev.kind == kind
    match.__doc__ = doc
    return match


for _kind, _doc in (("attacks", "508.3a: a creature is declared as an attacker."),
                    ("cast", "601.2i: a spell is cast (`object` filters the spell)."),
                    ("dealt_damage", "120.3: a permanent is dealt damage (`event:amount`)."),
                    ("combat_damage_player", "510.2: a creature deals combat damage to a player."),
                    ("tapped_for_mana", "605.1b: a permanent is tapped for mana (triggered mana abilities)."),
                    ("state", "603.8: a state trigger; `if` is the state condition."),
                    ("etb_ability_triggered", "a permanent entering caused a triggered ability to trigger.")):
    V.event(_kind)(_same_kind(_kind, _doc))


# ---------------------------------------------------------------------------- conditions (603.4, 603.8)
@V.condition("not")
def _not(g, v, src, ctrl, ev):
    """The nested CONDITION is false ("~ can't attack unless …": the restriction holds while it is false)."""
    return not g.condition(v, src, ctrl, ev)


@V.condition("control_at_least", filters=("filter",))
def _control_at_least(g, v, src, ctrl, ev):
    """The controller controls at least `n` permanents matching `filter`."""
    n = sum(1 for o in g.bf if o.controller == ctrl and g.match(o, g.chars(o), v.get("filter", {}), src, ctrl, ev))
    return n >= v["n"]


@V.condition("creature_entered_last_turn")
def _entered_last_turn(g, v, src, ctrl, ev):
    """Another creature entered under the controller's control during the previous turn."""
    return any(t == g.turn - 1 and p == ctrl and cn != src.card_no for t, p, cn in g.entered)


@V.condition("first_draw_on_your_turn")
def _first_draw(g, v, src, ctrl, ev):
    """The event is the controller's first draw of the turn, on their own turn."""
    return not (ev is None or ev.amount != 1 or g.active != ctrl)


@V.condition("control_none", filters=("control_none",))
def _control_none(g, v, src, ctrl, ev):
    """The controller controls no permanent matching the FILTER."""
    return not any(o.controller == ctrl and g.match(o, g.chars(o), v, src, ctrl, ev) for o in g.bf)


_GRANTED_BASE = 10 ** 6
_GRANTED_KW: dict = {}


def _granted_keyword_triggers(k):
    """(a stable index, the trigger specs) of a keyword ability granted to an object (V.KEYWORD_ABILITIES), built
    once; None for keywords without one, numbered ones and those only their own card runs (OWN_ONLY_KEYWORDS)."""
    if k not in _GRANTED_KW:
        expand = V.KEYWORD_ABILITIES.get(k)
        ok = expand is not None and not getattr(expand, "numbered", False) and k not in V.OWN_ONLY_KEYWORDS
        _GRANTED_KW[k] = (sorted(V.KEYWORD_ABILITIES).index(k), expand()) if ok else None
    return _GRANTED_KW[k]
