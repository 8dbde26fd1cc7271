"""Quantities of ``composed`` claims (issue 20; :mod:`extractor.claims.compose_amounts` reads them): counters with
their number, P/T modifications and results, life gained and lost.  :mod:`engine.crosscheck.outcome` registers
these beside its own (entries here replace its ``has_counters``); a function takes that module's ``Stage``
(duck-typed: ``place``, ``name``, ``cards``, ``b``, ``sit``, ``actors``, ``side``, ``placed``) and raises
:class:`Skip` for what it cannot stage.

- ``has_counters`` (event, 122.1): the permanent has the counters stated — each kind's number from the counters
  phrase, or the predicate's ``n`` when one kind is named without it (「+1/+1カウンターが2個置かれた」); a number
  the statement does not give is the reading's (+1/+1 and -1/-1 together, 704.5q), else nothing is staged;
  the state-based actions then apply (704.3);
- ``pumped`` (event, 613.4c): an instant that gives the creature exactly +N/+N until end of turn is cast on it;
- ``pt_is`` (outcome, 613.4): the creature's P/T after the events, as the engine's layers compute it; a denial
  ("does not become 3/3") is not staged: the value it has instead is not stated;
- ``counters_left`` (outcome, 704.5q): the counters of one kind on the permanent after the events — ``n``, or
  none when denied without a number;
- ``loses_game`` (outcome, 704.5a / 704.5c): a player whose life total is 0 or less, or who has ten or more poison
  counters (described 「毒カウンターが10個以上あるプレイヤー」, staged as the scenario's player counters), loses when the state-based actions are
  checked; the player the statement describes by a life total (「ライフが0以下のプレイヤー」) is staged at each of
  totals the description fits — its bound, one beyond it, and a starting total and both sides of 0 where they
  fit (:func:`readings`) — the statement must hold in each;
- ``life_gained`` / ``life_lost`` (outcomes, 119.3): the player's life total changed by exactly that amount
  after the events and what they trigger (603.3: triggered abilities put on the stack and resolved).  The
  statement's 「あなた」 is the controller of the objects it stages, all named cards (a described object has only
  the abilities stated: a card's ability is never read as a rule about every such object); a denial of an
  amount is not staged (the amount gained instead is not stated).
"""
from __future__ import annotations

from .registry import Skip


def _placed_counters(sit: dict, ev: dict) -> tuple[str, int] | None:
    """The one kind of counter a ``has_counters`` event puts and its stated number, else None."""
    v = (sit.get("actors") or {}).get(ev.get("counters") or "")
    stated = v.get("counters") if isinstance(v, dict) else None
    if not isinstance(stated, dict) or len(stated) != 1:
        return None
    kind, n = next(iter(stated.items()))
    n = ev["n"] if isinstance(ev.get("n"), int) else n
    return (str(kind), n) if isinstance(n, int) and n > 0 else None


def _counters_key(kind: str, n: int) -> str:
    return f"counters {kind} x{n}"


def helpers(sit: dict) -> dict:
    """Before stand-ins: for each ``pumped`` event, an instant that does exactly that to its target; for each
    ``has_counters`` event with one kind and a stated number, an instant putting exactly those counters on its
    target (122.1: counters put on a permanent already on the battlefield)."""
    out = {}
    for ev in sit.get("sequence") or []:
        put = _placed_counters(sit, ev) if ev.get("event") == "has_counters" else None
        if put:
            out[_counters_key(*put)] = {"desc": {
                "types": ["Instant"], "targets": "permanent", "label": f"{put[1]} {put[0]} counters",
                "effects": [{"put_counters": {"to": "target", "kind": put[0], "n": put[1]}}]}}
        if ev.get("event") == "pumped" and isinstance(ev.get("pump"), str):
            p, t = _pair(ev["pump"])
            out[_pump_key(ev["pump"])] = {"desc": {
                "types": ["Instant"], "targets": "creature", "label": f"pump {ev['pump']}",
                "effects": [{"pump": {"affected": "target", "pt": [p, t]}}]}}
    return out


