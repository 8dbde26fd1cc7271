"""State-based actions (704), monstrosity (701.37), zone changes (400.7), scenario errors, the CLI."""
from __future__ import annotations

import json

import pytest

import engine
from kb.simulate import cmd_simulate


def run(zones, actions=(), expect=(), **top):
    return engine.simulate({"zones": zones, "actions": list(actions), "expect": list(expect), **top}, log=True)


def test_704_5f_zero_toughness_goes_to_graveyard_and_indestructible_does_not_help():
    """704.5f: Elesh Norn's -2/-2 puts an opposing 2/2 into the graveyard — not a destroy."""
    r = run({"you": {"battlefield": ["Elesh Norn, Grand Cenobite"]},
             "opponent": {"battlefield": ["Grizzly Bears"], "hand": ["Solemn Simulacrum"]}},
            [{"resolve": "all"}], [{"zone": {"card": "Grizzly Bears", "zone": "graveyard"}}])
    assert r.passed, r.checks
    assert any(line.startswith("704.5f") for line in r.log)


def test_704_5g_lethal_damage_and_indestructible():
    """704.5g: 2 damage destroys Grizzly Bears; an indestructible god survives lethal damage (702.12b)."""
    r = run({"you": {"battlefield": ["Grizzly Bears", "Purphoros, God of the Forge", "Murderous Redcap x2"]}},
            [{"damage": {"to": "Grizzly Bears", "n": 2}}, {"damage": {"to": "Purphoros, God of the Forge", "n": 9}}],
            [{"zone": {"card": "Grizzly Bears", "zone": "graveyard"}},
             {"zone": {"card": "Purphoros, God of the Forge", "zone": "battlefield"}},
             {"damage": {"card": "Purphoros, God of the Forge", "n": 9}}])
    assert r.passed, r.checks


def test_704_5j_legend_rule_needs_a_choice():
    """704.5j: two Heliods — the controller chooses one to keep."""
    z = {"you": {"battlefield": ["Heliod, God of the Sun"], "hand": ["Heliod, God of the Sun"]}}
    r = run(z, [{"cast": "Heliod, God of the Sun"}, {"choose": {"card": "Heliod, God of the Sun#2"}},
                {"resolve": "all"}],
            [{"count": {"zone": "battlefield", "card": "Heliod, God of the Sun", "n": 1}},
             {"zone": {"card": "Heliod, God of the Sun#1", "zone": "graveyard"}},
             {"zone": {"card": "Heliod, God of the Sun#2", "zone": "battlefield"}}])
    assert r.passed, r.checks


def test_704_5q_plus_and_minus_counters_annihilate():
    """704.5q: a +1/+1 and a -1/-1 counter on one permanent are removed in pairs."""
    r = run({"you": {"battlefield": [{"card": "Kitchen Finks", "counters": {"-1/-1": 1, "+1/+1": 2}}]}},
            [{"resolve": "all"}],
            [{"counters": {"card": "Kitchen Finks", "kind": "-1/-1", "n": 0}},
             {"counters": {"card": "Kitchen Finks", "kind": "+1/+1", "n": 1}},
             {"pt": {"card": "Kitchen Finks", "power": 4, "toughness": 3}}])
    assert r.passed, r.checks


def test_701_37_monstrosity_twice_gives_one_counter_and_one_trigger():
    """701.37a/b: the second monstrosity does nothing; 'becomes monstrous' triggers only once."""
    r = run({"you": {"battlefield": ["Keepsake Gorgon"]}, "opponent": {"battlefield": ["Grizzly Bears", "Yoked Ox"]}},
            [{"activate": "Keepsake Gorgon", "ability": "monstrosity"}, {"activate": "Keepsake Gorgon", "ability": 1},
             {"choose": {"targets": ["Grizzly Bears"]}}, {"resolve": "all"}],
            [{"monstrous": {"card": "Keepsake Gorgon", "value": True}},
             {"counters": {"card": "Keepsake Gorgon", "kind": "+1/+1", "n": 1}},
             {"triggered": {"source": "Keepsake Gorgon", "times": 1}},
             {"zone": {"card": "Yoked Ox", "zone": "battlefield"}},
             {"zone": {"card": "Grizzly Bears", "zone": "graveyard"}}])
    assert r.passed, r.checks


