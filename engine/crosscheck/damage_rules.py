"""The ``damage_result`` family: what damage a keyword rule makes happen, one claim kind a rule (docs/design.md,
claim table; each kind's synthesizer is named by its record in ``extractor/data/claim_kinds.yaml``).

- ``removed_blocker_damage`` — ``attacker`` (+ ``blocker``), ``blocker_removed``: your attacker attacks the opponent, is blocked, the
  blocker leaves the battlefield before combat damage; outcome ``to_player``: ``{all: true}`` (all of its
  combat damage is dealt to the defending player, trample 702.19e) or ``{n: N}`` (509.1h: it stays blocked,
  510.1c: with no blockers it assigns no combat damage).
- ``fight_lifelink`` — ``fight``: ``{a: lifelinker, by: you|opponent, spell?: card, as?: "noncombat damage"}``: a spell makes the
  lifelinker fight an opponent's creature (701.14a); outcome ``life_gain``: ``{player, gains, n?}`` — its
  controller gains life equal to the damage it dealt (702.15b).
- ``lifelink_redundant`` — ``lifelink_instances: N``: a creature with lifelink N times deals combat damage; outcome
  ``lifelink_redundant``: the life gained is the damage dealt once (702.15f) — or N times that (false).
- ``damage_trigger`` (enrage 207.2c), ``exalted_bonus`` (702.83b), ``lifelink_triggers`` (702.15e),
  ``blocking_keyword`` (a keyword that means nothing for a blocker, every reading must hold),
  ``deathtouch_assignment`` (702.2c), ``gains_while_attacking`` / ``tapped_while_attacking`` (506.4): below.
"""
from __future__ import annotations

from extractor.facts import Claim

from ..behaviours import Behaviour
from ..scenario import simulate
from .builder import Builder, compact, flag, observe, observed_state
from .cards import PLAIN_CREATURE, Cards
from .registry import Reading, Skip
from .standins import StandinCard, overlay

FIGHT_SPELL = "Stand-in fight spell"
EXALTED = "Stand-in creature with exalted"
LIFELINKER = "Stand-in creature with lifelink"
_COMBAT_CONDITIONS = ("blocked", "attacking")
_FIGHT_SPEC = {"spell": {"targets": [{"kind": "creature"}, {"kind": "creature"}], "effects": [{"fight": "targets"}]}}


def fixed_power(cards: Cards, name: str) -> int:
    c = cards.card(name)
    try:
        return int(c.power)
    except (TypeError, ValueError):
        raise Skip(f"{name} has no fixed power") from None


def _combat(claim: Claim, cards: Cards) -> list[Reading]:
    sit, out = claim.situation or {}, claim.outcome or {}
    if flag(out.get("stays_blocked")) is not None:
        return _stays_blocked(claim, cards)
    to = out.get("to_player")
    if not isinstance(to, dict):
        raise Skip(f"the claim does not say what damage the player is dealt ({compact(out)})")
    if not flag(sit.get("blocker_removed"), False):
        raise Skip("the claim does not say the blocker is gone")
    conds = [c.get("kind") if isinstance(c, dict) else c for c in sit.get("conditions") or []]
    if any(k not in _COMBAT_CONDITIONS for k in conds):          # (a question's 'A was blocked by B': staged)
        raise Skip(f"the conditions {compact(sit.get('conditions'))} cannot be staged in this combat")
    attacker = cards.name(str(sit["attacker"]))
    blocker = cards.name(str(sit["blocker"])) if sit.get("blocker") else PLAIN_CREATURE
    power = fixed_power(cards, attacker)
    if flag(to.get("all"), None) is not None:
        change = -power if flag(to.get("all")) else 0
    elif isinstance(to.get("n"), int):
        change = -int(to["n"])
    else:
        raise Skip(f"the claim does not give the damage to the player ({compact(to)})")
    b = Builder(claim, f"{attacker} attacks, blocked by {blocker}, the blocker leaves before combat damage", cards)
    b.rules = ["509.1h", "510.1c", "702.19e", "120.3a"]
    a = b.add("you", "battlefield", attacker)[0]
    bl = b.add("opponent", "battlefield", blocker)[0]
    b.actions += [{"attack": [a], "defender": "opponent"}, {"block": {bl: a}},
                  {"advance": {"turn": 1, "step": "declare_blockers"}},
                  {"exile": bl},                                   # an effect from an unnamed source
                  {"advance": {"turn": 1, "step": "combat_damage"}}, {"resolve": "all"}]
    b.expect += [{"zone": {"card": bl, "zone": "exile"}}, {"life_change": {"opponent": change}}]
    return [b.build()]


