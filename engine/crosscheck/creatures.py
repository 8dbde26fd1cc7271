"""Creatures in combat and their size: ``can_block`` (CR 509.1, flying 702.9b, reach 702.17b, protection
702.16f), ``can_attack`` (CR 508.1, summoning sickness 302.6, haste 702.10) and ``pt_after`` (layers 613,
counters 122.1a; effects stated in words, in order: layered_pt.py)."""
from __future__ import annotations

from typing import Any

from extractor.facts import Claim

from .builder import Builder, can_outcome, compact, flag
from .cards import Cards
from .registry import Reading, Skip
from .standins import enabler_variants, is_desc
from .modified import modified_readings
from .combat_changes import after_block_readings
from .layered_pt import effect_sources, in_order, story_readings  # effect_sources: a prepare step named in claim_kinds.yaml

# conditions these kinds stage on the creature they are about
_ENTERED_THIS_TURN = ("summoning_sick", "just_controlled")
_COMBAT_FACTS = ("attacking",)


def _named(cards: Cards, value, what: str) -> str:
    if not value:
        raise Skip(f"the claim does not name or describe {what}")
    return cards.name(str(value))


def _conditions(sit: dict, allowed: tuple[str, ...], means: bool = False) -> list[str]:
    """The kinds of the stated conditions, each one ``allowed``; a control change by a named card (``by``) only
    where the caller stages it (``means``: :func:`control_means`)."""
    kinds = []
    for c in sit.get("conditions") or []:
        k = c.get("kind") if isinstance(c, dict) else None
        if k not in allowed or (k in _ENTERED_THIS_TURN and set(c) - ({"kind", "by"} if means else {"kind"})):
            raise Skip(f"the condition {compact(c)} cannot be staged")
        kinds.append(k)
    return kinds


def control_means(cards: Cards, sit: dict) -> str | None:
    """The card a 'just came under your control' condition says it was done with (「《反逆の行動》でコントロールを
    得た」), or None; a card without a behaviour is not staged."""
    bys = [c["by"] for c in sit.get("conditions") or []
           if isinstance(c, dict) and c.get("kind") == "just_controlled" and c.get("by")]
    if not bys:
        return None
    name = cards.name(str(bys[0]))
    if cards.behaviour(name) is None:
        raise Skip(f"no behaviour for {name}")
    return name


_SIDES = ("you", "opponent")


def _sides(sit: dict, roles: tuple[str, ...]) -> dict[str, str]:
    """The stated side of each role's card (「あなたの《X》」「対戦相手がコントロールする《X》」, 108.4 / 110.2), as
    the reader read it: you / opponent; a reflexive 「自分の」 after the topic ("self": the topic's own side) or
    a role the checker does not stage is refused."""
    got = sit.get("controllers") or {}
    if not isinstance(got, dict):
        raise Skip(f"the controllers {compact(got)} cannot be staged")
    for role, side in got.items():
        if role not in roles or side not in _SIDES:
            raise Skip(f"the {role}'s controller ({compact(side)}) cannot be staged")
    return dict(got)


def _other(side: str) -> str:
    return "you" if side == "opponent" else "opponent"


