"""The card table as the cross-check sees it: names, types, behaviours, and the plain stand-ins and topic
candidates a rules reader takes when a sentence names no card."""
from __future__ import annotations

from typing import Any, Callable, Iterable

from extractor.facts import Claim

from .. import behaviours
from ..cardbase import default_cards
from ..scenario import simulate, split_count
from .registry import Skip

# Stand-ins a rules reader uses when a sentence needs "a creature" / "another creature" without naming one:
# a vanilla card (no rules text) never needs a behaviour.
PLAIN_CREATURE = "Grizzly Bears"
PLAIN_LAND = "Plains"


# How many cards to try for a card the sentence leaves open (a bestow card, a God).
READINGS_PER_OPEN_CARD = 2
CARD_TYPES = {"Artifact", "Creature", "Enchantment", "Instant", "Land", "Planeswalker", "Sorcery", "Battle"}
TYPE_WORDS = {"creature": "Creature", "artifact": "Artifact", "enchantment": "Enchantment", "land": "Land",
              "instant": "Instant", "sorcery": "Sorcery", "planeswalker": "Planeswalker", "permanent": "Permanent"}


def card_type(word) -> str | None:
    """The card type a claim's type word names ("creature" → "Creature"), or None."""
    return TYPE_WORDS.get(str(word).lower())


def topic(word) -> str:
    """A claim's English topic (``Claim.topics``, ``target_kind``) as a key of :data:`TOPIC_FILTERS`."""
    return str(word).lower() if word is not None else ""


def has_bestow(card, beh) -> bool:
    return beh is not None and bool(beh.bestow)


def has_monstrosity(card, beh) -> bool:
    return beh is not None and any("monstrosity" in e for a in beh.activated
                                   for e in a.get("effects") or [] if isinstance(e, dict))


# topic (the English name of a keyword node) → what a card the sentence leaves open must be
TOPIC_FILTERS: dict[str, Callable[[Any, Any], bool]] = {
    "bestow": has_bestow,
    "monstrosity": has_monstrosity,
    "god": lambda card, beh: "God" in card.subtypes,
}


_LAST: "Cards | None" = None


class Cards:
    """The card table plus what the engine knows about behaviours (for stand-ins and readings)."""

    def __init__(self, table):
        self.table = table if table is not None else default_cards()
        self._standins: dict[str, str] = {}

    @classmethod
    def of(cls, table) -> "Cards":
        """The view of a table (the bundled one for None), kept while the same table is handed in again, so
        the stand-ins found for one claim serve the next."""
        global _LAST
        if isinstance(table, Cards):
            return table
        if _LAST is None or _LAST.table is not (table if table is not None else default_cards()):
            _LAST = cls(table)
        return _LAST

    def card(self, name: str):
        if not name:
            raise Skip("a card the claim needs is not named")
        m = self.table.resolve(name)
        if m is None:
            raise Skip(f"card {name!r} is not in the card table")
        return m.card

    def name(self, name: str) -> str:
        return self.card(name).name

    def types(self, name: str) -> set[str]:
        c = self.card(name)
        return set(c.types) | set(c.subtypes) | set(c.supertypes)

    def is_spell_only(self, name: str) -> bool:
        return bool(self.types(name) & {"Instant", "Sorcery"})

    def behaviour(self, name: str):
        """A stand-in's own behaviour, else hand-written, else compiled (``engine.behaviours.resolve``)."""
        card = self.table.get(name) if hasattr(self.table, "get") else None
        return behaviours.resolve(card or name)

    def entry(self, name: str) -> dict:
        """What a battlefield entry of the card carries beyond its name (a stand-in's damage, counters)."""
        return self.table.entry(name) if hasattr(self.table, "entry") else {}

    def usable(self, card) -> bool:
        """A card the engine can play: no rules text, or a behaviour definition."""
        return not card.has_text or self.behaviour(card.name) is not None

    def standin(self, type_name: str) -> str:
        """A plain card of a type, for a sentence that says "an artifact" / "a creature" without naming one."""
        t = card_type(type_name) or type_name
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
                raise Skip(f"no card in the card table can stand in for 'a {type_name}'")
            name = pick[0].name
        self._standins[t] = name
        return name

    def with_cost(self, cost: str) -> str:
        """A permanent card with exactly this mana cost ("a permanent with cost {R}{R}{R}"), a plain one first."""
        want = cost.replace(" ", "").upper()
        pool = [c for c in self.table if (c.cost or "").replace(" ", "").upper() == want and self.usable(c)
                and not (set(c.types) & {"Instant", "Sorcery"})]
        if not pool:
            raise Skip(f"no card in the card table with mana cost {cost} can stand in for the permanent the "
                        "claim describes by its cost")
        return sorted(pool, key=lambda c: (c.has_text, c.name))[0].name

    def candidates(self, claim: Claim, types: Iterable[str] = (), need: Iterable[str] = (),
                   exclude: Iterable[str] = ()) -> list[str]:
        """Cards a sentence that names none could be about: the claim's topics (bestow → a bestow card,
        god → a God) and the stated card types decide; cards the claim mentions come first."""
        topics = [topic(k) for k in list(need) + list(claim.topics or [])]
        preds = [TOPIC_FILTERS[k] for k in topics if k in TOPIC_FILTERS]
        if not preds:
            return []
        types = {card_type(t) or t for t in types} & CARD_TYPES
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
        missing = missing_behaviour(scenario, self)
        if missing:
            raise Skip(f"no behaviour for {missing}")
        try:
            res = simulate(scenario, cards=self.table, log=False)
        except Exception as e:
            raise Skip(f"the engine could not run the situation before the claim: {type(e).__name__}: {e}") from None
        if res.error:
            raise Skip(f"the engine could not run the situation before the claim: {res.error}")
        checks = list(res.checks)
        n = len(scenario.get("expect") or [])
        return checks[len(checks) - n:] if n else []      # the final expectations (mid-scenario ones come first)


