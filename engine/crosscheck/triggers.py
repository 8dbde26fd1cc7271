"""Trigger claims: ``trigger_count`` / ``no_trigger`` (CR 603.2, additional triggers 603.2d) and
``once_per_turn`` (CR 603.2h)."""
from __future__ import annotations

import copy

from extractor.facts import Claim

from .builder import (OPEN_COUNTS, Builder, Obj, board_of, checks, flag, named_subject, objects, objs_label,
                      place_board, repeat, repeated, stage_cause)
from .cards import PLAIN_CREATURE, READINGS_PER_OPEN_CARD, Cards, fits, matching_card
from .registry import Reading, Skip
from . import quoted_triggers


def _syn_trigger_count(claim: Claim, cards: Cards) -> list[Reading]:
    """trigger_count / no_trigger: the source on the battlefield, the event made to happen (CR 603.2)."""
    sit, out = claim.situation or {}, claim.outcome or {}
    if sit.get("extra_source") and not claim.subject:
        return _syn_extra_source(claim, cards)
    subject = named_subject(claim, cards, "the card whose ability triggers")
    desc = getattr(cards.card(subject), "desc", None) or {}
    if claim.kind == "no_trigger" and not desc and not getattr(cards.card(subject), "has_text", True):
        # 「《X》の能力は誘発しない」 of a card with no abilities at all (vanilla): the ability the statement speaks
        # of is not X's (603.2: only a triggered ability triggers) — nothing to show, never vacuously true
        raise Skip(f"{subject} has no abilities: the ability the statement says does not trigger is not its")
    if sit.get("quoted_ability") and not (desc.get("trigger") or desc.get("behaviour")):
        raise Skip(f"the ability is given by its wording (「{sit['quoted_ability']}」) and the source is not the "
                   "object described by it")
    if sit.get("extra"):
        raise Skip(f"the claim states {sit['extra']} additional trigger(s) but names no card whose effect makes the "
                   "ability trigger an additional time")
    event = (sit.get("event") or "").lower() or None
    cause = cards.name(sit["cause"]) if sit.get("cause") else None
    times = 0 if claim.kind == "no_trigger" else out.get("times")
    if times is None:
        raise Skip("the claim gives no number of times")
    board = board_of(sit, cards)
    owner = "opponent" if any(o.name == subject for o in board["opponent"]) else "you"
    rep = repeat(sit)
    if rep and claim.kind == "no_trigger" and rep[1] >= 2:
        # "the second activation does not trigger it": the last of the repeated actions changes nothing
        return repeated(claim, cards, subject, rep, kind="trigger")
    if rep:
        action, n = rep
        if not isinstance(times, int):
            raise Skip(f"number of times {times!r} for a repeated {action} is not a number")
        b = Builder(claim, f"{subject}: {action} ×{n}", cards)
        b.rules = ["603.2"]
        b.add(owner, "battlefield", subject)
        place_board(b, sit, cards, skip=[subject])
        if not board["opponent"]:
            b.add("opponent", "battlefield", PLAIN_CREATURE, 2)     # something for its effects to act on
        b.actions += [b.activate(subject) if action == "activate" else {"cast": subject} for _ in range(n)]
        b.actions.append({"resolve": "all"})
        b.expect.append({"triggered": {"source": subject, "times": int(times)}})
        return [b.build()]
    quoted = (getattr(cards.card(subject), "desc", None) or {}).get("trigger") or {}
    if not event and not cause and quoted.get("event") == "tapped_for_mana":
        event = "tapped_for_mana"                    # the quoted trigger's own event is what the sentence states
    if sit.get("mana_unspent") and event != "tapped_for_mana":
        raise Skip("the claim states that the mana is not spent, but no permanent is tapped for mana")
    if event == "play_land" and not cause:
        return quoted_triggers.play_land(claim, cards, subject, owner, times)
    if event == "tapped_for_mana" and not cause:
        return quoted_triggers.tap_for_mana(claim, cards, subject, owner, times)
    if not event and not cause:
        raise Skip("the claim does not say which event happens")
    if event == "becomes_blocked" and not cause:
        return _syn_becomes_blocked(claim, cards, subject, owner, times)
    if event == "blocks" and not cause:
        return _syn_blocks(claim, cards, subject, owner, times)
    if sit.get("life") and event != "upkeep":
        raise Skip(f"the claim states a life total ({sit['life']}) for a '{event}' event, which is not staged")
    if event == "upkeep" and not cause:
        return _syn_upkeep(claim, cards, subject, owner, times)
    if sit.get("last_card") and not cause:
        return _syn_last_card(claim, cards, subject, owner, times)
    objs = objects(sit.get("objects"), cards)
    if sit.get("cause_spell") and not objs and not sit.get("board"):
        # a spell described by its effect acts on what is there: the claim must say what that is
        raise Skip("the claim does not say which objects are there for the spell it describes to act on")
    entered = [cards.name(str(x)) for x in sit.get("entered") or []] if event == "enters" and not cause else []
    if entered and not objs and sit.get("source") and not claim.subject:
        # a described source (「…たび〜」を持つクリーチャー): what the example puts onto the battlefield enters
        objs = [Obj(name, 1) for name in entered]
    variants: list[tuple[str, list[Obj]]] = []
    if event == "enters" and not objs and not cause:
        # "X enters": which permanent, when the sentence does not say, is read from the topic (e.g. a God)
        for name in cards.candidates(claim, exclude=[subject]):
            variants.append((f"{name} enters", [Obj(name, 1)]))
        if not variants:
            raise Skip("the claim does not say what entered the battlefield")
    elif any(o.n is None for o in objs) and not (cause and event == "enters"):
        # (a cause that makes things enter decides how many: the stand-ins' count would not be used)
        for k in OPEN_COUNTS:
            vs = [Obj(o.name, o.n if o.n is not None else k, o.standin, o.type) for o in objs]
            variants.append((objs_label(vs), vs))
    else:
        variants.append((objs_label(objs) or "as stated", objs))

    readings = []
    for label, objs in variants:
        b = Builder(claim, label, cards)
        b.rules = ["603.2"]
        b.add(owner, "battlefield", subject)
        place_board(b, sit, cards, skip=[subject, *(o.name for o in objs if o.name in entered)])
        others = [o for o in objs if o.name != subject]
        counted = sum(o.n or 0 for o in others)
        placed: list[str] = []
        if event in ("dies", "leaves", "attacks", "monstrous") or (cause and event != "enters"):
            for o in others:
                if not b.has(o.name) or o.standin:
                    placed += b.add("you", "battlefield", o.name, o.n)
        if cause:
            stage_cause(b, cause, cards)
        elif event == "enters":
            if not others:
                raise Skip("the claim does not say what entered the battlefield")
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
            raise Skip(f"event {event!r} without a named cause cannot be staged")
        if times == "per_object" and cause:
            # the cause decides how many objects the event has: counted with the engine (never a reading
            # picked for passing)
            counted = event_size(cards, b, event)
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
                raise Skip("'as many as the objects' but the claim lists no objects")
            n_times = counted
            if isinstance(out.get("n"), int) and out["n"] != counted:
                n_times = out["n"]            # the stated count must be the count too: it fails here
        else:
            try:
                n_times = int(times)
            except (TypeError, ValueError):
                raise Skip(f"number of times {times!r} is not a number") from None
        trig: dict = {"source": subject, "times": n_times}
        if flag(out.get("at_least"), False) and times != "per_object":
            trig["at_least"] = True        # a bare 「誘発する」: it triggers (at least once), not "exactly once"
        b.expect.append({"triggered": trig})
        if flag(sit.get("devotion_insufficient"), False):
            b.expect += devotion_short(cards, [o.name for o in others] or [subject])
        readings.append(b.build())
    return readings


