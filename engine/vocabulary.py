"""The engine's one vocabulary: every behaviour key the engine can run, built from the registrations.

Handlers register themselves with the decorators below (in ``engine/game/`` and its ``effects/`` and
``mechanics/`` packages); nothing else lists them.  ``engine.behaviours`` validates every behaviour file
against these closed lists when it loads it, and an Oracle compiler asks ``check``/``unhandled`` whether the
engine can run what it compiled.

Registries (name -> handler):

- ``EFFECTS``     ``@effect("destroy", keys=..., nested=..., filters=...)`` ``fn(game, arg, ctx)``
- ``EVENTS``      ``@event("dies")`` ``fn(game, trigger, ev, src, subj, chars) -> bool`` (does the trigger match)
- ``STATICS``     ``static("flash_for", filters=("flash_for",))`` a static-ability key the engine reads
- ``FILTERS``     ``@filter_key("types")`` ``fn(game, obj, chars, value, src, ctrl, ev) -> bool``
- ``CONDITIONS``  ``@condition("control_none", filters=...)`` ``fn(game, value, src, ctrl, ev) -> bool``
- ``KEYWORDS``    ``keyword("flying", "702.9")`` (a keyword some engine code implements)
- ``TARGETS``     ``@target_kind("creature")`` ``fn(game, filter, src, ctrl) -> list`` (candidates, 115)
- ``VALUES``      ``@value_form("devotion")`` ``fn(game, arg, ctx) -> int`` for ``n: "devotion:W"``
- ``SBA_CHECKS``  ``@sba_check("704.5f", on="creatures")`` ``fn(game, sweep) -> bool`` (acted), run in
  registration order when the sweep has something of that kind (``players``, ``tokens``, ``creatures``,
  ``auras``, ``legendary``, ``countered``, ``attached``; else a game attribute a mechanic keeps, e.g.
  ``dungeons``; a tuple: any of them; ``None``: always)
- hooks: ``LAYER_EFFECTS`` (``@layer_effect("4")``), ``TRIGGER_SUPPRESSORS`` (``@trigger_suppressor``),
  ``TRIGGER_MULTIPLIERS`` (``@trigger_multiplier``), ``KEYWORD_ABILITIES`` (``@keyword_ability("persist")``),
  ``CAST_MODES`` (``cast_mode("bestow", ...)``), ``UNATTACH_HOOKS``, ``ILLEGAL_TARGET_HOOKS``, ``AURA_HOOKS``.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

# --------------------------------------------------------------------------- shapes (fixed by the format)
TOP_KEYS = {"keywords", "bestow", "spell", "triggers", "activated", "statics", "enchant", "transform_to",
            "note", "why", "enters_tapped", "land_mana", "enters_choice", "pt_cda"}   # why: a hand entry's reason
TRIGGER_KEYS = {"event", "name", "object", "whose", "if", "may", "cost", "once_per_turn", "targets", "effects",
                "mana", "batch", "source_zone", "modes", "other_party", "with_at_least_others"}
ACTIVATED_KEYS = {"name", "cost", "tap", "sacrifice_self", "sacrifice_other", "pay_life", "exile_from_graveyard",
                  "targets", "effects", "mana", "speed"}   # restrictions ("if", 602.5b) and `zone` are COSTS keys
SPELL_KEYS = {"targets", "effects", "modes"}
GRANTED_ABILITY_KEYS = {"keywords", "triggers", "activated"}   # what a granted quoted ability may hold (113.1a)
MODE_COUNTS = {"one": (1, 1), "two": (2, 2), "three": (3, 3), "one or both": (1, 2), "one or more": (1, 99),
               "any number": (0, 99)}          # 700.2: how many modes of a modal spell are chosen
TARGET_KEYS = {"kind", "filter", "n", "up_to"}
UP_TO_ANY = 6                              # "any number of targets": at most this many are offered
STATIC_MODIFIERS = {"layer", "affected", "self_only", "if"}   # say where/when a static applies, not what it does
ENTERS_CHOICES = {"color"}
PT_CDAS = {"creature_cards_in_graveyards"}
STATIC_CHECKS: dict[str, Callable] = {}    # static key -> check(value, checker) -> problem|"" (forms it runs)
DICT_VALUE_CHECKS: dict[str, Callable] = {}  # top key (pt_cda, enters_tapped) -> check(mapping value, checker)
#                                            for the mapping forms a mechanic runs (registered by that mechanic)


@dataclass
class EffectSpec:
    fn: Callable
    keys: frozenset | None = None          # accepted argument keys when the argument is a mapping
    nested: tuple = ()                     # argument keys holding effect lists
    filters: tuple = ()                    # argument keys holding a FILTER ("*": the argument is one)
    values: tuple = ("n",)                 # argument keys holding a value (int or "form:arg")
    logged: bool = True                    # recorded in the effect log (`effects:` expectations)
    enums: dict = field(default_factory=dict)   # argument key -> the names it accepts (e.g. token kinds)
    players: tuple = ()                    # argument keys naming players (PLAYER_WORDS; "*": the argument)
    objects: tuple = ()                    # argument keys naming objects (OBJECT_WORDS; "*": the argument)
    keywords: tuple = ()                   # argument keys holding keyword lists (granted abilities)
    conditions: tuple = ()                 # argument keys holding a CONDITION
    costs: dict = field(default_factory=dict)   # argument key -> the cost keys (COSTS) its cost mapping may use


@dataclass
class StaticSpec:
    filters: tuple = ()                    # sub-keys (or the key itself) holding a FILTER
    doc: str = ""
    values: tuple = ()                     # sub-keys holding a value (int, form:arg, {count: FILTER} …)
    keys: frozenset | None = None          # the only sub-keys the handler reads (None: not checked)


@dataclass
class CastMode:
    targets: Callable                      # (game, obj) -> target specs
    check: Callable                        # (game, obj) -> "" or why the mode is unavailable
    move_opts: dict = field(default_factory=dict)
    zones: tuple = ("hand",)               # where a card can be cast from this way (601.2a)
    pay: Callable | None = None            # (game, player, spell on the stack): the mode's own costs (601.2h)
    timing: bool = True                    # False: cast while an ability resolves, timing ignored (702.35a)


EFFECTS: dict[str, EffectSpec] = {}
EVENTS: dict[str, Callable] = {}
STATICS: dict[str, StaticSpec] = {}
FILTERS: dict[str, Callable] = {}
CONDITIONS: dict[str, tuple] = {}          # name -> (fn, filter sub-keys)
KEYWORDS: dict[str, str] = {}              # keyword -> CR rule
TARGETS: dict[str, Callable] = {}
VALUES: dict[str, Callable] = {}
VALUE_ARGS: dict[str, tuple] = {}          # value form -> the arguments it reads (absent: any)
PLAYER_WORDS: dict[str, Callable] = {}     # "each_opponent" -> fn(game, ctx) -> [player]
OBJECT_WORDS: dict[str, Callable] = {}     # "target" -> fn(game, ctx) -> [Obj]
FILTER_VALUES: dict[str, tuple] = {}       # filter key -> the values it accepts (absent: any)
WHOSE = ("you", "opponent", "each", "enchanted_controller")
PAIR_EVENTS: set = set()                    # events with a second object ("that creature", `other_party`)        # whose turn/step a phase trigger watches
SBA_CHECKS: list[tuple[str, Callable]] = []
LAYER_EFFECTS: dict[str, list[Callable]] = {"4": [], "5": [], "6": [], "7a": [], "7b": [], "7c": [], "7d": []}
TRIGGER_SUPPRESSORS: list[Callable] = []   # (game, ev, subj, chars, sources, trig_src|None) -> bool
TRIGGER_MULTIPLIERS: list[Callable] = []   # (game, ev, src, subj, chars, sources) -> extra triggers
KEYWORD_ABILITIES: dict[str, Callable] = {}   # keyword -> () -> [trigger specs] (persist, undying, prowess)
CAST_MODES: dict[str, CastMode] = {}
TOP_KEY_CHECKS: dict[str, tuple] = {}      # behaviour key a mechanic adds -> (check(value) -> problem|"", doc)
COSTS: dict[str, Callable] = {}            # activated-ability / additional cost key -> pay(game, p, obj, value)
COST_CHECKS: dict[str, Callable] = {}
STEP_HOOKS: list[Callable] = []            # (game, step) as a step begins (delayed triggers 603.7)
CLEANUP_HOOKS: list[Callable] = []         # (game) as "until end of turn" effects end (514.2)
TARGETED_HOOKS: list[Callable] = []        # (game, spell or ability, its targets) once they are chosen (ward)
UNATTACH_HOOKS: list[Callable] = []        # (game, aura) when what it's attached to leaves
ILLEGAL_TARGET_HOOKS: list[Callable] = []  # (game, spell) -> True if handled (spell with all targets illegal)
AURA_HOOKS: list[Callable] = []            # (game, aura, chars) -> True if handled (704.5m alternative)
CHARS_HOOKS: list[Callable] = []           # (game, obj, chars) before the layers: copiable/ mode changes
CAST_CHECKS: list[Callable] = []           # (game, player, obj, mode) -> "" or why it can't be cast (601.3)
ATTACK_CHECKS: list[Callable] = []         # (game, attacker, chars) -> "" or why it can't attack (508.1)
BLOCK_CHECKS: list[Callable] = []          # (game, blocker, bchars, attacker, achars) -> "" or why not (509.1)
ATTACK_HOOKS: list[Callable] = []          # (game, attacker) -> [events] as it is declared an attacker (exert 701.39)
BLOCKS_DECLARED_CHECKS: list[Callable] = []  # (game, {blocker oid: [attacker oids]}) -> "" or why the blocks are illegal
UNTAP_CHECKS: list[Callable] = []          # (game, obj) -> True if it doesn't untap in the untap step (502.3)
TARGET_CHECKS: list[Callable] = []         # (game, obj, chars, source) -> True if it can't be targeted (115)
PREVENTION_CHECKS: list[Callable] = []     # (game, source, target, combat) -> True if the damage is prevented (615)
DAMAGE_REDUCERS: list[Callable] = []       # (game, source, target, n, combat) -> the damage left (615.7 shields)
DESTROY_REPLACEMENTS: list[Callable] = []  # (game, obj) -> True if destruction was replaced (701.19)
DRAW_REPLACEMENTS: list[Callable] = []      # (game, player) -> True when a draw was replaced (614.1a, dredge 702.52)
ENTER_HOOKS: list[Callable] = []           # (game, new obj, opts) as a permanent enters (614.1c)
MOVE_REPLACEMENTS: list[Callable] = []     # (game, obj, to) -> the zone it goes to instead (614.1a)
LAND_PLAY_PERMISSIONS: list[Callable] = []  # (game, player, card) -> True: it may be played from its zone (305.1)
CAST_CHECKS: list[Callable] = []           # (game, player, card, mode) -> "" or why it can't be cast (601.3)
CAST_HELPERS: dict[str, Callable] = {}     # cast option -> (game, player, card, value) -> pay(): convoke 702.51 …
ABILITY_HOOKS: list[Callable] = []         # (game, obj) -> [activated ability specs] a mechanic gives an object
MOVED_HOOKS: list[Callable] = []           # (game, old obj, new obj, move opts) once the new object exists (400.7)
EVENT_WATCHERS: list[Callable] = []        # (game, events) as events happen: what a turn remembers (morbid, raid)
AFTER_MOVES_HOOKS: list[Callable] = []     # (game, [(old, new)]) after a batch of moves and its triggers (610.3)
ATTACH_ILLEGAL: list[Callable] = []        # (game, aura, host) -> True if it can't be attached (303.4d)
ACTIVATION_CHECKS: list[Callable] = []     # (game, player, obj, ability) -> "" or why it can't be activated (602.5)
STATIC_SOURCES: list[Callable] = []        # (game) -> objects off the battlefield whose static abilities apply (a face-up plane, 901)
#                                            — what it gives changes only with a touch() (the statics that apply are memoised)
HOOK_NEEDS: dict[Callable, dict] = {}      # hook -> what it reads (hook(..., frm=, to=, kinds=), layer_effect(statics=))
_SELECTED: dict = {}                       # memo: the hooks selected for those, with the hook lists read


def _dup(table, name, what):
    if name in table:
        raise ValueError(f"{what} {name!r} registered twice")


def _register(table: dict, name: str, what: str, make=lambda fn: fn):
    """A decorator putting ``make(fn)`` into ``table[name]`` (a name registers once)."""
    def deco(fn):
        _dup(table, name, what)
        table[name] = make(fn)
        return fn
    return deco


def effect(verb: str, *, keys=None, nested=(), filters=(), values=("n",), logged=True, enums=None, players=(),
           objects=(), keywords=(), conditions=(), costs=None):
    """Register ``fn(game, arg, ctx)`` as the effect ``verb`` (one key of an EFFECT mapping); ``players`` /
    ``objects`` name the argument keys resolved by ``Game.players_of`` / ``Game.objects_of`` (``"*"``: the
    argument itself), so a word no resolver knows is reported by ``unhandled``."""
    return _register(EFFECTS, verb, "effect", lambda fn: EffectSpec(
        fn, frozenset(keys) if keys is not None else None, tuple(nested), tuple(filters), tuple(values), logged,
        dict(enums or {}), tuple(players), tuple(objects), tuple(keywords), tuple(conditions), dict(costs or {})))


def player_word(name: str):
    """Register a player word of effect arguments: ``fn(game, ctx) -> [player]``."""
    return _register(PLAYER_WORDS, name, "player word")


def object_word(name: str):
    """Register an object word of effect arguments: ``fn(game, ctx) -> [Obj]``."""
    return _register(OBJECT_WORDS, name, "object word")


def event(name: str):
    """Register a trigger event: ``fn(game, trigger, ev, src, subj, chars) -> bool``."""
    return _register(EVENTS, name, "event")


def static(name: str, *, filters=(), doc="", values=(), keys=None):
    """Register a static-ability key (what it does is read by the code that registers it); ``values``: its
    sub-keys holding a value (checked like effect values), ``keys``: the only sub-keys it reads."""
    _dup(STATICS, name, "static")
    STATICS[name] = StaticSpec(tuple(filters), doc, tuple(values), None if keys is None else frozenset(keys))


def filter_key(name: str, values=None):
    """Register a FILTER key: ``fn(game, obj, chars, value, src, ctrl, ev) -> bool`` (``values``: the only
    values it understands)."""
    if values is not None:
        FILTER_VALUES[name] = values if isinstance(values, type) or callable(values) else tuple(values)
    return _register(FILTERS, name, "filter")


def _accepts(allowed, v) -> bool:
    """A value a FILTER key understands: of the type given (``int``: not a bool), or one of the names."""
    if isinstance(allowed, type):
        return isinstance(v, allowed) and not isinstance(v, bool)
    if callable(allowed):
        return bool(allowed(v))
    return isinstance(v, (str, int, bool)) and v in allowed


def condition(name: str, *, filters=()):
    """Register a CONDITION key: ``fn(game, value, src, ctrl, ev) -> bool``."""
    return _register(CONDITIONS, name, "condition", lambda fn: (fn, tuple(filters)))


def keyword(name: str, rule: str):
    _dup(KEYWORDS, name, "keyword")
    KEYWORDS[name] = rule


def target_kind(name: str):
    """Register a TARGET kind: ``fn(game, filter, src, ctrl) -> candidates`` (115.1)."""
    return _register(TARGETS, name, "target kind")


def value_form(name: str, args=None):
    """Register a value form ``name:arg`` (or a mapping ``{name: arg}``): ``fn(game, arg, ctx) -> int``;
    ``args``: the only arguments it reads."""
    if args is not None:
        VALUE_ARGS[name] = args if callable(args) else tuple(args)
    return _register(VALUES, name, "value form")


def sba_check(rule: str, on: str | tuple | None = None):
    """Register a state-based action check; ``on`` names the sweep's list it looks at, or the game attribute a
    mechanic keeps (a tuple: several): the check is skipped when all are empty or absent."""
    names = on if on is None or isinstance(on, str) else on[0] if len(on) == 1 else tuple(on)

    def deco(fn):
        SBA_CHECKS.append((rule, fn, names))
        return fn
    return deco


def layer_effect(layer: str, *, statics=None):
    """Register ``fn(game, obj, chars, statics)`` for a layer (613); ``statics``: the static-ability keys it reads
    — it does nothing unless one of the statics that apply has one (it is then skipped when none has)."""
    def deco(fn):
        LAYER_EFFECTS[layer].append(fn)
        if statics is not None:
            HOOK_NEEDS[fn] = {"statics": frozenset(statics)}
        return fn
    return deco


def layer_pipeline(layers: tuple, present: frozenset) -> tuple:
    """The layer effects of ``layers`` in order that run when the applying statics have the keys ``present``."""
    fns = [fn for layer in layers for fn in LAYER_EFFECTS[layer]]
    hit = _SELECTED.get(("layers", layers, present))
    if hit is not None and hit[0] == fns:
        return hit[1]
    return _store(("layers", layers, present), fns, tuple(
        fn for fn in fns if "statics" not in HOOK_NEEDS.get(fn, ()) or HOOK_NEEDS[fn]["statics"] & present))


def layer_static_keys() -> frozenset:
    """The static-ability keys some layer effect declared it reads (``layer_effect(statics=)``)."""
    fns = [fn for t in LAYER_EFFECTS.values() for fn in t]
    hit = _SELECTED.get("layer keys")
    if hit is not None and hit[0] == fns:
        return hit[1]
    return _store("layer keys", fns, frozenset(k for fn in fns for k in HOOK_NEEDS.get(fn, {}).get("statics", ())))


def trigger_suppressor(fn):
    TRIGGER_SUPPRESSORS.append(fn)
    return fn


def trigger_multiplier(fn):
    TRIGGER_MULTIPLIERS.append(fn)
    return fn


OWN_ONLY_KEYWORDS: set = set()          # keyword abilities the engine runs only on a card that has them itself


def keyword_ability(name: str, rule: str, own_only: bool = False):
    """A keyword that stands for a triggered ability: ``fn() -> [trigger spec]`` (also registers the keyword);
    ``own_only``: its trigger is the card's own — granting it (a static or an effect) is reported unhandled."""
    def deco(fn):
        keyword(name, rule)
        if own_only:
            OWN_ONLY_KEYWORDS.add(name)
        KEYWORD_ABILITIES[name] = fn
        return fn
    return deco


