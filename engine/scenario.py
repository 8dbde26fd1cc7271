"""Scenario files (docs/scenario-format.md): loading with line numbers, validation, and the runner."""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from .errors import EngineError, IllegalAction, NoBehaviour, ScenarioError
from .game import STEPS, TOKENS, ZONES, Game, TokenCard, split_ordinal
from .game.mechanics.opening_hand import begin_game
from .game.mechanics.planes import roll_planar_die
from .game.mechanics.schemes import set_in_motion
from . import behaviours
from .expectations import ExpectationsMixin
from .yamlines import YamlLimitError, _Budget, _line, _plain, compose_nodes

TOP_KEYS = {"name", "source", "rules", "players", "active", "at", "life", "zones", "actions", "expect",
            "strict_choices", "notes", "note", "claim", "id", "tags", "description", "player_counters"}
ACTION_KEYS = {
    "cast": {"by", "mode", "targets", "x", "modes", "kicked", "convoke", "improvise", "delve", "replicate", "paid"},
    "activate": {"by", "ability", "targets", "x"},
    "resolve": set(),
    "pass": set(),
    "advance": set(),
    "attack": {"defender", "by"},
    "block": {"by"},
    "choose": {"by"},
    "destroy": set(), "exile": set(), "sacrifice": {"by"}, "damage": set(), "counter": set(),
    "put": set(),
    "draw": {"by"},
    "set_in_motion": {"by"},
    "begin_game": set(),
    "roll_planar_die": {"by"},
    "expect": set(),
}
EXPECT_KEYS = {
    "triggered": {"source", "times", "at_least"},
    "life": None,
    "life_change": None,
    "zone": {"card", "zone", "owner", "controller"},
    "count": {"player", "zone", "card", "n", "tapped", "face_down", "token"},
    "types": {"card", "has", "lacks", "controller"},
    "colors": {"card", "has", "lacks"},
    "pt": {"card", "power", "toughness", "controller", "all"},
    "damage": {"card", "n"},
    "has_ability": {"card", "ability", "value"},
    "player_counters": {"player", "kind", "n"},
    "can_cast": {"player", "card", "value", "mode"},
    "counters": {"card", "kind", "n"},
    "devotion": {"player", "color", "n"},
    "library": {"player", "top", "bottom", "graveyard", "ordered", "value"},
    "can_target": {"spell", "target", "value", "mode", "by"},
    "stack": None,
    "illegal": {"action", "message"},
    "allowed": {"action", "value"},
    "tapped": {"card", "value"},
    "monstrous": {"card", "value"},
    "attached": {"card", "to", "value"},
    "mana_pool": {"player", "mana"},
    "lost": {"player", "value"},
    "effects": {"source", "sequence"},
    "choice_made": {"player", "kind", "source", "at", "value"},
    "targets": {"source", "card", "controller", "type", "player"},
    "mana_value": {"card", "n"},
    "total_cost": {"card", "by", "mana", "targets", "ability"},
    "blocking": {"card", "attacker", "value"},
    "blocked": {"card", "value"},
    "priority": {"player", "step", "value"},
}
BF_ENTRY_KEYS = {"card", "counters", "tapped", "attached_to", "monstrous", "controller", "damage", "token"}
_XN = re.compile(r"^(.*\S)\s+x(\d+)$")
MAX_COPIES = 1000                   # "Plains x1000": a board, not a loop of 10**30 objects
MAX_TURN = 1000                     # "advance: {turn: 10**9}": a scenario, not a billion turns played out


def _cast_choices(a) -> dict:
    """601.2b announcements on `cast`: `x: N` (107.3), `modes: [1, 3]` (700.2), `kicked: true` or the kicker costs paid (702.33, "and/or"); the
    permanents tapped for convoke / improvise and the cards exiled for delve (601.2g-h)."""
    helpers = {k: a[k] for k in ("convoke", "improvise", "delve", "replicate", "paid") if a.get(k)}   # 702.51, 702.126, 702.66, 702.56; 601.2h
    return {"x": a.get("x") or 0, "modes": a.get("modes"), "kicked": a.get("kicked") if isinstance(a.get("kicked"), list) or type(a.get("kicked")) is int else bool(a.get("kicked")),
            "helpers": helpers}


