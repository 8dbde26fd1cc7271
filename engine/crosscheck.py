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

import copy
import json
import re
import sys
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable

from extractor.facts import Claim, Provenance

from . import behaviours
from .errors import NoBehaviour
from .scenario import simulate, split_count

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
    doc_key: str | None = None            # the stored document's key (titles may repeat: an XML page, a .txt)
    file: str | None = None               # the file the claim was read from

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
    """One way of reading the claim's sentence, made runnable.  ``negated``: the claim says the scenario's
    ``triggered`` expectation does *not* hold ('2回は誘発しない'), so a run holds when that check fails."""
    label: str
    scenario: dict
    negated: bool = False


class _Skip(Exception):
    pass


# ----------------------------------------------------------------------------------------- card helpers
class _Cards:
    """The card table plus what the engine knows about behaviours (for stand-ins and readings)."""

    def __init__(self, table):
        if table is None:
            from kb.cards import CardTable
            table = CardTable.bundled()
        self.table = table
        self._standins: dict[str, str] = {}

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

    @staticmethod
    def behaviour(name: str):
        return behaviours.get(name)

    def usable(self, card) -> bool:
        """A card the engine can play: no rules text, or a behaviour definition."""
        return not card.has_text or self.behaviour(card.name) is not None

    def standin(self, type_name: str) -> str:
        """A plain card of a type, for a sentence that says "an artifact" / "a creature" without naming one."""
        t = TYPE_WORDS.get(type_name.lower(), type_name)
        if t in self._standins:
            return self._standins[t]
        if t == "Creature":
            name = PLAIN_CREATURE
        elif t == "Land":
            name = PLAIN_LAND
        else:
            pool = [c for c in self.table if t in c.types and "Creature" not in c.types and self.usable(c)]
            plain = [c for c in pool if not c.has_text]
            quiet = [c for c in pool if (b := self.behaviour(c.name)) is not None
                     and not b.triggers and not b.statics]
            pick = sorted(plain or quiet, key=lambda c: c.name)
            if not pick:
                raise _Skip(f"no card in the card table can stand in for 'a {type_name}'")
            name = pick[0].name
        self._standins[t] = name
        return name

    def with_cost(self, cost: str) -> str:
        """A permanent card with exactly this mana cost ("a permanent with cost {R}{R}{R}"), a plain one first."""
        want = cost.replace(" ", "").upper()
        pool = [c for c in self.table if (c.cost or "").replace(" ", "").upper() == want and self.usable(c)
                and not (set(c.types) & {"Instant", "Sorcery"})]
        if not pool:
            raise _Skip(f"no card in the card table with mana cost {cost} can stand in for the permanent the "
                        "claim describes by its cost")
        return sorted(pool, key=lambda c: (c.has_text, c.name))[0].name

    def candidates(self, claim: Claim, types: Iterable[str] = (), need: Iterable[str] = (),
                   exclude: Iterable[str] = ()) -> list[str]:
        """Cards a sentence that names none could be about: the claim's topic keywords (授与 → a bestow card,
        神 → a God) and the stated card types decide; cards the claim mentions come first."""
        preds = [TOPIC_FILTERS[k] for k in list(need) + list(claim.keywords or []) if k in TOPIC_FILTERS]
        if not preds:
            return []
        types = {TYPE_WORDS.get(str(t).lower(), t) for t in types} & CARD_TYPES
        exclude = set(exclude)
        mentioned = []
        for n in claim.cards or []:
            m = self.table.resolve(n)
            if m:
                mentioned.append(m.card)
        pool = mentioned + sorted(self.table, key=lambda c: c.name)
        out: list[str] = []
        for c in pool:
            if c.name in exclude or c.name in out or not types <= set(c.types) or not self.usable(c):
                continue
            if all(p(c, self.behaviour(c.name)) for p in preds):
                out.append(c.name)
        return out[:READINGS_PER_OPEN_CARD]

    def probe(self, scenario: dict) -> list[dict]:
        """Run a scenario only to observe values (the state before the action a claim is about)."""
        missing = _missing_behaviour(scenario, self)
        if missing:
            raise _Skip(f"no behaviour for {missing}")
        try:
            res = simulate(scenario, cards=self.table, log=False)
        except Exception as e:
            raise _Skip(f"the engine could not run the situation before the claim: {type(e).__name__}: {e}") from None
        if res.error:
            raise _Skip(f"the engine could not run the situation before the claim: {res.error}")
        checks = list(res.checks)
        n = len(scenario.get("expect") or [])
        return checks[len(checks) - n:] if n else []      # the final expectations (mid-scenario ones come first)


def _has_bestow(card, beh) -> bool:
    return beh is not None and bool(beh.bestow)


def _has_monstrosity(card, beh) -> bool:
    return beh is not None and any("monstrosity" in e for a in beh.activated
                                   for e in a.get("effects") or [] if isinstance(e, dict))


# topic keyword (keyword node name) → what a card the sentence leaves open must be
TOPIC_FILTERS: dict[str, Callable[[Any, Any], bool]] = {
    "授与": _has_bestow,
    "bestow": _has_bestow,
    "怪物化": _has_monstrosity,
    "monstrosity": _has_monstrosity,
    "神": lambda card, beh: "God" in card.subtypes,
    "god": lambda card, beh: "God" in card.subtypes,
}
CARD_TYPES = {"Artifact", "Creature", "Enchantment", "Instant", "Land", "Planeswalker", "Sorcery", "Battle"}
TYPE_WORDS = {"creature": "Creature", "artifact": "Artifact", "enchantment": "Enchantment", "land": "Land",
              "instant": "Instant", "sorcery": "Sorcery", "planeswalker": "Planeswalker",
              "クリーチャー": "Creature", "アーティファクト": "Artifact", "エンチャント": "Enchantment",
              "土地": "Land", "パーマネント": "Permanent", "permanent": "Permanent"}
READINGS_PER_OPEN_CARD = 2


# ----------------------------------------------------------------------------------------- claim fields
@dataclass
class _Obj:
    name: str
    n: int | None            # None: the sentence gives no number
    standin: bool = False    # a plain card standing for "a creature" etc.
    type: str | None = None


def _objects(value, cards: _Cards) -> list[_Obj]:
    """Normalise cards in a claim (``"X"``, ``"X x3"``, ``{card: X, n: 3}``, ``{type: creature, n: 2}``,
    ``"artifact"``) to :class:`_Obj`."""
    if value is None:
        return []
    if isinstance(value, (str, dict)):
        value = [value]
    out = []
    for v in value:
        n: Any = 1
        typ = None
        if isinstance(v, dict) and v.get("cost") and not (v.get("card") or v.get("name")):
            out.append(_Obj(cards.with_cost(str(v["cost"])), v.get("n") or 1, True))
            continue
        if isinstance(v, dict):
            name = v.get("card") or v.get("name")
            typ = v.get("type")
            n = v.get("n")
            if n is None and name:
                n = 1
        else:
            name, count = split_count(str(v))
            n = 1 if count is None else count
        n = n if isinstance(n, int) else (int(n) if isinstance(n, str) and n.isdigit() else None)
        if name and cards.table.resolve(str(name)) is None and str(name).lower() in TYPE_WORDS:
            typ, name = str(name), None
        if name:
            out.append(_Obj(cards.name(str(name)), n))
        elif typ:
            out.append(_Obj(cards.standin(str(typ)), n, True, TYPE_WORDS.get(str(typ).lower(), str(typ))))
    return out


def _board(sit: dict, cards: _Cards) -> dict[str, list[_Obj]]:
    b = sit.get("board") or {}
    if isinstance(b, list):
        b = {"you": b}
    return {p: _objects(b.get(p), cards) for p in ("you", "opponent")}


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


def _repeat(sit: dict) -> tuple[str, int] | None:
    """``actions: {activate: 2}`` / ``{action: activate, times: 2}`` → ("activate", 2)."""
    a = sit.get("actions")
    if isinstance(a, dict):
        if "action" in a:
            n = a.get("times") or a.get("n")
            return (str(a["action"]), int(n)) if isinstance(n, int) else None
        for k, v in a.items():
            if k in ("activate", "cast") and isinstance(v, int):
                return k, v
    return None


# ------------------------------------------------------------------------------------------- synthesis
class _Builder:
    """Collects a board and actions for one reading."""

    def __init__(self, claim: Claim, label: str, cards: _Cards):
        self.claim, self.label, self.cards = claim, label, cards
        self.zones: dict[str, dict[str, list]] = {}
        self.actions: list[dict] = []
        self.expect: list[dict] = []
        self.rules: list[str] = []
        self.active: str | None = None       # whose turn it is (default: you)
        self.at: dict | None = None           # where the game starts (default: turn 1, main1)
        self._count: dict[str, int] = {}

    def add(self, player: str, zone: str, name: str, n: int = 1) -> list[str]:
        """Put ``n`` copies somewhere; returns the scenario names of the objects (``X``, ``X#2`` …)."""
        lst = self.zones.setdefault(player, {}).setdefault(zone, [])
        lst.append(name if n == 1 else f"{name} x{n}")
        first = self._count.get(name, 0)
        self._count[name] = first + n
        return [name if i == 0 else f"{name}#{i + 1}" for i in range(first, first + n)]

    def has(self, name: str) -> bool:
        return self._count.get(name, 0) > 0

    def activate(self, name: str, by: str | None = None, targets: list | None = None) -> dict:
        a: dict[str, Any] = {"activate": name}
        beh = self.cards.behaviour(name)
        if beh is not None and beh.activated:
            a["ability"] = 1
        if by:
            a["by"] = by
        if targets:
            a["targets"] = targets
        return a

    def build(self) -> Reading:
        p = self.claim.prov
        where = " > ".join(p.section) if p.section else ""
        source = f"{p.document}" + (f" §{where}" if where else "") + (f", line {p.line}" if p.line else "")
        sc: dict[str, Any] = {"name": f"{self.claim.kind} ({self.label}): {_short(self.claim.text)}",
                              "source": source}
        if self.rules:
            sc["rules"] = list(self.rules)
        if self.active:
            sc["active"] = self.active
        if self.at:
            sc["at"] = self.at
        sc["strict_choices"] = False
        sc["zones"] = self.zones
        sc["actions"] = self.actions
        sc["expect"] = self.expect
        return Reading(self.label, sc)


