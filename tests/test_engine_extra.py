"""Engine unit tests for the mechanics the seed scenarios exercise, one rule at a time, written as small
scenarios (docs/scenario-format.md).  Each states the rule it checks; several are the "other side" of a
seed scenario (the condition false, the second death, the effect suppressed)."""
from __future__ import annotations

import pytest
import yaml

import engine

pytestmark = pytest.mark.skipif(not hasattr(engine, "simulate"), reason="engine.simulate not implemented yet")


def run(text: str):
    doc = yaml.safe_load(text)
    doc.setdefault("name", "engine unit test")
    doc.setdefault("source", "tests/test_engine_extra.py")
    result = engine.simulate(doc)
    return result


def assert_passes(text: str):
    result = run(text)
    assert result.error is None, result.error
    failing = [c for c in result.checks if not (c["ok"] if isinstance(c, dict) else c.ok)]
    assert result.passed and not failing, f"failing checks: {failing}\nlog:\n" + "\n".join(result.log or [])
    return result


# -- devotion (700.5) ---------------------------------------------------------------------------------
def test_devotion_counts_each_hybrid_symbol_for_both_colors_and_once_for_a_pair():
    # 700.5: devotion to red and white counts a {R/W} symbol once.
    assert_passes("""
zones: {you: {battlefield: [Boros Reckoner, Kitchen Finks]}}
expect:
  - devotion: {player: you, color: W, n: 5}
  - devotion: {player: you, color: R, n: 3}
  - devotion: {player: you, color: [R, W], n: 5}
  - devotion: {player: opponent, color: W, n: 0}
""")


def test_devotion_ignores_generic_and_opponents_permanents():
    assert_passes("""
zones:
  you: {battlefield: [Solemn Simulacrum, Yoked Ox]}
  opponent: {battlefield: [Soul Warden]}
expect:
  - devotion: {player: you, color: W, n: 1}
  - devotion: {player: opponent, color: W, n: 1}
""")


def test_god_is_a_creature_with_enough_devotion():
    # Heliod {3}{W} + Evangel of Heliod {4}{W}{W} + Yoked Ox {W} + Soul Warden {W} = 5.
    assert_passes("""
zones: {you: {battlefield: ["Heliod, God of the Sun", Evangel of Heliod, Yoked Ox, Soul Warden]}}
expect:
  - devotion: {player: you, color: W, n: 5}
  - types: {card: "Heliod, God of the Sun", has: [Enchantment, Creature, God]}
  - pt: {card: "Heliod, God of the Sun", power: 5, toughness: 6}
""")


def test_god_without_devotion_is_not_a_creature_and_is_indestructible():
    assert_passes("""
zones: {you: {battlefield: ["Heliod, God of the Sun"]}}
actions:
  - destroy: "Heliod, God of the Sun"
expect:
  - types: {card: "Heliod, God of the Sun", has: [Enchantment], lacks: [Creature]}
  - zone: {card: "Heliod, God of the Sun", zone: battlefield}
""")


def test_evangel_counts_devotion_on_resolution():
    # 608.2h: the number is determined as the ability resolves; Soul Warden arriving first counts.
    assert_passes("""
zones:
  you: {battlefield: [Yoked Ox], hand: [Evangel of Heliod, Soul Warden]}
actions:
  - cast: Evangel of Heliod
  - resolve: 1
  - expect: [{stack: [Evangel of Heliod]}]
  - put: {card: Soul Warden, zone: battlefield, player: you}
  - resolve: all
expect:
  - count: {player: you, zone: battlefield, card: Soldier Token, n: 4}
  - life: {you: 24}
""")


# -- bestow (702.103) ---------------------------------------------------------------------------------
def test_bestow_aura_pumps_and_becomes_a_creature_when_unattached():
    # 702.103f: a bestowed Aura that becomes unattached stops being bestowed (it stays on the battlefield).
    assert_passes("""
zones:
  you: {battlefield: [Grizzly Bears], hand: [Nyxborn Shieldmate]}
actions:
  - cast: Nyxborn Shieldmate
    mode: bestow
    targets: [Grizzly Bears]
  - resolve: all
  - expect:
      - pt: {card: Grizzly Bears, power: 3, toughness: 4}
      - types: {card: Nyxborn Shieldmate, has: [Enchantment, Aura], lacks: [Creature]}
  - destroy: Grizzly Bears
expect:
  - zone: {card: Nyxborn Shieldmate, zone: battlefield}
  - types: {card: Nyxborn Shieldmate, has: [Enchantment, Creature], lacks: [Aura]}
  - pt: {card: Nyxborn Shieldmate, power: 1, toughness: 2}
""")