def _syn_can_block(claim: Claim, cards: Cards) -> list[Reading]:
    """can_block: your attacker attacks, the opponent's blocker is declared blocking it; the rules allow the
    block or refuse it (CR 509.1; flying 702.9b, reach 702.17b, protection 702.16f)."""
    sit = claim.situation or {}
    if sit.get("after_block"):                    # still blocking after a change (509.1h): combat_changes
        if sit.get("controllers"):
            raise Skip("whose creatures they are is not staged after a change to the block")
        return after_block_readings(claim, cards)
    attacker = _named(cards, sit.get("attacker"), "the attacking creature")
    blocker = _named(cards, sit.get("blocker") or claim.subject, "the blocking creature")
    # whose creatures they are (108.4): the attacker's controller is the active player (508.1a), the blocker's
    # the defending player (509.1a) — one stated side gives the other; the same side for both is not staged
    sides = _sides(sit, ("attacker", "blocker"))
    att_side = sides.get("attacker") or _other(sides.get("blocker", "opponent"))
    def_side = sides.get("blocker") or _other(att_side)
    if att_side == def_side:
        raise Skip("the attacker and the blocker are said to be controlled by the same player")
    same = attacker == blocker
    if same and getattr(cards.card(attacker), "desc", None) is None:
        raise Skip("the attacker and the blocker are the same card")
    can = can_outcome(claim, "it can block")
    conds = _conditions(sit, _COMBAT_FACTS + _ENTERED_THIS_TURN + ("no_attackers",))
    no_attack = "no_attackers" in conds          # 508.8: no attacker declared — the block has nothing to block
    if "attacking" in conds:
        # 「攻撃に参加したクリーチャーは…ブロックできない」: the condition may be the blocker's (it attacked on its
        # controller's turn and is still tapped, 506.4 / 502.3), which this staging does not represent
        raise Skip("the condition 'attacking' is not staged on the blocker")
    # a denial about a described blocker: also each block-enabling variant of it (standins.enabler_variants)
    blockers = [blocker, *(() if can else (sit.get("_blocker_variants") or {}).values())]
    only_with = [cards.name(str(x)) for x in sit.get("only_with") or []]
    if only_with:
        # 「…を持つクリーチャーによってしかブロックされない」: each creature with one of the keywords may block it,
        # and one with none of them (and each block enabler it does not lack) may not (509.1b)
        if not can:
            raise Skip("the denial of 'only by creatures with …' is not staged")
        blockers = [(x, True) for x in only_with] + \
                   [(x, False) for x in [blocker, *(sit.get("_blocker_variants") or {}).values()]]
    else:
        blockers = [(x, can) for x in blockers]
    # 「N体のクリーチャーでブロック」: N copies of the blocker block it together (509.1b; menace 702.111b)
    try:
        count = int(sit.get("blockers") or 1)
    except (TypeError, ValueError):
        raise Skip(f"the number of blockers {compact(sit.get('blockers'))} is not a number") from None
    # (a described attacker and blockers described alike are copies of one stand-in: the attacker one, the blockers
    # the others; a named card blocking itself is no block)
    if count < 1 or (count > 1 and same and getattr(cards.card(attacker), "desc", None) is None):
        raise Skip(f"{count} blockers of the attacking creature itself cannot be staged")
    fewer_refused = flag(sit.get("fewer_refused")) is True      # 「N体以上でしかブロックできない」: N allowed, N-1 not
    if fewer_refused and not can:
        raise Skip("the denial of 'only by N or more blockers' is not staged")
    readings = []
    for bl, can in blockers:
        b = Builder(claim, f"{bl} blocks {attacker}" + (f" ({count} blockers)" if count > 1 else "")
                    + (" — no attacker declared (508.8)" if no_attack else ""), cards)
        b.rules = ["509.1a", "509.1b", "702.9b", "702.16f", "702.111b"] + (["508.8"] if no_attack else [])
        # (two objects described alike — 「クリーチャーは…クリーチャーをブロックできる」 — are two copies of one stand-in)
        if att_side != "you":
            b.active = att_side                                   # the attacking player's turn (506.1, 508.1a)
        attacker_obj = b.add(att_side, "battlefield", attacker)[0]
        if any(k in _ENTERED_THIS_TURN for k in conds):          # the blocker came under its control this turn
            if count > 1:
                raise Skip("several blockers that came under their controller's control this turn are not staged")
            blocker_objs = b.add(def_side, "hand", bl)
            b.actions.append({"put": {"cards": [bl], "zone": "battlefield", "player": def_side}})
        else:
            blocker_objs = b.add(def_side, "battlefield", bl, count)
        if no_attack:
            if count > 1 or fewer_refused:
                raise Skip("several blockers with no attacker declared are not staged")
            b.actions.append({"advance": {"turn": 1, "step": "declare_blockers"}})
        else:
            b.actions.append({"attack": [attacker_obj], "defender": def_side})
        if fewer_refused and count > 1:
            b.expect.append({"allowed": {"action": {"block": {x: attacker_obj for x in blocker_objs[:-1]}},
                                         "value": False}})
        b.expect.append({"allowed": {"action": {"block": {x: attacker_obj for x in blocker_objs}}, "value": can}})
        readings.append(b.build())
    return readings


def _blocker_variants(claim: Claim) -> Claim:
    """Before stand-ins: a block denial's described blocker with each block enabler (standins.enabler_variants)."""
    sit = claim.situation or {}
    bl = sit.get("blocker") or claim.subject
    denied = flag((claim.outcome or {}).get("can")) is False or bool(sit.get("only_with"))   # (only_with: others can't)
    if sit.get("after_block") or not denied or not is_desc(bl):
        return claim
    sit = {**sit, "_blocker_variants": enabler_variants(bl["desc"], "blocker")}
    if sit.get("only_with"):
        # whether a creature may block does not depend on its size: one P/T stands for all (as enabler_variants)
        sit["blocker"] = {"desc": {"pt": "2/2", **bl["desc"]}}
        sit["only_with"] = [{"desc": {"pt": "2/2", **x["desc"]}} if is_desc(x) else x for x in sit["only_with"]]
    return Claim(**{**claim.__dict__, "situation": sit})