def _short(text: str, n: int = 60) -> str:
    text = " ".join((text or "").split())
    return text if len(text) <= n else text[: n - 1] + "…"


def _subject(claim: Claim, cards: _Cards, what: str) -> str:
    s = claim.subject or (claim.situation or {}).get("source")
    if not s:
        kw = (claim.situation or {}).get("ability_keyword")
        if kw:
            raise _Skip(f"the claim states a rule about the {kw} ability in general and does not name {what}")
        quoted = (claim.situation or {}).get("quoted_ability")
        if quoted:
            raise _Skip(f"the ability is given only by its wording (「{_short(str(quoted), 40)}」), not by a card, "
                        f"so the claim does not name {what}")
        raise _Skip(f"the claim does not name {what}")
    return cards.name(s)


def _place_board(b: _Builder, sit: dict, cards: _Cards, skip: Iterable[str] = ()) -> None:
    skip = set(skip)
    for p, objs in _board(sit, cards).items():
        for o in objs:
            if o.name not in skip:
                b.add(p, "battlefield", o.name, o.n or 1)


def _stage_cause(b: _Builder, cause: str, cards: _Cards) -> None:
    """A card named as the cause: an instant/sorcery or a card not yet in play is cast; a permanent already
    there has its ability activated."""
    if cards.is_spell_only(cause) or not b.has(cause):
        b.add("you", "hand", cause)
        b.actions.append({"cast": cause})
    else:
        b.actions.append(b.activate(cause))
    b.actions.append({"resolve": "all"})


def _syn_trigger_count(claim: Claim, cards: _Cards) -> list[Reading]:
    """trigger_count / no_trigger: the source on the battlefield, the event made to happen (CR 603.2)."""
    sit, out = claim.situation or {}, claim.outcome or {}
    if sit.get("extra_source") and not claim.subject:
        return _syn_extra_source(claim, cards)
    subject = _subject(claim, cards, "the card whose ability triggers")
    event = (sit.get("event") or "").lower() or None
    cause = cards.name(sit["cause"]) if sit.get("cause") else None
    times = 0 if claim.kind == "no_trigger" else out.get("times")
    if times is None:
        raise _Skip("the claim gives no number of times")
    board = _board(sit, cards)
    owner = "opponent" if any(o.name == subject for o in board["opponent"]) else "you"
    rep = _repeat(sit)
    if rep and claim.kind == "no_trigger" and rep[1] >= 2:
        # "the second activation does not trigger it": the last of the repeated actions changes nothing
        return _syn_repeated(claim, cards, subject, rep, kind="trigger")
    if rep:
        action, n = rep
        if not isinstance(times, int):
            raise _Skip(f"number of times {times!r} for a repeated {action} is not a number")
        b = _Builder(claim, f"{subject}: {action} ×{n}", cards)
        b.rules = ["603.2"]
        b.add(owner, "battlefield", subject)
        _place_board(b, sit, cards, skip=[subject])
        if not board["opponent"]:
            b.add("opponent", "battlefield", PLAIN_CREATURE, 2)     # something for its effects to act on
        b.actions += [b.activate(subject) if action == "activate" else {"cast": subject} for _ in range(n)]
        b.actions.append({"resolve": "all"})
        b.expect.append({"triggered": {"source": subject, "times": int(times)}})
        return [b.build()]
    if not event and not cause:
        raise _Skip("the claim does not say which event happens")
    objs = _objects(sit.get("objects"), cards)
    variants: list[tuple[str, list[_Obj]]] = []
    if event == "enters" and not objs and not cause:
        # "X enters": which permanent, when the sentence does not say, is read from the topic (e.g. a God)
        for name in cards.candidates(claim, exclude=[subject]):
            variants.append((f"{name} enters", [_Obj(name, 1)]))
        if not variants:
            raise _Skip("the claim does not say what entered the battlefield")
    elif any(o.n is None for o in objs) and not (cause and event == "enters"):
        # (a cause that makes things enter decides how many: the stand-ins' count would not be used)
        for k in OPEN_COUNTS:
            vs = [_Obj(o.name, o.n if o.n is not None else k, o.standin, o.type) for o in objs]
            variants.append((_objs_label(vs), vs))
    else:
        variants.append((_objs_label(objs) or "as stated", objs))

    readings = []
    for label, objs in variants:
        b = _Builder(claim, label, cards)
        b.rules = ["603.2"]
        b.add(owner, "battlefield", subject)
        _place_board(b, sit, cards, skip=[subject])
        others = [o for o in objs if o.name != subject]
        counted = sum(o.n or 0 for o in others)
        placed: list[str] = []
        if event in ("dies", "leaves", "attacks", "monstrous") or (cause and event != "enters"):
            for o in others:
                if not b.has(o.name) or o.standin:
                    placed += b.add("you", "battlefield", o.name, o.n)
        if cause:
            _stage_cause(b, cause, cards)
        elif event == "enters":
            if not others:
                raise _Skip("the claim does not say what entered the battlefield")
            entering = [o.name if o.n == 1 else f"{o.name} x{o.n}" for o in others]
            for o in others:
                b.add("you", "hand", o.name, o.n)
            b.actions.append({"put": {"cards": entering, "zone": "battlefield", "player": "you"}})
            b.actions.append({"resolve": "all"})
        elif event == "dies":
            for name in placed:
                b.actions.append({"destroy": name})
            if any(o.name == subject for o in objs):
                b.actions.append({"destroy": subject})
            b.actions.append({"resolve": "all"})
        elif event == "monstrous":
            b.actions.append(b.activate(subject))
            b.actions.append({"resolve": "all"})
        elif event == "attacks":
            b.actions.append({"attack": placed or [subject], "defender": "opponent"})
            b.actions.append({"resolve": "all"})
        else:
            raise _Skip(f"event {event!r} without a named cause cannot be staged")
        if times == "per_object" and cause:
            # the cause decides how many objects the event has: counted with the engine (never a reading
            # picked for passing)
            counted = _event_size(cards, b, event)
        elif times == "per_object" and event in ("dies", "leaves"):
            # the source is one of the objects of the event when the staged event removed it too: a
            # leaves-the-battlefield ability looks back and sees its own source leave (603.10a).  Whether it
            # left is observed (the event as staged), never assumed from the stated types.
            sc = copy.deepcopy(b.build().scenario)
            sc["expect"] = [{"zone": {"card": subject, "zone": "battlefield"}}]
            if any(c.get("ok") is False for c in cards.probe(sc)):
                counted += 1
        if times == "per_object":
            if not counted:
                raise _Skip("'as many as the objects' but the claim lists no objects")
            n_times = counted
        else:
            try:
                n_times = int(times)
            except (TypeError, ValueError):
                raise _Skip(f"number of times {times!r} is not a number") from None
        b.expect.append({"triggered": {"source": subject, "times": n_times}})
        readings.append(b.build())
    return readings


def _event_size(cards: _Cards, b: "_Builder", event: str | None) -> int:
    """How many permanents the staged actions put onto (``enters``) or removed from the battlefield,
    observed with the engine: both battlefields counted with no action, then after the actions."""
    exp = [{"count": {"player": p, "zone": "battlefield", "n": -1}} for p in ("you", "opponent")]
    after = copy.deepcopy(b.build().scenario)
    after["expect"] = exp
    before = {**copy.deepcopy(after), "actions": []}
    n0 = sum(int(c.get("observed") or 0) for c in cards.probe(before))
    n1 = sum(int(c.get("observed") or 0) for c in cards.probe(after))
    return n1 - n0 if event == "enters" else n0 - n1


