"""``composed`` claims (issue 20, :mod:`extractor.claims.compose`): a situation (actors), events in order and
an outcome, staged piece by piece.  Each event is one staging (:data:`EVENTS`), each outcome one expectation
(:data:`OUTCOMES`); a new event or outcome is one entry here and one in the reader, and every sentence built
from it is checked.

Readings: what the text leaves open is each value in turn (a creature's P/T: the stand-in readings; who owns a
card that goes to "its owner's" graveyard: owned by its controller, and owned by the opponent while you control
it, CR 400.3; where a lifelink creature's damage goes: to a player, and to a blocking creature, 702.15b).  The
verdict must hold in each.  An event the checker cannot stage raises :class:`Skip` (unsimulable).

Rules the outcomes exercise: 120.3c (damage to a planeswalker removes that many loyalty counters), 400.3 and
400.7 (a card goes to its owner's graveyard), 509.1b (blocking restrictions), 510.1-510.2 and 510.4 (combat
damage, the first-strike step), 615 / 702.16e (protection prevents damage), 702.16b-f (protection: blocking,
targeting, attaching), 702.15b (lifelink: any damage), 701.15a (regeneration: tapped, damage removed, removed
from combat), 302.6 (summoning sickness), 704.5q (+1/+1 and -1/-1 counters are removed in pairs).
"""
from __future__ import annotations

import copy

from extractor.facts import Claim

from . import outcome_amounts as amounts
from . import outcome_combat as combat
from . import outcome_enters as enters
from . import outcome_gains as gains
from . import outcome_mechanics as mechanics
from . import outcome_spells as spells
from . import outcome_traits as traits
from . import outcome_triggers as triggers
from .builder import Builder
from .counter_target import targets_spells
from .cards import Cards
from .registry import Reading, Skip
from .standins import BLOCK_ENABLERS, amount_is_lethal_stated, enabler_variants, is_desc
from .walkers import printed_walkers  # noqa: F401  (composed's prepare_cards, extractor/data/claim_kinds.yaml)

# a blocker that survives, deals no damage and can block a flier (702.17b reach)
WALL = {"types": ["Creature"], "pt": "0/5", "keywords": ["reach"], "label": "wall"}
# the creatures "can('t) block" with no attacker stated is checked against: a plain one and a flier (509.1b: a
# block restriction may depend on the attacker; the statement must hold for each)
ATTACKERS = {"plain_attacker": {"types": ["Creature"], "pt": "2/2", "label": "plain attacker"},
             "flying_attacker": {"types": ["Creature"], "pt": "2/2", "keywords": ["flying"], "label": "flying attacker"}}
LOYALTY = 5                                                      # a planeswalker's loyalty before the damage
DAMAGE_N = 2                                                     # damage of an unnamed source, when unstated
# outcomes that depend on whether combat damage was lethal (704.5g)
LETHAL_OUTCOMES = frozenset({"destroyed", "dies", "stays", "leaves", "to_graveyard", "to_owners_graveyard",
                             "to_controllers_graveyard", "pt_is"})


def _prepare(claim: Claim) -> Claim:
    """Before stand-ins: each described actor labelled by its letter (two alike are two objects), a described
    "source" as a creature (the staging's choice of object), the one that regenerates with a regeneration
    ability (701.15b), and the helper objects the staging needs."""
    sit = copy.deepcopy(claim.situation or {})
    actors = sit.get("actors") or {}
    regen = {e.get("patient") for e in sit.get("sequence") or [] if e.get("event") == "regenerates"}
    tapper = (claim.outcome or {}).get("patient") if (claim.outcome or {}).get("check") == "can_tap_ability" else None
    dealt = _stated_damage(sit.get("sequence") or [], claim.outcome or {})
    for k, v in actors.items():
        if is_desc(v):
            d = v["desc"]
            if d.pop("source", None) and not d.get("types"):
                d["types"] = ["Creature"]
            if k in dealt and not d.get("pt"):
                # 510.1a: the combat damage it deals is its power — the amount stated (its toughness plays no part:
                # the statement is about nothing else of it)
                d["pt"] = f"{dealt[k]}/{dealt[k]}"
            if d.pop("spell", None):
                d.setdefault("types", ["Instant"])
                d["targets"] = "creature"               # a spell that targets a creature and does nothing else
            if k in regen:
                d["regenerates"] = True
            if d.pop("blocker", None):
                d["label"] = k                          # (blocks the attacker: staged by the combat events)
            if k == tapper:
                d["activated"] = [{"tap": True}]        # the {T} ability the statement is about (no effect)
            mechanics.prepare_desc(k, d, sit, claim.outcome or {})
            d["label"] = k
    sit["_helpers"] = {"wall": {"desc": dict(WALL)}, **{k: {"desc": dict(v)} for k, v in ATTACKERS.items()},
                       **copy.deepcopy(mechanics.HELPERS), **_blocker_variants(actors, claim.outcome or {}),
                       **amounts.helpers(sit), **gains.helpers(sit), **copy.deepcopy(combat.HELPERS),
                       # the described actors whose P/T the statement leaves open (staged at each OPEN_PT, a reading)
                       "open_pt": sorted(k for k, v in actors.items() if is_desc(v) and not v["desc"].get("pt"))}
    return Claim(**{**claim.__dict__, "situation": sit})


