"""Trigger outcomes read by composition (issue 20; extractor/claims/compose_triggers.py,
engine/crosscheck/outcome_triggers.py): generated statements with an automatic key.

Construction × every bundled card with exactly one triggered ability on "enters" or "dies": the statement's
truth is computed from the card's compiled behaviour (its trigger's event and the filter of the object it
watches: ``self`` / ``other`` / ``types`` / ``controller``), never written by hand.  Cards whose trigger has a
condition or a filter key this key does not model (subtypes, owner, batches, intervening "if") are left out —
the key must be right, not complete.  Each true statement gets mutated copies: polarity flipped, the number
changed, the controller swapped, the event swapped, the card swapped.  Asserted (``check_generated``): no false
statement confirmed, no true one contradicted, most true ones confirmed and most mutations contradicted.
"""
from __future__ import annotations

from functools import lru_cache

import pytest

from test_composed import check_generated, verdicts

pytestmark = pytest.mark.slow

EVENTS = {"enters": "戦場に出た", "dies": "死亡した"}
TABI = {"enters": "戦場に出るたび", "dies": "死亡するたびに"}
MODELLED = {"self", "other", "types", "controller"}          # the filter keys the key below decides
SIDES = {"you": "あなたがコントロールする", "opponent": "対戦相手がコントロールする"}


@lru_cache(maxsize=1)
def watchers() -> list[tuple[str, str, dict]]:
    """(JA name, event, object filter) of each bundled card whose one triggered ability watches an object
    entering or dying, with nothing but modelled filter keys."""
    from engine.crosscheck.cards import Cards
    from kb.cards import CardTable

    table = CardTable.bundled()
    cards = Cards(table)
    out = []
    for c in table:
        beh = cards.behaviour(c.name)
        trig = list(getattr(beh, "triggers", ()) or ()) if beh is not None else []
        ja = getattr(c, "name_ja", None)
        if len(trig) != 1 or not ja:
            continue
        t = trig[0]
        obj = t.get("object") or {}
        extra = set(t) - {"event", "object", "effects", "name", "targets"}
        if t.get("event") in EVENTS and not extra and set(obj) <= MODELLED and not t.get("targets"):
            out.append((ja, t["event"], obj))
    return out


def triggers_for(event: str, obj: dict, watched_event: str, side: str | None, itself: bool) -> bool | None:
    """Whether the watcher's trigger fires when a creature (``itself``: the watcher) controlled by ``side``
    (None: not stated — the key then needs the answer to be the same for both) has ``watched_event``."""
    if event != watched_event:
        return False
    if obj.get("self"):
        return itself
    if itself and obj.get("other"):
        return False
    if obj.get("types") and "Creature" not in obj["types"]:
        return False
    want = obj.get("controller")
    if want is None or itself:
        return True
    if side is None:
        return None                              # depends on who controls it: no key
    return want == side


def statements() -> list[tuple[str, bool, str]]:
    out: list[tuple[str, bool, str]] = []
    for ja, event, obj in watchers():
        for ev, words in EVENTS.items():
            for side in (None, "you", "opponent"):
                truth = triggers_for(event, obj, ev, side, itself=False)
                if truth is None:
                    continue
                subject = f"{SIDES[side] if side else ''}クリーチャーが{words}とき、"
                what = f"603.2 {event}:{ev}"
                text = f"{subject}《{ja}》の能力は誘発する。"
                denied = f"{subject}《{ja}》の能力は誘発しない。"
                # the event swapped: the card's trigger watches the other event (a false statement, a mutation)
                said = what if truth or event == ev else what + " / event"
                out += [(text, truth, said), (denied, not truth, what + (" / polarity" if truth else " denied"))]
                if truth:
                    out.append((f"{subject}《{ja}》の能力は2回誘発する。", False, what + " / number"))
                    out.append((f"{subject}《{ja}》の能力が誘発することはない。", False, what + " / polarity"))
                    out.append((f"{subject}《{ja}》の能力は1回しか誘発しない。", True, what + " only"))
                    out.append((f"{subject}《{ja}》の能力は2回しか誘発しない。", False, what + " only / number"))
                    if side:
                        flipped = "opponent" if side == "you" else "you"
                        t2 = triggers_for(event, obj, ev, flipped, itself=False)
                        if t2 is False:
                            out.append((f"{SIDES[flipped]}クリーチャーが{words}とき、《{ja}》の能力は誘発する。",
                                        False, what + " / controller"))
            # 「…るたび」 (each time, 603.2): the same event as a clause of its own
            truth = triggers_for(event, obj, ev, "you", itself=False)
            each = f"{SIDES['you']}クリーチャーが{TABI[ev]}、《{ja}》の能力は誘発する。"
            out.append((each, truth, f"603.2 each {event}:{ev}" + ("" if truth else " / swapped")))
            if truth:
                out.append((each.replace("誘発する。", "誘発しない。"), False, f"603.2 each {event}:{ev} / polarity"))
            # the watcher itself
            truth = triggers_for(event, obj, ev, None, itself=True)
            text = f"《{ja}》が{words}とき、その能力は誘発する。"
            what = f"603.2 itself {event}:{ev}"
            out += [(text, truth, what), (f"《{ja}》が{words}とき、その能力は誘発しない。", not truth,
                                          what + (" / polarity" if truth else " denied"))]
            if truth:
                swapped = next((n for n, e2, o2 in watchers() if triggers_for(e2, o2, ev, None, itself=True) is False
                                and triggers_for(e2, o2, ev, None, itself=False) is False), None)
                if swapped:
                    out.append((f"《{ja}》が{words}とき、《{swapped}》の能力は誘発する。", False,
                                what + " / card"))
    return out


