"""Group L of issue 21: costs, cost keywords, library and mana mechanics — one small test per handler
(setup → action → assertion, the CR rule in the docstring), each with a wrong twin that must fail."""
from __future__ import annotations

import engine.game  # noqa: F401  (the registrations)
from test_breadth import both, card, spell, _forget  # noqa: F401  (the fixture forgets registered cards)


# ---------------------------------------------------------------- activation costs (602.2b)
def test_untap_symbol_cost():
    """107.6: {Q} untaps the permanent as a cost — refused while it is untapped."""
    c = card("L Wheel", ("Artifact",), {"activated": [{"name": "q", "untap_cost": True,
                                                        "effects": [{"gain_life": 2}]}]})
    both([c], {"you": {"battlefield": ["L Wheel"]}}, [],
         [{"illegal": {"action": {"activate": "L Wheel"}, "message": "107.6"}}],
         [{"illegal": {"action": {"activate": "L Wheel"}, "message": "602.5b"}}])
    z = {"you": {"battlefield": [{"card": "L Wheel", "tapped": True}]}}
    both([c], z, [{"activate": "L Wheel"}, {"resolve": "all"}],
         [{"life": {"you": 22}}, {"tapped": {"card": "L Wheel", "value": False}}],
         [{"life": {"you": 22}}, {"tapped": {"card": "L Wheel", "value": True}}])


def test_exile_self_and_your_turn_only():
    """602.2b: "Exile ~" is paid by exiling it; 602.5b: "activate only during your turn"."""
    c = card("L Relic", ("Artifact",), {"activated": [{"name": "x", "exile_self": True, "your_turn_only": True,
                                                        "effects": [{"draw": 1}]}]})
    z = {"you": {"battlefield": ["L Relic"], "library": ["Grizzly Bears"]}}
    both([c], z, [{"activate": "L Relic"}, {"resolve": "all"}],
         [{"zone": {"card": "L Relic", "zone": "exile"}}, {"zone": {"card": "Grizzly Bears", "zone": "hand"}}],
         [{"zone": {"card": "L Relic", "zone": "battlefield"}}, {"zone": {"card": "Grizzly Bears", "zone": "hand"}}])
    both([c], z, [{"advance": {"turn": 2, "step": "main1"}}],
         [{"illegal": {"action": {"activate": "L Relic", "by": "you"}, "message": "602.5b"}}],
         [{"zone": {"card": "L Relic", "zone": "exile"}}])


def test_return_a_land_and_discard_at_random():
    """602.2b: returning a permanent you control and discarding at random (701.9c) are paid in full."""
    c = card("L Bounce", ("Artifact",), {"activated": [{"name": "r", "return_cost": {"types": ["Land"], "n": 1},
                                                         "discard_random": 1, "effects": [{"gain_life": 3}]}]})
    z = {"you": {"battlefield": ["L Bounce", "Forest"], "hand": ["Swamp", "Grizzly Bears"]}}
    both([c], z, [{"choose": {"card": "Forest"}}, {"choose": {"card": "Swamp"}}, {"activate": "L Bounce"},
                  {"resolve": "all"}],
         [{"zone": {"card": "Forest", "zone": "hand"}}, {"zone": {"card": "Swamp", "zone": "graveyard"}},
          {"life": {"you": 23}}],
         [{"zone": {"card": "Forest", "zone": "hand"}}, {"zone": {"card": "Grizzly Bears", "zone": "graveyard"}},
          {"life": {"you": 23}}])
    both([c], {"you": {"battlefield": ["L Bounce"], "hand": ["Swamp"]}}, [],
         [{"illegal": {"action": {"activate": "L Bounce"}, "message": "602.2b"}}],
         [{"illegal": {"action": {"activate": "L Bounce"}, "message": "107.6"}}])


def test_any_player_may_activate():
    """602.2: "any player may activate this ability" — the opponent activates and controls it."""
    c = card("L Fountain", ("Artifact",), {"activated": [{"name": "f", "any_player": True,
                                                           "effects": [{"gain_life": 1}]}]})
    d = card("L Well", ("Artifact",), {"activated": [{"name": "f", "effects": [{"gain_life": 1}]}]})
    z = {"you": {"battlefield": ["L Fountain", "L Well"]}}
    both([c, d], z, [{"advance": {"turn": 2, "step": "main1"}}, {"activate": "L Fountain", "by": "opponent"}, {"resolve": "all"}],
         [{"life": {"opponent": 21, "you": 20}}], [{"life": {"opponent": 20, "you": 21}}])
    both([c, d], z, [{"advance": {"turn": 2, "step": "main1"}}],
         [{"illegal": {"action": {"activate": "L Well", "by": "opponent"}, "message": "602.2"}}],
         [{"life": {"opponent": 21}}])