def test_701_37_already_monstrous_permanent_gets_nothing():
    """701.37a: a permanent set up as monstrous gets no counter and doesn't trigger."""
    r = run({"you": {"battlefield": [{"card": "Keepsake Gorgon", "monstrous": True}]},
             "opponent": {"battlefield": ["Grizzly Bears"]}},
            [{"activate": "Keepsake Gorgon"}, {"resolve": "all"}],
            [{"counters": {"card": "Keepsake Gorgon", "kind": "+1/+1", "n": 0}},
             {"triggered": {"source": "Keepsake Gorgon", "times": 0}}])
    assert r.passed, r.checks


def test_400_7_zone_change_makes_a_new_object():
    """400.7: the returned Kitchen Finks is a new object: its old damage and counters are gone."""
    r = run({"you": {"battlefield": [{"card": "Kitchen Finks", "damage": 1}]}},
            [{"damage": {"to": "Kitchen Finks", "n": 1}}, {"resolve": "all"}],
            [{"damage": {"card": "Kitchen Finks", "n": 0}},
             {"counters": {"card": "Kitchen Finks", "kind": "-1/-1", "n": 1}}])
    assert r.passed, r.checks
    assert sum("400.7" in line for line in r.log) >= 2


def test_combat_first_strike_and_lifelink():
    """510.4: first-strike damage first; 702.15b lifelink; unblocked damage to the player (510.1a)."""
    r = run({"you": {"battlefield": ["Porcelain Legionnaire", "Yarok, the Desecrated"]},
             "opponent": {"battlefield": ["Grizzly Bears"]}},
            [{"attack": ["Porcelain Legionnaire", "Yarok, the Desecrated"]},
             {"block": {"Grizzly Bears": "Porcelain Legionnaire"}}, {"advance": {"turn": 1, "step": "main2"}}],
            [{"zone": {"card": "Porcelain Legionnaire", "zone": "battlefield"}},
             {"zone": {"card": "Grizzly Bears", "zone": "graveyard"}},
             {"life": {"you": 23, "opponent": 17}},
             {"tapped": {"card": "Yarok, the Desecrated", "value": True}}])
    assert r.passed, r.checks


def test_no_behaviour_stops_the_run_and_vanilla_cards_need_none():
    """A card with rules text and no behaviour raises NoBehaviour; a text-less card runs fine."""
    with pytest.raises(engine.NoBehaviour, match="no behaviour for Aboleth Spawn"):
        run({"you": {"battlefield": ["Aboleth Spawn"]}})
    assert not engine.has_behaviour("Aboleth Spawn")
    assert engine.has_behaviour("Soul Warden")
    assert run({"you": {"battlefield": ["Grizzly Bears", "Yoked Ox"]}}).passed


def test_scenario_error_names_file_and_line(tmp_path):
    f = tmp_path / "bad.yaml"
    f.write_text("name: ok\nzones:\n  you:\n    battlefield: [Grizzly Bears]\n---\nname: second\n"
                 "actions:\n  - cast: Grizzly Bears\n    targts: [you]\n", encoding="utf-8")
    with pytest.raises(engine.ScenarioError) as ei:
        engine.load_scenarios(f)
    assert ei.value.file == str(f) and ei.value.line == 9 and "targts" in str(ei.value)
    f.write_text("name: x\nexpect:\n  - lif: {you: 20}\n", encoding="utf-8")
    with pytest.raises(engine.ScenarioError) as ei:
        engine.load_scenarios(f)
    assert ei.value.line == 3


def test_unknown_card_is_a_scenario_error():
    with pytest.raises(engine.ScenarioError, match="unknown card"):
        run({"you": {"battlefield": ["Not A Real Card Name"]}})


def test_japanese_card_names_resolve():
    r = run({"you": {"battlefield": ["魂の管理人"], "hand": ["急報"]}}, [{"cast": "急報"}, {"resolve": "all"}],
            [{"life": {"you": 22}}])
    assert r.passed, r.checks


