"""Group el of issue 21: library, graveyard and player effects — one small test per handler (setup → action →
assertion, the CR rule in the docstring), each with a wrong twin that must fail; and the honesty of the group's
clause tables (constructions written for the test, no card text)."""
from __future__ import annotations

import pytest

import engine.game  # noqa: F401  (the registrations)
import test_oracle_group_t as T
from test_breadth import both, card, run, spell, _forget  # noqa: F401  (the fixture forgets registered cards)


# ---------------------------------------------------------------- connive (701.50)
def test_connive_counter_only_for_a_nonland_discard():
    """701.50a: draw, then discard; a +1/+1 counter only if the discarded card is nonland."""
    c = card("El Sneak", spec={"activated": [{"name": "c", "effects": [{"connive": "self"}]}]})
    z = {"you": {"battlefield": ["El Sneak"], "library": ["Island"], "hand": ["Grizzly Bears"]}}
    nonland = [{"choose": {"card": "Grizzly Bears"}}, {"activate": "El Sneak"}, {"resolve": "all"}]
    both([c], z, nonland,
         [{"counters": {"card": "El Sneak", "kind": "+1/+1", "n": 1}}, {"zone": {"card": "Island", "zone": "hand"}},
          {"zone": {"card": "Grizzly Bears", "zone": "graveyard"}}],
         [{"counters": {"card": "El Sneak", "kind": "+1/+1", "n": 0}}])
    land = [{"choose": {"card": "Island"}}, {"activate": "El Sneak"}, {"resolve": "all"}]
    both([c], z, land,
         [{"counters": {"card": "El Sneak", "kind": "+1/+1", "n": 0}}, {"zone": {"card": "Island", "zone": "graveyard"}}],
         [{"counters": {"card": "El Sneak", "kind": "+1/+1", "n": 1}}])


# ---------------------------------------------------------------- looking at a hand (400.2)
def test_look_at_target_opponents_hand_records_what_was_seen():
    """400.2: the hand's cards become known to the ability's controller (logged and recorded), nothing moves."""
    c = spell("El Peek", [{"look_at_hand": {"player": "target"}}],
              [{"kind": "player", "filter": {"controller": "opponent"}}])
    z = {"you": {"hand": ["El Peek"]}, "opponent": {"hand": ["Grizzly Bears", "Forest"]}}
    r = both([c], z, [{"cast": "El Peek", "targets": ["opponent"]}, {"resolve": "all"}],
             [{"zone": {"card": "Grizzly Bears", "zone": "hand"}}, {"count": {"player": "opponent", "zone": "hand", "n": 2}}],
             [{"count": {"player": "opponent", "zone": "hand", "n": 1}}])
    assert any("you look at opponent's hand: ['Grizzly Bears', 'Forest']" in line for line in r.log), r.log[-5:]


# ---------------------------------------------------------------- poison counters (122.1f, 704.5c)
def test_poison_counters_from_an_effect_and_the_tenth_loses():
    """122.1f: "target player gets two poison counters"; 704.5c: ten or more and the player loses."""
    c = spell("El Sting", [{"poison": {"player": "target", "n": 2}}], [{"kind": "player"}])
    z = {"you": {"hand": ["El Sting"]}}
    act = [{"cast": "El Sting", "targets": ["opponent"]}, {"resolve": "all"}]
    both([c], z, act, [{"player_counters": {"player": "opponent", "kind": "poison", "n": 2}},
                       {"lost": {"player": "opponent", "value": False}}],
         [{"player_counters": {"player": "opponent", "kind": "poison", "n": 1}}])
    both([c], z, act, [{"lost": {"player": "opponent", "value": True}}],
         [{"lost": {"player": "opponent", "value": False}}], player_counters={"opponent": {"poison": 8}})


# ---------------------------------------------------------------- skipping a turn (614.10)
def test_skip_your_next_turn_passes_it_over():
    """614.10: the skipped turn is not taken — its draw does not happen; the opponent takes the next turn."""
    c = spell("El Nap", [{"skip_turn": {"player": "you", "n": 1}}], types=("Sorcery",))
    z = {"you": {"hand": ["El Nap"], "library": ["Island", "Forest"]}, "opponent": {"library": ["Swamp", "Plains"]}}
    act = [{"cast": "El Nap"}, {"resolve": "all"}, {"advance": {"turn": 3, "step": "main1"}}]
    both([c], z, act, [{"zone": {"card": "Island", "zone": "library"}}, {"zone": {"card": "Plains", "zone": "hand"}}],
         [{"zone": {"card": "Island", "zone": "hand"}}])
    plain = spell("El Nothing", [{"gain_life": 1}], types=("Sorcery",))
    z2 = {"you": {"hand": ["El Nothing"], "library": ["Island", "Forest"]}, "opponent": {"library": ["Swamp", "Plains"]}}
    both([plain], z2, [{"cast": "El Nothing"}, {"resolve": "all"}, {"advance": {"turn": 3, "step": "main1"}}],
         [{"zone": {"card": "Island", "zone": "hand"}}, {"zone": {"card": "Plains", "zone": "library"}}],
         [{"zone": {"card": "Island", "zone": "library"}}])