def split_count(name: str) -> tuple[str, int | None]:
    """``"Grizzly Bears x3"`` -> ``("Grizzly Bears", 3)``; a name without ``xN`` -> ``(name, None)``."""
    m = _XN.match(name)
    return (m.group(1), int(m.group(2))) if m else (name, None)
TOKEN_NAMES = {d["name"]: k for k, d in TOKENS.items()}     # "Soldier Token" -> "soldier"


@dataclass
class Scenario:
    data: dict
    file: str | None = None
    line: int | None = None
    name: str = ""
    _checked: bool = field(default=False, repr=False)

    def __post_init__(self):
        if not self.name:
            self.name = str(self.data.get("name") or (Path(self.file).stem if self.file else "scenario"))


@dataclass
class Result:
    scenario: str
    file: str | None
    passed: bool
    checks: list = field(default_factory=list)
    error: str | None = None
    log: list = field(default_factory=list)

    def to_dict(self) -> dict:
        return {"scenario": self.scenario, "file": self.file, "passed": self.passed,
                "checks": [{"expect": _jsonable(c["expect"]), "observed": _jsonable(c["observed"]),
                            "ok": c["ok"]} for c in self.checks],
                "error": self.error}


def _jsonable(x):
    if isinstance(x, dict):
        return {str(k): _jsonable(v) for k, v in x.items()}
    if isinstance(x, (list, tuple, set)):
        return [_jsonable(v) for v in x]
    return x


def load_scenarios(path, text: str | None = None) -> list[Scenario]:
    """Read a YAML scenario file (several `---` documents allowed); validate every document.  ``text``: the
    file's content already at hand (e.g. an attachment kept in the store); ``path`` then only names it."""
    import yaml

    path = Path(path)
    if text is None:
        try:
            text = path.read_text(encoding="utf-8")
        except OSError as e:
            raise ScenarioError(str(path), None, f"can't read: {e}") from None
    out = []
    try:
        nodes = compose_nodes(text)
    except yaml.YAMLError as e:
        mark = getattr(e, "problem_mark", None)
        raise ScenarioError(str(path), mark.line + 1 if mark else None, f"YAML error: {e}") from None
    except YamlLimitError as e:
        raise ScenarioError(str(path), e.line, e.message) from None
    budget = _Budget()                      # alias expansion bounded over the whole file
    for node in nodes:
        if node is None:
            continue
        try:
            data = _plain(node, budget)
        except YamlLimitError as e:
            raise ScenarioError(str(path), e.line, e.message) from None
        if not isinstance(data, dict):
            raise ScenarioError(str(path), node.start_mark.line + 1, "a scenario must be a mapping")
        s = Scenario(data, str(path), node.start_mark.line + 1)
        validate(s)
        out.append(s)
    return out


