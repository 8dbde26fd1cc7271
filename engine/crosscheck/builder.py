"""Reading a claim's fields and building the scenario of one reading (docs/scenario-format.md): the board,
the actions, the expectations."""
from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Iterable

from extractor.facts import Claim

from ..scenario import split_count
from ..vocabulary import KEYWORD_ABILITIES
from .cards import PLAIN_CREATURE, TOPIC_FILTERS, Cards, card_type, topic
from .registry import Reading, Skip

# How many stand-ins to try when a sentence says "creatures" without a number.
OPEN_COUNTS = (1, 2)


COLOR_WORDS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}


@dataclass
class Obj:
    name: str
    n: int | None            # None: the sentence gives no number
    standin: bool = False    # a plain card standing for "a creature" etc.
    type: str | None = None


def objects(value, cards: Cards) -> list[Obj]:
    """Normalise cards in a claim (``"X"``, ``"X x3"``, ``{card: X, n: 3}``, ``{type: creature, n: 2}``,
    ``"artifact"``) to :class:`Obj`."""
    if value is None:
        return []
    if isinstance(value, (str, dict)):
        value = [value]
    out = []
    for v in value:
        n: Any = 1
        typ = None
        if isinstance(v, dict) and v.get("cost") and not (v.get("card") or v.get("name")):
            out.append(Obj(cards.with_cost(str(v["cost"])), v.get("n") or 1, True))
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
        if name and cards.table.resolve(str(name)) is None and card_type(name):
            typ, name = str(name), None
        if name:
            out.append(Obj(cards.name(str(name)), n))
        elif typ:
            out.append(Obj(cards.standin(str(typ)), n, True, card_type(typ) or str(typ)))
    return out


def board_of(sit: dict, cards: Cards) -> dict[str, list[Obj]]:
    b = sit.get("board") or {}
    if isinstance(b, list):
        b = {"you": b}
    return {p: objects(b.get(p), cards) for p in ("you", "opponent")}


def flag(v, default=None):
    if isinstance(v, bool):
        return v
    if v is None:
        return default
    return str(v).lower() in ("1", "true", "yes")


def colour(v) -> str | None:
    if v is None:
        return None
    if isinstance(v, list):
        return v[0] if len(v) == 1 else None
    s = str(v).strip()
    return COLOR_WORDS.get(s.lower(), s.upper() if s.upper() in "WUBRG" and len(s) == 1 else None)


def repeat(sit: dict) -> tuple[str, int] | None:
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


def short(text: str, n: int = 60) -> str:
    text = " ".join((text or "").split())
    return text if len(text) <= n else text[: n - 1] + "…"


def compact(v) -> str:
    return json.dumps(v, ensure_ascii=False, default=str, separators=(",", ":"))


def checks(scenarios: list[dict], key: str, fits) -> bool:
    """Whether one of the scenarios checks an expectation ``key`` whose body ``fits``."""
    return any(isinstance(e.get(key), dict) and fits(e[key]) for sc in scenarios for e in expectations(sc))


def expectations(sc: dict) -> list[dict]:
    """Every expectation of a scenario: the final ones and those between actions."""
    out = [e for e in sc.get("expect") or [] if isinstance(e, dict)]
    for a in sc.get("actions") or []:
        if isinstance(a, dict) and isinstance(a.get("expect"), list):
            out += [e for e in a["expect"] if isinstance(e, dict)]
    return out


