"""Trigger outcomes of ``composed`` claims (issue 20; :mod:`extractor.claims.compose_triggers` reads them):
whether, and how often, a card's triggered ability triggers after the events the statement stages.
:mod:`engine.crosscheck.outcome` registers these beside its own; a function takes that module's ``Stage``
(duck-typed: ``place``, ``name``, ``cards``, ``b``, ``placed``, ``sit``) and raises :class:`Skip` for what it
cannot stage.

- ``triggers`` (603.2: an ability triggers each time its trigger event occurs): the card X (the ``source``) is on
  the battlefield before the events (its controller is "you", the frame the statement's 「あなた」 speaks from),
  the events are staged, and the engine's count of X's abilities that triggered is the observation — a bare
  「誘発する」 at least once, 「誘発しない」 never, 「N回誘発する」 exactly N times.  X must have exactly one triggered
  ability (else which one the statement means is not said) and no intervening "if" (603.4: its condition is a
  state the statement does not give), and an event must be staged (else nothing could trigger it).
- ``returns`` (702.79a persist, 702.93a undying): the object the events moved off the battlefield is on it
  again — its own dies trigger is what is observed (so its abilities are no reason to refuse moving it); only
  in a sentence with one object;
- ``triggers_only`` (「N回しか誘発しない」): exactly N times (the 「ない」 belongs to 「しか」);
- ``its_triggers`` / ``its_triggers_only`` (「その能力は…」): the same, of the sentence's one object — refused when
  the sentence has more than one (whose ability it is is then not said).

Readings (:func:`readings`): the objects of the events whose controller the statement leaves open (a card named,
or one described without 「あなたがコントロールする」 / 「対戦相手がコントロールする」) are staged under each player in
turn — a trigger may depend on who controls the object (603.2, "a creature you control"), so the statement must
hold whichever it is.
"""
from __future__ import annotations

from .registry import Skip

CHECKS = ("triggers", "triggers_only", "its_triggers", "its_triggers_only")


def readings(claim) -> list[dict]:
    """When an event moves an object other than the source, the object's controller where the statement does
    not state it: you, then the opponent (``Stage.open_side``; the source itself is always yours)."""
    sit, out = claim.situation or {}, claim.outcome or {}
    others = {v for ev in sit.get("sequence") or [] for k, v in ev.items() if k not in ("event", "n")} - {out.get("source")}
    return [{"open_side": "you"}, {"open_side": "opponent"}] if others else [{}]


def _triggered_abilities(st, letter: str) -> list:
    name = st.name(letter)
    beh = st.cards.behaviour(name)
    if beh is None:
        if st.cards.card(name).has_text:
            raise Skip(f"no behaviour for {name}")
        raise Skip(f"{name} has no triggered ability")
    return list(getattr(beh, "triggers", ()) or ())


def _out_triggers(st, out: dict, holds: bool, only: bool = False) -> None:
    """603.2: how many times the source's one triggered ability triggered during the staged events."""
    src = out.get("source")
    if not src:
        raise Skip("the statement does not say whose ability triggers")
    trig = _triggered_abilities(st, src)
    if not trig:
        raise Skip(f"{st.name(src)} has no triggered ability")
    if len(trig) > 1:
        raise Skip(f"{st.name(src)} has more than one triggered ability: the statement does not say which")
    if trig[0].get("if"):
        # 603.4: whether it triggers depends on a state (how many artifacts you control …) the statement does not
        # give — staging an empty board would decide it by the staging's choice
        raise Skip(f"{st.name(src)}'s ability has a condition (603.4) the statement does not give")
    if not st.b.actions:
        raise Skip("the statement does not say what happens that could trigger the ability")
    n = out.get("n")
    if only:                                  # 「N回しか誘発しない」: exactly N
        if holds or not isinstance(n, int):
            raise Skip("「しか」 without its denial is not read")
        expect = {"times": n}
    elif n is None:
        expect = {"times": 1, "at_least": True} if holds else {"times": 0}
    elif holds:
        expect = {"times": n}
    else:
        raise Skip("'does not trigger N times' does not say how many times it does")
    name = st.name(src) if src in st.placed else st.place(src, "you")
    st.b.expect.append({"triggered": {"source": name, **expect}})


def _out_triggers_only(st, out: dict, holds: bool) -> None:
    _out_triggers(st, out, holds, only=True)


def _out_returns(st, out: dict, holds: bool) -> None:
    """702.79a / 702.93a: after the events moved it off the battlefield, the object is on the battlefield again (its
    own dies trigger returned it) — or, denied, no card of its name is on its controller's battlefield.  Only a
    sentence with one object: which object returns is a fact, never taken from the first of several."""
    p = out.get("patient")
    if len(st.actors) != 1:
        raise Skip("the statement has several objects: which one returns is not staged")
    if p not in st.placed or not st.b.actions:
        raise Skip("the statement does not say how the object leaves the battlefield")
    st.b.actions.append({"resolve": "all"})     # its dies trigger (603.3) resolves before it is looked at
    if holds:
        st.b.expect.append({"zone": {"card": st.name(p), "zone": "battlefield"}})
    else:
        st.b.expect.append({"count": {"player": st.side.get(p, "you"), "zone": "battlefield", "card": st.name(p),
                                      "n": 0}})


def _its(check):
    """「その能力」: the ability of the sentence's one object — with another object in the sentence, whose ability
    it is is not said."""
    def staged(st, out: dict, holds: bool) -> None:
        if len(st.actors) != 1:
            raise Skip("「その能力」: the statement does not say whose ability it is")
        check(st, out, holds)
    return staged


def _ev_present(st, ev: dict) -> None:
    """603.2 / 603.6: the permanent is on the battlefield (its controller's) while the later events happen."""
    st.place(ev.get("patient"))


EVENTS = {"present": _ev_present}
OUTCOMES = {"triggers": _out_triggers, "triggers_only": _out_triggers_only, "its_triggers": _its(_out_triggers),
            "its_triggers_only": _its(_out_triggers_only), "returns": _out_returns}


def observes_own(out: dict, letter: str) -> bool:
    """Whether the statement is about ``letter``'s own abilities acting (its trigger is what is observed, so
    its having abilities of its own is no reason to refuse moving it)."""
    return ((out.get("check") in CHECKS and out.get("source") == letter)
            or (out.get("check") == "returns" and out.get("patient") == letter))