def fits(card, spec: dict) -> bool:
    """Whether a card's printed characteristics fit a behaviour's object filter, with the engine's meaning of
    each key (engine/game/filters.py): ``types`` and ``supertypes`` all of, ``types_any`` and ``subtypes`` any
    of, ``not_types`` / ``not_subtypes`` none of.  Keys about the situation (controller, other, …) are
    staged by the scenario, not by the choice of card."""
    types, subs, supers = set(card.types), set(card.subtypes), set(card.supertypes)
    any_types, any_subs = set(spec.get("types_any") or []), set(spec.get("subtypes") or [])
    return (set(spec.get("types") or []) <= types and set(spec.get("supertypes") or []) <= supers
            and (not any_types or bool(any_types & types)) and (not any_subs or bool(any_subs & subs))
            and not set(spec.get("not_types") or []) & types and not set(spec.get("not_subtypes") or []) & subs)


def matching_card(cards: Cards, spec: dict, exclude: Iterable[str] = ()) -> str | None:
    """A card (a vanilla one if possible) that fits a behaviour's object filter."""
    pool = [c for c in cards.table if c.name not in set(exclude) and cards.usable(c) and fits(c, spec)
            and not (set(c.types) & {"Instant", "Sorcery"})]
    pool.sort(key=lambda c: (c.has_text, c.name))
    return pool[0].name if pool else None


def scenario_cards(sc: dict) -> list[str]:
    names: list[str] = []
    for zones in (sc.get("zones") or {}).values():
        for entries in (zones or {}).values():
            for e in entries or []:
                nm = e.get("card") if isinstance(e, dict) else str(e)
                nm = split_count(nm or "")[0]
                if nm and nm not in names:
                    names.append(nm)
    return names


def missing_behaviour(sc: dict, cards: Cards) -> str | None:
    """The first card of a scenario whose rules need a behaviour (``behaviours.needs_behaviour``, the engine's own
    test) and have none; or a card the table does not know."""
    for nm in scenario_cards(sc):
        try:
            card = cards.card(nm)
        except Skip:
            return nm
        if behaviours.needs_behaviour(card) and not behaviours.has_behaviour(card):
            return card.name
    return None