def cast_mode(name: str, targets, check, zones=("hand",), pay=None, timing=True, **move_opts):
    _dup(CAST_MODES, name, "cast mode")
    CAST_MODES[name] = CastMode(targets, check, move_opts, tuple(zones), pay, timing)


def top_key(name: str, check=None, doc=""):
    """A top-level behaviour key a mechanic reads (``Behaviour.extra[name]``); ``check(value, checker)``
    returns what in the value no handler runs ("" when all of it runs)."""
    _dup(TOP_KEY_CHECKS, name, "behaviour key")
    TOP_KEY_CHECKS[name] = (check or (lambda v, checker: ""), doc)


def cost(name: str, check=None):
    """Register a cost key of activated abilities and additional costs: ``pay(game, player, obj, value)``
    raising IllegalAction when it can't be paid (602.2b, 601.2h); ``check(value, checker)`` -> problem|""."""
    COST_CHECKS[name] = check or (lambda v, c: "")
    return _register(COSTS, name, "cost")


def hook(table: list, *, frm=None, to=None, kinds=None):
    """Register ``fn`` in a hook list.  A hook may declare what it looks at, so that dispatch skips it when that is
    absent (it must then do nothing for anything else): ``frm`` / ``to`` — the zones a moving object comes from and
    goes to (``MOVE_REPLACEMENTS``, ``MOVED_HOOKS``), ``kinds`` — the event kinds (``EVENT_WATCHERS``: it is called
    only for a batch holding one).  Undeclared, a hook runs every time."""
    needs = {k: frozenset(v) for k, v in (("frm", frm), ("to", to), ("kinds", kinds)) if v is not None}
    for k, v in needs.items():
        if any(not isinstance(x, str) for x in v):
            raise ValueError(f"hook {k}= takes names, got {sorted(map(repr, v))}")

    def deco(fn):
        table.append(fn)
        if needs:
            HOOK_NEEDS[fn] = needs
        return fn
    return deco