def _life_readings(life) -> list[int]:
    """The life totals a stated condition allows: at its bound and beyond it (the claim must hold in each);
    none stated: the starting life total (103.4)."""
    if not life:
        return [20]
    if not isinstance(life, dict) or len(life) != 1 or not isinstance(next(iter(life.values())), int):
        raise Skip(f"life total {life!r} is not a bound")
    (k, n), = life.items()
    if k == "at_least":
        return [n, n + 10]
    if k == "at_most" and n >= 1:
        return sorted({n, max(1, min(n - 10, 20))})
    raise Skip(f"life total {life!r} is not a bound")


LAST_CARDS = {"cast": ("Grizzly Bears",), "play": ("Grizzly Bears", "Forest")}   # a spell cast / a land played


def _syn_last_card(claim: Claim, cards: Cards, subject: str, owner: str, times) -> list[Reading]:
    """"The player plays the last card of their hand": the hand holds just that card, which is cast (601) or —
    「プレイ」 also names playing a land (305.1) — played; each is a reading.  What it triggers is counted (a
    state trigger, 603.8, triggers once and not again while it waits)."""
    sit = claim.situation or {}
    if owner != "you":
        raise Skip("the permanent whose ability triggers is the opponent's")
    if not isinstance(times, int):
        raise Skip(f"number of times {times!r} is not a number")
    readings = []
    for card in LAST_CARDS.get(str(sit.get("last_card")), ()):
        b = Builder(claim, f"{card}, the last card of your hand, {'played' if card == 'Forest' else 'cast'}", cards)
        b.rules = ["603.2", "603.8", "601.2", "305.1"]
        b.add("you", "battlefield", subject)
        place_board(b, sit, cards, skip=[subject])
        b.add("you", "hand", card)
        b.add("you", "library", "Plains", 3)            # what its effects may draw
        b.actions += [{"cast": card}, {"resolve": "all"}]
        b.expect.append({"triggered": {"source": subject, "times": times}})
        readings.append(b.build())
    if not readings:
        raise Skip(f"the last card {sit.get('last_card')!r} is neither cast nor played")
    return readings


