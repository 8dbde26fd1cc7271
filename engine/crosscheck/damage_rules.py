"""``damage_result``: what damage a keyword rule makes happen (docs/design.md, claim table).

- ``attacker`` (+ ``blocker``), ``blocker_removed``: your attacker attacks the opponent, is blocked, the
  blocker leaves the battlefield before combat damage; outcome ``to_player``: ``{all: true}`` (all of its
  combat damage is dealt to the defending player, trample 702.19e) or ``{n: N}`` (509.1h: it stays blocked,
  510.1c: with no blockers it assigns no combat damage).
- ``fight``: ``{a: lifelinker, by: you|opponent, spell?: card, as?: "noncombat damage"}``: a spell makes the
  lifelinker fight an opponent's creature (701.14a); outcome ``life_gain``: ``{player, gains, n?}`` — its
  controller gains life equal to the damage it dealt (702.15b).
- ``lifelink_instances: N``: a creature with lifelink N times deals combat damage; outcome
  ``lifelink_redundant``: the life gained is the damage dealt once (702.15f) — or N times that (false).
"""
from __future__ import annotations

from extractor.facts import Claim

from ..behaviours import Behaviour
from .builder import Builder, compact, flag
from .cards import PLAIN_CREATURE, Cards
from .registry import Kind, Reading, Skip, register
from .standins import StandinCard, StandinTable

FIGHT_SPELL = "Stand-in fight spell"
EXALTED = "Stand-in creature with exalted"
LIFELINKER = "Stand-in creature with lifelink"
_COMBAT_CONDITIONS = ("blocked", "attacking")
_FIGHT_SPEC = {"spell": {"targets": [{"kind": "creature"}, {"kind": "creature"}], "effects": [{"fight": "targets"}]}}


def _power(cards: Cards, name: str) -> int:
    c = cards.card(name)
    try:
        return int(c.power)
    except (TypeError, ValueError):
        raise Skip(f"{name} has no fixed power") from None


def _combat(claim: Claim, cards: Cards) -> list[Reading]:
    sit, out = claim.situation or {}, claim.outcome or {}
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
    power = _power(cards, attacker)
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


def overlay(cards: Cards, card: StandinCard) -> str:
    """Lay a stand-in the cross-check itself needs (a fight spell, a planeswalker) over the claim's card view:
    the overlay of its described objects, or a new one on the view the readings run with."""
    if not isinstance(cards.table, StandinTable):
        cards.table = StandinTable(cards.table, {})
    cards.table.standins.setdefault(card.name, card)
    return card.name


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
    power = _power(cards, fighter)
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
    power = _power(cards, name)
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
    base = _power(cards, PLAIN_CREATURE), int(cards.card(PLAIN_CREATURE).toughness)
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


def _syn(claim: Claim, cards: Cards) -> list[Reading]:
    sit = claim.situation or {}
    if sit.get("conditions") and not sit.get("attacker"):
        raise Skip(f"the conditions {compact(sit['conditions'])} are staged only in a combat")
    if sit.get("attacker"):
        return _combat(claim, cards)
    if isinstance(sit.get("fight"), dict):
        return _fight(claim, cards)
    if sit.get("lifelinkers"):
        return _lifelink_events(claim, cards)
    if sit.get("exalted_permanents"):
        return _exalted(claim, cards)
    if isinstance(sit.get("dealt_damage"), dict):
        return _damage_trigger(claim, cards)
    if sit.get("lifelink_instances"):
        return _redundant(claim, cards)
    raise Skip("the claim states no combat, fight or lifelink creature")


register(Kind("damage_result", _syn, prepare=_lifelinker,
              stages=("attacker", "blocker", "blocker_removed", "fight", "lifelink_instances", "lifelinker",
                      "conditions", "dealt_damage", "exalted_permanents", "attacks_alone",
                      "lifelinkers", "trigger_source")))