def test_bestow_needs_a_target():
    # 702.103b / 303.4: an Aura spell needs a legal target; with no creature it cannot be cast with bestow.
    assert_passes("""
zones:
  you: {hand: [Nyxborn Shieldmate]}
expect:
  - illegal: {action: {cast: Nyxborn Shieldmate, mode: bestow, targets: [opponent]}}
  - can_cast: {player: you, card: Nyxborn Shieldmate, value: true}
""")


def test_counterspell_without_a_legal_target_cannot_be_cast():
    assert_passes("""
zones:
  you: {hand: [Grizzly Bears]}
  opponent: {hand: [Essence Scatter, Negate]}
actions:
  - cast: Grizzly Bears
expect:
  - can_cast: {player: opponent, card: Essence Scatter, value: true}
  - can_cast: {player: opponent, card: Negate, value: false}
""")


# -- monstrosity (701.37) -----------------------------------------------------------------------------
def test_monstrosity_does_nothing_when_already_monstrous():
    # 701.37a: no counter, and no "becomes monstrous" trigger (603.2e).
    assert_passes("""
zones:
  you: {battlefield: [{card: Keepsake Gorgon, monstrous: true, counters: {+1/+1: 1}}]}
  opponent: {battlefield: [Grizzly Bears]}
actions:
  - activate: Keepsake Gorgon
    ability: 1
  - resolve: all
expect:
  - triggered: {source: Keepsake Gorgon, times: 0}
  - counters: {card: Keepsake Gorgon, kind: +1/+1, n: 1}
  - zone: {card: Grizzly Bears, zone: battlefield}
""")


def test_monstrous_trigger_cannot_target_a_gorgon_or_own_creature():
    assert_passes("""
zones:
  you: {battlefield: [Keepsake Gorgon, Grizzly Bears]}
  opponent: {battlefield: [Yoked Ox]}
actions:
  - activate: Keepsake Gorgon
    ability: 1
  - resolve: all
expect:
  - zone: {card: Yoked Ox, zone: graveyard}
  - zone: {card: Grizzly Bears, zone: battlefield}
""")


# -- triggers (603) -----------------------------------------------------------------------------------
def test_soul_warden_does_not_trigger_for_itself_or_noncreatures():
    assert_passes("""
zones:
  you: {hand: [Soul Warden, Tormod's Crypt]}
actions:
  - cast: Soul Warden
  - resolve: all
  - cast: Tormod's Crypt
  - resolve: all
expect:
  - triggered: {source: Soul Warden, times: 0}
  - life: {you: 20}
""")


def test_soul_warden_triggers_for_opponents_creatures_too():
    assert_passes("""
zones:
  you: {battlefield: [Soul Warden]}
  opponent: {hand: [Raise the Alarm]}
actions:
  - cast: Raise the Alarm
    by: opponent
  - resolve: all
expect:
  - triggered: {source: Soul Warden, times: 2}
  - life: {you: 22, opponent: 20}
  - count: {player: opponent, zone: battlefield, card: Soldier Token, n: 2}
""")


def test_zulaport_ignores_opponents_creatures():
    assert_passes("""
zones:
  you: {battlefield: [Zulaport Cutthroat]}
  opponent: {battlefield: [Grizzly Bears]}
actions:
  - destroy: Grizzly Bears
expect:
  - triggered: {source: Zulaport Cutthroat, times: 0}
  - life: {you: 20, opponent: 20}
""")


def test_intervening_if_false_when_triggering_means_no_trigger():
    # 603.4: with two artifacts Bleak Coven Vampires' ability does not trigger at all.
    assert_passes("""
zones:
  you: {battlefield: [Tormod's Crypt x2], hand: [Bleak Coven Vampires]}
actions:
  - cast: Bleak Coven Vampires
  - resolve: all
expect:
  - triggered: {source: Bleak Coven Vampires, times: 0}
  - life: {you: 20, opponent: 20}
""")