def _store(key, table: list, value):
    """Memoise ``value`` under ``key`` with a copy of the hook list it was read from: a list a module appends to,
    or one a test replaces or edits, is read again (``hit[0] == table`` compares the hooks, not a copy's id)."""
    _SELECTED[key] = (list(table), value)
    return value


def hooks_for(table: list, frm: str | None = None, to: str | None = None) -> tuple:
    """The hooks of ``table`` (in registration order) for a move from zone ``frm`` to zone ``to``: those declaring
    no zones, or declaring these."""
    hit = _SELECTED.get((id(table), frm, to, "fns"))
    if hit is not None and hit[0] == table:
        return hit[1]
    return _store((id(table), frm, to, "fns"), table, tuple(fn for _, fn in _selected(table, frm, to)))


def _selected(table, frm, to) -> tuple:
    hit = _SELECTED.get((id(table), frm, to))
    if hit is not None and hit[0] == table:
        return hit[1]
    return _store((id(table), frm, to), table,
                  tuple((i, fn) for i, fn in enumerate(table) if _wants(HOOK_NEEDS.get(fn), frm, to)))


def replaced_zone(table: list, g, o, frm: str, to: str) -> str:
    """614.1a: the zone ``o`` goes to once the replacement hooks of ``table`` (``(g, obj, to) -> zone``) have
    applied, in registration order; after one changes the destination, the later hooks are those for the new one."""
    last = -1
    while True:
        for pos, fn in _selected(table, frm, to):
            if pos > last:
                new = fn(g, o, to)
                if new != to:
                    to, last = new, pos
                    break
        else:
            return to