def _stated_damage(seq: list[dict], out: dict) -> dict[str, int]:
    """The actors that only deal damage in the statement, with the amount it states (「接死を持つクリーチャーから1点の
    ダメージを受けた」): a described one is staged with that power."""
    n = {e["source"]: e["n"] for e in seq if e.get("event") == "damage" and e.get("source") and isinstance(e.get("n"), int)
         and e["n"] > 0}
    other = {v for e in [*seq, out] for r, v in e.items() if r not in ("source", "event", "check") and isinstance(v, str)}
    return {k: v for k, v in n.items() if k not in other and sum(e.get("source") == k for e in seq) == 1}


def _blocker_variants(actors: dict, out: dict) -> dict:
    """The described blocker of a block denial with each block-enabling ability (:func:`enabler_variants`)."""
    bl = out.get("blocker")
    if out.get("check") not in ("can_block", "blocked") or out.get("holds") is not False or not is_desc(actors.get(bl)):
        return {}
    return enabler_variants(actors[bl]["desc"], bl)


class Stage:
    """One reading under construction: the board, the actions and the expectations."""

    def __init__(self, claim: Claim, cards: Cards, label: str, owner_other: bool = False, lifelink_to: str = "player",
                 counters: dict | None = None, attacker: str | None = None, blocker_as: str | None = None,
                 open_side: str | None = None, **extra):
        self.b = Builder(claim, label, cards)
        self.cards = cards
        self.sit, self.out = claim.situation or {}, claim.outcome or {}
        self.actors: dict[str, str] = dict(self.sit.get("actors") or {})
        if blocker_as:                          # the described blocker with a block-enabling ability (a reading)
            self.actors[self.out["blocker"]] = self.sit["_helpers"][blocker_as]
        self.side: dict[str, str] = {}
        self.owner_other = owner_other          # the card an owner's-graveyard outcome is about: owned by the opponent
        self.lifelink_to = lifelink_to
        self.counters = counters or {}          # counter kind → number, for counters the statement leaves uncounted
        self.counters_on: dict[str, dict] = {}  # letter → counters placed on it
        self.combat = False
        self.damage_done: dict[str, int] = {}   # letter → damage an event dealt it
        self.placed: set[str] = set()
        self.attacker = attacker                # the helper a block is checked against when none is stated
        self.extra = extra                      # a reading's other open facts (outcome_amounts.readings)
        self.open_side = open_side              # who controls an object whose controller is not stated (a reading)
        self.tapped_state: set[str] = set()     # letters on the battlefield tapped before the events (110.5)

    def name(self, letter: str | None) -> str:
        if not letter or letter not in self.actors:
            raise Skip("the statement does not say which object the event or outcome is about")
        v = self.actors[letter]
        if not isinstance(v, str):
            raise Skip(f"object {letter} of the statement cannot be staged")
        return v

    def controller(self, letter: str) -> str:
        """Who controls the actor: the controller its description states, else you."""
        d = getattr(self.cards.card(self.name(letter)), "desc", None) or {}
        if self.open_side and not d.get("controller"):
            return self.open_side
        return "opponent" if d.get("controller") == "opponent" else "you"

    def loyalty(self, letter: str) -> int:
        """The loyalty a planeswalker enters with (306.5b): the stated number of loyalty counters, else a named
        card's printed loyalty (a fact of the card: never a stand-in's number), else a described one's LOYALTY."""
        stated = (self.counters_on.get(letter) or {}).get("loyalty")
        if isinstance(stated, int):
            return stated
        card = self.cards.card(self.name(letter))
        if getattr(card, "desc", None) is not None and card.desc.get("loyalty") is None:
            return LOYALTY                      # (a named planeswalker by its printed characteristics: its own, walkers.py)
        try:
            return int(getattr(card, "loyalty", None))
        except (TypeError, ValueError):
            raise Skip(f"{self.name(letter)} has no printed loyalty to stage") from None

    def place(self, letter: str, side: str | None = None) -> str:
        """Put the actor on ``side``'s battlefield (its stated controller's when not given; once; a side given
        later must agree)."""
        name = self.name(letter)
        side = side or self.controller(letter)
        if letter in self.placed:
            if self.side[letter] != side:
                raise Skip("the statement puts one object on both sides of a combat")
            return name
        self.placed.add(letter)
        self.side[letter] = side
        opts: dict = {}
        if letter in self.tapped_state:
            opts["tapped"] = True
        if letter in self.counters_on:
            opts["counters"] = dict(self.counters_on[letter])
        if self.is_type(letter, "Planeswalker"):
            # its loyalty before the statement's events, unless the statement gives it (306.5b)
            opts["counters"] = {"loyalty": self.loyalty(letter), **opts.get("counters", {})}
        if self.owner_other and letter == self.out.get("patient"):
            # its controller controls a card the other player owns (400.3): in the owner's zones, controlled
            self.b.add(other(side), "battlefield", name, opts={**opts, "controller": side})
            return name
        self.b.add(side, "battlefield", name, opts=opts)
        return name

    def plain(self, letter: str) -> None:
        """A named card the statement moves must do nothing of its own on the way (a dies trigger, persist,
        indestructible): the staging would observe its abilities, not the rule the statement is about."""
        name = self.name(letter)
        if triggers.observes_own(self.out, letter):
            return                              # its own trigger is what the statement is about
        beh = self.cards.behaviour(name)
        if beh is None:
            if self.cards.card(name).has_text:
                raise Skip(f"no behaviour for {name}")
            return                              # a vanilla card: nothing of its own
        own = set(getattr(beh, "keywords", ()) or ()) & {"indestructible", "persist", "undying", "regenerates"}
        if beh.triggers or own or getattr(beh, "replacements", None):
            raise Skip(f"{name} has abilities of its own that act when it is moved or damaged")

    def power(self, letter: str) -> int:
        c = self.cards.card(self.name(letter))
        try:
            return int(c.power)
        except (TypeError, ValueError):
            raise Skip(f"{c.name} has no printed power") from None

    def toughness(self, letter: str) -> int:
        c = self.cards.card(self.name(letter))
        try:
            return int(c.toughness)
        except (TypeError, ValueError):
            raise Skip(f"{c.name} has no printed toughness") from None

    def is_type(self, letter: str, t: str) -> bool:
        return t in self.cards.types(self.name(letter))

    def lethal_is_stated(self, x: str | None, y: str | None) -> None:
        """Combat between a creature of stated P/T (a named card) and one whose P/T the statement leaves open:
        the readings' P/T (:data:`standins.OPEN_PT`) need not fall on both sides of the named card's power or
        toughness, so an outcome that depends on lethal damage (704.5g) is not decided — unless the outcome is
        only about the open one and the named one has deathtouch (702.2b: any damage is lethal).  Two open P/T
        are read at every pair of values, which does span both sides."""
        open_pt = set(self.sit["_helpers"].get("open_pt") or ())
        if x is None or y is None or (x in open_pt) == (y in open_pt) or self.out.get("check") not in LETHAL_OUTCOMES:
            return
        named, opened = (y, x) if x in open_pt else (x, y)
        about = {v for k, v in self.out.items() if k not in ("check", "holds") and isinstance(v, str)}
        beh = self.cards.behaviour(self.name(named))
        if about <= {opened} and "deathtouch" in (getattr(beh, "keywords", ()) or ()):
            return
        raise Skip("whether the combat damage is lethal depends on the P/T the statement leaves open (704.5g)")

    def amount_is_lethal_stated(self, rec: str) -> None:
        """A stated amount of damage to an actor of open P/T (:func:`standins.amount_is_lethal_stated`), when
        the outcome depends on lethal damage."""
        if self.out.get("check") in LETHAL_OUTCOMES:
            amount_is_lethal_stated(self.cards, self.name(rec))

    def fight(self, attacker: str, blocker: str | None, defender: str | None = None) -> None:
        """Combat: ``attacker`` (yours) attacks — the opponent, or the planeswalker ``defender`` (a name, 506.3) —,
        ``blocker`` (the opponent's) blocks it; damage is dealt (510.1-510.2, 510.4 first strike) and the game
        moves on to the second main phase.  A second event of the same attack (「攻撃してブロックされなかった」)
        is that attack: not staged again."""
        if self.combat and getattr(self, "fought", None) == attacker and blocker is None and defender is None:
            return
        if blocker in self.actors:
            self.lethal_is_stated(attacker, blocker)
        a = self.place(attacker, "you")
        acts = [{"attack": [a], **({"defender": defender} if defender else {})}]
        self.fought, self.attack_at = attacker, len(self.b.actions)
        if blocker is not None:
            bl = self.place(blocker, "opponent") if blocker in self.actors else blocker
            acts.append({"block": {bl: a}})
        acts.append({"advance": {"turn": 1, "step": "main2"}})
        self.b.actions += acts
        self.combat = True

    def wall(self) -> str:
        name = self.sit["_helpers"]["wall"]
        self.b.add("opponent", "battlefield", name)
        return name


