"""The cross-check: every typed claim becomes one or more scenarios, the rules engine runs them, and the
outcome is a :class:`Verdict` — ``confirmed``, ``contradicted`` or ``unsimulable``.

Synthesis is generic per claim *kind* (docs/design.md, "Claims: kinds and their keys"): it reads the claim's
``situation``/``outcome`` and the card types from the card table and builds the board a rules reader would
assume ("you" control what the sentence gives no owner, the card whose ability is discussed is on the
battlefield, instants and sorceries named as causes are cast, a spell to be countered is cast by the
opponent and the counterspell by you).  When the sentence leaves a needed fact open, the readings a rules
reader would consider are all built; a claim is confirmed when its outcome holds in a reading the text
supports and contradicted only when every reading shows the opposite.  Nothing is ever guessed: a card
without a behaviour or a kind without a synthesiser gives ``unsimulable`` with the reason.

>>> from extractor.facts import Claim, Provenance
>>> c = Claim(id="claim:x", kind="devotion", text="…", prov=Provenance("d", line=1),
...           situation={"player": "you", "permanents": ["Yoked Ox"], "color": "W"}, outcome={"value": 1})
>>> synthesize(c, None)[0]["expect"]
[{'devotion': {'player': 'you', 'color': 'W', 'n': 1}}]
"""
from __future__ import annotations

import json
import re
import sys
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable

from extractor.facts import Claim, Provenance

VERDICTS = ("confirmed", "contradicted", "unsimulable")
ATTACH_SETTING = "crosscheck.attachments"

# Stand-ins a rules reader uses when a sentence needs "a creature" / "another creature" without naming one:
# a vanilla card (no rules text) never needs a behaviour.
PLAIN_CREATURE = "Grizzly Bears"
PLAIN_LAND = "Plains"
# How many stand-ins to try when a sentence says "creatures" without a number.
OPEN_COUNTS = (1, 2)

