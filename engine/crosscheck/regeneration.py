"""``regenerates`` claims (CR 701.15): a permanent with a regeneration shield (a spell that regenerates it,
cast and resolved: 701.15a) or a static regeneration ability (701.15b) on your battlefield, then destroyed — by
a destroy effect, or by the card the claim names (「再生を禁止する」: its "can't be regenerated", 701.15c) — and
the outcome checked: regenerated = still on the battlefield, tapped (701.15a: it is tapped instead); not
regenerated = in the graveyard, or, for an indestructible permanent (702.12b: nothing to replace), still on the
battlefield untapped.  ``replaces`` once / every: destroyed twice, where it is after each (once: in the graveyard).

The permanent the claim leaves unnamed is a plain 2/2 creature stand-in (an artifact creature when the named
destroyer destroys artifacts); where the regeneration comes from, when the claim does not say, is each source
a reading (they disagree on 'once' / 'every': never decided)."""
from __future__ import annotations

import copy

from extractor.facts import Claim

from .builder import Builder, compact, flag
from .cards import Cards
from .registry import Reading, Skip
from .removal import SHIELD_SPELL, _by_actions
from .standins import is_desc

SOURCES = ("resolved", "static")
PLAIN = {"types": ["Creature"], "pt": "2/2"}
# "destroyed by an effect that says it can't be regenerated": a spell destroying target permanent, no_regen (701.15c)
NO_REGEN_DESTROYER = {"desc": {"types": ["Instant"], "targets": "permanent", "label": "no regeneration",
                               "effects": [{"destroy": {"what": "target", "no_regen": True}}]}}


def _destroys_artifacts(table, name) -> bool:
    from .. import behaviours
    card = table.get(name) if hasattr(table, "get") else None
    beh = behaviours.resolve(card or name)
    if beh is None or not beh.spell:
        return False
    return any("Artifact" in ((t.get("filter") or {}).get("types") or []) for t in beh.spell.get("targets") or []
               if isinstance(t, dict))


def _prepare(claim: Claim, table) -> Claim:
    """Before stand-ins: the unnamed permanent as a plain stand-in; one claim per source is made in the
    synthesizer (a static source is a stand-in key, a resolved one the shield spell)."""
    sit = copy.deepcopy(claim.situation or {})
    if sit.get("by") == "destroy_no_regen":
        sit["by"] = copy.deepcopy(NO_REGEN_DESTROYER)
    if sit.get("target") is None:
        desc = dict(PLAIN)
        if isinstance(sit.get("by"), str) and _destroys_artifacts(table, sit["by"]):
            desc["types"] = ["Artifact", "Creature"]
        sit["target"] = {"desc": desc}
    if sit.get("shield") != "static":
        sit["_shield_spell"] = copy.deepcopy(SHIELD_SPELL)
    if sit.get("shield") != "resolved" and is_desc(sit["target"]):
        sit["_static_target"] = {"desc": {**sit["target"]["desc"], "regenerates": True}}
    return Claim(**{**claim.__dict__, "situation": sit})


def _indestructible(cards: Cards, name: str) -> bool:
    beh = cards.behaviour(name)
    return beh is not None and "indestructible" in beh.keywords


