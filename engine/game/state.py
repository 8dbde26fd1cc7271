"""Game state, zones and object identity (400, 400.7: a zone change makes a new object), destroy (701.7)."""
from __future__ import annotations

import weakref

from .. import behaviours
from .. import vocabulary as V
from ..behaviours import VANILLA, Behaviour
from ..errors import NoBehaviour
from .objects import ACTIVE, Chars, Event, Obj, StackAbility, _second_person, split_ordinal



_OTHER_ZONES = ("hand", "graveyard", "exile", "library", "command", "sideboard")


class LifeTotals(dict):
    """119.3–119.4: the players' life totals; every change is remembered for the turn it happened in
    (`gained_life` / `lost_life` in the game's history), whatever effect, cost or damage made it."""

    def __init__(self, game, init):
        super().__init__(init)
        self.game = weakref.ref(game)          # no reference cycle: a finished game is freed at once

    def __setitem__(self, p, v):
        old = self.get(p)
        super().__setitem__(p, v)
        g = self.game()
        if g is not None and old is not None and v != old:
            g.history.add((g.turn, "lost_life" if v < old else "gained_life", p))
            if v > old:
                g.life_gained[(g.turn, p)] = g.life_gained.get((g.turn, p), 0) + v - old

    def set_initial(self, p, v):
        """A scenario's starting life total: no life was gained or lost."""
        dict.__setitem__(self, p, v)