def _pump_key(pump: str) -> str:
    return f"pump {pump}"


def _pair(text: str) -> tuple[int, int]:
    try:
        p, t = (int(x) for x in str(text).replace("−", "-").split("/"))
    except ValueError:
        raise Skip(f"the P/T {text!r} is not a pair of numbers") from None
    return p, t


# -- events ---------------------------------------------------------------------------------------------------
def _ev_has_counters(st, ev: dict) -> None:
    """122.1: the permanent has these counters (placed with it); 704.3: the state-based actions then apply."""
    p = ev.get("patient")
    v = st.actors.get(ev.get("counters") or "")
    if not (isinstance(v, dict) and isinstance(v.get("counters"), dict)):
        raise Skip("the statement does not say which counters")
    stated = dict(v["counters"])
    if isinstance(ev.get("n"), int):
        if len(stated) != 1 or next(iter(stated.values())) is not None:
            raise Skip("the number placed does not say which kind of counter it counts")
        stated = {k: ev["n"] for k in stated}
    counts = {}
    for k, n in stated.items():
        n = n if isinstance(n, int) else st.counters.get(k)
        if not isinstance(n, int):
            raise Skip(f"the number of {k} counters is not given")
        counts[k] = n
    if p in st.placed:
        # counters put on it later (122.1; 704.5q then applies, 704.3): an instant putting exactly those
        put = _placed_counters(st.sit, ev)
        spell = st.sit["_helpers"].get(_counters_key(*put)) if put and counts == {put[0]: put[1]} else None
        if not isinstance(spell, str):
            raise Skip("counters put on a permanent already on the battlefield are staged only of one kind and "
                       "a stated number")
        target = st.place(p)
        st.b.add("you", "hand", spell)
        st.b.actions += [{"cast": spell, "by": "you", "targets": [target]}, {"resolve": "all"}]
        return
    st.counters_on[p] = counts
    st.place(p)
    st.b.actions.append({"resolve": "all"})


def _ev_pumped(st, ev: dict) -> None:
    """613.4c: the creature gets +N/+N until end of turn (an instant doing exactly that, cast on it)."""
    p = ev.get("patient")
    if not st.is_type(p, "Creature"):
        raise Skip("a P/T modification is staged on a creature")
    target = st.place(p)
    spell = st.sit["_helpers"].get(_pump_key(ev.get("pump")))
    if not isinstance(spell, str):
        raise Skip("the P/T modification is not stated")
    st.b.add("you", "hand", spell)
    st.b.actions += [{"cast": spell, "by": "you", "targets": [target]}, {"resolve": "all"}]


EVENTS = {"has_counters": _ev_has_counters, "pumped": _ev_pumped}


# -- outcomes -------------------------------------------------------------------------------------------------
def _out_pt_is(st, out: dict, holds: bool) -> None:
    """613.4: the creature's P/T after the events (the engine applies the layers)."""
    p = out.get("patient")
    # 613.4c: a permanent stated present (「《栄光の頌歌》が戦場にあるとき」) changes it by its static ability
    present = [ev.get("patient") for ev in st.sit.get("sequence") or []
               if ev.get("event") == "present" and ev.get("patient") not in (None, p)]
    for q in present:
        if {"Aura", "Equipment"} & set(getattr(st.cards.card(st.name(q)), "subtypes", ()) or ()):
            # 303.4 / 301.5: its effect is on the object it is attached to — being there says nothing of that
            raise Skip(f"{st.name(q)} changes only the object it is attached to: the statement does not attach it")
    if present and p in st.actors and p not in st.placed:
        st.place(p)                             # (the creature itself is there as the question has it)
    if p not in st.placed or not (st.b.actions or present):
        raise Skip("the statement does not say what changes the creature's P/T")
    if not holds:
        raise Skip("'does not become P/T' does not say what it becomes")
    if out.get("pt") is None and (out.get("power") is not None or out.get("toughness") is not None):
        # one of the two stated (「パワーは5になる」): only that one is observed
        one = {k: int(out[k]) for k in ("power", "toughness") if out.get(k) is not None}
        if one.get("toughness", 1) <= 0:
            raise Skip("a creature with toughness 0 or less is put into its graveyard (704.5f): its P/T is not observed")
        _own_dies(st, p)
        st.b.expect.append({"pt": {"card": st.name(p), **one}})
        return
    power, toughness = _pair(out.get("pt"))
    if toughness <= 0:
        raise Skip("a creature with toughness 0 or less is put into its graveyard (704.5f): its P/T is not observed")
    _own_dies(st, p)
    st.b.expect.append({"pt": {"card": st.name(p), "power": power, "toughness": toughness}})