def _stays_blocked(claim: Claim, cards: Cards) -> list[Reading]:
    """509.1h, 506.4: an attacking creature once blocked stays blocked when its blocker leaves the battlefield
    (exiled by an effect from an unnamed source, in the declare blockers step) — checked right after."""
    sit, out = claim.situation or {}, claim.outcome or {}
    if not flag(sit.get("blocker_removed"), False):
        raise Skip("the claim does not say the blocker is gone")
    if sit.get("conditions"):
        raise Skip(f"the conditions {compact(sit.get('conditions'))} cannot be staged in this combat")
    attacker = cards.name(str(sit["attacker"]))
    blocker = cards.name(str(sit["blocker"])) if sit.get("blocker") else PLAIN_CREATURE
    b = Builder(claim, f"{attacker} attacks, blocked by {blocker}, the blocker leaves", cards)
    b.rules = ["509.1h", "506.4"]
    a = b.add("you", "battlefield", attacker)[0]
    bl = b.add("opponent", "battlefield", blocker)[0]
    b.actions += [{"attack": [a], "defender": "opponent"}, {"block": {bl: a}},
                  {"advance": {"turn": 1, "step": "declare_blockers"}}, {"exile": bl}]
    b.expect += [{"zone": {"card": bl, "zone": "exile"}},
                 {"blocked": {"card": a, "value": flag(out["stays_blocked"])}}]
    return [b.build()]


def _fight_spell(cards: Cards) -> str:
    """A sorcery that makes two target creatures fight and does nothing else (701.14a)."""
    return overlay(cards, StandinCard(name=FIGHT_SPELL, types=["Sorcery"], has_text=False,
                                      behaviour=Behaviour("<stand-in>", _FIGHT_SPEC), desc={}))


def _fight(claim: Claim, cards: Cards) -> list[Reading]:
    sit, out = claim.situation or {}, claim.outcome or {}
    fight, gain = sit["fight"], out.get("life_gain")
    if not isinstance(gain, dict) or flag(gain.get("gains")) is None:
        raise Skip(f"the claim does not say whether life is gained ({compact(out)})")
    if gain.get("player", "you") != "you":
        raise Skip("life gained by the fighting creature's opponent is not staged")
    fighter = cards.name(str(fight["a"]))
    by = str(fight.get("by") or "you")
    spell = cards.name(str(fight["spell"])) if fight.get("spell") else _fight_spell(cards)
    beh = cards.behaviour(spell)
    if beh is None or "fight" not in compact(beh.spell or {}):
        raise Skip(f"{spell} has no fight effect the engine runs")
    power = fixed_power(cards, fighter)
    b = Builder(claim, f"{by} casts {spell}: {fighter} fights {PLAIN_CREATURE}", cards)
    b.rules = ["701.14a", "702.15b", "120.3"]
    me = b.add("you", "battlefield", fighter)[0]
    other = b.add("opponent", "battlefield", PLAIN_CREATURE)[0]
    if by == "opponent":
        b.active = "opponent"
    b.add(by, "hand", spell)
    targets = [other, me] if by == "opponent" else [me, other]
    b.actions += [{"cast": spell, "by": by, "targets": targets}, {"resolve": "all"}]
    if not flag(gain["gains"]):
        change = 0
    else:
        change = int(gain["n"]) if isinstance(gain.get("n"), int) else power
    b.expect.append({"life_change": {"you": change}})
    return [b.build()]