# ---------------------------------------------------------------- exiling graveyards (406.3)
def test_exile_all_graveyards():
    """406.3: every card in every graveyard is exiled."""
    c = spell("El Purge", [{"exile_graveyards": {"player": "each_player"}}])
    z = {"you": {"hand": ["El Purge"], "graveyard": ["Grizzly Bears"]}, "opponent": {"graveyard": ["Forest"]}}
    both([c], z, [{"cast": "El Purge"}, {"resolve": "all"}],
         [{"zone": {"card": "Grizzly Bears", "zone": "exile"}}, {"zone": {"card": "Forest", "zone": "exile"}},
          {"zone": {"card": "El Purge", "zone": "graveyard"}}],
         [{"zone": {"card": "Forest", "zone": "graveyard"}}])


# ---------------------------------------------------------------- the monarch (724)
def test_monarch_draws_at_end_step_and_combat_damage_takes_it():
    """724.2: the monarch draws at the beginning of their end step; a creature dealing combat damage to the
    monarch makes its controller the monarch (who then draws at their own end step)."""
    c = card("El Herald", spec={"triggers": [{"event": "enters", "effects": [{"monarch": True}]}]})
    z = {"you": {"hand": ["El Herald"], "library": ["Island", "Forest"]},
         "opponent": {"battlefield": ["Grizzly Bears"], "library": ["Swamp", "Plains", "Mountain"]}}
    act = [{"cast": "El Herald"}, {"resolve": "all"}, {"advance": {"turn": 1, "step": "cleanup"}}]
    both([c], z, act, [{"zone": {"card": "Island", "zone": "hand"}}], [{"zone": {"card": "Island", "zone": "library"}}])
    act2 = act + [{"advance": {"turn": 2, "step": "declare_attackers"}},
                  {"attack": ["Grizzly Bears"], "defender": "you"}, {"advance": {"turn": 2, "step": "cleanup"}}]
    # turn 2: the opponent draws Swamp (504.1), takes the monarchy in combat, and draws Plains at their end step
    both([c], z, act2, [{"zone": {"card": "Plains", "zone": "hand"}}, {"life": {"you": 18}}],
         [{"zone": {"card": "Plains", "zone": "library"}}])


# ---------------------------------------------------------------- honesty of the clause tables
BASES = [
    ("Target player gets two poison counters. Draw a card.", ["Sorcery"]),
    ("Draw three cards. You skip your next turn.", ["Sorcery"]),
    ("When Test Card enters the battlefield, exile all graveyards.", ["Creature"]),
    ("When Test Card enters the battlefield, look at target opponent's hand.", ["Creature"]),
    ("Whenever Test Card attacks, it connives.", ["Creature"]),
    ("When Test Card enters the battlefield, you become the monarch.", ["Creature"]),
    ("Target player reveals cards from the top of their library until they reveal two land cards, then puts "
     "those cards into their graveyard.", ["Sorcery"]),
    ("Destroy target creature. Its controller reveals cards from the top of their library until they reveal a "
     "creature card. The player puts that card onto the battlefield, then shuffles the rest into their library.",
     ["Sorcery"]),
    ("Target opponent exiles the top three cards of their library.", ["Sorcery"]),
    ("Search target opponent's library for a creature card and put that card onto the battlefield under your "
     "control. Then that player shuffles.", ["Sorcery"]),
    ("Counter target spell. Search its controller's graveyard, hand, and library for all cards with the same name "
     "as that spell and exile them. Then that player shuffles.", ["Instant"]),
    ("Search your library for any number of creature cards, reveal them, then shuffle and put those cards on top "
     "in any order.", ["Sorcery"]),
    ("Search your library for up to X basic land cards, where X is the number of creatures you control, put them "
     "onto the battlefield tapped, then shuffle.", ["Sorcery"]),
    ("Search your library for up to two creature cards, put those cards into your hand, then shuffle.", ["Sorcery"]),
    ("Whenever a player taps a land for mana, that player adds one mana of any type that land produced.",
     ["Enchantment"]),
    ("Whenever an opponent taps a land for mana, Test Card deals 1 damage to that player.", ["Enchantment"]),
    ("{T}: Add an amount of {G} equal to Test Card's power.", ["Creature"]),
    ("Each player discards their hand, then draws three cards.", ["Sorcery"]),
    ("{1}, Sacrifice two creatures: Draw a card.", ["Artifact"]),
    ("Goad target creature. Draw a card.", ["Sorcery"]),
]


