"""Triggered abilities (CR 603) in XMage style: set up a board, act, assert on the outcome."""
from __future__ import annotations

import pytest

import engine
from engine import behaviours
from engine.errors import EngineError


def run(zones, actions=(), expect=(), **top):
    sc = {"zones": zones, "actions": list(actions), "expect": list(expect), **top}
    return engine.simulate(sc, log=True)


def observed(result, i=0):
    return result.checks[i]["observed"]


def test_603_2c_one_event_with_two_objects_triggers_twice():
    """603.2c: Raise the Alarm's two tokens enter in one event; Soul Warden triggers once per token."""
    r = run({"you": {"battlefield": ["Soul Warden"], "hand": ["Raise the Alarm"]}},
            [{"cast": "Raise the Alarm"}, {"resolve": "all"}],
            [{"triggered": {"source": "Soul Warden", "times": 2}}, {"life": {"you": 22}}])
    assert r.passed, r.checks
    assert observed(r) == 2


def test_603_3b_apnap_active_players_trigger_goes_on_the_stack_first():
    """603.3b: both persist triggers happen at once; the active player's goes on the stack first (bottom)."""
    r = run({"you": {"battlefield": ["Kitchen Finks"]}, "opponent": {"battlefield": ["Murderous Redcap"]}},
            [{"attack": ["Kitchen Finks"]}, {"block": {"Murderous Redcap": "Kitchen Finks"}},
             {"advance": {"turn": 1, "step": "combat_damage", "priority": True}},
             {"expect": [{"stack": ["Murderous Redcap: persist", "Kitchen Finks: persist"]}]},
             {"choose": {"targets": ["you"]}, "by": "opponent"}, {"resolve": "all"}],
            [{"counters": {"card": "Kitchen Finks", "kind": "-1/-1", "n": 1}}, {"life": {"you": 21}}])
    assert r.passed, r.checks
    assert any("603.3b" in line and "Kitchen Finks: persist" in line for line in r.log)


def test_603_3b_same_controller_orders_own_triggers_and_unqueued_order_is_an_error():
    """603.3b: a player with two different triggers chooses their order; strict scenarios must say it."""
    zones = {"you": {"hand": ["Solemn Simulacrum"], "library": ["Plains x3"]},
             "opponent": {"battlefield": ["Elesh Norn, Grand Cenobite"]}}
    r = run(zones, [{"cast": "Solemn Simulacrum"}, {"resolve": 1}])
    assert not r.passed and "choice needed: order" in r.error
    r = run(zones, [{"cast": "Solemn Simulacrum"},
                    {"choose": {"order": ["Solemn Simulacrum: dies", "Solemn Simulacrum: enters"]}},
                    {"resolve": 1}],
            [{"stack": ["Solemn Simulacrum: enters", "Solemn Simulacrum: dies"]}])
    assert r.passed, r.checks


def test_603_4_intervening_if_rechecked_on_resolution():
    """603.4: Bleak Coven Vampires triggers with three artifacts but does nothing once one is gone."""
    zones = {"you": {"battlefield": ["Tormod's Crypt x3"], "hand": ["Bleak Coven Vampires"]}}
    acts = [{"cast": "Bleak Coven Vampires"}, {"choose": {"targets": ["opponent"]}}, {"resolve": 1}]
    r = run(zones, acts + [{"destroy": "Tormod's Crypt"}, {"resolve": "all"}],
            [{"triggered": {"source": "Bleak Coven Vampires", "times": 1}}, {"life": {"opponent": 20}}])
    assert r.passed, r.checks
    r = run(zones, acts + [{"resolve": "all"}], [{"life": {"you": 24, "opponent": 16}}])
    assert r.passed, r.checks


def test_603_4_intervening_if_false_means_no_trigger():
    """603.4: with only two artifacts the ability doesn't trigger at all."""
    r = run({"you": {"battlefield": ["Tormod's Crypt x2"], "hand": ["Bleak Coven Vampires"]}},
            [{"cast": "Bleak Coven Vampires"}, {"resolve": "all"}],
            [{"triggered": {"source": "Bleak Coven Vampires", "times": 0}}])
    assert r.passed, r.checks


def test_603_10a_look_back_dies_triggers_see_creatures_leaving_together():
    """603.10a: Zulaport Cutthroat dies with two other creatures and triggers for all three."""
    r = run({"you": {"battlefield": ["Zulaport Cutthroat", "Grizzly Bears x2"], "hand": ["Day of Judgment"]},
             "opponent": {"battlefield": ["Yoked Ox"]}},
            [{"cast": "Day of Judgment"}, {"resolve": "all"}],
            [{"triggered": {"source": "Zulaport Cutthroat", "times": 3}}, {"life": {"you": 23, "opponent": 17}}])
    assert r.passed, r.checks