def other(player: str) -> str:
    return "opponent" if player == "you" else "you"


def is_desc_name(st: Stage, letter: str) -> bool:
    """Whether the actor is a stand-in (its behaviour is exactly what the statement describes)."""
    return st.name(letter).startswith("Stand-in ")


# -- events ---------------------------------------------------------------------------------------------------
def _ev_damage(st: Stage, ev: dict, lethal: bool = False) -> None:
    src, rec = ev.get("source"), ev.get("recipient")
    if rec and st.actors.get(rec) == {"player": "opponent"}:
        # 「Aが防御プレイヤーに戦闘ダメージを与えた」: A attacks that player unblocked (510.1a)
        if not src or not st.is_type(src, "Creature") or isinstance(ev.get("n"), int):
            raise Skip("only a creature's combat damage to the defending player, its power, is staged")
        st.fight(src, None)
        st.placed.add(rec)
        return
    for x in (src, rec):
        if x:
            st.plain(x) if not is_desc_name(st, x) else None
    if src and "n" in ev and ev["n"] != st.power(src):
        # 510.1a: a creature's combat damage is its power — the amount stated is a fact, never staged otherwise
        raise Skip(f"the statement's {ev['n']} damage is not the power of what deals it")
    if src and rec:
        if not (st.is_type(src, "Creature") and st.is_type(rec, "Creature")):
            raise Skip("damage between these objects is staged only in combat, between creatures")
        st.fight(src, rec)
        st.damage_done[rec] = st.power(src)
    elif rec:
        n = ev.get("n", DAMAGE_N)
        if not lethal:
            st.amount_is_lethal_stated(rec)
        name = st.place(rec)
        st.b.actions.append({"damage": {"to": name, "n": n}})
        st.damage_done[rec] = n
    elif src:
        if not st.is_type(src, "Creature"):
            raise Skip("damage by a noncreature source is not staged")
        st.fight(src, st.wall() if st.lifelink_to == "creature" else None)
    else:
        raise Skip("the statement does not say what deals or is dealt the damage")


