"""The game model and the rules: zones, objects, layers, triggers, the stack, state-based actions, combat.

Comprehensive Rules numbers are cited where a rule drives the behaviour.  Card behaviour comes from
``engine.behaviours`` (data); nothing here knows a card by name.
"""
from __future__ import annotations

import re

from . import behaviours
from .behaviours import VANILLA, Behaviour
from .errors import EngineError, IllegalAction, NoBehaviour, ScenarioError

STEPS = ("untap", "upkeep", "draw", "main1", "begin_combat", "declare_attackers", "declare_blockers",
         "combat_damage", "end_combat", "main2", "end", "cleanup")
STEP_RULES = {"untap": "502", "upkeep": "503", "draw": "504", "main1": "505", "begin_combat": "507",
              "declare_attackers": "508", "declare_blockers": "509", "combat_damage": "510", "end_combat": "511",
              "main2": "505", "end": "513", "cleanup": "514"}
ZONES = ("library", "hand", "battlefield", "graveyard", "stack", "exile")
MAX_RESOLUTIONS = 400          # runaway loop bound per scenario
MAX_TRIGGERS = 2000
_SYM = re.compile(r"\{([^}]+)\}")
BASIC_MANA = {"Plains": "W", "Island": "U", "Swamp": "B", "Mountain": "R", "Forest": "G"}
COLORS = "WUBRG"
KEYWORD_COUNTERS = {"flying", "first_strike", "double_strike", "deathtouch", "hexproof", "indestructible",
                    "lifelink", "menace", "reach", "trample", "vigilance", "haste"}

# Token definitions used by effects (702/111.4: a token's characteristics are set by the effect).
TOKENS = {
    "soldier": dict(name="Soldier Token", types=["Creature"], subtypes=["Soldier"], colors="W", pt=(1, 1)),
    "cleric": dict(name="Cleric Token", types=["Enchantment", "Creature"], subtypes=["Cleric"], colors="W",
                   pt=(2, 1)),
    "elf_warrior": dict(name="Elf Warrior Token", types=["Creature"], subtypes=["Elf", "Warrior"], colors="G",
                        pt=(1, 1)),
    "snake_deathtouch": dict(name="Snake Token", types=["Enchantment", "Creature"], subtypes=["Snake"], colors="BG",
                             pt=(1, 1), keywords=["deathtouch"]),
}
_TOKEN_BEH: dict[str, Behaviour] = {}


def token_behaviour(d) -> Behaviour:
    if not d.get("keywords"):
        return VANILLA
    b = _TOKEN_BEH.get(d["name"])
    if b is None:
        b = _TOKEN_BEH[d["name"]] = Behaviour(d["name"], {"keywords": d["keywords"]})
    return b


def symbols(cost: str | None) -> list[str]:
    return _SYM.findall(cost) if cost else []


def _int(v) -> int:
    try:
        return int(v)
    except (TypeError, ValueError):
        return 0


class Chars:
    """Characteristics after applying continuous effects (613)."""
    __slots__ = ("name", "types", "subtypes", "supertypes", "colors", "power", "toughness", "keywords")

    def __init__(self, name, types, subtypes, supertypes, colors, power, toughness, keywords):
        self.name, self.types, self.subtypes, self.supertypes = name, types, subtypes, supertypes
        self.colors, self.power, self.toughness, self.keywords = colors, power, toughness, keywords


class TokenCard:
    """Card-like record for a token (no mana cost, no rules text beyond its definition)."""
    __slots__ = ("name", "cost", "colors", "types", "subtypes", "supertypes", "power", "toughness", "has_text")

    def __init__(self, d):
        self.name, self.cost, self.colors = d["name"], None, d.get("colors", "")
        self.types, self.subtypes, self.supertypes = list(d["types"]), list(d.get("subtypes", [])), []
        self.power, self.toughness = d["pt"]
        self.has_text = False


class Obj:
    """A game object.  Every zone change makes a new Obj (400.7); `card_no` follows the physical card."""
    __slots__ = ("oid", "card", "beh", "card_no", "ordinal", "owner", "controller", "zone", "tapped", "counters",
                 "damage", "deathtouch", "attached_to", "monstrous", "token", "bestowed", "timestamp",
                 "since_turn", "targets", "mode", "gone", "lki", "is_ability", "chosen")

    def __init__(self, oid, card, beh, card_no, ordinal, owner, zone):
        self.oid, self.card, self.beh, self.card_no, self.ordinal = oid, card, beh, card_no, ordinal
        self.owner = self.controller = owner
        self.zone = zone
        self.tapped = False
        self.counters: dict[str, int] = {}
        self.damage = 0
        self.deathtouch = False
        self.attached_to = None
        self.monstrous = False
        self.token = False
        self.bestowed = False
        self.timestamp = 0
        self.since_turn = 0
        self.targets = []
        self.mode = None
        self.gone = False
        self.lki = None
        self.is_ability = False
        self.chosen = None

    @property
    def name(self) -> str:
        return self.card.name

    def __repr__(self):
        return f"<{self.card.name}#{self.ordinal} {self.zone} oid={self.oid}>"


class StackAbility:
    """A triggered or activated ability (on the stack or waiting to be put there)."""
    __slots__ = ("oid", "source", "spec", "index", "controller", "targets", "event", "kind", "gone", "zone",
                 "is_ability", "card_no")

    def __init__(self, oid, source, spec, index, controller, event, kind):
        self.oid, self.source, self.spec, self.index = oid, source, spec, index
        self.controller, self.event, self.kind = controller, event, kind
        self.targets = []
        self.gone = False
        self.zone = "stack"
        self.is_ability = True
        self.card_no = source.card_no

    @property
    def name(self) -> str:
        return self.source.card.name

    @property
    def label(self) -> str:
        return f"{self.source.card.name}: {self.spec.get('name')}"

    def __repr__(self):
        return f"<ability {self.label}>"


class Event:
    __slots__ = ("kind", "obj", "new", "frm", "to", "player", "amount", "source", "color")

    def __init__(self, kind, obj=None, new=None, frm=None, to=None, player=None, amount=0, source=None, color=None):
        self.kind, self.obj, self.new, self.frm, self.to = kind, obj, new, frm, to
        self.player, self.amount, self.source, self.color = player, amount, source, color

    def subject(self):
        """The object the event is about, as the trigger sees it (the new object for enters events)."""
        if self.kind == "zone" and self.to == "battlefield":
            return self.new
        return self.obj


class Ctx:
    __slots__ = ("source", "controller", "targets", "event", "ability")

    def __init__(self, source, controller, targets, event, ability):
        self.source, self.controller, self.targets, self.event, self.ability = (source, controller, targets,
                                                                                event, ability)



def _second_person(msg: str) -> str:
    """``you casts X`` → ``you cast X``: log lines are written for any player ("opponent casts X")."""
    if not msg.startswith("you "):
        return msg

    def base(verb: str) -> str:
        if verb in ("has", "does"):
            return {"has": "have", "does": "do"}[verb]
        if verb.endswith("ies") and len(verb) > 4:
            return verb[:-3] + "y"
        if verb.endswith(("ches", "shes", "sses", "xes")):
            return verb[:-2]
        return verb[:-1] if verb.endswith("s") and not verb.endswith("ss") else verb

    words = msg[4:].split(" ")
    words[0] = base(words[0])
    for i in range(1, len(words) - 1):                  # "you has … and loses the game"
        if words[i] == "and" and words[i + 1] in _SECOND_VERBS:
            words[i + 1] = base(words[i + 1])
    return "you " + " ".join(words)


_SECOND_VERBS = {"loses", "finds", "draws", "gains", "casts", "discards", "pays", "puts", "reveals", "shuffles"}


def _chosen_colors(v, src):
    """A filter's colours; ``chosen`` is the colour chosen as the source entered (614.12)."""
    if v == "chosen":
        return (src.chosen or "") if src is not None else ""
    return v


