"""What resolving does: ``result`` (counters, destroyed, tokens, life, the order of effects),
``nothing_happens`` (a repeated action, an intervening 'if' 603.4), ``choice_on_resolution`` (CR 603.5,
608.2) and ``finds`` (look-back 603.6, not synthesized yet)."""
from __future__ import annotations

from extractor.facts import Claim

from .builder import (OPEN_COUNTS, Builder, board_of, checks, compact, flag, named_subject, observe,
                      observed_state, place_board, probe_expectations, repeat, repeated, trigger_of,
                      with_observed)
from .cards import PLAIN_CREATURE, READINGS_PER_OPEN_CARD, Cards, fits, matching_card
from .outcome_enters import fixed_counters
from .registry import Reading, Skip
from . import sacrifice_costs
from ..scenario import ACTION_KEYS


_EVENT_ACTIONS = tuple(k for k in ACTION_KEYS if k != "expect")     # the scenario format's actions
# counter kinds whose number a result scenario checks: the ones the rules give meaning to here (+1/+1 and -1/-1,
# 122.1a, annihilated in pairs by 704.5q); a named kind (a javelin counter, …) is not assumed to be one of them
COUNTER_KINDS = ("+1/+1", "-1/-1")


def event_actions(events) -> list[dict]:
    out = []
    for e in events or []:
        if not isinstance(e, dict) or not any(k in e for k in _EVENT_ACTIONS):
            raise Skip(f"event {e!r} is not in the scenario vocabulary")
        out.append(dict(e))
    return out


def _syn_nothing_happens(claim: Claim, cards: Cards) -> list[Reading]:
    """nothing_happens: the events are staged and the state must be as before the last one."""
    sit = claim.situation or {}
    rep = repeat(sit)
    if rep:
        if claim.subject or sit.get("source"):
            subjects = [named_subject(claim, cards, "the card whose ability is used")]
        else:   # a general statement ("the second activation of monstrosity does nothing"): the topic's cards
            subjects = cards.candidates(claim)
            if not subjects:
                raise Skip("the claim does not name the card whose ability is used, and its topic names no "
                            "kind of card")
        return [r for subj in subjects for r in repeated(claim, cards, subj, rep, kind="state")]
    if isinstance(sit.get("before_resolution"), dict):
        return _syn_before_resolution(claim, cards)
    events = sit.get("events")
    if not events or not all(isinstance(e, dict) for e in events):
        raise Skip("the claim does not say what happened before 'nothing happens' in a form that can be "
                    f"staged (events: {compact(events)})")
    subject = named_subject(claim, cards, "the card whose ability does nothing")
    actions = event_actions(events)

    def build(acts, expect, label):
        b = Builder(claim, label, cards)
        b.add("you", "battlefield", subject)
        place_board(b, sit, cards, skip=[subject])
        b.actions = list(acts) + [{"resolve": "all"}]
        b.expect = expect
        return b.build().scenario

    probes = probe_expectations(subject)
    observed = cards.probe(build(actions[:-1], probes, "before"))
    expect = [e for p, c in zip(probes, observed) if (e := with_observed(p, c.get("observed")))]
    return [Reading("as stated", build(actions, expect, "as stated"))]


