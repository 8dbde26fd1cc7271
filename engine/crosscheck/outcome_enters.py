"""The ``enters`` outcome of ``composed`` claims (:mod:`extractor.claims.compose`): 「〔X〕は（タップ状態で／+1/+1
カウンターがN個置かれた状態で／あなたのコントロール下で）戦場に出る」 — a named permanent card enters the battlefield,
in the state the statement gives (614.1c: replacement effects that modify how a permanent enters apply as it enters;
110.5 tapped; 122.6 counters it enters with; 110.2 its controller).

Staging: the named card (a permanent card with a compiled behaviour, or one with no rules text) is in your hand and
enters from there as it normally does — a land is played (305.1), any other permanent card is cast and resolves
(608.3: a permanent spell becomes a permanent on the battlefield under its controller's control).  The outcome is
observed right after it, before any trigger on its entering resolves (603.6a: what a trigger does is no state it
entered in): it is on the battlefield, with the stated state (tapped or not; exactly N counters of the kind).

What is not staged (unsimulable): a bare 「〔X〕は戦場に出る」 with no stated state (what makes it enter is its cause,
not staged: casting it would confirm any such line); a described object (which card it is is a fact the statement does not give); an
event before it (the statement's cause — a spell, an ability, a replacement — is not what this staging does); a
denial with no stated state (why it would not enter is not said: 701.5a a countered spell is an event); a counter
kind with no number, or a stated number denied (no single count); entering under the opponent's control (the
staging casts it as yours).
"""
from __future__ import annotations

from .registry import Skip

PERMANENT_TYPES = frozenset({"Artifact", "Creature", "Enchantment", "Land", "Planeswalker", "Battle"})


def check(st, out: dict, holds: bool) -> None:
    p = out.get("patient")
    name = st.name(p)
    if name.startswith("Stand-in "):
        raise Skip("a described object entering the battlefield is not staged: which card it is is not said")
    if st.sit.get("sequence"):
        raise Skip("what makes the object enter (the statement's events) is not staged with it")
    types = st.cards.types(name)
    if not types & PERMANENT_TYPES:
        raise Skip(f"{name} is no permanent card (only a permanent enters the battlefield, 110.1)")
    card = st.cards.card(name)
    beh = st.cards.behaviour(name)
    if card.has_text and beh is None:
        raise Skip(f"no behaviour for {name}")
    if out.get("tapped") and isinstance(getattr(beh, "enters_tapped", None), dict):
        # 614.1c: "enters tapped unless …" — the condition decides, and the statement does not stage it
        raise Skip(f"{name} enters tapped only on a condition the statement does not state")
    if "{X}" in (getattr(card, "cost", None) or ""):
        # 107.3: X is chosen as it is cast — a value the statement does not give (X=0 is a game it does not state)
        raise Skip(f"{name} has X in its mana cost: the value of X is not stated")
    if out.get("counters") and not fixed_counters(card, beh):
        raise Skip(f"how many counters {name} enters with depends on a choice or the game (107.3 X, 614.1c)")
    if out.get("under") not in (None, "you"):
        raise Skip("entering under another player's control is not staged (the card is cast by you)")
    counters = out.get("counters") or {}
    if any(not isinstance(n, int) for n in counters.values()):
        raise Skip("the statement does not say how many counters it enters with")
    tapped = out.get("tapped")
    if holds and tapped is None and not counters and not out.get("under"):
        # a bare 「〔X〕は戦場に出る」 states no state it enters in: whether it enters is the cause the statement (or
        # the text before it) gives, and no cause is staged — casting it from the hand would confirm any such line
        raise Skip("entering with no stated state: what makes it enter is not staged")
    if not holds and not tapped:
        raise Skip("a denial of entering states no cause (what keeps it off the battlefield) to stage")
    if not holds and counters:
        raise Skip("'not with N counters' is no single count (122.6)")
    if p in st.placed:
        raise Skip("the object is already on the battlefield")
    st.placed.add(p)
    st.side[p] = "you"
    st.b.add("you", "hand", name)
    if "Land" in types:                         # 305.1: a land is played (from the hand, a special action)
        st.b.actions.append({"put": {"card": name, "zone": "battlefield", "player": "you"}})
    else:                                       # 601.2 / 608.3: cast, and it resolves as a permanent
        # (its own spell only: a trigger on its entering, 603.6a, resolves later — counters or a tap it gives are
        # no state it entered in, 614.1c, and are not observed)
        st.b.actions += [{"cast": name, "by": "you"}, {"resolve": 1}]
    if holds or tapped:                         # (110.2: under its controller's control — you, who cast it)
        st.b.expect.append({"zone": {"card": name, "zone": "battlefield",
                                     **({"controller": "you"} if out.get("under") else {})}})
    if tapped is not None or not holds:
        st.b.expect.append({"tapped": {"card": name, "value": bool(tapped) == holds}})
    for kind, n in counters.items():
        st.b.expect.append({"counters": {"card": name, "kind": kind, "n": n}})


def fixed_counters(card, beh) -> bool:
    """Whether the counters the card enters with are the same in every game (122.6, 614.1c): no X in its mana cost
    (107.3: X is chosen as it is cast) and its own enters-with-counters replacement, if any, a fixed number of each
    kind with no condition (kicked, escaped, "for each …" are not staged)."""
    if "{X}" in (getattr(card, "cost", None) or ""):
        return False
    extra = getattr(beh, "extra", None) or {}
    if any(k.startswith("enters_with") and k != "enters_with_counters" for k in extra):
        return False
    ewc = extra.get("enters_with_counters")
    return ewc is None or (isinstance(ewc, dict) and all(isinstance(n, int) for n in ewc.values()))