def _syn_upkeep(claim: Claim, cards: Cards, subject: str, owner: str, times) -> list[Reading]:
    """"At the beginning of your upkeep" (503.1): the game is advanced to its controller's next upkeep with the
    stated life total (each value the condition allows), the abilities resolve, the triggers are counted —
    an intervening if (603.4) decides whether it triggers."""
    sit = claim.situation or {}
    if owner != "you":
        raise Skip("the permanent whose upkeep ability triggers is the opponent's")
    beh = cards.behaviour(subject)
    trigs = [t for t in (beh.triggers if beh is not None else []) if t.get("event") == "upkeep"]
    if len(trigs) != 1 or trigs[0].get("whose", "you") != "you":
        raise Skip(f"{subject} has no one 'at the beginning of your upkeep' ability")
    if not isinstance(times, int):
        raise Skip(f"number of times {times!r} is not a number")
    readings = []
    for life in _life_readings(sit.get("life")):
        b = Builder(claim, f"{subject}, your upkeep at {life} life", cards)
        b.rules = ["603.2", "503.1", "603.4"]
        b.add("you", "battlefield", subject)
        place_board(b, sit, cards, skip=[subject])
        b.life = {"you": life}
        b.actions += [{"advance": {"turn": 3, "step": "upkeep", "priority": True}}, {"resolve": "all"}]
        b.expect.append({"triggered": {"source": subject, "times": times}})
        readings.append(b.build())
    return readings


BLOCKER_COUNTS = (1, 2, 3)      # 'however many block it' / a count the text leaves open: each tried


def _syn_becomes_blocked(claim: Claim, cards: Cards, subject: str, owner: str, times) -> list[Reading]:
    """"X becomes blocked (by N creatures)": X attacks, N of the opponent's creatures block it (509.1, one
    becomes-blocked event however many block, 509.3c) and combat damage is dealt (510.2); the stated count
    (``blockers``), else each of BLOCKER_COUNTS — the claim must hold whichever is taken.  The triggers of X
    are counted, so X must have one triggered ability."""
    sit = claim.situation or {}
    if owner != "you":
        raise Skip("the creature that becomes blocked is the opponent's: the scenario attacks with yours")
    if not isinstance(times, int):
        raise Skip(f"number of times {times!r} for a creature becoming blocked is not a number")
    beh = cards.behaviour(subject)
    if beh is not None and len(beh.triggers) > 1:
        raise Skip(f"{subject} has {len(beh.triggers)} triggered abilities; the claim does not say which one it counts")
    stated = sit.get("blockers")
    counts = BLOCKER_COUNTS if stated in (None, "any") else (int(stated),)
    readings = []
    for k in counts:
        b = Builder(claim, f"{subject} blocked by {k} creature(s)", cards)
        b.rules = ["603.2", "509.3c"]
        b.add("you", "battlefield", subject)
        place_board(b, sit, cards, skip=[subject])
        blockers = b.add("opponent", "battlefield", PLAIN_CREATURE, k)
        b.actions.append({"attack": [subject], "defender": "opponent"})
        b.actions.append({"block": {n: subject for n in blockers}})
        b.actions.append({"resolve": "all"})
        # the combat goes on: what it triggers by damage (510.2: dealt at once, one event per creature dealt it)
        b.actions.append({"advance": {"turn": 1, "step": "combat_damage", "priority": True}})
        b.actions.append({"resolve": "all"})
        b.expect.append({"triggered": {"source": subject, "times": times}})
        readings.append(b.build())
    return readings