def _wants(needs, frm, to) -> bool:
    if not needs:
        return True
    return ("frm" not in needs or frm in needs["frm"]) and ("to" not in needs or to in needs["to"])


def watchers_for(table: list, kinds: frozenset) -> tuple:
    """The watchers of ``table`` for a batch of events of ``kinds``: those declaring no kinds or one of these."""
    hit = _SELECTED.get((id(table), kinds))
    if hit is not None and hit[0] == table:
        return hit[1]
    return _store((id(table), kinds), table, tuple(
        fn for fn in table if "kinds" not in HOOK_NEEDS.get(fn, ()) or HOOK_NEEDS[fn]["kinds"] & kinds))


# --------------------------------------------------------------------------- the closed lists
def lists() -> dict[str, list[str]]:
    """The closed lists of behaviour keys, by family (what ``engine/README.md`` documents)."""
    return {"events": sorted(EVENTS), "effects": sorted(EFFECTS), "statics": sorted(STATICS),
            "filters": sorted(FILTERS), "conditions": sorted(CONDITIONS), "keywords": sorted(KEYWORDS),
            "targets": sorted(TARGETS), "values": sorted(VALUES)}


def _kw(k) -> str:
    return str(k).lower().replace(" ", "_")


class _Checker:
    """Walks one behaviour spec; ``strict`` adds shape problems (unknown keys), otherwise only names
    without a handler are collected."""

    def __init__(self, where: str):
        self.where = where
        self.problems: list[str] = []
        self.unhandled: list[str] = []

    def bad(self, obj, key, msg):
        line = _line_of(obj, key)
        self.problems.append(f"{self.where}" + (f":{line}" if line else "") + f": {msg}")

    def missing(self, family, name, obj, key):
        self.unhandled.append(f"{family} {name}")
        self.bad(obj, key, f"unknown {family} {name!r}")

    def keys(self, d, allowed, what):
        for k in d:
            if k not in allowed:
                self.missing(f"{what} key", k, d, k)

    def words(self, v, table, what, obj, key):
        if not isinstance(v, str) or v not in table:
            self.missing(what, v if isinstance(v, str) else repr(v), obj, key)

    def kws(self, kws, obj, key):
        if not isinstance(kws, list):
            kws = [kws] if kws else []
        for i, k in enumerate(kws):
            if isinstance(k, dict) and set(k) == {"ability"} and isinstance(k["ability"], dict):
                # 113.1a: a granted quoted ability — its keywords, triggers and activated abilities run
                # (engine/game/layers.py grant); anything else it says is not
                for key in k["ability"]:
                    if key not in GRANTED_ABILITY_KEYS:
                        self.missing("granted ability key", key, k["ability"], key)
                self.spec(k["ability"])
            elif not isinstance(k, str) or _kw(k) not in KEYWORDS:
                self.missing("keyword", _kw(k) if isinstance(k, str) else "granted ability", kws, i)
            elif _kw(k) in OWN_ONLY_KEYWORDS:
                self.missing("granted keyword", _kw(k), kws, i)

    def spec(self, spec):
        if not isinstance(spec, dict):
            self.bad(spec, None, "a behaviour is a mapping")
            return
        for k in spec:
            if k in TOP_KEY_CHECKS:
                problem = TOP_KEY_CHECKS[k][0](spec[k], self)
                if problem:
                    self.missing(k, problem, spec, k)
            elif k not in TOP_KEYS:
                self.missing("behaviour key", k, spec, k)
        for i, k in enumerate(spec.get("keywords") or []):
            if _kw(k) not in KEYWORDS:
                self.missing("keyword", _kw(k), spec.get("keywords"), i)
        if spec.get("enchant"):
            self.filter(spec["enchant"])
        for key, known in (("enters_choice", ENTERS_CHOICES), ("pt_cda", PT_CDAS)):
            v = spec.get(key)
            if isinstance(v, dict) and key in DICT_VALUE_CHECKS:
                DICT_VALUE_CHECKS[key](v, self)         # e.g. a counted CDA (mechanics/characteristic_pt.py)
            elif v is not None and not (isinstance(v, str) and v in known):
                self.missing(key, v if isinstance(v, str) else repr(v), spec, key)
        et = spec.get("enters_tapped")
        if isinstance(et, dict) and "enters_tapped" in DICT_VALUE_CHECKS:
            problem = DICT_VALUE_CHECKS["enters_tapped"](et, self)      # mechanics/enters_tapped.py
            if problem:
                self.missing("enters_tapped", problem, spec, "enters_tapped")
        elif et not in (None, True):
            self.missing("enters_tapped", repr(et), spec, "enters_tapped")
        if spec.get("bestow") is not None and "bestow" not in CAST_MODES:
            self.missing("cast mode", "bestow", spec, "bestow")
        sp = spec.get("spell")
        if sp is not None:
            self.keys(sp, SPELL_KEYS, "spell")
            self.targets(sp.get("targets") or [])
            self.effects(sp.get("effects") or [])
            groups = sp.get("modes") or []
            if len(groups) > 1:
                self.missing("spell modes", "several choices", sp, "modes")
            for grp in groups:
                if not isinstance(grp, dict) or grp.get("choose") not in MODE_COUNTS:
                    self.missing("modes choose", repr(grp.get("choose") if isinstance(grp, dict) else grp),
                                 sp, "modes")
                    continue
                for m in grp.get("modes") or []:
                    self.ability(m, SPELL_KEYS - {"modes"}, "mode")
        for t in spec.get("triggers") or []:
            self.trigger(t)
        for a in spec.get("activated") or []:
            self.activated(a)
        for s in spec.get("statics") or []:
            self.static(s)

    def ability(self, d, allowed, what) -> bool:
        """The shape every ability shares: a mapping of known keys, with targets and effects."""
        if not isinstance(d, dict):
            self.bad(d, None, f"a {what} is a mapping")
            return False
        self.keys(d, allowed, what)
        self.targets(d.get("targets") or [])
        self.effects(d.get("effects") or [])
        return True

    def trigger(self, t):
        if not self.ability(t, TRIGGER_KEYS, "trigger"):
            return
        if t.get("event") not in EVENTS:
            self.missing("event", t.get("event"), t, "event")
        if t.get("object"):
            self.filter(t["object"])
        if t.get("other_party"):                 # the event's second object ("blocks a creature with flying")
            if t.get("event") not in PAIR_EVENTS:
                self.missing("other_party of", t.get("event"), t, "other_party")
            self.filter(t["other_party"])
        if t.get("if"):
            self.conditions(t["if"])
        if "whose" in t and t["whose"] not in WHOSE:
            self.missing("whose", t["whose"], t, "whose")
        if "modes" in t:                       # 700.2b: one mode, chosen as the trigger is put on the stack
            grp = t["modes"]
            if not isinstance(grp, dict) or grp.get("choose") != "one":
                self.missing("trigger modes choose", repr(grp.get("choose") if isinstance(grp, dict) else grp),
                             t, "modes")
            else:
                for m in grp.get("modes") or []:
                    self.ability(m, SPELL_KEYS - {"modes"}, "mode")

    def activated(self, a):
        if not self.ability(a, ACTIVATED_KEYS | set(COSTS), "activated-ability"):
            return
        self.costs(a)
        if a.get("sacrifice_other"):
            f = a["sacrifice_other"]
            n = f.get("n") if isinstance(f, dict) else None
            # "Sacrifice two Goblins" (602.2b, 701.17a): a whole number of permanents (casting.py)
            self.filter({k: x for k, x in f.items() if k != "n"} if isinstance(n, int) and n > 0 else f)

    def costs(self, a):
        for k, v in a.items():
            if k in COST_CHECKS:
                problem = COST_CHECKS[k](v, self)
                if problem:
                    self.missing(f"cost {k}", problem, a, k)

    def cost_mapping(self, v, allowed, what):
        """A cost mapping paid by an effect (118.12): only the cost keys its handler can check and pay."""
        if not isinstance(v, dict) or not v:
            self.bad(v, None, f"{what}: a cost is a non-empty mapping")
            return
        for k in v:
            if k not in allowed:
                self.missing(what, k, v, k)
        self.costs(v)
        if isinstance(v.get("sacrifice_other"), dict):
            self.filter({k: x for k, x in v["sacrifice_other"].items() if k != "n"})

    def static(self, s):
        if not isinstance(s, dict):
            self.bad(s, None, "a static ability is a mapping")
            return
        for k, v in s.items():
            if k in STATIC_MODIFIERS:
                if k == "affected":
                    self.filter(v)
                elif k == "if":
                    self.conditions(v)
                continue
            spec = STATICS.get(k)
            if spec is None:
                self.missing("static", k, s, k)
                continue
            if k == "grant":
                self.kws(v, s, k)
            elif k in ("enchanted", "equipped") and isinstance(v, dict):
                self.keys(v, ("pt", "grant"), k)
                if v.get("grant"):
                    self.kws(v["grant"], v, "grant")     # a granted quoted ability is not run by the layers
                if not all(isinstance(x, int) or x == "cda" for x in v.get("pt") or []):
                    self.missing(f"{k} pt", repr(v.get("pt")), v, "pt")
            elif isinstance(v, dict) and "grant" in v:
                self.kws(v["grant"], v, "grant")
            if k == "grant_activated" and isinstance(v, dict):
                self.activated(v)
            if k in STATIC_CHECKS:
                problem = STATIC_CHECKS[k](v, self)
                if problem:
                    self.missing(f"static {k}", problem, s, k)
            if isinstance(v, dict):
                if spec.keys is not None:
                    self.keys(v, spec.keys, f"static {k}")
                for vk in spec.values:
                    if vk in v:
                        self.value(v[vk], v, vk)
            for fk in spec.filters:
                sub = v if fk == k else (v.get(fk) if isinstance(v, dict) else None)
                if isinstance(sub, dict):
                    self.filter(sub)

    def targets(self, specs):
        for t in specs:
            if not isinstance(t, dict):
                self.bad(specs, None, "a TARGET is a mapping")
                continue
            self.keys(t, TARGET_KEYS, "target")
            for k in ("n", "up_to"):
                if k in t and not (isinstance(t[k], int) and not isinstance(t[k], bool) and t[k] >= 1
                                   or k == "up_to" and t[k] == "any" or k == "n" and t[k] == "X"):
                    self.missing(f"target {k}", repr(t[k]), t, k)
            kind = t.get("kind", "permanent")
            if kind not in TARGETS:
                self.missing("target kind", kind, t, "kind")
            if t.get("filter"):
                self.filter(t["filter"])

    def filter(self, f):
        if not isinstance(f, dict):
            self.bad(f, None, f"a FILTER is a mapping, got {f!r}")
            return
        for k, v in f.items():
            if k not in FILTERS:
                self.missing("filter", k, f, k)
            elif k in FILTER_VALUES and not _accepts(FILTER_VALUES[k], v):
                self.missing(f"filter {k}", v if isinstance(v, str) else repr(v), f, k)
            elif k in ("any_of", "none_of"):
                for sub in v or []:
                    self.filter(sub)

    def conditions(self, c):
        if not isinstance(c, dict):
            self.bad(c, None, "a CONDITION is a mapping")
            return
        for k, v in c.items():
            entry = CONDITIONS.get(k)
            if entry is None:
                self.missing("condition", k, c, k)
                continue
            if k == "not":                           # a nested CONDITION, checked as one
                self.conditions(v)
                continue
            for fk in entry[1]:
                sub = v if fk == k else (v.get(fk) if isinstance(v, dict) else None)
                if isinstance(sub, dict):
                    self.filter(sub)

    def value(self, v, obj, key):
        """An int, ``form:arg`` or ``{form: arg}`` of a registered value form (with an argument it reads)."""
        if isinstance(v, int) and not isinstance(v, bool):
            return
        if isinstance(v, str):
            form, _, arg = v.partition(":")
        elif isinstance(v, dict) and (len(v) == 1 or set(v) == {"count", "times"}):
            form = "count" if "times" in v else next(iter(v))
            arg = v[form]
            if "times" in v:
                self.value(v["times"], v, "times")
        else:
            self.missing("value", repr(v), obj, key)
            return
        allowed = VALUE_ARGS.get(form)
        if form not in VALUES:
            self.missing("value form", form, obj, key)
        elif callable(allowed):
            problem = allowed(arg, self)
            if problem:
                self.missing(f"value {form}", problem, obj, key)
        elif allowed is not None and not (isinstance(arg, (str, int)) and str(arg) in allowed):
            self.missing(f"value {form}", repr(arg), obj, key)

    def effects(self, effs):
        if not isinstance(effs, list):
            self.bad(effs, None, "effects are a list")
            return
        for i, e in enumerate(effs):
            if not isinstance(e, dict) or len(e) != 1:
                self.bad(effs, i, f"an EFFECT is a mapping with one key, got {e!r}")
                continue
            (verb, arg), = e.items()
            spec = EFFECTS.get(verb)
            if spec is None:
                self.missing("effect", verb, e, verb)
                continue
            if "*" in spec.nested:                  # the argument is an EFFECT list
                self.effects(arg)
            elif isinstance(arg, dict) and spec.values and is_value(arg):
                self.value(arg, e, verb)
            elif isinstance(arg, dict):
                if spec.keys is not None:
                    self.keys(arg, spec.keys, verb)
                elif "*" not in spec.filters:
                    self.missing(f"{verb} argument", "mapping", e, verb)
                for k in spec.players:
                    if k in arg:
                        self.words(arg[k], PLAYER_WORDS, f"{verb} {k}", arg, k)
                for k in spec.objects:
                    if k in arg:
                        self.words(arg[k], OBJECT_WORDS, f"{verb} {k}", arg, k)
                for k in spec.keywords:
                    if k in arg:
                        self.kws(arg[k], arg, k)
                for k in spec.conditions:
                    if k in arg:
                        self.conditions(arg[k])
                for k, allowed in spec.costs.items():
                    if k in arg:
                        self.cost_mapping(arg[k], allowed, f"{verb} {k}")
                for k in spec.nested:
                    if k in arg:
                        self.effects(arg[k])
                for k in spec.filters:
                    if k == "*":
                        self.filter(arg)
                    elif isinstance(arg.get(k), dict):
                        self.filter(arg[k])
                for k in spec.values:
                    if k in arg:
                        self.value(arg[k], arg, k)
                if isinstance(arg.get("pt"), list):
                    for x in arg["pt"]:
                        self.value(x, arg, "pt")
                for k, names in spec.enums.items():
                    if k in arg and callable(names):
                        problem = names(arg[k])
                        if problem:
                            self.missing(f"{verb} {k}", problem, arg, k)
                    elif k in arg and not (isinstance(arg[k], str) and arg[k] in names):
                        self.missing(f"{verb} {k}", arg[k] if isinstance(arg[k], str) else repr(arg[k]), arg, k)
            elif "*" in spec.enums:
                if arg not in spec.enums["*"]:
                    self.missing(verb, repr(arg), e, verb)
            elif "*" in spec.objects:
                self.words(arg, OBJECT_WORDS, verb, e, verb)
            elif "*" in spec.players:
                self.words(arg, PLAYER_WORDS, verb, e, verb)
            elif spec.values:
                self.value(arg, e, verb)