def test_400_7_undying_cannot_find_a_card_that_left_the_graveyard():
    """400.7/603.10a: Tormod's Crypt exiles Strangleroot Geist before undying resolves: it stays exiled."""
    r = run({"you": {"battlefield": ["Strangleroot Geist"]}, "opponent": {"battlefield": ["Tormod's Crypt"]}},
            [{"destroy": "Strangleroot Geist"},
             {"activate": "Tormod's Crypt", "by": "opponent", "targets": ["you"]}, {"resolve": "all"}],
            [{"zone": {"card": "Strangleroot Geist", "zone": "exile"}}])
    assert r.passed, r.checks
    r = run({"you": {"battlefield": ["Strangleroot Geist"]}},
            [{"destroy": "Strangleroot Geist"}, {"resolve": "all"}],
            [{"zone": {"card": "Strangleroot Geist", "zone": "battlefield"}},
             {"counters": {"card": "Strangleroot Geist", "kind": "+1/+1", "n": 1}},
             {"pt": {"card": "Strangleroot Geist", "power": 3, "toughness": 2}}])
    assert r.passed, r.checks


def test_702_79_persist_returns_once_then_not_again():
    """702.79a: persist returns a creature without -1/-1 counters; the second death keeps it in the graveyard."""
    r = run({"you": {"battlefield": ["Kitchen Finks"]}},
            [{"destroy": "Kitchen Finks"}, {"resolve": "all"},
             {"expect": [{"zone": {"card": "Kitchen Finks", "zone": "battlefield"}}]},
             {"destroy": "Kitchen Finks"}, {"resolve": "all"}],
            [{"zone": {"card": "Kitchen Finks", "zone": "graveyard"}},
             {"triggered": {"source": "Kitchen Finks: persist", "times": 1}},
             {"life": {"you": 22}}])
    assert r.passed, r.checks


def test_603_2d_additional_triggers_stack_and_once_per_turn_is_not_doubled():
    """603.2d: Panharmonicon and Yarok each add a trigger; Elvish Warmaster's once-each-turn limit wins."""
    r = run({"you": {"battlefield": ["Soul Warden", "Panharmonicon", "Yarok, the Desecrated"],
                     "hand": ["Grizzly Bears"]}},
            [{"cast": "Grizzly Bears"}, {"resolve": "all"}],
            [{"triggered": {"source": "Soul Warden", "times": 3}}, {"life": {"you": 23}}])
    assert r.passed, r.checks
    r = run({"you": {"battlefield": ["Elvish Warmaster", "Panharmonicon"], "hand": ["Elvish Warrior"]}},
            [{"cast": "Elvish Warrior"}, {"resolve": "all"}],
            [{"triggered": {"source": "Elvish Warmaster", "times": 1}},
             {"count": {"zone": "battlefield", "card": "Elf Warrior Token", "n": 1}}])
    assert r.passed, r.checks


def test_603_2d_teysa_doubles_dies_triggers():
    """603.2d: Teysa Karlov makes Zulaport Cutthroat's dies trigger trigger an additional time."""
    r = run({"you": {"battlefield": ["Zulaport Cutthroat", "Teysa Karlov", "Grizzly Bears"]}},
            [{"destroy": "Grizzly Bears"}, {"resolve": "all"}],
            [{"triggered": {"source": "Zulaport Cutthroat", "times": 2}}, {"life": {"you": 22, "opponent": 18}}])
    assert r.passed, r.checks


@pytest.mark.parametrize("stopper", ["Torpor Orb", "Hushwing Gryff"])
def test_creatures_entering_cause_no_triggers(stopper):
    """Torpor Orb / Hushwing Gryff: a creature entering doesn't make Soul Warden trigger (603.2, static)."""
    r = run({"you": {"battlefield": ["Soul Warden", stopper], "hand": ["Grizzly Bears"]}},
            [{"cast": "Grizzly Bears"}, {"resolve": "all"}],
            [{"triggered": {"source": "Soul Warden", "times": 0}}, {"life": {"you": 20}}])
    assert r.passed, r.checks


def test_rumor_gatherer_counts_resolutions_not_triggers():
    """603.2d: the additional trigger is not a copy — first resolution scries, the second draws."""
    r = run({"you": {"battlefield": ["Rumor Gatherer", "Panharmonicon"], "hand": ["Grizzly Bears"],
                     "library": ["Island x5"]}},
            [{"cast": "Grizzly Bears"}, {"resolve": "all"}],
            [{"count": {"player": "you", "zone": "hand", "n": 1}},
             {"count": {"player": "you", "zone": "library", "n": 4}}])
    assert r.passed, r.checks