# ---------------------------------------------------------------------------- validation
def validate(s: Scenario) -> None:
    d, f = s.data, s.file

    def err(obj, key, msg):
        raise ScenarioError(f, _line(obj, key) or s.line, msg)

    for k in d:
        if k not in TOP_KEYS:
            err(d, k, f"unknown key {k!r} (known: {', '.join(sorted(TOP_KEYS))})")
    # every value's type is checked before it is iterated or counted: a number where a list belongs is a
    # named error (file, line), never a TypeError of the runner
    zones = d.get("zones") or {}
    if not isinstance(zones, dict):
        err(d, "zones", "zones must map players to zones")
    for key in ("life", "player_counters"):
        if not isinstance(d.get(key) or {}, dict):
            err(d, key, f"{key} must map players to numbers, e.g. {{you: 20}}")
    for p, n in (d.get("life") or {}).items():
        _need_int(n, d["life"], p, f"life of {p}", err)
    for p, zs in zones.items():
        if not isinstance(zs, dict):
            err(zones, p, f"zones of {p} must map zone names to lists")
        for z, lst in zs.items():
            if z not in ZONES:
                err(zs, z, f"unknown zone {z!r} (known: {', '.join(ZONES)})")
            if lst is not None and not isinstance(lst, list):
                err(zs, z, f"the {z} of {p} must be a list of cards, got {lst!r}")
            for e in lst or []:
                if isinstance(e, dict):
                    for k in e:
                        if k not in BF_ENTRY_KEYS:
                            err(e, k, f"unknown key {k!r} in a {z} entry (known: {', '.join(sorted(BF_ENTRY_KEYS))})")
                    if "card" not in e:
                        err(e, None, "entry needs `card:`")
                    if not isinstance(e.get("counters") or {}, dict):
                        err(e, "counters", "counters must map kinds to numbers, e.g. {+1/+1: 1}")
                    for k, n in (e.get("counters") or {}).items():
                        _need_int(n, e["counters"], k, f"counters {k}", err)
                    if e.get("damage") is not None:
                        _need_int(e["damage"], e, "damage", "damage", err)
                _check_copies(e["card"] if isinstance(e, dict) else e, lst, err)
    if "at" in d:
        at = d["at"] or {}
        if not isinstance(at, dict):
            err(d, "at", "at takes {turn: N, step: S}")
        if "turn" in at:
            _need_turn(at["turn"], at, "at turn", err)
        for k in at:
            if k not in ("turn", "step"):
                err(at, k, f"unknown key {k!r} in at")
        if at.get("step", "main1") not in STEPS:
            err(at, "step", f"unknown step {at.get('step')!r} (known: {' '.join(STEPS)})")
    acts = d.get("actions") or []
    if not isinstance(acts, list):
        err(d, "actions", "actions must be a list")
    for a in acts:
        if not isinstance(a, dict):
            err(acts, None, f"an action must be a mapping, got {a!r}")
        verbs = [k for k in a if k in ACTION_KEYS]
        if len(verbs) != 1:
            first = next(iter(a), None)
            err(a, first, f"an action needs exactly one of {', '.join(sorted(ACTION_KEYS))}; got {list(a)}")
        v = verbs[0]
        for k in a:
            if k != v and k not in ACTION_KEYS[v]:
                err(a, k, f"unknown key {k!r} for action {v!r}")
        if v == "expect":
            _validate_expects(a["expect"], err)
        if v == "advance":
            adv = a[v] or {}
            if not isinstance(adv, dict):
                err(a, v, "advance takes {turn: N, step: S}")
            for k in adv:
                if k not in ("turn", "step", "priority"):
                    err(adv, k, f"unknown key {k!r} in advance")
            if adv.get("turn") is not None:
                _need_turn(adv["turn"], adv, "advance turn", err)
            if adv.get("step", "main1") not in STEPS:
                err(adv, "step", f"unknown step {adv.get('step')!r}")
        sub = {"put": {"card", "cards", "zone", "player", "tapped", "counters"}, "damage": {"to", "n"}}.get(v)
        if sub is not None:
            if not isinstance(a[v], dict):
                err(a, v, f"{v} takes a mapping")
            for k in a[v]:
                if k not in sub:
                    err(a[v], k, f"unknown key {k!r} in {v} (known: {', '.join(sorted(sub))})")
            if "cards" in a[v] and not isinstance(a[v]["cards"], list):
                err(a[v], "cards", f"{v} cards: must be a list")
            for c in a[v].get("cards") or [a[v].get("card")]:
                _check_copies(c, a[v], err)
            if v == "damage" and "n" in a[v]:
                _need_int(a[v]["n"], a[v], "n", "damage n", err)
        for k in ("by", "defender"):
            if k in a and not isinstance(a[k], str):
                err(a, k, f"{k} names a player, got {a[k]!r}")
        if v in ("block", "attack") and not isinstance(a[v], (dict if v == "block" else (list, str))):
            err(a, v, "block takes {BLOCKER: ATTACKER}" if v == "block" else "attack takes a card or a list")
        if v == "resolve" and a[v] != "all":
            _need_int(a[v], a, v, "resolve (a number or all)", err)
        if v == "choose":
            ch = a[v]
            if not isinstance(ch, dict):
                err(a, v, "choose takes a mapping, e.g. {may: yes}")
            for k in ch:
                if k not in CHOICE_KINDS:
                    err(ch, k, f"unknown choice {k!r}")
    _validate_expects(d.get("expect") or [], err)
    s._checked = True


# the kinds of queued answers (`choose: {KIND: …}`); dig/library_order: 701.20 library manipulation, coin: 705
CHOICE_KINDS = ("order", "may", "pay", "targets", "mode", "color", "card", "scry", "x", "surveil", "dig",
                "library_order", "coin", "divide", "creature_type", "die", "clash", "vote", "name", "dungeon", "room", "learn")