def _syn_extra_source(claim: Claim, cards: _Cards) -> list[Reading]:
    """trigger_count of an additional-trigger effect's own wording ("if an artifact or creature entering
    causes a triggered ability of a permanent you control to trigger, it triggers an additional time"): the
    effect's card, each stated kind of entering object, and a permanent whose ability such an event
    triggers (read from the behaviours) — the ability must trigger 1 + extra times (CR 603.2d)."""
    sit, out = claim.situation or {}, claim.outcome or {}
    extra_source = cards.name(sit["extra_source"])
    if cards.behaviour(extra_source) is None:
        raise _Skip(f"no behaviour for {extra_source}")
    event = sit.get("event")
    if event != "enters":
        raise _Skip(f"staging a '{event}' event for an additional-trigger effect is not supported")
    times = out.get("times")
    if not isinstance(times, int):
        raise _Skip("the claim gives no number of times")
    objs = _objects(sit.get("objects_any"), cards) or []
    if not objs:
        raise _Skip("the claim does not say what enters the battlefield")
    readings = []
    for o in objs:
        trigger_cards = []
        for c in sorted(cards.table, key=lambda c: c.name):
            b = cards.behaviour(c.name)
            if c.name in (extra_source, o.name) or b is None or not cards.usable(c):
                continue
            if any(t.get("event") == event and not t.get("once_per_turn") and not (t.get("object") or {}).get("self")
                   and _fits(cards.card(o.name), t.get("object") or {}) for t in b.triggers):
                trigger_cards.append(c.name)
        if not trigger_cards:
            continue
        for tc in trigger_cards[:READINGS_PER_OPEN_CARD]:
            b = _Builder(claim, f"{extra_source}, {tc}, {o.type.lower() if o.type else o.name} enters", cards)
            b.rules = ["603.2d"]
            b.add("you", "battlefield", extra_source)
            b.add("you", "battlefield", tc)
            b.add("you", "hand", o.name)
            b.actions += [{"put": {"cards": [o.name], "zone": "battlefield", "player": "you"}}, {"resolve": "all"}]
            b.expect.append({"triggered": {"source": tc, "times": times}})
            readings.append(b.build())
    if not readings:
        raise _Skip("no card with an ability that such an event triggers is known")
    return readings


def _objs_label(objs: list[_Obj]) -> str:
    return ", ".join(("" if o.n is None else f"{o.n}×") + (o.type.lower() if o.standin and o.type else o.name)
                     for o in objs)


def _probe_expectations(subject: str) -> list[dict]:
    """What "nothing happens" compares: life, the subject's counters and triggers, board and graveyards."""
    return [{"life": {"you": 0, "opponent": 0}},
            {"counters": {"card": subject, "kind": "+1/+1", "n": -1}},
            {"triggered": {"source": subject, "times": -1}},
            {"count": {"player": "you", "zone": "battlefield", "n": -1}},
            {"count": {"player": "opponent", "zone": "battlefield", "n": -1}},
            {"count": {"player": "you", "zone": "graveyard", "n": -1}},
            {"count": {"player": "opponent", "zone": "graveyard", "n": -1}}]


def _with_observed(expect: dict, observed) -> dict | None:
    (key, body), = expect.items()
    if key == "life":
        return {"life": observed} if isinstance(observed, dict) else None
    if isinstance(observed, dict):
        observed = observed.get("n", observed.get("times"))
    if not isinstance(observed, int):
        return None
    field_ = "times" if key == "triggered" else "n"
    return {key: {**body, field_: observed}}


def _syn_repeated(claim: Claim, cards: _Cards, subject: str, rep: tuple[str, int], kind: str) -> list[Reading]:
    """A claim about the last of repeated actions ("the second activation does nothing"): the state after
    all but the last is measured with the engine, and the full sequence must leave it unchanged."""
    action, n = rep
    if n < 2:
        raise _Skip("the claim says nothing happens on a repeated action but does not say it was repeated")

    def build(k: int, expect: list[dict], label: str) -> dict:
        b = _Builder(claim, label, cards)
        b.add("you", "battlefield", subject)
        _place_board(b, claim.situation or {}, cards, skip=[subject])
        if not _board(claim.situation or {}, cards)["opponent"]:
            b.add("opponent", "battlefield", PLAIN_CREATURE, 2)
        for _ in range(k):
            b.actions.append(b.activate(subject) if action == "activate" else {"cast": subject})
        b.actions.append({"resolve": "all"})
        b.expect = expect
        return b.build().scenario

    probes = _probe_expectations(subject)
    if kind == "trigger":
        probes = [p for p in probes if "triggered" in p]
    before = build(n - 1, probes, f"{n - 1}×{action}")
    observed = cards.probe(before)
    expect = []
    for p, c in zip(probes, observed):
        e = _with_observed(p, c.get("observed"))
        if e is None:
            raise _Skip(f"cannot read the state before the last {action}: {_compact(c.get('observed'))}")
        expect.append(e)
    return [Reading(f"{n}×{action} vs {n - 1}×{action}", build(n, expect, f"{n}×{action}, the last changes nothing"))]


def _spell_readings(claim: Claim, cards: _Cards, spell: str | None, mode: str | None) -> list[str]:
    """The spell a sentence is about; when it names none, the cards its topic and types allow."""
    if spell:
        return [cards.name(spell)]
    sit = claim.situation or {}
    need = ["bestow"] if mode == "bestow" else []
    types = [] if mode == "bestow" else (sit.get("spell_types") or [])
    names = cards.candidates(claim, types=types, need=need, exclude=[claim.subject or ""])
    if not names and types and not need and not any(k in TOPIC_FILTERS for k in claim.keywords or []):
        # "a creature spell": any spell of exactly the stated types stands in (a plain one if possible)
        want = {TYPE_WORDS.get(str(t).lower(), t) for t in types}
        pool = [c for c in cards.table if set(c.types) == want and cards.usable(c) and c.name != claim.subject]
        pool.sort(key=lambda c: (c.has_text, c.name))
        names = [c.name for c in pool[:1]]
    if not names:
        raise _Skip("the claim does not say which spell it is about")
    return names


def _cast(spell: str, by: str, mode: str | None, targets: list | None = None) -> dict:
    a: dict[str, Any] = {"cast": spell, "by": by}
    if mode and mode != "normal":
        a["mode"] = mode
    if targets:
        a["targets"] = targets
    return a


def _label(spell: str, mode: str | None) -> str:
    return f"{spell} cast with {mode}" if mode and mode != "normal" else f"{spell} cast normally"


def _named(cards: _Cards, name: str | None, what: str) -> str:
    """The table's name of a card the claim must name (``what`` says which, for the skip reason)."""
    if not name:
        raise _Skip(f"the claim does not name {what}")
    return cards.name(name)


def _can(claim: Claim, what: str) -> bool:
    """The claim's yes/no outcome ``can``."""
    can = _bool((claim.outcome or {}).get("can"))
    if can is None:
        raise _Skip(f"the claim does not say whether {what}")
    return can


def _opponent_casts(b: "_Builder", spell: str, mode: str) -> None:
    """The opponent casts ``spell`` in their own main phase (CR 307.1); cast with bestow it targets a plain
    creature of theirs (CR 702.103b)."""
    b.active = "opponent"
    b.add("opponent", "hand", spell)
    enchant = b.add("opponent", "battlefield", PLAIN_CREATURE) if mode == "bestow" else None
    b.actions.append(_cast(spell, "opponent", mode, enchant))


def _syn_can_counter(claim: Claim, cards: _Cards) -> list[Reading]:
    """can_counter: the opponent casts the spell, you cast the counterspell targeting it (CR 701.6, 115)."""
    sit = claim.situation or {}
    counter = _named(cards, sit.get("counter") or claim.subject, "the counterspell")
    can = _can(claim, "the spell can be countered")
    mode = sit.get("mode") or "normal"
    readings = []
    for spell in _spell_readings(claim, cards, sit.get("spell"), mode):
        b = _Builder(claim, _label(spell, mode), cards)
        b.rules = ["601.2c", "701.6a"] + (["702.103b"] if mode == "bestow" else [])
        b.add("you", "hand", counter)
        _opponent_casts(b, spell, mode)
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
    """can_target: the would-be target is put where the sentence has it (a spell on the stack, else a
    permanent of the opponent) and targetability is checked (CR 115)."""
    sit = claim.situation or {}
    source = _named(cards, sit.get("source") or sit.get("spell") or claim.subject,
                    "the spell or ability that targets")
    can = _can(claim, "it can target")
    mode = sit.get("mode") or "normal"
    on_stack = bool(sit.get("spell_types")) or mode != "normal" or sit.get("zone") == "stack"
    if sit.get("target"):
        targets_ = [cards.name(sit["target"])]
        if targets_[0] == source:
            raise _Skip("a spell targeting itself (CR 115.5) is not staged: the engine has no expectation for "
                        "a spell's own targets while it is being cast")
    elif sit.get("target_kind") in TOPIC_FILTERS:          # "a God on the stack": the Gods the engine knows
        targets_ = cards.candidates(claim, need=[sit["target_kind"]], exclude=[source])
        if not targets_:
            raise _Skip(f"no card of the kind {sit['target_kind']!r} has a behaviour")
    else:
        targets_ = _spell_readings(claim, cards, None, mode)
    readings = []
    for target in targets_:
        stack = on_stack or cards.is_spell_only(target)
        b = _Builder(claim, _label(target, mode) if stack else f"{target} on the battlefield", cards)
        b.rules = ["115.1"]
        b.add("you", "hand", source)
        if stack:
            _opponent_casts(b, target, mode)
        else:
            b.add("opponent", "battlefield", target)
        b.expect.append({"can_target": {"spell": source, "target": target, "value": can}})
        readings.append(b.build())
    return readings