def _syn_blocks(claim: Claim, cards: Cards, subject: str, owner: str, times) -> list[Reading]:
    """"X blocks": you attack with a plain creature and X, the opponent's, is declared as its blocker
    (509.1a; the "blocks" event happens once for X, 509.3a), and the combat goes on through combat damage (510.2)
    — the triggers of X are counted, so X must have one triggered ability and nothing else may be stated."""
    sit = claim.situation or {}
    if owner != "you" or set(sit) - {"event", "events", "source", "quoted_ability"}:
        raise Skip("the claim states more of the block than a creature of its own blocking one attacker")
    if not isinstance(times, int):
        raise Skip(f"number of times {times!r} for a creature blocking is not a number")
    beh = cards.behaviour(subject)
    if beh is None or len(beh.triggers) != 1:
        raise Skip(f"{subject} has not exactly one triggered ability; the claim does not say which one it counts")
    b = Builder(claim, f"{subject} blocks one attacker", cards)
    b.rules = ["603.2", "509.3a"]
    b.add("opponent", "battlefield", subject)
    attacker, = b.add("you", "battlefield", PLAIN_CREATURE, 1)
    b.actions.append({"attack": [attacker], "defender": "opponent"})
    b.actions.append({"block": {subject: attacker}})
    b.actions.append({"resolve": "all"})
    b.actions.append({"advance": {"turn": 1, "step": "combat_damage", "priority": True}})
    b.actions.append({"resolve": "all"})
    b.expect.append({"triggered": {"source": subject, "times": times}})
    return [b.build()]


def devotion_short(cards: Cards, names: list[str]) -> list[dict]:
    """The stated fact "devotion is not enough" as expectations: each God of the event is not a creature
    (CR 700.5); a card that is no such God cannot stage it."""
    gods = [n for n in names if (beh := cards.behaviour(n)) is not None
            and any(st.get("not_creature_unless_devotion") for st in beh.statics)]
    if not gods:
        raise Skip("the claim says devotion is not enough, but no card of the event depends on devotion")
    return [{"types": {"card": g, "lacks": ["Creature"]}} for g in gods]


def event_size(cards: Cards, b: "Builder", event: str | None) -> int:
    """How many permanents the staged actions put onto (``enters``) or removed from the battlefield,
    observed with the engine: both battlefields counted with no action, then after the actions."""
    exp = [{"count": {"player": p, "zone": "battlefield", "n": -1}} for p in ("you", "opponent")]
    after = copy.deepcopy(b.build().scenario)
    after["expect"] = exp
    before = {**copy.deepcopy(after), "actions": []}
    n0 = sum(int(c.get("observed") or 0) for c in cards.probe(before))
    n1 = sum(int(c.get("observed") or 0) for c in cards.probe(after))
    return n1 - n0 if event == "enters" else n0 - n1


