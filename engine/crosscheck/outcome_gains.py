"""Abilities gained, of ``composed`` claims (issue 20; :mod:`extractor.claims.compose_gains` reads them).
:mod:`engine.crosscheck.outcome` registers these beside its own; a function takes that module's ``Stage``
(duck-typed: ``place``, ``is_type``, ``b``, ``sit``, ``out``) and raises :class:`Skip` for what it cannot stage.

- ``gains`` / ``loses`` (events, 611.2c / 613.1f layer 6): the permanent gains the keywords stated (protection from a colour
  is the keyword ``protection_from_<c>``, 702.16a) until end of turn — staged as an instant of yours that does
  exactly that to its target, cast on it and resolved; a keyword the engine does not know, or protection from a
  quality other than a colour, is not staged.  The instant is colourless and has no other effect, so nothing
  but the grant follows from it (a target it cannot legally have makes the scenario fail: unsimulable, never a
  verdict).  Losing is the same instant with the engine's ``lose`` (613.1f); losing protection is not staged
  (a described object's protection is a printed key no lost keyword removes).
"""
from __future__ import annotations

from ..vocabulary import KEYWORDS
from .registry import Skip

_COLOURS = ("W", "U", "B", "R", "G")
# the outcomes that stage their own action (a block, a targeting, combat damage, an equip): a gained ability
# alone is a state, nothing happens to the object by it — after it alone, "is not destroyed / stays" would hold
# of any keyword, so such an outcome is staged only after another event the statement states
_OWN_ACTION = frozenset({"can_block", "blocked", "can_attack", "targeted", "attached", "damage", "damage_prevented",
                         "deals_first"})


def _granted(ev: dict) -> list[str]:
    """The engine keywords a ``gains`` / ``loses`` event states."""
    kws = [str(k).lower().replace(" ", "_") for k in ev.get("keywords") or []]
    if ev.get("event") == "loses" and ev.get("protection"):
        # a described object's protection is its printed key, which a lost keyword would not remove
        raise Skip("losing protection is not staged")
    for q in ev.get("protection") or []:
        if str(q).upper() not in _COLOURS:
            raise Skip(f"gaining protection from {q!r} (not a colour) is not staged")
        kws.append(f"protection_from_{str(q).lower()}")
    if not kws:
        raise Skip("the statement does not say which ability is gained")
    unknown = [k for k in kws if k not in KEYWORDS]
    if unknown:
        raise Skip(f"the keyword {unknown[0]!r} is not one the engine can grant")
    return kws


_EFFECT = {"gains": "grant", "loses": "lose"}


def _key(event: str, kws: list[str]) -> str:
    return f"{_EFFECT[event]} " + " ".join(kws)


def helpers(sit: dict) -> dict:
    """Before stand-ins: for each ``gains`` event, an instant that grants exactly those keywords to its target
    until end of turn (611.2c)."""
    out = {}
    for ev in sit.get("sequence") or []:
        if ev.get("event") not in _EFFECT:
            continue
        try:
            kws = _granted(ev)
        except Skip:
            continue                            # (the event's staging says why)
        key = _key(ev["event"], kws)
        out[key] = {"desc": {"types": ["Instant"], "targets": "creature", "label": key,
                             "effects": [{"pump": {"affected": "target", _EFFECT[ev["event"]]: kws}}]}}
    return out


def _ev_gains(st, ev: dict) -> None:
    """611.2c: the permanent gains the keywords until end of turn (an instant doing exactly that, cast on it)."""
    p = ev.get("patient")
    if not st.is_type(p, "Creature"):
        raise Skip("gaining an ability is staged on a creature")
    kws = _granted(ev)
    others = [e for e in st.sit.get("sequence") or [] if e.get("event") not in _EFFECT]
    if not others and st.out.get("check") not in _OWN_ACTION:
        raise Skip("the statement states no event but the ability gained: what would happen to the object is not said")
    # not placed here: the later events or the outcome put it on the side they need (a recipient of combat
    # damage on the defending side); one nothing places is refused by the stage's final check
    target = st.name(p)
    spell = st.sit["_helpers"].get(_key(ev["event"], kws))
    if not isinstance(spell, str):
        raise Skip("the ability gained is not staged")
    st.b.add("you", "hand", spell)
    st.b.actions += [{"cast": spell, "by": "you", "targets": [target]}, {"resolve": "all"}]


EVENTS = {"gains": _ev_gains, "loses": _ev_gains}