def _ev_lethal(st: Stage, ev: dict) -> None:
    """Damage equal to its toughness from an unnamed source (704.5g: lethal damage)."""
    rec = ev.get("recipient")
    _ev_damage(st, {"recipient": rec, "n": st.toughness(rec)}, lethal=True)


def _ev_destroy(st: Stage, ev: dict) -> None:
    st.plain(ev.get("patient"))
    st.b.actions.append({"destroy": st.place(ev.get("patient"))})


def _ev_sacrifice(st: Stage, ev: dict) -> None:
    st.plain(ev.get("patient"))
    st.b.actions.append({"sacrifice": st.place(ev.get("patient"))})


# the outcomes a permanent's tapped state is read for: what a tapped creature may do (509.1a: only an untapped
# creature blocks; 508.1a: only an untapped one attacks; 602.5a / 107.5: a {T} cost can't be paid) — not a trigger
# on its becoming tapped, which a permanent put onto the battlefield tapped never does
_TAPPED_FOR = frozenset({"can_block", "can_attack", "can_tap_ability"})


def _ev_tapped(st: Stage, ev: dict) -> None:
    """「〔X〕がタップされた」「〔X〕をタップした」「〔X〕がタップ状態である」: X is on the battlefield tapped (110.5) before
    the statement's outcome — staged as its state, only for an outcome about what a tapped creature may do."""
    p = ev.get("patient")
    if st.out.get("check") not in _TAPPED_FOR:
        raise Skip("a permanent that became tapped is staged only for what a tapped creature may do")
    if p in st.placed:
        raise Skip("the statement taps a permanent an earlier event already staged")
    st.name(p)
    st.tapped_state.add(p)


def _ev_exiled(st: Stage, ev: dict) -> None:
    """406.3: the permanent is exiled (a zone change, 400.7: a new object with no memory of the old)."""
    st.plain(ev.get("patient")) if not is_desc_name(st, ev.get("patient")) else None
    st.b.actions.append({"exile": st.place(ev.get("patient"))})


def _ev_to_hand(st: Stage, ev: dict) -> None:
    """The permanent is returned to its owner's hand (400.3: a card goes to its owner's hand)."""
    st.plain(ev.get("patient")) if not is_desc_name(st, ev.get("patient")) else None
    name = st.place(ev.get("patient"))
    st.b.actions.append({"put": {"card": name, "zone": "hand", "player": st.side[ev["patient"]]}})


def _ev_attacks(st: Stage, ev: dict) -> None:
    """508.1: the creature attacks — the defending player, or the planeswalker the statement names (506.3, 508.1b:
    one the opponent controls); its combat damage is dealt as it is unblocked (510.1a; 120.3c: damage to a
    planeswalker removes loyalty counters, never its controller's life)."""
    d = ev.get("defender")
    if d is None or st.actors.get(d) == {"player": "opponent"}:
        st.placed.add(d) if d else None
        return st.fight(ev.get("attacker"), None)
    if not st.is_type(d, "Planeswalker"):
        raise Skip("only a player or a planeswalker is attacked")
    st.plain(d) if not is_desc_name(st, d) else None
    walker = st.place(d, "opponent")
    st.fight(ev.get("attacker"), None, walker)
    st.damage_done[d] = st.power(ev["attacker"])