def expand_targets(specs):
    """601.2c: "two target creatures" (`n: 2`) is two target choices, "up to two" (`up_to: 2`) two optional
    ones (marked ``optional``): the engine sees one spec per choice."""
    if not specs or not any("n" in s or "up_to" in s for s in specs):
        return specs
    out = []
    for s in specs:
        base = {k: v for k, v in s.items() if k not in ("n", "up_to")}
        if s.get("n") == "X":                   # "X target creatures": as many as the announced X (expand_x)
            out.append(dict(base, x_times=True, group=id(s)))
        elif "up_to" in s:
            n = UP_TO_ANY if s["up_to"] == "any" else s["up_to"]
            out += [dict(base, optional=True, group=id(s)) for _ in range(n)]
        else:
            out += [dict(base, group=id(s)) for _ in range(s.get("n", 1))]
    return out


def expand_x(specs, x: int):
    """601.2b–c: "X target …" — X is announced before targets are chosen, then that many are chosen (one spec
    per choice; X = 0: none)."""
    if not any(s.get("x_times") for s in specs):
        return specs
    out = []
    for s in specs:
        if s.get("x_times"):
            out += [{k: v for k, v in s.items() if k != "x_times"} for _ in range(max(0, int(x or 0)))]
        else:
            out.append(s)
    return out


