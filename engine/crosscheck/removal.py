"""Where a permanent goes: ``can_destroy`` (CR 701.7, indestructible 702.12b, lethal damage 704.5g, toughness
0 704.5f, sacrifice 701.17), ``can_exile`` (CR 406.2) and ``zone_after`` (the zone a card ends up in after
the stated events: 400.7, tokens cease to exist 704.5d / 111.7).

The target is a named card or a described object (a stand-in, :mod:`engine.crosscheck.standins`); the
events and conditions the claim states are staged as actions, and a condition that cannot be staged makes
the claim unsimulable naming it."""
from __future__ import annotations

import copy
from typing import Any

from extractor.facts import Claim

from .attachments import host_condition, host_leaves
from .builder import Builder, can_outcome, compact
from .cards import Cards
from .registry import Reading, Skip
from .standins import amount_is_lethal_stated
from .creatures import control_means
from . import made_tokens, self_sacrifice

ZONES = ("battlefield", "graveyard", "exile", "hand", "library")
# a spell that regenerates target permanent and does nothing else (701.15a): the shield of a resolved effect
SHIELD_SPELL = {"desc": {"types": ["Instant"], "targets": "permanent", "effects": [{"regenerate": "target"}],
                         "label": "regeneration"}}
BY_WORDS = ("destroy", "exile", "sacrifice", "lethal_damage", "toughness_zero", "damage")


def _target(cards: Cards, sit: dict, claim: Claim, key: str, what: str) -> str:
    name = sit.get(key) or claim.subject
    if not name:
        raise Skip(f"the claim does not name or describe {what}")
    return cards.name(str(name))


def _toughness(cards: Cards, name: str) -> int:
    t = cards.card(name).toughness
    try:
        return int(t)
    except (TypeError, ValueError):
        raise Skip(f"{name} has no printed toughness to stage lethal damage or toughness 0 against") from None


def _counters_opts(cards: Cards, name: str, kind: str, n: int) -> dict:
    have = dict(cards.entry(name).get("counters") or {})
    have[kind] = have.get(kind, 0) + n
    return {"counters": have}


def same_facts(conditions: list, events: list) -> list:
    """The conditions that are not also stated as an event: 「1点のダメージを受けても」 is both the condition
    and the event (one damage event, staged once)."""
    said = [(e.get("action"), e.get("n")) for e in events if isinstance(e, dict)]
    return [c for c in conditions if not (isinstance(c, dict) and (c.get("kind"), c.get("n")) in said)]


def card_damage(cards: Cards, by) -> int | None:
    """The damage a named spell ``by`` deals to its target (《ショック》: 2), else None."""
    if not by or not isinstance(by, str) or by in BY_WORDS:
        return None
    beh = cards.behaviour(cards.name(by))
    for eff in ((beh.spell or {}).get("effects") or []) if beh is not None else []:
        dmg = eff.get("damage") if isinstance(eff, dict) else None
        if isinstance(dmg, dict) and dmg.get("to") == "target" and isinstance(dmg.get("n"), int):
            return int(dmg["n"])
    return None


def damage_by_card(cards: Cards, by, conditions: list, events: list) -> tuple[list, list]:
    """「《ショック》で2点のダメージを受けた」: the stated damage is the named spell's own damage, staged once by
    casting it (not as a second damage event before it — 120.3, the spell deals it).  A stated amount the spell
    does not deal is a fact the scenario cannot honour: unsimulable."""
    n = card_damage(cards, by)
    if n is None:
        return conditions, events

    def own(x: dict, key: str) -> bool:
        if not (isinstance(x, dict) and x.get(key) == "damage"):
            return False
        if x.get("n") not in (None, n):
            raise Skip(f"the claim says {x.get('n')} damage by {by}, which deals {n}")
        return True
    return ([c for c in conditions if not own(c, "kind")], [e for e in events if not own(e, "action")])


