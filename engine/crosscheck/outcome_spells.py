"""Named spells in ``composed`` claims (issue 20; :mod:`extractor.claims.compose_spells` reads them): a named
instant or sorcery cast at an object, and the damage a named spell deals.  :mod:`engine.crosscheck.outcome`
registers the event beside its own and hands it a spell's damage outcome; a function takes that module's
``Stage`` and raises :class:`Skip` for what it cannot stage.

- ``cast_at`` (event, 601.2c / 608.2): the named spell is cast by you with the stated object as its one target
  and resolves (with what it triggers); the outcome is observed after it.  A spell with another number of
  targets, or a described spell, is not staged (the statement does not say what the other targets are);
- the damage outcome of a named spell (120.3, 601.2c): 「〔X〕は対象に／対戦相手にN点のダメージを与える」 — the spell
  is cast at the opponent (when its one target may be a player: "any target" 115.4, "target player",
  "target player or planeswalker") and resolves; the opponent's life total must change by exactly N (120.3a).
  A statement with no recipient is read as 「対象に」.  A denial, an unstated amount, or a recipient that is a
  creature or a named player other than the opponent is not staged (a creature's lethal damage would not tell
  the amount apart, 704.5g);
- a modal spell (700.2): the mode is a fact — it is cast with the one mode whose target may be the stated object
  (its kind and card-type filter), or for a damage outcome the one mode dealing damage to a target a player may be;
  when two modes fit, or none, it is not staged.
"""
from __future__ import annotations

from .registry import Skip

SPELL_TYPES = frozenset({"Instant", "Sorcery"})
# the target kinds of a spell's one target that a player may be (115.4 "any target"; "target player"; 120.3)
PLAYER_TARGETS = frozenset({"any", "player", "player_or_planeswalker", "opponent"})


def _spell(st, letter: str | None, fits=None) -> tuple[str, dict, dict]:
    """The named instant or sorcery card of ``letter``, its compiled spell (one target only) and the cast
    action's announcements: for a modal spell (700.2) ``{"modes": [i]}``, the one mode ``fits`` (a mode's
    definition → bool) allows — a mode is a fact, so a statement two modes would fit is not staged."""
    name = st.name(letter)
    if name.startswith("Stand-in ") or not (st.cards.types(name) & SPELL_TYPES):
        raise Skip("only a named instant or sorcery card is cast")
    beh = st.cards.behaviour(name)
    spell = getattr(beh, "spell", None) if beh is not None else None
    groups = (spell or {}).get("modes") or []
    if spell and groups and fits is not None and not spell.get("targets") and len(groups) == 1:
        modes = [i for i, m in enumerate(groups[0].get("modes") or [], 1) if fits(m)]
        if len(modes) != 1:
            raise Skip(f"the statement does not tell which mode of {name} is chosen (700.2a)" if modes
                       else f"no mode of {name} does what the statement says")
        return name, groups[0]["modes"][modes[0] - 1], {"modes": modes}
    if not spell or groups or len(spell.get("targets") or []) != 1:
        raise Skip(f"{name} is not a spell with exactly one target")
    return name, spell, {}


def _object_fits(st, target: str):
    """Whether a mode's one target may be the object ``target`` stages (115.1): its kind and card-type filter,
    read off the card; a mode with another filter is never taken to fit (its legality is not judged here)."""
    types = st.cards.types(st.name(target))

    def fits(mode: dict) -> bool:
        ts = mode.get("targets") or []
        if len(ts) != 1:
            return False
        t = ts[0]
        kind, flt = t.get("kind"), t.get("filter") or {}
        if set(flt) - {"types", "not_types", "types_any"} or kind not in ("creature", "permanent", "any"):
            return False
        if kind in ("creature", "any") and "Creature" not in types:
            return False
        return (set(flt.get("types") or []) <= types and not set(flt.get("not_types") or []) & types
                and (not flt.get("types_any") or bool(set(flt["types_any"]) & types)))
    return fits


def _damages_player(mode: dict) -> bool:
    """A mode that deals damage to its one target, which may be a player (120.3, 115.4)."""
    ts = mode.get("targets") or []
    return (len(ts) == 1 and ts[0].get("kind") in PLAYER_TARGETS
            and any(isinstance(e, dict) and isinstance(e.get("damage"), dict) and e["damage"].get("to") == "target"
                    for e in mode.get("effects") or []))


def is_spell_source(st, out: dict) -> bool:
    """Whether the damage outcome's source is a named instant or sorcery card."""
    src = out.get("source")
    v = st.actors.get(src or "")
    return isinstance(v, str) and not v.startswith("Stand-in ") and bool(st.cards.types(v) & SPELL_TYPES)


def _ev_cast_at(st, ev: dict) -> None:
    """601.2c, 608.2: you cast the named spell with the object as its target; it resolves."""
    target = ev.get("target")
    if not isinstance(st.actors.get(target or ""), str):
        raise Skip("the spell's target is not an object the scenario stages")
    name, _spell_def, chosen = _spell(st, ev.get("spell"), _object_fits(st, target))
    if not st.name(target).startswith("Stand-in "):
        st.plain(target)
    tname = st.place(target)
    st.placed.add(ev["spell"])
    st.side[ev["spell"]] = "you"
    st.b.add("you", "hand", name)
    st.b.actions += [{"cast": name, "by": "you", "targets": [tname], **chosen}, {"resolve": "all"}]


def spell_damage(st, out: dict, holds: bool) -> None:
    """120.3a: the named spell, cast at the opponent, makes their life total change by exactly the amount stated."""
    n = out.get("n")
    if not holds or not isinstance(n, int):
        raise Skip("the statement does not say how much damage the spell deals")
    rec = out.get("recipient")
    who = st.actors.get(rec) if rec else None
    if who not in (None, {"target": "any"}, {"player": "opponent"}):
        raise Skip("a spell's damage is staged only to a player it may target")
    name, spell, chosen = _spell(st, out.get("source"), _damages_player)
    if spell["targets"][0].get("kind") not in PLAYER_TARGETS:
        raise Skip(f"{name}'s target cannot be a player")
    if st.b.actions:
        raise Skip("the spell's own damage is stated apart from other events")
    st.placed.add(out["source"])
    if rec:
        st.placed.add(rec)
    st.b.add("you", "hand", name)
    st.b.actions += [{"cast": name, "by": "you", "targets": ["opponent"], **chosen}, {"resolve": "all"}]
    st.b.expect.append({"life_change": {"opponent": -n}})


EVENTS = {"cast_at": _ev_cast_at}