# Object filters (``affected``, ``object``, target filters): key -> test(game, obj, chars, value, src, ctrl, ev).
# Every key of a filter must hold.
FILTERS = {
    "types": lambda g, o, c, v, src, ctrl, ev: all(t in c.types for t in v),
    "types_any": lambda g, o, c, v, src, ctrl, ev: any(t in c.types for t in v),
    "not_types": lambda g, o, c, v, src, ctrl, ev: not any(t in c.types for t in v),
    "subtypes": lambda g, o, c, v, src, ctrl, ev: any(t in c.subtypes for t in v),
    "not_subtypes": lambda g, o, c, v, src, ctrl, ev: not any(t in c.subtypes for t in v),
    "supertypes": lambda g, o, c, v, src, ctrl, ev: all(t in c.supertypes for t in v),
    "controller": lambda g, o, c, v, src, ctrl, ev: (o.controller == ctrl) == (v == "you"),
    "owner": lambda g, o, c, v, src, ctrl, ev: (o.owner == ctrl) == (v == "you"),
    "self": lambda g, o, c, v, src, ctrl, ev: (src is not None and o.oid == src.oid) == bool(v),
    "other": lambda g, o, c, v, src, ctrl, ev:
        src is None or (o.oid == src.oid or o.card_no == src.card_no) != bool(v),
    "other_than_event": lambda g, o, c, v, src, ctrl, ev:
        not (v and ev is not None and (s := ev.subject()) is not None and o.card_no == s.card_no),
    "enchanted": lambda g, o, c, v, src, ctrl, ev: src is not None and (src.attached_to == o.oid) == bool(v),
    "self_or_enchanted": lambda g, o, c, v, src, ctrl, ev:
        src is not None and (o.oid == src.oid or src.attached_to == o.oid),
    "attacking": lambda g, o, c, v, src, ctrl, ev: (o.oid in g.attackers) == bool(v),
    "token": lambda g, o, c, v, src, ctrl, ev: o.token == bool(v),
    "name": lambda g, o, c, v, src, ctrl, ev: c.name == v,
    "colors": lambda g, o, c, v, src, ctrl, ev: any(x in c.colors for x in _chosen_colors(v, src)),
    "power_at_most": lambda g, o, c, v, src, ctrl, ev: c.power <= v,
    "power_at_least": lambda g, o, c, v, src, ctrl, ev: c.power >= v,
    "any_of": lambda g, o, c, v, src, ctrl, ev: any(g.match(o, c, sub, src, ctrl, ev) for sub in v),
    "ability_kind": lambda g, o, c, v, src, ctrl, ev: o.is_ability and o.kind == v,
    "event_color_chosen": lambda g, o, c, v, src, ctrl, ev:
        ev is not None and src is not None and ev.color == src.chosen,
}