def _lifelinker(claim: Claim) -> Claim:
    """Before stand-ins: 'lifelink twice' is a creature (any: a 2/2) whose abilities list lifelink N times."""
    sit = claim.situation or {}
    n = sit.get("lifelink_instances")
    if not isinstance(n, int) or n < 2 or sit.get("lifelinker"):
        return claim
    desc = {"types": ["Creature"], "pt": "2/2", "keywords": ["lifelink"] * n}
    return Claim(**{**claim.__dict__, "situation": {**sit, "lifelinker": {"desc": desc}}})


def _redundant(claim: Claim, cards: Cards) -> list[Reading]:
    sit, out = claim.situation or {}, claim.outcome or {}
    n = sit.get("lifelink_instances")
    red = flag(out.get("lifelink_redundant"))
    if not isinstance(n, int) or n < 2 or red is None or not sit.get("lifelinker"):
        raise Skip("the claim does not say how many instances of lifelink or what they do")
    name = cards.name(str(sit["lifelinker"]))
    power = fixed_power(cards, name)
    b = Builder(claim, f"a {power}/{power} with lifelink {n} times attacks unblocked", cards)
    b.rules = ["702.15b", "702.15f", "510.2"]
    a = b.add("you", "battlefield", name)[0]
    b.actions += [{"attack": [a], "defender": "opponent"}, {"advance": {"turn": 1, "step": "combat_damage"}},
                  {"resolve": "all"}]
    b.expect.append({"life_change": {"you": power if red else power * n}})
    return [b.build()]


def _damage_trigger(claim: Claim, cards: Cards) -> list[Reading]:
    """A creature whose ability triggers when it is dealt damage (enrage 207.2c) is dealt 1 damage — or,
    the claim says lethal, damage equal to its toughness (it is destroyed afterwards, 704.5g)."""
    dd, out = (claim.situation or {})["dealt_damage"], claim.outcome or {}
    times = (out.get("triggered") or {}).get("times")
    if not isinstance(times, int):
        raise Skip(f"the claim does not say whether the ability triggers ({compact(out)})")
    name = cards.name(str(dd["to"]))
    c = cards.card(name)
    try:
        n = int(c.toughness) if flag(dd.get("lethal"), False) else 1
    except (TypeError, ValueError):
        raise Skip(f"{name} has no fixed toughness") from None
    b = Builder(claim, f"{name} is dealt {n} damage" + (" (lethal)" if flag(dd.get("lethal"), False) else ""), cards)
    b.rules = ["120.3", "603.2", "207.2c"] + (["704.5g"] if flag(dd.get("lethal"), False) else [])
    x = b.add("you", "battlefield", name)[0]
    b.actions += [{"damage": {"to": x, "n": n}}, {"resolve": "all"}]
    b.expect.append({"triggered": {"source": x, "times": times}})
    if flag(dd.get("lethal"), False):
        b.expect.append({"zone": {"card": x, "zone": "graveyard"}})
    return [b.build()]


def _exalted(claim: Claim, cards: Cards) -> list[Reading]:
    """N creatures with exalted (any: 2/2s that do not attack) and a creature that attacks alone: each
    instance triggers (702.83b), the attacker's P/T after they resolve."""
    sit, out = claim.situation or {}, claim.outcome or {}
    n, bonus = sit.get("exalted_permanents"), out.get("attacker_bonus") or {}
    pt = bonus.get("pt")
    if not isinstance(n, int) or n < 1 or not isinstance(pt, list) or len(pt) != 2:
        raise Skip("the claim does not say how many exalted permanents or what bonus")
    if flag(bonus.get("negated"), False):
        raise Skip("a bonus the attacker does not get is not one expectation")
    ex = overlay(cards, StandinCard(name=EXALTED, types=["Creature"], power="2", toughness="2", has_text=False,
                                    behaviour=Behaviour("<stand-in>", {"keywords": ["exalted"]}), desc={}))
    b = Builder(claim, f"{n} creatures with exalted; {PLAIN_CREATURE} attacks alone", cards)
    b.rules = ["702.83a", "702.83b", "506.5"]
    b.add("you", "battlefield", ex, n)
    a = b.add("you", "battlefield", PLAIN_CREATURE)[0]
    base = fixed_power(cards, PLAIN_CREATURE), int(cards.card(PLAIN_CREATURE).toughness)
    b.actions += [{"attack": [a], "defender": "opponent"}, {"resolve": "all"}]
    b.expect.append({"pt": {"card": a, "power": base[0] + int(pt[0]), "toughness": base[1] + int(pt[1])}})
    return [b.build()]