def _own_dies(st, p: str) -> None:
    """Refuse a creature whose P/T after the events is not the statement's: one that returns as a new object, or a
    described one whose P/T before them is not stated."""
    name = st.name(p)
    beh = None if name.startswith("Stand-in ") else st.cards.behaviour(name)
    if beh is not None and ({"persist", "undying"} & set(beh.keywords or ())
                            or any(tr.get("event") == "dies" for tr in beh.triggers)):
        # 400.7: a creature that died and returned is a new object — its P/T is not the one the statement means
        raise Skip(f"{name} has abilities of its own that act when it dies")
    if _described(st, p) and not (getattr(st.cards.card(name), "desc", None) or {}).get("pt"):
        raise Skip("the statement does not give the creature's P/T before the events")


def _life(sign: int):
    def check(st, out: dict, holds: bool) -> None:
        """119.3: the player's life total changes by the amount stated, after the events and their triggers."""
        if not st.b.actions or not st.placed:
            raise Skip("the statement does not say what makes the player gain or lose life")
        if not holds:
            raise Skip("'does not gain / lose N life' does not say how much changes instead")
        n = out.get("n")
        if not isinstance(n, int) or out.get("player") not in ("you", "opponent"):
            raise Skip("the statement does not say which player's life changes by how much")
        objs = [k for k in st.placed if isinstance(st.actors.get(k), str)]     # (a player actor is no object)
        if any(_described(st, k) for k in objs):
            # a life total changes by a card's ability (or lifelink's damage, the outcome ``gains_life``, 702.15b):
            # a described object has only the abilities stated — a text about a card's ability would be read
            # as a rule about every such object
            raise Skip("a life change is staged for the named cards whose abilities make it")
        if {st.side.get(k) for k in objs} != {"you"}:
            raise Skip("'you' is the controller of the statement's objects: they are not all one player's")
        st.b.actions.append({"resolve": "all"})
        st.b.expect.append({"life_change": {out["player"]: sign * n}})
    return check


# the totals a life comparison is staged at: its bound and one beyond it, and each of these the description fits
# (a player's starting total, 103.4, and both sides of 0): more readings only make a confirmation harder
_FITS = {"at_most": (0, -1), "at_least": (0, 1), "below": (-1, -2), "exactly": (0,)}
# (poison counters: none, one short of ten, ten and beyond: 704.5c)
_TYPICAL = {"life": (20, 1, 0, -1, -20), "poison": (0, 9, 10, 11, 20)}
_HOLDS = {"at_most": lambda v, n: v <= n, "at_least": lambda v, n: v >= n, "below": lambda v, n: v < n,
          "exactly": lambda v, n: v == n}
START_LIFE = 20                                         # the other player's life total (103.4)


def readings(claim) -> list[dict] | None:
    """The open facts of a ``loses_game`` statement: the described player's life total, each value in turn."""
    out = claim.outcome or {}
    if out.get("check") != "loses_game":
        return None
    v = ((claim.situation or {}).get("actors") or {}).get(out.get("player") or "")
    desc = (v or {}).get("player_desc") if isinstance(v, dict) else None
    key = next((k for k in ("life", "poison") if isinstance(desc, dict) and k in desc), None)
    said = desc.get(key) if key else None
    if not (isinstance(said, list) and len(said) == 2 and said[0] in _FITS and isinstance(said[1], int)):
        return [{}]
    values = [said[1] + d for d in _FITS[said[0]]]
    values += [v for v in _TYPICAL[key] if _HOLDS[said[0]](v, said[1]) and v not in values]
    if key == "poison":                                 # a number of counters is never negative (122.1)
        values = [v for v in values if v >= 0]
    return [{key: v} for v in values]


