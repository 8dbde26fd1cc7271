"""Combat outcomes of ``composed`` claims (issue 20; :mod:`extractor.claims.compose_combat` reads them), each
staged with the rule it exercises.  :mod:`engine.crosscheck.outcome` registers these beside its own; a function
takes that module's ``Stage`` (duck-typed: ``place``, ``name``, ``b``, ``combat``, ``actors``) and raises
:class:`Skip` for what it cannot stage.

- ``life_of`` (outcome, 119.3, 702.15b): the controller of a named card gains N life by the events (the side the
  card was staged on);
- ``life_down`` (outcome, 119.3, 510.1a, 120.3a): the player's life total is N lower after the events (the
  defending player dealt an unblocked attacker's combat damage); denied without a number: unchanged;
- **each of two** (「両方とも破壊される」): an outcome whose role holds a list of letters is checked of each of them
  (:func:`each`); a denial of both (「両方とも…ない」: neither, or not both?) is not told apart — unsimulable;
- **can deal N to the player** (a modal ``damage`` outcome, 702.19b-c): the engine assigns an attacker's combat
  damage to its blockers lethal first and the rest to the player (510.1c-d), the most it may; "can deal N" holds
  when that most is at least N (:func:`player_damage_expect`).
"""
from __future__ import annotations

import copy
import re

from ..game.mechanics.evasion import LANDWALK
from .registry import Skip

# the creature a block by "any creature" is tried with (no ability: nothing of its own lets it block or not)
HELPERS = {"plain_blocker": {"desc": {"types": ["Creature"], "pt": "2/2", "label": "plain blocker"}}}
_BASIC = {t: t for t in LANDWALK.values()}          # a land type → the basic land of that type (305.6)

# an actor's letter (compose's letters A-G): a list of them is a role naming several objects; other lists of the
# outcome (types, keywords, colours) are facts
_LETTER = re.compile(r"[A-G]")


def each(out: dict) -> list[dict]:
    """The outcome once per letter of a role that names several objects (「両方とも」), else as it is."""
    roles = [r for r, v in out.items() if isinstance(v, list) and v and all(_LETTER.fullmatch(str(x)) for x in v)]
    if not roles:
        return [out]
    if out.get("holds") is not True:
        raise Skip("「both … not」 is either 'neither' or 'not both': the statement does not say which")
    outs = [out]
    for r in roles:
        outs = [{**o, r: letter} for o in outs for letter in out[r]]
    return outs


def player_damage_expect(n: int, holds: bool, modal: bool) -> dict:
    """The defending player's life change the outcome states: exactly -N; a modal 「N点与えることができる」 at most
    -N (the engine assigns the most it may to the player, 510.1c-d, 702.19b); denied: unchanged."""
    if not holds:
        return {"life_change": {"opponent": 0}}
    return {"life_change": {"opponent": {"at_most": -n} if modal else -n}}


def times_power(st, out: dict, n) -> int:
    """「戦闘ダメージをN回与える」: an unblocked attacker deals its power to the player N times (510.2 in each combat
    damage step it deals damage in, 510.4, 702.4b) — the defending player's life change is N × its power."""
    if n is not None or not out.get("source") or not out.get("holds") or out.get("modal"):
        raise Skip("a number of times is checked only as the times an attacker deals its power")
    beh = st.cards.behaviour(st.name(out["source"]))
    if beh is not None and beh.triggers:
        raise Skip("the attacker's own triggered abilities may change the life total: the times are not observed")
    p = st.power(out["source"])
    if p <= 0:
        raise Skip("a creature with no power deals no combat damage: how many times is not observed")
    return int(out["times"]) * p


def combat_damage_taken(st, out: dict, holds: bool) -> None:
    """510.2: the combat damage a creature of the staged combat is dealt — none (「戦闘ダメージを受けない」: 0 damage
    marked, still on the battlefield; 510.4: a creature destroyed in the first-strike step deals none), or the N
    the statement states, less than its toughness (N damage marked, still on the battlefield).  Damage with no
    number, and a lethal N (the creature is gone whatever the amount, 704.5g), are not told apart."""
    rec = out["recipient"]
    name = st.name(rec)
    if not st.is_type(rec, "Creature"):
        raise Skip("only a creature's combat damage is observed")
    n = out.get("n")
    if not holds:
        if n is not None:
            raise Skip("'is not dealt N damage' does not say how much it is dealt")
        st.b.expect += [{"damage": {"card": name, "n": 0}}, {"zone": {"card": name, "zone": "battlefield"}}]
    elif not isinstance(n, int):
        raise Skip("the statement does not say how much combat damage it is dealt")
    elif n >= st.toughness(rec):
        # dead by any lethal amount (704.5g): how much it was dealt is not observed once it has left the battlefield
        raise Skip("a lethal amount of combat damage is not observed (the creature is gone whatever the amount)")
    else:
        st.b.expect += [{"damage": {"card": name, "n": n}}, {"zone": {"card": name, "zone": "battlefield"}}]


def _out_life_down(st, out: dict, holds: bool) -> None:
    """119.3: the player's life total is N lower after the events (510.1a: an unblocked attacker's combat damage,
    120.3a: damage to a player causes that much life loss); denied without a number: unchanged."""
    p = out.get("player")
    if st.actors.get(p) != {"player": "opponent"} or not st.combat:
        raise Skip("only the defending player's life after a combat is staged")
    n = out.get("n")
    if holds != isinstance(n, int):
        raise Skip("the statement does not say by how much the life total changes")
    st.placed.add(p)
    st.b.expect.append({"life_change": {"opponent": -n if holds else 0}})


