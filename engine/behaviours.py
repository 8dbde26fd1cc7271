"""Card behaviour definitions: data in ``engine/cards/*.yaml``, parsed once and cached.

One entry per card name (English).  Every file is checked against the engine's vocabulary
(``engine.vocabulary``, documented in ``engine/README.md``) as it loads: an unknown key is a ``BehaviourError``
naming the file and line.  Keywords that stand for triggered abilities (persist 702.79, undying 702.93,
prowess 702.108) are expanded into ordinary triggers by their mechanics modules.
"""
from __future__ import annotations

import re
from collections import OrderedDict
from functools import lru_cache
from pathlib import Path

from . import vocabulary
from .yamlines import YamlLimitError, _line, compose, plain

CARDS_DIR = Path(__file__).parent / "cards"

_extra: dict[str, dict] = {}


class BehaviourError(Exception):
    """A behaviour that does not fit the vocabulary, naming the file and line when it comes from a file."""


class Behaviour:
    """Parsed behaviour of one card."""
    __slots__ = ("name", "keywords", "bestow", "spell", "triggers", "activated", "statics", "enchant",
                 "transform_to", "enters_tapped", "land_mana", "enters_choice", "pt_cda", "extra", "why")

    def __init__(self, name: str, spec: dict, where: str | None = None):
        problems = vocabulary.check(spec, where or name) if spec else []
        if problems:
            raise BehaviourError("; ".join(problems))
        spec = plain(spec)               # line numbers were for the check; the engine reads plain dicts
        self.name = name
        self.why = spec.get("why")          # a hand-written entry: why the compiled behaviour is not enough
        kws = spec.get("keywords") or []
        self.keywords = frozenset(k.lower().replace(" ", "_") for k in kws)
        self.bestow = spec.get("bestow")
        self.enchant = spec.get("enchant")
        self.transform_to = spec.get("transform_to")
        et = spec.get("enters_tapped")             # True, or a condition form (mechanics/enters_tapped.py)
        self.enters_tapped = et if isinstance(et, dict) else bool(et)
        self.land_mana = spec.get("land_mana")
        self.enters_choice = spec.get("enters_choice")     # "as this enters, choose a color" (614.12)
        self.pt_cda = spec.get("pt_cda")                   # characteristic-defining P/T (604.3, 613.4a)
        self.spell = spec.get("spell")
        if self.spell is not None:
            self.spell["targets"] = vocabulary.expand_targets(self.spell.get("targets") or [])
            self.spell.setdefault("effects", [])
            for grp in self.spell.get("modes") or []:
                for m in grp.get("modes") or []:
                    m["targets"] = vocabulary.expand_targets(m.get("targets") or [])
        self.triggers = []
        for t in spec.get("triggers") or []:
            t.setdefault("name", t["event"])
            t["targets"] = vocabulary.expand_targets(t.get("targets") or [])
            t.setdefault("effects", [])
            for m in (t.get("modes") or {}).get("modes") or []:
                m["targets"] = vocabulary.expand_targets(m.get("targets") or [])
            self.triggers.append(t)
        # Keywords that stand for triggered abilities (persist 702.79, undying 702.93, prowess 702.108):
        # the mechanics modules registered their triggers (engine.vocabulary.KEYWORD_ABILITIES).
        for kw, expand in vocabulary.KEYWORD_ABILITIES.items():
            if kw in self.keywords or kw in spec:     # (a numbered keyword is its own key: afflict: 2)
                # a keyword whose trigger depends on its number (soulshift N) is expanded with that number
                self.triggers.extend(expand(spec[kw]) if getattr(expand, "numbered", False) else expand())
        self.activated = []
        for a in spec.get("activated") or []:
            a["targets"] = vocabulary.expand_targets(a.get("targets") or [])
            a.setdefault("effects", [])
            a.setdefault("name", "ability")
            self.activated.append(a)
        self.statics = list(spec.get("statics") or [])
        # keys read by mechanics modules (protection, ward, enters_with_counters, equip, kicker …)
        self.extra = {k: spec[k] for k in vocabulary.TOP_KEY_CHECKS if k in spec}


def load_file(path: Path, text: str | None = None) -> dict[str, "Behaviour"]:
    """The behaviours of one file; a problem raises ``BehaviourError`` naming the file and line."""
    import yaml

    text = path.read_text(encoding="utf-8") if text is None else text
    try:
        docs = compose(text)
    except yaml.YAMLError as e:
        raise BehaviourError(f"{path.name}: not YAML: {e}") from None
    except YamlLimitError as e:
        raise BehaviourError(f"{path.name}:{e.line or 1}: {e.message}") from None
    out: dict[str, Behaviour] = {}
    for data in docs:
        if data is None:
            continue
        if not isinstance(data, dict):
            raise BehaviourError(f"{path.name}:{_line(data) or 1}: a behaviour file maps card names to behaviours")
        for name, spec in data.items():
            if name in out:
                raise BehaviourError(f"{path.name}:{_line(data, name)}: {name} defined twice")
            out[name] = Behaviour(name, spec or {}, where=f"{path.name}")
    return out


@lru_cache(maxsize=1)
def _table() -> dict[str, Behaviour]:
    table: dict[str, Behaviour] = {}
    for path in sorted(CARDS_DIR.glob("*.yaml")):
        for name, b in load_file(path).items():
            if name in table:
                raise BehaviourError(f"{path.name}: {name} defined twice")
            table[name] = b
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


def unregister(name: str) -> None:
    """Undo ``register``."""
    _extra.pop(name, None)


def why(name: str) -> str | None:
    """A hand-written entry's ``why:`` (what the Oracle compiler cannot yet express)."""
    b = _table().get(name)
    return b.why if b is not None else None


def has_behaviour(name) -> bool:
    return resolve(name) is not None


# id(spec) -> (spec kept alive, its Behaviour); bounded, so card tables built again (a long-running server,
# a test session) do not keep every earlier table's specs alive
_compiled: OrderedDict[int, tuple[dict, Behaviour]] = OrderedDict()
COMPILED_CACHE_MAX = 32768


def resolve(card) -> Behaviour | None:
    """THE behaviour of a card (a ``cardbase.Card``, or a bare English name): its hand-written entry
    (``engine/cards/*.yaml``, or ``register``) if there is one, else the behaviour compiled from its Oracle text
    (``Card.behaviour``, set by the card table only when the compiler supported the face), else None — the
    caller raises ``NoBehaviour(name, card.behaviour_reason)``, the compiler's first failing clause."""
    name = card if isinstance(card, str) else card.name
    spec = None if isinstance(card, str) else getattr(card, "behaviour", None)
    if isinstance(spec, Behaviour):             # a stand-in's own (engine.crosscheck.standins)
        return spec
    b = get(name)
    if b is not None or not spec:
        return b
    hit = _compiled.get(id(spec))
    if hit is None or hit[0] is not spec:
        hit = _compiled[id(spec)] = (spec, Behaviour(name, spec, where=f"{name} (compiled)"))
        if len(_compiled) > COMPILED_CACHE_MAX:
            _compiled.popitem(last=False)
    else:
        _compiled.move_to_end(id(spec))
    return hit[1]


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