def _out_loses_game(st, out: dict, holds: bool) -> None:
    """704.5a: a player with 0 or less life loses the game the next time the state-based actions are checked;
    704.5c: so does a player with ten or more poison counters (the player's life total stays the starting one)."""
    p = out.get("player")
    life, poison = st.extra.get("life"), st.extra.get("poison")
    if not isinstance(life if poison is None else poison, int) or not isinstance(st.actors.get(p), dict):
        raise Skip("the statement does not say which player's life total or poison counters are what")
    if len(st.actors) != 1 or st.sit.get("sequence"):
        raise Skip("only a player described by a life total or poison counters is staged")
    st.placed.add(p)
    if poison is not None:
        st.b.pcounters = {"you": {"poison": poison}}
        life = START_LIFE
    st.b.life = {"you": life, "opponent": START_LIFE}
    st.b.actions.append({"resolve": "all"})
    st.b.expect.append({"lost": {"player": "you", "value": holds}})


def _described(st, letter: str) -> bool:
    return st.name(letter).startswith("Stand-in ")


def _out_counters_left(st, out: dict, holds: bool) -> None:
    """704.5q: the counters of one kind left on the permanent after the events (pairs of +1/+1 and -1/-1 counters
    removed as a state-based action): exactly ``n``, or — denied without a number — none."""
    p = out.get("patient")
    v = st.actors.get(out.get("counters") or "")
    kinds = list(v["counters"]) if isinstance(v, dict) and isinstance(v.get("counters"), dict) else []
    if p not in st.placed or not st.b.actions or len(kinds) != 1:
        raise Skip("the statement does not say which counters are left on which permanent")
    n = out.get("n")
    if holds and isinstance(n, int):
        want = n
    elif not holds and n is None:
        want = 0
    else:
        raise Skip("a denied number of counters does not say how many are left")
    st.placed.add(out["counters"])
    st.b.expect.append({"counters": {"card": st.name(p), "kind": kinds[0], "n": want}})


def _out_has_counters(st, out: dict, holds: bool) -> None:
    """122.1 (infect 702.90b, wither 702.80a: damage dealt as -1/-1 counters): the counters the events put on the
    permanent, checked as the number of that kind on it after them — only when it had no +1/+1 or -1/-1 counter
    before (704.5q would blur "put" and "left") and the number stated cannot kill it (a -1/-1 counter per point
    of toughness: 704.5f would leave none to count)."""
    p = out.get("patient")
    v = st.actors.get(out.get("counters") or "")
    kinds = list(v["counters"]) if isinstance(v, dict) and isinstance(v.get("counters"), dict) else []
    n = out.get("n")
    if p not in st.placed or not st.b.actions or len(kinds) != 1 or not isinstance(n, int) or not holds:
        raise Skip("the statement does not say which counters the events put on which permanent")
    if st.counters_on.get(p) or any(e.get("event") == "has_counters" for e in st.sit.get("sequence") or []):
        raise Skip("counters put beside counters already on it: what is left is another statement (704.5q)")
    if kinds[0] == "-1/-1" and n >= st.toughness(p):
        raise Skip("that many -1/-1 counters leave it with 0 toughness (704.5f): the count cannot be seen after")
    st.placed.add(out["counters"])
    st.b.expect.append({"counters": {"card": st.name(p), "kind": kinds[0], "n": n}})


OUTCOMES = {"has_counters": _out_has_counters, "counters_left": _out_counters_left, "pt_is": _out_pt_is, "loses_game": _out_loses_game, "life_gained": _life(1), "life_lost": _life(-1)}