def test_603_3d_no_legal_target_removes_the_trigger_and_single_target_needs_no_choice():
    """603.3d: Manic Vandal with no artifact around — its trigger is removed; with one it must take it."""
    r = run({"you": {"hand": ["Manic Vandal"]}}, [{"cast": "Manic Vandal"}, {"resolve": "all"}],
            [{"triggered": {"source": "Manic Vandal", "times": 1}}, {"stack": {"n": 0}}])
    assert r.passed, r.checks
    assert any("603.3d" in line for line in r.log)
    r = run({"you": {"hand": ["Manic Vandal"], "battlefield": ["Tormod's Crypt"]}},
            [{"cast": "Manic Vandal"}, {"resolve": "all"}],
            [{"zone": {"card": "Tormod's Crypt", "zone": "graveyard"}}])
    assert r.passed, r.checks


def test_603_5_optional_cost_decided_on_resolution():
    """603.5: Screeching Bat's payment is chosen as the trigger resolves; declining leaves it a Bat."""
    base = {"you": {"battlefield": ["Screeching Bat"]}}
    acts = [{"advance": {"turn": 1, "step": "upkeep", "priority": True}},
            {"expect": [{"stack": ["Screeching Bat: upkeep"]}]}]
    r = run(base, acts + [{"choose": {"pay": "no"}}, {"resolve": 1}],
            [{"count": {"zone": "battlefield", "card": "Screeching Bat", "n": 1}}], at={"turn": 1, "step": "untap"})
    assert r.passed, r.checks
    r = run(base, acts + [{"choose": {"pay": "yes"}}, {"resolve": 1}],
            [{"count": {"zone": "battlefield", "card": "Stalking Vampire", "n": 1}}], at={"turn": 1, "step": "untap"})
    assert r.passed, r.checks


def test_603_5_choices_are_recorded_with_the_moment_they_were_made():
    """603.3d/603.5: targets are chosen as the trigger is put on the stack, 'may' on resolution."""
    r = run({"you": {"hand": ["Murderous Redcap"]}, "opponent": {"battlefield": ["Grizzly Bears"]}},
            [{"cast": "Murderous Redcap"}, {"choose": {"targets": ["Grizzly Bears"]}}, {"resolve": "all"}],
            [{"choice_made": {"player": "you", "kind": "targets", "source": "Murderous Redcap", "at": "stack"}},
             {"choice_made": {"kind": "targets", "at": "resolution"}},
             {"effects": {"source": "Murderous Redcap", "sequence": ["damage 2"]}},
             {"zone": {"card": "Grizzly Bears", "zone": "graveyard"}}])
    assert [c["ok"] for c in r.checks] == [True, False, True, True]


def test_605_triggered_mana_ability_resolves_immediately_but_landfall_mana_uses_the_stack():
    """605.1b/605.4a: Wild Growth adds G without the stack; Lotus Cobra's landfall trigger waits on it."""
    r = run({"you": {"battlefield": ["Forest", {"card": "Wild Growth", "attached_to": "Forest"}]}},
            [{"activate": "Forest"}],
            [{"mana_pool": {"player": "you", "mana": "GG"}}, {"stack": {"n": 0}},
             {"triggered": {"source": "Wild Growth", "times": 1}}])
    assert r.passed, r.checks
    r = run({"you": {"battlefield": ["Lotus Cobra"], "hand": ["Forest"]}},
            [{"cast": "Forest"}, {"expect": [{"stack": ["Lotus Cobra"]}, {"mana_pool": {"player": "you", "mana": ""}}]},
             {"choose": {"color": "U"}}, {"resolve": 1}],
            [{"mana_pool": {"player": "you", "mana": "U"}}])
    assert r.passed, r.checks


def test_queued_choice_never_used_is_an_error():
    r = run({"you": {"battlefield": ["Grizzly Bears"]}}, [{"choose": {"may": "yes"}}])
    assert not r.passed and "queued choice never used: may" in r.error


def test_strict_choices_false_uses_documented_defaults():
    """strict_choices: false — 'may' is accepted and the first legal target (an opponent) is chosen."""
    r = run({"you": {"hand": ["Murderous Redcap"]}}, [{"cast": "Murderous Redcap"}, {"resolve": "all"}],
            [{"life": {"opponent": 18}}], strict_choices=False)
    assert r.passed, r.checks


