"""Game objects and events: a new object on every zone change (400.7), characteristics records (613),
stack abilities (113/603/602), events, effect contexts, and the name helpers scenarios use."""
from __future__ import annotations

import re

from ..behaviours import VANILLA, Behaviour

STEPS = ("untap", "upkeep", "draw", "main1", "begin_combat", "declare_attackers", "declare_blockers",
         "combat_damage", "end_combat", "main2", "end", "cleanup")
NO_PRIORITY = ("untap", "cleanup")      # 502.4, 514.3: no player receives priority in these steps (514.3a aside)
ACTIVE = "<active player>"              # Game.priority before any step began: the active player's (117.3a)
STEP_RULES = {"untap": "502", "upkeep": "503", "draw": "504", "main1": "505", "begin_combat": "507",
              "declare_attackers": "508", "declare_blockers": "509", "combat_damage": "510", "end_combat": "511",
              "main2": "505", "end": "513", "cleanup": "514"}
ZONES = ("library", "hand", "battlefield", "graveyard", "stack", "exile", "command", "sideboard")
# command: 408 (schemes 314, dungeons 309); sideboard: cards a player owns outside the game (400.11b, learn 701.45)
_SYM = re.compile(r"\{([^}]+)\}")
BASIC_MANA = {"Plains": "W", "Island": "U", "Swamp": "B", "Mountain": "R", "Forest": "G"}
COLORS = "WUBRG"

# Token definitions used by effects (702/111.4: a token's characteristics are set by the effect).
TOKENS = {
    "soldier": dict(name="Soldier Token", types=["Creature"], subtypes=["Soldier"], colors="W", pt=(1, 1)),
    "cleric": dict(name="Cleric Token", types=["Enchantment", "Creature"], subtypes=["Cleric"], colors="W",
                   pt=(2, 1)),
    "elf_warrior": dict(name="Elf Warrior Token", types=["Creature"], subtypes=["Elf", "Warrior"], colors="G",
                        pt=(1, 1)),
    "snake_deathtouch": dict(name="Snake Token", types=["Enchantment", "Creature"], subtypes=["Snake"], colors="BG",
                             pt=(1, 1), keywords=["deathtouch"]),
    # 111.10: predefined tokens, their abilities as behaviour data
    "treasure": dict(name="Treasure Token", types=["Artifact"], subtypes=["Treasure"], pt=(None, None), spec={
        "activated": [{"name": "mana", "tap": True, "sacrifice_self": True, "mana": True,
                       "effects": [{"add_mana": {"any_color": 1}}]}]}),                            # 111.10a
    "food": dict(name="Food Token", types=["Artifact"], subtypes=["Food"], pt=(None, None), spec={
        "activated": [{"name": "food", "cost": "{2}", "tap": True, "sacrifice_self": True,
                       "effects": [{"gain_life": 3}]}]}),                                          # 111.10b
    "clue": dict(name="Clue Token", types=["Artifact"], subtypes=["Clue"], pt=(None, None), spec={
        "activated": [{"name": "clue", "cost": "{2}", "sacrifice_self": True, "effects": [{"draw": 1}]}]}),  # 111.10f
    "blood": dict(name="Blood Token", types=["Artifact"], subtypes=["Blood"], pt=(None, None), spec={
        "activated": [{"name": "blood", "cost": "{1}", "tap": True, "discard": {"n": 1, "filter": {}},
                       "sacrifice_self": True, "effects": [{"draw": 1}]}]}),                        # 111.10g
    "gold": dict(name="Gold Token", types=["Artifact"], subtypes=["Gold"], pt=(None, None), spec={
        "activated": [{"name": "mana", "sacrifice_self": True, "mana": True,
                       "effects": [{"add_mana": {"any_color": 1}}]}]}),                            # 111.10c
}

_TOKEN_BEH: dict[tuple, Behaviour] = {}


def token_behaviour(d) -> Behaviour:
    if not d.get("keywords") and not d.get("spec"):
        return VANILLA
    key = (d["name"], tuple(d.get("keywords") or ()), repr(d.get("spec")))
    b = _TOKEN_BEH.get(key)
    if b is None:
        spec = dict(d.get("spec") or {})
        if d.get("keywords"):
            spec["keywords"] = list(spec.get("keywords") or []) + list(d["keywords"])
        b = _TOKEN_BEH[key] = Behaviour(d["name"], spec)
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
    __slots__ = ("name", "types", "subtypes", "supertypes", "colors", "power", "toughness", "keywords", "abilities")

    def __init__(self, name, types, subtypes, supertypes, colors, power, toughness, keywords, abilities=()):
        self.name, self.types, self.subtypes, self.supertypes = name, types, subtypes, supertypes
        self.colors, self.power, self.toughness, self.keywords = colors, power, toughness, keywords
        self.abilities = abilities      # granted quoted abilities (113.1a, layer 6): Behaviour records


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
                 "since_turn", "targets", "mode", "gone", "lki", "is_ability", "chosen", "x", "kicked", "modes")

    def __init__(self, oid, card, beh, card_no, ordinal, owner, zone):
        self.oid, self.card, self.beh, self.card_no, self.ordinal = oid, card, beh, card_no, ordinal
        self.owner = self.controller = owner
        self.zone = zone
        self.counters: dict[str, int] = {}
        self.targets = []
        self.tapped = self.deathtouch = self.monstrous = self.token = self.bestowed = self.gone = \
            self.is_ability = False
        self.damage = self.timestamp = self.since_turn = 0
        self.attached_to = self.mode = self.lki = self.chosen = None
        # set only when cast (read with getattr defaults, keeping object creation cheap): ``x`` the value
        # announced for X (107.3, 601.2b), ``kicked`` times its kicker was paid (702.33), ``modes`` the chosen
        # modes of a modal spell (700.2, 1-based)

    @property
    def name(self) -> str:
        return self.card.name

    def __repr__(self):
        return f"<{self.card.name}#{self.ordinal} {self.zone} oid={self.oid}>"


class StackAbility:
    """A triggered or activated ability (on the stack or waiting to be put there)."""
    __slots__ = ("oid", "source", "spec", "index", "controller", "targets", "event", "kind", "gone", "zone",
                 "is_ability", "card_no", "x")

    def __init__(self, oid, source, spec, index, controller, event, kind):
        self.oid, self.source, self.spec, self.index = oid, source, spec, index
        self.x = 0              # 107.3 / 602.2b: the value announced for X as an activated ability was activated
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
    __slots__ = ("source", "controller", "targets", "event", "ability", "did", "created", "found", "x")

    def __init__(self, source, controller, targets, event, ability, x=0):
        self.source, self.controller, self.targets, self.event, self.ability = (source, controller, targets,
                                                                                event, ability)
        self.did = None          # the last optional action's outcome ("if you do", 608.2c)
        self.created = []        # tokens this ability created ("it", "them")
        self.found = []          # cards this ability searched for / chose
        self.x = x               # the announced value of X (107.3)



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