def _syn_devotion(claim: Claim, cards: _Cards) -> list[Reading]:
    """devotion: the permanents under the player's control, then count (CR 700.5)."""
    sit, out = claim.situation or {}, claim.outcome or {}
    perms = _objects(sit.get("permanents"), cards)
    if not perms:
        raise _Skip("the claim does not say which permanents the player controls")
    color = _color(out.get("color") or sit.get("color"))
    if not color:
        raise _Skip("the claim does not say which colour's devotion")
    value = out.get("value")
    if not isinstance(value, int):
        raise _Skip("the claim gives no devotion number")
    player = sit.get("player") or "you"
    b = _Builder(claim, "as stated", cards)
    b.rules = ["700.5"]
    for o in perms:
        b.add(player, "battlefield", o.name, o.n or 1)
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
    mode = sit.get("mode") or "normal"
    readings = []
    for spell in _spell_readings(claim, cards, sit.get("spell"), mode):
        b = _Builder(claim, _label(spell, mode), cards)
        b.rules = ["608.3"]
        b.add("you", "hand", spell)
        targets = None
        if mode == "bestow":
            targets = b.add("you", "battlefield", PLAIN_CREATURE)
            b.rules.append("702.103e")
        b.actions.append(_cast(spell, "you", mode, targets))
        if _bool(sit.get("target_illegal")):
            if not targets:
                raise _Skip("the target that becomes illegal is not said")
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


def _event_actions(events) -> list[dict]:
    out = []
    for e in events or []:
        if not isinstance(e, dict) or not any(k in e for k in _EVENT_ACTIONS):
            raise _Skip(f"event {e!r} is not in the scenario vocabulary")
        out.append(dict(e))
    return out


def _syn_nothing_happens(claim: Claim, cards: _Cards) -> list[Reading]:
    """nothing_happens: the events are staged and the state must be as before the last one."""
    sit = claim.situation or {}
    rep = _repeat(sit)
    if rep:
        if claim.subject or sit.get("source"):
            subjects = [_subject(claim, cards, "the card whose ability is used")]
        else:   # a general statement ("the second activation of monstrosity does nothing"): the topic's cards
            subjects = cards.candidates(claim)
            if not subjects:
                raise _Skip("the claim does not name the card whose ability is used, and its topic names no "
                            "kind of card")
        return [r for subj in subjects for r in _syn_repeated(claim, cards, subj, rep, kind="state")]
    if isinstance(sit.get("before_resolution"), dict):
        return _syn_before_resolution(claim, cards)
    events = sit.get("events")
    if not events or not all(isinstance(e, dict) for e in events):
        raise _Skip("the claim does not say what happened before 'nothing happens' in a form that can be "
                    f"staged (events: {_compact(events)})")
    subject = _subject(claim, cards, "the card whose ability does nothing")
    actions = _event_actions(events)

    def build(acts, expect, label):
        b = _Builder(claim, label, cards)
        b.add("you", "battlefield", subject)
        _place_board(b, sit, cards, skip=[subject])
        b.actions = list(acts) + [{"resolve": "all"}]
        b.expect = expect
        return b.build().scenario

    probes = _probe_expectations(subject)
    observed = cards.probe(build(actions[:-1], probes, "before"))
    expect = [e for p, c in zip(probes, observed) if (e := _with_observed(p, c.get("observed")))]
    return [Reading("as stated", build(actions, expect, "as stated"))]


def _trigger_of(cards: _Cards, source: str, what: str) -> dict:
    """The one triggered ability of a card's behaviour (the claim says 'X's ability')."""
    beh = cards.behaviour(source)
    if beh is None:
        raise _Skip(f"no behaviour for {source}")
    trigs = [t for t in beh.triggers if t.get("name") not in ("persist", "undying", "prowess")]
    if len(trigs) != 1:
        raise _Skip(f"{source} has {len(trigs)} triggered abilities; the claim does not say which {what}")
    return trigs[0]


def _syn_before_resolution(claim: Claim, cards: _Cards) -> list[Reading]:
    """nothing_happens for an ability whose condition stopped holding between triggering and resolution
    (intervening 'if', CR 603.4): the ability triggers (checked mid-scenario), the stated permanents are
    removed so that the stated number remains, and resolving it must change nothing.  How many were
    removed is open when the text gives only what remains: 1 and 2 are tried."""
    sit = claim.situation or {}
    br = sit["before_resolution"]
    subject = _subject(claim, cards, "the card whose ability does nothing")
    trig = _trigger_of(cards, subject, "stopped")
    if trig.get("event") != "enters" or not (trig.get("object") or {}).get("self"):
        raise _Skip(f"staging {subject}'s '{trig.get('event')}' trigger is not supported")
    event = br.get("event")
    verb = {"destroyed": "destroy", "exiled": "exile", "sacrificed": "sacrifice", "removed": "destroy"}.get(event)
    if verb is None:
        raise _Skip(f"removal {event!r} before resolution cannot be staged")
    owner = br.get("controller") or "you"
    if br.get("card"):
        objs = [(cards.name(br["card"]), 0, [1])]
    elif br.get("type"):
        remaining = br.get("remaining")
        if not isinstance(remaining, int):
            raise _Skip(f"the claim does not say how many {br['type']}s remain after the removal")
        objs = [(cards.standin(br["type"]), remaining, list(OPEN_COUNTS))]
    else:
        raise _Skip("the claim does not say what was removed before the ability resolved")
    name, remaining, removed_counts = objs[0]
    readings = []
    for k in removed_counts:
        def build(resolve: bool, expect: list[dict], label: str) -> dict:
            b = _Builder(claim, label, cards)
            b.rules = ["603.4", "608.2b"]
            placed = b.add(owner, "battlefield", name, remaining + k) if not br.get("card") else \
                b.add(owner, "battlefield", name)
            _place_board(b, sit, cards, skip=[subject, name])
            b.add("you", "hand", subject)
            b.actions += [{"cast": subject}, {"resolve": 1}, {"expect": [{"stack": [subject]}]}]
            b.actions += [{verb: x} for x in placed[:k]]
            if resolve:
                b.actions.append({"resolve": "all"})
            b.expect = expect
            return b.build().scenario

        label = f"{k} removed, {remaining} left" if not br.get("card") else f"{name} removed"
        probes = [p for p in _probe_expectations(subject) if "triggered" not in p]
        observed = cards.probe(build(False, probes, f"{label}, before resolving"))
        expect = []
        for p, c in zip(probes, observed):
            e = _with_observed(p, c.get("observed"))
            if e is None:
                raise _Skip(f"cannot read the state before the ability resolves: {_compact(c.get('observed'))}")
            expect.append(e)
        expect.append({"stack": {"n": 0}})
        readings.append(Reading(label, build(True, expect, label)))
    return readings


def _syn_effect_order(claim: Claim, cards: _Cards) -> list[Reading]:
    """result with ``order``: the effects a source's abilities perform, in resolution order.  With
    ``extra_trigger`` the ability triggers an additional time (CR 603.2d); the card that makes it do so is
    read from the behaviours when the text does not name it."""
    sit, out = claim.situation or {}, claim.outcome or {}
    source = _subject(claim, cards, "the card whose ability resolves")
    trig = _trigger_of(cards, source, "resolves")
    event = trig.get("event")
    if event != "enters":
        raise _Skip(f"staging {source}'s '{event}' trigger is not supported")
    obj = _matching_card(cards, trig.get("object") or {}, exclude=[source])
    if not obj:
        raise _Skip(f"no card fits what makes {source}'s ability trigger")
    extras: list[str | None] = [None]
    if _bool(sit.get("extra_trigger"), False):
        extras = [c.name for c in sorted(cards.table, key=lambda c: c.name)
                  if c.name in {n for n in claim.cards or []} and _adds_trigger(cards, c.name, event, obj)]
        extras = extras or [c.name for c in sorted(cards.table, key=lambda c: c.name)
                            if _adds_trigger(cards, c.name, event, obj)]
        extras = extras[:READINGS_PER_OPEN_CARD]
        if not extras:
            raise _Skip("no card that makes abilities trigger an additional time is named or known")
    order = [str(x) for x in out.get("order") or []]
    readings = []
    for e in extras:
        b = _Builder(claim, f"{e}, {obj} enters" if e else f"{obj} enters", cards)
        b.rules = ["603.2d", "608.2"] if e else ["608.2"]
        b.add("you", "battlefield", source)
        if e:
            b.add("you", "battlefield", e)
        b.add("you", "hand", obj)
        b.actions += [{"put": {"cards": [obj], "zone": "battlefield", "player": "you"}}, {"resolve": "all"}]
        b.expect.append({"effects": {"source": source, "sequence": order}})
        readings.append(b.build())
    return readings


def _adds_trigger(cards: _Cards, name: str, event: str, obj: str) -> bool:
    b = cards.behaviour(name)
    return b is not None and any((st.get("extra_trigger") or {}).get("event") in (event, "any")
                                 and _fits(cards.card(obj), (st.get("extra_trigger") or {}).get("object") or {})
                                 and not (st.get("extra_trigger") or {}).get("source")
                                 for st in b.statics)