COLOR_WORDS = {"白": "W", "青": "U", "黒": "B", "赤": "R", "緑": "G",
               "white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}


# ------------------------------------------------------------------------------------------------ model
@dataclass
class Verdict:
    claim_id: str
    document: str
    revision: str | None
    section: list[str]
    line: int | None
    text: str
    kind: str
    verdict: str                          # confirmed | contradicted | unsimulable
    expected: Any = None                  # the expectations that encode the claimed outcome
    observed: Any = None                  # what the engine observed for them
    reason: str = ""
    scenario: dict | None = None          # the scenario that decided the verdict
    origin: str = "synthesized"           # synthesized | attached
    readings_tried: list[dict] = field(default_factory=list)   # [{reading, passed, observed, error}]
    log: list[str] = field(default_factory=list)                # engine game log of the deciding run

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    def public(self) -> dict[str, Any]:
        """The fields ``mtgkb validate --json`` prints."""
        keys = ("claim_id", "document", "revision", "section", "line", "text", "kind", "verdict",
                "expected", "observed", "reason", "scenario", "origin")
        return {k: getattr(self, k) for k in keys}


@dataclass
class Unsimulable:
    """Synthesis cannot build a scenario; ``reason`` says what is missing."""
    reason: str

    def __bool__(self) -> bool:        # so ``if not scenarios`` reads naturally
        return False


@dataclass
class Reading:
    """One way of reading the claim's sentence, made runnable."""
    label: str
    scenario: dict


class _Skip(Exception):
    pass


# ----------------------------------------------------------------------------------------- card helpers
class _Cards:
    def __init__(self, table):
        if table is None:
            from kb.cards import CardTable
            table = CardTable.bundled()
        self.table = table

    def card(self, name: str):
        if not name:
            raise _Skip("a card the claim needs is not named")
        m = self.table.resolve(name)
        if m is None:
            raise _Skip(f"card {name!r} is not in the card table")
        return m.card

    def name(self, name: str) -> str:
        return self.card(name).name

    def types(self, name: str) -> set[str]:
        c = self.card(name)
        return set(c.types) | set(c.subtypes) | set(c.supertypes)

    def is_spell_only(self, name: str) -> bool:
        return bool(self.types(name) & {"Instant", "Sorcery"})

    def is_permanent(self, name: str) -> bool:
        return bool(self.types(name) & {"Creature", "Artifact", "Enchantment", "Land", "Planeswalker",
                                        "Battle"})


def _behaviour_keyword(name: str, keyword: str) -> bool:
    """Whether the engine's behaviour for ``name`` has a keyword ability (e.g. bestow)."""
    try:
        import engine
    except ImportError:
        return False
    f = getattr(engine, "has_keyword", None)
    if callable(f):
        try:
            return bool(f(name, keyword))
        except Exception:
            return False
    f = getattr(engine, "behaviour", None) or getattr(engine, "get_behaviour", None)
    if callable(f):
        try:
            b = f(name)
        except Exception:
            return False
        text = json.dumps(b, default=str, ensure_ascii=False).lower() if b is not None else ""
        return keyword.lower() in text
    return False


# ----------------------------------------------------------------------------------------- claim fields
def _names(value) -> list[tuple[str, int]]:
    """Normalise a list of cards (``"X"``, ``"X x3"``, ``{card: X, n: 3}``) to ``[(name, n)]``."""
    if value is None:
        return []
    if isinstance(value, (str, dict)):
        value = [value]
    out = []
    for v in value:
        if isinstance(v, dict):
            name = v.get("card") or v.get("name")
            n = v.get("n", 1)
        else:
            name, n = str(v), 1
            m = re.match(r"^(.*?)\s+x(\d+)$", name)
            if m:
                name, n = m.group(1), int(m.group(2))
        if name:
            out.append((str(name), int(n) if isinstance(n, int) or str(n).isdigit() else n))
    return out


def _board(sit: dict) -> dict[str, list[tuple[str, int]]]:
    b = sit.get("board") or {}
    if isinstance(b, list):
        b = {"you": b}
    return {p: _names(b.get(p)) for p in ("you", "opponent")}


def _bool(v, default=None):
    if isinstance(v, bool):
        return v
    if v is None:
        return default
    return str(v).lower() in ("1", "true", "yes")


def _color(v) -> str | None:
    if v is None:
        return None
    if isinstance(v, list):
        return v[0] if len(v) == 1 else None
    s = str(v).strip()
    return COLOR_WORDS.get(s.lower(), COLOR_WORDS.get(s, s.upper() if s.upper() in "WUBRG" and len(s) == 1 else None))


# ------------------------------------------------------------------------------------------- synthesis
class _Builder:
    """Collects a board and actions for one reading."""

    def __init__(self, claim: Claim, label: str):
        self.claim, self.label = claim, label
        self.zones: dict[str, dict[str, list]] = {}
        self.actions: list[dict] = []
        self.expect: list[dict] = []
        self.rules: list[str] = []

    def add(self, player: str, zone: str, name: str, n: int = 1, **state) -> None:
        lst = self.zones.setdefault(player, {}).setdefault(zone, [])
        entry = name if n == 1 else f"{name} x{n}"
        if state:
            for _ in range(n):
                lst.append({"card": name, **state})
        else:
            lst.append(entry)

    def has(self, name: str) -> bool:
        for zones in self.zones.values():
            for entries in zones.values():
                for e in entries:
                    e_name = e["card"] if isinstance(e, dict) else re.sub(r"\s+x\d+$", "", e)
                    if e_name == name:
                        return True
        return False

    def build(self) -> Reading:
        p = self.claim.prov
        where = " > ".join(p.section) if p.section else ""
        source = f"{p.document}" + (f" §{where}" if where else "") + (f", line {p.line}" if p.line else "")
        sc: dict[str, Any] = {"name": f"{self.claim.kind} ({self.label}): {_short(self.claim.text)}",
                              "source": source}
        if self.rules:
            sc["rules"] = list(self.rules)
        sc["strict_choices"] = False
        sc["zones"] = self.zones
        sc["actions"] = self.actions
        sc["expect"] = self.expect
        return Reading(self.label, sc)


def _short(text: str, n: int = 60) -> str:
    text = " ".join((text or "").split())
    return text if len(text) <= n else text[: n - 1] + "…"


def _syn_trigger_count(claim: Claim, cards: _Cards) -> list[Reading]:
    """trigger_count / no_trigger: the source on the battlefield, the event made to happen (CR 603.2)."""
    sit, out = claim.situation or {}, claim.outcome or {}
    subject = claim.subject or sit.get("source")
    if not subject:
        raise _Skip("the claim does not name the card whose ability triggers")
    subject = cards.name(subject)
    event = (sit.get("event") or "").lower() or None
    cause = sit.get("cause")
    cause = cards.name(cause) if cause else None
    objects = [(cards.name(n), k) for n, k in _names(sit.get("objects"))]
    board = {p: [(cards.name(n), k) for n, k in v] for p, v in _board(sit).items()}
    times = 0 if claim.kind == "no_trigger" else out.get("times")
    if times is None:
        raise _Skip("the claim gives no number of times")
    if not event and not cause:
        raise _Skip("the claim does not say which event happens")
    subject_owner = "opponent" if any(n == subject for n, _ in board["opponent"]) else "you"

    # readings: an open count of objects ("creatures died") is tried with 1 and 2 stand-ins
    open_objects = [i for i, (_, k) in enumerate(objects) if not isinstance(k, int)]
    variants: list[list[tuple[str, int]]] = []
    if open_objects:
        for n in OPEN_COUNTS:
            variants.append([(nm, n if not isinstance(k, int) else k) for nm, k in objects])
    else:
        variants.append(objects)
    if event in ("dies", "leaves") and not objects and cause and not cards.is_spell_only(cause):
        raise _Skip("the claim does not say which objects left the battlefield")

    readings = []
    for objs in variants:
        label = ", ".join(f"{n}×{nm}" for nm, n in objs) or "as stated"
        b = _Builder(claim, label)
        b.rules = ["603.2"]
        b.add(subject_owner, "battlefield", subject)
        for p, entries in board.items():
            for nm, k in entries:
                if nm != subject:
                    b.add(p, "battlefield", nm, k if isinstance(k, int) else 1)
        others = [(nm, k) for nm, k in objs if nm != subject]
        counted = sum(k for _, k in others)
        if any(nm == subject for nm, _ in objs) and event in ("dies", "leaves"):
            counted += 1          # a leaves-the-battlefield ability looks back and sees its source leave (603.10a)
        if event in ("dies", "leaves", "attacks", "monstrous"):
            for nm, k in others:
                if not b.has(nm):
                    b.add("you", "battlefield", nm, k)
        if cause:
            if cards.is_spell_only(cause) or (event == "cast") or not b.has(cause):
                if not b.has(cause) or cards.is_spell_only(cause):
                    b.add("you", "hand", cause)
                b.actions.append({"cast": cause})
            else:
                b.actions.append({"activate": cause})
            b.actions.append({"resolve": "all"})
        elif event == "enters":
            if not others:
                raise _Skip("the claim does not say what entered the battlefield")
            for nm, k in others:
                b.add("you", "hand", nm, k)
                for i in range(k):
                    b.actions.append({"put": {"card": nm if i == 0 else f"{nm}#{i + 1}",
                                              "zone": "battlefield", "player": "you"}})
            b.actions.append({"resolve": "all"})
        elif event in ("dies",):
            for nm, k in others:
                for i in range(k):
                    b.actions.append({"destroy": nm if i == 0 else f"{nm}#{i + 1}"})
            if any(nm == subject for nm, _ in objs):
                b.actions.append({"destroy": subject})
            b.actions.append({"resolve": "all"})
        elif event == "monstrous":
            b.actions.append({"activate": subject})
            b.actions.append({"resolve": "all"})
        elif event == "attacks":
            attackers = [nm for nm, _ in others] or [subject]
            b.actions.append({"attack": attackers})
            b.actions.append({"resolve": "all"})
        elif event == "upkeep":
            b.actions.append({"advance": {"turn": 2, "step": "upkeep"}})
            b.actions.append({"resolve": "all"})
        else:
            raise _Skip(f"event {event!r} without a cause cannot be staged")
        if times == "per_object":
            if not counted:
                raise _Skip("'as many as the objects' but the claim lists no objects")
            n_times = counted
        else:
            try:
                n_times = int(times)
            except (TypeError, ValueError):
                raise _Skip(f"number of times {times!r} is not a number")
        b.expect.append({"triggered": {"source": subject, "times": n_times}})
        readings.append(b.build())
    return readings


def _spell_readings(claim: Claim, cards: _Cards, spell: str | None) -> list[str]:
    """The spell a sentence is about; when it names none, the cards of the claim's topic it could be."""
    if spell:
        return [cards.name(spell)]
    topics = set(claim.keywords or [])
    cands = [c for c in (claim.cards or []) if c and c != claim.subject]
    cands = [cards.name(c) for c in cands if not cards.is_spell_only(c)]
    if "授与" in topics or "bestow" in {t.lower() for t in topics}:
        pool = [c.name for c in cards.table if "Creature" in c.types and "Enchantment" in c.types]
        bestow = [n for n in (cands or pool) if _behaviour_keyword(n, "bestow")]
        if bestow:
            return bestow[:2]
    if cands:
        return cands[:2]
    raise _Skip("the claim does not say which spell it is about")


def _mode_readings(claim: Claim) -> list[str]:
    mode = (claim.situation or {}).get("mode")
    return [mode] if mode else ["normal"]


def _cast(spell: str, by: str, mode: str | None, targets: list | None = None) -> dict:
    a: dict[str, Any] = {"cast": spell, "by": by}
    if mode and mode != "normal":
        a["mode"] = mode
    if targets:
        a["targets"] = targets
    return a


def _syn_can_counter(claim: Claim, cards: _Cards) -> list[Reading]:
    """can_counter: the opponent casts the spell, you cast the counterspell targeting it (CR 701.6, 115)."""
    sit, out = claim.situation or {}, claim.outcome or {}
    counter = sit.get("counter") or claim.subject
    if not counter:
        raise _Skip("the claim does not name the counterspell")
    counter = cards.name(counter)
    can = _bool(out.get("can"))
    if can is None:
        raise _Skip("the claim does not say whether the spell can be countered")
    readings = []
    for spell in _spell_readings(claim, cards, sit.get("spell")):
        for mode in _mode_readings(claim):
            b = _Builder(claim, f"{spell} cast {mode}ly" if mode == "normal" else f"{spell} cast with {mode}")
            b.rules = ["601.2", "701.6"]
            b.add("opponent", "hand", spell)
            b.add("you", "hand", counter)
            targets = None
            if mode == "bestow":
                b.add("opponent", "battlefield", PLAIN_CREATURE)
                targets = [PLAIN_CREATURE]
                b.rules.append("702.103")
            b.actions.append(_cast(spell, "opponent", mode, targets))
            b.actions.append({"expect": [{"can_target": {"spell": counter, "target": spell, "value": can}}]})
            if can:
                b.actions.append({"cast": counter, "by": "you", "targets": [spell]})
                b.actions.append({"resolve": "all"})
                b.expect.append({"zone": {"card": spell, "zone": "graveyard"}})
            else:
                b.expect.append({"zone": {"card": spell, "zone": "stack"}})
            readings.append(b.build())
    return readings


def _syn_can_target(claim: Claim, cards: _Cards) -> list[Reading]:
    sit, out = claim.situation or {}, claim.outcome or {}
    source = sit.get("spell") or sit.get("source") or claim.subject
    target = sit.get("target")
    if not source or not target:
        raise _Skip("the claim does not name both the spell and its would-be target")
    source, target = cards.name(source), cards.name(target)
    can = _bool(out.get("can"))
    if can is None:
        raise _Skip("the claim does not say whether it can target")
    readings = []
    modes = _mode_readings(claim)
    for mode in modes:
        b = _Builder(claim, f"{target} cast {mode}" if mode else target)
        b.add("you", "hand", source)
        if cards.is_spell_only(target) or sit.get("target_zone") == "stack" or sit.get("mode"):
            b.add("opponent", "hand", target)
            targets = None
            if mode == "bestow":
                b.add("opponent", "battlefield", PLAIN_CREATURE)
                targets = [PLAIN_CREATURE]
            b.actions.append(_cast(target, "opponent", mode, targets))
        else:
            b.add("opponent", "battlefield", target)
        b.expect.append({"can_target": {"spell": source, "target": target, "value": can}})
        readings.append(b.build())
    return readings


def _syn_devotion(claim: Claim, cards: _Cards) -> list[Reading]:
    """devotion: the permanents under the player's control, then count (CR 700.5)."""
    sit, out = claim.situation or {}, claim.outcome or {}
    perms = [(cards.name(n), k) for n, k in _names(sit.get("permanents"))]
    if not perms:
        raise _Skip("the claim does not say which permanents the player controls")
    color = _color(out.get("color") or sit.get("color"))
    if not color:
        raise _Skip("the claim does not say which colour's devotion")
    value = out.get("value")
    if not isinstance(value, int):
        raise _Skip("the claim gives no devotion number")
    player = sit.get("player") or "you"
    b = _Builder(claim, "as stated")
    b.rules = ["700.5"]
    for nm, k in perms:
        b.add(player, "battlefield", nm, k if isinstance(k, int) else 1)
    b.expect.append({"devotion": {"player": player, "color": color, "n": value}})
    return [b.build()]


def _syn_enters_as(claim: Claim, cards: _Cards) -> list[Reading]:
    """enters_as: cast (with bestow) targeting a creature; the target becomes illegal; the spell resolves
    and enters with the stated types (CR 702.103e, 608.3)."""
    sit, out = claim.situation or {}, claim.outcome or {}
    types = out.get("types")
    if not types:
        raise _Skip("the claim does not say which types it enters with")
    types = [types] if isinstance(types, str) else list(types)
    zone = out.get("zone") or "battlefield"
    mode = sit.get("mode") or ("bestow" if "授与" in (claim.keywords or []) else None)
    readings = []
    for spell in _spell_readings(claim, cards, sit.get("spell")):
        b = _Builder(claim, f"{spell}" + (f" cast with {mode}" if mode else ""))
        b.rules = ["608.3"]
        b.add("you", "hand", spell)
        targets = None
        if mode == "bestow":
            b.add("you", "battlefield", PLAIN_CREATURE)
            targets = [PLAIN_CREATURE]
            b.rules.append("702.103e")
        b.actions.append(_cast(spell, "you", mode, targets))
        if _bool(sit.get("target_illegal")) and targets:
            b.actions.append({"destroy": targets[0]})
        b.actions.append({"resolve": "all"})
        b.expect.append({"zone": {"card": spell, "zone": zone}})
        exp: dict[str, Any] = {"card": spell, "has": types}
        if mode == "bestow" and "Aura" not in types:
            exp["lacks"] = ["Aura"]
        b.expect.append({"types": exp})
        readings.append(b.build())
    return readings


_EVENT_ACTIONS = ("cast", "activate", "destroy", "exile", "sacrifice", "counter", "damage", "put", "attack",
                  "block", "resolve", "advance", "choose")


def _event_actions(events, cards: _Cards) -> list[dict]:
    out = []
    for e in events or []:
        if isinstance(e, str):
            raise _Skip(f"event {e!r} is not in the scenario vocabulary")
        if not isinstance(e, dict) or not any(k in e for k in _EVENT_ACTIONS):
            raise _Skip(f"event {e!r} is not in the scenario vocabulary")
        out.append(dict(e))
    return out


def _mentioned(actions: list[dict]) -> list[str]:
    names = []
    for a in actions:
        for k in ("cast", "activate", "destroy", "exile", "sacrifice"):
            v = a.get(k)
            if isinstance(v, str):
                names.append(re.sub(r"#\d+$", "", v))
    return names


def _syn_nothing_happens(claim: Claim, cards: _Cards) -> list[Reading]:
    """nothing_happens: stage the events, resolve, then life, counters and the board are as before."""
    sit = claim.situation or {}
    actions = _event_actions(sit.get("events"), cards)
    if not actions:
        raise _Skip("the claim does not say what happened before 'nothing happens'")
    board = {p: [(cards.name(n), k) for n, k in v] for p, v in _board(sit).items()}
    b = _Builder(claim, "as stated")
    for p, entries in board.items():
        for nm, k in entries:
            b.add(p, "battlefield", nm, k if isinstance(k, int) else 1)
    for nm in _mentioned(actions):
        if not b.has(cards.name(nm)):
            b.add("you", "battlefield", cards.name(nm))
    removed = {re.sub(r"#\d+$", "", a[k]) for a in actions for k in ("destroy", "exile", "sacrifice")
               if isinstance(a.get(k), str)}
    b.actions.extend(actions)
    if not any("resolve" in a for a in actions[-1:]):
        b.actions.append({"resolve": "all"})
    b.expect.append({"life": {"you": 20, "opponent": 20}})
    for p, zones in b.zones.items():
        for e in zones.get("battlefield", []):
            nm = e["card"] if isinstance(e, dict) else re.sub(r"\s+x\d+$", "", e)
            if nm in removed:
                continue
            b.expect.append({"counters": {"card": nm, "kind": "+1/+1", "n": 0}})
            b.expect.append({"zone": {"card": nm, "zone": "battlefield"}})
    for nm in _mentioned(actions):
        b.expect.append({"triggered": {"source": cards.name(nm), "times": 0}})
    return [b.build()]


def _syn_result(claim: Claim, cards: _Cards) -> list[Reading]:
    """result: stage the actions (e.g. activate twice), resolve, check counters / destroyed / tokens / life."""
    sit, out = claim.situation or {}, claim.outcome or {}
    source = claim.subject or sit.get("source")
    raw_actions = sit.get("actions")
    actions: list[dict] = []
    if isinstance(raw_actions, list) and raw_actions and all(isinstance(a, dict) for a in raw_actions):
        actions = _event_actions(raw_actions, cards)
    else:
        spec = raw_actions if isinstance(raw_actions, dict) else {}
        n = spec.get("times") or spec.get("n") or sit.get("times")
        what = spec.get("action") or sit.get("action") or (raw_actions if isinstance(raw_actions, str) else None)
        if not source:
            raise _Skip("the claim does not name the card whose ability is used")
        if what in (None, "activate") and isinstance(n, int):
            actions = [{"activate": cards.name(source)} for _ in range(n)]
        elif what in (None, "activate"):
            raise _Skip("the claim does not say how many times the ability is used")
        else:
            raise _Skip(f"action {what!r} is not in the scenario vocabulary")
    if not out:
        raise _Skip("the claim states no outcome")
    b = _Builder(claim, "as stated")
    if source:
        source = cards.name(source)
        b.add("you", "battlefield", source)
    for p, entries in _board(sit).items():
        for nm, k in entries:
            b.add(p, "battlefield", cards.name(nm), k if isinstance(k, int) else 1)
    destroyed = out.get("destroyed")
    if isinstance(destroyed, int) and not (_board(sit)["opponent"]):
        # something to destroy: more creatures than the claim says can be destroyed
        b.add("opponent", "battlefield", PLAIN_CREATURE, destroyed + 1)
    b.actions.extend(actions)
    b.actions.append({"resolve": "all"})
    ctr = out.get("counters")
    if isinstance(ctr, dict):
        b.expect.append({"counters": {"card": source, "kind": ctr.get("kind", "+1/+1"), "n": int(ctr.get("n", 0))}})
    if isinstance(destroyed, int):
        b.expect.append({"count": {"player": "opponent", "zone": "graveyard", "n": destroyed}})
    tokens = out.get("tokens")
    if isinstance(tokens, int):
        b.expect.append({"count": {"zone": "battlefield", "token": True, "n": tokens}})
    life = out.get("life")
    if isinstance(life, dict):
        b.expect.append({"life": life})
    if not b.expect:
        raise _Skip(f"outcome keys {sorted(out)} have no expectation")
    return [b.build()]


def _syn_once_per_turn(claim: Claim, cards: _Cards) -> list[Reading]:
    sit, out = claim.situation or {}, claim.outcome or {}
    source = claim.subject or sit.get("source")
    if not source:
        raise _Skip("the claim does not name the card whose ability triggers")
    extra = [cards.name(n) for n, _ in _names(sit.get("extra_trigger_effects"))]
    if not extra:
        raise _Skip("the claim names no effect that makes abilities trigger an additional time")
    trigger = sit.get("objects") or sit.get("trigger")
    if not trigger:
        raise _Skip("the claim does not say which event makes the ability trigger")
    source = cards.name(source)
    b = _Builder(claim, ", ".join(extra))
    b.rules = ["603.2h"]
    b.add("you", "battlefield", source)
    for e in extra:
        b.add("you", "battlefield", e)
    for nm, k in _names(trigger):
        nm = cards.name(nm)
        b.add("you", "hand", nm)
        b.actions.append({"cast": nm})
    b.actions.append({"resolve": "all"})
    b.expect.append({"triggered": {"source": source, "times": int(out.get("max_times", 1))}})
    return [b.build()]


def _syn_stack_order(claim: Claim, cards: _Cards) -> list[Reading]:
    """stack_order: the triggers wait together; APNAP (CR 101.4, 603.3b) or the controller's free order."""
    sit, out = claim.situation or {}, claim.outcome or {}
    triggers = [t if isinstance(t, str) else (t.get("source") or t.get("card")) for t in sit.get("triggers") or []]
    triggers = [t for t in triggers if t]
    if len(triggers) < 2:
        raise _Skip("the claim does not name the abilities that trigger together")
    events = _event_actions(sit.get("events"), cards) if sit.get("events") else None
    if not events:
        raise _Skip("the claim does not say which event makes the abilities trigger")
    raise _Skip("stack_order synthesis needs the triggering event staged; not supported yet")


_SYNTH: dict[str, Callable[[Claim, _Cards], list[Reading]]] = {
    "trigger_count": _syn_trigger_count,
    "no_trigger": _syn_trigger_count,
    "can_counter": _syn_can_counter,
    "cannot_counter": _syn_can_counter,
    "can_target": _syn_can_target,
    "cannot_target": _syn_can_target,
    "devotion": _syn_devotion,
    "enters_as": _syn_enters_as,
    "nothing_happens": _syn_nothing_happens,
    "result": _syn_result,
    "once_per_turn": _syn_once_per_turn,
    "stack_order": _syn_stack_order,
}

_NO_SYNTH = {
    "choice_on_resolution": "when a choice is made (on resolution) is not observable in the engine's "
                            "expectations",
    "must_target": "the engine has no expectation for 'the ability must be put on the stack with this target'",
    "no_return": "look-back claims (603.10) need the removal effect staged; not supported yet",
    "finds": "look-back claims (603.6) need the removal effect staged; not supported yet",
}


def _readings(claim: Claim, cards) -> list[Reading] | Unsimulable:
    ctab = cards if isinstance(cards, _Cards) else _Cards(cards)
    f = _SYNTH.get(claim.kind)
    if f is None:
        return Unsimulable(_NO_SYNTH.get(claim.kind, f"no synthesis for claims of kind {claim.kind!r}"))
    if claim.kind.startswith("cannot_"):
        claim = Claim(**{**claim.__dict__, "outcome": {**(claim.outcome or {}), "can": False}})
    try:
        readings = f(claim, ctab)
    except _Skip as e:
        return Unsimulable(str(e))
    return readings or Unsimulable("synthesis produced no scenario")


def synthesize(claim: Claim, cards=None) -> list[dict] | Unsimulable:
    """The scenario(s) (scenario-format dicts) a claim describes, one per reading; or why there are none."""
    r = _readings(claim, cards)
    if isinstance(r, Unsimulable):
        return r
    return [x.scenario for x in r]


# ------------------------------------------------------------------------------------------- running
def _scenario_cards(sc: dict) -> list[str]:
    names: list[str] = []
    for zones in (sc.get("zones") or {}).values():
        for entries in (zones or {}).values():
            for e in entries or []:
                nm = e.get("card") if isinstance(e, dict) else str(e)
                nm = re.sub(r"\s+x\d+$", "", nm or "")
                if nm and nm not in names:
                    names.append(nm)
    return names


def _missing_behaviour(sc: dict, cards: _Cards) -> str | None:
    import engine
    for nm in _scenario_cards(sc):
        try:
            card = cards.card(nm)
        except _Skip:
            return nm
        if card.has_text and not engine.has_behaviour(card.name):
            return card.name
    return None


@dataclass
class _Run:
    label: str
    scenario: dict
    passed: bool = False
    failed_checks: bool = False          # at least one expectation observed the opposite
    error: str | None = None
    checks: list = field(default_factory=list)
    log: list = field(default_factory=list)
    missing: str | None = None           # card without behaviour

    def summary(self) -> dict:
        return {"reading": self.label, "passed": self.passed, "error": self.error,
                "observed": [c.get("observed") for c in self.checks], "scenario": self.scenario}


def _run(label: str, sc: dict, cards: _Cards) -> _Run:
    import engine
    r = _Run(label, sc)
    missing = _missing_behaviour(sc, cards)
    if missing:
        r.missing, r.error = missing, f"no behaviour for {missing}"
        return r
    try:
        res = engine.simulate(sc, cards=cards.table, log=True)
    except engine.NoBehaviour as e:
        r.missing = str(getattr(e, "card", None) or e)
        r.error = f"no behaviour for {r.missing}" if getattr(e, "card", None) else str(e)
        return r
    except Exception as e:  # a malformed synthesized scenario or an engine limit: say so, never a verdict
        r.error = f"{type(e).__name__}: {e}"
        return r
    r.checks = [_check_dict(c) for c in (getattr(res, "checks", None) or [])]
    r.log = [str(x) for x in (getattr(res, "log", None) or [])]
    r.error = getattr(res, "error", None) or None
    r.failed_checks = any(c.get("ok") is False for c in r.checks)
    r.passed = bool(getattr(res, "passed", False)) and not r.error and not r.failed_checks
    return r


def _check_dict(c) -> dict:
    if isinstance(c, dict):
        return c
    if hasattr(c, "to_dict"):
        return c.to_dict()
    return {"expect": getattr(c, "expect", None), "observed": getattr(c, "observed", None),
            "ok": getattr(c, "ok", None)}


def _verdict_from_runs(base: dict, runs: list[_Run], origin: str, require_all: bool = False) -> Verdict:
    tried = [r.summary() for r in runs]

    def make(word: str, run: _Run | None, reason: str) -> Verdict:
        sc = run.scenario if run else None
        expected = [c.get("expect") for c in run.checks] if run and run.checks else (sc or {}).get("expect")
        observed = [c.get("observed") for c in run.checks] if run and run.checks else None
        return Verdict(**base, verdict=word, expected=expected, observed=observed, reason=reason, scenario=sc,
                       origin=origin, readings_tried=tried, log=run.log if run else [])

    missing = [r for r in runs if r.missing]
    passed = [r for r in runs if r.passed]
    failed = [r for r in runs if r.failed_checks]
    errors = [r for r in runs if r.error and not r.failed_checks and not r.missing]
    labels = lambda rs: ", ".join(r.label for r in rs)  # noqa: E731
    if require_all:
        if passed and len(passed) == len(runs):
            return make("confirmed", passed[0], f"holds in every reading: {labels(passed)}")
        if failed and not missing and not errors:
            return make("contradicted", failed[0], f"fails in: {labels(failed)}" + _fail_detail(failed[0]))
    else:
        if passed:
            return make("confirmed", passed[0], f"holds when {labels(passed)}"
                        + (f" (not when {labels(failed)})" if failed else ""))
        if failed and len(failed) == len(runs):
            return make("contradicted", failed[0], f"the opposite happens in every reading tried "
                        f"({labels(failed)})" + _fail_detail(failed[0]))
    if missing:
        names = sorted({r.missing for r in missing})
        return make("unsimulable", missing[0], "no behaviour for " + ", ".join(names))
    if errors:
        return make("unsimulable", errors[0], f"the engine could not run the scenario: {errors[0].error}")
    return make("unsimulable", runs[0] if runs else None, "the readings disagree: "
                + "; ".join(f"{r.label}: {'holds' if r.passed else 'fails'}" for r in runs))


def _fail_detail(run: _Run) -> str:
    bad = [c for c in run.checks if c.get("ok") is False]
    if not bad:
        return ""
    c = bad[0]
    return f"; expected {_compact(c.get('expect'))}, observed {_compact(c.get('observed'))}"


def _compact(v) -> str:
    return json.dumps(v, ensure_ascii=False, default=str, separators=(",", ":"))


def _base(claim: Claim) -> dict:
    p = claim.prov
    return {"claim_id": claim.id, "document": p.document, "revision": p.revision, "section": list(p.section),
            "line": p.line, "text": claim.text, "kind": claim.kind}


def check_claim(claim: Claim, cards=None, attached: list[dict] | None = None) -> Verdict:
    """Synthesize (and/or take the attached scenarios), run, and decide the verdict of one claim."""
    ctab = cards if isinstance(cards, _Cards) else _Cards(cards)
    base = _base(claim)
    syn = _readings(claim, ctab)
    syn_runs: list[_Run] = []
    if not isinstance(syn, Unsimulable):
        syn_runs = [_run(r.label, r.scenario, ctab) for r in syn]
    if attached:
        runs = [_run(f"attached: {a.get('name') or 'scenario'}", a, ctab) for a in attached]
        v = _verdict_from_runs(base, runs, "attached", require_all=True)
        v.readings_tried += [{**r.summary(), "reading": "synthesized: " + r.label} for r in syn_runs]
        return v
    if isinstance(syn, Unsimulable):
        return Verdict(**base, verdict="unsimulable", reason=syn.reason, origin="synthesized")
    require_all = claim.kind == "stack_order" and _bool((claim.outcome or {}).get("free_order"), False)
    return _verdict_from_runs(base, syn_runs, "synthesized", require_all=require_all)


# ------------------------------------------------------------------------------------------- store side
def claim_from_data(data: dict, node_id: str | None = None, text: str | None = None) -> Claim:
    p = data.get("prov") or {}
    prov = Provenance(document=p.get("document") or data.get("document") or "",
                      revision=p.get("revision", data.get("revision")),
                      section=tuple(p.get("section") or data.get("section") or ()),
                      line=p.get("line", data.get("line")), file=p.get("file"))
    return Claim(id=data.get("id") or node_id or "", kind=data.get("kind") or "", text=data.get("text") or text or "",
                 prov=prov, subject=data.get("subject"), cards=list(data.get("cards") or []),
                 keywords=list(data.get("keywords") or []), situation=dict(data.get("situation") or {}),
                 outcome=dict(data.get("outcome") or {}), example_id=data.get("example_id"),
                 answer=data.get("answer"))


def _claim_nodes(store) -> list[dict]:
    return list(store.nodes(kind="claim"))


def _doc_matches(node: dict, documents: list[str]) -> bool:
    d = node["data"]
    names = {node.get("doc"), d.get("document"), d.get("key"), (d.get("prov") or {}).get("document")}
    return any(x in names for x in documents)


def _select(store, documents=None, keywords=None, cards=None, table=None) -> list[dict]:
    nodes = _claim_nodes(store)
    if documents:
        nodes = [n for n in nodes if _doc_matches(n, documents)]
    if keywords:
        kws = set(keywords)
        nodes = [n for n in nodes if kws & set(n["data"].get("keywords") or [])]
    if cards:
        wanted = set()
        for c in cards:
            m = table.resolve(c) if table is not None else None
            wanted.add(m.card.name if m else c)
        nodes = [n for n in nodes
                 if wanted & (set(n["data"].get("cards") or []) | {n["data"].get("subject")})]
    return nodes


def attachments(store) -> list[dict]:
    """The hand-written scenarios attached to claims: ``[{claim, file, text}]`` (claim id or DOCUMENT:LINE)."""
    raw = store.get_setting(ATTACH_SETTING)
    return json.loads(raw) if raw else []


def attach(store, claim_spec: str, file: str) -> list[str]:
    """Attach a scenario file (checked by ``engine.load_scenarios``) to a claim; returns the claim ids it matches.

    Stored in the store's settings, so it persists across runs and re-ingests (a ``DOCUMENT:LINE``
    attachment follows the document)."""
    import engine
    path = Path(file)
    engine.load_scenarios(str(path))        # raises ScenarioError naming the file and line
    ids = _resolve_spec(store, claim_spec)
    if not ids:
        raise ValueError(f"{claim_spec}: no claim with this id or DOCUMENT:LINE")
    items = [a for a in attachments(store) if not (a["claim"] == claim_spec and a["file"] == str(path))]
    items.append({"claim": claim_spec, "file": str(path), "text": path.read_text(encoding="utf-8")})
    with store.transaction():
        store.set_setting(ATTACH_SETTING, json.dumps(items, ensure_ascii=False))
    return ids


def _resolve_spec(store, spec: str, nodes: list[dict] | None = None) -> list[str]:
    nodes = nodes if nodes is not None else _claim_nodes(store)
    if spec.startswith("claim:") or any(n["id"] == spec for n in nodes):
        return [n["id"] for n in nodes if n["id"] in (spec, f"claim:{spec}")]
    if ":" in spec:
        doc, _, line = spec.rpartition(":")
        if line.strip().isdigit():
            return [n["id"] for n in nodes if _doc_matches(n, [doc]) and n["data"].get("line") == int(line)]
    return [n["id"] for n in nodes if n["id"] == f"claim:{spec}"]


def _attached_scenarios(store, nodes: list[dict]) -> dict[str, list[dict]]:
    import engine
    import tempfile
    out: dict[str, list[dict]] = {}
    for a in attachments(store):
        ids = _resolve_spec(store, a["claim"], nodes)
        if not ids:
            continue
        with tempfile.NamedTemporaryFile("w", suffix=".yaml", delete=False, encoding="utf-8") as f:
            f.write(a["text"])
        try:
            scs = engine.load_scenarios(f.name)
        finally:
            Path(f.name).unlink(missing_ok=True)
        dicts = [_scenario_dict(s) for s in scs]
        for cid in ids:
            out.setdefault(cid, []).extend(dicts)
    return out


def _scenario_dict(s) -> dict:
    if isinstance(s, dict):
        return s
    for attr in ("to_dict", "as_dict"):
        f = getattr(s, attr, None)
        if callable(f):
            return f()
    raw = getattr(s, "raw", None) or getattr(s, "data", None)
    if isinstance(raw, dict):
        return raw
    return s  # the engine accepts its own Scenario objects


def _store_cards(store):
    try:
        return store.card_table
    except Exception:
        return None


def validate(store, documents=None, keywords=None, cards=None, progress=False, table=None):
    """Check every claim (or those of some documents / keywords / cards); store the verdicts.

    Returns ``(verdicts, summary)`` with ``summary = {confirmed, contradicted, unsimulable, total}``.  Old
    verdicts of the checked claims are replaced in one transaction (nodes ``verdict:{claim id}``, owned by
    the claim's document, with a ``has_verdict`` edge)."""
    table = table if table is not None else _store_cards(store)
    ctab = _Cards(table)
    nodes = _select(store, documents, keywords, cards, ctab.table)
    attached = _attached_scenarios(store, nodes)
    verdicts: list[Verdict] = []
    bar = _progress(len(nodes)) if progress else None
    for i, n in enumerate(nodes):
        claim = claim_from_data(n["data"], n["id"], n["text"])
        claim.id = n["id"]
        verdicts.append(check_claim(claim, ctab, attached.get(n["id"])))
        if bar:
            bar(i + 1)
    if bar:
        bar(None)
    _store_verdicts(store, nodes, verdicts)
    return verdicts, summarize(verdicts)


def summarize(verdicts: Iterable[Verdict]) -> dict:
    s = {k: 0 for k in VERDICTS}
    for v in verdicts:
        s[v.verdict] = s.get(v.verdict, 0) + 1
    s["total"] = sum(s[k] for k in VERDICTS)
    return s


def _store_verdicts(store, nodes: list[dict], verdicts: list[Verdict]) -> None:
    owner = {n["id"]: n.get("doc") for n in nodes}
    with store.transaction() as c:
        for n in nodes:
            vid = f"verdict:{n['id']}"
            c.execute("DELETE FROM nodes WHERE id=?", (vid,))
            c.execute("DELETE FROM edges WHERE src=? AND kind='has_verdict'", (n["id"],))
        for v in verdicts:
            vid = f"verdict:{v.claim_id}"
            data = v.to_dict()
            data.update({"document": v.document, "revision": v.revision, "section": v.section, "line": v.line})
            doc = owner.get(v.claim_id)
            store.upsert_node(vid, "verdict", title=v.verdict, text=v.reason, data=data, doc=doc, replace=True)
            store.add_edge(v.claim_id, vid, "has_verdict", doc=doc)


def claim_log(store, claim_id: str) -> list[str]:
    """The engine's game log of a claim's stored verdict (``mtgkb show claim ID --log``)."""
    cid = claim_id if claim_id.startswith("claim:") else f"claim:{claim_id}"
    node = store.node(f"verdict:{cid}")
    if node is None:
        return []
    return list((node.get("data") or {}).get("log") or [])


def stored_verdict(store, claim_id: str) -> dict | None:
    cid = claim_id if claim_id.startswith("claim:") else f"claim:{claim_id}"
    node = store.node(f"verdict:{cid}")
    return node.get("data") if node else None


def _progress(total: int):
    if not sys.stderr.isatty() or total == 0:
        return None
    try:
        from rich.progress import Progress
    except ImportError:
        return None
    p = Progress(transient=True)
    task = p.add_task("validating", total=total)
    p.start()

    def update(i):
        if i is None:
            p.stop()
        else:
            p.update(task, completed=i)
    return update


# ------------------------------------------------------------------------------------------------- CLI
def cmd_validate(args) -> int:
    from kb.store import Store, StoreError

    from engine import reports

    try:
        store = Store(args.db)
    except StoreError as e:
        print(f"mtgkb validate: {e}", file=sys.stderr)
        return 2
    with store:
        for spec, file in getattr(args, "attach", None) or []:
            try:
                ids = attach(store, spec, file)
            except Exception as e:
                print(f"mtgkb validate: cannot attach {file}: {e}", file=sys.stderr)
                return 2
            if not args.json:
                print(f"attached {file} to {', '.join(ids)}")
        t0 = time.perf_counter()
        progress = not getattr(args, "no_progress", False) and not args.json
        verdicts, summary = validate(store, documents=args.document, keywords=args.keyword, cards=args.card,
                                     progress=progress)
        elapsed = time.perf_counter() - t0
        if getattr(args, "report", None):
            Path(args.report).write_text(reports.html_report(verdicts, summary), encoding="utf-8")
        if getattr(args, "wikitext", None):
            Path(args.wikitext).write_text(reports.wikitext_report(verdicts, summary), encoding="utf-8")
        if getattr(args, "emit_scenarios", None):
            reports.emit_scenarios(verdicts, args.emit_scenarios)
        if args.json:
            print(json.dumps({"verdicts": [v.public() for v in verdicts],
                              "summary": {k: summary[k] for k in VERDICTS}},
                             ensure_ascii=False, indent=1, default=str))
        else:
            print(reports.text_summary(verdicts, summary, elapsed))
    return 1 if summary["contradicted"] else 0
