"""The general mechanics' events and outcomes of ``composed`` claims (issue 20, item 4;
:mod:`extractor.claims.compose_mechanics` reads them), each staged with the rule it exercises.
:mod:`engine.crosscheck.outcome` registers these beside its own; a function takes that module's ``Stage``
(duck-typed: ``place``, ``name``, ``cards``, ``b``, ``sit``) and raises :class:`Skip` for what it cannot stage.

- ``loyalty_is`` (event): the planeswalker has N loyalty counters (306.5b); the state-based actions are then
  checked — one with 0 loyalty goes to its owner's graveyard (704.5i);
- ``regenerates`` (event, 701.15a): the permanent blocks an attacker whose damage is lethal to it and it is
  regenerated instead of destroyed (tapped, its damage removed, removed from combat); the staging stops at the
  end-of-combat step, while the attacker and blockers are still in combat (511.3);
- ``removed_from_combat`` (outcome): whether the regenerated blocker is still blocking (701.15a, 506.4);
- ``attached`` (outcome, 702.16c-d): whether an Equipment's equip ability may target the host (protection from
  the Equipment's quality: it can't be equipped by it; 702.6a, 702.16b);
- ``is_attached`` (event) / ``unattached`` (outcome): an Equipment on a creature with protection from its
  quality falls off as a state-based action (704.5n) and stays on the battlefield;
- ``deals_first`` (outcome, 510.4): whether one creature deals its combat damage before the other;
- ``blocks`` (event, 509.1a): the creature (the opponent's) blocks an attacker — the one stated, else an attacker
  that deals no damage (0/5), so the blocker is still on the battlefield to be looked at; the staging stops after
  combat damage (510);
- ``untapped`` (outcome): the permanent is untapped after the events — ``tapped`` denied (508.1f: attacking taps
  a creature, 702.20b: vigilance keeps it untapped, 509.1: blocking never taps).
"""
from __future__ import annotations

from .registry import Skip

BRUISER = {"types": ["Creature"], "pt": "9/9", "label": "bruiser"}     # an attacker whose damage is lethal
PACIFIST = {"types": ["Creature"], "pt": "0/5", "label": "pacifist"}  # an attacker that deals no damage
HELPERS = {"bruiser": {"desc": dict(BRUISER)}, "pacifist": {"desc": dict(PACIFIST)}}
EQUIP_COST = "{1}"                                                     # a described Equipment's equip cost
FIGHTER_PT = "2/2"                      # a described creature of a first-strike statement (deals_first)


def prepare_desc(letter: str, desc: dict, sit: dict, out: dict) -> None:
    """Before stand-ins: a described Equipment is an artifact with an equip ability (301.5); the two
    creatures of a ``deals_first`` outcome whose P/T the statement leaves open are 2/2 (the instance staged:
    each one's damage is lethal to the other, so which deals it first is observed)."""
    if out.get("check") == "deals_first" and letter in (out.get("source"), out.get("other")):
        desc.setdefault("pt", FIGHTER_PT)
    if "Equipment" in (desc.get("subtypes") or []):
        desc.setdefault("equip", EQUIP_COST)            # an Equipment: an artifact with an equip ability (301.5)
        desc.setdefault("types", ["Artifact"])


# -- events ---------------------------------------------------------------------------------------------------
def _ev_loyalty_is(st, ev: dict) -> None:
    """306.5b: the planeswalker has N loyalty counters; 704.5i applies when the state-based actions are checked."""
    p = ev.get("patient")
    if not isinstance(ev.get("n"), int):
        raise Skip("the statement does not say how much loyalty the planeswalker has")
    if not st.is_type(p, "Planeswalker"):
        raise Skip("loyalty is a planeswalker's")
    if p in st.placed:
        raise Skip("loyalty counters changed on a planeswalker already on the battlefield are not staged")
    st.counters_on[p] = {"loyalty": ev["n"]}
    st.place(p)
    st.b.actions.append({"resolve": "all"})


def _ev_regenerates(st, ev: dict) -> None:
    """701.15a: the permanent (with a regeneration ability, ``outcome._prepare``) blocks an attacker whose combat
    damage is lethal to it (510.2, 704.5g); the destruction is replaced by regeneration."""
    p = ev.get("patient")
    name = st.name(p)
    own: list[int] = []
    if not name.startswith("Stand-in "):
        beh = st.cards.behaviour(name)
        if beh is None:
            raise Skip(f"no behaviour for {name}")
        if not (beh.extra or {}).get("regenerates"):
            # 「{G}: ~を再生する」: its own activated ability makes the shield (701.15a), activated by its controller
            # once it blocks, before combat damage
            own = [i for i, a in enumerate(beh.activated or [], 1)
                   if {"regenerate": "self"} in (a.get("effects") or []) and not a.get("tap")
                   and not a.get("sacrifice_self")]
            if not own:
                raise Skip(f"{name} has no regeneration the engine applies by itself or by its own ability")
    if not st.is_type(p, "Creature"):
        raise Skip("regeneration is staged for a creature, in combat")
    if st.toughness(p) >= 9:
        raise Skip("the staged attacker's damage is not lethal to it")
    blocker = st.place(p, "opponent")
    big = st.b.add("you", "battlefield", st.sit["_helpers"]["bruiser"])[0]
    shield = [{"activate": blocker, "by": "opponent", "ability": own[0]}, {"resolve": "all"}] if own else []
    st.b.actions += [{"attack": [big]}, {"block": {blocker: big}}, *shield,
                     {"advance": {"turn": 1, "step": "end_combat"}}]
    st.combat = True
    st.regenerated = getattr(st, "regenerated", set()) | {p}