def _lifelink_events(claim: Claim, cards: Cards) -> list[Reading]:
    """K creatures with lifelink (2/2s) attack unblocked and deal combat damage at once; the trigger source's
    'whenever you gain life' ability triggers once per source (702.15e, 119.10)."""
    sit, out = claim.situation or {}, claim.outcome or {}
    k, times = sit.get("lifelinkers"), (out.get("triggered") or {}).get("times")
    if not isinstance(k, int) or k < 1 or not isinstance(times, int):
        raise Skip("the claim does not say how many lifelink creatures or how many triggers")
    source = cards.name(str(sit["trigger_source"]))
    beh = cards.behaviour(source)
    if beh is None or not any(t.get("event") == "gain_life" for t in beh.triggers):
        raise Skip(f"{source} has no 'whenever you gain life' ability the engine runs")
    ll = overlay(cards, StandinCard(name=LIFELINKER, types=["Creature"], power="2", toughness="2", has_text=False,
                                    behaviour=Behaviour("<stand-in>", {"keywords": ["lifelink"]}), desc={}))
    b = Builder(claim, f"{k} creatures with lifelink deal combat damage at once; {source} on the battlefield", cards)
    b.rules = ["702.15b", "702.15e", "119.10", "510.2"]
    src = b.add("you", "battlefield", source)[0]
    attackers = b.add("you", "battlefield", ll, k)
    b.actions += [{"attack": attackers, "defender": "opponent"}, {"advance": {"turn": 1, "step": "combat_damage"}},
                  {"resolve": "all"}]
    b.expect.append({"triggered": {"source": src, "times": times}})
    return [b.build()]


def vanilla_creature(cards: Cards, pt: str, keywords: tuple[str, ...] = (), role: str = "") -> str:
    """A vanilla stand-in creature (``role``: a word that keeps it apart from another of the same size)."""
    p, t = pt.split("/")
    name = f"Stand-in {role + ' ' if role else ''}{pt} creature" + (f" with {', '.join(keywords)}" if keywords else "")
    return overlay(cards, StandinCard(name=name, types=["Creature"], power=p, toughness=t, has_text=False,
                                      behaviour=Behaviour("<stand-in>", {"keywords": list(keywords)}), desc={}))


_PROBES = [{"life": {"you": 0, "opponent": 0}}, {"count": {"player": "you", "zone": "graveyard", "n": -1}},
           {"count": {"player": "opponent", "zone": "graveyard", "n": -1}}]