def _syn_result(claim: Claim, cards: _Cards) -> list[Reading]:
    """result: stage the actions (e.g. activate twice) or cast the card discussed, then check counters /
    destroyed / tokens / life."""
    sit, out = claim.situation or {}, claim.outcome or {}
    if out.get("order") and not (set(out) & {"counters", "destroyed", "tokens", "life"}):
        return _syn_effect_order(claim, cards)
    if out.get("pt") and not (set(out) & {"counters", "destroyed", "tokens", "life", "order"}):
        raise _Skip(f"the claim states the power/toughness {out['pt']} of a creature it describes only by its "
                    "characteristics (no card is named for it)"
                    + ("" if claim.subject else ", and the effects applied are not cards either"))
    source = _subject(claim, cards, "the card whose ability is used")
    life = out.get("life")
    if isinstance(life, dict) and set(out) == {"life"} and not _repeat(sit) and not cards.is_spell_only(source):
        staged = _syn_life_trigger(claim, cards, source, life)
        if staged:
            return staged
    known = {"counters", "destroyed", "tokens", "life"}
    if not out or not (set(out) & known):
        raise _Skip(f"outcome {_compact(out)} has no expectation in the scenario format")
    b = _Builder(claim, "as stated", cards)
    rep = _repeat(sit)
    destroyed = out.get("destroyed")
    if rep:
        action, n = rep
        b.add("you", "battlefield", source)
        b.actions += [b.activate(source) if action == "activate" else {"cast": source} for _ in range(n)]
        b.label = f"{source}: {action} ×{n}"
    elif sit.get("actions"):
        raise _Skip(f"actions {_compact(sit.get('actions'))} are not in the scenario vocabulary")
    elif not cards.is_spell_only(source):
        # the card discussed is cast; the other cards the sentence names are already yours
        for other in claim.cards or []:
            o = cards.name(other)
            if o != source and not cards.is_spell_only(o) and not b.has(o):
                b.add("you", "battlefield", o)
        b.add("you", "hand", source)
        b.actions.append({"cast": source})
        b.label = f"{source} cast" + (f" with {', '.join(n for n in b._count if n != source)}"
                                      if len(b._count) > 1 else "")
    else:
        b.add("you", "hand", source)
        b.actions.append({"cast": source})
    _place_board(b, sit, cards, skip=[source])
    if isinstance(destroyed, int) and not _board(sit, cards)["opponent"]:
        # potential victims: more than the actions could destroy if each destroyed one, so "only one" can
        # fail; the number comes from the situation, never from the claimed outcome
        b.add("opponent", "battlefield", PLAIN_CREATURE, (rep[1] if rep else 1) + 1)
    b.actions.append({"resolve": "all"})
    ctr = out.get("counters")
    if isinstance(ctr, dict):
        b.expect.append({"counters": {"card": source, "kind": ctr.get("kind", "+1/+1"), "n": int(ctr.get("n", 0))}})
    if isinstance(destroyed, int):
        b.expect.append({"count": {"player": "opponent", "zone": "graveyard", "n": destroyed}})
    tokens = out.get("tokens")
    if isinstance(tokens, int):
        b.expect.append({"count": {"zone": "battlefield", "token": True, "n": tokens}})
    if isinstance(life, dict):
        b.expect.append({"life_change": _life_change(life)})
    if not b.expect:
        raise _Skip(f"outcome {_compact(out)} has no expectation in the scenario format")
    return [b.build()]


def _life_change(life: dict) -> dict:
    player = life.get("player") or "you"
    return {player: int(life.get("gain", 0)) - int(life.get("lose", 0))}


def _syn_life_trigger(claim: Claim, cards: _Cards, source: str, life: dict) -> list[Reading] | None:
    """result with ``life`` for a permanent whose (one) life-changing triggered ability the sentence states:
    the event that triggers it is staged (the card enters, or another card that fits enters) and the life
    change is checked (CR 603.2, 119.3).  None when the card has no such trigger (the caller goes on)."""
    beh = cards.behaviour(source)
    if beh is None:
        raise _Skip(f"no behaviour for {source}")
    trigs = [t for t in beh.triggers
             if any(isinstance(e, dict) and ({"gain_life", "lose_life"} & set(e)) for e in t.get("effects") or [])]
    if len(trigs) != 1:
        return None
    trig = trigs[0]
    spec = trig.get("object") or {}
    if trig.get("event") != "enters":
        raise _Skip(f"staging {source}'s '{trig.get('event')}' trigger is not supported")
    b = _Builder(claim, "as stated", cards)
    b.rules = ["603.2", "119.3"]
    if spec.get("self"):
        b.add("you", "hand", source)
        b.actions.append({"cast": source})
        b.label = f"{source} enters"
    else:
        obj = _matching_card(cards, spec, exclude=[source])
        if not obj:
            raise _Skip(f"no card fits what makes {source}'s ability trigger")
        b.add("you", "battlefield", source)
        b.add("you", "hand", obj)
        b.actions.append({"put": {"cards": [obj], "zone": "battlefield", "player": "you"}})
        b.label = f"{obj} enters"
    b.actions.append({"resolve": "all"})
    b.expect.append({"life_change": _life_change(life)})
    return [b.build()]


def _syn_must_target(claim: Claim, cards: _Cards) -> list[Reading]:
    """must_target: with only the stated board, the ability still goes on the stack (CR 603.3c/d)."""
    sit = claim.situation or {}
    source = _subject(claim, cards, "the card whose ability must target")
    out = claim.outcome or {}
    want: dict[str, Any] = {"source": source}
    if out.get("controller") in ("you", "opponent"):
        want["controller"] = out["controller"]
    target = str(out.get("target") or "")
    word = re.sub(r"^(?:own|opponent's)\s+", "", target)
    if word.lower() in TYPE_WORDS and TYPE_WORDS[word.lower()] in CARD_TYPES:
        want["type"] = TYPE_WORDS[word.lower()]
    elif target and cards.table.resolve(target) is not None:
        want["card"] = cards.name(target)
    b = _Builder(claim, "as stated", cards)
    b.rules = ["603.3d", "115.1"]
    _place_board(b, sit, cards, skip=[source])
    b.add("you", "hand", source)
    # the ability is on the stack with the target the claim says it must have (checked while it waits)
    b.actions += [{"cast": source}, {"resolve": 1}, {"expect": [{"stack": [source]}, {"targets": want}]},
                  {"resolve": "all"}]
    b.expect.append({"triggered": {"source": source, "times": 1}})
    return [b.build()]


def _syn_stack_order(claim: Claim, cards: _Cards) -> list[Reading]:
    """stack_order: abilities triggering together go on the stack APNAP (CR 101.4, 603.3b)."""
    sit, out = claim.situation or {}, claim.outcome or {}
    triggers = [t if isinstance(t, str) else (t.get("source") or t.get("card")) for t in sit.get("triggers") or []]
    triggers = [cards.name(t) for t in triggers if t]
    if len(triggers) < 2:
        raise _Skip("the claim does not name the abilities that trigger together")
    first = out.get("first")
    if not first and _bool(out.get("free_order"), False) and sit.get("entered"):
        return _syn_free_order(claim, cards)
    if not first:
        raise _Skip("'any order' claims need the event that makes the abilities trigger together, which the "
                    f"claim does not give (events: {_compact(sit.get('events'))})")
    first = cards.name(first)
    ctl = sit.get("controllers") or {}
    active = [cards.name(x) for x in (ctl.get("active") or ctl.get("you") or [])]
    nonactive = [cards.name(x) for x in (ctl.get("nonactive") or ctl.get("opponent") or [])]
    events = [str(e) for e in sit.get("events") or []]
    if not active or not nonactive:
        raise _Skip("the claim does not say who controls which trigger")
    if "blocks" not in events:                    # a block implies the attack it answers (CR 509.1)
        raise _Skip(f"the event that makes them trigger together is not staged (events: {_compact(events)})")
    b = _Builder(claim, "attack and block", cards)
    b.rules = ["603.3b", "101.4"]
    for n in active:
        b.add("you", "battlefield", n)
    for n in nonactive:
        b.add("opponent", "battlefield", n)
    b.actions.append({"attack": active, "defender": "opponent"})
    b.actions.append({"block": {nonactive[i]: active[min(i, len(active) - 1)] for i in range(len(nonactive))}})
    b.actions.append({"advance": {"turn": 1, "step": "combat_damage", "priority": True}})
    order = [t for t in triggers if t != first] + [first]          # top first: the first put is at the bottom
    b.actions.append({"expect": [{"stack": order}]})
    return [b.build()]


def _syn_free_order(claim: Claim, cards: _Cards) -> list[Reading]:
    """stack_order ``free_order`` for abilities that trigger as a permanent enters: the stated board, the
    stated card enters under its controller, and the abilities that trigger (observed with the engine) must
    go on the stack in every order their controller chooses (CR 603.3b)."""
    from itertools import permutations

    sit = claim.situation or {}
    entered = [cards.name(x) for x in sit.get("entered") or []]
    if len(entered) != 1:
        raise _Skip(f"the claim names {len(entered)} entering cards; one is needed")
    card = entered[0]
    board = _board(sit, cards)
    owner = "opponent" if any(o.name == card for o in board["opponent"]) else "you"

    def build(order: list[str] | None, expect: list[dict], label: str) -> dict:
        b = _Builder(claim, label, cards)
        b.rules = ["603.3b"]
        _place_board(b, sit, cards, skip=[card])
        b.add(owner, "hand", card)
        if order:
            b.actions.append({"choose": {"order": order}, **({"by": owner} if owner != "you" else {})})
        b.actions.append({"put": {"cards": [card], "zone": "battlefield", "player": owner}})
        b.expect = expect
        return b.build().scenario

    labels = _observe(cards, build(None, [{"stack": []}], "as it happens"))[0]
    if not isinstance(labels, list) or len(labels) < 2:
        raise _Skip(f"fewer than two abilities trigger when {card} enters with the stated board "
                    f"(stack: {_compact(labels)})")
    if len(set(labels)) != len(labels):
        raise _Skip(f"the abilities that trigger cannot be told apart: {_compact(labels)}")
    readings = []
    for perm in permutations(reversed(labels)):          # order put on the stack: first put = bottom
        top_first = list(reversed(perm))
        readings.append(Reading(f"{' then '.join(perm)}",
                                build(list(perm), [{"stack": top_first}], f"put {' then '.join(perm)}")))
    return readings


