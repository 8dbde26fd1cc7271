"""Stand-in cards for objects a sentence describes instead of naming (docs/design.md, "Described objects").

A description ``{"desc": {types, subtypes, supertypes, pt, keywords, protection, colors, token, damage,
counters, label, controller}}`` may stand wherever a card name may.  Before synthesis every description of a
claim is replaced by the name of a stand-in card with exactly those characteristics and a behaviour with just
the stated keywords (no other rules text), so a verdict depends on nothing the text did not say.  The stand-ins
live in a per-claim overlay of the card table (:class:`StandinTable`) handed to the engine through the card
lookup — nothing global changes.  Damage and counters already on the object are placed with it
(:meth:`StandinTable.entry`).
"""
from __future__ import annotations

import copy
import json
from dataclasses import dataclass
from typing import Any, Iterator

from extractor.facts import Claim

from ..behaviours import Behaviour
from ..vocabulary import KEYWORD_ABILITIES, KEYWORDS, TOP_KEY_CHECKS
from ..cardbase import Card, Match
from .cards import CARD_TYPES, Cards, card_type
from .registry import Skip

DESC_KEYS = {"types", "subtypes", "supertypes", "pt", "keywords", "protection", "colors", "token", "damage",
             "colorless",      # 「無色の」 (105.2c): a stand-in has no colour unless stated, so this only forbids one
             "lacks",          # keywords the text says it lacks (a stand-in has only its stated ones anyway)
             "counters", "label", "controller", "tapped", "keyword_values", "ability_words", "trigger",
             "targets",        # (set by the cross-check, not the reader: a described spell that targets — can_target)
             "effects",        # (set by the cross-check: a spell doing exactly an effect the text states, e.g. -2/-2)
             "activated",      # (set by the cross-check: the one activated ability the text describes — can_activate)
             "equip",          # (set by the cross-check: an Equipment's equip cost — can_equip, 702.6)
             "counterspell",   # 「打ち消し呪文」: a spell that counters target spell (701.6a) and does nothing else
             "every",          # "spell" / "permanent": a rule about every one (a keyword action's definition, 701.6a
                               # 701.8a): each card type of one a reading (EVERY_TYPES)
             "mana_ability",   # 「マナ能力」 in general: {T}: add {C} (605.1a), nothing else
             "cost",           # a printed mana cost ({3}{B/R}{B/R}): what devotion reads (CR 700.5)
             "evasion",        # a quoted block restriction: {"blocker_power_at_most": N} (509.1b)
             "regenerates",    # (set by the cross-check: a static ability regenerates it, CR 701.15b)
             "behaviour",      # (set by the cross-check: the behaviour its quoted wording compiles to, quoted_text.py)
             "loyalty"}        # (set by the cross-check: a named planeswalker's printed loyalty, walkers.py, 306.5b)
# ability words (207.2c) a described object may have: the trigger condition every card with the word shares is the
# engine's own keyword ability of that name (engine/game/mechanics, e.g. enrage); its effect is not stated, so such a
# stand-in serves only claims about whether / how often it triggers
TRIGGER_KINDS = ("trigger_count", "no_trigger")
COLOR_NAMES = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}


@dataclass
class StandinCard(Card):
    """A card built from a description; ``behaviour`` is read by the engine instead of the behaviour table."""
    behaviour: Behaviour | None = None
    desc: dict | None = None


def is_desc(v) -> bool:
    return isinstance(v, dict) and isinstance(v.get("desc"), dict)


def _colors(v) -> str:
    if not v:
        return ""
    items = v if isinstance(v, list) else list(str(v)) if str(v).isupper() and len(str(v)) <= 5 else [v]
    out = ""
    for x in items:
        c = COLOR_NAMES.get(str(x).lower(), str(x).upper())
        if c not in "WUBRG" or len(c) != 1:
            raise Skip(f"colour {x!r} of a described object is not W/U/B/R/G")
        out += c
    return out