class Builder:
    """Collects a board and actions for one reading."""

    def __init__(self, claim: Claim, label: str, cards: Cards):
        self.claim, self.label, self.cards = claim, label, cards
        self.zones: dict[str, dict[str, list]] = {}
        self.actions: list[dict] = []
        self.expect: list[dict] = []
        self.rules: list[str] = []
        self.active: str | None = None       # whose turn it is (default: you)
        self.at: dict | None = None           # where the game starts (default: turn 1, main1)
        self.life: dict | None = None         # the players' life totals (default: 20 each)
        self.pcounters: dict | None = None    # counters the players start with ({you: {poison: 10}}, 122.1f)
        self._count: dict[str, int] = {}

    def add(self, player: str, zone: str, name: str, n: int = 1, opts: dict | None = None) -> list[str]:
        """Put ``n`` copies somewhere (``opts``: more of a battlefield entry, e.g. counters); returns the
        scenario names of the objects (``X``, ``X#2`` …)."""
        lst = self.zones.setdefault(player, {}).setdefault(zone, [])
        entry = {**self.cards.entry(name), **(opts or {})} if zone == "battlefield" else {}
        if entry is not None and zone == "battlefield":
            entry = self._loyal(name, entry)
        label = name if n == 1 else f"{name} x{n}"
        lst.append({"card": label, **entry} if entry else label)
        first = self._count.get(name, 0)
        self._count[name] = first + n
        return [name if i == 0 else f"{name}#{i + 1}" for i in range(first, first + n)]

    def _loyal(self, name: str, entry: dict) -> dict:
        """306.5b: a planeswalker on the battlefield has the loyalty counters it entered with — its printed
        loyalty unless the entry states its loyalty counters (without them it would have 0 and go, 704.5i)."""
        if "loyalty" in (entry.get("counters") or {}) or "Planeswalker" not in self.cards.types(name):
            return entry
        try:
            printed = int(getattr(self.cards.card(name), "loyalty", None))
        except (TypeError, ValueError):
            return entry
        return {**entry, "counters": {**(entry.get("counters") or {}), "loyalty": printed}}

    def has(self, name: str) -> bool:
        return self._count.get(name, 0) > 0

    def steal_with(self, name: str, by: str) -> str:
        """「《X》でコントロールを得た《Y》」: Y on its owner's (the opponent's) battlefield, then X cast on it by you —
        a control-changing effect (613.1b, layer 2): under your control only since this turn (302.6), and
        whatever else X does (an untap, haste) done too."""
        obj = self.add("opponent", "battlefield", name)[0]
        self.add("you", "hand", by)
        self.actions += [{"cast": by, "targets": [obj]}, {"resolve": "all"}]
        return obj

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
        sc: dict[str, Any] = {"name": f"{self.claim.kind} ({self.label}): {short(self.claim.text)}",
                              "source": source}
        if self.rules:
            sc["rules"] = list(self.rules)
        if self.active:
            sc["active"] = self.active
        if self.at:
            sc["at"] = self.at
        if self.life:
            sc["life"] = dict(self.life)
        if self.pcounters:
            sc["player_counters"] = {p: dict(k) for p, k in self.pcounters.items()}
        sc["strict_choices"] = False
        sc["zones"] = self.zones
        sc["actions"] = self.actions
        sc["expect"] = self.expect
        return Reading(self.label, sc)


def named_subject(claim: Claim, cards: Cards, what: str) -> str:
    s = claim.subject or (claim.situation or {}).get("source")
    if not s:
        kw = (claim.situation or {}).get("ability_keyword")
        if kw:
            raise Skip(f"the claim states a rule about the {kw} ability in general and does not name {what}")
        quoted = (claim.situation or {}).get("quoted_ability")
        if quoted:
            raise Skip(f"the ability is given only by its wording (「{short(str(quoted), 40)}」), not by a card, "
                        f"so the claim does not name {what}")
        raise Skip(f"the claim does not name {what}")
    return cards.name(s)


def place_board(b: Builder, sit: dict, cards: Cards, skip: Iterable[str] = ()) -> None:
    skip = set(skip)
    for p, objs in board_of(sit, cards).items():
        for o in objs:
            if o.name not in skip:
                b.add(p, "battlefield", o.name, o.n or 1)


