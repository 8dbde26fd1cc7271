"""``illegal_target``: a targeted spell whose only target became illegal does not resolve (CR 608.2b: it is removed
from the stack and put into its owner's graveyard; none of its effects happen) — the release-note ruling 「《X》の
解決時に、対象としたクリーチャーが不正な対象になっていた場合、《X》は解決されない」 (extractor/claims/illegal_target.py).

Staged with the card itself (its compiled Oracle behaviour; a card that does not compile is not judged): X in your
hand (with the creatures an additional sacrifice cost needs, 601.2h), a plain creature of the opponent's as its one
target (a target that fits 'creature' or 'any target'), X cast
targeting it, the creature then returned to its owner's hand (400.7: a new object, so no longer the target), and
X resolved.  Expected: X in your graveyard and nothing else changed from the state just before X resolved (the
life totals, both battlefields and graveyards — X's own move excepted).  A spell with several targets (608.2b: it
resolves for the legal ones), no target, or a target no creature fits, is not judged."""
from __future__ import annotations

from extractor.facts import Claim

from ..behaviours import Behaviour
from .builder import Builder, observe, observed_state, probe_expectations
from .cards import PLAIN_CREATURE, Cards
from .registry import Reading, Skip
from .standins import StandinCard, overlay

_CREATURE_TARGETS = {"creature", "any", "permanent", "creature_or_player", "creature_or_planeswalker"}


def _syn_illegal_target(claim: Claim, cards: Cards) -> list[Reading]:
    sit = claim.situation or {}
    if sit.get("objects"):
        return _syn_rule(claim, cards, sit["objects"])
    name = sit.get("spell") or claim.subject
    if not isinstance(name, str) or not name:
        raise Skip("the claim does not name the spell whose target becomes illegal")
    spell = cards.name(name)
    beh = cards.behaviour(spell)
    if beh is None:
        raise Skip(f"{spell} has no behaviour (its Oracle text does not compile supported): the spell is not staged")
    if sit.get("ability") == "triggered":
        return _syn_trigger(claim, cards, spell, beh)
    sp = beh.spell or {}
    if not sp:
        raise Skip(f"{spell} is not a spell with effects of its own (an instant or sorcery): not staged here")
    targets = sp.get("targets") or []
    if sp.get("modes") or len(targets) != 1:
        raise Skip(f"{spell} has {len(targets)} targets{' and modes' if sp.get('modes') else ''}: 608.2b with one "
                   "illegal target of several is another statement")
    kind = targets[0].get("kind") if isinstance(targets[0], dict) else None
    if kind not in _CREATURE_TARGETS:
        raise Skip(f"{spell}'s target ({kind}) is not one a creature can be: not staged")
    extra = beh.extra.get("additional_cost") or {}
    sac = extra.get("sacrifice_other") if isinstance(extra, dict) else None
    if extra and (set(extra) != {"sacrifice_other"} or not isinstance(sac, dict) or set(sac) - {"types", "n"}
                  or not set(sac.get("types") or ["Creature"]) <= {"Creature"}):
        raise Skip(f"{spell}'s additional cost {extra} is not one this staging pays")
    probes = probe_expectations(spell)[:1] + probe_expectations(spell)[3:]

    def build(resolve: bool, expect: list[dict]) -> dict:
        b = Builder(claim, f"{spell} cast at a creature that then leaves the battlefield", cards)
        b.rules = ["608.2b", "400.7"]
        b.add("you", "hand", spell)
        if sac:                     # 601.2h: its additional cost — creatures of yours to sacrifice as it is cast
            b.add("you", "battlefield", PLAIN_CREATURE, int(sac.get("n", 1)))
        (t,) = b.add("opponent", "battlefield", PLAIN_CREATURE)
        b.actions += [{"cast": spell, "targets": [t]},
                      {"put": {"cards": [t], "zone": "hand", "player": "opponent"}}]
        if resolve:
            b.actions.append({"resolve": "all"})
        b.expect = expect
        return b.build().scenario

    before = observed_state(probes, observe(cards, build(False, probes)), "before it resolves")
    after = []
    for e in before:
        c = e.get("count")
        if c and c["player"] == "you" and c["zone"] == "graveyard":
            e = {"count": {**c, "n": c["n"] + 1}}          # 608.2b: the spell itself, put into the graveyard
        after.append(e)
    if (claim.outcome or {}).get("resolves", False):
        raise Skip("the claim says the spell resolves: 608.2b says it does not; no reading stages its resolution")
    after.append({"zone": {"card": spell, "zone": "graveyard"}})
    return [Reading("as stated", build(True, after))]


