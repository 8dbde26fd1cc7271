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


# -- more mechanics, one small board each: (id, yaml) --------------------------------------------------
MORE = {
    # 700.5 / 613.1d: the god stops being a creature as soon as devotion drops below five
    "god_stops_being_a_creature": """
zones: {you: {battlefield: ["Heliod, God of the Sun", Evangel of Heliod, Yoked Ox, Soul Warden]}}
actions:
  - expect: [{types: {card: "Heliod, God of the Sun", has: [Creature]}}]
  - destroy: Yoked Ox
expect:
  - types: {card: "Heliod, God of the Sun", lacks: [Creature]}
  - devotion: {player: you, color: W, n: 4}
""",
    # 603.2c: two tokens entering at once trigger Purphoros twice (it need not be a creature itself)
    "purphoros_triggers_per_token": """
zones: {you: {battlefield: ["Purphoros, God of the Forge"], hand: [Raise the Alarm]}}
actions: [{cast: Raise the Alarm}, {resolve: all}]
expect:
  - triggered: {source: "Purphoros, God of the Forge", times: 2}
  - life: {opponent: 16}
""",
    # 613.4c (layer 7c): Elesh Norn's two anthems
    "elesh_norn_anthems": """
zones: {you: {battlefield: ["Elesh Norn, Grand Cenobite", Grizzly Bears]}, opponent: {battlefield: [Yoked Ox]}}
expect:
  - pt: {card: Grizzly Bears, power: 4, toughness: 4}
  - pt: {card: Yoked Ox, power: -2, toughness: 2}
  - pt: {card: "Elesh Norn, Grand Cenobite", power: 4, toughness: 7}
""",
    # 702.79a: only -1/-1 counters stop persist; the returned card is a new object (400.7)
    "persist_ignores_plus_counters": """
zones: {you: {battlefield: [{card: Kitchen Finks, counters: {+1/+1: 1}}]}}
actions: [{destroy: Kitchen Finks}, {resolve: all}]
expect:
  - zone: {card: Kitchen Finks, zone: battlefield}
  - counters: {card: Kitchen Finks, kind: -1/-1, n: 1}
  - counters: {card: Kitchen Finks, kind: +1/+1, n: 0}
""",
    # 704.5q: a +1/+1 and a -1/-1 counter cancel, so persist works again
    "counters_cancel_then_persist": """
zones: {you: {battlefield: [{card: Kitchen Finks, counters: {+1/+1: 1, -1/-1: 1}}]}}
actions: [{destroy: Kitchen Finks}, {resolve: all}]
expect:
  - zone: {card: Kitchen Finks, zone: battlefield}
  - life: {you: 22}
""",
    # 702.93a / 603.4: undying does not even trigger with a +1/+1 counter
    "undying_with_counter_does_not_trigger": """
zones: {you: {battlefield: [{card: Strangleroot Geist, counters: {+1/+1: 1}}]}}
actions: [{destroy: Strangleroot Geist}, {resolve: all}]
expect:
  - zone: {card: Strangleroot Geist, zone: graveyard}
  - triggered: {source: Strangleroot Geist, times: 0}
""",
    # target restrictions of the three counterspells against an artifact spell
    "counterspells_against_an_artifact": """
zones: {you: {hand: [Tormod's Crypt]}, opponent: {hand: [Annul, Negate, Essence Scatter]}}
actions:
  - cast: Tormod's Crypt
  - expect:
    - can_target: {spell: Annul, target: Tormod's Crypt, value: true}
    - can_target: {spell: Negate, target: Tormod's Crypt, value: true}
    - can_target: {spell: Essence Scatter, target: Tormod's Crypt, value: false}
  - cast: Annul
    by: opponent
    targets: [Tormod's Crypt]
  - resolve: all
expect:
  - zone: {card: Tormod's Crypt, zone: graveyard}
""",
    # a god on the battlefield is no spell: Essence Scatter has nothing to target
    "no_spell_no_counterspell": """
zones: {you: {battlefield: ["Heliod, God of the Sun"]}, opponent: {hand: [Essence Scatter]}}
expect:
  - can_cast: {player: opponent, card: Essence Scatter, value: false}
""",
    # 702.9 flying / 509.1b; blocked Shrike deals no damage to the player, so no trigger
    "shrike_blocked_no_trigger": """
zones: {you: {battlefield: [Impaler Shrike]}, opponent: {battlefield: [Leafcrown Dryad]}}
actions:
  - attack: [Impaler Shrike]
    defender: opponent
  - block: {Leafcrown Dryad: Impaler Shrike}
  - advance: {turn: 1, step: main2}
expect:
  - triggered: {source: Impaler Shrike, times: 0}
  - zone: {card: Impaler Shrike, zone: graveyard}
  - life: {opponent: 20}
""",
    "flyer_cannot_be_blocked_by_ground_creature": """
zones: {you: {battlefield: [Impaler Shrike]}, opponent: {battlefield: [Grizzly Bears]}}
actions:
  - attack: [Impaler Shrike]
    defender: opponent
expect:
  - illegal: {action: {block: {Grizzly Bears: Impaler Shrike}}}
""",
    # Rumor Gatherer: only the second resolution draws; the third and fourth scry again
    "rumor_gatherer_four_triggers": """
zones: {you: {battlefield: [Rumor Gatherer, Panharmonicon], hand: [Raise the Alarm], library: [Island x6]}}
strict_choices: false
actions: [{cast: Raise the Alarm}, {resolve: all}]
expect:
  - triggered: {source: Rumor Gatherer, times: 4}
  - count: {player: you, zone: hand, n: 1}
""",
    # 603.2d: Teysa Karlov doubles a dies trigger; each copy makes its own "may" choice
    "teysa_doubles_solemn_dies": """
zones: {you: {battlefield: [Teysa Karlov, Solemn Simulacrum]}}
actions:
  - destroy: Solemn Simulacrum
  - choose: {may: yes}
  - choose: {may: yes}
  - resolve: all
expect:
  - triggered: {source: Solemn Simulacrum, times: 2}
  - count: {player: you, zone: hand, n: 2}
""",
    # Hushbringer: creatures entering or dying trigger nothing
    "hushbringer_suppresses_enters_and_dies": """
zones: {you: {battlefield: [Hushbringer, Soul Warden, Zulaport Cutthroat], hand: [Grizzly Bears]}}
actions: [{cast: Grizzly Bears}, {resolve: all}, {destroy: Grizzly Bears}, {resolve: all}]
expect:
  - triggered: {source: Soul Warden, times: 0}
  - triggered: {source: Zulaport Cutthroat, times: 0}
  - life: {you: 20}
""",
    # bestowed Hopeful Eidolon: +1/+1 and lifelink for the host (702.15b lifelink)
    "bestowed_lifelink": """
zones: {you: {battlefield: [Grizzly Bears], hand: [Hopeful Eidolon]}}
actions:
  - cast: Hopeful Eidolon
    mode: bestow
    targets: [Grizzly Bears]
  - resolve: all
  - attack: [Grizzly Bears]
    defender: opponent
  - advance: {turn: 1, step: main2}
expect:
  - has_ability: {card: Grizzly Bears, ability: lifelink, value: true}
  - life: {you: 23, opponent: 17}
""",
    # 702.103f: the Aura on an opponent's creature stays yours and becomes a creature when unattached
    "bestow_on_opponents_creature": """
zones: {you: {hand: [Nyxborn Shieldmate]}, opponent: {battlefield: [Grizzly Bears]}}
actions:
  - cast: Nyxborn Shieldmate
    mode: bestow
    targets: [Grizzly Bears]
  - resolve: all
  - destroy: Grizzly Bears
expect:
  - count: {player: you, zone: battlefield, card: Nyxborn Shieldmate, n: 1}
  - types: {card: Nyxborn Shieldmate, has: [Creature], lacks: [Aura]}
""",
    # Keepsake Gorgon's trigger has no legal target (only Gorgons): removed from the stack (603.3d)
    "gorgon_trigger_without_target": """
zones: {you: {battlefield: [Keepsake Gorgon]}, opponent: {battlefield: [Keepsake Gorgon]}}
actions:
  - activate: Keepsake Gorgon
    ability: 1
  - resolve: all
expect:
  - monstrous: {card: Keepsake Gorgon, value: true}
  - count: {zone: battlefield, card: Keepsake Gorgon, n: 2}
""",
    # "at the beginning of your upkeep" does not trigger in the opponent's upkeep
    "upkeep_trigger_only_in_own_upkeep": """
zones: {you: {battlefield: [Screeching Bat]}}
actions:
  - advance: {turn: 2, step: draw}
expect:
  - triggered: {source: Screeching Bat, times: 0}
""",
    "declining_to_pay_keeps_the_face": """
at: {turn: 1, step: untap}
zones: {you: {battlefield: [Screeching Bat]}}
actions:
  - choose: {pay: no}
  - advance: {turn: 1, step: draw}
expect:
  - triggered: {source: Screeching Bat, times: 1}
  - count: {player: you, zone: battlefield, card: Screeching Bat, n: 1}
""",
    # 603.4 on resolution, per trigger: after one Mountain is destroyed only the trigger of that Mountain
    # still sees five *other* Mountains, so exactly one of the six deals damage.
    "valakut_intervening_if_per_trigger": """
zones: {you: {hand: ["Valakut, the Molten Pinnacle", Mountain x6]}}
actions:
  - choose: {targets: [opponent]}
  - choose: {targets: [opponent]}
  - choose: {targets: [opponent]}
  - choose: {targets: [opponent]}
  - choose: {targets: [opponent]}
  - choose: {targets: [opponent]}
  - put: {cards: ["Valakut, the Molten Pinnacle", Mountain x6], zone: battlefield, player: you}
  - destroy: Mountain
  - choose: {may: yes}
  - resolve: all
expect:
  - triggered: {source: "Valakut, the Molten Pinnacle", times: 6}
  - life: {opponent: 17}
""",
    "manic_vandal_may_target_an_opponents_artifact": """
zones: {you: {battlefield: [Tormod's Crypt], hand: [Manic Vandal]}, opponent: {battlefield: [Panharmonicon]}}
actions: [{cast: Manic Vandal}, {choose: {targets: [Panharmonicon]}}, {resolve: all}]
expect:
  - zone: {card: Panharmonicon, zone: graveyard}
  - zone: {card: Tormod's Crypt, zone: battlefield}
""",
    # 307.1: a sorcery only in your main phase with an empty stack
    "sorcery_timing": """
zones: {you: {hand: [Day of Judgment, Grizzly Bears]}, opponent: {hand: [Day of Judgment]}}
actions: [{cast: Grizzly Bears}]
expect:
  - can_cast: {player: you, card: Day of Judgment, value: false}
  - can_cast: {player: opponent, card: Day of Judgment, value: false}
""",
}


@pytest.mark.parametrize("text", list(MORE.values()), ids=list(MORE))
def test_more_mechanics(text):
    assert_passes(text)


def test_two_possible_targets_need_a_queued_choice():
    result = run("""
zones: {you: {battlefield: [Tormod's Crypt], hand: [Manic Vandal]}, opponent: {battlefield: [Panharmonicon]}}
actions: [{cast: Manic Vandal}, {resolve: all}]
""")
    assert not result.passed and result.error and "target" in result.error