def _need_int(value, obj, key, what, err) -> None:
    """A whole number (``3``, ``"3"``), else a named error."""
    if isinstance(value, bool) or not isinstance(value, (int, str)) or not re.fullmatch(r"-?\d+", str(value).strip()):
        err(obj, key, f"{what} must be a whole number, got {value!r}")


def _need_turn(value, obj, what, err) -> None:
    """A turn number: whole, from 1 (the first turn, 500.1) to ``MAX_TURN``."""
    _need_int(value, obj, "turn", what, err)
    if not 1 <= int(str(value).strip()) <= MAX_TURN:
        err(obj, "turn", f"{what} must be from 1 to {MAX_TURN}, got {value!r}")


def _check_copies(name, obj, err) -> None:
    """``CARD xN`` asks for at most MAX_COPIES copies."""
    if isinstance(name, (dict, list)):
        err(obj, None, f"a card name is text, got {name!r}")
    n = split_count(str(name))[1]
    if n is not None and n > MAX_COPIES:
        err(obj, None, f"{name!r}: at most {MAX_COPIES} copies of a card")


def _validate_expects(lst, err):
    if not isinstance(lst, list):
        err(lst, None, "expect must be a list")
    for e in lst:
        if not isinstance(e, dict) or len(e) != 1:
            err(e if isinstance(e, dict) else lst, None, f"an expectation is a one-key mapping, got {e!r}")
        (k, v), = e.items()
        if k not in EXPECT_KEYS:
            err(e, k, f"unknown expectation {k!r} (known: {', '.join(sorted(EXPECT_KEYS))})")
        allowed = EXPECT_KEYS[k]
        if allowed is not None:
            if not isinstance(v, dict):
                err(e, k, f"{k} takes a mapping")
            for kk in v:
                if kk not in allowed:
                    err(v, kk, f"unknown key {kk!r} in {k} (known: {', '.join(sorted(allowed))})")
            for kk in ("n", "times", "power", "toughness"):
                if kk in v and k != "illegal":
                    _need_int(v[kk], v, kk, f"{k} {kk}", err)
            act = v.get("action")
            if k == "illegal" and (not isinstance(act, dict) or sum(x in ACTION_KEYS for x in act) != 1):
                err(v, "action", f"illegal: action: needs one of {', '.join(sorted(ACTION_KEYS))}, got {act!r}")