def test_exile_from_graveyard_as_additional_cost():
    """601.2h: an additional cost "exile N cards from your graveyard" is paid as the spell is cast."""
    s = card("L Delver", ("Sorcery",), {"additional_cost": {"exile_from_graveyard": {"n": 2, "filter": {}}},
                                        "spell": {"targets": [], "effects": [{"draw": 1}]}})
    z = {"you": {"hand": ["L Delver"], "graveyard": ["Swamp", "Grizzly Bears", "Forest"],
                 "library": ["Mountain"]}}
    both([s], z, [{"choose": {"card": "Swamp"}}, {"choose": {"card": "Forest"}}, {"cast": "L Delver"},
                  {"resolve": "all"}],
         [{"zone": {"card": "Swamp", "zone": "exile"}}, {"zone": {"card": "Grizzly Bears", "zone": "graveyard"}}],
         [{"zone": {"card": "Swamp", "zone": "exile"}}, {"zone": {"card": "Grizzly Bears", "zone": "exile"}}])


# ---------------------------------------------------------------- cost keywords, cycling
def test_affinity_for_artifacts_reduces_the_total_cost():
    """702.41a: {1} less for each artifact you control (an opponent's artifacts don't count)."""
    s = card("L Frogmite", spec={"affinity": {"types": ["Artifact"]}}, cost="{4}")
    a = card("L Bauble", ("Artifact",))
    z = {"you": {"hand": ["L Frogmite"], "battlefield": ["L Bauble", "L Bauble", "Forest"]},
         "opponent": {"battlefield": ["L Bauble"]}}
    both([s, a], z, [], [{"total_cost": {"card": "L Frogmite", "mana": "{2}"}}],
         [{"total_cost": {"card": "L Frogmite", "mana": "{1}"}}])


def test_cycling_triggers_when_you_cycle_this_and_whenever_you_cycle():
    """702.29c/d: "when you cycle ~" triggers from the graveyard; "whenever you cycle a card" from a permanent."""
    s = card("L Cycler", spec={"cycling": "{2}", "triggers": [{"event": "cycle_self", "effects": [{"gain_life": 3}]}]})
    w = card("L Watcher", ("Enchantment",), {"triggers": [{"event": "cycle", "whose": "you",
                                                           "effects": [{"gain_life": 1}]}]})
    z = {"you": {"hand": ["L Cycler"], "battlefield": ["L Watcher"], "library": ["Forest", "Swamp"]}}
    both([s, w], z, [{"choose": {"order": ["L Cycler", "L Watcher"]}}, {"activate": "L Cycler", "ability": "cycling"},
                     {"resolve": "all"}],
         [{"life": {"you": 24}}, {"zone": {"card": "L Cycler", "zone": "graveyard"}},
          {"count": {"player": "you", "zone": "hand", "n": 1}}],
         [{"life": {"you": 23}}, {"zone": {"card": "L Cycler", "zone": "graveyard"}},
          {"count": {"player": "you", "zone": "hand", "n": 1}}])


def test_two_mana_of_any_one_color():
    """106.4 / 106.1b: "two mana of any one color" — one colour chosen, two mana of it."""
    c = card("L Prism", ("Artifact",), {"activated": [{"name": "m", "tap": True, "mana": True,
                                                        "effects": [{"add_mana": {"one_color": 2}}]}]})
    z = {"you": {"battlefield": ["L Prism"]}}
    both([c], z, [{"choose": {"color": "G"}}, {"activate": "L Prism"}],
         [{"mana_pool": {"player": "you", "mana": "GG"}}], [{"mana_pool": {"player": "you", "mana": "G"}}])


# ---------------------------------------------------------------- alternative costs (118.9)
def _fireblast():
    return card("L Fireblast", ("Instant",), {"statics": [{"alternative_cost": {
        "sacrifice_other": {"subtypes": ["Mountain"], "n": 2}}}], "spell": {
        "targets": [{"kind": "any"}], "effects": [{"damage": {"n": 4, "to": "target"}}]}}, cost="{4}{R}{R}")


