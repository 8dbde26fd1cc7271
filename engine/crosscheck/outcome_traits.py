"""A named card's printed characteristics as ``composed`` outcomes (issue 20; :mod:`extractor.claims.compose_traits`
reads them): what a card is, checked on the card as the engine has it — put where it is (a permanent card on
the battlefield, an instant or sorcery card in its owner's hand) and its characteristics observed (109.3).
:mod:`engine.crosscheck.outcome` registers these beside its own; a function takes that module's ``Stage``.

- ``has`` (outcome, 702): the object has each keyword ability stated (the engine's compiled abilities of the
  card); denied, it has none of them — a denial of several (「AとBを持たない」) is not staged (which one it
  lacks is not told);
- ``premise`` (event): the keywords a reason clause states (「…を持つので」) observed before the later events;
- ``is_card`` (outcome): its card types (205.2a, with its subtypes 205.3), colours (105.2) and printed P/T
  (208.1) are those stated; a denial is not staged (what it is instead is not stated).

Only a named card: a described object (a stand-in) has what its description gives it, so the statement says
nothing about any card (never confirmed by construction).  A card whose rules text the engine has no behaviour
for is refused by the verdict (its keywords would be unread, never "lacking").
"""
from __future__ import annotations

from . import outcome_spells as spells
from .registry import Skip

PERMANENT_TYPES = frozenset({"Artifact", "Battle", "Creature", "Enchantment", "Land", "Planeswalker"})


def _card(st, out: dict) -> str:
    """The named card the outcome is about, put where its characteristics are observed (once)."""
    letter = out.get("patient")
    name = st.name(letter)
    if name.startswith("Stand-in "):
        raise Skip("a described object has what it is described with: the statement says nothing about a card")
    if st.b.actions:
        raise Skip("a printed characteristic is the card's, not what it is after the events")
    if getattr(st.cards.behaviour(name), "statics", None):
        # 604.1 / 613: its own static abilities may change what it is (a God that is no creature, a keyword it has
        # only while a condition holds): the statement may mean the card or the permanent
        raise Skip(f"{name}'s own static abilities may change its characteristics")
    if st.cards.types(name) & PERMANENT_TYPES:
        st.place(letter)
    elif letter not in st.placed:
        st.placed.add(letter)
        st.side[letter] = "you"
        st.b.add("you", "hand", name)
    return name


def _out_has(st, out: dict, holds: bool) -> None:
    """702: the card has (or lacks) the keyword abilities stated."""
    kws = out.get("keywords") or []
    if not kws:
        raise Skip("the statement does not say which abilities")
    if not holds and len(kws) > 1:
        raise Skip("'does not have A and B' does not say which one it lacks")
    name = _card(st, out)
    for k in kws:
        st.b.expect.append({"has_ability": {"card": name, "ability": k, "value": holds}})


def _out_is_card(st, out: dict, holds: bool) -> None:
    """205.2a / 105.2 / 208.1: the card's types, colours, keywords and printed P/T are those stated."""
    if not holds:
        raise Skip("'is not a …' does not say what it is instead")
    if isinstance(out.get("damage"), int):
        # 「2点のダメージを与えるインスタントである」: the spell's damage as its outcome is (cast at the opponent,
        # 120.3a); its characteristics observed in the hand before it is cast
        spells.spell_damage(st, {"source": out.get("patient"), "n": out["damage"]}, True)
        cast = st.b.actions[:]
        st.b.actions.clear()
    else:
        cast = []
    name = _card(st, out)
    stated = False
    if out.get("types") or out.get("subtypes"):
        st.b.expect.append({"types": {"card": name, "has": [*out.get("types", []), *out.get("subtypes", [])]}})
        stated = True
    if out.get("colors"):
        st.b.expect.append({"colors": {"card": name, "has": list(out["colors"])}})
        stated = True
    for k in out.get("keywords") or []:
        st.b.expect.append({"has_ability": {"card": name, "ability": k, "value": True}})
    if out.get("pt"):
        if not st.cards.types(name) & {"Creature"}:
            raise Skip(f"{name} is not a creature card: its P/T is not on the battlefield to observe")
        p, t = (int(x) for x in str(out["pt"]).split("/"))
        st.b.expect.append({"pt": {"card": name, "power": p, "toughness": t}})
        stated = True
    if not stated:
        raise Skip("the statement states no characteristic of the card")
    if cast:
        if out.get("pt"):
            raise Skip("a spell's damage and a P/T are not staged together")
        st.b.actions += [{"expect": [e for e in st.b.expect if "life_change" not in e]}, *cast]
        st.b.expect = [e for e in st.b.expect if "life_change" in e]


def _ev_premise(st, ev: dict) -> None:
    """「〔X〕は防衛を持つので、…」: the stated keywords (702) observed on the card where the sentence states them,
    before the later events (an expectation between actions); the card is put on the battlefield for them."""
    kws = ev.get("keywords") or []
    name = st.name(ev.get("patient"))
    if not kws or name.startswith("Stand-in "):
        raise Skip("the reason states no keyword of a named card")
    if getattr(st.cards.behaviour(name), "statics", None):
        raise Skip(f"{name}'s own static abilities may change its keywords (604.1)")
    if len(kws) > 1 and not ev.get("holds", True):
        raise Skip("'does not have A and B' does not say which one it lacks")
    if not st.cards.types(name) & PERMANENT_TYPES:
        raise Skip(f"{name} is not a permanent card")
    st.place(ev["patient"])
    st.b.actions.append({"expect": [{"has_ability": {"card": name, "ability": k, "value": ev.get("holds", True)}}
                                    for k in kws]})


EVENTS = {"premise": _ev_premise}
OUTCOMES = {"has": _out_has, "is_card": _out_is_card}