def _ev_enters(st: Stage, ev: dict) -> None:
    """It entered the battlefield this turn (302.6: summoning sickness)."""
    if any(ev.get(k) for k in ("tapped", "counters", "under")):
        raise Skip("the state it entered in (614.1c) is not staged by the event")
    name = st.name(ev.get("patient"))
    if ev.get("patient") in st.placed:
        raise Skip("the object is already on the battlefield")
    side = st.controller(ev["patient"])        # its stated controller's (or the reading's), else yours
    st.placed.add(ev["patient"])
    st.side[ev["patient"]] = side
    st.b.add(side, "hand", name)                # taken from its controller's hand (a card they hold, 108.4)
    st.b.actions.append({"put": {"card": name, "zone": "battlefield", "player": side}})


def _counts(st: Stage, letter: str | None) -> dict:
    """The counters an actor stands for, each kind's number stated or the reading's."""
    v = st.actors.get(letter or "")
    if not (isinstance(v, dict) and isinstance(v.get("counters"), dict)):
        raise Skip("the statement does not say which counters")
    out = {}
    for k, n in v["counters"].items():
        n = n if isinstance(n, int) else st.counters.get(k)
        if not isinstance(n, int):
            raise Skip(f"the number of {k} counters is not given")
        out[k] = n
    return out


def _ev_has_counters(st: Stage, ev: dict) -> None:
    """The permanent has these counters (placed with it; the state-based actions then apply, 704.3)."""
    p = ev.get("patient")
    if p in st.placed:
        raise Skip("counters put on a permanent already on the battlefield are not staged")
    st.counters_on[p] = _counts(st, ev.get("counters"))
    st.place(p)
    st.b.actions.append({"resolve": "all"})


def _ev_assigns(st: Stage, ev: dict) -> None:
    """The attacker's combat damage assigned to the creature blocking it (510.1c: the attacker is blocked by
    it): the combat is staged; the amount stated is what the attacker assigns first (702.19b)."""
    src, rec = ev.get("source"), ev.get("recipient")
    if not src or not rec or not isinstance(st.actors.get(rec), str):
        raise Skip("the statement does not say which creature assigns damage to which blocker")
    if not isinstance(ev.get("n"), int):
        raise Skip("the statement does not say how much damage is assigned to the blocker")
    st.fight(src, rec)
    st.assigned = ev["n"]


EVENTS = {"assigns": _ev_assigns, "has_counters": _ev_has_counters, "damage": _ev_damage, "destroyed": _ev_destroy, "dies": _ev_destroy,
          "sacrificed": _ev_sacrifice, "attacks": _ev_attacks, "enters": _ev_enters,
          "lethal_damage": _ev_lethal, "exiled": _ev_exiled, "to_hand": _ev_to_hand, "tapped": _ev_tapped, **mechanics.EVENTS,
          **amounts.EVENTS, **gains.EVENTS, **spells.EVENTS, **triggers.EVENTS, **traits.EVENTS, **combat.EVENTS}


# -- outcomes -------------------------------------------------------------------------------------------------
def _damage_event(st: Stage, out: dict) -> str:
    """The damage the outcome is about: staged by an event already, else staged now (the outcome states it)."""
    rec = out.get("recipient")
    if rec not in st.damage_done:
        _ev_damage(st, {"source": out.get("source"), "recipient": rec})
    return rec


def _out_player_damage(st: Stage, out: dict, holds: bool) -> None:
    """510.1a, 120.3a: the defending player is dealt the combat damage of the creature that attacked them
    unblocked, and loses that much life (「防御プレイヤーは2点のダメージを受ける」)."""
    if st.actors[out["recipient"]] != {"player": "opponent"} or not st.combat:
        raise Skip("only combat damage to the defending player is staged")
    n = st.power(out["source"]) if out.get("n_is") == "power" and out.get("source") else out.get("n")
    if out.get("times"):                        # 「N回」: N times its power (702.4b: double strike, both steps)
        n = combat.times_power(st, out, n)
    if holds != isinstance(n, int):
        raise Skip("the statement does not say how much damage the player is dealt")
    st.b.expect.append(combat.player_damage_expect(n, holds, bool(out.get("modal"))))
    st.placed.add(out["recipient"])


def _out_damage(st: Stage, out: dict, holds: bool) -> None:
    if spells.is_spell_source(st, out):
        return spells.spell_damage(st, out, holds)          # a named spell's own damage (120.3)
    if isinstance(st.actors.get(out.get("recipient") or ""), dict) and "player" in st.actors[out["recipient"]]:
        return _out_player_damage(st, out, holds)
    if st.combat and out.get("recipient") in st.placed and out["recipient"] not in st.damage_done \
            and not out.get("source"):
        return combat.combat_damage_taken(st, out, holds)   # the combat the events staged (510.2)
    rec = _damage_event(st, out)
    name = st.name(rec)
    n = st.damage_done[rec]
    if not holds:
        st.b.expect += [{"damage": {"card": name, "n": 0}}, {"zone": {"card": name, "zone": "battlefield"}}]
    elif n < st.toughness(rec):
        st.b.expect.append({"damage": {"card": name, "n": n}})
    else:
        st.b.expect.append({"zone": {"card": name, "zone": "graveyard"}})