def _out_life_of(st, out: dict, holds: bool) -> None:
    """119.3, 702.15b: the player who controls the named card (「《X》のコントローラー」) gains N life by the events —
    the side X was staged on (a blocker is the opponent's); denied without a number: no life gained."""
    p = out.get("player")
    who = st.actors.get(p)
    card = who.get("controller_of") if isinstance(who, dict) else None
    of = next((k for k, v in st.actors.items() if v == card and k in st.placed), None)
    if of is None or not st.b.actions:
        raise Skip("the statement does not say whose controller gains the life, or by what")
    if any(_gains_by(st, st.actors[k]) for k in st.placed
           if k != of and isinstance(st.actors.get(k), str) and st.side.get(k) == st.side[of]):
        # 「《X》のコントローラー」 is whoever controls X: another card staged on that side whose ability may gain life
        # (603.3a: its controller controls its triggered ability; 702.15b: lifelink) would make the gain X's
        # controller's only by the staging
        raise Skip(f"another card staged beside {card} may gain its controller life: the gain is not X's controller's")
    n = out.get("n")
    if holds != isinstance(n, int):
        raise Skip("the statement does not say how much life is gained")
    st.placed.add(p)
    st.b.actions.append({"resolve": "all"})             # triggered abilities resolve (603.3)
    st.b.expect.append({"life_change": {st.side[of]: n if holds else 0}})


def _gains_by(st, name: str) -> bool:
    """Whether a card has an ability that may gain its controller life: a triggered ability (603) or lifelink."""
    beh = st.cards.behaviour(name)
    return beh is not None and (bool(getattr(beh, "triggers", None)) or "lifelink" in set(beh.keywords or ()))


def _ev_controls(st, ev: dict) -> None:
    """506.2, 702.14c: the defending player controls a land of a basic land type (a basic land of it is staged on
    their battlefield) — or, denied, none (none is staged; the staging puts no other land there)."""
    who, what = ev.get("player"), ev.get("permanent")
    if st.actors.get(who) != {"player": "opponent"}:
        raise Skip("only what the defending player controls is staged")
    v = (st.sit.get("actors") or {}).get(what)                # the description as stated (before stand-ins)
    if isinstance(v, str):                                     # 「沼」 read as the basic land card: its land type
        c = st.cards.card(v)
        v = {"desc": {"types": list(c.types or ()), "subtypes": list(c.subtypes or ())}} \
            if "Basic" in (c.supertypes or ()) else None
    d = v.get("desc") if isinstance(v, dict) else None
    sub = (d or {}).get("subtypes") or []
    if not d or d.get("types") != ["Land"] or len(sub) != 1 or sub[0] not in _BASIC or set(d) - {"types", "subtypes", "label"}:
        raise Skip("only a land of one basic land type is staged as what the defending player controls")
    st.placed.update({who, what})
    lands = getattr(st, "lands", {})
    st.lands = {**lands, sub[0]: ev.get("holds") is not False}
    if ev.get("holds") is not False:
        st.b.add("opponent", "battlefield", _BASIC[sub[0]])


def _landwalks(st, letter: str) -> set[str]:
    """The land types of the creature's landwalk abilities (702.14)."""
    beh = st.cards.behaviour(st.name(letter))
    kws = set(getattr(beh, "keywords", ()) or ())
    return {t for k, t in LANDWALK.items() if k in kws}


def blocked_by_any(st, out: dict, holds: bool) -> None:
    """509.1b: whether the attacker can be blocked at all (「ブロックされない」「ブロックされうる」, no blocker stated).
    A plain creature of the defending player that may block it shows it can (a witness, run first); when that one
    may not, it is unblockable only by a rule the staging states — 702.14c, a landwalk of a land type the defending
    player is staged controlling — and otherwise not told (another creature might block it)."""
    a = out["attacker"]
    named = set(st.b.claim.cards or ()) - {v for v in (st.sit.get("actors") or {}).values() if isinstance(v, str)}
    if named:       # 「《X》は《Y》にブロックされますか？ いいえ、…ブロックされません」: the blocker meant may be a card of the context
        raise Skip(f"the context names {sorted(named)}: the blocker the statement means is not stated")
    if any(c.get("kind") == "has" and c.get("keyword") not in LANDWALK for c in [*(st.sit.get("conditions") or ()), *st.sit["_helpers"].get("card_facts", ())]):
        # 「プロテクション（黒）を持つので、ブロックされない」: the keyword given as the reason restricts WHICH creatures may
        # block it (702.16f, 702.36b, 702.13b...): the statement is about those, and no blocker of them is stated
        raise Skip("the keyword stated as the reason restricts which creatures may block it; the blocker is not stated")
    an = st.place(a, "you")
    bl = st.sit["_helpers"]["plain_blocker"]
    st.b.add("opponent", "battlefield", bl)
    st.b.actions.append({"attack": [an]})
    action = {"block": {bl: an}}
    probe = copy.deepcopy(st.b.build().scenario)
    probe["expect"] = [{"allowed": {"action": action, "value": True}}]
    can = st.cards.probe(probe)[0].get("observed") == "allowed"
    walks = {t for t in _landwalks(st, a) if getattr(st, "lands", {}).get(t)}
    if not can and not walks:
        raise Skip("no plain creature may block it, and no rule the statement stages says none may")
    st.b.expect.append({"allowed": {"action": action, "value": holds}})


EVENTS = {"controls": _ev_controls}
OUTCOMES = {"life_down": _out_life_down, "life_of": _out_life_of}