def test_runaway_trigger_loop_stops_with_engine_error(monkeypatch):
    """A loop with no end (each entering creature makes another) stops with EngineError after a bound."""
    from kb.cards import Card, CardTable

    import engine.game
    monkeypatch.setattr(engine.game, "MAX_RESOLUTIONS", 60)      # the real bound is higher; keep the test fast

    table = CardTable(list(engine_cards()) + [Card(name="Loop Test Breeder", cost="{G}", colors="G",
                                                  types=["Creature"], power="1", toughness="1", has_text=True)])
    behaviours.register("Loop Test Breeder", {"triggers": [
        {"event": "enters", "object": {"types": ["Creature"]}, "effects": [{"create_token": {"token": "soldier"}}]}]})
    sc = {"zones": {"you": {"hand": ["Loop Test Breeder"]}}, "actions": [{"cast": "Loop Test Breeder"},
                                                                       {"resolve": "all"}]}
    try:
        with pytest.raises(EngineError, match="runaway"):
            engine.simulate(sc, cards=table)
    finally:
        behaviours._extra.pop("Loop Test Breeder", None)


def engine_cards():
    from kb.cards import CardTable
    return iter(CardTable.bundled())


def test_508_attack_triggers_for_the_creature_and_for_an_enchanted_creature():
    """508.3a: Spiteful Returned's trigger fires when it attacks, or when the creature it enchants attacks."""
    r = run({"you": {"battlefield": ["Spiteful Returned"]}}, [{"attack": ["Spiteful Returned"]}, {"resolve": "all"}],
            [{"triggered": {"source": "Spiteful Returned", "times": 1}}, {"life": {"opponent": 18}}])
    assert r.passed, r.checks
    r = run({"you": {"battlefield": ["Grizzly Bears", {"card": "Spiteful Returned", "attached_to": "Grizzly Bears"}]}},
            [{"attack": ["Grizzly Bears"]}, {"resolve": "all"}],
            [{"life": {"opponent": 18}}, {"pt": {"card": "Grizzly Bears", "power": 3, "toughness": 3}}])
    assert r.passed, r.checks


def test_603_6_oblivion_ring_returns_what_it_exiled_when_it_leaves():
    """607.2a linked abilities: O-Ring's leave trigger returns the exiled card (a new object, 400.7)."""
    r = run({"you": {"hand": ["Oblivion Ring"]}, "opponent": {"battlefield": ["Grizzly Bears"]}},
            [{"cast": "Oblivion Ring"}, {"resolve": "all"},
             {"expect": [{"zone": {"card": "Grizzly Bears", "zone": "exile"}}]},
             {"destroy": "Oblivion Ring"}, {"resolve": "all"}],
            [{"zone": {"card": "Grizzly Bears", "zone": "battlefield", "controller": "opponent"}}])
    assert r.passed, r.checks


def test_elesh_norn_mother_of_machines_doubles_yours_and_stops_opponents():
    """603.2d + a static that stops opponents' permanents' enters triggers."""
    r = run({"you": {"battlefield": ["Elesh Norn, Mother of Machines", "Soul Warden"], "hand": ["Grizzly Bears"]},
             "opponent": {"battlefield": ["Soul Warden"]}},
            [{"cast": "Grizzly Bears"}, {"resolve": "all"}],
            [{"life": {"you": 22, "opponent": 20}}])
    assert r.passed, r.checks


def test_prowess_triggers_on_noncreature_spells_only():
    """702.108a: Harmonic Prodigy's prowess (a Wizard's trigger, so it triggers an additional time)."""
    r = run({"you": {"battlefield": ["Harmonic Prodigy"], "hand": ["Raise the Alarm", "Grizzly Bears"]}},
            [{"cast": "Raise the Alarm"}, {"resolve": "all"}, {"cast": "Grizzly Bears"}, {"resolve": "all"}],
            [{"triggered": {"source": "Harmonic Prodigy: prowess", "times": 2}},
             {"pt": {"card": "Harmonic Prodigy", "power": 3, "toughness": 5}}])
    assert r.passed, r.checks


def test_an_answer_naming_the_only_legal_target_is_accepted():
    """A single legal answer needs no answer; a queued answer naming it is used, not an error."""
    r = run({"you": {"battlefield": ["Tormod's Crypt"], "hand": ["Manic Vandal"]}},
            [{"choose": {"targets": ["Tormod's Crypt"]}}, {"cast": "Manic Vandal"}, {"resolve": "all"}],
            [{"zone": {"card": "Tormod's Crypt", "zone": "graveyard"}}])
    assert r.error is None and r.passed, (r.error, r.checks)