def stage_condition(b: Builder, cards: Cards, name: str, cond: dict) -> dict | None:
    """One stated condition on the object ``name`` as staging: returns battlefield entry options, or adds
    actions; raises Skip for a condition the scenario cannot stage."""
    kind = cond.get("kind") if isinstance(cond, dict) else None
    if kind == "damage" and isinstance(cond.get("n"), int):
        b.actions.append({"damage": {"to": name, "n": int(cond["n"])}})
        return None
    if kind == "toughness_zero":
        # -1/-1 counters as many as the toughness: the toughness is 0 (the SBA 704.5f applies)
        return _counters_opts(cards, name, "-1/-1", _toughness(cards, name))
    if kind == "counters" and isinstance(cond.get("counters"), dict) and cond["counters"] \
            and all(k in ("+1/+1", "-1/-1") and isinstance(n, int) and n > 0 for k, n in cond["counters"].items()):
        # 122.1: the stated +1/+1 / -1/-1 counters on it (then 704.5q removes pairs, 704.5f a toughness of 0)
        opts: dict = {}
        for k, n in cond["counters"].items():
            opts = _counters_opts(cards, name, k, n) if not opts else \
                {"counters": {**opts["counters"], k: opts["counters"].get(k, 0) + n}}
        return opts
    if kind == "unattached":
        # 「何にもつけられていないオーラ」: an Aura / Equipment put onto the battlefield attached to nothing (then 704.5m
        # / 704.5n); of anything else it says nothing the staging can show
        if not {"Aura", "Equipment"} & set(cards.types(name)):
            raise Skip(f"{name} is neither an Aura nor an Equipment: 'attached to nothing' is not staged")
        return {}
    if kind in NOT_OWNED:
        # 「コントロールを奪った」 / 「あなたがコントロールしている対戦相手の《X》」: you control it, the opponent owns it
        # (the caller stages it in the owner's zones, 108.3 / 400.3); 「《X》でコントロールを得た」: X cast on it
        # (613.1b), see :func:`place`
        if cond.get("by"):
            return {STEAL: control_means(cards, {"conditions": [cond]})}
        return {"controller": "you"}
    raise Skip(f"the condition {compact(cond)} cannot be staged")


NOT_OWNED = ("just_controlled", "not_owned")    # conditions: the object is the opponent's, under your control
STEAL = "_steal_with"            # a battlefield option of stage_condition: the card that took control of it


def place(b: Builder, owner: str, name: str, opts: dict) -> list[dict]:
    """The object on the battlefield with the staged conditions' options; a control change by a named card is
    that card cast on it (``Builder.steal_with``): its actions, which go before the stated events."""
    opts = dict(opts or {})
    by = opts.pop(STEAL, None)
    if not by:
        b.add(owner, "battlefield", name, opts=opts or None)
        return []
    if owner != "opponent" or opts:
        raise Skip(f"a creature you took control of with {by} is staged as the opponent's, with no other option")
    n = len(b.actions)
    b.steal_with(name, by)
    added = b.actions[n:]
    del b.actions[n:]
    return added


def _event_actions(b: Builder, cards: Cards, name: str, owner: str, events: list, by) -> list[list[dict]]:
    """The stated events as actions on ``name``; a list per reading (an event with an open destination —
    'leaves the battlefield' — gives one reading per zone it may go to)."""
    readings: list[list[dict]] = [[]]
    for e in events:
        if not isinstance(e, dict) or not e.get("action"):
            raise Skip(f"event {compact(e)} is not in the scenario vocabulary")
        a = str(e["action"])
        n = e.get("n")
        if a in ("destroy", "sacrifice", "exile"):
            alts = [[{a: name}]]
        elif a == "die":                                  # it died: put into the graveyard from the battlefield
            alts = [[{"sacrifice": name}]]
        elif a == "damage":
            if not isinstance(n, int):
                raise Skip("the claim says damage is dealt but not how much")
            amount_is_lethal_stated(cards, name)
            alts = [[{"damage": {"to": name, "n": n}}]]
        elif a == "lethal_damage":
            alts = [[{"damage": {"to": name, "n": _toughness(cards, name)}}]]
        elif a == "bounce":
            alts = [[{"put": {"cards": [name], "zone": "hand", "player": owner}}]]
        elif a == "to_graveyard":                         # put into a graveyard: from where is open — a token's
            if not (cards.entry(name) or {}).get("token"):  # only place is the battlefield (111.7, 111.8)
                raise Skip("a card put into a graveyard may come from any zone; only a token's move (from the "
                           "battlefield) is staged")
            alts = [[{"destroy": name}], [{"sacrifice": name}]]
        elif a == "leave":                                # where to is open: each zone is a reading
            alts = [[{"exile": name}], [{"put": {"cards": [name], "zone": "hand", "player": owner}}],
                    [{"sacrifice": name}]]
        elif a == "sba":
            alts = [[]]
        elif a in ("pump", "lose", "shield"):    # a stated P/T change / loss of an ability / a regeneration shield
                                                  # (613.4c, 613.1f, 701.15a)
            spell = e.get("spell")
            if not spell:
                raise Skip(f"event {compact(e)} has no effect to stage it with")
            alts = [[{"cast": spell, "targets": [name]}, {"resolve": "all"}]]
        elif a in ("cast", "counter"):
            raise Skip(f"'{a}' as an event on an object already on the battlefield cannot be staged")
        else:
            raise Skip(f"event {compact(e)} is not in the scenario vocabulary")
        readings = [r + alt for r in readings for alt in alts]
    return readings