def _blocking_keyword(claim: Claim, cards: Cards) -> list[Reading]:
    """A keyword that changes nothing for a creature that blocks: your stand-in with the keyword blocks an
    opponent's attacker (a 2/2, a 6/6, a 2/2 with flying) and is made to fight by the opponent's spell; each
    outcome (life totals, graveyards; or that the block / the spell is refused) must be that of a twin
    without the keyword in the same situation, measured with the engine."""
    sit, out = claim.situation or {}, claim.outcome or {}
    matters = flag(out.get("keyword_matters"))
    if matters is None:
        raise Skip("the claim does not say whether the keyword matters")
    kw = str(sit.get("blocking_keyword"))
    blocker = cards.name(str(sit["blocker"]))
    c = cards.card(blocker)
    twin = vanilla_creature(cards, f"{c.power}/{c.toughness}")
    attackers = [PLAIN_CREATURE, vanilla_creature(cards, "6/6"), vanilla_creature(cards, "2/2", ("flying",))]

    def block(x: str, att: str, label: str, key_illegal: bool, expect: list[dict]) -> dict:
        b = Builder(claim, label, cards)
        b.rules = ["509.1", "510.1", "510.2"]
        b.active, b.at = "opponent", {"turn": 1, "step": "main1"}
        a = b.add("opponent", "battlefield", att)[0]
        me = b.add("you", "battlefield", x)[0]
        b.actions += [{"advance": {"turn": 1, "step": "declare_attackers"}},
                      {"attack": [a], "defender": "you", "by": "opponent"}]
        key = {"block": {me: a}}
        b.actions += [_key(key, key_illegal)] if key_illegal else [key, {"advance": {"turn": 1, "step": "end_combat"}}]
        b.expect = expect
        return b.build().scenario

    def fight(x: str, label: str, key_illegal: bool, expect: list[dict]) -> dict:
        b = Builder(claim, label, cards)
        b.rules = ["701.14a", "115.1"]
        b.active = "opponent"
        other = b.add("opponent", "battlefield", attackers[1])[0]
        me = b.add("you", "battlefield", x)[0]
        spell = _fight_spell(cards)
        b.add("opponent", "hand", spell)
        key = {"cast": spell, "by": "opponent", "targets": [other, me]}
        b.actions += [_key(key, key_illegal)] if key_illegal else [key, {"resolve": "all"}]
        b.expect = expect
        return b.build().scenario

    situations = [(f"{att} attacks, %s blocks", lambda x, lab, il, e, att=att: block(x, att, lab, il, e))
                  for att in attackers]
    if matters:          # also a creature of the blocker's own size attacking (first strike decides that one)
        same = vanilla_creature(cards, f"{c.power}/{c.toughness}", role="attacking")
        mirror = [(f"{same} attacks, %s blocks", lambda x, lab, il, e: block(x, same, lab, il, e))]
        return [_matters_when_blocking(cards, kw, blocker, twin, situations + mirror)]
    readings = []
    if flag(sit.get("only_attacking"), False):      # 'it means something only when attacking': outside combat too
        situations.append(("the opponent makes %s fight a 6/6", fight))
        readings.append(_tap_reading(claim, cards, kw, c))
    for label, make in situations:
        try:
            expect = observed_state(_PROBES, observe(cards, make(twin, label % "a twin without it", False, _PROBES)),
                                    "with a twin without the keyword")
            if _refused(cards, make(blocker, label % blocker, True, [])):
                # the twin's block / the spell is allowed, the keyword's is refused: the keyword matters
                sc = make(blocker, label % blocker + f" — allowed, as it is without {kw}", "allowed", [])
            else:
                sc = make(blocker, label % blocker + f" — as it would without {kw}", False,
                          expect + [{"triggered": {"source": blocker, "times": 0}}])    # (the twin has no ability)
        except Skip:
            if not _refused(cards, make(twin, label % "the twin", True, [])):
                raise                            # the twin's situation cannot be run for another reason
            sc = make(blocker, label % blocker + f" — refused, as it is without {kw}", True, [])
        readings.append(Reading(label % blocker, sc))
    return readings