def is_value(v) -> bool:
    """Whether an effect argument is a value (int, ``form:arg``, ``{count: …}``) rather than a mapping of keys."""
    if not isinstance(v, dict):
        return True
    return "count" in v and set(v) <= {"count", "times"} or \
        (len(v) == 1 and next(iter(v)) in ("negate", "sum", "times_kicked", "counters_on", "greatest", "product", "died_this_turn"))


def _line_of(obj, key):
    lines = getattr(obj, "lines", None)
    if lines is not None and key is not None:
        if isinstance(lines, dict) and key in lines:
            return lines[key]
        if isinstance(lines, list) and isinstance(key, int) and 0 <= key < len(lines):
            return lines[key]
    return getattr(obj, "line", None)


def _ready():
    if not EFFECTS:
        raise RuntimeError("the engine's registrations are not loaded (import engine.game first)")


def check(spec, where: str = "<behaviour>") -> list[str]:
    """Problems of one behaviour spec: unknown keys and names, each ``where[:line]: message`` (line numbers
    when ``spec`` comes from ``engine.yamlines``)."""
    _ready()
    c = _Checker(where)
    c.spec(spec)
    return c.problems


def unhandled(spec) -> list[str]:
    """Keys and verbs of ``spec`` that no engine handler runs (``"effect exile_top"``, ``"keyword ward"`` …);
    empty when the engine can run the behaviour."""
    _ready()
    c = _Checker("")
    c.spec(spec)
    return list(dict.fromkeys(c.unhandled))


