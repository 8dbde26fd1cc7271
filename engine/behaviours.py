"""Card behaviour definitions: data in ``engine/cards/*.yaml``, parsed once and cached.

One entry per card name (English).  The vocabulary is documented in ``engine/README.md``; keywords that
stand for triggered abilities (persist 702.79, undying 702.93) are expanded here into ordinary triggers.
"""
from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

CARDS_DIR = Path(__file__).parent / "cards"

TOP_KEYS = {"keywords", "bestow", "spell", "triggers", "activated", "statics", "enchant", "transform_to",
            "note", "enters_tapped", "land_mana", "enters_choice", "pt_cda"}
TRIGGER_KEYS = {"event", "name", "object", "whose", "if", "may", "cost", "once_per_turn", "targets", "effects",
                "mana", "batch", "source_zone"}
ACTIVATED_KEYS = {"name", "cost", "tap", "sacrifice_self", "sacrifice_other", "pay_life", "exile_from_graveyard",
                  "targets", "effects",
                  "mana", "speed"}
STATIC_KEYS = {"layer", "affected", "pt", "grant", "not_creature_unless_devotion", "enchanted",
               "extra_trigger", "suppress_trigger", "self_only", "no_life_gain", "play_lands_from_graveyard",
               "flash_for", "block_restriction", "prevent_damage_to", "mana_becomes_colorless",
               "grant_activated"}
EVENTS = {"enters", "dies", "leaves", "attacks", "monstrous", "upkeep", "end_step", "begin_combat", "cast",
          "dealt_damage",
          "combat_damage_player", "tapped_for_mana", "draw", "gain_life", "state", "etb_ability_triggered"}

_extra: dict[str, dict] = {}


class BehaviourError(Exception):
    pass


class Behaviour:
    """Parsed behaviour of one card."""
    __slots__ = ("name", "keywords", "bestow", "spell", "triggers", "activated", "statics", "enchant",
                 "transform_to", "enters_tapped", "land_mana", "enters_choice", "pt_cda")

    def __init__(self, name: str, spec: dict):
        bad = set(spec) - TOP_KEYS
        if bad:
            raise BehaviourError(f"{name}: unknown behaviour keys {sorted(bad)}")
        self.name = name
        kws = spec.get("keywords") or []
        self.keywords = frozenset(k.lower().replace(" ", "_") for k in kws)
        self.bestow = spec.get("bestow")
        self.enchant = spec.get("enchant")
        self.transform_to = spec.get("transform_to")
        self.enters_tapped = bool(spec.get("enters_tapped"))
        self.land_mana = spec.get("land_mana")
        self.enters_choice = spec.get("enters_choice")     # "as this enters, choose a color" (614.12)
        self.pt_cda = spec.get("pt_cda")                   # characteristic-defining P/T (604.3, 613.4a)
        self.spell = spec.get("spell")
        if self.spell is not None:
            self.spell.setdefault("targets", [])
            self.spell.setdefault("effects", [])
        self.triggers = []
        for i, t in enumerate(spec.get("triggers") or []):
            bad = set(t) - TRIGGER_KEYS
            if bad:
                raise BehaviourError(f"{name}: unknown trigger keys {sorted(bad)}")
            if t.get("event") not in EVENTS:
                raise BehaviourError(f"{name}: unknown trigger event {t.get('event')!r}")
            t.setdefault("name", t["event"])
            t.setdefault("targets", [])
            t.setdefault("effects", [])
            self.triggers.append(t)
        # 702.79a persist / 702.93a undying: "when this dies, if it had no -1/-1 (+1/+1) counters on it,
        # return it to the battlefield under its owner's control with one such counter".
        for kw, kind in (("persist", "-1/-1"), ("undying", "+1/+1")):
            if kw in self.keywords:
                self.triggers.append({"event": "dies", "name": kw, "object": {"self": True},
                                      "if": {"event_object_no_counters": kind}, "targets": [],
                                      "effects": [{"return_to_battlefield": {"counter": kind}}]})
        if "prowess" in self.keywords:       # 702.108a: noncreature spell cast → +1/+1 until end of turn
            self.triggers.append({"event": "cast", "name": "prowess",
                                  "object": {"not_types": ["Creature"], "controller": "you"}, "targets": [],
                                  "effects": [{"pump": {"affected": "self", "pt": [1, 1]}}]})
        self.activated = []
        for a in spec.get("activated") or []:
            bad = set(a) - ACTIVATED_KEYS
            if bad:
                raise BehaviourError(f"{name}: unknown activated-ability keys {sorted(bad)}")
            a.setdefault("targets", [])
            a.setdefault("effects", [])
            a.setdefault("name", "ability")
            self.activated.append(a)
        self.statics = []
        for s in spec.get("statics") or []:
            bad = set(s) - STATIC_KEYS
            if bad:
                raise BehaviourError(f"{name}: unknown static keys {sorted(bad)}")
            self.statics.append(s)


@lru_cache(maxsize=1)
def _table() -> dict[str, Behaviour]:
    import yaml

    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    table: dict[str, Behaviour] = {}
    for path in sorted(CARDS_DIR.glob("*.yaml")):
        data = yaml.load(path.read_text(encoding="utf-8"), Loader=loader) or {}
        for name, spec in data.items():
            if name in table:
                raise BehaviourError(f"{path.name}: {name} defined twice")
            try:
                table[name] = Behaviour(name, spec or {})
            except BehaviourError as e:
                raise BehaviourError(f"{path.name}: {e}") from None
    return table


VANILLA = Behaviour("<vanilla>", {})


def register(name: str, spec: dict) -> None:
    """Add a behaviour at run time (tests, experiments); it wins over the bundled data."""
    _extra[name] = Behaviour(name, spec)


def get(name: str) -> Behaviour | None:
    b = _extra.get(name)
    if b is not None:
        return b
    return _table().get(name)


def has_behaviour(name: str) -> bool:
    return get(name) is not None


_REMINDER = re.compile(r"\([^)]*\)")


def needs_behaviour(card) -> bool:
    """Whether a card's rules need a behaviour: it has rules text beyond reminder text.  Basic lands'
    mana abilities are intrinsic (305.6), so they need none."""
    if not getattr(card, "has_text", False):
        return False
    if "Basic" in (card.supertypes or []) and "Land" in (card.types or []):
        return False
    text = getattr(card, "text", None)
    if text is not None and not _REMINDER.sub("", text).strip():
        return False
    return True


def names() -> list[str]:
    return sorted(set(_table()) | set(_extra))