def _syn_can_attack(claim: Claim, cards: Cards) -> list[Reading]:
    """can_attack: your creature (under your control since the turn began, or put onto the battlefield this
    turn when the claim says it just came under your control) is declared attacking (CR 508.1a, 302.6)."""
    sit = claim.situation or {}
    card = _named(cards, sit.get("card") or claim.subject, "the creature that attacks")
    can = can_outcome(claim, "it can attack")
    conds = [k for k in _conditions(sit, _ENTERED_THIS_TURN + ("controlled_since_turn_start",), means=True)
             if k != "controlled_since_turn_start"]   # (the default: in play since the turn began, 302.6)
    if conds and len(conds) < len(sit.get("conditions") or []):
        raise Skip("the conditions say both that it just came under its controller's control and that it did not")
    by = control_means(cards, sit)
    # whose creature it is (108.4): its controller is the attacking player, whose turn it is (508.1a)
    side = _sides(sit, ("card",)).get("card", "you")
    if by and side != "you":
        raise Skip("a control change to the opponent is not staged")
    b = Builder(claim, f"{card} attacks" + (f", control gained with {by}" if by else
                                            ", entered this turn" if conds else ""), cards)
    b.rules = ["508.1a", "302.6"] + (["613.1b"] if by else [])
    if by:
        b.steal_with(card, by)
    elif conds:
        b.add(side, "hand", card)
        b.actions.append({"put": {"cards": [card], "zone": "battlefield", "player": side}})
    else:
        b.add(side, "battlefield", card)
    if side != "you":
        b.active = side
        b.label += f" (controlled by {side}, on {side}'s turn)"
    b.expect.append({"allowed": {"action": {"attack": [card], "defender": _other(side)}, "value": can}})
    return [b.build()]


def _syn_pt_after(claim: Claim, cards: Cards) -> list[Reading]:
    """pt_after: the creature with the stated counters and the stated cards' effects (a permanent whose
    static ability applies is put onto the battlefield; a spell is cast on it), then its P/T (layers 613)."""
    sit, out = claim.situation or {}, claim.outcome or {}
    card = _named(cards, sit.get("card") or claim.subject, "the creature whose power/toughness it is about")
    if isinstance(out.get("modified"), bool):           # whether a card's modification applies to it at all
        return modified_readings(claim, cards, card)
    if in_order(claim):                                 # effects stated in words, in order (613.4, 613.7)
        return story_readings(claim, cards, card)
    try:
        power, toughness = (int(x) for x in str(out.get("pt")).split("/"))
    except ValueError:
        raise Skip(f"the claim does not give a power/toughness ({compact(out.get('pt'))})") from None
    counters: dict[str, int] = {}
    casts: list[str] = []
    statics: list[str] = []
    for e in sit.get("effects") or []:
        if isinstance(e, dict) and isinstance(e.get("counters"), dict):
            for k, n in e["counters"].items():
                counters[str(k)] = counters.get(str(k), 0) + int(n)
        elif isinstance(e, dict) and e.get("card"):
            other = cards.name(str(e["card"]))
            if cards.behaviour(other) is None:
                raise Skip(f"no behaviour for {other}")
            (casts if cards.is_spell_only(other) else statics).append(other)
        else:
            raise Skip(f"the effect {compact(e)} is given by its result, not by a card or counters, so it "
                       "cannot be staged")
    if not counters and not casts and not statics:
        raise Skip("the claim does not say what changes the creature's power/toughness")
    b = Builder(claim, f"{card} with " + ", ".join([f"{n} {k}" for k, n in counters.items()] + statics + casts),
                cards)
    b.rules = ["613.4", "122.1a"]
    opts: dict[str, Any] = {}
    if counters:
        have = dict(cards.entry(card).get("counters") or {})
        for k, n in counters.items():
            have[k] = have.get(k, 0) + n
        opts["counters"] = have
    b.add("you", "battlefield", card, opts=opts or None)
    for s in statics:
        b.add("you", "battlefield", s)
    for c in casts:
        b.add("you", "hand", c)
        b.actions.append({"cast": c, "targets": [card]})
    b.actions.append({"resolve": "all"})
    b.expect.append({"pt": {"card": card, "power": power, "toughness": toughness}})
    return [b.build()]


def _pt_require_all(claim: Claim) -> bool:
    """A stated value before the switch and the one after must both hold (613.4d)."""
    return bool((claim.outcome or {}).get("before_switch"))