def _out_prevented(st: Stage, out: dict, holds: bool) -> None:
    _out_damage(st, out, not holds)


def _out_loyalty(st: Stage, out: dict, holds: bool) -> None:
    """120.3c: damage dealt to a planeswalker removes that many loyalty counters."""
    rec = out.get("recipient")
    if not rec or not st.is_type(rec, "Planeswalker"):
        raise Skip("loyalty is checked on a planeswalker")
    if rec not in st.damage_done:
        raise Skip("the statement does not say that damage is dealt to the planeswalker")
    n = st.damage_done[rec]
    removed = out.get("n", n)               # 「忠誠カウンターが2個取り除かれる」: the stated number
    if not holds and "n" in out:
        # 「1個取り除かれる?」「いいえ」: not THAT many — no one count (none removed is only one way it fails)
        raise Skip("a stated number of loyalty counters denied is no single count")
    loyalty = st.loyalty(rec)
    if removed >= loyalty:
        raise Skip("as many loyalty counters as the staged planeswalker has, or more: it leaves (704.5i)")
    st.b.expect.append({"counters": {"card": st.name(rec), "kind": "loyalty",
                                     "n": loyalty - removed if holds else loyalty}})


def _out_owner_gy(st: Stage, out: dict, holds: bool, whose: str = "owner") -> None:
    """400.3: a card goes to its owner's graveyard (in the reading where the opponent owns it, you control it)."""
    p = out.get("patient")
    if p not in st.placed:
        raise Skip("the statement does not say how the object leaves the battlefield")
    ctrl = st.side.get(p, "you")
    owner = other(ctrl) if st.owner_other else ctrl
    player = owner if whose == "owner" else ctrl
    st.b.expect.append({"count": {"player": player, "zone": "graveyard", "card": st.name(p), "n": 1 if holds else 0}})


def _out_controller_gy(st: Stage, out: dict, holds: bool) -> None:
    _out_owner_gy(st, out, holds, "controller")


def _out_destroyed(st: Stage, out: dict, holds: bool, zone: str = "graveyard") -> None:
    """Where the object is after the events (400.7): in ``zone`` (the graveyard: destroyed, 704.5g, put there;
    the battlefield it stays on; exile, 406.3; its owner's hand), or — when the statement denies it — not there
    (its player's ``zone`` holds no card of that name; where it is instead is not said)."""
    p = out.get("patient")
    if p not in st.placed or not st.b.actions:
        raise Skip("the statement does not say what happens to the object")
    if holds:
        st.b.expect.append({"zone": {"card": st.name(p), "zone": zone}})
    else:
        st.b.expect.append({"count": {"player": st.side.get(p, "you"), "zone": zone, "card": st.name(p), "n": 0}})


def _out_stays(st: Stage, out: dict, holds: bool) -> None:
    _out_destroyed(st, out, holds, "battlefield")


def _out_zone(zone: str):
    """The object is in ``zone`` after the events, or (denied) not there: :func:`_out_destroyed`."""
    def check(st: Stage, out: dict, holds: bool) -> None:
        _out_destroyed(st, out, holds, zone)
    return check


def _out_leaves(st: Stage, out: dict, holds: bool) -> None:
    """It leaves the battlefield (a zone change, 400.7), or it stays there."""
    _out_destroyed(st, out, not holds, "battlefield")


def _out_targeted(st: Stage, out: dict, holds: bool) -> None:
    """702.16b: a permanent with protection can't be the target of spells with the quality."""
    tgt, spell = out.get("target"), out.get("spell")
    if not tgt or not spell:
        raise Skip("the statement does not say which spell targets which object")
    tn = st.place(tgt, "opponent")
    sn = st.name(spell)
    if not st.cards.is_spell_only(sn):
        raise Skip("only a spell's targets are staged")
    if targets_spells(st.cards, sn) and not st.name(tgt).startswith("Stand-in "):
        # 115.1: a spell that may target a spell, and a named card that may be one on the stack — which of
        # the two the statement means it does not say (the object is staged as a permanent only)
        raise Skip(f"{sn} may target a spell: whether {st.name(tgt)} is a spell or a permanent is not said")
    st.placed.add(spell)
    st.side[spell] = "you"
    st.b.add("you", "hand", sn)
    st.b.expect.append({"can_target": {"spell": sn, "target": tn, "value": holds}})


def _out_tapped(st: Stage, out: dict, holds: bool) -> None:
    p = out.get("patient")
    if p not in st.placed:
        raise Skip("the statement does not say what happens to the object")
    st.b.expect.append({"tapped": {"card": st.name(p), "value": holds}})