def test_intervening_if_true_drains():
    assert_passes("""
zones:
  you: {battlefield: [Tormod's Crypt x3], hand: [Bleak Coven Vampires]}
actions:
  - cast: Bleak Coven Vampires
  - choose: {targets: [opponent]}
  - resolve: all
expect:
  - life: {you: 24, opponent: 16}
""")


def test_valakut_needs_five_other_mountains():
    # Five Mountains entering together: each sees only four others (603.4), so nothing triggers.
    assert_passes("""
zones:
  you: {battlefield: ["Valakut, the Molten Pinnacle"], hand: [Mountain x5]}
actions:
  - put: {cards: [Mountain x5], zone: battlefield, player: you}
  - resolve: all
expect:
  - triggered: {source: "Valakut, the Molten Pinnacle", times: 0}
  - life: {opponent: 20}
""")


def test_persist_returns_once_only():
    # 702.79a: a creature with a -1/-1 counter does not return again.
    assert_passes("""
zones:
  you: {battlefield: [Kitchen Finks]}
actions:
  - destroy: Kitchen Finks
  - resolve: all
  - expect:
      - zone: {card: Kitchen Finks, zone: battlefield}
      - counters: {card: Kitchen Finks, kind: -1/-1, n: 1}
  - destroy: Kitchen Finks
  - resolve: all
expect:
  - zone: {card: Kitchen Finks, zone: graveyard}
  - triggered: {source: "Kitchen Finks: persist", times: 1}
  - life: {you: 22}
""")


def test_undying_returns_with_a_counter():
    assert_passes("""
zones:
  you: {battlefield: [Strangleroot Geist]}
actions:
  - destroy: Strangleroot Geist
  - resolve: all
expect:
  - zone: {card: Strangleroot Geist, zone: battlefield}
  - counters: {card: Strangleroot Geist, kind: +1/+1, n: 1}
  - pt: {card: Strangleroot Geist, power: 3, toughness: 2}
""")


def test_torpor_orb_stops_enters_triggers_of_creatures():
    assert_passes("""
zones:
  you: {battlefield: [Torpor Orb, Tormod's Crypt], hand: [Manic Vandal]}
actions:
  - cast: Manic Vandal
  - resolve: all
expect:
  - triggered: {source: Manic Vandal, times: 0}
  - zone: {card: Tormod's Crypt, zone: battlefield}
""")


def test_teysa_karlov_doubles_dies_triggers():
    assert_passes("""
zones:
  you: {battlefield: [Teysa Karlov, Zulaport Cutthroat, Grizzly Bears]}
actions:
  - destroy: Grizzly Bears
  - resolve: all
expect:
  - triggered: {source: Zulaport Cutthroat, times: 2}
  - life: {you: 22, opponent: 18}
""")


def test_panharmonicon_does_not_double_dies_triggers():
    # Panharmonicon covers artifacts and creatures *entering* only.
    assert_passes("""
zones:
  you: {battlefield: [Panharmonicon, Zulaport Cutthroat, Grizzly Bears]}
actions:
  - destroy: Grizzly Bears
  - resolve: all
expect:
  - triggered: {source: Zulaport Cutthroat, times: 1}
  - life: {you: 21, opponent: 19}
""")


# -- choices ------------------------------------------------------------------------------------------
def test_missing_choice_is_an_error_naming_it():
    result = run("""
zones:
  you: {battlefield: [Tormod's Crypt x3], hand: [Bleak Coven Vampires]}
actions:
  - cast: Bleak Coven Vampires
  - resolve: all
""")
    assert result.error, "a target choice between two players was not queued: the run must stop"
    assert not result.passed


def test_unused_choice_is_an_error():
    result = run("""
zones:
  you: {battlefield: [Soul Warden], hand: [Grizzly Bears]}
actions:
  - choose: {may: yes}
  - cast: Grizzly Bears
  - resolve: all
""")
    assert result.error and not result.passed


def test_unknown_key_is_a_scenario_error(tmp_path):
    f = tmp_path / "bad.yaml"
    f.write_text("name: x\nsource: y\nzones: {you: {battlefield: [Soul Warden]}}\nexpectt: []\n", encoding="utf-8")
    with pytest.raises(engine.ScenarioError) as e:
        engine.load_scenarios(f)
    assert "bad.yaml" in str(e.value) and "expectt" in str(e.value)