def _syn_regenerates(claim: Claim, cards: Cards) -> list[Reading]:
    sit, out = claim.situation or {}, claim.outcome or {}
    regenerated = flag(out.get("regenerated"))
    replaces = out.get("replaces")
    if regenerated is None and replaces not in ("once", "every"):
        raise Skip(f"the claim does not say whether the permanent regenerates ({compact(out)})")
    if sit.get("quoted_ability") and not out.get("effects"):
        raise Skip(f"the quoted ability {compact(sit['quoted_ability'])} is not staged")
    if sit.get("conditions"):
        raise Skip(f"the conditions {compact(sit['conditions'])} cannot be staged with a regeneration shield")
    sources = [sit["shield"]] if sit.get("shield") in SOURCES else list(SOURCES)
    readings = []
    for src in sources:
        if src == "static":
            if not sit.get("_static_target"):
                raise Skip(f"a static regeneration ability on {sit.get('target')} cannot be given to a named card")
            target = cards.name(str(sit["_static_target"]))
        else:
            target = cards.name(str(sit["target"]))
        b = Builder(claim, f"{target}, regeneration from a {src} ability"
                    + (f", destroyed by {sit['by']}" if sit.get("by") else ""), cards)
        b.rules = ["701.15a", "701.15b", "701.15c", "702.12b"]
        b.add("you", "battlefield", target)
        acts: list[dict] = []
        if src == "resolved":
            shield = cards.name(str(sit["_shield_spell"]))
            b.add("you", "hand", shield)
            acts += [{"cast": shield, "targets": [target]}, {"resolve": "all"}]
        kill = _by_actions(b, cards, target, sit.get("by")) + [{"resolve": "all"}]
        if replaces is not None:
            again = kill if not sit.get("by") else [{"destroy": target}, {"resolve": "all"}]
            acts += kill + [{"expect": [{"zone": {"card": target, "zone": "battlefield"}},
                                        {"tapped": {"card": target, "value": True}}]}] + again
            b.actions = acts
            b.expect.append({"zone": {"card": target, "zone": "battlefield" if replaces == "every" else "graveyard"}})
        elif out.get("effects"):
            readings += _definition(claim, cards, target, src, list(out["effects"]), sit)
            continue
        else:
            b.actions = acts + kill
            if regenerated:
                b.expect += [{"zone": {"card": target, "zone": "battlefield"}},
                             {"tapped": {"card": target, "value": True}}]
            elif _indestructible(cards, target):     # 702.12b: not destroyed, the shield is not used
                b.expect += [{"zone": {"card": target, "zone": "battlefield"}},
                             {"tapped": {"card": target, "value": False}}]
            else:
                b.expect.append({"zone": {"card": target, "zone": "graveyard"}})
        readings.append(b.build())
    return readings


EFFECTS = ("damage_removed", "tapped", "untapped", "removed_from_combat")


def _definition(claim: Claim, cards: Cards, target: str, src: str, effects: list, sit: dict) -> list[Reading]:
    """What regenerating does (701.15a/b): two such permanents with 1 damage marked and the regeneration, one
    attacking unblocked, both destroyed before combat damage — each stated effect is checked: no damage left,
    the one outside combat tapped (untapped), the attacker removed from combat (it deals no combat damage)."""
    bad = [e for e in effects if e not in EFFECTS]
    if bad:
        raise Skip(f"what regeneration does ({bad}) is not in the scenario vocabulary")
    b = Builder(claim, f"two {target} with 1 damage, regeneration from a {src} ability, destroyed (one attacking)",
                cards)
    b.rules = ["701.15a", "701.15b", "506.4"]
    still, attacker = b.add("you", "battlefield", target, n=2, opts={"damage": 1})
    if src == "resolved":
        shield = cards.name(str(sit["_shield_spell"]))
        b.add("you", "hand", shield, n=2)
        b.actions += [{"cast": shield, "targets": [still]}, {"resolve": "all"},
                      {"cast": shield, "targets": [attacker]}, {"resolve": "all"}]
    b.actions += [{"attack": [attacker], "defender": "opponent"},
                  {"advance": {"turn": 1, "step": "declare_blockers"}},
                  {"destroy": still}, {"destroy": attacker}, {"resolve": "all"},
                  {"advance": {"turn": 1, "step": "combat_damage"}}, {"resolve": "all"}]
    for o in (still, attacker):
        b.expect.append({"zone": {"card": o, "zone": "battlefield"}})
        if "damage_removed" in effects:
            b.expect.append({"damage": {"card": o, "n": 0}})
    if "tapped" in effects or "untapped" in effects:
        b.expect.append({"tapped": {"card": still, "value": "tapped" in effects}})
    if "removed_from_combat" in effects:
        b.expect.append({"life_change": {"opponent": 0}})
    return [b.build()]