def test_alternative_cost_sacrifice_two_mountains():
    """118.9 / 601.2h: cast for the alternative cost — two Mountains are sacrificed as it is cast."""
    z = {"you": {"hand": ["L Fireblast"], "battlefield": ["Mountain", "Mountain", "Forest"]}}
    both([_fireblast()], z, [{"choose": {"card": "Mountain"}}, {"choose": {"card": "Mountain"}},
                             {"cast": "L Fireblast", "mode": "alternative", "targets": ["opponent"]}, {"resolve": "all"}],
         [{"life": {"opponent": 16}}, {"count": {"player": "you", "zone": "battlefield", "card": "Mountain", "n": 0}}],
         [{"life": {"opponent": 16}}, {"count": {"player": "you", "zone": "battlefield", "card": "Mountain", "n": 2}}])
    both([_fireblast()], {"you": {"hand": ["L Fireblast"], "battlefield": ["Mountain", "Forest"]}}, [],
         [{"illegal": {"action": {"cast": "L Fireblast", "mode": "alternative", "targets": ["opponent"]},
                       "message": "sacrifice"}}],
         [{"life": {"opponent": 16}}])


def test_alternative_cost_life_and_a_card_from_hand_with_a_condition():
    """118.9: "pay 1 life and exile a blue card from your hand"; a conditional one only while it holds."""
    fow = card("L Will", ("Instant",), {"statics": [{"alternative_cost": {
        "pay_life": 1, "exile_from_hand": {"n": 1, "filter": {"colors": "U"}}}}], "spell": {
        "targets": [], "effects": [{"draw": 1}]}}, cost="{3}{U}{U}", colors="U")
    blue = card("L Blue", ("Instant",), {"spell": {"targets": [], "effects": [{"draw": 1}]}}, colors="U")
    z = {"you": {"hand": ["L Will", "L Blue", "Forest"], "library": ["Swamp"]}}
    both([fow, blue], z, [{"choose": {"card": "L Blue"}}, {"cast": "L Will", "mode": "alternative"},
                          {"resolve": "all"}],
         [{"life": {"you": 19}}, {"zone": {"card": "L Blue", "zone": "exile"}}],
         [{"life": {"you": 20}}, {"zone": {"card": "L Blue", "zone": "exile"}}])
    cond = card("L Trap", ("Instant",), {"statics": [{"alternative_cost": {
        "cost": "{U}", "if": {"control_at_least": {"n": 1, "filter": {"subtypes": ["Island"]}}}}}], "spell": {
        "targets": [], "effects": [{"gain_life": 2}]}}, cost="{3}{U}")
    both([cond], {"you": {"hand": ["L Trap"], "battlefield": ["Forest"]}}, [],
         [{"can_cast": {"player": "you", "card": "L Trap", "mode": "alternative", "value": False}}],
         [{"can_cast": {"player": "you", "card": "L Trap", "mode": "alternative", "value": True}}])
    both([cond], {"you": {"hand": ["L Trap"], "battlefield": ["Island"]}}, [],
         [{"can_cast": {"player": "you", "card": "L Trap", "mode": "alternative", "value": True}}],
         [{"can_cast": {"player": "you", "card": "L Trap", "mode": "alternative", "value": False}}])


# ---------------------------------------------------------------- madness (702.35)
def _madness_cards():
    m = card("L Fiery", ("Instant",), {"madness": "{R}", "spell": {"targets": [{"kind": "any"}],
                                                                   "effects": [{"damage": {"n": 3, "to": "target"}}]}},
             cost="{1}{R}{R}")
    looter = card("L Looter", ("Sorcery",), {"spell": {"targets": [], "effects": [{"discard": {"n": 1}}]}})
    return [m, looter]


def test_madness_discarded_card_is_cast_from_exile():
    """702.35a: the discarded card is exiled; as its trigger resolves its owner casts it (timing ignored)."""
    z = {"you": {"hand": ["L Looter", "L Fiery"]}}
    both(_madness_cards(), z, [{"cast": "L Looter"}, {"choose": {"card": "L Fiery"}}, {"resolve": 1},
                               {"choose": {"may": "yes"}}, {"choose": {"targets": ["opponent"]}}, {"resolve": "all"}],
         [{"life": {"opponent": 17}}, {"zone": {"card": "L Fiery", "zone": "graveyard"}}],
         [{"life": {"opponent": 20}}, {"zone": {"card": "L Fiery", "zone": "graveyard"}}])