def _syn_before_resolution(claim: Claim, cards: Cards) -> list[Reading]:
    """nothing_happens for an ability whose condition stopped holding between triggering and resolution
    (intervening 'if', CR 603.4): the ability triggers (checked mid-scenario), the stated permanents are
    removed so that the stated number remains, and resolving it must change nothing.  How many were
    removed is open when the text gives only what remains: 1 and 2 are tried."""
    sit = claim.situation or {}
    br = sit["before_resolution"]
    subject = named_subject(claim, cards, "the card whose ability does nothing")
    trig = trigger_of(cards, subject, "stopped")
    if trig.get("event") != "enters" or not (trig.get("object") or {}).get("self"):
        raise Skip(f"staging {subject}'s '{trig.get('event')}' trigger is not supported")
    event = br.get("event")
    verb = {"destroyed": "destroy", "exiled": "exile", "sacrificed": "sacrifice", "removed": "destroy"}.get(event)
    if verb is None:
        raise Skip(f"removal {event!r} before resolution cannot be staged")
    owner = br.get("controller") or "you"
    if br.get("card"):
        objs = [(cards.name(br["card"]), 0, [1])]
    elif br.get("type"):
        remaining = br.get("remaining")
        if not isinstance(remaining, int):
            raise Skip(f"the claim does not say how many {br['type']}s remain after the removal")
        objs = [(cards.standin(br["type"]), remaining, list(OPEN_COUNTS))]
    else:
        raise Skip("the claim does not say what was removed before the ability resolved")
    name, remaining, removed_counts = objs[0]
    readings = []
    for k in removed_counts:
        def build(resolve: bool, expect: list[dict], label: str) -> dict:
            b = Builder(claim, label, cards)
            b.rules = ["603.4", "608.2b"]
            placed = b.add(owner, "battlefield", name, remaining + k) if not br.get("card") else \
                b.add(owner, "battlefield", name)
            place_board(b, sit, cards, skip=[subject, name])
            b.add("you", "hand", subject)
            b.actions += [{"cast": subject}, {"resolve": 1}, {"expect": [{"stack": [subject]}]}]
            b.actions += [{verb: x} for x in placed[:k]]
            if resolve:
                b.actions.append({"resolve": "all"})
            b.expect = expect
            return b.build().scenario

        label = f"{k} removed, {remaining} left" if not br.get("card") else f"{name} removed"
        probes = [p for p in probe_expectations(subject) if "triggered" not in p]
        expect = observed_state(probes, observe(cards, build(False, probes, f"{label}, before resolving")),
                                "before the ability resolves")
        expect.append({"stack": {"n": 0}})
        readings.append(Reading(label, build(True, expect, label)))
    return readings


def _syn_effect_order(claim: Claim, cards: Cards) -> list[Reading]:
    """result with ``order``: the effects a source's abilities perform, in resolution order.  With
    ``extra_trigger`` the ability triggers an additional time (CR 603.2d); the card that makes it do so is
    read from the behaviours when the text does not name it."""
    sit, out = claim.situation or {}, claim.outcome or {}
    source = named_subject(claim, cards, "the card whose ability resolves")
    trig = trigger_of(cards, source, "resolves")
    event = trig.get("event")
    if event != "enters":
        raise Skip(f"staging {source}'s '{event}' trigger is not supported")
    obj = matching_card(cards, trig.get("object") or {}, exclude=[source])
    if not obj:
        raise Skip(f"no card fits what makes {source}'s ability trigger")
    extras: list[str | None] = [None]
    if flag(sit.get("extra_trigger"), False):
        extras = [c.name for c in sorted(cards.table, key=lambda c: c.name)
                  if c.name in {n for n in claim.cards or []} and adds_trigger(cards, c.name, event, obj)]
        extras = extras or [c.name for c in sorted(cards.table, key=lambda c: c.name)
                            if adds_trigger(cards, c.name, event, obj)]
        extras = extras[:READINGS_PER_OPEN_CARD]
        if not extras:
            raise Skip("no card that makes abilities trigger an additional time is named or known")
    order = [str(x) for x in out.get("order") or []]
    readings = []
    for e in extras:
        b = Builder(claim, f"{e}, {obj} enters" if e else f"{obj} enters", cards)
        b.rules = ["603.2d", "608.2"] if e else ["608.2"]
        b.add("you", "battlefield", source)
        if e:
            b.add("you", "battlefield", e)
        b.add("you", "hand", obj)
        b.actions += [{"put": {"cards": [obj], "zone": "battlefield", "player": "you"}}, {"resolve": "all"}]
        b.expect.append({"effects": {"source": source, "sequence": order}})
        readings.append(b.build())
    return readings


def adds_trigger(cards: Cards, name: str, event: str, obj: str) -> bool:
    b = cards.behaviour(name)
    return b is not None and any((st.get("extra_trigger") or {}).get("event") in (event, "any")
                                 and fits(cards.card(obj), (st.get("extra_trigger") or {}).get("object") or {})
                                 and not (st.get("extra_trigger") or {}).get("source")
                                 for st in b.statics)