class StateMixin:
    def __init__(self, cards, players, strict=True, log=False):
        self.cards = cards
        self.players = list(players)
        self.strict = strict
        self.logging = log
        self.lines: list[str] = []
        self.life = LifeTotals(self, {p: 20 for p in self.players})   # remembers gains and losses (119.3)
        self.pcounters = {p: {} for p in self.players}
        self.pool = {p: {} for p in self.players}
        self.lost: set[str] = set()
        self.drew_empty: set[str] = set()
        self.bf: list[Obj] = []
        self.stack: list = []                          # bottom .. top
        self.pz = {p: {z: [] for z in ("library", "hand", "graveyard", "exile", "command", "sideboard")} for p in self.players}
        self.current: dict[int, Obj] = {}            # card_no -> current object
        self.ordinals: dict[str, int] = {}
        self.next_oid = 1
        self.next_card = 1
        self.ts = 0
        self.turn = 1
        self.step = "main1"
        self.step_started = True
        self.active = self.players[0]
        self.priority: str | None = ACTIVE            # who receives priority now (117.3; turns.py); ACTIVE: the active player
        self.passes = 0                                # players who passed in succession (117.4)
        self.effects: list[dict] = []                # temporary continuous effects (611.2)
        self.pending: list[StackAbility] = []
        self.triggered: list[tuple[str, str, str, int]] = []   # (source name, ability name, event, card_no)
        self.once: set = set()
        self.resolved_count: dict = {}
        self.resolutions = 0
        self.choices = {p: [] for p in self.players}
        self.attackers: dict[int, str] = {}
        self.blocked: set[int] = set()
        self.blockers: dict[int, list[int]] = {}
        self.lands_played = 0
        self.linked: dict[int, list] = {}
        self.exiled_until: dict[int, list] = {}      # source oid -> cards exiled until it leaves (610.3)
        self.history: set = set()                   # (turn, what, player) a turn remembers (mechanics/turn_history)
        self.ninjutsu_defender: dict[int, str] = {}  # card_no -> the player its returned attacker attacked (702.49)
        self.extra_turns: list[str] = []            # players to take extra turns, the last created first (500.7)
        self.life_lost_this_way = 0                 # the last life-loss effect's total ("the life lost this way")
        self._beh_memo: dict[int, tuple] = {}
        self.stray_tokens = False                      # a token has left the battlefield (704.5d pending)
        self.entered: list[tuple] = []                 # (turn, controller, card_no) of creatures entering
        self.draws: dict[tuple, int] = {}              # (turn, player) -> cards drawn
        self.phase = ("", "")                          # (cast|activation|stack|resolution|sba, what)
        self.choice_log: list[tuple] = []              # (player, kind, value, phase, what)
        self.effect_log: list[tuple] = []              # (source name, ability label, summary)
        self._cc: dict[int, Chars] = {}
        self._statics_memo = None                      # the statics that apply (613), until something changes
        self._state_trig = None                        # whether a permanent has a state trigger (603.8), as well
        self._trig_memo: dict[int, tuple] = {}         # oid -> (chars, behaviour, its triggered abilities)
        self._pipe_for, self._pipe = None, ()          # the layer effects for that list of statics
        self._in_static_if = False                     # evaluating "as long as" conditions (611.3)
        self.life_gained: dict = {}                    # (turn, player) -> life gained that turn (119.3)
        self.ctx_now = None                            # the ability being resolved or targeted (filters read it)
        self._pt_counting = False                      # taking a count for a P/T ability (604.3, 613.4c)
        self.aura_control: dict = {}                   # host oid -> its controller before a control Aura (613.1b)
        self.regen: dict[tuple, int] = {}              # (oid, turn) -> regeneration shields (701.19)
        self.no_regen: set[int] = set()                # being destroyed "can't be regenerated" (701.19c)
        self.delayed: list[dict] = []                  # delayed triggered abilities waiting (603.7)
        self.control_until_eot: list[tuple] = []       # (obj, previous controller) (613.1b, 514.2)
        self.prevention: list[dict] = []               # prevention effects until end of turn (615)
        self.skip_untap: set[int] = set()              # skip their next untap (502.3)
        self.animating = False                         # an "becomes a creature" effect exists this turn

    def log(self, rule: str, msg: str) -> None:
        if self.logging:
            msg = _second_person(msg)
            self.lines.append(f"{rule} {msg}" if rule else msg)

    def touch(self) -> None:
        self._cc.clear()
        self._statics_memo = self._state_trig = None

    def opponents(self, p):
        return [q for q in self.players if q != p and q not in self.lost]

    def apnap(self):
        """Players in APNAP order (101.4): active player first, then in turn order."""
        i = self.players.index(self.active)
        return self.players[i:] + self.players[:i]

    def behaviour_for(self, card) -> Behaviour:
        hit = self._beh_memo.get(id(card))            # one look-up per card per game (20 Plains a library)
        if hit is not None and hit[0] is card:
            return hit[1]
        b = self._behaviour_for(card)
        self._beh_memo[id(card)] = (card, b)
        return b

    def _behaviour_for(self, card) -> Behaviour:
        if not card.types:
            raise NoBehaviour(card.name)              # no characteristics known: can't be simulated
        # a stand-in's own behaviour (engine.crosscheck.standins), else hand-written, else compiled
        b = behaviours.resolve(card)
        if b is None:
            if behaviours.needs_behaviour(card):
                raise NoBehaviour(card.name, getattr(card, "behaviour_reason", None))
            return VANILLA
        return b

    def make(self, card, owner, zone, *, token=False, beh=None) -> Obj:
        if beh is None:
            beh = VANILLA if token else self.behaviour_for(card)
        o = self._numbered(card, beh, owner, zone, 1)[0]
        o.token = token
        if zone == "battlefield":
            self.ts += 1
            o.timestamp = self.ts
            self.bf.append(o)
        elif zone == "stack":
            self.stack.append(o)
        else:
            self.pz[owner][zone].append(o)
        self.touch()
        return o

    def make_many(self, card, owner, zone, n) -> list:
        """``n`` objects of one card put into a player's hidden or public zone other than the battlefield and the
        stack (a scenario's default library): what ``make`` does n times, with one touch."""
        if zone in ("battlefield", "stack"):
            return [self.make(card, owner, zone) for _ in range(n)]
        beh = self.behaviour_for(card)
        out = self._numbered(card, beh, owner, zone, n)
        self.pz[owner][zone].extend(out)
        self.touch()
        return out

    def _numbered(self, card, beh, owner, zone, n) -> list:
        """``n`` new objects of new physical cards: each its card number and the next ordinal of its name."""
        name, current, out = card.name, self.current, []
        first = self.ordinals.get(name, 0) + 1
        for ordinal in range(first, first + n):
            o = Obj(self.next_oid, card, beh, self.next_card, ordinal, owner, zone)
            current[self.next_card] = o
            self.next_card += 1
            self.next_oid += 1
            out.append(o)
        if out:
            self.ordinals[name] = first + n - 1
        return out

    def zone_list(self, o):
        if o.zone == "battlefield":
            return self.bf
        if o.zone == "stack":
            return self.stack
        return self.pz[o.owner][o.zone]

    def objects(self):
        yield from self.bf
        yield from (o for o in self.stack if not o.is_ability)
        for p in self.players:
            for z in _OTHER_ZONES:
                yield from self.pz[p][z]

    def named(self, name: str) -> list:
        """The objects named ``name``, in the order of ``objects()``."""
        out = [o for o in self.bf if o.card.name == name]
        if self.stack:
            out += [o for o in self.stack if not o.is_ability and o.card.name == name]
        for p in self.players:
            pz = self.pz[p]
            for z in _OTHER_ZONES:
                if pz[z]:
                    out += [o for o in pz[z] if o.card.name == name]
        return out

    def resolve_name(self, name: str) -> str:
        base, k = split_ordinal(str(name))
        m = self.cards.resolve(base, fuzzy=False) if base not in self.ordinals else None
        if m is not None:                       # exact, normalised or Japanese names only: never a guess
            base = m.card.name
        return f"{base}#{k}" if k else base

    def find(self, name, zones=None, controller=None, owner=None):
        """The object a scenario names (`Name`, `Name#2`); None if absent."""
        base, k = split_ordinal(self.resolve_name(name))
        best = None
        for o in self.named(base):
            if k is not None and o.ordinal != k:
                continue
            if zones and o.zone not in zones:
                continue
            if controller and o.controller != controller:
                continue
            if owner and o.owner != owner:
                continue
            if best is None or o.ordinal < best.ordinal:
                best = o
        return best

    def move_batch(self, moves, cause=""):
        """Move several objects simultaneously; returns the new objects.  Leaves-the-battlefield triggers
        look back at the game before the event (603.10a); enters triggers look at it after (603.6a)."""
        leaving = any(o.zone == "battlefield" for o, _, _ in moves)
        before = list(self.bf) if leaving else None
        if leaving:
            for o in self.bf:                     # last known information for every permanent (608.2h)
                o.lki = self.chars(o)
        events, news = [], []
        for o, to, opts in moves:
            if o.gone:
                news.append(None)
                continue
            frm = o.zone
            to = V.replaced_zone(V.MOVE_REPLACEMENTS, self, o, frm, to)   # e.g. flashback 702.34a: exile (614.1a)
            new = self._move(o, to, opts or {})
            news.append(new)
            events.append(Event("zone", obj=o, new=new, frm=frm, to=to))
        self.touch()
        if leaving:
            for o in self.bf:
                o.lki = None
        self.detect(events, before)
        if V.AFTER_MOVES_HOOKS:
            done = [(o, n) for (o, _, _), n in zip(moves, news) if n is not None]
            for hook in V.AFTER_MOVES_HOOKS:          # e.g. "exiled until ~ leaves the battlefield" (610.3)
                hook(self, done)
        return news

    def _move(self, o, to, opts) -> Obj:
        frm = o.zone
        self.zone_list(o).remove(o)
        o.gone = True
        if frm == "battlefield":
            self._statics_memo = self._state_trig = None   # the permanents whose abilities apply change
            for x in self.bf:
                if x.attached_to == o.oid:
                    x.attached_to = None
                    self.__dict__.setdefault("detached", {})[x.oid] = o.oid    # 603.10a: what it was attached to
                    for hook in V.UNATTACH_HOOKS:          # e.g. bestow 702.103f
                        hook(self, x)
            self.attackers.pop(o.oid, None)
            self.blockers.pop(o.oid, None)
        player = opts.get("controller") or o.owner
        card = o.card
        beh = o.beh
        new = Obj(self.next_oid, card, beh, o.card_no, o.ordinal, o.owner, to)
        self.next_oid += 1
        new.token = o.token
        if frm == "stack":                            # a resolving spell's choices stay with the permanent
            new.x, new.kicked = getattr(o, "x", 0), getattr(o, "kicked", 0)
        self.current[o.card_no] = new
        for hook in V.hooks_for(V.MOVED_HOOKS, frm, to):   # e.g. a face-down spell stays face down (708.4, 702.37)
            hook(self, o, new, opts)
        beh = new.beh
        if to == "battlefield":
            new.controller = player
            self.ts += 1
            new.timestamp = self.ts
            new.since_turn = self.turn
            new.tapped = bool(opts.get("tapped")) or beh.enters_tapped is True     # (conditional: ENTER_HOOKS)
            for kind, n in (opts.get("counters") or {}).items():
                new.counters[kind] = new.counters.get(kind, 0) + n
            new.attached_to = opts.get("attached_to")
            for hook in V.ENTER_HOOKS:                # replacement effects as it enters (614.1c)
                hook(self, new, opts)
            new.bestowed = bool(opts.get("bestowed"))
            if "Creature" in card.types:
                self.entered.append((self.turn, player, o.card_no))
            if beh.enters_choice == "color":          # 614.12: "as this enters, choose a color"
                new.chosen = self.choose_color(player, f"{card.name}: choose a color as it enters")
                self.log("614.12", f"{card.name}: {player} chooses {new.chosen}")
            self.bf.append(new)
            self._statics_memo = self._state_trig = None
        elif to == "stack":
            new.controller = player
            new.bestowed = bool(opts.get("bestowed"))
            self.stack.append(new)
        else:
            self.pz[o.owner][to].append(new)
            if new.token:
                self.stray_tokens = True
        self.log("400.7", f"{o.name} {frm} -> {to} (new object {new.oid})")
        return new

    def move(self, o, to, **opts):
        return self.move_batch([(o, to, opts)])[0]

    def destroy_many(self, objs, rule="701.7"):
        """701.7: destroy = move to the graveyard; indestructible permanents are not destroyed (702.12b)."""
        moves = []
        for o in objs:
            if o.gone or o.zone != "battlefield":
                continue
            if "indestructible" in self.chars(o).keywords:
                self.log("702.12b", f"{o.name} is indestructible and is not destroyed")
                continue
            if any(f(self, o) for f in V.DESTROY_REPLACEMENTS):     # e.g. regeneration 701.19a
                continue
            moves.append((o, "graveyard", None))
            self.log(rule, f"destroy {o.name}")
        if moves:
            self.move_batch(moves)