def _by_actions(b: Builder, cards: Cards, name: str, by) -> list[dict]:
    """What the claim says removes the object: an effect word or a card cast / activated on it."""
    if by in (None, "", "destroy"):
        return [{"destroy": name}]
    if by == "exile":
        return [{"exile": name}]
    if by == "sacrifice":
        return [{"sacrifice": name}]
    if by == "lethal_damage":
        return [{"damage": {"to": name, "n": _toughness(cards, name)}}]
    if by in ("toughness_zero", "damage"):
        return []             # staged as counters on the entry / by the stated damage event (see callers)
    if isinstance(by, dict) and by.get("damage") is not None:
        return [{"damage": {"to": name, "n": int(by["damage"])}}]
    card = cards.name(str(by))
    beh = cards.behaviour(card)
    if beh is None:
        raise Skip(f"no behaviour for {card}")
    if cards.is_spell_only(card):
        b.add("you", "hand", card)
        targeted = bool((beh.spell or {}).get("targets"))          # a sweeper (審判の日) targets nothing
        return [{"cast": card, **({"targets": [name]} if targeted else {})}]
    etb = [t for t in beh.triggers if t.get("event") == "enters" and (t.get("object") or {}).get("self")]
    if not beh.activated and etb:
        # a permanent whose own entering trigger does it (忘却の輪): it is cast, the trigger targets the object
        b.add("you", "hand", card)
        pick = [{"choose": {"targets": [name]}}] if etb[0].get("targets") else []
        return pick + [{"cast": card}]
    b.add("you", "battlefield", card)
    abil = beh.activated[0] if beh.activated else {}
    return [b.activate(card, targets=[name] if abil.get("targets") else None)]


def _syn_can_remove(claim: Claim, cards: Cards, verb: str) -> list[Reading]:
    """can_destroy / can_exile: the object on the battlefield (the opponent's, so an effect of yours may
    target it; yours when it is sacrificed), the stated conditions and events, then the removal; the
    object must be in the graveyard (exile) — or still on the battlefield when the claim says it can't."""
    sit = claim.situation or {}
    target = _target(cards, sit, claim, "target", f"what is {verb}ed")
    can = can_outcome(claim, f"it can be {verb}ed")
    by = sit.get("by") if sit.get("by") is not None else (verb if verb == "exile" else None)
    owner = "you" if by == "sacrifice" else "opponent"
    # whose it is, when said (「あなたの《X》を」「対戦相手の《X》を」, 108.4): staged on that side, the removal still
    # yours (a spell or ability you cast / activate may target your own permanent, 115.1); a sacrifice is its
    # controller's own action (701.17a) and is not staged for a stated side
    side = (sit.get("controllers") or {}).get("target") if isinstance(sit.get("controllers"), dict) else None
    if sit.get("controllers") is not None:
        if set(sit["controllers"]) != {"target"} or side not in ("you", "opponent") or by == "sacrifice":
            raise Skip(f"the controllers {compact(sit['controllers'])} cannot be staged")
        owner = side
    zone = "exile" if verb == "exile" else _graveyard_of(cards, target)
    events = sit.get("events") or []
    conds = same_facts(sit.get("conditions") or [], events)
    conds, events = damage_by_card(cards, by, conds, events)
    if owner == "you" and any(isinstance(c, dict) and c.get("kind") in NOT_OWNED and not c.get("by") for c in conds):
        raise Skip("a creature you took control of is the opponent's: sacrificing one you own does not stage it")
    out = []
    b0 = Builder(claim, "as stated", cards)
    opts: dict[str, Any] = {}
    pre: list[dict] = []
    for c in conds:
        got = stage_condition(b0, cards, target, c)
        if got:
            opts.update(got)
    if by == "toughness_zero":
        opts.update(_counters_opts(cards, target, "-1/-1", _toughness(cards, target)))
    pre = list(b0.actions)
    if isinstance(by, str) and by not in _BY_WORDS:
        events = _card_damage(cards, by, events)
    if by == "damage" and not any(isinstance(e, dict) and e.get("action") in ("damage", "lethal_damage")
                                  for e in events) and not cards.entry(target).get("damage"):
        raise Skip("the claim says damage destroys it but not how much damage is dealt")
    for i, acts in enumerate(_event_actions(b0, cards, target, owner, events, by)):
        b = Builder(claim, f"{target} {verb}ed" + (f" (reading {i + 1})" if i else ""), cards)
        b.rules = ["701.7", "702.12b", "704.5f", "704.5g"] if verb == "destroy" else ["406.2"]
        if STEAL in opts and side is not None:
            raise Skip("a stated controller of a card you took control of is not staged")
        stolen = place(b, "opponent" if STEAL in opts else owner, target, opts)
        _effect_hands(b, events)
        b.actions = stolen + pre + acts + _by_actions(b, cards, target, by) + [{"resolve": "all"}]
        b.expect.append({"zone": {"card": target, "zone": zone if can else "battlefield"}})
        out.append(b.build())
    return out