def _matters_when_blocking(cards: Cards, kw: str, blocker: str, twin: str, situations) -> Reading:
    """'The keyword matters when its creature blocks': a block (a 2/2, a 6/6, a 2/2 with flying, a creature
    of the blocker's size attacking) whose outcome — the block refused or allowed, life totals, graveyards — the engine measures to differ from
    a twin's without the keyword.  The first such block is the reading (its expectations are the outcome
    measured with the keyword, which differs from the twin's).  That no block tried differs does not show that
    the keyword never matters: then the claim is unsimulable, never contradicted."""
    for label, make in situations:
        try:
            mine_refused = _refused(cards, make(blocker, label % blocker, True, []))
            twin_refused = _refused(cards, make(twin, label % "the twin", True, []))
            if mine_refused != twin_refused:
                word = "refused" if mine_refused else "allowed"
                return Reading(label % blocker + f" — the block is {word}, unlike a twin's without {kw}",
                               make(blocker, label % blocker, True if mine_refused else "allowed", []))
            if mine_refused:
                continue
            twin_state = observed_state(_PROBES, observe(cards, make(twin, label % "the twin", False, _PROBES)),
                                        "with a twin without the keyword")
            mine_state = observed_state(_PROBES, observe(cards, make(blocker, label % blocker, False, _PROBES)),
                                        f"with {kw}")
        except Skip:
            continue
        if mine_state != twin_state:
            differs = [compact(m) for m, t in zip(mine_state, twin_state) if m != t]
            return Reading(label % blocker + f" — unlike a twin without {kw}: {'; '.join(differs)}",
                           make(blocker, label % blocker, False, mine_state))
    raise Skip(f"in no block tried (a 2/2, a 6/6, a 2/2 with flying, one of its size attacking) does {kw} change the outcome; "
               "that it never matters is not shown by these, so the claim is not judged")


def _key(action: dict, mode) -> dict:
    """The situation's key action as a mid-scenario check: refused (``True``) or ``"allowed"``."""
    return {"expect": [{"allowed": {"action": action, "value": True}}]} if mode == "allowed" else \
        {"expect": [{"illegal": {"action": action}}]}


def _tap_reading(claim: Claim, cards: Cards, kw: str, c) -> Reading:
    """A creature with a {T} ability that has just come under your control activates it (302.6): allowed as
    for a twin without the keyword (measured), e.g. not when the keyword is haste (702.10)."""
    tap = {"activated": [{"name": "tap", "tap": True, "effects": []}]}
    pt = f"{c.power}/{c.toughness}"

    def card(name: str, kws: list[str]) -> str:
        return overlay(cards, StandinCard(name=name, types=["Creature"], power=c.power, toughness=c.toughness,
                                          has_text=False, behaviour=Behaviour("<stand-in>", {**tap, "keywords": kws}),
                                          desc={}))
    twin, mine = card(f"Stand-in {pt} creature with a tap ability", []), \
        card(f"Stand-in {pt} creature with {kw} and a tap ability", [kw])

    def build(x: str, value) -> dict:
        b = Builder(claim, f"{x} comes under your control and its {{T}} ability is activated", cards)
        b.rules = ["302.6", "702.10"]
        b.add("you", "hand", x)
        b.actions.append({"put": {"card": x, "zone": "battlefield", "player": "you"}})
        b.expect = [{"allowed": {"action": {"activate": x, "ability": 1}, "value": value}}]
        return b.build().scenario
    allowed = cards.probe(build(twin, True))[0].get("observed") == "allowed"
    return Reading(f"{mine}: its {{T}} ability as soon as it is under your control", build(mine, allowed))


def _refused(cards: Cards, sc: dict) -> bool:
    """Whether the scenario's mid-scenario 'illegal' expectation holds (the key action is refused)."""
    try:
        res = simulate(sc, cards=cards.table, log=False)
    except Exception:
        return False
    return not res.error and all(ch.get("ok") for ch in res.checks) and bool(res.checks)