# ---------------------------------------------------------------------------- the runner
class Runner(ExpectationsMixin):
    def __init__(self, s: Scenario, cards, log: bool):
        self.s = s
        self.d = s.data
        self.cards = cards
        players = self.d.get("players") or ["you", "opponent"]
        self.g = Game(cards, players, strict=self.d.get("strict_choices", True) is not False, log=log)

    def err(self, obj, key, msg):
        return ScenarioError(self.s.file, _line(obj, key) or self.s.line, msg)

    def card(self, name, where=None, key=None):
        base, _ = split_ordinal(str(name))
        m = self.cards.resolve(base)
        if m is None:
            raise self.err(where, key, f"unknown card {base!r} (not in the card table)")
        if m.score < 100:          # never guess: a fuzzy match is reported, not used
            raise self.err(where, key, f"unknown card {base!r} (did you mean {m.card.name!r}?)")
        return m.card

    # ---- setup
    def setup(self):
        g, d = self.g, self.d
        if d.get("active"):
            if d["active"] not in g.players:
                raise self.err(d, "active", f"unknown player {d['active']!r}")
            g.active = d["active"]
        at = d.get("at") or {}
        g.turn = int(at.get("turn", 1))
        g.step = at.get("step", "main1")
        for p, n in (d.get("life") or {}).items():
            if p not in g.players:
                raise self.err(d.get("life"), p, f"unknown player {p!r}")
            g.life.set_initial(p, int(n))
        for p, kinds in (d.get("player_counters") or {}).items():
            g.pcounters[p] = dict(kinds)
        zones = d.get("zones") or {}
        attach = []
        for p in zones:
            if p not in g.players:
                raise self.err(zones, p, f"unknown player {p!r} (players: {g.players})")
        for p in g.players:
            zs = zones.get(p) or {}
            for z in ZONES:
                for e in zs.get(z) or []:
                    self._place(p, z, e, zs, attach)
            if not zs.get("library"):
                g.make_many(self.cards.get("Plains"), p, "library", 20)
        for o, e in attach:
            host = g.find(e["attached_to"], zones=("battlefield",))
            if host is None:
                raise self.err(e, "attached_to", f"attached_to: {e['attached_to']} is not on the battlefield")
            o.attached_to = host.oid
            if o.beh.bestow and "Creature" in g.chars(host).types:
                o.bestowed = True                       # a bestow card set up attached is a bestowed Aura
        for o in g.bf:
            o.since_turn = 0                            # under control since the turn began (302.6)
        g.touch()
        self.start_life = dict(g.life)

    def _place(self, p, z, e, zs, attach):
        g = self.g
        if isinstance(e, dict):
            name, opts = e["card"], e
        else:
            name, opts = e, None
        name = str(name)
        name, n = split_count(name)
        n = 1 if n is None else n
        tok = TOKEN_NAMES.get(name)
        card = TokenCard(TOKENS[tok]) if tok and z == "battlefield" else self.card(name, zs, z)
        for _ in range(n):
            if z == "stack":
                o = g.make(card, p, "stack")
                continue
            token = bool(tok) or bool(opts and opts.get("token"))     # a token stand-in keeps its behaviour
            o = g.make(card, p, z, token=token, beh=None if tok or not token else g.behaviour_for(card))
            if opts:
                if opts.get("controller"):
                    o.controller = opts["controller"]
                o.tapped = bool(opts.get("tapped"))
                o.monstrous = bool(opts.get("monstrous"))
                o.damage = int(opts.get("damage") or 0)
                for k, v in (opts.get("counters") or {}).items():
                    if z == "battlefield":
                        o.counters[str(k)] = int(v)
                if opts.get("attached_to"):
                    attach.append((o, opts))

    # ---- helpers
    def by(self, a):
        p = a.get("by") or self.g.active
        if p not in self.g.players:
            raise self.err(a, "by", f"unknown player {p!r}")
        return p

    def obj(self, name, a=None, key=None, zones=None, controller=None, owner=None, required=True):
        g = self.g
        o = g.find(str(name), zones=zones, controller=controller, owner=owner)
        if o is None and (controller or owner):
            o = g.find(str(name), zones=zones)
        if o is None and required:
            base, _ = split_ordinal(str(name))
            if base not in g.ordinals:
                self.card(base, a, key)             # unknown or fuzzy names are errors
            where = f" in {'/'.join(zones)}" if zones else ""
            raise self.err(a, key, f"{name} is not{where}")
        return o

    def targets(self, lst):
        return None if lst is None else [str(x) for x in (lst if isinstance(lst, list) else [lst])]

    # ---- actions
    def run(self) -> Result:
        """Setup problems raise; a run that stops (a missing or unused choice, an illegal action, a name
        that isn't there) returns a failed Result whose `error` says why; runaway loops raise EngineError."""
        self.setup()
        checks: list = []
        try:
            return self._run(checks)
        except ScenarioError as e:
            return Result(self.s.name, self.s.file, False, checks, str(e), self.g.lines)

    def _run(self, checks) -> Result:
        for a in self.d.get("actions") or []:
            try:
                if "expect" in a:
                    checks += self.check_all(a["expect"])
                    continue
                self.act(a)
            except ScenarioError as e:
                if e.file is None:
                    raise self.err(a, next(iter(a)), e.message) from None
                raise
            except IllegalAction as e:
                raise ScenarioError(self.s.file, _line(a, next(iter(a))),
                                    f"illegal action {dict(a)}: {e}") from None
            except (KeyError, TypeError, ValueError) as e:
                raise ScenarioError(self.s.file, _line(a, next(iter(a))),
                                    f"malformed action {dict(a)} ({type(e).__name__}: {e})") from None
            except EngineError as e:
                raise EngineError(f"{self.s.file or '<scenario>'}:{_line(a, next(iter(a))) or ''}: {e}") from None
        checks += self.check_all(self.d.get("expect") or [])
        left = self.g.unused_choices()
        if left:
            p, kind, value, where = left[0]
            raise ScenarioError(self.s.file, where, f"queued choice never used: {kind}: {value} (by {p})")
        return Result(self.s.name, self.s.file, all(c["ok"] for c in checks), checks, None, self.g.lines)

    def act(self, a):
        g = self.g
        verb = next(k for k in a if k in ACTION_KEYS)
        v = a[verb]
        if verb == "choose":
            p = self.by(a)
            for kind, value in v.items():
                g.queue_choice(p, kind, value, _line(v, kind))
            return
        if verb == "begin_game":                  # 103.6: opening-hand actions, before the first turn begins
            begin_game(g)
            return
        declaring = (verb == "attack" and g.step == "declare_attackers") or \
            (verb == "block" and g.step == "declare_blockers")
        if verb != "advance" and not (declaring and not g.step_started):
            g.ensure_started()          # the declaration itself is the step's turn-based action (508.1, 509.1)
            g.settle()
        if verb == "cast":
            p = self.by(a)
            o = self.obj(v, a, verb, zones=("hand",), owner=p, required=False) or \
                self.obj(v, a, verb, zones=("graveyard", "exile", "library", "stack"), owner=p)
            if o.zone == "stack":
                raise IllegalAction(f"{v} is already on the stack")
            g.cast(p, o, a.get("mode"), self.targets(a.get("targets")), **_cast_choices(a))
        elif verb == "activate":
            p = self.by(a)
            o = self.obj(v, a, verb, zones=("battlefield",), controller=p, required=False) or \
                self.obj(v, a, verb, zones=("battlefield", "hand", "graveyard"), owner=p)   # cycling 702.29a, unearth 702.84a
            g.activate(p, o, a.get("ability"), self.targets(a.get("targets")), x=a.get("x"))
        elif verb == "resolve":
            if v == "all":
                g.resolve_all()
            else:
                for _ in range(int(v)):
                    g.settle()
                    g.resolve_top()
        elif verb == "pass":                      # 117.3d: the player with priority passes (N times in succession)
            for _ in range(int(v or 1)):
                g.pass_priority()
        elif verb == "advance":
            v = v or {}
            step = v.get("step", "main1")
            turn = v.get("turn")
            if turn is None:
                turn = g.turn if STEPS.index(step) > STEPS.index(g.step) else g.turn + 1
            g.advance(int(turn), step, bool(v.get("priority")))
        elif verb == "attack":
            names = v if isinstance(v, list) else [v]
            objs = [self.obj(n, a, verb, zones=("battlefield",), controller=g.active) for n in names]
            defender = a.get("defender") or g.opponents(g.active)[0]
            if defender not in g.players:       # 506.3 / 508.1b: a planeswalker an opponent controls, attacked
                defender = self.obj(defender, a, "defender", zones=("battlefield",))
            g.declare_attackers(objs, defender)
        elif verb == "block":
            pairs = []
            for b, atts in v.items():
                bo = self.obj(b, v, b, zones=("battlefield",))
                alist = atts if isinstance(atts, list) else [atts]
                pairs.append((bo, [self.obj(x, v, b, zones=("battlefield",)) for x in alist]))
            g.declare_blockers(pairs)
        elif verb == "destroy":
            g.destroy_many([self.obj(v, a, verb, zones=("battlefield",))])
        elif verb == "exile":
            o = self.obj(v, a, verb, zones=("battlefield", "graveyard", "hand", "stack", "library"))
            g.log("406.3", f"exile {o.name}")
            g.move(o, "exile")
        elif verb == "sacrifice":
            o = self.obj(v, a, verb, zones=("battlefield",))
            g.log("701.17a", f"{o.controller} sacrifices {o.name}")
            g.move(o, "graveyard")
        elif verb == "damage":
            to = str(v.get("to"))
            tgt = to if to in g.players else self.obj(to, v, "to", zones=("battlefield",))
            g.deal_damage([(None, tgt, int(v.get("n", 1)))])
        elif verb == "counter":
            o = self.obj(v, a, verb, zones=("stack",))
            g.log("701.5a", f"counter {o.name}")
            g.move(o, "graveyard")
        elif verb == "put":
            self.put(v, a)
        elif verb == "draw":
            g.draw(self.by(a), int(v))
        elif verb == "set_in_motion":             # 701.25a: the archenemy sets a scheme in motion
            p = self.by(a)
            set_in_motion(g, p, self.obj(v, a, verb, zones=("command",), owner=p))
        elif verb == "roll_planar_die":           # 901.9: the planar die
            roll_planar_die(g, self.by(a), v)
        g.settle()

    def put(self, v, a):
        g = self.g
        names = v.get("cards") if "cards" in v else [v.get("card")]
        if names is None or names == [None]:
            raise self.err(v, None, "put needs card: or cards:")
        zone = v.get("zone", "battlefield")
        p = v.get("player") or g.active
        moves = []
        taken = set()
        for raw in names:
            name, n = split_count(str(raw))
            n = 1 if n is None else n
            card = self.card(name, v, "cards" if "cards" in v else "card")
            order = ("hand", "library", "graveyard", "exile") + (("battlefield",) if zone != "battlefield" else ())
            for _ in range(n):
                o = None
                for cand in sorted(g.objects(), key=lambda x: (order.index(x.zone) if x.zone in order else 9,
                                                               x.ordinal)):
                    if cand.name == card.name and cand.owner == p and cand.zone in order and \
                            cand.oid not in taken:
                        o = cand
                        break
                if o is None:
                    o = g.make(card, p, "exile")
                taken.add(o.oid)
                moves.append((o, zone, {"controller": p, "tapped": v.get("tapped", False),
                                        "counters": v.get("counters")}))
        g.log("", f"put {', '.join(o.name for o, _, _ in moves)} onto the {zone} (one event)")
        g.move_batch(moves)

    # ---- expectations
    def check_all(self, lst):
        out = []
        for e in lst:
            (k, v), = e.items()
            if isinstance(v, dict):
                for pk in ("player", "owner", "controller"):
                    if v.get(pk) is not None and not (k == "priority" and v[pk] in ("none", "any")):   # 502.4
                        self._player(v[pk], v, pk)
            try:
                observed, ok = getattr(self, "x_" + k)(v, e)
            except IllegalAction as ex:
                raise self.err(e, k, str(ex)) from None
            except (KeyError, TypeError, ValueError) as ex:
                raise self.err(e, k, f"malformed expectation {k}: {v!r} ({type(ex).__name__}: {ex})") from None
            out.append({"expect": e, "observed": observed, "ok": bool(ok)})
        return out

    def _objs(self, name, v=None, key="card", zones=None):
        g = self.g
        base, k = split_ordinal(g.resolve_name(str(name)))
        found = [o for o in g.named(base) if (k is None or o.ordinal == k)
                 and (zones is None or o.zone in zones)]
        if not found and base not in g.ordinals:
            self.card(base, v, key)                 # unknown or fuzzy names are errors
        return found

    def _one(self, name, v, key="card", zones=None, controller=None):
        objs = self._objs(name, v, key, zones)
        if controller:
            objs = [o for o in objs if o.controller == controller]
        if not objs:
            return None
        bf = [o for o in objs if o.zone == "battlefield"]
        st = [o for o in objs if o.zone == "stack"]
        pool = bf or st or objs
        return min(pool, key=lambda o: o.ordinal)