def test_cli_exit_codes_and_json(tmp_path, capsys):
    good = tmp_path / "good.yaml"
    good.write_text("name: bears\nzones:\n  you:\n    battlefield: [Grizzly Bears]\nexpect:\n"
                    "  - pt: {card: Grizzly Bears, power: 2, toughness: 2}\n---\nname: wrong bears\n"
                    "zones:\n  you:\n    battlefield: [Grizzly Bears]\nexpect:\n"
                    "  - pt: {card: Grizzly Bears, power: 3, toughness: 2}\n", encoding="utf-8")
    ns = type("A", (), {"files": [str(good)], "json": True, "log": False, "db": None})
    assert cmd_simulate(ns) == 1
    out = json.loads(capsys.readouterr().out)
    assert [d["passed"] for d in out] == [True, False]
    assert out[1]["checks"][0]["observed"] == "2/2"
    bad = tmp_path / "bad.yaml"
    bad.write_text("name: b\nbogus: 1\n", encoding="utf-8")
    ns.files = [str(bad)]
    ns.json = False
    assert cmd_simulate(ns) == 2
    assert "bad.yaml:2" in capsys.readouterr().out


def test_704_5m_aura_without_a_legal_host_goes_to_the_graveyard():
    """704.5m: Wild Growth's land is destroyed, so the Aura goes to the graveyard (a bestowed Aura wouldn't)."""
    r = run({"you": {"battlefield": ["Forest", {"card": "Wild Growth", "attached_to": "Forest"}]}},
            [{"destroy": "Forest"}], [{"zone": {"card": "Wild Growth", "zone": "graveyard"}}])
    assert r.passed, r.checks
    assert any(line.startswith("704.5m") for line in r.log)


def test_cleanup_ends_until_end_of_turn_effects_and_removes_damage():
    """514.2: Purphoros's pump and marked damage end in the cleanup step."""
    r = run({"you": {"battlefield": ["Purphoros, God of the Forge", "Grizzly Bears"]}},
            [{"activate": "Purphoros, God of the Forge", "ability": "pump"}, {"resolve": "all"},
             {"damage": {"to": "Grizzly Bears", "n": 1}},
             {"expect": [{"pt": {"card": "Grizzly Bears", "power": 3, "toughness": 2}}]},
             {"advance": {"turn": 2, "step": "upkeep"}}],
            [{"pt": {"card": "Grizzly Bears", "power": 2, "toughness": 2}}, {"damage": {"card": "Grizzly Bears", "n": 0}}])
    assert r.passed, r.checks


def test_flying_attacker_cannot_be_blocked_by_a_ground_creature():
    """702.9b: the refused block is an `illegal` expectation."""
    r = run({"you": {"battlefield": ["Impaler Shrike"]}, "opponent": {"battlefield": ["Grizzly Bears"]}},
            [{"attack": ["Impaler Shrike"]}],
            [{"illegal": {"action": {"block": {"Grizzly Bears": "Impaler Shrike"}}, "message": "flying"}}])
    assert r.passed, r.checks


def test_fuzzy_card_names_are_refused_not_guessed():
    """A misspelt name is an error that suggests the card — the engine never guesses."""
    with pytest.raises(engine.ScenarioError, match="did you mean 'Grizzly Bears'"):
        run({"you": {"battlefield": ["Grizzly Beers"]}})


def test_three_players_apnap_and_each_opponent():
    """101.4/603.3b with three players: every Zulaport trigger drains each opponent."""
    r = run({"you": {"battlefield": ["Zulaport Cutthroat", "Grizzly Bears"]},
             "opponent": {"battlefield": ["Zulaport Cutthroat", "Grizzly Bears"], "hand": ["Day of Judgment"]},
             "third": {"battlefield": ["Zulaport Cutthroat"]}},
            [{"cast": "Day of Judgment"}, {"resolve": 1}, {"expect": [{"stack": {"n": 5}}]}, {"resolve": "all"}],
            [{"life": {"you": 19, "opponent": 19, "third": 17}}],
            players=["you", "opponent", "third"], active="opponent")
    assert r.passed, r.checks