def _out_damage_removed(st: Stage, out: dict, holds: bool) -> None:
    p = out.get("patient")
    if p not in st.placed:
        raise Skip("the statement does not say what happens to the object")
    if not holds:
        raise Skip("'damage is not removed' needs the damage it has, which the statement does not give")
    st.b.expect.append({"damage": {"card": st.name(p), "n": 0}})


def _out_life(st: Stage, out: dict, holds: bool) -> None:
    """702.15b: damage dealt by a source with lifelink makes its controller gain that much life."""
    dealt = [e for e in st.sit.get("sequence") or [] if e.get("event") == "damage" and e.get("source")]
    if not dealt or "player" in out:
        raise Skip("the statement does not say whose damage gains the life")
    src = dealt[-1]["source"]
    n = out.get("n")
    if n is not None and not holds:
        raise Skip("'does not gain N life' does not say how much is gained instead")
    st.b.expect.append({"life_change": {st.side.get(src, "you"): (st.power(src) if n is None else n) if holds else 0}})


def _allowed(st: Stage, action: dict, holds: bool) -> None:
    st.b.expect.append({"allowed": {"action": action, "value": holds}})


def _out_blocked(st: Stage, out: dict, holds: bool) -> None:
    """509.1b / 702.16f: whether the blocker may block the attacker."""
    a, bl = out.get("attacker"), out.get("blocker")
    if not bl and a and out.get("check") == "can_block" and any(
            e.get("event") == "premise" and e.get("patient") != a for e in st.sit.get("sequence") or []):
        # 「(X は)飛行を持つので、《Y》をブロックできる」: the reason is about the one that blocks, the sentence's subject
        # left unstated — one creature, never "any creature" (a plain one blocking Y would stand in for it)
        raise Skip("the creature that blocks is the statement's unstated subject, the one the reason is about: "
                   "not staged")
    if not bl and a:
        return combat.blocked_by_any(st, out, holds)        # by any creature (509.1b)
    if not bl or (not a and not st.attacker):
        raise Skip("the statement does not say which creature blocks which")
    if a:
        an = st.place(a, "you")
    else:                                       # 「…はブロックできない」: whatever attacks (each reading's attacker)
        an = st.sit["_helpers"][st.attacker]
        st.b.add("you", "battlefield", an)
    bn = st.place(bl, "opponent")
    st.b.actions.append({"attack": [an]})
    _allowed(st, {"block": {bn: an}}, holds)


def _out_can_attack(st: Stage, out: dict, holds: bool) -> None:
    a = out.get("attacker")
    name = st.name(a) if a in st.placed else st.place(a, "you")
    if st.side.get(a) != "you":
        raise Skip("an attack is staged in your turn, by a creature you control")
    _allowed(st, {"attack": [name]}, holds)


def _out_tap_ability(st: Stage, out: dict, holds: bool) -> None:
    """302.6: a creature's {T} ability can't be activated unless it has been under its controller's control
    continuously since their most recent turn began (a noncreature's can)."""
    p = out.get("patient")
    name = st.name(p) if p in st.placed else st.place(p)
    if st.side.get(p) != "you":
        raise Skip("an activation is staged in your turn, by its controller")
    _allowed(st, {"activate": name, "ability": 1}, holds)


def _out_counters_removed(st: Stage, out: dict, holds: bool) -> None:
    """704.5q: +1/+1 and -1/-1 counters on one permanent are removed in pairs (N of each, N the smaller)."""
    placed = [e for e in st.sit.get("sequence") or [] if e.get("event") == "has_counters"]
    if not placed:
        raise Skip("the statement does not say which permanent has the counters")
    ev = placed[-1]
    have = _counts(st, ev.get("counters"))
    if set(have) != {"+1/+1", "-1/-1"}:
        raise Skip("only +1/+1 and -1/-1 counters are removed in pairs")
    pair = min(have.values())
    name = st.name(ev.get("patient"))
    for k, n in have.items():
        st.b.expect.append({"counters": {"card": name, "kind": k, "n": n - pair if holds else n}})


def _out_assigns(st: Stage, out: dict, holds: bool) -> None:
    """702.19b-c: a trampler assigns lethal damage to its blockers (with deathtouch 1 is lethal, 702.2c) and
    the rest to the player; "the rest" after the amount the statement assigned to the blocker is the damage the
    defending player is dealt (the engine assigns as much as it may to the player)."""
    amount = st.actors.get(out.get("amount") or "")
    who = st.actors.get(out.get("recipient") or "")
    if amount != {"amount": "rest"} or who != {"player": "opponent"} or getattr(st, "assigned", None) is None:
        raise Skip("only 'the rest of the damage to the defending player' after an amount to the blocker is checked")
    if st.assigned != 1 or not holds:
        # the engine assigns the least lethal damage to the blocker: "1, then the rest" is legal exactly when 1 is
        # lethal (deathtouch, 702.19c); a larger amount or a denial is not told apart by what it observes
        raise Skip("only '1 to the blocker, the rest to the player' is checked against the engine's assignment")
    src = out.get("source")
    st.placed.update({out["amount"], out["recipient"]})
    rest = st.power(src) - st.assigned
    st.b.expect.append({"life_change": {"opponent": -rest}})