def test_madness_declined_goes_to_the_graveyard():
    """702.35a: an owner who doesn't cast it puts it into their graveyard (from exile)."""
    z = {"you": {"hand": ["L Looter", "L Fiery"]}}
    both(_madness_cards(), z, [{"cast": "L Looter"}, {"choose": {"card": "L Fiery"}}, {"resolve": 1},
                               {"expect": [{"zone": {"card": "L Fiery", "zone": "exile"}}]},
                               {"choose": {"may": "no"}}, {"resolve": "all"}],
         [{"life": {"opponent": 20}}, {"zone": {"card": "L Fiery", "zone": "graveyard"}}],
         [{"life": {"opponent": 20}}, {"zone": {"card": "L Fiery", "zone": "exile"}}])


# ---------------------------------------------------------------- suspend (702.62)
def test_suspend_exiles_ticks_down_and_casts_a_hasty_creature():
    """702.62a: suspended with 2 time counters; one removed each upkeep; cast free with haste at the last."""
    s = card("L Sliver", spec={"suspend": {"time": 2, "cost": "{R}"}}, pt=(3, 3), cost="{4}{R}")
    z = {"you": {"hand": ["L Sliver"]}}
    acts = [{"activate": "L Sliver", "ability": "suspend"},
            {"expect": [{"counters": {"card": "L Sliver", "kind": "time", "n": 2}}]},
            {"advance": {"turn": 3, "step": "upkeep", "priority": True}}, {"resolve": "all"},
            {"expect": [{"counters": {"card": "L Sliver", "kind": "time", "n": 1}}]},
            {"advance": {"turn": 5, "step": "upkeep", "priority": True}},
            {"choose": {"may": "yes"}}, {"resolve": "all"}]
    both([s], z, acts, [{"zone": {"card": "L Sliver", "zone": "battlefield"}},
                        {"has_ability": {"card": "L Sliver", "ability": "haste", "value": True}}],
         [{"zone": {"card": "L Sliver", "zone": "exile"}},
          {"has_ability": {"card": "L Sliver", "ability": "haste", "value": True}}])


def test_suspend_only_when_it_could_be_cast():
    """702.62a: a sorcery-speed card can't be suspended in the opponent's turn."""
    s = card("L Vision", ("Sorcery",), {"suspend": {"time": 4, "cost": "{U}"},
                                        "spell": {"targets": [], "effects": [{"draw": 3}]}})
    z = {"you": {"hand": ["L Vision"]}}
    both([s], z, [{"advance": {"turn": 2, "step": "main1"}}],
         [{"illegal": {"action": {"activate": "L Vision", "ability": "suspend", "by": "you"}, "message": "702.62a"}}],
         [{"zone": {"card": "L Vision", "zone": "exile"}}])


# ---------------------------------------------------------------- cast timing restrictions (307.5, 601.3)
def test_cast_only_during_declare_attackers_if_attacked():
    """601.3: "cast this spell only during the declare attackers step and only if you've been attacked"."""
    s = card("L Ambush", ("Instant",), {"statics": [{"cast_only": {"during": "declare_attackers",
                                                                   "if": {"attacked_this_step": True}}}],
                                        "spell": {"targets": [], "effects": [{"gain_life": 4}]}})
    z = {"you": {"hand": ["L Ambush"]}, "opponent": {"battlefield": ["Grizzly Bears"]}}
    both([s], z, [], [{"can_cast": {"player": "you", "card": "L Ambush", "value": False}}],
         [{"can_cast": {"player": "you", "card": "L Ambush", "value": True}}])
    acts = [{"advance": {"turn": 2, "step": "declare_attackers"}}, {"attack": ["Grizzly Bears"], "defender": "you"}]
    both([s], z, acts, [{"can_cast": {"player": "you", "card": "L Ambush", "value": True}}],
         [{"can_cast": {"player": "you", "card": "L Ambush", "value": False}}])
    both([s], z, [{"advance": {"turn": 2, "step": "declare_attackers"}}, {"attack": []}],
         [{"can_cast": {"player": "you", "card": "L Ambush", "value": False}}],
         [{"can_cast": {"player": "you", "card": "L Ambush", "value": True}}])