def _syn_no_return(claim: Claim, cards: _Cards) -> list[Reading]:
    """no_return: the card dies, its return trigger waits, the cause removes it from the graveyard; the
    trigger cannot find it (CR 400.7, 603.6)."""
    sit, out = claim.situation or {}, claim.outcome or {}
    subject = _subject(claim, cards, "the card that should return")
    cause = sit.get("cause")
    returned = _bool(out.get("returned"))
    if not cause or returned is None:
        raise _Skip("the claim does not say what removed the card or whether it returns")
    cause = cards.name(cause)
    events = [str(e) for e in sit.get("events") or []]
    b = _Builder(claim, "as stated", cards)
    b.rules = ["400.7", "603.6"]
    b.add("you", "battlefield", subject)
    b.actions.append({"destroy": subject})
    beh = cards.behaviour(cause)
    abil = (beh.activated or [None])[0] if beh is not None else None
    tkind = ((abil or {}).get("targets") or [{}])[0].get("kind") if abil else None
    targets = ["you"] if tkind == "player" else [subject] if tkind else None
    if cards.is_spell_only(cause):
        b.add("you", "hand", cause)
        b.actions.append({"cast": cause, **({"targets": targets} if targets else {})})
    else:
        b.add("you", "battlefield", cause)
        b.actions.append(b.activate(cause, targets=targets))
    b.actions.append({"resolve": "all"})
    zone = "battlefield" if returned else ("exile" if "exiled" in events else "graveyard")
    b.expect.append({"zone": {"card": subject, "zone": zone}})
    return [b.build()]


def _fits(card, spec: dict) -> bool:
    """Whether a card's printed types fit a behaviour's object filter (types / types_any / subtypes)."""
    want_any = set(spec.get("types_any") or [])
    return (set(spec.get("types") or []) <= set(card.types) and set(spec.get("subtypes") or []) <= set(card.subtypes)
            and (not want_any or bool(want_any & set(card.types))))


def _matching_card(cards: _Cards, spec: dict, exclude: Iterable[str] = ()) -> str | None:
    """A card (a vanilla one if possible) that fits a behaviour's object filter."""
    pool = [c for c in cards.table if c.name not in set(exclude) and cards.usable(c) and _fits(c, spec)
            and not (set(c.types) & {"Instant", "Sorcery"})]
    pool.sort(key=lambda c: (c.has_text, c.name))
    return pool[0].name if pool else None


def _syn_once_per_turn(claim: Claim, cards: _Cards) -> list[Reading]:
    """once_per_turn: an effect that makes abilities trigger an additional time does not make a
    once-each-turn ability trigger twice (CR 603.2h, 101.2).  The triggering object and the additional-
    trigger cards the sentence leaves open are taken from the behaviours (readings)."""
    sit, out = claim.situation or {}, claim.outcome or {}
    source = _subject(claim, cards, "the card whose ability triggers")
    beh = cards.behaviour(source)
    if beh is None:
        raise _Skip(f"no behaviour for {source}")
    trig = next((t for t in beh.triggers if t.get("once_per_turn")), None)
    if trig is None:
        raise _Skip(f"{source} has no once-each-turn triggered ability in its behaviour")
    event = trig.get("event")
    if event != "enters":
        raise _Skip(f"staging a '{event}' event for a once-each-turn ability is not supported")
    objs = _objects(sit.get("objects"), cards)
    obj = objs[0].name if objs else _matching_card(cards, trig.get("object") or {}, exclude=[source])
    if not obj:
        raise _Skip("no card fits what makes the ability trigger")
    extra = sit.get("extra_trigger_effects")
    if isinstance(extra, (list, str)):
        extras = [o.name for o in _objects(extra, cards)]
    else:
        extras = []
        for c in sorted(cards.table, key=lambda c: c.name):
            b = cards.behaviour(c.name)
            if b is not None and any((st.get("extra_trigger") or {}).get("event") == event
                                     and _fits(cards.card(obj), (st.get("extra_trigger") or {}).get("object") or {})
                                     for st in b.statics):
                extras.append(c.name)
        extras = extras[:READINGS_PER_OPEN_CARD]
    if not extras:
        raise _Skip("no card that makes abilities trigger an additional time is named or known")
    extra_ok = _bool(out.get("extra_trigger"), False)
    readings = []
    for e in extras:
        b = _Builder(claim, f"{e}, {obj} enters", cards)
        b.rules = ["603.2h", "101.2"]
        b.add("you", "battlefield", source)
        b.add("you", "battlefield", e)
        b.add("you", "hand", obj)
        b.actions += [{"put": {"cards": [obj], "zone": "battlefield", "player": "you"}}, {"resolve": "all"}]
        times = int(out.get("max_times", 1)) + (1 if extra_ok else 0)
        b.expect.append({"triggered": {"source": source, "times": times}})
        readings.append(b.build())
    return readings


def _observe(cards: _Cards, sc: dict) -> list:
    return [c.get("observed") for c in cards.probe(sc)]


def _syn_choice_on_resolution(claim: Claim, cards: _Cards) -> list[Reading]:
    """choice_on_resolution: an optional cost / "may" of a triggered ability is decided when it resolves
    (CR 603.5, 608.2): the ability waits on the stack with nothing chosen, and a source removed meanwhile
    can no longer be paid with.  Checked against two runs measured with the engine: declining, and
    accepting (which must differ, or the check could not fail)."""
    source = _subject(claim, cards, "the card whose ability asks for the choice")
    beh = cards.behaviour(source)
    if beh is None:
        raise _Skip(f"no behaviour for {source}")
    trig = next((t for t in beh.triggers if t.get("cost") or t.get("may")), None)
    if trig is None:
        raise _Skip(f"{source} has no triggered ability with an optional cost or 'may' in its behaviour")
    cost = trig.get("cost")
    key = "pay" if isinstance(cost, str) and cost.startswith("{") else "may"
    event = trig.get("event")
    if event not in ("combat_damage_player", "upkeep", "enters"):
        raise _Skip(f"staging a '{event}' trigger is not supported")

    def build(tail: list[dict], expect: list[dict], label: str) -> dict:
        b = _Builder(claim, label, cards)
        b.rules = ["603.5", "608.2"]
        if event == "combat_damage_player":
            b.add("you", "battlefield", source)
            b.actions += [{"attack": [source], "defender": "opponent"},
                          {"advance": {"turn": 1, "step": "combat_damage", "priority": True}}]
        elif event == "upkeep":
            b.at = {"turn": 1, "step": "untap"}
            b.add("you", "battlefield", source)
            b.actions.append({"advance": {"turn": 1, "step": "upkeep", "priority": True}})
        else:
            b.add("you", "hand", source)
            b.actions += [{"cast": source}, {"resolve": 1}]
        b.actions.append({"expect": [{"stack": [source]}]})
        b.actions += tail
        b.expect = expect
        return b.build().scenario

    probes = [{"count": {"player": "you", "zone": "hand", "n": -1}},
              {"count": {"player": "you", "zone": "battlefield", "card": source, "n": -1}}] + \
        [p for p in _probe_expectations(source) if "counters" not in p and "triggered" not in p]
    no, yes = {"choose": {key: "no"}}, {"choose": {key: "yes"}}
    declined = _observe(cards, build([no, {"resolve": "all"}], probes, "declined"))
    accepted = _observe(cards, build([yes, {"resolve": "all"}], probes, "accepted"))
    if declined == accepted:
        raise _Skip(f"accepting or declining {source}'s choice makes no difference the engine can observe")
    gone = _observe(cards, build([no, {"resolve": "all"}, {"destroy": source}], probes, "declined, then removed"))
    expect = []
    for p, o in zip(probes, gone):
        e = _with_observed(p, o)
        if e is None:
            raise _Skip(f"cannot read the state after declining: {_compact(o)}")
        expect.append(e)
    # and the answer itself is taken when the ability resolves, not when it is put on the stack (the
    # engine records when a queued answer is used); without this the check could pass for an engine that
    # decides early whenever the removal hides the difference (e.g. a mana payment)
    when = {"choice_made": {"kind": key, "source": source, "at": "resolution"}}
    return [Reading(f"{source} removed while its ability waits",
                    build([{"destroy": source}, {"resolve": "all"}], expect,
                          f"{source} removed while its ability waits")),
            Reading(f"{source}: the answer is used on resolution",
                    build([yes, {"resolve": "all"}], [when], f"{source}: the answer is used on resolution"))]