class Game:
    def __init__(self, cards, players, strict=True, log=False):
        self.cards = cards
        self.players = list(players)
        self.strict = strict
        self.logging = log
        self.lines: list[str] = []
        self.life = {p: 20 for p in self.players}
        self.pcounters = {p: {} for p in self.players}
        self.pool = {p: {} for p in self.players}
        self.lost: set[str] = set()
        self.drew_empty: set[str] = set()
        self.bf: list[Obj] = []
        self.stack: list = []                          # bottom .. top
        self.pz = {p: {z: [] for z in ("library", "hand", "graveyard", "exile")} for p in self.players}
        self.current: dict[int, Obj] = {}            # card_no -> current object
        self.ordinals: dict[str, int] = {}
        self.next_oid = 1
        self.next_card = 1
        self.ts = 0
        self.turn = 1
        self.step = "main1"
        self.step_started = True
        self.active = self.players[0]
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
        self.stray_tokens = False                      # a token has left the battlefield (704.5d pending)
        self.entered: list[tuple] = []                 # (turn, controller, card_no) of creatures entering
        self.draws: dict[tuple, int] = {}              # (turn, player) -> cards drawn
        self.phase = ("", "")                          # (cast|activation|stack|resolution|sba, what)
        self.choice_log: list[tuple] = []              # (player, kind, value, phase, what)
        self.effect_log: list[tuple] = []              # (source name, ability label, summary)
        self._cc: dict[int, Chars] = {}

    # ------------------------------------------------------------------ utilities
    def log(self, rule: str, msg: str) -> None:
        if self.logging:
            msg = _second_person(msg)
            self.lines.append(f"{rule} {msg}" if rule else msg)

    def touch(self) -> None:
        self._cc.clear()

    def opponents(self, p):
        return [q for q in self.players if q != p and q not in self.lost]

    def apnap(self):
        """Players in APNAP order (101.4): active player first, then in turn order."""
        i = self.players.index(self.active)
        return self.players[i:] + self.players[:i]

    def new_card_no(self, name: str) -> tuple[int, int]:
        n = self.next_card
        self.next_card += 1
        k = self.ordinals.get(name, 0) + 1
        self.ordinals[name] = k
        return n, k

    def behaviour_for(self, card) -> Behaviour:
        if not card.types:
            raise NoBehaviour(card.name)              # no characteristics known: can't be simulated
        b = behaviours.get(card.name)
        if b is None:
            if behaviours.needs_behaviour(card):
                raise NoBehaviour(card.name)
            return VANILLA
        return b

    def make(self, card, owner, zone, *, token=False, beh=None) -> Obj:
        if beh is None:
            beh = VANILLA if token else self.behaviour_for(card)
        card_no, ordinal = self.new_card_no(card.name)
        o = Obj(self.next_oid, card, beh, card_no, ordinal, owner, zone)
        self.next_oid += 1
        o.token = token
        self.current[card_no] = o
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
            for z in ("hand", "graveyard", "exile", "library"):
                yield from self.pz[p][z]

    # ------------------------------------------------------------------ characteristics (613)
    def devotion(self, player, colors) -> int:
        """700.5: mana symbols in the mana costs of permanents `player` controls that are of the colors.

        A hybrid symbol counts once if any of its halves is one of the colors; Phyrexian symbols count."""
        cols = set(colors)
        n = 0
        for o in self.bf:
            if o.controller != player:
                continue
            for s in symbols(o.card.cost):
                if cols.intersection(s.split("/")):
                    n += 1
        return n

    def _statics(self):
        out = []
        for o in self.bf:
            for s in o.beh.statics:
                out.append((o.timestamp, o, s))
        out.sort(key=lambda x: x[0])
        return out

    def chars(self, o) -> Chars:
        if o.is_ability:
            return Chars(o.name, [], [], [], "", 0, 0, frozenset())
        if o.gone and o.lki is not None:
            return o.lki
        c = self._cc.get(o.oid)
        if c is None:
            c = self._compute(o)
            self._cc[o.oid] = c
        return c

    def _base(self, o) -> Chars:
        card = o.card
        if "devoid" in o.beh.keywords:
            colors = ""                                # 702.114a: devoid — the object has no color
        else:
            colors = card.colors or "".join(x for x in COLORS if any(x in s.split("/") for s in symbols(card.cost)))
        return Chars(card.name, list(card.types), list(card.subtypes), list(card.supertypes), colors,
                     _int(card.power), _int(card.toughness), set(o.beh.keywords))

    def _compute(self, o) -> Chars:
        c = self._base(o)
        if o.bestowed:
            # 702.103b: a bestowed spell/permanent is an Aura enchantment with enchant creature, not a
            # creature (layer 4 type change, layer 6 ability) — ends per 702.103e/f.
            if "Creature" in c.types:
                c.types.remove("Creature")
            c.subtypes = ["Aura"]
            c.keywords.add("enchant_creature")
        if o.beh.pt_cda:
            c.power = c.toughness = self.cda_value(o.beh.pt_cda)      # 604.3 / 613.4a (all zones)
        if o.zone != "battlefield":
            return c
        statics = self._statics()
        # Layer 4: type-changing effects (613.1d).
        for _, src, s in statics:
            dv = s.get("not_creature_unless_devotion")
            if dv and (src is o if s.get("self_only") else self._affects(src, s, o, c)):
                cols = dv["color"] if isinstance(dv["color"], list) else [dv["color"]]
                if self.devotion(src.controller, cols) < dv["n"] and "Creature" in c.types:
                    c.types.remove("Creature")      # 700.5 / Theros gods
        # Layer 6: ability adding/removing effects (613.1f).
        for _, src, s in statics:
            if s.get("layer") == 6 and s.get("grant") and self._affects(src, s, o, c):
                c.keywords.update(s["grant"])
            en = s.get("enchanted")
            if en and en.get("grant") and src.attached_to == o.oid and self._is_attached_aura(src):
                c.keywords.update(en["grant"])
        for e in self.effects:
            if o.oid in e["ids"] and e.get("grant"):
                c.keywords.update(e["grant"])
        for kind in o.counters:                       # 122.1b: keyword counters grant that keyword
            if kind in KEYWORD_COUNTERS and o.counters[kind] > 0:
                c.keywords.add(kind)
        # Layer 7c: P/T modifications and counters (613.4c).
        p, t = c.power, c.toughness
        for _, src, s in statics:
            if s.get("layer") == "7c" and s.get("pt") and self._affects(src, s, o, c):
                p += s["pt"][0]
                t += s["pt"][1]
            en = s.get("enchanted")
            if en and en.get("pt") and src.attached_to == o.oid and self._is_attached_aura(src):
                dp, dt = en["pt"]
                if dp == "cda" or dt == "cda":
                    x = self.cda_value(src.beh.pt_cda)
                    dp, dt = (x if dp == "cda" else dp), (x if dt == "cda" else dt)
                p += dp
                t += dt
        for e in self.effects:
            if o.oid in e["ids"] and e.get("pt"):
                p += e["pt"][0]
                t += e["pt"][1]
        for kind, n in o.counters.items():
            if kind == "+1/+1":
                p += n
                t += n
            elif kind == "-1/-1":
                p -= n
                t -= n
        c.power, c.toughness = p, t
        return c

    def cda_value(self, kind) -> int:
        if kind == "creature_cards_in_graveyards":
            return sum(1 for p in self.players for o in self.pz[p]["graveyard"] if "Creature" in o.card.types)
        raise EngineError(f"unknown characteristic-defining value {kind!r}")

    @property
    def watch_etb_triggers(self) -> bool:
        return any(t["event"] == "etb_ability_triggered" for o in self.bf for t in o.beh.triggers)

    @property
    def has_state_triggers(self) -> bool:
        return any(t["event"] == "state" for o in self.bf for t in o.beh.triggers)

    def _is_attached_aura(self, src) -> bool:
        return src.bestowed or "Aura" in src.card.subtypes

    def _affects(self, src, s, o, c) -> bool:
        f = s.get("affected")
        if f is None:
            return False
        return self.match(o, c, f, src, src.controller)

    def match(self, o, c, f, src, ctrl, ev=None) -> bool:
        """Whether object `o` (characteristics `c`) matches filter `f`, relative to source/controller."""
        for k, v in f.items():
            test = FILTERS.get(k)
            if test is None:
                raise EngineError(f"unknown filter key {k!r}")
            if not test(self, o, c, v, src, ctrl, ev):
                return False
        return True

    # ------------------------------------------------------------------ choices
    def queue_choice(self, player, kind, value, where=None):
        self.choices[player].append([kind, value, False, where])

    def _take(self, player, kinds):
        for entry in self.choices[player]:
            if not entry[2] and entry[0] in kinds:
                entry[2] = True
                self.choice_log.append((player, entry[0], entry[1], self.phase[0], self.phase[1]))
                return entry
        return None

    def _take_matching(self, player, kind, ok):
        """Use the first unused queued answer of `kind` if it agrees with the forced answer."""
        for entry in self.choices[player]:
            if not entry[2] and entry[0] == kind:
                if ok(entry[1]):
                    entry[2] = True
                    self.choice_log.append((player, kind, entry[1], self.phase[0], self.phase[1]))
                return

    def _names_match(self, given, objs) -> bool:
        given = given if isinstance(given, list) else [given]
        if len(given) != len(objs):
            return False
        for name, x in zip(given, objs):
            if isinstance(x, str):
                if str(name) != x:
                    return False
            elif self.lookup_target(str(name), [x]) is None:
                return False
        return True

    def _need(self, player, kind, what):
        raise ScenarioError(None, None, f"choice needed: {kind} for {player} — {what} (queue `choose: {{{kind}: …}}`"
                                        f" by {player}, or set strict_choices: false)")

    def choose_yes(self, player, what, kinds=("may", "pay")) -> bool:
        e = self._take(player, kinds)
        if e is None:
            if not self.strict:
                return True
            self._need(player, kinds[0], what)
        v = e[1]
        if isinstance(v, str):
            v = v.lower() in ("yes", "true", "y")
        self.log("", f"choice by {player}: {e[0]} {'yes' if v else 'no'} ({what})")
        return bool(v)

    def choose_card(self, player, cands, what, by_object=False):
        """A non-targeted pick among objects; identical names count as one answer unless `by_object`."""
        if not cands:
            return None
        if len(cands) == 1 or (not by_object and len({o.name for o in cands}) == 1):
            self._take_matching(player, "card", lambda v: self._names_match([v], cands[:1]))
            return cands[0]
        e = self._take(player, ("card",))
        if e is None:
            if not self.strict:
                return cands[0]
            self._need(player, "card", f"{what}: one of {sorted({f'{o.name}#{o.ordinal}' for o in cands})}")
        name, k = split_ordinal(self.resolve_name(e[1]))
        for o in cands:
            if o.name == name and (k is None or o.ordinal == k):
                self.log("", f"choice by {player}: {o.name} ({what})")
                return o
        raise IllegalAction(f"{e[1]} is not a legal choice for {what}")

    def choose_color(self, player, what):
        e = self._take(player, ("color",))
        if e is None:
            if not self.strict:
                return "G"
            self._need(player, "color", what)
        return str(e[1])

    def unused_choices(self):
        out = []
        for p, q in self.choices.items():
            for kind, value, used, where in q:
                if not used:
                    out.append((p, kind, value, where))
        return out

    # ------------------------------------------------------------------ names
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
        for o in self.objects():
            if o.name != base or (k is not None and o.ordinal != k):
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

    # ------------------------------------------------------------------ zone changes (400.7)
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
            new = self._move(o, to, opts or {})
            news.append(new)
            events.append(Event("zone", obj=o, new=new, frm=frm, to=to))
        self.touch()
        if leaving:
            for o in self.bf:
                o.lki = None
        self.detect(events, before)
        return news

    def _move(self, o, to, opts) -> Obj:
        frm = o.zone
        self.zone_list(o).remove(o)
        o.gone = True
        if frm == "battlefield":
            for x in self.bf:
                if x.attached_to == o.oid:
                    x.attached_to = None
                    if x.bestowed:
                        # 702.103f: a bestowed Aura that becomes unattached stops being an Aura and is an
                        # enchantment creature again (no state-based action puts it into the graveyard).
                        x.bestowed = False
                        self.log("702.103f", f"{x.name} is unattached and becomes an enchantment creature")
            self.attackers.pop(o.oid, None)
            self.blockers.pop(o.oid, None)
        player = opts.get("controller") or o.owner
        card = o.card
        beh = o.beh
        new = Obj(self.next_oid, card, beh, o.card_no, o.ordinal, o.owner, to)
        self.next_oid += 1
        new.token = o.token
        self.current[o.card_no] = new
        if to == "battlefield":
            new.controller = player
            self.ts += 1
            new.timestamp = self.ts
            new.since_turn = self.turn
            new.tapped = bool(opts.get("tapped")) or beh.enters_tapped
            for kind, n in (opts.get("counters") or {}).items():
                new.counters[kind] = new.counters.get(kind, 0) + n
            new.attached_to = opts.get("attached_to")
            new.bestowed = bool(opts.get("bestowed"))
            if "Creature" in card.types:
                self.entered.append((self.turn, player, o.card_no))
            if beh.enters_choice == "color":          # 614.12: "as this enters, choose a color"
                new.chosen = self.choose_color(player, f"{card.name}: choose a color as it enters")
                self.log("614.12", f"{card.name}: {player} chooses {new.chosen}")
            self.bf.append(new)
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
            moves.append((o, "graveyard", None))
            self.log(rule, f"destroy {o.name}")
        if moves:
            self.move_batch(moves)

    # ------------------------------------------------------------------ triggers (603)
    def detect(self, events, before=None):
        if not events:
            return
        after = list(self.bf)
        seen_batch = set()
        for ev in events:
            leave = ev.kind == "zone" and ev.frm == "battlefield"
            sources = before if (leave and before is not None) else after
            subj = ev.subject()
            if subj is not None and not subj.is_ability:
                sc = self.chars(subj)
            else:
                sc = None
            # Torpor Orb / Hushwing Gryff-like static abilities: the event causes no abilities to trigger.
            if sc is not None and self._suppressed(ev, subj, sc, sources):
                continue
            for src in sources:
                for idx, t in enumerate(src.beh.triggers):
                    if not self._trigger_matches(t, ev, src, subj, sc):
                        continue
                    if self._suppressed_for(ev, subj, sc, sources, src):
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
                    else:
                        times = 1 + self._extra_triggers(ev, src, subj, sc, sources)
                    for i in range(times):
                        self._trigger(src, t, idx, ev, extra=i > 0)

    def _suppressed(self, ev, subj, sc, sources) -> bool:
        kind = "enters" if (ev.kind == "zone" and ev.to == "battlefield") else (
            "dies" if ev.kind == "zone" and ev.frm == "battlefield" and ev.to == "graveyard" else None)
        if kind is None:
            return False
        for src in sources:
            for s in src.beh.statics:
                sup = s.get("suppress_trigger")
                if sup and sup["event"] == kind and not sup.get("sources") and \
                        self.match(subj, sc, sup.get("object", {}), None, src.controller):
                    self.log("603.2", f"{subj.name} {kind}: {src.name} stops abilities from triggering")
                    return True
        return False

    def _suppressed_for(self, ev, subj, sc, sources, trig_src) -> bool:
        """Suppression that depends on whose ability it is (e.g. only opponents' permanents)."""
        if ev.kind != "zone" or ev.to != "battlefield" or sc is None:
            return False
        for src in sources:
            for s in src.beh.statics:
                sup = s.get("suppress_trigger")
                if sup and sup["event"] == "enters" and sup.get("sources") == "opponent" and \
                        trig_src.controller != src.controller and \
                        self.match(subj, sc, sup.get("object", {}), None, src.controller):
                    self.log("603.2", f"{subj.name} enters: {src.name} stops {trig_src.name} from triggering")
                    return True
        return False

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

    def _extra_triggers(self, ev, src, subj, sc, sources) -> int:
        """603.2d: effects that make a triggered ability of a permanent you control trigger again."""
        kinds = self._event_kinds(ev, sc)
        n = 0
        for o in sources:
            for s in o.beh.statics:
                ex = s.get("extra_trigger")
                if not ex or o.controller != src.controller:
                    continue
                want = ex["event"]
                if want != "any" and not (set(want) & set(kinds) if isinstance(want, list) else want in kinds):
                    continue
                if ex.get("object") and (sc is None or not self.match(subj, sc, ex["object"], o, o.controller)):
                    continue
                if ex.get("source") and not self.match(src, self.chars(src), ex["source"], o, o.controller):
                    continue
                n += 1
                self.log("603.2d", f"{o.name}: {src.name} triggers an additional time")
        return n

    def _trigger_matches(self, t, ev, src, subj, sc) -> bool:
        e = t["event"]
        k = ev.kind
        if e == "enters":
            if not (k == "zone" and ev.to == "battlefield"):
                return False
        elif e == "dies":
            if not (k == "zone" and ev.frm == "battlefield" and ev.to == "graveyard" and "Creature" in sc.types):
                return False
        elif e == "leaves":
            if not (k == "zone" and ev.frm == "battlefield"):
                return False
        elif e in ("upkeep", "end_step", "begin_combat", "gain_life", "draw"):
            if k != e:
                return False
            whose = t.get("whose", "you")
            if whose == "you" and ev.player != src.controller:
                return False
            if whose == "opponent" and ev.player == src.controller:
                return False
            if src.zone != "battlefield" or src.gone:
                return False
        elif e != k:
            return False
        f = t.get("object")
        if f is not None and subj is not None:
            if not self.match(subj, sc, f, src, src.controller, ev):
                return False
        return True

    def _trigger(self, src, t, idx, ev, extra=False):
        a = StackAbility(self.next_oid, src, t, idx, src.controller, ev, "trigger")
        self.next_oid += 1
        self.triggered.append((src.name, t.get("name", ""), t["event"], src.ordinal))
        if len(self.triggered) > MAX_TRIGGERS:
            raise EngineError(f"runaway trigger loop: more than {MAX_TRIGGERS} abilities triggered "
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
                specs = a.spec.get("targets") or []
                if specs:
                    chosen = self.pick_targets(p, specs, None, a.source, a.label, ability=a)
                    if chosen is None:
                        self.log("603.3d", f"{a.label} has no legal target and is removed from the stack")
                        continue
                    a.targets = chosen
                self.stack.append(a)
                self.log("603.3b", f"APNAP: {p} puts {a.label} on the stack" +
                         (f" targeting {', '.join(tname(x) for x in a.targets)}" if a.targets else ""))
        self.phase = ("", "")

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
        for k, v in cond.items():
            if k == "control_at_least":
                n = sum(1 for o in self.bf if o.controller == ctrl and
                        self.match(o, self.chars(o), v.get("filter", {}), src, ctrl, ev))
                if n < v["n"]:
                    return False
            elif k == "creature_entered_last_turn":
                if not any(t == self.turn - 1 and p == ctrl and cn != src.card_no for t, p, cn in self.entered):
                    return False
            elif k == "first_draw_on_your_turn":
                if ev is None or ev.amount != 1 or self.active != ctrl:
                    return False
            elif k == "control_none":
                if any(o.controller == ctrl and self.match(o, self.chars(o), v, src, ctrl, ev) for o in self.bf):
                    return False
            elif k == "event_object_no_counters":
                o = ev.obj
                if o is not None and o.counters.get(v, 0) > 0:
                    return False
            else:
                raise EngineError(f"unknown condition {k!r}")
        return True

    # ------------------------------------------------------------------ targets (115, 601.2c, 603.3d)
    def candidates(self, spec, src, ctrl):
        kind = spec.get("kind", "permanent")
        f = spec.get("filter") or {}
        out = []
        if kind == "spell":
            for o in reversed(self.stack):
                if not o.is_ability and o is not src and self.match(o, self.chars(o), f, src, ctrl):
                    out.append(o)
        elif kind == "graveyard_card":
            for q in self.players:
                for o in self.pz[q]["graveyard"]:
                    if self.match(o, self.chars(o), f, src, ctrl):
                        out.append(o)
        elif kind == "ability":
            out = [o for o in reversed(self.stack) if o.is_ability and (not f or self.match(o, self.chars(o), f,
                                                                                             src, ctrl))]
        elif kind in ("permanent", "creature"):
            if kind == "creature":
                f = dict(f, types=["Creature"] + list(f.get("types", [])))
            for o in self.bf:
                c = self.chars(o)
                if self.match(o, c, f, src, ctrl) and self._targetable(o, c, ctrl):
                    out.append(o)
            out.sort(key=lambda o: o.controller == ctrl)
        elif kind == "player":
            ps = [q for q in self.players if q not in self.lost]
            if f.get("controller") == "opponent" or f.get("opponent"):
                ps = [q for q in ps if q != ctrl]
            out = sorted(ps, key=lambda q: q == ctrl)
        elif kind == "any":
            # 115.4: "any target" = a creature, player, planeswalker or battle.
            opp = [q for q in self.players if q != ctrl and q not in self.lost]
            objs = []
            for o in self.bf:
                c = self.chars(o)
                if any(t in c.types for t in ("Creature", "Planeswalker", "Battle")) and \
                        self._targetable(o, c, ctrl):
                    objs.append(o)
            objs.sort(key=lambda o: o.controller == ctrl)
            out = opp + objs + ([ctrl] if ctrl not in self.lost else [])
        else:
            raise EngineError(f"unknown target kind {kind!r}")
        return out

    def _targetable(self, o, c, ctrl) -> bool:
        kw = c.keywords
        if "shroud" in kw:
            return False
        if "hexproof" in kw and o.controller != ctrl:
            return False
        return True

    def legal_target(self, x, spec, src, ctrl) -> bool:
        if isinstance(x, str):
            return x not in self.lost and x in self.candidates(spec, src, ctrl)
        if x.gone:
            return False
        return x in self.candidates(spec, src, ctrl)

    def pick_targets(self, player, specs, given, src, what, ability=None):
        cands = [self.candidates(s, src if ability is None else ability.source, player) for s in specs]
        if any(not c for c in cands):
            return None
        if given is None:
            if all(len(c) == 1 for c in cands):
                only = [c[0] for c in cands]
                # No answer is needed; one that names exactly the only legal targets is taken, though.
                self._take_matching(player, "targets", lambda v: self._names_match(v, only))
                return only
            e = self._take(player, ("targets",))
            if e is None:
                if not self.strict:
                    return [c[0] for c in cands]
                names = [[tname(x) for x in c] for c in cands]
                self._need(player, "targets", f"{what}: legal targets {names}")
            given = e[1] if isinstance(e[1], list) else [e[1]]
        if len(given) != len(specs):
            raise IllegalAction(f"{what} needs {len(specs)} target(s), got {given}")
        out = []
        for name, c in zip(given, cands):
            x = self.lookup_target(name, c)
            if x is None:
                raise IllegalAction(f"{name} is not a legal target for {what} (115.1, 601.2c)")
            out.append(x)
        return out

    def lookup_target(self, name, cands):
        name = str(name)
        if name in self.players:
            return name if name in cands else None
        base, k = split_ordinal(self.resolve_name(name))
        best = None
        for x in cands:
            if isinstance(x, str):
                continue
            if x.name == base and (k is None or x.ordinal == k) or (x.is_ability and label_matches(name, x, self)):
                if best is None or (not x.is_ability and x.ordinal < best.ordinal):
                    best = x
        return best

    # ------------------------------------------------------------------ priority, SBA (704), stack
    def state_triggers(self):
        """603.8: a state trigger triggers whenever its condition is true, but not again while it is on the
        stack (or waiting to be put there)."""
        waiting = {(a.source.oid, a.index) for a in list(self.stack) + self.pending if a.is_ability}
        for o in list(self.bf):
            for idx, t in enumerate(o.beh.triggers):
                if t["event"] == "state" and (o.oid, idx) not in waiting and \
                        self.condition(t.get("if", {}), o, o.controller, None):
                    self._trigger(o, t, idx, Event("state", obj=o))

    def settle(self):
        """117.5: before a player gets priority, state-based actions are performed (repeatedly), then
        triggered abilities are put on the stack; repeat until neither happens."""
        for _ in range(1000):
            if self.sba():
                continue
            if self.has_state_triggers:
                self.state_triggers()
            if self.pending:
                self.put_triggers()
                continue
            return
        raise EngineError("runaway loop: state-based actions and triggers did not settle")

    def sba(self) -> bool:
        self.phase = ("sba", "")
        acted = False
        for p in self.players:
            if p in self.lost:
                continue
            if self.life[p] <= 0:
                self.lost.add(p)
                self.log("704.5a", f"{p} has 0 or less life and loses the game")
                acted = True
            elif self.pcounters[p].get("poison", 0) >= 10:
                self.lost.add(p)
                self.log("704.5c", f"{p} has ten poison counters and loses the game")
                acted = True
            elif p in self.drew_empty:
                self.lost.add(p)
                self.log("704.5b", f"{p} drew from an empty library and loses the game")
                acted = True
        moves = []
        destroy = []
        if self.stray_tokens:
            self.stray_tokens = False
            for p in self.players:
                for z in ("hand", "graveyard", "exile", "library"):
                    for o in list(self.pz[p][z]):
                        if o.token:                       # 704.5d: a token outside the battlefield ceases
                            self.pz[p][z].remove(o)
                            self.current.pop(o.card_no, None)
                            o.gone = True
                            self.log("704.5d", f"{o.name} ceases to exist")
                            acted = True
        byid = {o.oid: o for o in self.bf}
        legends = {}
        for o in self.bf:
            c = self.chars(o)
            if "Creature" in c.types:
                if c.toughness <= 0:
                    moves.append((o, "graveyard", None))
                    self.log("704.5f", f"{o.name} has toughness {c.toughness} and is put into its owner's graveyard")
                    continue
                if (o.damage > 0 and o.damage >= c.toughness) or (o.deathtouch and o.damage > 0):
                    if "indestructible" not in c.keywords:
                        destroy.append(o)
                        self.log("704.5h" if o.deathtouch and o.damage < c.toughness else "704.5g",
                                 f"{o.name} has lethal damage and is destroyed")
                        continue
            if "Aura" in c.subtypes:
                host = byid.get(o.attached_to)
                ok = host is not None and self._can_enchant(o, c, host)
                if not ok and o.bestowed:
                    # 702.103f: a bestowed Aura attached to an illegal object becomes unattached and stops
                    # being bestowed — it stays on the battlefield as an enchantment creature.
                    o.attached_to = None
                    o.bestowed = False
                    self.touch()
                    self.log("702.103f", f"{o.name} becomes unattached and is an enchantment creature again")
                    acted = True
                    continue
                if not ok:
                    moves.append((o, "graveyard", None))
                    self.log("704.5m", f"{o.name} is not attached to a legal object and goes to the graveyard")
                    continue
            if "Legendary" in c.supertypes:
                legends.setdefault((o.controller, o.name), []).append(o)
            pc, mc = o.counters.get("+1/+1", 0), o.counters.get("-1/-1", 0)
            if pc and mc:
                n = min(pc, mc)
                o.counters["+1/+1"] -= n
                o.counters["-1/-1"] -= n
                for k in ("+1/+1", "-1/-1"):
                    if not o.counters[k]:
                        del o.counters[k]
                self.touch()
                self.log("704.5q", f"{n} +1/+1 and -1/-1 counter pair(s) removed from {o.name}")
                acted = True
        for (p, name), objs in legends.items():
            if len(objs) > 1:
                keep = self.choose_card(p, objs, f"legend rule: which {name} to keep", by_object=True)
                for o in objs:
                    if o is not keep:
                        moves.append((o, "graveyard", None))
                        self.log("704.5j", f"legend rule: {o.name} is put into the graveyard")
        if moves or destroy:
            ids = {id(m[0]) for m in moves}
            moves += [(o, "graveyard", None) for o in destroy if id(o) not in ids]
            self.move_batch(moves)
            acted = True
        return acted

    def _can_enchant(self, aura, c, host) -> bool:
        hc = self.chars(host)
        if "enchant_creature" in c.keywords:
            return "Creature" in hc.types
        spec = aura.beh.enchant
        if spec:
            return self.match(host, hc, spec, aura, aura.controller)
        return True

    def resolve_top(self):
        if not self.stack:
            raise ScenarioError(None, None, "nothing to resolve: the stack is empty")
        self.resolutions += 1
        if self.resolutions > MAX_RESOLUTIONS:
            raise EngineError(f"runaway loop: more than {MAX_RESOLUTIONS} objects resolved "
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
        prev, self.phase = self.phase, ("resolution", o.name)
        try:
            self._resolve_spell(o)
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
            if o.bestowed:
                # 702.103e: a bestowed Aura spell with an illegal target is not countered; it stops being
                # an Aura spell and resolves as an enchantment creature.
                self.log("702.103e", f"{o.name}: target illegal, resolves as an enchantment creature")
                self.move(o, "battlefield", controller=o.controller)
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
                opts["bestowed"] = o.bestowed
            self.move(o, "battlefield", **opts)
            return
        spell = beh.spell or {}
        ctx = Ctx(o, o.controller, legal, None, None)
        self.do_effects(spell.get("effects", []), ctx)
        if not o.gone:
            self.move(o, "graveyard")

    def spell_target_specs(self, o, mode):
        c_types = o.card.types
        if mode == "bestow":
            return [{"kind": "creature"}]
        if "Aura" in o.card.subtypes:
            return [{"kind": "permanent", "filter": o.beh.enchant or {}}]
        if o.beh.spell is not None and not any(t in c_types for t in ("Creature", "Artifact", "Land")):
            return o.beh.spell.get("targets") or []
        return []

    def resolve_ability(self, a):
        prev, self.phase = self.phase, ("resolution", a.label)
        try:
            self._resolve_ability(a)
        finally:
            self.phase = prev

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

    # ------------------------------------------------------------------ effects (data vocabulary)
    def value(self, v, ctx) -> int:
        if isinstance(v, int):
            return v
        if isinstance(v, str):
            kind, _, arg = v.partition(":")
            if kind == "devotion":
                return self.devotion(ctx.controller, list(arg))
            if kind == "power":
                if arg == "target":
                    objs = self.objects_of("target", ctx)
                    return max(0, self.chars(objs[0]).power) if objs else 0
                return max(0, self.chars(ctx.source).power)          # 608.2h: last known information
            if kind == "toughness":
                return max(0, self.chars(ctx.source).toughness)
            if kind == "event" and arg == "amount":
                return ctx.event.amount if ctx.event else 0
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
        for eff in effects:
            (verb, arg), = eff.items()
            fn = getattr(self, "fx_" + verb, None)
            if fn is None:
                raise EngineError(f"unknown effect {verb!r}")
            if verb != "nth_resolution":
                if isinstance(arg, int) or (isinstance(arg, str) and ":" in arg):
                    summary = f"{verb} {self.value(arg, ctx)}"
                elif isinstance(arg, dict) and "n" in arg:
                    summary = f"{verb} {self.value(arg['n'], ctx)}"
                else:
                    summary = verb
                self.effect_log.append((ctx.source.name, ctx.ability.label if ctx.ability else ctx.source.name,
                                        summary))
            fn(arg, ctx)

    def fx_counter(self, arg, ctx):
        for x in self.objects_of(arg, ctx):
            if x.zone != "stack" or x.gone:
                continue
            if x.is_ability:
                self.stack.remove(x)
                x.gone = True
                self.log("701.5a", f"counter {x.label}")
            else:
                self.log("701.5a", f"counter {x.name}")
                self.move(x, "graveyard")

    def fx_create_token(self, arg, ctx):
        d = TOKENS[arg["token"]]
        n = self.value(arg.get("n", 1), ctx)
        who = ctx.controller
        if arg.get("for") == "target_owner":
            objs = self.objects_of("target", ctx) or [x for x in ctx.targets if x is not None]
            if not objs:
                return
            who = objs[0].owner
        news = []
        for _ in range(n):
            o = self.make(TokenCard(d), who, "battlefield", token=True, beh=token_behaviour(d))
            o.since_turn = self.turn
            news.append(o)
            self.log("111.1", f"create {o.name}")
        # Tokens created by one effect enter simultaneously: one event per token (603.2c).
        self.touch()
        self.detect([Event("zone", obj=None, new=o, frm=None, to="battlefield") for o in news])

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
        self.life[p] += k
        self.log("119.3" if not why else "702.15b", f"{p} gains {k} life{why}")
        if k > 0:
            self.detect([Event("gain_life", player=p, amount=k)])

    def fx_gain_life(self, arg, ctx):
        n, who = (arg, None) if not isinstance(arg, dict) else (arg.get("n", 1), arg.get("player"))
        for p in self.players_of(who, ctx):
            self.gain_life(p, self.value(n, ctx))

    def fx_lose_life(self, arg, ctx):
        for p in self.players_of(arg.get("player"), ctx):
            k = self.value(arg.get("n", 1), ctx)
            self.life[p] -= k
            self.log("119.3", f"{p} loses {k} life")

    def fx_damage(self, arg, ctx):
        n = self.value(arg.get("n", 1), ctx)
        to = arg.get("to", "target")
        tgts = []
        if to == "target":
            tgts = [x for x in ctx.targets if x is not None]
        elif to in ("each_opponent", "you", "each_player", "event_player"):
            tgts = self.players_of(to, ctx)
        self.deal_damage([(ctx.source, x, n) for x in tgts])

    def fx_destroy(self, arg, ctx):
        self.destroy_many(self.objects_of(arg, ctx))

    def fx_destroy_all(self, arg, ctx):
        self.destroy_many([o for o in self.bf if self.match(o, self.chars(o), arg, ctx.source, ctx.controller)])

    def fx_draw(self, arg, ctx):
        n = self.value(arg if not isinstance(arg, dict) else arg.get("n", 1), ctx)
        self.draw(ctx.controller, n)

    def fx_scry(self, arg, ctx):
        self.scry(ctx.controller, self.value(arg, ctx))

    def fx_discard(self, arg, ctx):
        for p in self.players_of(arg.get("player"), ctx):
            for _ in range(self.value(arg.get("n", 1), ctx)):
                hand = self.pz[p]["hand"]
                if not hand:
                    break
                o = self.choose_card(p, list(hand), "discard")
                self.log("701.8", f"{p} discards {o.name}")
                self.move(o, "graveyard")

    def fx_add_mana(self, arg, ctx):
        p = ctx.controller
        if arg.get("player") == "event_controller" and ctx.event is not None and ctx.event.obj is not None:
            p = ctx.event.obj.controller
        if "mana" in arg:
            mana = arg["mana"]
            if mana == "chosen":
                mana = ctx.source.chosen or ""
            for sym in mana:
                self.pool[p][sym] = self.pool[p].get(sym, 0) + 1
            self.log("106.4", f"{p} adds {{{mana}}}")
        else:
            for _ in range(arg.get("any_color", 1)):
                col = self.choose_color(p, f"{ctx.ability.label if ctx.ability else ctx.source.name}: mana color")
                self.pool[p][col] = self.pool[p].get(col, 0) + 1
                self.log("106.4", f"{p} adds {{{col}}}")

    def fx_return_to_battlefield(self, arg, ctx):
        """Return the card that caused the trigger (persist, undying).  The card must still be the same
        object in the graveyard (400.7, 603.6c/603.10a look-back); otherwise the ability can't find it."""
        ev = ctx.event
        card = ev.new if ev is not None else None
        if card is None or card.gone or card.zone != "graveyard":
            self.log("400.7", f"{ctx.source.name} is no longer in the graveyard: nothing returns")
            return
        counters = {arg["counter"]: 1} if arg.get("counter") else None
        self.log("702.79a" if arg.get("counter") == "-1/-1" else "702.93a",
                 f"return {card.name} to the battlefield with {arg.get('counter')} counter")
        self.move(card, "battlefield", controller=card.owner, counters=counters)

    def fx_monstrosity(self, arg, ctx):
        """701.37a: if this permanent isn't monstrous, put N +1/+1 counters on it and it becomes monstrous."""
        src = ctx.source
        if src.gone or src.zone != "battlefield":
            self.log("701.37a", f"{src.name} has left the battlefield: monstrosity does nothing")
            return
        if src.monstrous:
            self.log("701.37a", f"{src.name} is already monstrous: nothing happens")
            return
        n = self.value(arg, ctx)
        src.counters["+1/+1"] = src.counters.get("+1/+1", 0) + n
        src.monstrous = True
        self.touch()
        self.log("701.37b", f"{src.name} gets {n} +1/+1 counter(s) and becomes monstrous")
        self.detect([Event("monstrous", obj=src)])

    def fx_search(self, arg, ctx):
        p = ctx.controller
        lib = self.pz[p]["library"]
        f = arg.get("filter", {})
        cands = [o for o in lib if self.match(o, self.chars(o), f, ctx.source, p)]
        o = self.choose_card(p, cands, "search the library")
        if o is None:
            self.log("701.19", f"{p} finds nothing")
            return
        self.log("701.19", f"{p} searches and finds {o.name}")
        self.move(o, arg.get("to", "hand"), controller=p, tapped=arg.get("tapped", False))

    def fx_transform(self, arg, ctx):
        src = ctx.source
        if src.gone or src.zone != "battlefield" or not src.beh.transform_to:
            return
        other = self.cards.get(src.beh.transform_to)
        if other is None:
            raise EngineError(f"{src.name}: back face {src.beh.transform_to} missing from the card table")
        old = src.name
        src.card = other                          # 712.8: same object, the other face up
        src.beh = self.behaviour_for(other)
        self.touch()
        self.log("701.28a", f"{old} transforms into {other.name}")

    def fx_exile_graveyard(self, arg, ctx):
        for p in self.players_of(arg, ctx):
            gy = list(self.pz[p]["graveyard"])
            if gy:
                self.log("406", f"exile {p}'s graveyard ({len(gy)} cards)")
                self.move_batch([(o, "exile", None) for o in gy])

    def fx_nth_resolution(self, arg, ctx):
        a = ctx.ability
        n = self.resolved_count.get((ctx.source.oid, a.index, self.turn), 0) if a else 0
        self.do_effects(arg["then"] if n == arg["n"] else arg.get("else", []), ctx)

    def fx_pump(self, arg, ctx):
        aff = arg.get("affected", "self")
        if aff == "self":
            ids = set() if ctx.source.gone else {ctx.source.oid}
        elif aff == "target":
            ids = {o.oid for o in self.objects_of("target", ctx)}
        elif aff == "enchanted_or_self":
            host = next((o for o in self.bf if o.oid == ctx.source.attached_to), None)
            ids = {host.oid} if host is not None else (set() if ctx.source.gone else {ctx.source.oid})
        else:
            # 611.2c: the affected set is locked in when the effect begins.
            ids = {o.oid for o in self.bf if self.match(o, self.chars(o), aff, ctx.source, ctx.controller)}
        self.ts += 1
        pt = arg.get("pt")
        if pt is not None:
            pt = [self.value(x, ctx) if isinstance(x, str) else x for x in pt]    # X fixed on resolution
        self.effects.append({"ids": ids, "pt": pt, "grant": arg.get("grant"), "ts": self.ts})
        self.touch()
        self.log("611.2c", f"{ctx.source.name}: {len(ids)} object(s) affected until end of turn")

    def fx_exile(self, arg, ctx):
        """Exile objects; with `link: true` the source remembers them for a linked ability (607.2a)."""
        target = arg.get("what", "target") if isinstance(arg, dict) else arg
        objs = [o for o in self.objects_of(target, ctx) if o.zone in ("battlefield", "graveyard", "hand", "stack")]
        news = self.move_batch([(o, "exile", None) for o in objs])
        if isinstance(arg, dict) and arg.get("link"):
            self.linked.setdefault(ctx.source.card_no, []).extend(n for n in news if n is not None)

    def fx_return_linked(self, arg, ctx):
        """Return every card the linked ability exiled — all at once (607.2a, 610.3c)."""
        cards = [o for o in self.linked.pop(ctx.source.card_no, []) if not o.gone and o.zone == "exile"]
        if cards:
            self.move_batch([(o, "battlefield", {"controller": o.owner}) for o in cards])

    def fx_fight(self, arg, ctx):
        """701.14a: each of two creatures deals damage equal to its power to the other."""
        a, b = (ctx.targets + [None, None])[:2]
        if a is None or b is None or a.gone or b.gone:
            return
        self.deal_damage([(a, b, max(0, self.chars(a).power)), (b, a, max(0, self.chars(b).power))])

    def fx_copy_ability(self, arg, ctx):
        """707.10: copy an ability on the stack; the copy keeps its targets (new ones may be chosen)."""
        for x in self.objects_of(arg, ctx):
            if not x.is_ability or x.gone:
                continue
            cp = StackAbility(self.next_oid, x.source, x.spec, x.index, ctx.controller, x.event, x.kind)
            self.next_oid += 1
            cp.targets = list(x.targets)
            self.stack.append(cp)
            self.log("707.10", f"copy {x.label}")

    def fx_blink(self, arg, ctx):
        """Exile, then return under the owner's control — a new object each time (400.7)."""
        for o in self.objects_of(arg.get("what", "target") if isinstance(arg, dict) else arg, ctx):
            if o.zone != "battlefield":
                continue
            ex = self.move(o, "exile")
            if ex is not None and not ex.gone:
                self.move(ex, "battlefield", controller=ex.owner,
                          tapped=bool(arg.get("tapped")) if isinstance(arg, dict) else False)

    def fx_discard_chosen(self, arg, ctx):
        """The ability's controller picks a matching card from the target player's hand; it is discarded."""
        for p in self.players_of(arg.get("player", "target"), ctx):
            cands = [o for o in self.pz[p]["hand"] if self.match(o, self.chars(o), arg.get("filter", {}), None,
                                                                   ctx.controller)]
            o = self.choose_card(ctx.controller, cands, f"card for {p} to discard")
            if o is not None:
                self.log("701.8", f"{p} discards {o.name}")
                self.move(o, "graveyard")

    def fx_unless(self, arg, ctx):
        """"… unless that player pays / sacrifices …": the player decides on resolution (603.5, 118.12)."""
        for p in self.players_of(arg.get("player", "target"), ctx):
            if arg.get("sacrifice"):
                cands = [o for o in self.bf if o.controller == p and
                         self.match(o, self.chars(o), arg["sacrifice"], None, p)]
                if cands and self.choose_yes(p, f"{ctx.source.name}: sacrifice to avoid the effect?", ("pay", "may")):
                    o = self.choose_card(p, cands, "sacrifice")
                    self.log("701.17a", f"{p} sacrifices {o.name}")
                    self.move(o, "graveyard")
                    continue
            elif arg.get("pay"):
                if self.choose_yes(p, f"{ctx.source.name}: pay {arg['pay']}?", ("pay", "may")):
                    self.log("118.12", f"{p} pays {arg['pay']}")
                    continue
            elif arg.get("pay_life") is not None:
                if self.choose_yes(p, f"{ctx.source.name}: pay {arg['pay_life']} life?", ("pay", "may")):
                    self.life[p] -= int(arg["pay_life"])
                    self.log("119.4", f"{p} pays {arg['pay_life']} life")
                    continue
            self.do_effects(arg.get("else", []), Ctx(ctx.source, ctx.controller, ctx.targets, ctx.event,
                                                       ctx.ability))

    def fx_return_to_hand(self, arg, ctx):
        """Return the card the event moved (e.g. a creature that died), if it is still that object (400.7)."""
        card = ctx.event.new if (arg == "event" and ctx.event is not None) else None
        if card is None or card.gone or card.zone != "graveyard":
            self.log("400.7", "the card is no longer where the event put it: nothing returns")
            return
        self.move(card, "hand")

    def fx_mill(self, arg, ctx):
        """701.13a: put the top N cards of the library into the graveyard."""
        for p in self.players_of(arg.get("player", "you"), ctx):
            n = self.value(arg.get("n", 1), ctx)
            cards = self.pz[p]["library"][:n]
            if cards:
                self.log("701.13a", f"{p} mills {len(cards)}")
                self.move_batch([(o, "graveyard", None) for o in cards])

    def fx_tap(self, arg, ctx):
        for o in self.objects_of(arg, ctx):
            o.tapped = True
            self.log("701.26a", f"tap {o.name}")

    def fx_put_counters(self, arg, ctx):
        for o in self.objects_of(arg.get("to", "self"), ctx):
            o.counters[arg["kind"]] = o.counters.get(arg["kind"], 0) + self.value(arg.get("n", 1), ctx)
            self.touch()

    def fx_sacrifice(self, arg, ctx):
        objs = self.objects_of(arg, ctx)
        if objs:
            self.move_batch([(o, "graveyard", None) for o in objs if o.zone == "battlefield"])

    # ------------------------------------------------------------------ damage (120), draw, scry
    def deal_damage(self, items, combat=False):
        events = []
        for src, tgt, n in items:
            if n <= 0 or tgt is None:
                continue
            sc = self.chars(src) if src is not None else None
            if not isinstance(tgt, str) and self._prevented(tgt):
                self.log("615.1", f"damage to {tgt.name} is prevented")
                continue
            if isinstance(tgt, str):
                self.life[tgt] -= n                    # 120.3a
                self.log("120.3a", f"{tname(src)} deals {n} damage to {tgt}")
                if combat and src is not None:
                    events.append(Event("combat_damage_player", obj=src, player=tgt, amount=n))
            else:
                if tgt.gone or tgt.zone != "battlefield":
                    continue
                tgt.damage += n                        # 120.3e
                if sc is not None and "deathtouch" in sc.keywords:
                    tgt.deathtouch = True
                self.log("120.3e", f"{tname(src)} deals {n} damage to {tgt.name}")
                events.append(Event("dealt_damage", obj=tgt, amount=n, source=src))
            if sc is not None and "lifelink" in sc.keywords:
                self.gain_life(src.controller, n, " (lifelink)")      # 702.15b
        self.detect(events)

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
        self.log("701.22a", f"{p} scries {n}, {len(bottom)} to the bottom")

    # ------------------------------------------------------------------ casting (601) and activating (602)
    def is_instant_speed(self, o) -> bool:
        c = self.chars(o)
        if "Instant" in c.types or "flash" in c.keywords:
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
        if o.zone != "hand" and o.zone != "stack":
            return False, f"{o.name} is in the {o.zone}; nothing lets {p} cast it from there (601.2a)"
        if not self.is_instant_speed(o) and not self.sorcery_timing(p):
            return False, f"{o.name} can be cast only when {p} could cast a sorcery (307.1)"
        if mode == "bestow" and not o.beh.bestow:
            return False, f"{o.name} has no bestow"
        specs = self.spell_target_specs(o, mode)
        for s in specs:
            if not self.candidates(s, o, p):
                return False, f"{o.name} has no legal target (601.2c)"
        return True, ""

    def cast(self, p, o, mode=None, targets=None):
        c = self.chars(o)
        if "Land" in c.types:
            return self.play_land(p, o)
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
        # 601.2a: the card moves to the stack (a new object); bestow (702.103b) makes it an Aura spell.
        new = self.move(o, "stack", controller=p, bestowed=(mode == "bestow"))
        new.targets = chosen
        new.mode = mode
        self.log("601.2", f"{p} casts {o.name}" + (f" ({mode})" if mode else "") +
                 (f" targeting {', '.join(tname(x) for x in chosen)}" if chosen else ""))
        self.detect([Event("cast", obj=new, player=p)])
        return new

    def play_land(self, p, o):
        """305.1: playing a land is a special action; the land doesn't use the stack."""
        if o.zone != "hand" and not (o.zone == "graveyard" and any(
                s.get("play_lands_from_graveyard") for x in self.bf if x.controller == p for s in x.beh.statics)):
            raise IllegalAction(f"{o.name} is in the {o.zone}; nothing lets {p} play it from there (305.1)")
        if not self.sorcery_timing(p):
            raise IllegalAction(f"{o.name} can be played only at sorcery speed (305.1)")
        self.log("305.1", f"{p} plays {o.name}")
        return self.move(o, "battlefield", controller=p)

    def abilities_of(self, o):
        out = list(o.beh.activated)
        c = self.chars(o)
        for _, src, s in self._statics():             # layer 6: an ability granted by a static ability
            if s.get("grant_activated") and self._affects(src, s, o, c):
                out.append(s["grant_activated"])
        if "Land" in c.types:
            # 305.6: basic land types grant "{T}: Add [mana]"; other lands say theirs (land_mana).
            cols = [BASIC_MANA[s] for s in c.subtypes if s in BASIC_MANA]
            if o.beh.land_mana:
                cols.append(o.beh.land_mana)
            for col in cols:
                out.append({"name": f"mana {col}", "tap": True, "mana": True,
                            "effects": [{"add_mana": {"mana": col}}], "targets": []})
        return out

    def activate(self, p, o, ability=None, targets=None):
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
        if o.zone != "battlefield" or o.controller != p:
            raise IllegalAction(f"{p} doesn't control {o.name} on the battlefield (602.2)")
        c = self.chars(o)
        if not a.get("mana") and not self.is_instant_speed_ability(a, p):
            raise IllegalAction(f"{o.name}: this ability can be activated only at sorcery speed")
        if a.get("tap"):
            if o.tapped:
                raise IllegalAction(f"{o.name} is tapped: the {{T}} cost can't be paid (602.2b)")
            if "Creature" in c.types and o.since_turn == self.turn and "haste" not in c.keywords and \
                    o.since_turn > 0:
                raise IllegalAction(f"{o.name} has summoning sickness (302.6)")
        specs = a.get("targets") or []
        chosen = []
        self.phase = ("activation", f"{o.name}: {a.get('name')}")
        if specs:
            chosen = self.pick_targets(p, specs, targets, o, f"{o.name}: {a.get('name')}")
            if chosen is None:
                raise IllegalAction(f"{o.name}: no legal target (602.2b, 601.2c)")
        # costs (602.2h): tap, sacrifice
        if a.get("tap"):
            o.tapped = True
        ab = StackAbility(self.next_oid, o, a, idx, p, None, "activated")
        self.next_oid += 1
        ab.targets = chosen
        if a.get("exile_from_graveyard"):
            spec = a["exile_from_graveyard"]
            gy = [x for x in self.pz[p]["graveyard"] if self.match(x, self.chars(x), spec.get("filter", {}), o, p)]
            if len(gy) < spec["n"]:
                raise IllegalAction(f"{o.name}: not enough cards in the graveyard to exile as a cost")
            picked = []
            for _ in range(spec["n"]):
                x = self.choose_card(p, [g for g in gy if g not in picked], f"{o.name}: exile from graveyard (cost)")
                picked.append(x)
            self.move_batch([(x, "exile", None) for x in picked])
        if a.get("sacrifice_other"):
            cands = [x for x in self.bf if x.controller == p and x is not o and
                     self.match(x, self.chars(x), a["sacrifice_other"], o, p)]
            if not cands:
                raise IllegalAction(f"{o.name}: nothing to sacrifice for the cost (602.2b)")
            x = self.choose_card(p, cands, f"{o.name}: sacrifice (cost)", by_object=True)
            self.log("701.17a", f"{p} sacrifices {x.name} as a cost")
            self.move(x, "graveyard")
        if a.get("pay_life"):
            self.life[p] -= int(a["pay_life"])         # 119.4: paying life is a cost
            self.log("119.4", f"{p} pays {a['pay_life']} life")
        if a.get("sacrifice_self"):
            self.log("701.17a", f"{p} sacrifices {o.name} as a cost")
            self.move(o, "graveyard")
        if a.get("mana"):
            # 605.3a: a mana ability resolves immediately; tapping for mana can trigger mana abilities.
            self.log("605.3a", f"{p} activates the mana ability of {o.name}")
            self.do_effects(a.get("effects", []), Ctx(o, p, chosen, None, ab))
            if a.get("tap"):
                col = next((e["add_mana"].get("mana") for e in a.get("effects", []) if "add_mana" in e), None)
                self.detect([Event("tapped_for_mana", obj=o, player=p, color=col)])
            return None
        self.stack.append(ab)
        self.log("602.2", f"{p} activates {ab.label}" +
                 (f" targeting {', '.join(tname(x) for x in chosen)}" if chosen else ""))
        return ab

    def is_instant_speed_ability(self, a, p) -> bool:
        return a.get("speed") != "sorcery" or self.sorcery_timing(p)

    # ------------------------------------------------------------------ turn structure and combat
    def begin_step(self):
        """Turn-based actions at the start of the current step, then beginning-of-step triggers."""
        self.step_started = True
        st = self.step
        self.log(STEP_RULES[st], f"turn {self.turn} ({self.active}): {st} step begins")
        if st == "untap":
            for o in self.bf:                          # 502.3
                if o.controller == self.active and o.tapped:
                    o.tapped = False
            return
        if st == "upkeep":
            self.detect([Event("upkeep", player=self.active)])
        elif st == "draw":
            self.draw(self.active, 1)                  # 504.1
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
            return
        self.settle()

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

    def cleanup(self):
        """514.2: damage wears off and "until end of turn" effects end."""
        for o in self.bf:
            o.damage = 0
            o.deathtouch = False
        self.effects.clear()
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
            j = self.players.index(self.active)
            self.active = self.players[(j + 1) % len(self.players)]
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

    def declare_attackers(self, attackers, defender):
        if STEPS.index(self.step) > STEPS.index("declare_attackers") or \
                (self.step == "declare_attackers" and self.step_started):
            raise IllegalAction("attackers can only be declared at the beginning of the declare attackers step")
        self.advance(self.turn, "declare_attackers")
        self.step_started = True
        self._declare(attackers, defender)

    def _must_attack(self, chosen):
        """508.1d: creatures that attack each combat if able are added when they can attack."""
        out = list(chosen)
        for o in self.bf:
            c = self.chars(o)
            if o.controller == self.active and "attacks_each_combat" in c.keywords and o not in out and \
                    "Creature" in c.types and not o.tapped and \
                    not (o.since_turn == self.turn and o.since_turn > 0 and "haste" not in c.keywords):
                out.append(o)
        return out

    def _declare(self, attackers, defender):
        attackers = self._must_attack(attackers)
        if not attackers:
            return
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
            self.attackers[o.oid] = defender
            if "vigilance" not in c.keywords:
                o.tapped = True                        # 508.1f
            events.append(Event("attacks", obj=o, player=defender))
        self.detect(events)                            # 508.3a
        self.settle()

    def declare_blockers(self, pairs):
        if self.step == "declare_attackers":
            self.resolve_all()
            self.next_step()
        if self.step != "declare_blockers":
            raise IllegalAction("blockers can only be declared in the declare blockers step")
        self.step_started = True
        for b, atts in pairs:
            c = self.chars(b)
            if b.zone != "battlefield" or "Creature" not in c.types or b.tapped:
                raise IllegalAction(f"{b.name} can't block (509.1a)")
            for a in atts:
                if a.oid not in self.attackers:
                    raise IllegalAction(f"{a.name} is not attacking")
                ac = self.chars(a)
                if "flying" in ac.keywords and not ({"flying", "reach"} & c.keywords):
                    raise IllegalAction(f"{b.name} can't block {a.name}, which has flying (702.9b)")
                if "unblockable" in ac.keywords:
                    raise IllegalAction(f"{a.name} can't be blocked")
                if "cant_block" in c.keywords:
                    raise IllegalAction(f"{b.name} can't block")
                for x in self.bf:
                    for s in x.beh.statics:
                        br = s.get("block_restriction")
                        if br and self.match(a, ac, br["attacker"], x, x.controller) and \
                                self.match(b, c, br["blocker"], x, x.controller):
                            raise IllegalAction(f"{b.name} can't block {a.name} ({x.name})")
                if "intimidate" in ac.keywords and "Artifact" not in c.types and \
                        not set(ac.colors) & set(c.colors):
                    raise IllegalAction(f"{b.name} can't block {a.name}, which has intimidate (702.13b)")
                self.blocked.add(a.oid)
            self.blockers[b.oid] = [a.oid for a in atts]
            self.log("509.1", f"{b.name} blocks {', '.join(a.name for a in atts)}")
        for aid in self.blocked:                       # 702.111b menace: two or more blockers
            a = next((o for o in self.bf if o.oid == aid), None)
            if a is not None and "menace" in self.chars(a).keywords and \
                    sum(aid in v for v in self.blockers.values()) < 2:
                raise IllegalAction(f"{a.name} has menace and can't be blocked except by two or more creatures")
        self.settle()

    def combat_damage(self):
        """510: combat damage; a first-strike damage step first if any combatant has first/double strike."""
        byid = {o.oid: o for o in self.bf}
        combatants = [byid[i] for i in list(self.attackers) + list(self.blockers) if i in byid]
        fs = any({"first_strike", "double_strike"} & self.chars(o).keywords for o in combatants)
        if fs:
            self._damage_pass(lambda kw: bool({"first_strike", "double_strike"} & kw))
            self.settle()
            self.resolve_all()
            self._damage_pass(lambda kw: "first_strike" not in kw or "double_strike" in kw)
        else:
            self._damage_pass(lambda kw: True)

    def _damage_pass(self, deals):
        byid = {o.oid: o for o in self.bf}
        items = []
        for aid, defender in self.attackers.items():
            a = byid.get(aid)
            if a is None:
                continue
            ac = self.chars(a)
            if not deals(ac.keywords):
                continue
            blockers = [byid[b] for b, atts in self.blockers.items() if aid in atts and b in byid]
            if aid in self.blocked:
                left = ac.power
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
                items.append((a, defender, ac.power))
        for bid, atts in self.blockers.items():
            b = byid.get(bid)
            if b is None:
                continue
            bc = self.chars(b)
            if not deals(bc.keywords):
                continue
            targets = [byid[x] for x in atts if x in byid]
            if targets:
                items.append((b, targets[0], bc.power))
        self.log("510.2", "combat damage is dealt simultaneously")
        self.deal_damage(items, combat=True)


def split_ordinal(name: str):
    if "#" in name:
        base, _, k = name.rpartition("#")
        if k.isdigit():
            return base.strip(), int(k)
    return name.strip(), None


def tname(x) -> str:
    if x is None:
        return "(none)"
    if isinstance(x, str):
        return x
    if x.is_ability:
        return x.label
    return x.name


def label_matches(label: str, x, game=None) -> bool:
    """`Source` or `Source: label` (label = ability name, trigger event or keyword, or a prefix)."""
    label = str(label)
    src, _, lab = label.partition(":")
    src, lab = src.strip(), lab.strip()
    if game is not None:
        src = game.resolve_name(src)
    base, k = split_ordinal(src)
    if not x.is_ability:
        return not lab and x.name == base and (k is None or x.ordinal == k)
    if x.source.card.name != base or (k is not None and x.source.ordinal != k):
        return False
    if not lab:
        return True
    name = str(x.spec.get("name", ""))
    return lab == name or lab == x.spec.get("event") or name.startswith(lab)