def stage_cause(b: Builder, cause: str, cards: Cards) -> None:
    """A card named as the cause: an instant/sorcery or a card not yet in play is cast; a permanent already
    there has its ability activated."""
    if cards.is_spell_only(cause) or not b.has(cause):
        b.add("you", "hand", cause)
        b.actions.append({"cast": cause})
    else:
        b.actions.append(b.activate(cause))
    b.actions.append({"resolve": "all"})


def probe_expectations(subject: str) -> list[dict]:
    """What "nothing happens" compares: life, the subject's counters and triggers, board and graveyards."""
    return [{"life": {"you": 0, "opponent": 0}},
            {"counters": {"card": subject, "kind": "+1/+1", "n": -1}},
            {"triggered": {"source": subject, "times": -1}},
            {"count": {"player": "you", "zone": "battlefield", "n": -1}},
            {"count": {"player": "opponent", "zone": "battlefield", "n": -1}},
            {"count": {"player": "you", "zone": "graveyard", "n": -1}},
            {"count": {"player": "opponent", "zone": "graveyard", "n": -1}}]


def with_observed(expect: dict, observed) -> dict | None:
    (key, body), = expect.items()
    if key == "life":
        return {"life": observed} if isinstance(observed, dict) else None
    if isinstance(observed, dict):
        observed = observed.get("n", observed.get("times"))
    if not isinstance(observed, int):
        return None
    field_ = "times" if key == "triggered" else "n"
    return {key: {**body, field_: observed}}


def observed_state(probes: list[dict], observed: list, when: str) -> list[dict]:
    """The probes as expectations of the values the engine observed for them (the state ``when``)."""
    expect = []
    for p, o in zip(probes, observed):
        e = with_observed(p, o)
        if e is None:
            raise Skip(f"cannot read the state {when}: {compact(o)}")
        expect.append(e)
    return expect


def observe(cards: Cards, sc: dict) -> list:
    return [c.get("observed") for c in cards.probe(sc)]


def repeated(claim: Claim, cards: Cards, subject: str, rep: tuple[str, int], kind: str) -> list[Reading]:
    """A claim about the last of repeated actions ("the second activation does nothing"): the state after
    all but the last is measured with the engine, and the full sequence must leave it unchanged."""
    action, n = rep
    if n < 2:
        raise Skip("the claim says nothing happens on a repeated action but does not say it was repeated")

    def build(k: int, expect: list[dict], label: str) -> dict:
        b = Builder(claim, label, cards)
        b.add("you", "battlefield", subject)
        place_board(b, claim.situation or {}, cards, skip=[subject])
        if not board_of(claim.situation or {}, cards)["opponent"]:
            b.add("opponent", "battlefield", PLAIN_CREATURE, 2)
        for _ in range(k):
            b.actions.append(b.activate(subject) if action == "activate" else {"cast": subject})
        b.actions.append({"resolve": "all"})
        b.expect = expect
        return b.build().scenario

    probes = probe_expectations(subject)
    if kind == "trigger":
        probes = [p for p in probes if "triggered" in p]
    expect = observed_state(probes, observe(cards, build(n - 1, probes, f"{n - 1}×{action}")),
                            f"before the last {action}")
    last = build(n, expect, f"{n}×{action}, the last changes nothing")
    return [Reading(f"{n}×{action} vs {n - 1}×{action}", last)]


def objs_label(objs: list[Obj]) -> str:
    return ", ".join(("" if o.n is None else f"{o.n}×") + (o.type.lower() if o.standin and o.type else o.name)
                     for o in objs)