_BY_WORDS = ("", "destroy", "exile", "sacrifice", "lethal_damage", "toughness_zero", "damage")


def _card_damage(cards: Cards, by: str, events: list) -> list:
    """「《ショック》で…に2点のダメージを与えると」: the damage stated is the card's own, dealt once when the card
    is staged — the stated amount must be the card's (one damage effect of a fixed amount, 120.3), else the
    claim is not judged; the events without that damage."""
    said = [e for e in events if isinstance(e, dict) and e.get("action") in ("damage", "lethal_damage")]
    if not said:
        return events
    beh = cards.behaviour(cards.name(by))
    effects = (beh.spell or {}).get("effects") if beh is not None else None
    dealt = [e["damage"].get("n") for e in effects or [] if isinstance(e, dict) and isinstance(e.get("damage"), dict)]
    if len(said) != 1 or len(dealt) != 1 or said[0].get("action") != "damage" or said[0].get("n") != dealt[0]:
        raise Skip(f"the damage stated ({compact(said)}) is dealt by {by}, whose own damage is {compact(dealt)}: "
                   "not staged apart")
    return [e for e in events if e is not said[0]]


_EFFECT_OF = {"exile": "exile", "destroy": "destroy", "bounce": "return_to_hand"}   # event → the effect doing it


def _by_does(cards: Cards, by, action) -> bool:
    """Whether the named spell ``by`` does the stated event ``action`` to its target (an exile, a destruction,
    a return to the hand): then the event is the spell's, staged by casting it."""
    eff = _EFFECT_OF.get(str(action))
    if not eff or not isinstance(by, str) or by in BY_WORDS:
        return False
    beh = cards.behaviour(cards.name(by))
    effects = ((beh.spell or {}).get("effects") or []) if beh is not None else []
    return any(isinstance(e, dict) and eff in e for e in effects)


def _graveyard_of(cards: Cards, name: str) -> str:
    """Where the card goes when it is put into a graveyard: its own replacement's zone (614.1a, e.g. shuffled
    into its owner's library), else the graveyard."""
    beh = cards.behaviour(name)
    return str((beh.extra or {}).get("graveyard_instead") or "graveyard") if beh is not None else "graveyard"


def _syn_can_destroy(claim: Claim, cards: Cards) -> list[Reading]:
    return _syn_can_remove(claim, cards, "destroy")


def _syn_can_exile(claim: Claim, cards: Cards) -> list[Reading]:
    return _syn_can_remove(claim, cards, "exile")