def _ev_is_attached(st, ev: dict) -> None:
    """The Equipment (301.5) or the named Aura (303.4) is attached to the creature; the state-based actions are
    then checked (704.5n, 704.5m)."""
    aura = _aura_and_host(st, ev.get("attachment"), ev.get("host"))
    a, h = aura if aura is not None else _equipment_and_host(st, ev.get("attachment"), ev.get("host"))
    # an Aura's host is on the side its role needs (a blocker is the defending player's, 509.1a); an Equipment is
    # attached to a creature its controller controls (301.5c)
    side = "opponent" if aura is not None and st.out.get("blocker") == h else "you"
    hn = st.place(h, side)
    if a in st.placed:
        raise Skip("the Aura or Equipment is already on the battlefield")
    st.placed.add(a)
    st.side[a] = side
    st.b.add(side, "battlefield", st.name(a), opts={"attached_to": hn})
    st.b.actions.append({"resolve": "all"})
    st.attached = getattr(st, "attached", {}) | {a: h}


def _ev_blocks(st, ev: dict) -> None:
    """509.1a: the creature blocks an attacker (the stated one, else a 0/5 that deals no combat damage: the
    blocker stays on the battlefield whatever its toughness); combat damage is then dealt (510)."""
    bl, a = ev.get("blocker"), ev.get("attacker")
    if not st.is_type(bl, "Creature"):
        raise Skip("only a creature blocks")
    if a:
        st.lethal_is_stated(a, bl)
        an = st.place(a, "you")
    else:
        an = st.b.add("you", "battlefield", st.sit["_helpers"]["pacifist"])[0]
    bn = st.place(bl, "opponent")
    if a is not None and getattr(st, "fought", None) == a:
        # 「Aが攻撃して、Bにブロックされた」: the block of the attack already declared (509.1, after 508.1)
        if isinstance(st.b.actions[st.attack_at + 1], dict) and "block" in st.b.actions[st.attack_at + 1]:
            raise Skip("the statement blocks one attack twice")
        st.b.actions.insert(st.attack_at + 1, {"block": {bn: an}})
        st.lethal_is_stated(a, bl)
        return
    st.b.actions += [{"attack": [an]}, {"block": {bn: an}}, {"advance": {"turn": 1, "step": "main2"}}]
    st.combat = True


def _ev_blocked(st, ev: dict) -> None:
    """509.1a: the attacker is blocked by the stated creature (「AがBにブロックされた」 is B blocking A); an
    unstated blocker is not staged (its size decides the combat)."""
    if not ev.get("blocker") or not ev.get("attacker"):
        raise Skip("the statement does not say which creature blocks which")
    _ev_blocks(st, ev)


def _ev_unblocked(st, ev: dict) -> None:
    """509.1h, 510.1a: an attacking creature no creature blocks («ブロックされなかった») deals its combat damage
    to the player it attacks."""
    if not ev.get("attacker"):
        raise Skip("the statement does not say which creature attacks")
    if not st.is_type(ev["attacker"], "Creature"):
        raise Skip("only a creature attacks")
    st.fight(ev["attacker"], None)


EVENTS = {"loyalty_is": _ev_loyalty_is, "regenerates": _ev_regenerates, "is_attached": _ev_is_attached,
          "blocks": _ev_blocks, "blocked": _ev_blocked, "unblocked": _ev_unblocked}


# -- outcomes -------------------------------------------------------------------------------------------------
def _out_removed_from_combat(st, out: dict, holds: bool) -> None:
    """701.15a: a regenerated permanent is removed from combat — the blocker no longer blocks (506.4)."""
    p = out.get("patient")
    if p not in getattr(st, "regenerated", set()):
        raise Skip("only a regenerated blocker's removal from combat is staged")
    st.b.expect.append({"blocking": {"card": st.name(p), "value": not holds}})


def _out_stays_in_combat(st, out: dict, holds: bool) -> None:
    """「戦闘に参加し続ける」: the regenerated blocker still blocks — removal from combat denied (701.15a, 506.4)."""
    _out_removed_from_combat(st, out, not holds)


def _equipment_and_host(st, a: str | None, h: str | None) -> tuple[str, str]:
    """(the Equipment, the creature) of two actors — told by their types, never by the order."""
    if not a or not h:
        raise Skip("the statement does not say what is attached to what")
    if "Equipment" not in _subtypes(st, a) and "Equipment" in _subtypes(st, h):
        a, h = h, a
    if "Equipment" not in _subtypes(st, a):
        raise Skip("only an Equipment's attaching is staged (an Aura's is not)")
    if not st.is_type(h, "Creature"):
        raise Skip("an Equipment is attached to a creature")
    return a, h