@pytest.mark.parametrize("text,types", BASES, ids=[t[:40] for t, _ in BASES])
def test_clause_tables_are_honest(text, types):
    T.test_base_is_supported(text, types)
    T.test_added_clause_never_parses(text, types)
    T.test_any_word_replaced_never_supported(text, types)
    if T._NUMBER.search(text):
        T.test_changed_number_changes_behaviour(text, types)


# ---------------------------------------------------------------- another player reveals until (701.20)
def test_target_player_reveals_until_n_lands_into_their_graveyard():
    """701.20: the player reveals from their own library until the Nth land; all revealed cards go to their
    graveyard; the cards under it stay."""
    c = spell("El Funeral", [{"reveal_until": {"player": "target", "filter": {"types": ["Land"]}, "n": 2,
                                               "to": "graveyard", "rest": "graveyard"}}], [{"kind": "player"}])
    z = {"you": {"hand": ["El Funeral"]},
         "opponent": {"library": ["Grizzly Bears", "Forest", "Grizzly Bears", "Island", "Swamp"]}}
    both([c], z, [{"cast": "El Funeral", "targets": ["opponent"]}, {"resolve": "all"}],
         [{"count": {"player": "opponent", "zone": "graveyard", "n": 4}}, {"zone": {"card": "Swamp", "zone": "library"}}],
         [{"count": {"player": "opponent", "zone": "graveyard", "n": 2}}])


def test_its_controller_reveals_until_a_creature_which_they_control():
    """701.20 / 110.2: "its controller reveals … The player puts that card onto the battlefield" — under that
    player's control; the other revealed cards are shuffled into the library (701.24)."""
    c = spell("El Morph", [{"destroy": "target"}, {"reveal_until": {"player": "its_controller",
                                                                   "filter": {"types": ["Creature"]},
                                                                   "to": "battlefield", "rest": "shuffle"}}],
              [{"kind": "creature"}])
    z = {"you": {"hand": ["El Morph"]}, "opponent": {"battlefield": ["Grizzly Bears"],
                                                    "library": ["Forest", "El Giant", "Island"]}}
    both([c, card("El Giant", pt=(3, 3))], z, [{"cast": "El Morph", "targets": ["Grizzly Bears"]}, {"resolve": "all"}],
         [{"zone": {"card": "El Giant", "zone": "battlefield", "controller": "opponent"}},
          {"zone": {"card": "Forest", "zone": "library"}}, {"zone": {"card": "Grizzly Bears", "zone": "graveyard"}}],
         [{"zone": {"card": "El Giant", "zone": "battlefield", "controller": "you"}}])


# ---------------------------------------------------------------- searching (701.19)
def test_search_target_opponents_library_under_your_control():
    """701.19a: the ability's controller searches the other player's library; the found card enters under the
    searcher's control (110.2a)."""
    c = spell("El Bribe", [{"search": {"player": "target", "filter": {"types": ["Creature"]}, "to": "battlefield"}}],
              [{"kind": "player", "filter": {"controller": "opponent"}}], types=("Sorcery",))
    z = {"you": {"hand": ["El Bribe"], "library": ["Grizzly Bears"]}, "opponent": {"library": ["Forest", "El Giant"]}}
    both([c, card("El Giant", pt=(3, 3))], z,
         [{"cast": "El Bribe", "targets": ["opponent"]}, {"resolve": "all"}],
         [{"zone": {"card": "El Giant", "zone": "battlefield", "controller": "you", "owner": "opponent"}},
          {"zone": {"card": "Grizzly Bears", "zone": "library"}}],
         [{"zone": {"card": "El Giant", "zone": "library"}}])