def _deathtouch_assignment(claim: Claim, cards: Cards) -> list[Reading]:
    """A 2/2 with deathtouch blocked by two 5/5s: with 1 damage lethal for the assignment (702.2c, 510.1c) it
    may assign 1 to each and both are destroyed (704.5h); else the first must take 2 and only it dies."""
    sit, out = claim.situation or {}, claim.outcome or {}
    lethal = flag(out.get("assignment_lethal"))
    if lethal is None or sit.get("blockers") != 2:
        raise Skip("the claim does not say whether deathtouch damage counts as lethal for the assignment")
    attacker = cards.name(str(sit["attacker"]))
    big = vanilla_creature(cards, "5/5")
    b = Builder(claim, f"{attacker} attacks, blocked by two 5/5s", cards)
    b.rules = ["702.2c", "510.1c", "704.5h"]
    a = b.add("you", "battlefield", attacker)[0]
    bl = b.add("opponent", "battlefield", big, 2)
    b.actions += [{"attack": [a], "defender": "opponent"}, {"block": {x: a for x in bl}},
                  {"advance": {"turn": 1, "step": "end_combat"}}]
    b.expect.append({"count": {"player": "opponent", "zone": "graveyard", "n": 2 if lethal else 1}})
    return [b.build()]


def _gains_while_attacking(claim: Claim, cards: Cards) -> list[Reading]:
    """Your creature attacks; you give it the keyword with an instant (a stand-in: target creature gains it
    until end of turn); unblocked, it still deals its combat damage to the opponent — or, if it were
    removed from combat, none (506.4)."""
    sit, out = claim.situation or {}, claim.outcome or {}
    stays = flag(out.get("still_attacking"))
    if stays is None:
        raise Skip("the claim does not say whether the creature stays attacking")
    kw = str(sit["gains_while_attacking"]).replace(" ", "_")
    attacker = cards.name(str(sit["attacker"]))
    spell = overlay(cards, StandinCard(
        name=f"Stand-in instant: target creature gains {kw}", types=["Instant"], has_text=False, desc={},
        behaviour=Behaviour("<stand-in>", {"spell": {"targets": [{"kind": "creature"}],
                                                     "effects": [{"pump": {"affected": "target", "grant": [kw]}}]}})))
    b = Builder(claim, f"{attacker} attacks, then gains {kw}", cards)
    b.rules = ["506.4", "508.1", "510.2"]
    a = b.add("you", "battlefield", attacker)[0]
    b.add("you", "hand", spell)
    b.actions += [{"attack": [a], "defender": "opponent"}, {"cast": spell, "targets": [a]}, {"resolve": "all"},
                  {"expect": [{"has_ability": {"card": a, "ability": kw, "value": True}}]},
                  {"advance": {"turn": 1, "step": "end_combat"}}]
    b.expect.append({"life_change": {"opponent": -fixed_power(cards, attacker) if stays else 0}})
    return [b.build()]


def _tapped_while_attacking(claim: Claim, cards: Cards) -> list[Reading]:
    """Your creature attacks; the defending player taps it with an instant (a stand-in: tap target creature,
    701.26a); unblocked, it still deals its combat damage — tapping an attacking creature does not remove it
    from combat (506.4) — or, if it were removed, none."""
    out = claim.outcome or {}
    stays = flag(out.get("still_attacking"))
    if stays is None:
        raise Skip("the claim does not say whether the creature stays attacking")
    attacker = cards.name(str((claim.situation or {})["attacker"]))
    spell = overlay(cards, StandinCard(
        name="Stand-in instant: tap target creature", types=["Instant"], has_text=False, desc={},
        behaviour=Behaviour("<stand-in>", {"spell": {"targets": [{"kind": "creature"}],
                                                     "effects": [{"tap": "target"}]}})))
    b = Builder(claim, f"{attacker} attacks, then the defending player taps it", cards)
    b.rules = ["506.4", "508.1", "701.26a", "510.2"]
    a = b.add("you", "battlefield", attacker)[0]
    b.add("opponent", "hand", spell)
    b.actions += [{"attack": [a], "defender": "opponent"}, {"cast": spell, "targets": [a], "by": "opponent"},
                  {"resolve": "all"}, {"expect": [{"tapped": {"card": a, "value": True}}]},
                  {"advance": {"turn": 1, "step": "end_combat"}}]
    b.expect.append({"life_change": {"opponent": -fixed_power(cards, attacker) if stays else 0}})
    return [b.build()]