def _syn_result(claim: Claim, cards: Cards) -> list[Reading]:
    """result: stage the actions (e.g. activate twice) or cast the card discussed, then check counters /
    destroyed / tokens / life."""
    sit, out = claim.situation or {}, claim.outcome or {}
    if out.get("order") and not (set(out) & {"counters", "destroyed", "tokens", "life"}):
        return _syn_effect_order(claim, cards)
    if out.get("pt") and not (set(out) & {"counters", "destroyed", "tokens", "life", "order"}):
        raise Skip(f"the claim states the power/toughness {out['pt']} of a creature it describes only by its "
                    "characteristics (no card is named for it)"
                    + ("" if claim.subject else ", and the effects applied are not cards either"))
    if out.get("pt"):
        # a stated P/T is an outcome a result scenario does not check; the counters beside it may be the
        # setup (「カウンターが2個置かれた…は4/4になる」): never judged on the other fields alone
        raise Skip(f"the claim states the power/toughness {out['pt']}, which a result scenario does not check")
    source = named_subject(claim, cards, "the card whose ability is used")
    if sacrifice_costs.applies(sit):        # 「《X》を生け贄に捧げると…」: the cost of X's own ability (602.2b)
        staged = sacrifice_costs.readings(claim, cards, source, lambda b: _expectations(b, claim, source))
        if staged:
            return staged
    if sit.get("cost") is not None:         # a written-out cost is staged only as the cost of the ability used
        raise Skip(f"the statement writes out an ability's cost ({compact(sit['cost'])}), which only the staging of "
                   "the card's own sacrifice ability compares")
    life = out.get("life")
    if isinstance(life, dict) and set(out) == {"life"} and not repeat(sit) and not cards.is_spell_only(source):
        staged = life_trigger(claim, cards, source, life)
        if staged:
            return staged
    known = {"counters", "destroyed", "tokens", "life"}
    if not out or not (set(out) & known):
        raise Skip(f"outcome {compact(out)} has no expectation in the scenario format")
    b = Builder(claim, "as stated", cards)
    rep = repeat(sit)
    destroyed = out.get("destroyed")
    if rep:
        action, n = rep
        b.add("you", "battlefield", source)
        b.actions += [b.activate(source) if action == "activate" else {"cast": source} for _ in range(n)]
        b.label = f"{source}: {action} ×{n}"
    elif sit.get("actions"):
        raise Skip(f"actions {compact(sit.get('actions'))} are not in the scenario vocabulary")
    elif not cards.is_spell_only(source):
        if "counters" in out and not fixed_counters(cards.card(source), cards.behaviour(source)):
            # 107.3 / 614.1c: the counters it enters with depend on X or on the game (kicked, "for each …"), which
            # the statement does not give (cast with X=0 on an empty board is a game it does not state)
            raise Skip(f"how many counters {source} enters with depends on a choice or the game (107.3, 614.1c)")
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
    place_board(b, sit, cards, skip=[source])
    if isinstance(destroyed, int) and not board_of(sit, cards)["opponent"]:
        # potential victims: more than the actions could destroy if each destroyed one, so "only one" can
        # fail; the number comes from the situation, never from the claimed outcome
        b.add("opponent", "battlefield", PLAIN_CREATURE, (rep[1] if rep else 1) + 1)
    b.actions.append({"resolve": "all"})
    _expectations(b, claim, source)
    return [b.build()]


def _expectations(b: Builder, claim: Claim, source: str) -> None:
    """The expectations of a ``result`` outcome (counters on the source, destroyed, tokens, life)."""
    out = claim.outcome or {}
    life, destroyed = out.get("life"), out.get("destroyed")
    ctr = out.get("counters")
    if isinstance(ctr, dict):
        # the kind of a counter is a fact (122.1): never assumed, never swapped; 「カウンター」 with no kind
        # stated anywhere counts counters of every kind ('kind' absent); a kind named but not known: unsimulable
        kind = ctr.get("kind", "any")
        if kind != "any" and kind not in COUNTER_KINDS:
            raise Skip(f"the counters' kind ({kind or 'several kinds named, not which'}) is not one the scenario "
                       f"can check ({', '.join(COUNTER_KINDS)})")
        b.expect.append({"counters": {"card": source, "kind": kind, "n": int(ctr.get("n", 0))}})
    if isinstance(destroyed, int):
        b.expect.append({"count": {"player": "opponent", "zone": "graveyard", "n": destroyed}})
    tokens = out.get("tokens")
    if isinstance(tokens, int):
        b.expect.append({"count": {"zone": "battlefield", "token": True, "n": tokens}})
    if isinstance(life, dict):
        b.expect.append({"life_change": life_change(life)})
    if not b.expect:
        raise Skip(f"outcome {compact(out)} has no expectation in the scenario format")


def life_change(life: dict) -> dict:
    player = life.get("player") or "you"
    return {player: int(life.get("gain", 0)) - int(life.get("lose", 0))}