def _aura_and_host(st, a: str | None, h: str | None) -> tuple[str, str] | None:
    """(the Aura, the creature) of two actors when one is a named Aura card (told by its subtype, 303.4a) that
    enchants a creature, else None."""
    if not a or not h:
        return None
    if "Aura" not in _subtypes(st, a) and "Aura" in _subtypes(st, h):
        a, h = h, a
    if "Aura" not in _subtypes(st, a) or "Aura" in _subtypes(st, h):
        return None
    if getattr(st.cards.card(st.name(a)), "desc", None) is not None:
        # a described Aura: what it may enchant (enchant creature / player / …, 303.4a) is not said
        raise Skip("only a named Aura's attaching is staged (a described one's enchant quality is not stated)")
    beh = st.cards.behaviour(st.name(a))
    if beh is None or "creature" not in str(getattr(beh, "enchant", "") or "").lower():
        raise Skip("only an Aura that enchants a creature is staged")
    if not st.is_type(h, "Creature"):
        raise Skip("the Aura enchants a creature")
    return a, h


def _out_attached(st, out: dict, holds: bool) -> None:
    """702.16c-d, 702.16b: an Equipment can't equip a creature with protection from a quality it has — its equip
    ability (702.6a) can't target it; an Aura can't enchant it — the Aura spell targets what it will enchant
    (303.4a), and protection makes that target illegal (702.16b; one attached anyway is put into its owner's
    graveyard, 704.5m): staged as your Aura spell's targets, with the object on your battlefield."""
    aura = _aura_and_host(st, out.get("attachment"), out.get("host"))
    if aura is not None:
        a, h = aura
        hn, an = st.place(h, "you"), st.name(a)
        st.placed.add(a)
        st.side[a] = "you"
        st.b.add("you", "hand", an)
        st.b.expect.append({"can_target": {"spell": an, "target": hn, "value": holds}})
        return
    a, h = _equipment_and_host(st, out.get("attachment"), out.get("host"))
    beh = st.cards.behaviour(st.name(a))
    if beh is None or (beh.extra or {}).get("equip") is None:
        raise Skip(f"{st.name(a)} has no equip ability the engine knows")
    hn, an = st.place(h, "you"), st.place(a, "you")
    st.b.expect.append({"allowed": {"action": {"activate": an, "ability": "equip", "targets": [hn]}, "value": holds}})


def _subtypes(st, letter: str) -> set[str]:
    return set(getattr(st.cards.card(st.name(letter)), "subtypes", ()) or ())


def _out_deals_first(st, out: dict, holds: bool) -> None:
    """510.4: a creature with first strike or double strike deals its combat damage in the first combat damage
    step; a creature its damage destroys (704.5g) deals none.  A (yours) attacks and B blocks it: when A deals
    first, A is unharmed and B dies; when it does not (the statement denied: at once, or B first), A is dealt
    B's damage and dies.
    Staged only where each one's damage is lethal to the other (else the order is not observed)."""
    a, b = out.get("source"), out.get("other")
    if not a or not b:
        raise Skip("the statement does not say which creature deals damage before which")
    for x in (a, b):
        if not st.is_type(x, "Creature"):
            raise Skip("combat damage order is staged between creatures")
        if not st.name(x).startswith("Stand-in "):
            st.plain(x)
    if st.power(a) < st.toughness(b) or st.power(b) < st.toughness(a):
        raise Skip("one creature's damage is not lethal to the other: the order is not observed")
    st.fight(a, b)
    if holds:                           # A's damage came first: B died before dealing any
        st.b.expect += [{"zone": {"card": st.name(b), "zone": "graveyard"}},
                        {"zone": {"card": st.name(a), "zone": "battlefield"}}]
    else:                               # B's damage came at once or first: either way A is dealt it and dies
        st.b.expect.append({"zone": {"card": st.name(a), "zone": "graveyard"}})


def _out_unattached(st, out: dict, holds: bool) -> None:
    """704.5n: an Equipment attached to a permanent it can't equip (702.16c-d: protection from its quality)
    becomes unattached, and stays on the battlefield (301.5c)."""
    a = out.get("attachment")
    host = getattr(st, "attached", {}).get(a)
    if host is None:
        raise Skip("the statement does not say what the Equipment is attached to")
    st.b.expect.append({"attached": {"card": st.name(a), "to": st.name(host), "value": not holds}})
    if holds:
        st.b.expect.append({"zone": {"card": st.name(a), "zone": "battlefield"}})


def _out_untapped(st, out: dict, holds: bool) -> None:
    """It stays untapped after the events (508.1f, 702.20b, 509.1): the outcome ``tapped`` denied."""
    p = out.get("patient")
    if p not in st.placed or not st.b.actions:
        raise Skip("the statement does not say what happens to the permanent")
    st.b.expect.append({"tapped": {"card": st.name(p), "value": not holds}})


OUTCOMES = {"stays_in_combat": _out_stays_in_combat, "untapped": _out_untapped, "unattached": _out_unattached, "removed_from_combat": _out_removed_from_combat, "attached": _out_attached, "deals_first": _out_deals_first}