@lru_cache(maxsize=None)
def judged() -> list[tuple[str, bool, str, list[str]]]:
    return [(t, truth, what, [v for k, v in verdicts(t) if k == "composed"]) for t, truth, what in statements()]


def test_the_key_has_material():
    kinds = {e for _, e, _ in watchers()}
    assert kinds == {"enters", "dies"} and len(watchers()) >= 5


def test_generated_trigger_statements():
    check_generated(judged(), n_true=30, n_mutants=30)


@pytest.mark.parametrize("text", [
    # a card with two triggered abilities: which one the statement means is not said
    "《真面目な身代わり》が戦場に出たとき、その能力は誘発しない。",
    # nothing happens that could trigger it
    "《魂の管理人》の能力は誘発しない。",
    # an intervening "if" (603.4: three artifacts) is a state the statement does not give: never decided by an
    # empty board
    "《冷たき集いの吸血鬼》が戦場に出たとき、その能力は誘発しない。",
    # 'does not trigger twice' does not say how often it does
    "クリーチャーが戦場に出たとき、《魂の管理人》の能力は2回誘発しない。",
    # 「この能力」 is the page's card's, 「最初の能力」 one of several: neither is named by the sentence
    "クリーチャーが戦場に出たとき、この能力は誘発する。",
    "《灰色熊》が戦場に出たとき、《魂の管理人》の最初の能力は誘発しない。",
    # a bare 「能力は」 names no card: never the first object's ability
    "《歓喜する信者》が死亡したとき、能力は誘発しない。",
])
def test_a_trigger_statement_the_staging_cannot_keep_is_never_decided(text):
    assert [v for k, v in verdicts(text) if k == "composed"] in ([], ["unsimulable"])


@pytest.mark.parametrize("text", [
    # 「その…」 with no object of that description earlier in the sentence speaks of one named before it (often the
    # page's card): a generic object is never staged in its place
    "そのクリーチャーはブロックできる。",
    "そのクリーチャーは攻撃できない。",
    "そのクリーチャーが戦場に出たとき、その能力は誘発する。",
])
def test_that_object_without_antecedent_is_never_a_stand_in(text):
    assert "composed" not in [k for k, _ in verdicts(text)]


RETURN_EVENTS = {"破壊され": True, "死亡し": True, "生け贄に捧げられ": True, "追放され": False}   # dies or not (700.4)


@lru_cache(maxsize=1)
def creatures() -> list[tuple[str, bool]]:
    """(JA name, returns when it dies) of the bundled creature cards with behaviour: the key is whether its
    compiled behaviour has a dies trigger of its own that returns it to the battlefield (persist 702.79a,
    undying 702.93a) — with no counters on it, so the trigger's condition holds."""
    from engine.crosscheck.cards import Cards
    from kb.cards import CardTable

    table = CardTable.bundled()
    cards = Cards(table)
    out = []
    for c in table:
        ja = getattr(c, "name_ja", None)
        beh = cards.behaviour(c.name)
        if not ja or beh is None or "Creature" not in cards.types(c.name):
            continue
        if getattr(beh, "replacements", None) or set(getattr(beh, "keywords", ()) or ()) & {"indestructible"}:
            continue                               # something else of its own decides where it goes
        trig = list(getattr(beh, "triggers", ()) or ())
        own = [t for t in trig if t.get("event") == "dies" and (t.get("object") or {}).get("self")]
        returns = any("return_to_battlefield" in e for t in own for e in t.get("effects") or [])
        if own and not returns:
            continue                               # another dies trigger of its own: not modelled by the key
        out.append((ja, returns))
    return out


def return_statements() -> list[tuple[str, bool, str]]:
    out: list[tuple[str, bool, str]] = []
    plain = next(ja for ja, r in creatures() if not r)
    # every returning card, and the first twelve others (the key is the same rule for each: kept affordable)
    chosen = [c for c in creatures() if c[1]] + [c for c in creatures() if not c[1]][:12]
    for ja, returns in chosen:
        for ev, dies in RETURN_EVENTS.items():
            truth = returns and dies
            what = f"702.79a {ev}"
            text = f"《{ja}》が{ev}た場合、戦場に戻る。"
            out.append((text, truth, what if truth or not returns else what + " / event"))
            out.append((f"《{ja}》が{ev}た場合、戦場に戻らない。", not truth, what + (" / polarity" if truth else " denied")))
            if truth:
                out.append((f"《{plain}》が{ev}た場合、戦場に戻る。", False, what + " / card"))
    return out


@lru_cache(maxsize=None)
def judged_returns() -> list[tuple[str, bool, str, list[str]]]:
    return [(t, truth, what, [v for k, v in verdicts(t) if k == "composed"]) for t, truth, what in return_statements()]


def test_generated_return_statements():
    assert sum(r for _, r in creatures()) >= 3
    check_generated(judged_returns(), n_true=25, n_mutants=12)


def test_which_object_returns_is_never_taken_from_several():
    # two objects: which one returns is a fact the staging does not take from the first of them
    text = "《台所の嫌がらせ屋》が《灰色熊》をブロックして死亡した場合、戦場に戻る。"
    assert [v for k, v in verdicts(text) if k == "composed"] in ([], ["unsimulable"])
