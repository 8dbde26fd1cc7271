"""Mechanics the CR's own examples need (603.4, 603.8, 601.3, 602.2, 104.2b), set up → act → assert, each with the
opposite case that must fail.  Test cards are made here (behaviour data only, no card text)."""
from __future__ import annotations

import pytest

import engine
import engine.game  # noqa: F401  (the registrations)
from engine import behaviours


@pytest.fixture()
def table():
    from kb.cards import Card, CardTable
    made = {"Prohibition Test": (["Enchantment"], {"statics": [{"cant_cast": {"types": ["Creature"]}}],
                                                   "activated": [{"pay_life": 4, "any_player": True, "targets": [],
                                                                  "effects": [{"destroy": {"what": "self"}}]}]}),
            "Sovereign Test": (["Enchantment"], {"triggers": [{"event": "upkeep", "whose": "you",
                                                              "if": {"life_at_least": 40}, "targets": [],
                                                              "effects": [{"win_game": True}]}]}),
            "Empty Hand Test": (["Enchantment"], {"triggers": [{"event": "state", "if": {"hand_empty": True},
                                                               "targets": [], "effects": [{"draw": 1}]}]})}
    cards = [Card(name=n, cost="{2}", colors="", types=t, has_text=True) for n, (t, _b) in made.items()]
    for n, (_t, b) in made.items():
        behaviours.register(n, b)
    yield CardTable(list(CardTable.bundled()) + cards)
    for n in made:
        behaviours._extra.pop(n, None)


def run(table, zones, actions=(), expect=(), **top):
    return engine.simulate({"zones": zones, "actions": list(actions), "expect": list(expect), **top},
                           cards=table, log=True)


def test_601_3_a_prohibited_creature_spell_cannot_be_cast_but_a_bestowed_one_can(table):
    """601.3: with "creature spells can't be cast" a creature card can't be cast; 601.3e/702.103b: cast with
    bestow it is an Aura spell, which the prohibition does not name."""
    z = {"you": {"battlefield": ["Prohibition Test", "Grizzly Bears"], "hand": ["Boon Satyr"]}}
    normal = run(table, z, [], [{"allowed": {"action": {"cast": "Boon Satyr"}, "value": False}}])
    assert normal.passed, normal.checks
    assert "601.3" in normal.checks[0]["observed"]
    bestowed = run(table, z, [], [{"allowed": {"action": {"cast": "Boon Satyr", "mode": "bestow",
                                                          "targets": ["Grizzly Bears"]}}}])
    assert bestowed.passed, bestowed.checks
    # without the prohibition the creature spell is cast
    free = run(table, {"you": {"hand": ["Boon Satyr"]}}, [], [{"allowed": {"action": {"cast": "Boon Satyr"}}}])
    assert free.passed, free.checks


def test_602_2_any_player_may_activate_when_the_object_says_so(table):
    """602.2: the opponent activates an ability of your permanent that says any player may; the activator
    pays the cost (602.2a, 119.4)."""
    z = {"you": {"battlefield": ["Prohibition Test"]}}
    r = run(table, z, [{"activate": "Prohibition Test", "by": "opponent"}, {"resolve": "all"}],
            [{"zone": {"card": "Prohibition Test", "zone": "graveyard"}}, {"life": {"opponent": 16, "you": 20}}])
    assert r.passed, r.checks


def test_603_4_and_104_2b_win_the_game_only_with_the_life_stated(table):
    """603.4: the upkeep trigger with its intervening if wins the game (104.2b: the opponent loses) at 40 life,
    and does not trigger at 39."""
    z = {"you": {"battlefield": ["Sovereign Test"]}}
    adv = [{"advance": {"turn": 3, "step": "upkeep", "priority": True}}, {"resolve": "all"}]
    win = run(table, z, adv, [{"lost": {"player": "opponent"}}, {"triggered": {"source": "Sovereign Test", "times": 1}}],
              life={"you": 40})
    assert win.passed, win.checks
    short = run(table, z, adv, [{"lost": {"player": "opponent", "value": False}},
                                {"triggered": {"source": "Sovereign Test", "times": 0}}], life={"you": 39})
    assert short.passed, short.checks