def test_search_graveyard_hand_and_library_for_the_same_name():
    """701.19: "search its controller's graveyard, hand, and library for all cards with the same name as that
    spell and exile them" — every copy in those zones; other names stay."""
    c = spell("El Quash", [{"counter": "target"},
                           {"search": {"take": "all", "player": "its_controller", "zones": ["graveyard", "hand", "library"],
                                       "filter": {"same_name": "target"}, "to": "exile"}}],
              [{"kind": "spell"}])
    bolt = spell("El Bolt", [{"damage": {"n": 3}}], [{"kind": "any"}])
    z = {"you": {"hand": ["El Quash"]},
         "opponent": {"hand": ["El Bolt", "El Bolt"], "graveyard": ["El Bolt"], "library": ["El Bolt", "Forest"]}}
    r = both([c, bolt], z, [{"cast": "El Bolt", "by": "opponent", "targets": ["you"]},
                            {"cast": "El Quash", "targets": ["El Bolt"]}, {"resolve": "all"}],
             [{"count": {"player": "opponent", "zone": "exile", "n": 4}}, {"life": {"you": 20}},
              {"zone": {"card": "Forest", "zone": "library"}}],
             [{"count": {"player": "opponent", "zone": "exile", "n": 1}}])
    assert r.passed


def test_search_any_number_then_on_top_in_any_order():
    """701.19 / 401.4: "search for any number of Goblin cards, reveal them, then shuffle and put those cards on
    top in any order" — the chosen ones (answer `dig`) on top in the chosen order (`library_order`)."""
    c = spell("El Recruit", [{"search": {"take": "any", "filter": {"types": ["Creature"]}, "to": "library_top",
                                         "reveal": True}}], types=("Sorcery",))
    z = {"you": {"hand": ["El Recruit"], "library": ["Forest", "Grizzly Bears", "El Giant", "Island"]}}
    both([c, card("El Giant", pt=(3, 3))], z,
         [{"choose": {"dig": ["Grizzly Bears", "El Giant"], "library_order": ["El Giant", "Grizzly Bears"]}},
          {"cast": "El Recruit"}, {"resolve": "all"}, {"draw": 1}],
         [{"zone": {"card": "El Giant", "zone": "hand"}}, {"zone": {"card": "Forest", "zone": "library"}}],
         [{"zone": {"card": "Forest", "zone": "hand"}}])


def test_search_up_to_x_where_x_is_a_count():
    """701.19: "up to X basic land cards, where X is the number of lands you control" — X counted on resolution."""
    c = spell("El Realms", [{"search": {"to": "battlefield", "tapped": True, "filter": {"types": ["Land"]},
                                        "n": {"count": {"types": ["Land"], "controller": "you"}}, "up_to": True}}],
              types=("Sorcery",))
    z = {"you": {"hand": ["El Realms"], "battlefield": ["Plains", "Plains"],
                 "library": ["Forest", "Island", "Swamp"]}}
    both([c], z, [{"choose": {"card": "Forest"}}, {"choose": {"may": "yes"}}, {"choose": {"card": "Island"}},
                  {"cast": "El Realms"}, {"resolve": "all"}],
         [{"zone": {"card": "Island", "zone": "battlefield"}}, {"tapped": {"card": "Forest", "value": True}},
          {"zone": {"card": "Swamp", "zone": "library"}}],
         [{"zone": {"card": "Swamp", "zone": "battlefield"}}])


# ---------------------------------------------------------------- costs and whole hands
def test_sacrifice_two_as_a_cost():
    """602.2b / 701.17a: "Sacrifice two Goblins: …" — exactly two, chosen by the controller; refused with one."""
    c = card("El Warren", ("Enchantment",), {"activated": [{"sacrifice_other": {"types": ["Creature"], "n": 2},
                                                             "effects": [{"gain_life": 5}]}]})
    z = {"you": {"battlefield": ["El Warren", "Grizzly Bears", "Grizzly Bears", "Grizzly Bears"]}}
    both([c], z, [{"choose": {"card": "Grizzly Bears#1"}}, {"choose": {"card": "Grizzly Bears#3"}},
                  {"activate": "El Warren"}, {"resolve": "all"}],
         [{"count": {"player": "you", "zone": "graveyard", "n": 2}}, {"life": {"you": 25}},
          {"count": {"player": "you", "zone": "battlefield", "card": "Grizzly Bears", "n": 1}}],
         [{"count": {"player": "you", "zone": "graveyard", "n": 1}}])
    z1 = {"you": {"battlefield": ["El Warren", "Grizzly Bears"]}}
    both([c], z1, [], [{"illegal": {"action": {"activate": "El Warren"}, "message": "602.2b"}}],
         [{"allowed": {"action": {"activate": "El Warren"}}}])