def _syn_extra_source(claim: Claim, cards: Cards) -> list[Reading]:
    """trigger_count of an additional-trigger effect's own wording ("if an artifact or creature entering
    causes a triggered ability of a permanent you control to trigger, it triggers an additional time"): the
    effect's card, each stated kind of entering object, and a permanent whose ability such an event
    triggers (read from the behaviours) — the ability must trigger 1 + extra times (CR 603.2d)."""
    sit, out = claim.situation or {}, claim.outcome or {}
    extra_source = cards.name(sit["extra_source"])
    if cards.behaviour(extra_source) is None:
        raise Skip(f"no behaviour for {extra_source}")
    event = sit.get("event")
    if event != "enters":
        raise Skip(f"staging a '{event}' event for an additional-trigger effect is not supported")
    times = out.get("times")
    if not isinstance(times, int):
        raise Skip("the claim gives no number of times")
    objs = objects(sit.get("objects_any"), cards) or []
    if not objs:
        raise Skip("the claim does not say what enters the battlefield")
    readings = []
    for o in objs:
        trigger_cards = []
        for c in sorted(cards.table, key=lambda c: c.name):
            b = cards.behaviour(c.name)
            if c.name in (extra_source, o.name) or b is None or not cards.usable(c):
                continue
            if any(t.get("event") == event and not t.get("once_per_turn") and not (t.get("object") or {}).get("self")
                   and fits(cards.card(o.name), t.get("object") or {}) for t in b.triggers):
                trigger_cards.append(c.name)
        if not trigger_cards:
            continue
        for tc in trigger_cards[:READINGS_PER_OPEN_CARD]:
            b = Builder(claim, f"{extra_source}, {tc}, {o.type.lower() if o.type else o.name} enters", cards)
            b.rules = ["603.2d"]
            b.add("you", "battlefield", extra_source)
            b.add("you", "battlefield", tc)
            b.add("you", "hand", o.name)
            b.actions += [{"put": {"cards": [o.name], "zone": "battlefield", "player": "you"}}, {"resolve": "all"}]
            b.expect.append({"triggered": {"source": tc, "times": times}})
            readings.append(b.build())
    if not readings:
        raise Skip("no card with an ability that such an event triggers is known")
    return readings


def _syn_once_per_turn(claim: Claim, cards: Cards) -> list[Reading]:
    """once_per_turn: an effect that makes abilities trigger an additional time does not make a
    once-each-turn ability trigger twice (CR 603.2h, 101.2).  The triggering object and the additional-
    trigger cards the sentence leaves open are taken from the behaviours (readings)."""
    sit, out = claim.situation or {}, claim.outcome or {}
    source = named_subject(claim, cards, "the card whose ability triggers")
    beh = cards.behaviour(source)
    if beh is None:
        raise Skip(f"no behaviour for {source}")
    trig = next((t for t in beh.triggers if t.get("once_per_turn")), None)
    if trig is None:
        raise Skip(f"{source} has no once-each-turn triggered ability in its behaviour")
    event = trig.get("event")
    if event != "enters":
        raise Skip(f"staging a '{event}' event for a once-each-turn ability is not supported")
    objs = objects(sit.get("objects"), cards)
    obj = objs[0].name if objs else matching_card(cards, trig.get("object") or {}, exclude=[source])
    if not obj:
        raise Skip("no card fits what makes the ability trigger")
    extra = sit.get("extra_trigger_effects")
    if isinstance(extra, (list, str)):
        extras = [o.name for o in objects(extra, cards)]
    else:
        extras = []
        for c in sorted(cards.table, key=lambda c: c.name):
            b = cards.behaviour(c.name)
            if b is not None and any((st.get("extra_trigger") or {}).get("event") == event
                                     and fits(cards.card(obj), (st.get("extra_trigger") or {}).get("object") or {})
                                     for st in b.statics):
                extras.append(c.name)
        extras = extras[:READINGS_PER_OPEN_CARD]
    if not extras:
        raise Skip("no card that makes abilities trigger an additional time is named or known")
    extra_ok = flag(out.get("extra_trigger"), False)
    readings = []
    for e in extras:
        b = Builder(claim, f"{e}, {obj} enters", cards)
        b.rules = ["603.2h", "101.2"]
        b.add("you", "battlefield", source)
        b.add("you", "battlefield", e)
        b.add("you", "hand", obj)
        b.actions += [{"put": {"cards": [obj], "zone": "battlefield", "player": "you"}}, {"resolve": "all"}]
        times = int(out.get("max_times", 1)) + (1 if extra_ok else 0)
        b.expect.append({"triggered": {"source": source, "times": times}})
        readings.append(b.build())
    return readings



def _times_checked(claim: Claim, scenarios: list[dict]) -> str | None:
    """The stated number of triggers, when no scenario checks it."""
    o = claim.outcome or {}
    if not isinstance(o.get("times"), int) or o.get("negated"):
        return None
    times = 0 if claim.kind == "no_trigger" else o["times"]
    if checks(scenarios, "triggered", lambda d: str(d.get("times", 1)) == str(times)):
        return None
    return f"triggers {times} time(s)"