def standin_card(desc: dict) -> StandinCard:
    """The stand-in card of one description (raises :class:`Skip` for a characteristic it cannot give)."""
    bad = set(desc) - DESC_KEYS
    if bad:
        raise Skip(f"the described object states {sorted(bad)}, which a stand-in card cannot have")
    if desc.get("colorless") and desc.get("colors"):
        raise Skip("the described object is both colourless and coloured")
    types = [card_type(t) or str(t) for t in desc.get("types") or []]
    if not types and (desc.get("pt") or desc.get("damage")):
        types = ["Creature"]                    # P/T or damage marked: the text describes a creature
    if not types:
        raise Skip("the described object has no card type")
    if "Permanent" in types:
        raise Skip("the described object is 'a permanent' without a card type")
    unknown = [t for t in types if t not in CARD_TYPES]
    if unknown:
        raise Skip(f"card type {unknown} of a described object is not a card type")
    power = toughness = None
    if desc.get("pt"):
        try:
            power, toughness = (str(int(x)) for x in str(desc["pt"]).split("/"))
        except ValueError:
            raise Skip(f"power/toughness {desc['pt']!r} of a described object is not N/N") from None
    elif "Creature" in types:
        raise Skip("the described creature has no stated power/toughness")
    keywords = [str(k).lower().replace(" ", "_") for k in desc.get("keywords") or []]
    numbers = desc.get("keyword_values") or {}
    # a quoted ability compiled by the caller (quoted_text.py): the stand-in has exactly that behaviour
    spec: dict[str, Any] = copy.deepcopy(desc["behaviour"]) if isinstance(desc.get("behaviour"), dict) else {}
    keywords = list(dict.fromkeys([*(str(k).lower() for k in spec.pop("keywords", None) or []), *keywords]))
    for k in list(keywords):
        # a numbered keyword (afflict N, 702.130) is the engine's top-level key with its number: stated, or
        # the stand-in cannot have it
        if k in TOP_KEY_CHECKS and k in KEYWORD_ABILITIES:
            if not isinstance(numbers.get(k), int):
                raise Skip(f"the described object has {k} without its number")
            spec[k] = numbers[k]
        elif k in TOP_KEY_CHECKS and k not in KEYWORDS:
            # a keyword that is an activated ability with a cost (outlast 702.107): the top-level key; a cost
            # the text does not state is {0} (what the ability costs is not what such a statement is about)
            value = numbers.get(k, "{0}")
            if TOP_KEY_CHECKS[k][0](value, None):
                raise Skip(f"the described object's {k} {value!r} cannot be given to a stand-in")
            spec[k] = value
            keywords.remove(k)
    if keywords:
        spec["keywords"] = keywords
    if isinstance(desc.get("trigger"), dict):
        # a trigger condition the text quotes (「クリーチャーが戦場に出るたび〜」): that event, no stated effect
        t = desc["trigger"]
        spec.setdefault("triggers", []).append({"event": str(t.get("event")), "object": dict(t.get("object") or {}),
                                                "name": "quoted", "effects": []})
    for w in desc.get("ability_words") or []:
        if w not in KEYWORD_ABILITIES:
            raise Skip(f"the described object's ability word {w!r} has no known trigger condition")
        if w not in keywords:
            keywords.append(w)                  # the engine's keyword ability gives the trigger (one place)
            spec["keywords"] = keywords
    extra = sorted(set(numbers) - set(keywords))
    if extra:
        raise Skip(f"the described object states a number for {extra} but not the keyword")
    qualities = [protection_quality(q) for q in desc.get("protection") or []]
    if qualities:
        spec["protection"] = qualities          # 702.16: the engine's protection key (DEBT)
    if desc.get("mana_ability"):
        spec["activated"] = [{"tap": True, "mana": True, "targets": [], "effects": [{"add_mana": {"mana": "C"}}]}]
    if desc.get("counterspell"):
        if not set(types) & {"Instant", "Sorcery"}:
            raise Skip("a described counterspell is an instant or sorcery")
        spec["spell"] = {"targets": [{"kind": "spell"}], "effects": [{"counter": "target"}]}
    elif desc.get("targets"):
        if not set(types) & {"Instant", "Sorcery"}:
            raise Skip("a described permanent that targets has no ability the text states")
        spec["spell"] = {"targets": [{"kind": str(desc["targets"])}], "effects": list(desc.get("effects") or [])}
    elif desc.get("effects"):
        if not set(types) & {"Instant", "Sorcery"}:
            raise Skip("a described permanent has no effect the text states")
        spec["spell"] = {"effects": list(desc["effects"])}
    if desc.get("regenerates"):
        spec["regenerates"] = True             # 701.15b (engine.game.mechanics.regenerate)
    if desc.get("equip"):
        spec["equip"] = str(desc["equip"])
    if desc.get("evasion"):
        spec["statics"] = [_evasion_static(desc["evasion"])]
    if desc.get("activated"):
        spec["activated"] = [dict(a, effects=[]) for a in desc["activated"]]   # an ability known only by its cost
    try:
        beh = Behaviour("<stand-in>", spec)
    except Exception as e:                      # a keyword the engine does not implement
        raise Skip(f"a described object's keyword cannot be simulated: {e}") from None
    name = "Stand-in " + json.dumps({k: desc[k] for k in sorted(desc) if k not in ("damage", "counters",
                                                                                   "controller")},
                                    ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    return StandinCard(name=name, cost=str(desc["cost"]) if desc.get("cost") else None,
                       colors=_colors(desc.get("colors")), types=types,
                       subtypes=[str(s) for s in desc.get("subtypes") or []],
                       supertypes=[str(s) for s in desc.get("supertypes") or []], power=power, toughness=toughness,
                       loyalty=str(desc["loyalty"]) if desc.get("loyalty") is not None else None,
                       has_text=False, behaviour=beh, desc=dict(desc))


def _evasion_static(ev) -> dict:
    """A quoted evasion ability as the engine's block restriction on the object itself (509.1b): 'can't be
    blocked by creatures with power N or less'."""
    n = ev.get("blocker_power_at_most") if isinstance(ev, dict) else None
    if set(ev or {}) != {"blocker_power_at_most"} or not isinstance(n, int):
        raise Skip(f"the described object's evasion {ev!r} cannot be given to a stand-in")
    return {"block_restriction": {"attacker": {"self": True}, "blocker": {"power_at_most": n}}}


_TYPE_QUALITIES = {"artifacts": "Artifact", "creatures": "Creature", "enchantments": "Enchantment",
                   "instants": "Instant", "sorceries": "Sorcery", "planeswalkers": "Planeswalker", "lands": "Land"}


def protection_quality(q) -> dict:
    """A described protection quality (a colour letter or a card type in the plural) as the filter the
    engine's ``protection`` key takes (702.16a)."""
    s = str(q).strip()
    if s.upper() in ("W", "U", "B", "R", "G"):
        return {"colors": s.upper()}
    t = _TYPE_QUALITIES.get(s.lower())
    if t is None:
        raise Skip(f"protection from {q!r} is not a colour (W/U/B/R/G) or a card type")
    return {"types": [t]}


class StandinTable:
    """A card table with the stand-ins of one claim laid over it (the engine's card lookup interface)."""

    def __init__(self, base, standins: dict[str, StandinCard], open_pt: set[str] | None = None):
        self.base, self.standins = base, standins
        self.open_pt = open_pt or set()     # the creature stand-ins whose P/T the text leaves open (a reading's)

    def resolve(self, name: str, fuzzy: bool = True) -> Match | None:
        c = self.standins.get(name)
        return Match(c, 100.0, "exact_en") if c is not None else self.base.resolve(name, fuzzy)

    def get(self, name: str):
        return self.standins.get(name) or self.base.get(name)

    def __iter__(self) -> Iterator[Card]:
        yield from self.base
        yield from self.standins.values()

    def __contains__(self, name) -> bool:
        return name in self.standins or name in self.base

    def __len__(self) -> int:
        return len(self.base) + len(self.standins)

    def entry(self, name: str) -> dict:
        """What a battlefield entry of the stand-in carries: marked damage, counters, token-ness."""
        c = self.standins.get(name)
        if c is None or not c.desc:
            return {}
        d = c.desc
        out: dict[str, Any] = {}
        if d.get("damage"):
            out["damage"] = int(d["damage"])
        if d.get("counters"):
            out["counters"] = {str(k): int(v) for k, v in d["counters"].items()}
        if d.get("token"):
            out["token"] = True
        if d.get("tapped"):
            out["tapped"] = True            # 「タップ状態のクリーチャー」: it is on the battlefield tapped (509.1a)
        return out


# Characteristics a rule needs that the text leaves open are readings (the claim must hold whichever is
# taken): a creature's P/T, the card type of "a permanent" / "a token" described only by its abilities.
OPEN_PT = ("2/2", "5/5")
OPEN_TYPES = (["Creature"], ["Artifact"])
# "every spell" / "every permanent" (a rule about each one): a reading per card type of one (a creature as 2/2)
EVERY_TYPES = {"spell": (["Creature"], ["Instant"], ["Sorcery"]), "permanent": (["Creature"], ["Artifact"], ["Enchantment"])}
MAX_VARIANTS = 4


# a denial of a block ("… can't block / isn't blocked by <a described creature>") is about every creature the
# description fits, and a stand-in has only the abilities the description states: the denial must also hold
# for the described blocker with each ability that lets a creature block what others can't and never keeps it
# from blocking anything (702.17b reach, 702.9b flying, 702.31b horsemanship).  The checkers run each as a
# reading; one in which it can block makes the readings disagree (unsimulable, never confirmed).  Abilities that
# enable some blocks and forbid others (shadow 702.28b; being an artifact, against fear 702.36b but not against
# protection from artifacts) would let a variant hold where the stated creature fails: not varied.
BLOCK_ENABLERS = {"blocker_reach": {"keywords": ["reach"]}, "blocker_flying": {"keywords": ["flying"]},
                  "blocker_horsemanship": {"keywords": ["horsemanship"]}}


def enabler_variants(desc: dict, label: str) -> dict:
    """{key: {"desc": …}}: ``desc`` with each block enabler of :data:`BLOCK_ENABLERS` it does not state; one P/T
    stands for all (whether it may block does not depend on its size unless the description says)."""
    out = {}
    for key, add in BLOCK_ENABLERS.items():
        (field, (value,)), = add.items()
        if value not in (desc.get(field) or []) and value not in (desc.get("lacks") or []):
            out[key] = {"desc": {"pt": "2/2", **copy.deepcopy(desc), field: [*(desc.get(field) or []), value],
                                 "label": f"{label} {value}"}}
    return out


def _key(desc: dict) -> str:
    return json.dumps(desc, sort_keys=True, ensure_ascii=False, default=str)


def open_readings(desc: dict) -> list[tuple[dict, str]]:
    """The description completed with each value of what it leaves open, with a label saying which."""
    if "every" in desc:
        every = EVERY_TYPES.get(str(desc["every"]))
        if every is None or set(desc) - {"every", "label"}:
            raise Skip(f"the described object is every {desc['every']!r} with other characteristics: not staged")
        rest = {k: v for k, v in desc.items() if k != "every"}
        return [({**rest, "types": t, **({"pt": "2/2"} if t == ["Creature"] else {})}, f"a {t[0].lower()}")
                for t in every]
    types = [card_type(t) or str(t) for t in desc.get("types") or []]
    if not types or types == ["Permanent"]:
        if not (desc.get("keywords") or desc.get("protection") or desc.get("token") or desc.get("supertypes")
                or desc.get("counters") or desc.get("colors") or desc.get("trigger") or desc.get("behaviour")):
            raise Skip("the described object has no card type")
        out = []
        for t in OPEN_TYPES:
            out += [(d, f"{t[0].lower()}" + (f" {lab}" if lab else "")) for d, lab in
                    open_readings({**desc, "types": t})]
        return out
    if "Creature" in types and not desc.get("pt"):
        return [({**desc, "types": types, "pt": pt}, f"as {pt}") for pt in OPEN_PT]
    return [(desc, "")]


# keywords that change whether a creature taps to attack, may attack or block, is blocked, deals or survives combat
# damage, or may be targeted: a description by what a creature lacks is about every creature without it, those
# with any of these among them, so it is also staged with each one it neither states nor denies (others_keywords)
UNIVERSAL_KEYWORDS = ("vigilance",        # 702.20b: attacking doesn't cause it to tap
                      "flying", "reach",  # 702.9b / 702.17b: who may block whom
                      "first_strike", "double_strike",   # 702.7b / 702.4b: a first combat damage step
                      "deathtouch",       # 702.2b: any damage it deals is lethal
                      "trample",          # 702.19b: excess damage to the player
                      "indestructible",   # 702.12b: lethal damage doesn't destroy it
                      "defender",         # 702.3b: can't attack
                      # (not menace, 702.111b: it restricts the block as a whole, not whether a creature may block or
                      # be blocked by another — one more blocker makes it legal — and a block is staged one by one)
                      "hexproof", "shroud",   # 702.11b / 702.18a: can't be the target
                      "haste")            # 702.10b: attacks / {T} the turn it comes under control
# the mark of a reading that adds one of them (verdict_from_runs: such a reading failing keeps the claim from
# being confirmed, and it alone never contradicts it)
ALSO_WITH = "also with "


def _kw(k) -> str:
    return str(k).lower().replace(" ", "_")


def others_keywords(desc: dict, descs: dict[str, dict], attack_asked: bool = True) -> list[tuple[dict, str]]:
    """Readings of an object described by a keyword it lacks with each keyword it neither states nor denies: of
    :data:`UNIVERSAL_KEYWORDS`, and of those another described object of the statement is said to have.
    「速攻を持たないクリーチャーは、攻撃するとタップ状態になる」 is about every creature without haste, those with
    vigilance among them (702.20b: they do not tap); 「先制攻撃を持つクリーチャーは、警戒を持たないクリーチャーより先に
    戦闘ダメージを与える」 is about first strikers without vigilance too (702.7b).  A description by what the object
    lacks names the trait the outcome is said to turn on and leaves it free to have the others, so a lacked trait
    that is not the one that matters makes the readings disagree (never confirmed by the one object that suits it).
    (An object described only by what it has is the object as described: 「2/2のクリーチャーにブロックされた」 in a
    story is that creature, with nothing more.)  One keyword a reading, at the object's first completion (its size
    does not change what the keyword does); the label starts with :data:`ALSO_WITH`.  Defender only where the
    statement asks whether it may attack (``attack_asked``): elsewhere it only keeps the attack a statement takes
    as given from happening (702.3b), which is no counterexample to what follows the attack."""
    if "every" in desc or not desc.get("lacks"):
        return []
    said = {_kw(k) for k in [*(desc.get("keywords") or []), *(desc.get("lacks") or [])]}
    given = dict.fromkeys([*UNIVERSAL_KEYWORDS,
                           *(str(k) for d in descs.values() if d is not desc for k in d.get("keywords") or [])])
    out = []
    for kw in given:
        if _kw(kw) in said or (kw == "defender" and not attack_asked):
            continue
        try:
            first = open_readings(desc)[0]
        except Skip:
            return []
        said.add(_kw(kw))
        out.append(({**first[0], "keywords": [*(desc.get("keywords") or []), kw]},
                    ", ".join(x for x in (first[1], f"{ALSO_WITH}{kw}") if x)))
    return out


# kinds about one described object, and where it is in the situation
_SOLE_OBJECT = {"can_attack": "card", "zone_after": "card", "can_destroy": "target", "can_activate": "card",
                "summoning_sick": "card"}
# conditions that only a creature can meet: toughness 0 or less (CR 704.5f), lethal damage (CR 704.5g)
_CREATURE_ONLY = ("toughness_zero", "lethal_damage")


def _fold_conditions(claim: Claim) -> Claim:
    """Conditions of a kind about one described object that are characteristics of that object: a
    condition {kind: has, keyword: K} (「速攻を持つので」) becomes K among the description's keywords (CR 702.10
    haste etc.), and a condition only a creature can meet (its toughness is 0 or less) makes a description
    that states no card type a creature — the stand-in has exactly the stated characteristics."""
    key = _SOLE_OBJECT.get(claim.kind)
    sit = claim.situation or {}
    conds = [c for c in sit.get("conditions") or [] if isinstance(c, dict)]
    has = [c for c in conds if c.get("kind") == "has" and c.get("keyword")]
    lacks = [c for c in conds if c.get("kind") == "lacks" and c.get("keyword")]
    creature = any(c.get("kind") in _CREATURE_ONLY for c in conds)
    if key is None or not (has or lacks or creature) or not is_desc(sit.get(key)):
        return claim
    sit = copy.deepcopy(sit)
    desc = sit[key]["desc"]
    if lacks:        # 「速攻を持たない限り」: the stand-in has only its stated keywords, so it lacks this one
        if any(str(c["keyword"]) in (desc.get("keywords") or []) for c in lacks):
            raise Skip("the described object both has and lacks a keyword")
        # a lack the statement names as the object's trait is about every object without it (others_keywords);
        # one given as a cause (「警戒を持たないので」, ``because``), or a cause turned over (card_facts.causes,
        # ``turned``: the same object without it), is the object as staged
        desc["lacks"] = list(dict.fromkeys([*(desc.get("lacks") or []), *(str(c["keyword"]) for c in lacks
                                                                          if not (c.get("because") or c.get("turned")))]))
        if not desc["lacks"]:
            del desc["lacks"]
        sit["conditions"] = [c for c in sit["conditions"] if c not in lacks]
        if not sit["conditions"]:
            del sit["conditions"]
    if has:
        desc["keywords"] = list(dict.fromkeys([*(desc.get("keywords") or []),
                                               *(str(c["keyword"]) for c in has)]))
        sit["conditions"] = [c for c in sit["conditions"] if c not in has]
        if not sit["conditions"]:
            del sit["conditions"]
    if creature and desc.get("types") in (None, [], ["Permanent"]):
        desc["types"] = ["Creature"]
    return Claim(**{**claim.__dict__, "situation": sit})


def with_standins(claim: Claim, table) -> tuple[list[tuple[Claim, str]], StandinTable | None]:
    """The claim with each description replaced by its stand-in's name — one claim per reading of what
    the descriptions leave open (with its label) — and the overlay table; ([(claim, "")], None) when the
    claim describes nothing."""
    claim = _fold_conditions(claim)
    descs: dict[str, dict] = {}

    def collect(v):
        if is_desc(v):
            descs.setdefault(_key(v["desc"]), v["desc"])
        elif isinstance(v, dict):
            for x in v.values():
                collect(x)
        elif isinstance(v, list):
            for x in v:
                collect(x)
    collect([claim.situation, claim.outcome, claim.subject])
    if not descs:
        return [(claim, "")], None
    every = descs
    descs = {}                  # the objects the statement describes (not a kind's prepared helpers, ``_helpers``)
    collect([{k: v for k, v in (claim.situation or {}).items() if not str(k).startswith("_")}, claim.outcome,
             claim.subject])
    stated, descs = descs, every
    if claim.kind not in TRIGGER_KINDS and any(d.get("ability_words") or d.get("trigger") for d in descs.values()):
        raise Skip("a described object's ability word does not say what its ability does: only whether it "
                   "triggers can be checked")
    variants: list[tuple[dict[str, dict], str]] = [({}, "")]
    for k, d in descs.items():
        variants = [({**chosen, k: filled}, ", ".join(x for x in (lab, flab) if x))
                    for chosen, lab in variants for filled, flab in open_readings(d)]
    if len(variants) > MAX_VARIANTS:
        raise Skip(f"the described objects leave {len(variants)} combinations of characteristics open")
    # whether the statement asks if an object may attack (can_attack; an outcome about the attack action)
    attack_asked = claim.kind == "can_attack" or '"attack"' in json.dumps(claim.outcome or {}, default=str)
    for k in stated:            # more readings: the object with each keyword its description leaves free
        variants += [({**variants[0][0], k: filled}, label)
                     for filled, label in others_keywords(stated[k], stated, attack_asked)]
    found: dict[str, StandinCard] = {}
    opened: set[str] = set()
    out = []
    for chosen, label in variants:
        def swap(v):
            if is_desc(v):
                filled = chosen[_key(v["desc"])]
                c = standin_card(filled)
                found.setdefault(c.name, c)
                if filled.get("pt") and not v["desc"].get("pt"):
                    opened.add(c.name)
                return c.name
            if isinstance(v, dict):
                return {k: swap(x) for k, x in v.items()}
            if isinstance(v, list):
                return [swap(x) for x in v]
            return v
        sit, res = swap(copy.deepcopy(claim.situation or {})), swap(copy.deepcopy(claim.outcome or {}))
        subject = swap(claim.subject) if is_desc(claim.subject) else claim.subject
        out.append((Claim(**{**claim.__dict__, "situation": sit, "outcome": res, "subject": subject}), label))
    return out, StandinTable(table, found, opened)


def pt_is_open(cards, name: str | None) -> bool:
    """Whether ``name`` is a creature stand-in whose P/T the text leaves open (staged at each :data:`OPEN_PT`)."""
    return name is not None and name in getattr(cards.table, "open_pt", ())


def amount_is_lethal_stated(cards, name: str) -> None:
    """A stated amount of damage to a creature whose P/T the text leaves open: whether it is lethal (704.5g)
    depends on a toughness no reading spans (1 damage kills a 1/1, 6 does not kill a 7/7) — not decided, unless
    the creature is indestructible (702.12b: no amount destroys it)."""
    if pt_is_open(cards, name):
        beh = cards.behaviour(name)
        if "indestructible" not in (getattr(beh, "keywords", ()) or ()):
            raise Skip("whether the stated damage is lethal depends on the toughness the statement leaves open "
                       "(704.5g)")


def lethal_is_stated(cards, x: str | None, y: str | None) -> None:
    """Combat damage between a creature of stated P/T (a named card) and one whose P/T the text leaves open: the
    readings' P/T (:data:`OPEN_PT`) need not fall on both sides of the named card's power or toughness, so an
    outcome that depends on lethal damage (704.5g; the damage a trampler assigns beyond it, 702.19b) is not
    decided.  Two open P/T are read at every pair of values, which does span both sides."""
    if x is not None and y is not None and pt_is_open(cards, x) != pt_is_open(cards, y):
        raise Skip("whether the combat damage is lethal depends on the P/T the statement leaves open (704.5g)")


def controllers(table: StandinTable | None) -> dict[str, str]:
    """Stand-in name → the controller its description states."""
    if table is None:
        return {}
    return {n: c.desc["controller"] for n, c in table.standins.items() if c.desc and c.desc.get("controller")}


def overlay(cards: Cards, card: StandinCard) -> str:
    """Lay a stand-in the cross-check itself needs (a fight spell, a planeswalker) over the claim's card view:
    the overlay of its described objects, or a new one on the view the readings run with."""
    if not isinstance(cards.table, StandinTable):
        cards.table = StandinTable(cards.table, {})
    cards.table.standins.setdefault(card.name, card)
    return card.name