OUTCOMES = {"assigns": _out_assigns, "can_tap_ability": _out_tap_ability, "counters_removed": _out_counters_removed, "damage": _out_damage, "damage_prevented": _out_prevented, "loses_loyalty": _out_loyalty,
            "to_owners_graveyard": _out_owner_gy, "to_controllers_graveyard": _out_controller_gy,
            "destroyed": _out_destroyed, "tapped": _out_tapped, "damage_removed": _out_damage_removed,
            "gains_life": _out_life, "blocked": _out_blocked, "to_graveyard": _out_destroyed, "stays": _out_stays,
            "targeted": _out_targeted, "can_block": _out_blocked,
            "can_attack": _out_can_attack, "exiled": _out_zone("exile"), "to_hand": _out_zone("hand"),
            "dies": _out_destroyed, "leaves": _out_leaves, "enters": enters.check, **mechanics.OUTCOMES, **amounts.OUTCOMES, **traits.OUTCOMES,
            **triggers.OUTCOMES, **combat.OUTCOMES}


def _readings(claim: Claim) -> list[dict]:
    """The facts the statement leaves open, each a reading."""
    out = claim.outcome or {}
    seq = (claim.situation or {}).get("sequence") or []
    if out.get("check") in triggers.CHECKS:
        return triggers.readings(claim)
    own = amounts.readings(claim)
    if own is not None:
        return own
    if out.get("check") in ("to_owners_graveyard", "to_controllers_graveyard"):
        return [{"owner_other": False}, {"owner_other": True}]
    if any(_uncounted(claim, e) for e in seq):
        # numbers the statement leaves open are readings; with every number stated there is one reading, labelled as
        # stated (never named after counts it does not use)
        return [{"counters": {"+1/+1": 1, "-1/-1": 1}}, {"counters": {"+1/+1": 2, "-1/-1": 1}},
                {"counters": {"+1/+1": 1, "-1/-1": 2}}]
    if out.get("check") in ("can_block", "blocked") and out.get("holds") is False:
        # a denial must hold against each attacker (none stated) and for each blocker the description fits
        helpers = (claim.situation or {}).get("_helpers") or {}
        blockers = [None, *(k for k in BLOCK_ENABLERS if k in helpers)]
        attackers = [None] if out.get("attacker") else list(ATTACKERS)
        return [{k: v for k, v in (("attacker", a), ("blocker_as", b)) if v} for a in attackers for b in blockers]
    if out.get("check") == "can_block" and not out.get("attacker"):
        return [{"attacker": next(iter(ATTACKERS))}]     # "can block" is shown by one attacker it blocks
    if out.get("check") == "gains_life" and any(e.get("event") == "damage" and not e.get("recipient") for e in seq):
        return [{"lifelink_to": "player"}, {"lifelink_to": "creature"}]
    return [{}]


def _uncounted(claim: Claim, ev: dict) -> bool:
    """A has_counters event whose counters of some kind have no number (122.1), neither in the kind nor as `n`."""
    if ev.get("event") != "has_counters":
        return False
    v = ((claim.situation or {}).get("actors") or {}).get(ev.get("counters") or "")
    stated = v.get("counters") if isinstance(v, dict) else None
    if not isinstance(stated, dict):
        return True
    if isinstance(ev.get("n"), int) and len(stated) == 1:
        return False
    return any(not isinstance(n, int) for n in stated.values())


def synthesize(claim: Claim, cards: Cards) -> list[Reading]:
    out = claim.outcome or {}
    check = OUTCOMES.get(out.get("check"))
    if check is None:
        raise Skip(f"the outcome {out.get('check')!r} has no check")
    if not isinstance(out.get("holds"), bool):
        raise Skip("the statement's polarity is not read")
    readings = []
    for opts in _readings(claim):
        label = ", ".join(f"{k}={v}" for k, v in opts.items()) or "as stated"
        if "counters" in opts:
            label = "counters " + ", ".join(f"{k} x{n}" for k, n in opts["counters"].items())
        st = Stage(claim, cards, label, **opts)
        for ev in (claim.situation or {}).get("sequence") or []:
            stage = EVENTS.get(ev.get("event"))
            if stage is None:
                raise Skip(f"the event {ev.get('event')!r} is not staged")
            stage(st, ev)
        for one in combat.each(out):        # 「両方とも」: the outcome of each object
            check(st, one, one["holds"])
        for letter, v in st.actors.items():
            if letter not in st.placed and not (isinstance(v, dict) and "counters" in v):
                raise Skip(f"object {letter} of the statement is not part of what was staged")
        readings.append(st.b.build())
    return readings