def filter_problems(f) -> str:
    """What of a FILTER nested inside an effect argument no filter key understands ("" when all of it)."""
    c = _Checker("")
    c.filter(f)
    return ", ".join(c.unhandled)


def value_problems(v) -> str:
    """What of a VALUE nested inside an effect argument no value form computes ("" when all of it)."""
    c = _Checker("")
    c.value(v, {}, "n")
    return ", ".join(c.unhandled)


# --------------------------------------------------------------------------- documentation
README_BEGIN = "<!-- vocabulary:begin (generated by engine.vocabulary.markdown(); tests/engine/test_vocabulary.py checks it) -->"
README_END = "<!-- vocabulary:end -->"


def _doc(fn) -> str:
    d = (getattr(fn, "__doc__", None) or "").strip().split("\n\n")[0]
    return " ".join(d.split()).replace("|", "\\|")


def _where(fn) -> str:
    return "`" + fn.__module__.replace("engine.game.", "") + "`"


def _table(head: str, rows) -> list[str]:
    cols = head.count("|") - 1
    return ["", head, "|" + "---|" * cols] + [f"| {' | '.join(r)} |" for r in rows]


def markdown() -> str:
    """The vocabulary as Markdown tables (the block between README_BEGIN and README_END in engine/README.md)."""
    def keys(s):
        return ", ".join(f"`{k}`" for k in sorted(s.keys)) if s.keys is not None else "(a value or name)"

    out = [README_BEGIN]
    out += _table("| effect | argument keys | module | what |",
                  ([f"`{v}`", keys(s), _where(s.fn), _doc(s.fn)] for v, s in sorted(EFFECTS.items())))
    out += _table("| event | module | what |", ([f"`{k}`", _where(f), _doc(f)] for k, f in sorted(EVENTS.items())))
    out += _table("| static | what |", ([f"`{k}`", s.doc] for k, s in sorted(STATICS.items())))
    out += _table("| behaviour key | what |", ([f"`{k}`", d] for k, (_, d) in sorted(TOP_KEY_CHECKS.items())))
    out += _table("| filter key | module | what |",
                  ([f"`{k}`", _where(f), _doc(f)] for k, f in sorted(FILTERS.items())))
    out += _table("| condition | module | what |",
                  ([f"`{k}`", _where(f), _doc(f)] for k, (f, _) in sorted(CONDITIONS.items())))
    out += _table("| target kind | what |", ([f"`{k}`", _doc(f)] for k, f in sorted(TARGETS.items())))
    out += _table("| value form | what |", ([f"`{k}:…`", _doc(f)] for k, f in sorted(VALUES.items())))
    out += _table("| keyword | CR |", ([f"`{k}`", r] for k, r in sorted(KEYWORDS.items())))
    out += ["", "Cast modes: " + ", ".join(f"`{k}`" for k in sorted(CAST_MODES)) + ".", "", README_END]
    return "\n".join(out)