# ---------------------------------------------------------------- library (701.19 family)
def test_search_library_and_or_graveyard_for_a_named_card():
    """701.19: "search your library and/or graveyard for a card named …" finds it in the graveyard too."""
    s = spell("L Aid", [{"search": {"filter": {"named": "grizzly bears"}, "zones": ["library", "graveyard"],
                                    "to": "hand", "reveal": True}}], types=("Sorcery",))
    z = {"you": {"hand": ["L Aid"], "graveyard": ["Grizzly Bears"], "library": ["Forest"]}}
    both([s], z, [{"cast": "L Aid"}, {"resolve": "all"}],
         [{"zone": {"card": "Grizzly Bears", "zone": "hand"}}, {"zone": {"card": "Forest", "zone": "library"}}],
         [{"zone": {"card": "Grizzly Bears", "zone": "graveyard"}}, {"zone": {"card": "Forest", "zone": "library"}}])


def test_each_player_shuffles_hand_and_graveyard_into_library():
    """701.24: every card of each player's hand and graveyard goes into their library."""
    s = spell("L Twister", [{"shuffle_zones": {"player": "each_player", "zones": ["hand", "graveyard"]}}],
              types=("Sorcery",))
    z = {"you": {"hand": ["L Twister", "Forest"], "graveyard": ["Swamp"]},
         "opponent": {"hand": ["Island"], "graveyard": ["Grizzly Bears"]}}
    both([s], z, [{"cast": "L Twister"}, {"resolve": "all"}],
         [{"zone": {"card": "Grizzly Bears", "zone": "library"}}, {"zone": {"card": "Swamp", "zone": "library"}},
          {"count": {"player": "opponent", "zone": "hand", "n": 0}}],
         [{"zone": {"card": "Grizzly Bears", "zone": "graveyard"}}, {"zone": {"card": "Swamp", "zone": "library"}},
          {"count": {"player": "opponent", "zone": "hand", "n": 0}}])


def test_reveal_until_a_creature_card():
    """701.20: reveal until a creature card; it goes to the hand, the others to the bottom."""
    s = spell("L Dig", [{"reveal_until": {"filter": {"types": ["Creature"]}, "to": "hand", "rest": "bottom_random"}}],
              types=("Sorcery",))
    z = {"you": {"hand": ["L Dig"], "library": ["Forest", "Swamp", "Grizzly Bears", "Island"]}}
    both([s], z, [{"cast": "L Dig"}, {"resolve": "all"}],
         [{"zone": {"card": "Grizzly Bears", "zone": "hand"}}, {"count": {"player": "you", "zone": "hand", "n": 1}},
          {"count": {"player": "you", "zone": "library", "n": 3}}],
         [{"zone": {"card": "Grizzly Bears", "zone": "hand"}}, {"count": {"player": "you", "zone": "hand", "n": 3}},
          {"count": {"player": "you", "zone": "library", "n": 3}}])


def test_an_ability_of_the_hand_works_only_there():
    """113.6: "exile ~ from your hand: add {G}" can't be activated on the battlefield."""
    c = card("L Guide", spec={"activated": [{"zone": "hand", "exile_self_from_hand": True, "mana": True,
                                             "effects": [{"add_mana": {"mana": "G"}}]}]})
    both([c], {"you": {"battlefield": ["L Guide"]}}, [],
         [{"illegal": {"action": {"activate": "L Guide"}, "message": "113.6"}}],
         [{"illegal": {"action": {"activate": "L Guide"}, "message": "602.5b"}}])
    both([c], {"you": {"hand": ["L Guide"]}}, [{"activate": "L Guide"}],
         [{"mana_pool": {"player": "you", "mana": "G"}}], [{"mana_pool": {"player": "you", "mana": ""}}])