def spell_readings(claim: Claim, cards: Cards, spell: str | None, mode: str | None) -> list[str]:
    """The spell a sentence is about; when it names none, the cards its topic and types allow."""
    if spell:
        return [cards.name(spell)]
    sit = claim.situation or {}
    need = ["bestow"] if mode == "bestow" else []
    types = [] if mode == "bestow" else (sit.get("spell_types") or [])
    names = cards.candidates(claim, types=types, need=need, exclude=[claim.subject or ""])
    if not names and types and not need and not any(topic(k) in TOPIC_FILTERS for k in claim.topics or []):
        # "a creature spell": any spell of exactly the stated types stands in (a plain one if possible)
        want = {card_type(t) or t for t in types}
        pool = [c for c in cards.table if set(c.types) == want and cards.usable(c) and c.name != claim.subject]
        # a plain one first, then one cast with no target (an Aura targets what it will enchant, 303.4a; a
        # spell with targets needs a legal one, 601.2c): the stand-in must be castable on any board
        pool.sort(key=lambda c: (c.has_text, _targets_as_cast(cards, c), c.name))
        names = [c.name for c in pool[:1]]
    if not names:
        raise Skip("the claim does not say which spell it is about")
    return names


def _targets_as_cast(cards: Cards, card) -> bool:
    """Whether casting the card chooses targets (601.2c): an Aura spell (303.4a), or a spell with targets."""
    beh = cards.behaviour(card.name)
    return "Aura" in card.subtypes or bool(beh is not None and (beh.spell or {}).get("targets"))


# the ways of casting the scenarios stage (601.2; 702.103 bestow); another stated one (an Adventure, 715.3) is a
# fact they cannot honour
STAGED_MODES = (None, "normal", "bestow")


def cast_action(spell: str, by: str, mode: str | None, targets: list | None = None) -> dict:
    if mode not in STAGED_MODES:
        raise Skip(f"casting {spell} as {mode} is not staged")
    a: dict[str, Any] = {"cast": spell, "by": by}
    if mode and mode != "normal":
        a["mode"] = mode
    if targets:
        a["targets"] = targets
    return a


def cast_label(spell: str, mode: str | None) -> str:
    return f"{spell} cast with {mode}" if mode and mode != "normal" else f"{spell} cast normally"


def named(cards: Cards, name: str | None, what: str) -> str:
    """The table's name of a card the claim must name (``what`` says which, for the skip reason)."""
    if not name:
        raise Skip(f"the claim does not name {what}")
    return cards.name(name)


def can_outcome(claim: Claim, what: str) -> bool:
    """The claim's yes/no outcome ``can``."""
    can = flag((claim.outcome or {}).get("can"))
    if can is None:
        raise Skip(f"the claim does not say whether {what}")
    return can


def opponent_casts(b: "Builder", spell: str, mode: str) -> None:
    """The opponent casts ``spell`` in their own main phase (CR 307.1); cast with bestow it targets a plain
    creature of theirs (CR 702.103b)."""
    b.active = "opponent"
    b.add("opponent", "hand", spell)
    enchant = b.add("opponent", "battlefield", PLAIN_CREATURE) if mode == "bestow" else None
    if enchant is None and mode in (None, "normal"):
        # 601.2c: a spell with one target that a plain creature may be (a pump spell, a burn spell) is cast at one
        # of theirs — what it targets is not what a statement about countering or targeting it is about
        beh = b.cards.behaviour(spell)
        ts = (beh.spell or {}).get("targets") if beh is not None and beh.spell else None
        if ts and len(ts) == 1 and ts[0].get("kind") in ("creature", "any", "permanent") and not ts[0].get("filter"):
            enchant = b.add("opponent", "battlefield", PLAIN_CREATURE)
    b.actions.append(cast_action(spell, "opponent", mode, enchant))


def trigger_of(cards: Cards, source: str, what: str) -> dict:
    """The one triggered ability of a card's behaviour (the claim says 'X's ability')."""
    beh = cards.behaviour(source)
    if beh is None:
        raise Skip(f"no behaviour for {source}")
    trigs = [t for t in beh.triggers if t.get("name") not in KEYWORD_ABILITIES]    # not persist, exalted, …
    if len(trigs) != 1:
        raise Skip(f"{source} has {len(trigs)} triggered abilities; the claim does not say which {what}")
    return trigs[0]