def test_704_5d_a_token_that_left_the_battlefield_ceases_to_exist():
    """704.5d: a dead Soldier token is not a card in the graveyard (but it did die: Zulaport triggers)."""
    r = run({"you": {"battlefield": ["Zulaport Cutthroat"], "hand": ["Raise the Alarm"]}},
            [{"cast": "Raise the Alarm"}, {"resolve": "all"}, {"destroy": "Soldier Token"}, {"resolve": "all"}],
            [{"count": {"zone": "graveyard", "card": "Soldier Token", "n": 0}},
             {"count": {"zone": "battlefield", "card": "Soldier Token", "n": 1}},
             {"zone": {"card": "Soldier Token#2", "zone": "battlefield"}},
             {"triggered": {"source": "Zulaport Cutthroat", "times": 1}}])
    assert r.passed, r.checks


def test_unknown_key_inside_put_names_its_line(tmp_path):
    f = tmp_path / "put.yaml"
    f.write_text("name: p\nactions:\n  - put: {card: Grizzly Bears,\n          zoen: battlefield}\n", encoding="utf-8")
    with pytest.raises(engine.ScenarioError) as ei:
        engine.load_scenarios(f)
    assert ei.value.line == 4 and "zoen" in ei.value.message


def test_unknown_player_in_an_expectation_stops_the_run_instead_of_failing_it():
    """An expectation about a player who isn't in the game is malformed — not a failed check."""
    r = run({"you": {"battlefield": ["Grizzly Bears"]}}, [], [{"life": {"gain": 2}}])
    assert r.error and "unknown player 'gain'" in r.error and not r.passed
    r = run({"you": {"battlefield": ["Grizzly Bears"]}}, [], [{"count": {"player": "me", "zone": "hand", "n": 0}}])
    assert r.error and "unknown player 'me'" in r.error


def test_life_change_expectation():
    r = run({"you": {"battlefield": ["Soul Warden"], "hand": ["Raise the Alarm"]}},
            [{"cast": "Raise the Alarm"}, {"resolve": "all"}],
            [{"life_change": {"you": 2, "opponent": 0}}, {"life_change": {"you": 1}}], life={"you": 7})
    assert [c["ok"] for c in r.checks] == [True, False]
    assert r.checks[0]["observed"] == {"you": 2, "opponent": 0}


def test_tokens_can_be_set_up_on_the_battlefield():
    """Teysa Karlov gives creature tokens vigilance and lifelink (layer 6)."""
    r = run({"you": {"battlefield": ["Teysa Karlov", "Soldier Token x2"]}}, [],
            [{"count": {"zone": "battlefield", "card": "Soldier Token", "token": True, "n": 2}},
             {"has_ability": {"card": "Soldier Token#2", "ability": "lifelink"}},
             {"pt": {"card": "Soldier Token", "power": 1, "toughness": 1}}])
    assert r.passed, (r.error, r.checks)


def test_attack_and_block_after_advancing_to_their_steps():
    """508.1/509.1: advancing to a declare step leaves the declaration to the `attack:`/`block:` action."""
    r = run({"you": {"battlefield": ["Grizzly Bears"]}, "opponent": {"battlefield": ["Yoked Ox"]}},
            [{"advance": {"turn": 1, "step": "declare_attackers"}}, {"attack": ["Grizzly Bears"]},
             {"advance": {"turn": 1, "step": "declare_blockers"}}, {"block": {"Yoked Ox": "Grizzly Bears"}},
             {"advance": {"turn": 1, "step": "end_combat"}}],
            [{"damage": {"card": "Yoked Ox", "n": 2}}, {"life": {"opponent": 20}}])
    assert r.passed, (r.error, r.checks)


def test_702_19b_trample_assigns_the_excess_to_the_player():
    r = run({"you": {"battlefield": ["Nylea's Emissary"]}, "opponent": {"battlefield": ["Grizzly Bears"]}},
            [{"attack": ["Nylea's Emissary"]}, {"block": {"Grizzly Bears": "Nylea's Emissary"}},
             {"advance": {"turn": 1, "step": "main2"}}],
            [{"life": {"opponent": 19}}, {"zone": {"card": "Grizzly Bears", "zone": "graveyard"}}])
    assert r.passed, (r.error, r.checks)