def simulate(scenario, cards=None, log=False) -> Result:
    """Run one scenario (a dict or `Scenario`) and check its expectations."""
    if cards is None:
        from .cardbase import default_cards
        cards = default_cards()
    if isinstance(scenario, dict):
        scenario = Scenario(scenario)
    if not scenario._checked:
        validate(scenario)
    r = Runner(scenario, cards, log)
    _check_behaviours(r, scenario.data)
    return r.run()


def _check_behaviours(r: Runner, d):
    """A named card with rules text and no behaviour stops the run (NoBehaviour)."""
    names = []                                  # (name, where, key): where names it, for the error's line
    for zs in (d.get("zones") or {}).values():
        for lst in (zs or {}).values():
            for i, e in enumerate(lst or []):
                names.append((e["card"], e, "card") if isinstance(e, dict) else (e, lst, i))
    for a in d.get("actions") or []:
        if "put" in a and isinstance(a["put"], dict):
            put = a["put"]
            key = "cards" if put.get("cards") else "card"
            names += [(n, put, key) for n in (put.get("cards") or [put.get("card")])]
    for n, where, key in names:
        if n is None:
            continue
        n = str(n)
        n = split_count(n)[0]
        if n in TOKEN_NAMES:
            continue
        card = r.card(n, where, key)
        if (behaviours.needs_behaviour(card) or not card.types) and not behaviours.has_behaviour(card):
            raise NoBehaviour(card.name, getattr(card, "behaviour_reason", None))