def _syn_can_cast(claim: Claim, cards: _Cards) -> list[Reading]:
    """can_cast: whether the spell may be cast (in the stated mode) from the hand (CR 601.2, 702.103);
    casting from another zone needs the card whose effect allows it."""
    sit = claim.situation or {}
    can = _can(claim, "the spell can be cast")
    mode = sit.get("mode") or "normal"
    if claim.subject:
        cards.name(claim.subject)                       # a card the table does not know: say so first
    if sit.get("zone") and sit["zone"] != "hand":
        raise _Skip(f"casting from the {sit['zone']} needs the card whose effect allows it, which the claim does not "
                    "name" if not claim.subject else
                    f"casting from the {sit['zone']} by {claim.subject}'s effect is not in the engine's vocabulary")
    about_effect = bool(re.search(r"この効果|その効果", claim.text or ""))
    if about_effect and not claim.subject and not sit.get("effect"):
        raise _Skip("the claim is about an effect ('この効果') that the sentence does not name")
    effect = _cast_effect_card(claim, cards, mode, about_effect)
    if effect:
        # the named card's effect allows or forbids the cast (e.g. CR 702.103d: "creature spells can't be
        # cast" does not stop a bestow card cast with bestow): it is on the battlefield and another card is cast
        if cards.behaviour(effect) is None:
            raise _Skip(f"no behaviour for {effect}, whose effect decides whether the spell can be cast")
        spells = _spell_readings(claim, cards, sit.get("spell"), mode)
    else:
        spells = _spell_readings(claim, cards, claim.subject, mode) if claim.subject or mode == "bestow" else []
    if not spells:
        raise _Skip("the claim does not name the spell whose casting it is about")
    readings = []
    for spell in spells:
        b = _Builder(claim, _label(spell, mode) + (f" with {effect} on the battlefield" if effect else ""), cards)
        b.rules = ["601.2", "702.103a"] if mode == "bestow" else ["601.2"]
        if effect:
            b.add("you", "battlefield", effect)
        b.add("you", "hand", spell)
        if mode == "bestow":
            b.add("you", "battlefield", PLAIN_CREATURE)       # something to enchant (the bestow Aura's target)
        b.expect.append({"can_cast": {"player": "you", "card": spell, "value": can,
                                      **({"mode": mode} if mode != "normal" else {})}})
        readings.append(b.build())
    return readings


def _cast_effect_card(claim: Claim, cards: _Cards, mode: str, about_effect: bool) -> str | None:
    """The card whose effect allows or forbids a can_cast claim's cast (docs/design.md: the claim's subject),
    or None when the subject is the spell itself: ``situation.effect``; else the subject when the sentence
    speaks of its effect (この効果) or, in bestow mode, when it is not itself a bestow card (CR 702.103a)."""
    sit = claim.situation or {}
    if sit.get("effect"):
        return cards.name(sit["effect"])
    if not claim.subject:
        return None
    card = cards.card(claim.subject)
    if about_effect:
        return card.name
    if mode == "bestow" and not _has_bestow(card, cards.behaviour(card.name)):
        if cards.behaviour(card.name) is not None or "Creature" not in card.types:
            return card.name
    return None


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
    "must_target": _syn_must_target,
    "once_per_turn": _syn_once_per_turn,
    "stack_order": _syn_stack_order,
    "no_return": _syn_no_return,
    "choice_on_resolution": _syn_choice_on_resolution,
    "can_cast": _syn_can_cast,
}