def life_trigger(claim: Claim, cards: Cards, source: str, life: dict) -> list[Reading] | None:
    """result with ``life`` for a permanent whose (one) life-changing triggered ability the sentence states:
    the event that triggers it is staged (the card enters, or another card that fits enters) and the life
    change is checked (CR 603.2, 119.3).  None when the card has no such trigger (the caller goes on)."""
    beh = cards.behaviour(source)
    if beh is None:
        raise Skip(f"no behaviour for {source}")
    trigs = [t for t in beh.triggers
             if any(isinstance(e, dict) and ({"gain_life", "lose_life"} & set(e)) for e in t.get("effects") or [])]
    if len(trigs) != 1:
        return None
    trig = trigs[0]
    spec = trig.get("object") or {}
    if trig.get("event") != "enters":
        raise Skip(f"staging {source}'s '{trig.get('event')}' trigger is not supported")
    b = Builder(claim, "as stated", cards)
    b.rules = ["603.2", "119.3"]
    if spec.get("self"):
        b.add("you", "hand", source)
        b.actions.append({"cast": source})
        b.label = f"{source} enters"
    else:
        obj = matching_card(cards, spec, exclude=[source])
        if not obj:
            raise Skip(f"no card fits what makes {source}'s ability trigger")
        b.add("you", "battlefield", source)
        b.add("you", "hand", obj)
        b.actions.append({"put": {"cards": [obj], "zone": "battlefield", "player": "you"}})
        b.label = f"{obj} enters"
    b.actions.append({"resolve": "all"})
    b.expect.append({"life_change": life_change(life)})
    return [b.build()]


def _syn_choice_on_resolution(claim: Claim, cards: Cards) -> list[Reading]:
    """choice_on_resolution: an optional cost / "may" of a triggered ability is decided when it resolves
    (CR 603.5, 608.2): the ability waits on the stack with nothing chosen, and a source removed meanwhile
    can no longer be paid with.  Checked against two runs measured with the engine: declining, and
    accepting (which must differ, or the check could not fail)."""
    source = named_subject(claim, cards, "the card whose ability asks for the choice")
    beh = cards.behaviour(source)
    if beh is None:
        raise Skip(f"no behaviour for {source}")
    trig = next((t for t in beh.triggers if t.get("cost") or t.get("may")), None)
    if trig is None:
        raise Skip(f"{source} has no triggered ability with an optional cost or 'may' in its behaviour")
    cost = trig.get("cost")
    key = "pay" if isinstance(cost, str) and cost.startswith("{") else "may"
    event = trig.get("event")
    if event not in ("combat_damage_player", "upkeep", "enters"):
        raise Skip(f"staging a '{event}' trigger is not supported")

    def build(tail: list[dict], expect: list[dict], label: str) -> dict:
        b = Builder(claim, label, cards)
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
        [p for p in probe_expectations(source) if "counters" not in p and "triggered" not in p]
    no, yes = {"choose": {key: "no"}}, {"choose": {key: "yes"}}
    declined = observe(cards, build([no, {"resolve": "all"}], probes, "declined"))
    accepted = observe(cards, build([yes, {"resolve": "all"}], probes, "accepted"))
    if declined == accepted:
        raise Skip(f"accepting or declining {source}'s choice makes no difference the engine can observe")
    gone = observe(cards, build([no, {"resolve": "all"}, {"destroy": source}], probes, "declined, then removed"))
    expect = observed_state(probes, gone, "after declining")
    # and the answer itself is taken when the ability resolves, not when it is put on the stack (the
    # engine records when a queued answer is used); without this the check could pass for an engine that
    # decides early whenever the removal hides the difference (e.g. a mana payment)
    when = {"choice_made": {"kind": key, "source": source, "at": "resolution"}}
    return [Reading(f"{source} removed while its ability waits",
                    build([{"destroy": source}, {"resolve": "all"}], expect,
                          f"{source} removed while its ability waits")),
            Reading(f"{source}: the answer is used on resolution",
                    build([yes, {"resolve": "all"}], [when], f"{source}: the answer is used on resolution"))]


def _tokens_checked(claim: Claim, scenarios: list[dict]) -> str | None:
    """The stated number of tokens, when no scenario checks it."""
    o = claim.outcome or {}
    if not isinstance(o.get("tokens"), int):
        return None
    if checks(scenarios, "count", lambda d: (d.get("token") or "Token" in str(d.get("card") or ""))
              and str(d.get("n")) == str(o["tokens"])):
        return None
    return f"{o['tokens']} tokens"