# ---------------------------------------------------------------- playing cards from exile (601.2a, 305.1)
def test_exile_top_and_play_it_this_turn_only():
    """601.2a / 305.1: the exiled cards may be cast and a land among them played — this turn only."""
    s = spell("L Impulse", [{"exile_top": {"player": "you", "n": 2}},
                            {"play_exiled": {"what": "found", "until": "end_of_turn"}}], types=("Sorcery",))
    z = {"you": {"hand": ["L Impulse"], "library": ["Grizzly Bears", "Forest", "Island"]}}
    acts = [{"cast": "L Impulse"}, {"resolve": "all"}]
    both([s], z, acts + [{"cast": "Grizzly Bears", "mode": "exiled"}, {"resolve": "all"}, {"cast": "Forest"}],
         [{"zone": {"card": "Grizzly Bears", "zone": "battlefield"}}, {"zone": {"card": "Forest", "zone": "battlefield"}}],
         [{"zone": {"card": "Grizzly Bears", "zone": "exile"}}, {"zone": {"card": "Forest", "zone": "battlefield"}}])
    both([s], z, acts + [{"advance": {"turn": 3, "step": "main1"}}],
         [{"illegal": {"action": {"cast": "Grizzly Bears", "mode": "exiled"}, "message": "601.2a"}}],
         [{"zone": {"card": "Grizzly Bears", "zone": "battlefield"}}])


def test_play_exiled_until_the_end_of_your_next_turn():
    """601.2a: "until the end of your next turn" — still allowed in the caster's next turn, not after."""
    s = spell("L Reckless", [{"exile_top": {"player": "you", "n": 1}},
                             {"play_exiled": {"what": "found", "until": "end_of_your_next_turn"}}], types=("Sorcery",))
    z = {"you": {"hand": ["L Reckless"], "library": ["Grizzly Bears", "Island", "Island", "Island"]}}
    acts = [{"cast": "L Reckless"}, {"resolve": "all"}]
    both([s], z, acts + [{"advance": {"turn": 3, "step": "main1"}}, {"cast": "Grizzly Bears", "mode": "exiled"},
                         {"resolve": "all"}],
         [{"zone": {"card": "Grizzly Bears", "zone": "battlefield"}}],
         [{"zone": {"card": "Grizzly Bears", "zone": "exile"}}])
    both([s], z, acts + [{"advance": {"turn": 5, "step": "main1"}}],
         [{"illegal": {"action": {"cast": "Grizzly Bears", "mode": "exiled"}, "message": "601.2a"}}],
         [{"zone": {"card": "Grizzly Bears", "zone": "battlefield"}}])


def test_entwine_chooses_all_modes_only_when_paid():
    """702.42a: with its entwine cost paid the spell has all its modes; without, only `choose` many (700.2)."""
    s = card("L Barbs", ("Instant",), {"entwine": "{2}", "spell": {"targets": [], "effects": [], "modes": [{
        "choose": "one", "modes": [{"targets": [], "effects": [{"gain_life": 2}]},
                                   {"targets": [], "effects": [{"draw": 1}]}]}]}})
    z = {"you": {"hand": ["L Barbs"], "library": ["Island"]}}
    both([s], z, [{"cast": "L Barbs", "mode": "entwine", "modes": [1, 2]}, {"resolve": "all"}],
         [{"life": {"you": 22}}, {"zone": {"card": "Island", "zone": "hand"}}],
         [{"life": {"you": 20}}, {"zone": {"card": "Island", "zone": "hand"}}])
    both([s], z, [], [{"illegal": {"action": {"cast": "L Barbs", "modes": [1, 2]}, "message": "700.2"}}],
         [{"life": {"you": 22}}])


def test_rebound_only_from_the_hand_and_not_when_countered():
    """702.88a: a rebound spell cast from the hand is exiled as it resolves; countered, it goes to the graveyard."""
    s = card("L Shock", ("Instant",), {"keywords": ["rebound"], "spell": {"targets": [{"kind": "any"}],
                                                                          "effects": [{"damage": {"n": 2, "to": "target"}}]}})
    z = {"you": {"hand": ["L Shock"]}}
    both([s], z, [{"cast": "L Shock", "targets": ["opponent"]}, {"resolve": "all"}],
         [{"zone": {"card": "L Shock", "zone": "exile"}}], [{"zone": {"card": "L Shock", "zone": "graveyard"}}])
    both([s], z, [{"cast": "L Shock", "targets": ["opponent"]}, {"counter": "L Shock"}],
         [{"zone": {"card": "L Shock", "zone": "graveyard"}}], [{"zone": {"card": "L Shock", "zone": "exile"}}])