_NO_SYNTH = {
    "finds": "look-back claims (603.6) have no synthesis yet",
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
        if _bool((claim.outcome or {}).get("negated"), False):
            if claim.kind != "trigger_count":
                raise _Skip(f"a negated {claim.kind} claim has no synthesis")
            for r in readings:
                r.negated = True
                r.scenario["name"] += " [the claim holds when the 'triggered' expectation fails]"
    except _Skip as e:
        return Unsimulable(str(e) + _also_missing(claim, ctab, str(e)))
    except (TypeError, ValueError, AttributeError, KeyError, IndexError) as e:
        # a claim whose situation/outcome does not have the shape docs/design.md gives: say so, go on
        return Unsimulable(f"the claim's situation/outcome cannot be read ({type(e).__name__}: {e})")
    return readings or Unsimulable("synthesis produced no scenario")


def _also_missing(claim: Claim, cards: _Cards, reason: str) -> str:
    """What else a reading would need: the claim's subject without card data or behaviour."""
    if not claim.subject or claim.subject in reason:
        return ""
    m = cards.table.resolve(claim.subject)
    if m is None:
        return f"; also, card {claim.subject!r} is not in the card table"
    if not cards.usable(m.card):
        return f"; also, no behaviour for {m.card.name}"
    return ""


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
                nm = split_count(nm or "")[0]
                if nm and nm not in names:
                    names.append(nm)
    return names


def _missing_behaviour(sc: dict, cards: _Cards) -> str | None:
    """The first card of a scenario whose rules need a behaviour (``behaviours.needs_behaviour``, the engine's own
    test) and have none; or a card the table does not know."""
    for nm in _scenario_cards(sc):
        try:
            card = cards.card(nm)
        except _Skip:
            return nm
        if behaviours.needs_behaviour(card) and not behaviours.has_behaviour(card.name):
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


def _run(label: str, sc: dict, cards: _Cards, negated: bool = False) -> _Run:
    """Run one reading.  ``negated``: the claim denies the ``triggered`` expectations (a negated count), so
    their outcome is inverted before the run is judged."""
    r = _Run(label, sc)
    missing = _missing_behaviour(sc, cards)
    if missing:
        r.missing, r.error = missing, f"no behaviour for {missing}"
        return r
    try:
        res = simulate(sc, cards=cards.table, log=True)
    except NoBehaviour as e:
        r.missing = e.card
        r.error = f"no behaviour for {e.card}"
        return r
    except Exception as e:  # a malformed synthesized scenario or an engine limit: say so, never a verdict
        r.error = f"{type(e).__name__}: {e}"
        return r
    r.checks = list(res.checks)
    r.log = [str(x) for x in res.log]
    r.error = res.error or None
    if negated:
        r.checks = [{**c, "expect": {"not": c.get("expect")}, "ok": not c.get("ok")}
                    if isinstance(c.get("expect"), dict) and "triggered" in c["expect"] and c.get("ok") is not None
                    else c for c in r.checks]
        r.failed_checks = any(c.get("ok") is False for c in r.checks)
        r.passed = not r.error and bool(r.checks) and not r.failed_checks
        return r
    r.failed_checks = any(c.get("ok") is False for c in r.checks)
    r.passed = res.passed and not r.error and not r.failed_checks
    return r


def _expectations(sc: dict) -> list[dict]:
    """Every expectation of a scenario: the final ones and those between actions."""
    out = [e for e in sc.get("expect") or [] if isinstance(e, dict)]
    for a in sc.get("actions") or []:
        if isinstance(a, dict) and isinstance(a.get("expect"), list):
            out += [e for e in a["expect"] if isinstance(e, dict)]
    return out


def _unchecked_statement(claim: Claim, scenarios: list[dict]) -> str | None:
    """A number the claim states that no attached scenario checks (so the scenario cannot speak for the
    claim: a hand-written scenario must test the stated outcome, not something near it), or None."""
    o = claim.outcome or {}
    exps = [e for sc in scenarios for e in _expectations(sc)]

    def has(key: str, fits) -> bool:
        return any(isinstance(e.get(key), dict) and fits(e[key]) for e in exps)

    if claim.kind == "devotion" and isinstance(o.get("value"), int):
        col = _color(o.get("color") or (claim.situation or {}).get("color"))
        if not has("devotion", lambda d: _color(d.get("color")) == col and str(d.get("n")) == str(o["value"])):
            return f"devotion to {col} = {o['value']}"
    if claim.kind == "result" and isinstance(o.get("tokens"), int):
        if not has("count", lambda d: (d.get("token") or "Token" in str(d.get("card") or ""))
                   and str(d.get("n")) == str(o["tokens"])):
            return f"{o['tokens']} tokens"
    if claim.kind in ("trigger_count", "no_trigger") and isinstance(o.get("times"), int) and not o.get("negated"):
        times = 0 if claim.kind == "no_trigger" else o["times"]
        if not has("triggered", lambda d: str(d.get("times", 1)) == str(times)):
            return f"triggers {times} time(s)"
    return None


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
        # the readings are the facts the text leaves open (which card of the topic, how many stand-ins): the
        # claim must hold whichever is taken, so one reading that shows the opposite keeps it from being
        # confirmed (else a claim and its opposite could both pass, each in the reading that suits it)
        if passed and not failed:
            unrun = [r for r in runs if not r.passed]
            return make("confirmed", passed[0], f"holds when {labels(passed)}"
                        + (f" (could not run: {labels(unrun)})" if unrun else ""))
        if passed and failed:
            return make("unsimulable", failed[0], f"the readings disagree: holds when {labels(passed)}, the "
                        f"opposite happens when {labels(failed)}" + _fail_detail(failed[0])
                        + " — the claim depends on a fact the text leaves open")
        if failed and len(failed) == len(runs):
            return make("contradicted", failed[0], f"the opposite happens in every reading tried "
                        f"({labels(failed)})" + _fail_detail(failed[0]))
    # readings that ran and showed the opposite are named, never hidden behind a reading that could not run
    also = (f" (the opposite happens in: {labels(failed)}" + _fail_detail(failed[0]) + ")") if failed else ""
    if missing:
        names = sorted({r.missing for r in missing})
        return make("unsimulable", missing[0], "no behaviour for " + ", ".join(names) + also)
    if errors:
        return make("unsimulable", errors[0], f"the engine could not run the scenario: {errors[0].error}" + also)
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
        syn_runs = [_run(r.label, r.scenario, ctab, r.negated) for r in syn]
    if attached:
        runs = []
        for a in attached:
            a = dict(a)
            where = a.pop("_attached_file", None)
            runs.append(_run(f"attached{' (' + where + ')' if where else ''}: {a.get('name') or 'scenario'}", a, ctab))
        v = _verdict_from_runs(base, runs, "attached", require_all=True)
        v.readings_tried += [{**r.summary(), "reading": "synthesized: " + r.label} for r in syn_runs]
        unchecked = _unchecked_statement(claim, attached)
        if unchecked and v.verdict != "unsimulable":
            v.verdict = "unsimulable"
            v.reason = f"the attached scenario does not check what the claim states ({unchecked}); it {v.reason}"
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


def _select(nodes: list[dict], documents=None, keywords=None, cards=None, table=None) -> list[dict]:
    """The claim nodes of some documents / keywords / cards (all given filters hold)."""
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
    out: dict[str, list[dict]] = {}
    for a in attachments(store):
        ids = _resolve_spec(store, a["claim"], nodes)
        if not ids:
            continue
        scs = engine.load_scenarios(a["file"], text=a["text"])
        dicts = [json.loads(json.dumps(s.data, default=str)) for s in scs]
        for cid in ids:
            out.setdefault(cid, []).extend(dicts)
    return out


SAMPLE_DIR = Path(__file__).resolve().parent.parent / "kb" / "data" / "sample"
SAMPLE_ATTACHMENTS = SAMPLE_DIR / "attachments.yaml"


def sample_attachments(store, nodes: list[dict], index: Path = SAMPLE_ATTACHMENTS) -> dict[str, list[dict]]:
    """Hand-written scenarios shipped with the bundled sample (``kb/data/sample/attachments.yaml``) for claims
    whose situation the text does not give (e.g. a quiz answer whose question is not in the document).

    An entry ``{document, answer | line, file}`` applies only to a stored document whose text is exactly the
    bundled file's (same hash): an edited copy gets no attachment and is judged on its own words."""
    if not index.exists():
        return {}
    import yaml

    import engine
    from extractor.sources import read_path
    from kb.store import text_hash

    entries = yaml.safe_load(index.read_text(encoding="utf-8")) or []
    hashes: dict[str, str | None] = {}
    out: dict[str, list[dict]] = {}
    for i, e in enumerate(entries):
        if not isinstance(e, dict) or not e.get("document") or not e.get("file") or \
                not (e.get("answer") or e.get("line")):
            raise ValueError(f"{index}: entry {i + 1} needs document, answer or line, and file")
        key = str(e["document"])
        stored = store.document(key)
        if stored is None:
            continue
        if key not in hashes:
            raws = [r for r in read_path(index.parent / key) if not isinstance(r, Exception)]
            hashes[key] = text_hash(raws[0]) if raws else None
        if hashes[key] is None or stored.get("sha256") != hashes[key]:
            continue
        path = index.parent / str(e["file"])
        shown = f"kb/data/sample/{e['file']}" if index == SAMPLE_ATTACHMENTS else str(path)
        scs = [{**json.loads(json.dumps(x.data, default=str)), "_attached_file": shown}
               for x in engine.load_scenarios(path)]
        for n in nodes:
            d = n["data"]
            if n.get("doc") != key:
                continue
            if (e.get("answer") and d.get("answer") == str(e["answer"])) or \
                    (e.get("line") and (d.get("prov") or {}).get("line", d.get("line")) == int(e["line"])):
                out.setdefault(n["id"], []).extend(scs)
    return out


def _store_cards(store):
    """The store's card table (bundled cards plus the store's).  A store whose card data cannot be read
    raises ``sqlite3.DatabaseError`` (the CLI names the store, exit 2): falling back to the bundled table
    would quietly give different verdicts."""
    import sqlite3

    from kb.cards import CardTable

    cached = getattr(store, "_card_table", None)
    if cached:
        return cached
    try:
        return CardTable.from_store(store)
    except ValueError as e:             # card data that is not JSON: the store is damaged, not the code
        raise sqlite3.DatabaseError(f"stored card data is not valid JSON: {e}") from None


def validate(store, documents=None, keywords=None, cards=None, progress=False, table=None):
    """Check every claim (or those of some documents / keywords / cards); store the verdicts.

    Returns ``(verdicts, summary)`` with ``summary = {confirmed, contradicted, unsimulable, total}``.  Old
    verdicts of the checked claims are replaced in one transaction (nodes ``verdict:{claim id}``, owned by
    the claim's document, with a ``has_verdict`` edge)."""
    table = table if table is not None else _store_cards(store)
    ctab = _Cards(table)
    nodes = _select(_claim_nodes(store), documents, keywords, cards, ctab.table)
    attached = sample_attachments(store, nodes)
    for cid, scs in _attached_scenarios(store, nodes).items():     # attached by the user: they win
        attached[cid] = scs
    verdicts: list[Verdict] = []
    bar = _progress(len(nodes)) if progress else None
    for i, n in enumerate(nodes):
        claim = claim_from_data(n["data"], n["id"], n["text"])
        claim.id = n["id"]
        v = check_claim(claim, ctab, attached.get(n["id"]))
        v.doc_key = n.get("doc") or n["data"].get("key")
        v.file = claim.prov.file
        verdicts.append(v)
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
    from rich.console import Console
    from rich.progress import Progress

    p = Progress(transient=True, console=Console(stderr=True))
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
    from kb.cli import open_store

    from engine import reports

    with open_store(args) as store:
        for spec, file in getattr(args, "attach", None) or []:
            try:
                ids = attach(store, spec, file)
            except Exception as e:
                print(f"mtgkb validate: cannot attach {file}: {e}", file=sys.stderr)
                return 2
            if not args.json:
                print(f"attached {file} to {', '.join(ids)}")
        table = _store_cards(store)
        unmatched = _unmatched_filters(store, args, table)
        if unmatched:
            if args.json:
                print(json.dumps({"error": unmatched}, ensure_ascii=False))
            print(f"error: {unmatched}", file=sys.stderr)
            return 2
        t0 = time.perf_counter()
        progress = not getattr(args, "no_progress", False) and not args.json
        verdicts, summary = validate(store, documents=args.document, keywords=args.keyword, cards=args.card,
                                     progress=progress, table=table)
        elapsed = time.perf_counter() - t0
        written: list[str] = []
        if getattr(args, "report", None):
            Path(args.report).write_text(reports.html_report(verdicts, summary), encoding="utf-8")
            written.append(f"wrote the HTML report to {args.report}")
        if getattr(args, "wikitext", None):
            Path(args.wikitext).write_text(reports.wikitext_report(verdicts, summary), encoding="utf-8")
            written.append(f"wrote the wikitext report to {args.wikitext}")
        if getattr(args, "emit_scenarios", None):
            files = reports.emit_scenarios(verdicts, args.emit_scenarios)
            written.append(f"wrote {len(files)} scenario file{'s' if len(files) != 1 else ''} to "
                           f"{args.emit_scenarios}")
        if args.json:
            print(json.dumps({"verdicts": [v.public() for v in verdicts],
                              "summary": {k: summary[k] for k in VERDICTS}},
                             ensure_ascii=False, indent=1, default=str))
            for w in written:
                print(w, file=sys.stderr)
        else:
            print(reports.text_summary(verdicts, summary, elapsed))
            for w in written:
                print(w)
    return 1 if summary["contradicted"] else 0


def _unmatched_filters(store, args, table) -> str | None:
    """Why ``--document`` / ``--keyword`` / ``--card`` select no claim (naming close document titles), or None."""
    docs, kws, cards = args.document or [], args.keyword or [], args.card or []
    if not (docs or kws or cards):
        return None
    nodes = _claim_nodes(store)
    problems = []
    for d in docs:
        if not any(_doc_matches(n, [d]) for n in nodes):
            near = _close_documents(store, d)
            problems.append(f"no claim of document {d!r}" + (f" (close titles: {', '.join(near)})" if near else
                                                               " (no document has a close title)"))
    for k in kws:
        if not any(k in (n["data"].get("keywords") or []) for n in nodes):
            problems.append(f"no claim on keyword {k!r}")
    for c in cards:
        if not _select(nodes, cards=[c], table=table):
            problems.append(f"no claim involves card {c!r}")
    if not problems and not _select(nodes, docs, kws, cards, table):
        problems.append("no claim matches all of the given --document/--keyword/--card together")
    return "; ".join(problems) + " — nothing to validate" if problems else None


def _close_documents(store, name: str, n: int = 5) -> list[str]:
    import difflib

    rows = store.conn.execute("SELECT key, title FROM documents").fetchall()
    names = sorted({x for r in rows for x in r if x})
    close = difflib.get_close_matches(name, names, n=n, cutoff=0.4)
    if not close:
        close = [x for x in names if name.lower() in x.lower() or x.lower() in name.lower()][:n]
    return close