def _syn_trigger(claim: Claim, cards: Cards, card: str, beh) -> list[Reading]:
    """The card's one "when ~ enters" triggered ability with one target (603.3d: its target chosen as it is put on
    the stack): X cast and resolved with the opponent's creature chosen as the trigger's target (checked on the stack
    before anything else happens, else not judged), the creature returned to its owner's hand, the trigger resolved;
    nothing may change from the state before it resolved (608.2b)."""
    trigs = [t for t in beh.triggers if t.get("event") == "enters" and (t.get("object") or {}).get("self")]
    if len(beh.triggers) != 1 or len(trigs) != 1:
        raise Skip(f"{card} does not have exactly one triggered ability, one that triggers when it enters: "
                   "which ability the statement means is not staged")
    targets = trigs[0].get("targets") or []
    kind = targets[0].get("kind") if len(targets) == 1 and isinstance(targets[0], dict) else None
    if kind not in _CREATURE_TARGETS or set(targets[0]) - {"kind", "filter"} or \
            set((targets[0].get("filter") or {})) - {"controller"} or \
            (targets[0].get("filter") or {}).get("controller", "opponent") != "opponent":
        raise Skip(f"{card}'s triggered ability does not have one target an opponent's plain creature can be")
    if beh.extra.get("additional_cost") or not (set(cards.types(card)) & {"Creature", "Artifact", "Enchantment"}):
        raise Skip(f"{card} is not a permanent spell this staging casts")
    probes = probe_expectations(card)[:1] + probe_expectations(card)[3:]

    def build(stage: int, expect: list[dict]) -> dict:
        b = Builder(claim, f"{card}'s enter trigger aimed at a creature that then leaves the battlefield", cards)
        b.rules = ["603.3d", "608.2b", "400.7"]
        b.add("you", "hand", card)
        (t,) = b.add("opponent", "battlefield", PLAIN_CREATURE)
        b.actions += [{"cast": card}, {"choose": {"targets": [t]}}, {"resolve": 1}]
        if stage >= 1:
            b.actions.append({"put": {"cards": [t], "zone": "hand", "player": "opponent"}})
        if stage >= 2:
            b.actions.append({"resolve": "all"})
        b.expect = expect
        return b.build().scenario

    aimed = cards.probe(build(0, [{"targets": {"source": card, "card": PLAIN_CREATURE}}]))
    if not (aimed and aimed[-1].get("ok")):
        raise Skip(f"{card}'s trigger could not be staged aimed at the opponent's creature ({aimed})")
    before = observed_state(probes, observe(cards, build(1, probes)), "before the trigger resolves")
    return [Reading("as stated", build(2, before))]


# the rule of spells and abilities in general: stand-ins whose one target is a creature and that also gain you 2 life
_EFFECTS = [{"destroy": "target"}, {"gain_life": {"n": 2, "player": "you"}}]
_TARGET = [{"kind": "creature"}]


def _standin(cards: Cards, obj: str) -> str:
    if obj == "spell":
        name, types, spec = ("Stand-in instant (destroy target creature, you gain 2 life)", ["Instant"],
                             {"spell": {"targets": _TARGET, "effects": _EFFECTS}})
    elif obj == "activated":
        name, types, spec = ("Stand-in artifact ({1}: destroy target creature, you gain 2 life)", ["Artifact"],
                             {"activated": [{"name": "destroy", "cost": "{1}", "targets": _TARGET, "effects": _EFFECTS}]})
    else:
        name, types, spec = ("Stand-in 2/2 creature (when it enters, destroy target creature, you gain 2 life)",
                             ["Creature"], {"triggers": [{"event": "enters", "object": {"self": True},
                                                          "targets": _TARGET, "effects": _EFFECTS}]})
    return overlay(cards, StandinCard(name=name, types=types, power="2" if obj == "triggered" else None,
                                      toughness="2" if obj == "triggered" else None, has_text=False, desc={},
                                      behaviour=Behaviour("<stand-in>", spec)))


def _syn_rule(claim: Claim, cards: Cards, objects: list) -> list[Reading]:
    """608.2b of spells and abilities in general (「呪文や能力の対象が全て不正な対象となった場合、…打ち消される」): per kind
    of object a stand-in whose one target is a creature and that also gains you 2 life — an instant cast, an
    artifact's ability activated, a creature's enters trigger — aimed at the opponent's creature, which is then
    returned to its owner's hand (400.7: a new object); the stack resolves.  It did not resolve: no life gained (its
    untargeted part did not happen either), the creature in its owner's hand, the instant in your graveyard; a claim
    that it resolves expects the 2 life."""
    resolves = (claim.outcome or {}).get("resolves")
    if not isinstance(resolves, bool):
        raise Skip("the claim does not say whether it resolves")
    if not objects or set(objects) - {"spell", "activated", "triggered"}:
        raise Skip(f"the objects {objects} are not staged")
    readings = []
    for obj in objects:
        card = _standin(cards, obj)
        b = Builder(claim, f"{card} aimed at the opponent's creature, which then returns to its owner's hand", cards)
        b.rules = ["608.2b", "400.7", "115.1"]
        (t,) = b.add("opponent", "battlefield", PLAIN_CREATURE)
        if obj == "spell":
            b.add("you", "hand", card)
            b.actions.append({"cast": card, "targets": [t]})
        elif obj == "activated":
            b.add("you", "battlefield", card)
            b.actions.append({"activate": card, "ability": 1, "targets": [t]})
        else:
            b.add("you", "hand", card)
            b.actions += [{"choose": {"targets": [t]}},
                          {"put": {"cards": [card], "zone": "battlefield", "player": "you"}}]
        if obj != "activated":                          # (an activation names its targets itself, 602.2b)
            b.actions.append({"expect": [{"targets": {"source": card, "card": t}}]})
        b.actions += [{"put": {"cards": [t], "zone": "hand", "player": "opponent"}}, {"resolve": "all"}]
        b.expect += [{"life_change": {"you": 2 if resolves else 0}}, {"zone": {"card": t, "zone": "hand"}}]
        if obj == "spell":
            b.expect.append({"zone": {"card": card, "zone": "graveyard"}})
        readings.append(b.build())
    return readings