def test_603_8_a_state_trigger_triggers_once_and_its_state_is_not_an_intervening_if(table):
    """603.8: with no cards in hand the ability triggers once and not again while it waits on the stack; on
    resolution it draws even though the state may have changed (no 603.4 recheck)."""
    z = {"you": {"battlefield": ["Empty Hand Test"], "hand": ["Grizzly Bears"], "library": ["Plains x3"]}}
    r = run(table, z, [{"cast": "Grizzly Bears"}, {"resolve": "all"}],
            [{"triggered": {"source": "Empty Hand Test", "times": 1}},
             {"count": {"player": "you", "zone": "hand", "n": 1}}])
    assert r.passed, r.checks
    kept = run(table, {"you": {"battlefield": ["Empty Hand Test"], "hand": ["Grizzly Bears", "Plains"]}},
               [{"cast": "Grizzly Bears"}, {"resolve": "all"}],
               [{"triggered": {"source": "Empty Hand Test", "times": 0}}])
    assert kept.passed, kept.checks


def test_603_8_a_state_trigger_triggers_in_the_middle_of_a_resolution(table):
    """603.8: the hand is empty only while a spell resolves (its own discard, then its draw): the state
    trigger still triggers; with a card left in hand throughout it does not."""
    behaviours.register("Wheel Test", {"spell": {"targets": [], "effects": [
        {"discard": {"player": "you", "n": 1}}, {"draw": 1}]}})
    from kb.cards import Card
    table.add(Card(name="Wheel Test", cost="{1}", colors="", types=["Sorcery"], has_text=True))
    try:
        z = {"you": {"battlefield": ["Empty Hand Test"], "hand": ["Wheel Test", "Plains"], "library": ["Plains x3"]}}
        r = run(table, z, [{"cast": "Wheel Test"}, {"resolve": "all"}],
                [{"triggered": {"source": "Empty Hand Test", "times": 1}}])
        assert r.passed, r.checks
        z2 = {"you": {"battlefield": ["Empty Hand Test"], "hand": ["Wheel Test", "Plains", "Island"],
                      "library": ["Plains x3"]}}
        r2 = run(table, z2, [{"cast": "Wheel Test"}, {"resolve": "all"}],
                 [{"triggered": {"source": "Empty Hand Test", "times": 0}}], strict_choices=False)
        assert r2.passed, r2.checks
    finally:
        behaviours._extra.pop("Wheel Test", None)


def test_700_5_a_permanent_whose_unrun_text_speaks_of_devotion_does_not_stand_in_by_its_cost(table):
    """700.5: an effect may change devotion; a named permanent without behaviour whose rules text speaks of
    devotion is not replaced by its printed cost (the count would leave its effect out): unsimulable."""
    from kb.cards import Card
    from engine.crosscheck import check_claim
    from extractor.facts import Claim, Provenance
    table.add(Card(name="Altar Test", cost="{3}", colors="", types=["Artifact"], has_text=True,
                   text="Your devotion to each color is increased by one."))
    table.add(Card(name="Plain Altar Test", cost="{3}{R}", colors="R", types=["Artifact"], has_text=True,
                   text="Flip a coin at random."))
    def mk(name, n):
        return Claim(id="claim:d", kind="devotion", text="…", prov=Provenance("test", line=1), subject=name,
                     situation={"player": "you", "color": "R", "permanents": [name]}, outcome={"color": "R", "value": n})
    v = check_claim(mk("Altar Test", 1), table)
    assert v.verdict == "unsimulable" and "devotion" in v.reason
    assert check_claim(mk("Plain Altar Test", 1), table).verdict == "confirmed"      # its cost alone counts