def test_each_player_discards_their_hand_then_draws():
    """701.9: "each player discards their hand, then draws three cards" — every card of the hand."""
    c = spell("El Wheel", [{"discard": {"player": "each_player", "n": "all"}},
                           {"draw": {"player": "each_player", "n": 3}}], types=("Sorcery",))
    z = {"you": {"hand": ["El Wheel", "Forest", "Island"], "library": ["Swamp"] * 4},
         "opponent": {"hand": ["Grizzly Bears"], "library": ["Plains"] * 4}}
    both([c], z, [{"cast": "El Wheel"}, {"resolve": "all"}],
         [{"count": {"player": "you", "zone": "graveyard", "n": 3}}, {"count": {"player": "opponent", "zone": "hand", "n": 3}},
          {"count": {"player": "you", "zone": "hand", "n": 3}}],
         [{"count": {"player": "you", "zone": "graveyard", "n": 2}}])


# ---------------------------------------------------------------- mana (605.1b, 106.4)
def test_whenever_a_player_taps_a_land_for_mana_adds_one_of_that_type():
    """605.1b / 106.4: "whenever a player taps a land for mana, that player adds one mana of any type that land
    produced" — a triggered mana ability (resolves at once); an artifact tapped for mana does not trigger it."""
    flare = card("El Flare", ("Enchantment",), {"triggers": [{"event": "tapped_for_mana", "object": {"types": ["Land"]},
                                                              "mana": True, "effects": [{"add_mana": {
                                                                  "player": "event_controller", "produced": True}}]}]})
    rock = card("El Rock", ("Artifact",), {"activated": [{"name": "m", "tap": True, "mana": True,
                                                          "effects": [{"add_mana": {"mana": "C"}}]}]})
    z = {"you": {"battlefield": ["El Flare", "Forest", "El Rock"]}, "opponent": {"battlefield": ["Island"]}}
    both([flare, rock], z, [{"activate": "Forest"}, {"activate": "El Rock"}],
         [{"mana_pool": {"player": "you", "mana": "CGG"}}], [{"mana_pool": {"player": "you", "mana": "CCGG"}}])
    both([flare, rock], z, [{"activate": "Island", "by": "opponent"}],
         [{"mana_pool": {"player": "opponent", "mana": "UU"}}, {"mana_pool": {"player": "you", "mana": ""}}],
         [{"mana_pool": {"player": "you", "mana": "U"}}])


def test_add_an_amount_of_mana_equal_to_a_count():
    """106.4: "add an amount of {G} equal to ~'s power" — that many, read as the ability resolves."""
    c = card("El Joiner", spec={"activated": [{"name": "m", "tap": True, "mana": True,
                                               "effects": [{"add_mana": {"mana": "G", "n": "power:self"}}]}]}, pt=(3, 1))
    both([c], {"you": {"battlefield": ["El Joiner"]}}, [{"activate": "El Joiner"}],
         [{"mana_pool": {"player": "you", "mana": "GGG"}}], [{"mana_pool": {"player": "you", "mana": "G"}}])


# ---------------------------------------------------------------- goad (701.38)
def test_goaded_creature_attacks_on_its_controllers_turn():
    """701.38a: the goaded creature attacks each combat if able until the goader's next turn (two players: it
    attacks the goader, 701.38b)."""
    c = spell("El Taunt", [{"goad": "target"}], [{"kind": "creature"}], types=("Sorcery",))
    z = {"you": {"hand": ["El Taunt"]}, "opponent": {"battlefield": ["Grizzly Bears"]}}
    both([c], z, [{"cast": "El Taunt", "targets": ["Grizzly Bears"]}, {"resolve": "all"},
                  {"advance": {"turn": 2, "step": "end_combat"}}],
         [{"life": {"you": 18}}], [{"life": {"you": 20}}])


def test_search_two_one_into_hand_the_other_into_graveyard():
    """701.19: "search for two cards … put one into your hand and the other into your graveyard" — the first
    card found goes to the hand."""
    c = spell("El Fork", [{"search": {"n": 2, "filter": {}, "to": "split_graveyard"}}], types=("Sorcery",))
    z = {"you": {"hand": ["El Fork"], "library": ["Forest", "Island", "Swamp"]}}
    both([c], z, [{"choose": {"card": "Island"}}, {"choose": {"card": "Swamp"}}, {"cast": "El Fork"}, {"resolve": "all"}],
         [{"zone": {"card": "Island", "zone": "hand"}}, {"zone": {"card": "Swamp", "zone": "graveyard"}},
          {"zone": {"card": "Forest", "zone": "library"}}],
         [{"zone": {"card": "Swamp", "zone": "hand"}}])