def _syn_zone_after(claim: Claim, cards: Cards) -> list[Reading]:
    """zone_after: the card where the events find it (on the battlefield, or in the hand when it is cast
    first), the events staged in order, then where it is checked (a token that left the battlefield is
    nowhere: 704.5d)."""
    sit, out = claim.situation or {}, claim.outcome or {}
    card = _target(cards, sit, claim, "card", "the card whose zone it is about")
    zone = out.get("zone")
    if zone not in ZONES + ("none", "stack"):
        raise Skip(f"the claim does not say where the card ends up ({compact(zone)})")
    events = list(sit.get("events") or [])
    # 「《稲妻》で3点のダメージを受け」: the stated damage is the named spell's own, staged once by casting it (120.3)
    conds, events = damage_by_card(cards, sit.get("by"), list(sit.get("conditions") or []), events)
    if sit.get("by"):
        # 「《剣を鍬に》で追放された」: the stated exile is the card's own effect, staged once by it (not before it)
        events = [e for e in events if not (isinstance(e, dict) and _by_does(cards, sit["by"], e.get("action")))]
        events.append({"action": "destroy", "by": sit["by"]})
    if not events and not conds:
        raise Skip("the claim does not say what happens to the card")
    # who owns the card: you, or the opponent when the claim says you took control of it (just_controlled)
    stolen = any(isinstance(c, dict) and c.get("kind") in NOT_OWNED for c in conds)
    owner = "opponent" if stolen else "you"
    # whose zone the claim names (400.3: a card goes to its owner's graveyard / hand / library): "its owner's" is
    # the owner staged, "its controller's" the controller (you); "the opponent's" / "yours" as said
    out = {**out, "owner": {"owner": owner, "controller": "you"}.get(out.get("owner"), out.get("owner"))}
    if sit.get("self_sacrifice"):
        if any(isinstance(c, dict) and c.get("by") for c in conds):
            raise Skip("the self-sacrifice check does not stage the card that took control of it")
        if out["owner"] not in (None, owner):
            raise Skip(f"the self-sacrifice check does not check whose zone it is ({out['owner']})")
        return self_sacrifice.synthesize(claim, cards, zone, _where)
    gone = [e for e in events if isinstance(e, dict) and e.get("action") == "leave"]
    if zone == "battlefield" and gone and getattr(cards.card(card), "desc", None) is not None:
        # "a creature left the battlefield, and it is on the battlefield": of an object the text only describes,
        # the event is another object's (what happens to X when Y leaves) — not a statement about one object
        raise Skip(f"the claim says the card itself {gone[0]['action']}s the battlefield and ends there: the "
                   "event must be another object's, which the claim does not name")
    if made_tokens.made_by(conds):          # 「《急報》で生成したトークン」: that spell's token (111.1, 111.7)
        return made_tokens.synthesize(claim, cards, card, zone, events, (claim.outcome or {}).get("owner"))
    if cards.entry(card).get("token") and zone in ("graveyard", "exile", "hand", "library"):
        raise Skip(f"a token that leaves the battlefield goes to the {zone} and then ceases to exist (704.5d, "
                   "111.7): the state after the events cannot tell whether it went there")
    first = str(events[0].get("action")) if events and isinstance(events[0], dict) else ""
    readings = []
    if first in ("cast", "counter"):
        if len(events) > 2 or (first == "cast" and len(events) == 2 and events[1].get("action") != "counter"):
            raise Skip(f"events {compact(events)} after casting cannot be staged")
        if sit.get("conditions"):            # (a condition of a spell on the stack is not staged by casting it)
            raise Skip(f"the condition {compact(sit['conditions'][0])} of a spell cast cannot be staged")
        b = Builder(claim, f"{card} cast" + (" and countered" if any(e.get("action") == "counter" for e in events)
                                             else ""), cards)
        b.rules = ["601.2", "701.5a", "608.3"]
        b.add(owner, "hand", card)
        b.actions.append({"cast": card})
        if any(e.get("action") == "counter" for e in events):
            b.actions.append({"counter": card})
        b.actions.append({"resolve": "all"})
        b.expect += _where(card, zone, out.get("owner"))
        return [b.build()]
    if host_condition(sit):                         # the object it is attached to leaves (303.4d, 301.5c)
        return host_leaves(claim, cards, card, _where(card, zone, out.get("owner")))
    opts: dict[str, Any] = {}
    pre_b = Builder(claim, "conditions", cards)
    for c in same_facts(conds, events):
        got = stage_condition(pre_b, cards, card, c)
        if got:
            opts.update(got)
    by_actions: list[dict] = []
    for i, acts in enumerate(_event_actions(pre_b, cards, card, owner, [e for e in events if not e.get("by")], None)):
        b = Builder(claim, f"{card}: " + (", ".join(str(e.get("action")) for e in events) or "as stated")
                    + (f" (reading {i + 1})" if i else ""), cards)
        b.rules = ["400.7", "704.5d", "704.5f", "704.5g"]
        stolen_acts = place(b, owner, card, opts)
        _effect_hands(b, events)
        by_actions = [a for e in events if e.get("by") for a in _by_actions(b, cards, card, e["by"])]
        b.actions = stolen_acts + list(pre_b.actions) + acts + by_actions + [{"resolve": "all"}]
        b.expect += _where(card, zone, out.get("owner"))
        readings.append(b.build())
    return readings


def _where(card: str, zone: str, owner: str | None) -> list[dict]:
    if zone == "none":                              # it ceased to exist (704.5d): in no zone at all
        return [{"count": {"zone": z, "card": card, "n": 0}} for z in ZONES]
    e: dict[str, Any] = {"card": card, "zone": zone}
    if owner in ("you", "opponent"):
        e["owner"] = owner
    return [{"zone": e}]


def _effect_hands(b: Builder, events: list) -> None:
    """The effect spells of pump / lose events, in the caster's hand."""
    for e in events:
        if isinstance(e, dict) and e.get("action") in ("pump", "lose", "shield") and e.get("spell"):
            b.add("you", "hand", str(e["spell"]))


def effect_spells(claim: Claim) -> Claim:
    """Before stand-ins: each stated P/T change ('-2/-2の修整', 'タフネスを1減少') and each stated loss of an
    ability (「破壊されない」を失えば, 613.1f) becomes an event carrying a described instant that does exactly
    that to its target and nothing else; a 'loses' condition is such an event, after the stated events."""
    sit = claim.situation or {}
    raw_conds, raw_events = sit.get("conditions") or [], sit.get("events") or []
    if not isinstance(raw_conds, list) or not isinstance(raw_events, list):
        return claim                            # (an odd shape: the synthesizer says what it cannot stage)
    conds = [c for c in raw_conds if isinstance(c, dict) and c.get("kind") in ("loses", "regen_shield")]
    events = list(raw_events)
    if not conds and not any(isinstance(e, dict) and e.get("action") == "pump" for e in events):
        return claim
    # a regeneration shield it has (701.15a): an instant that regenerates its target, resolved before the events
    out: list = [{"action": "shield", "spell": copy.deepcopy(SHIELD_SPELL)}
                 for c in conds if c.get("kind") == "regen_shield"][:1]
    conds = [c for c in conds if c.get("kind") == "loses"]
    for e in events + [{"action": "lose", "keyword": c.get("keyword")} for c in conds]:
        if isinstance(e, dict) and e.get("action") == "pump" and isinstance(e.get("pt"), list):
            eff = {"pump": {"affected": "target", "pt": [int(x) for x in e["pt"]]}}
        elif isinstance(e, dict) and e.get("action") == "lose" and e.get("keyword"):
            eff = {"pump": {"affected": "target", "lose": [str(e["keyword"])]}}
        else:
            out.append(e)
            continue
        out.append({**e, "spell": {"desc": {"types": ["Instant"], "targets": "creature", "effects": [eff]}}})
    sit = {**sit, "events": out}
    rest = [c for c in sit.get("conditions") or [] if c not in conds and c != {"kind": "regen_shield"}]
    if rest:
        sit["conditions"] = rest
    else:
        sit.pop("conditions", None)
    return Claim(**{**claim.__dict__, "situation": sit})


def shield_before_toughness(claim: Claim, table) -> Claim:
    """After :func:`effect_spells`: a regeneration shield and toughness 0 stated of one named card (「再生の盾があっ
    ても、タフネスが0になった《X》は…」) — the shield is made first (701.15a), then its toughness becomes 0 by an
    instant giving -0/-T (613.4c; T its printed toughness), so the state-based action 704.5f, which is no
    destruction and which no shield replaces, happens with the shield on it.  Entered with counters instead, it
    would be gone before the shield could be made."""
    claim = made_tokens.fix_token(claim, table)     # 「《急報》で生成したトークン」: that card's token (111.1)
    sit = claim.situation or {}
    events, conds = sit.get("events") or [], sit.get("conditions") or []
    zero = {"kind": "toughness_zero"}
    if not (isinstance(events, list) and isinstance(conds, list) and zero in conds
            and any(isinstance(e, dict) and e.get("action") == "shield" for e in events)):
        return claim
    name = sit.get("card")
    m = table.resolve(name) if isinstance(name, str) else None
    try:
        t = int(m.card.toughness) if m is not None else None
    except (TypeError, ValueError):
        t = None
    if not t or t < 1:
        raise Skip("toughness 0 after a regeneration shield is staged on a named creature with a printed toughness")
    eff = {"pump": {"affected": "target", "pt": [0, -t]}}
    pump = {"action": "pump", "pt": [0, -t], "spell": {"desc": {"types": ["Instant"], "targets": "creature",
                                                                 "effects": [eff]}}}
    rest = [c for c in conds if c != zero]
    sit = {**sit, "events": [*events, pump]}
    if rest:
        sit["conditions"] = rest
    else:
        sit.pop("conditions", None)
    return Claim(**{**claim.__dict__, "situation": sit})
