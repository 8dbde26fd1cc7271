"""Group el of issue 21, second part: hand and graveyard effects — one play-it-out test per handler (setup → action →
assertion, the CR rule in the docstring), each with a wrong twin that must fail; and the honesty of the clause
tables (constructions written for the test, no card text)."""
from __future__ import annotations

import pytest

import engine.game  # noqa: F401  (the registrations)
from family_honesty import assert_added_clause_rejected, assert_supported
from test_breadth import both, card, run, spell, _forget  # noqa: F401  (the fixture forgets registered cards)

_OPP = [{"kind": "player", "filter": {"controller": "opponent"}}]


def _sorcery(text):
    return {"name": "El Test Sorcery", "text": text, "types": ["Sorcery"], "type": "Sorcery", "manaCost": "{1}{B}"}


# ---------------------------------------------------------------- reveal a hand, you choose, exile (701.16a, 406.2)
def test_reveal_hand_you_choose_a_card_and_it_is_exiled():
    """701.16a / 406.2: you pick a nonland card of the revealed hand; it goes to exile (not the graveyard)."""
    c = spell("El Pick", [{"exile_chosen": {"player": "target", "filter": {"not_types": ["Land"]}}}], _OPP)
    z = {"you": {"hand": ["El Pick"]}, "opponent": {"hand": ["Grizzly Bears", "Forest", "Counterspell"]}}
    act = [{"choose": {"card": "Counterspell"}}, {"cast": "El Pick", "targets": ["opponent"]}, {"resolve": "all"}]
    both([c], z, act, [{"zone": {"card": "Counterspell", "zone": "exile"}},
                       {"zone": {"card": "Grizzly Bears", "zone": "hand"}}],
         [{"zone": {"card": "Counterspell", "zone": "graveyard"}}])
    # the filter holds: a land can't be picked, so the only nonland card goes
    z2 = {"you": {"hand": ["El Pick"]}, "opponent": {"hand": ["Forest", "Grizzly Bears"]}}
    both([c], z2, [{"cast": "El Pick", "targets": ["opponent"]}, {"resolve": "all"}],
         [{"zone": {"card": "Grizzly Bears", "zone": "exile"}}, {"zone": {"card": "Forest", "zone": "hand"}}],
         [{"zone": {"card": "Forest", "zone": "exile"}}])


# ---------------------------------------------------------------- a card revealed at random (701.16a)
def test_card_revealed_at_random_is_read_by_the_next_clause():
    """701.16a: the randomly revealed card (named by the revealing player's `card` answer) stays in the hand; its
    mana value is what the next clause reads."""
    c = spell("El Glimpse", [{"reveal_random": {"player": "target"}}, {"gain_life": "mana_value:found"}], _OPP)
    z = {"you": {"hand": ["El Glimpse"]}, "opponent": {"hand": ["Darksteel Colossus", "Grizzly Bears"]}}
    act = [{"choose": {"card": "Darksteel Colossus"}, "by": "opponent"}, {"cast": "El Glimpse", "targets": ["opponent"]},
           {"resolve": "all"}]
    both([c], z, act, [{"life": {"you": 31}}, {"zone": {"card": "Darksteel Colossus", "zone": "hand"}}],
         [{"life": {"you": 22}}])


# ---------------------------------------------------------------- search for a computed mana value (701.19, 202.3)
def test_search_for_mana_value_one_more_than_the_sacrificed():
    """701.19 / 202.3: only a creature card whose mana value is 1 plus the sacrificed creature's can be found."""
    pod = card("El Pod", types=("Artifact",), spec={"activated": [{
        "cost": "{1}", "sacrifice_other": {"types": ["Creature"]}, "targets": [],
        "effects": [{"search": {"to": "battlefield", "filter": {"types": ["Creature"], "mana_value_is": {
            "sum": [1, "mana_value:sacrificed"]}}}}]}]})
    z = {"you": {"battlefield": ["El Pod", "Grizzly Bears"], "library": ["Darksteel Colossus", "Counterspell", "Ornithopter",
                                                                     "Boros Reckoner"]}}
    act = [{"choose": {"card": "Grizzly Bears"}}, {"activate": "El Pod"}, {"resolve": "all"}]
    both([pod], z, act, [{"zone": {"card": "Boros Reckoner", "zone": "battlefield"}},
                         {"zone": {"card": "Grizzly Bears", "zone": "graveyard"}},
                         {"zone": {"card": "Darksteel Colossus", "zone": "library"}}],
         [{"zone": {"card": "Boros Reckoner", "zone": "library"}}])


# ---------------------------------------------------------------- cards in all graveyards (404.1)
def test_count_of_cards_named_so_in_all_graveyards():
    """"2 plus the number of cards named ~ in all graveyards": both players' graveyards count (not the spell on the
    stack): 2 + 2 = 4 damage."""
    from engine.oracle.compile import compile_face
    beh = compile_face(_sorcery("El Kindle deals X damage to any target, where X is 2 plus the number of cards named "
                                "El Kindle in all graveyards.") | {"name": "El Kindle"}).behaviour
    c = card("El Kindle", ("Sorcery",), beh)
    z = {"you": {"hand": ["El Kindle"], "graveyard": ["El Kindle"]}, "opponent": {"graveyard": ["El Kindle", "Forest"]}}
    both([c], z, [{"cast": "El Kindle", "targets": ["opponent"]}, {"resolve": "all"}], [{"life": {"opponent": 16}}],
         [{"life": {"opponent": 17}}])


# ---------------------------------------------------------------- draws (121.1, 401.4, 504)
def test_draw_then_put_cards_from_hand_on_top():
    """121.1 / 401.4: draw three, then two cards of your choice from the hand go on top (the first named on top)."""
    c = spell("El Storm", [{"draw": 3}, {"put_from_hand": {"n": 2, "where": "top"}}])
    z = {"you": {"hand": ["El Storm", "Forest"], "library": ["Island", "Swamp", "Plains", "Mountain"]}}
    act = [{"choose": {"card": "Forest"}}, {"choose": {"card": "Island"}}, {"cast": "El Storm"}, {"resolve": "all"},
           {"advance": {"turn": 3, "step": "main1"}}]
    both([c], z, act, [{"zone": {"card": "Forest", "zone": "hand"}}, {"zone": {"card": "Island", "zone": "library"}},
                       {"count": {"player": "you", "zone": "hand", "n": 3}}, {"zone": {"card": "Mountain", "zone": "library"}}],
         [{"zone": {"card": "Mountain", "zone": "hand"}}])


def test_each_players_draw_step_trigger_draws_an_additional_card():
    """504.1 then the "at the beginning of each player's draw step" trigger: the opponent draws two on their turn."""
    mine = card("El Mine", types=("Artifact",), spec={"triggers": [
        {"event": "draw_step", "whose": "each", "targets": [], "effects": [{"draw": {"player": "that_player", "n": 1}}]}]})
    z = {"you": {"battlefield": ["El Mine"], "library": ["Island", "Swamp"]},
         "opponent": {"library": ["Forest", "Plains", "Mountain"]}}
    both([mine], z, [{"advance": {"turn": 2, "step": "main1"}}],
         [{"zone": {"card": "Plains", "zone": "hand"}}, {"count": {"player": "opponent", "zone": "hand", "n": 2}},
          {"count": {"player": "you", "zone": "hand", "n": 0}}],
         [{"count": {"player": "opponent", "zone": "hand", "n": 1}}])


def test_another_player_may_draw():
    """121.1: "defending player may draw a card" — that player's choice (yes: a card; no: none)."""
    c = spell("El Gift", [{"may_draw": {"player": "target", "n": 1}}], _OPP)
    z = {"you": {"hand": ["El Gift"]}, "opponent": {"library": ["Forest"]}}
    both([c], z, [{"choose": {"may": "yes"}, "by": "opponent"}, {"cast": "El Gift", "targets": ["opponent"]},
                  {"resolve": "all"}], [{"zone": {"card": "Forest", "zone": "hand"}}],
         [{"zone": {"card": "Forest", "zone": "library"}}])
    both([c], z, [{"choose": {"may": "no"}, "by": "opponent"}, {"cast": "El Gift", "targets": ["opponent"]},
                  {"resolve": "all"}], [{"zone": {"card": "Forest", "zone": "library"}}],
         [{"zone": {"card": "Forest", "zone": "hand"}}])


# ---------------------------------------------------------------- a player exiles from their hand (406.2)
def test_target_opponent_exiles_cards_of_their_choice_from_hand():
    """406.2: the player chooses; two cards of three leave the hand for exile."""
    c = spell("El Drain", [{"exile_from_hand": {"player": "target", "n": 2}}], _OPP)
    z = {"you": {"hand": ["El Drain"]}, "opponent": {"hand": ["Grizzly Bears", "Forest", "Counterspell"]}}
    act = [{"choose": {"card": "Forest"}, "by": "opponent"}, {"choose": {"card": "Grizzly Bears"}, "by": "opponent"},
           {"cast": "El Drain", "targets": ["opponent"]}, {"resolve": "all"}]
    both([c], z, act, [{"zone": {"card": "Forest", "zone": "exile"}}, {"zone": {"card": "Grizzly Bears", "zone": "exile"}},
                       {"zone": {"card": "Counterspell", "zone": "hand"}}],
         [{"count": {"player": "opponent", "zone": "hand", "n": 2}}])


# ---------------------------------------------------------------- discard then draw that many (701.9, 121.1)
def test_each_player_discards_hand_then_draws_that_many_minus_one():
    """701.9 / 121.1: each player discards their whole hand, then draws as many cards as they discarded, less one."""
    c = spell("El Wheel", [{"discard_draw": {"player": "each_player", "n": "all", "plus": -1}}], types=("Sorcery",))
    z = {"you": {"hand": ["El Wheel", "Forest", "Island", "Swamp"], "library": ["Plains", "Mountain", "Grizzly Bears"]},
         "opponent": {"hand": ["Counterspell", "Forest"], "library": ["Island", "Swamp"]}}
    both([c], z, [{"cast": "El Wheel"}, {"resolve": "all"}],
         [{"count": {"player": "you", "zone": "hand", "n": 2}}, {"count": {"player": "opponent", "zone": "hand", "n": 1}},
          {"zone": {"card": "Counterspell", "zone": "graveyard"}}, {"count": {"player": "you", "zone": "graveyard", "n": 4}}],
         [{"count": {"player": "you", "zone": "hand", "n": 3}}])


def test_discard_up_to_n_then_draw_that_many():
    """701.9 / 121.1: up to two cards of your choice (answer `dig`), then that many draws."""
    c = spell("El Loot", [{"discard_draw": {"player": "you", "n": 2, "up_to": True}}], types=("Sorcery",))
    z = {"you": {"hand": ["El Loot", "Forest", "Island", "Swamp"], "library": ["Plains", "Mountain", "Grizzly Bears"]}}
    act = [{"choose": {"dig": ["Forest"]}}, {"cast": "El Loot"}, {"resolve": "all"}]
    both([c], z, act, [{"zone": {"card": "Forest", "zone": "graveyard"}}, {"zone": {"card": "Plains", "zone": "hand"}},
                       {"zone": {"card": "Mountain", "zone": "library"}}, {"count": {"player": "you", "zone": "hand", "n": 3}}],
         [{"zone": {"card": "Mountain", "zone": "hand"}}])


def test_hand_on_the_bottom_then_draw_that_many_is_no_discard():
    """401.4 / 121.1: the hand goes under the library (not the graveyard); as many cards are drawn."""
    c = spell("El Tuck", [{"discard_draw": {"player": "you", "n": "all", "to": "bottom"}}], types=("Sorcery",))
    z = {"you": {"hand": ["El Tuck", "Forest", "Island"], "library": ["Plains", "Mountain", "Grizzly Bears"]}}
    both([c], z, [{"cast": "El Tuck"}, {"resolve": "all"}],
         [{"zone": {"card": "Forest", "zone": "library"}}, {"zone": {"card": "Plains", "zone": "hand"}},
          {"zone": {"card": "Mountain", "zone": "hand"}}, {"count": {"player": "you", "zone": "graveyard", "n": 1}}],
         [{"zone": {"card": "Forest", "zone": "graveyard"}}])


# ---------------------------------------------------------------- mass reanimation (400.7)
def test_return_every_matching_card_from_your_graveyard():
    """400.7: each creature card in your graveyard enters at once; other cards and other graveyards stay."""
    c = spell("El Rise", [{"return_all_to_battlefield": {"what": {"types": ["Creature"], "owner": "you"}}}],
              types=("Sorcery",))
    z = {"you": {"hand": ["El Rise"], "graveyard": ["Grizzly Bears", "Ornithopter", "Forest"]},
         "opponent": {"graveyard": ["Darksteel Colossus"]}}
    both([c], z, [{"cast": "El Rise"}, {"resolve": "all"}],
         [{"zone": {"card": "Grizzly Bears", "zone": "battlefield"}}, {"zone": {"card": "Ornithopter", "zone": "battlefield"}},
          {"zone": {"card": "Forest", "zone": "graveyard"}}, {"zone": {"card": "Darksteel Colossus", "zone": "graveyard"}}],
         [{"zone": {"card": "Darksteel Colossus", "zone": "battlefield"}}])


# ---------------------------------------------------------------- targets from a single graveyard (601.2c)
def test_targets_from_a_single_graveyard():
    """601.2c: "up to two target cards from a single graveyard" — two of one graveyard are exiled; a choice
    spanning two graveyards is refused."""
    c = spell("El Sweep", [{"exile": {"what": "target"}}],
              [{"kind": "graveyard_card", "up_to": 2, "single_graveyard": True}], types=("Sorcery",))
    z = {"you": {"hand": ["El Sweep"], "graveyard": ["Grizzly Bears"]},
         "opponent": {"graveyard": ["Forest", "Island"]}}
    both([c], z, [{"cast": "El Sweep", "targets": ["Forest", "Island"]}, {"resolve": "all"}],
         [{"zone": {"card": "Forest", "zone": "exile"}}, {"zone": {"card": "Island", "zone": "exile"}}],
         [{"zone": {"card": "Forest", "zone": "graveyard"}}])
    r = run([c], z, [{"cast": "El Sweep", "targets": ["Forest", "Grizzly Bears"]}, {"resolve": "all"}],
            [{"zone": {"card": "Forest", "zone": "exile"}}])
    assert not r.passed and "single graveyard" in (r.error or ""), (r.error, r.checks)


def test_put_a_card_from_your_graveyard_on_top_of_your_library():
    """401.4: the targeted creature card leaves your graveyard for the top of your library (drawn next)."""
    c = spell("El Recall", [{"put_in_library": {"what": "target", "where": "top"}}],
              [{"kind": "graveyard_card", "filter": {"types": ["Creature"], "owner": "you"}}], types=("Sorcery",))
    z = {"you": {"hand": ["El Recall"], "graveyard": ["Grizzly Bears", "Forest"], "library": ["Island"]}}
    both([c], z, [{"cast": "El Recall", "targets": ["Grizzly Bears"]}, {"resolve": "all"},
                  {"advance": {"turn": 3, "step": "main1"}}],
         [{"zone": {"card": "Grizzly Bears", "zone": "hand"}}, {"zone": {"card": "Island", "zone": "library"}}],
         [{"zone": {"card": "Grizzly Bears", "zone": "graveyard"}}])


# ---------------------------------------------------------------- reveal any number from your hand (701.16a)
def test_reveal_any_number_counts_for_a_later_value():
    """701.16a: the number of matching cards revealed is X for the rest of the resolution (here +X/+X)."""
    c = spell("El Show", [{"reveal_any": {"filter": {"types": ["Land"]}}},
                          {"pump": {"pt": ["revealed_this_way:cards", "revealed_this_way:cards"], "affected": "target"}}],
              [{"kind": "creature"}])
    z = {"you": {"hand": ["El Show", "Forest", "Island", "Counterspell"], "battlefield": ["Grizzly Bears"]}}
    act = [{"choose": {"dig": ["Forest", "Island"]}}, {"cast": "El Show", "targets": ["Grizzly Bears"]},
           {"resolve": "all"}]
    both([c], z, act, [{"pt": {"card": "Grizzly Bears", "power": 4, "toughness": 4}},
                       {"zone": {"card": "Forest", "zone": "hand"}}],
         [{"pt": {"card": "Grizzly Bears", "power": 2, "toughness": 2}}])
    # a card outside the filter can't be revealed for it
    bad = [{"choose": {"dig": ["Counterspell"]}}, {"cast": "El Show", "targets": ["Grizzly Bears"]}, {"resolve": "all"}]
    r = run([c], z, bad, [{"pt": {"card": "Grizzly Bears", "power": 3, "toughness": 3}}])
    assert not r.passed


# ---------------------------------------------------------------- its controller searches their library (701.19)
def test_its_controller_may_search_their_own_library():
    """701.19: the exiled creature's controller (not you) may search their library; the land enters tapped under
    their control; declining leaves it in the library."""
    c = spell("El Path", [{"exile": {"what": "target"}},
                          {"search_own": {"player": "its_controller", "filter": {"types": ["Land"]}, "to": "battlefield",
                                          "tapped": True}}], [{"kind": "creature"}])
    z = {"you": {"hand": ["El Path"], "library": ["Island"]},
         "opponent": {"battlefield": ["Grizzly Bears"], "library": ["Counterspell", "Forest"]}}
    act = [{"choose": {"may": "yes"}, "by": "opponent"}, {"cast": "El Path", "targets": ["Grizzly Bears"]},
           {"resolve": "all"}]
    both([c], z, act, [{"zone": {"card": "Forest", "zone": "battlefield", "controller": "opponent"}},
                       {"tapped": {"card": "Forest", "value": True}}, {"zone": {"card": "Island", "zone": "library"}}],
         [{"zone": {"card": "Forest", "zone": "library"}}])
    no = [{"choose": {"may": "no"}, "by": "opponent"}, {"cast": "El Path", "targets": ["Grizzly Bears"]}, {"resolve": "all"}]
    both([c], z, no, [{"zone": {"card": "Forest", "zone": "library"}}, {"zone": {"card": "Grizzly Bears", "zone": "exile"}}],
         [{"zone": {"card": "Forest", "zone": "battlefield"}}])


# ---------------------------------------------------------------- manifest (701.34)
def test_manifest_puts_the_top_card_face_down_and_a_creature_card_turns_up_for_its_cost():
    """701.34a / 708.2a: the top card enters face down as a 2/2; a manifested creature card may be turned face up
    for its mana cost (a special action); a manifested land can't be."""
    c = spell("El Shroud", [{"manifest": {"n": 1}}], types=("Sorcery",))
    z = {"you": {"hand": ["El Shroud"], "library": ["Darksteel Colossus", "Forest"]}}
    act = [{"cast": "El Shroud"}, {"resolve": "all"},
           {"expect": [{"count": {"player": "you", "zone": "battlefield", "face_down": True, "n": 1}},
                       {"pt": {"card": "Darksteel Colossus", "power": 2, "toughness": 2}}]},
           {"activate": "Darksteel Colossus", "ability": "turn face up"}]
    both([c], z, act, [{"pt": {"card": "Darksteel Colossus", "power": 11, "toughness": 11}},
                       {"zone": {"card": "Forest", "zone": "library"}}],
         [{"count": {"player": "you", "zone": "battlefield", "face_down": True, "n": 1}}])
    z2 = {"you": {"hand": ["El Shroud"], "library": ["Forest", "Island"]}}
    r = run([c], z2, [{"cast": "El Shroud"}, {"resolve": "all"}, {"activate": "Forest", "ability": "turn face up"}],
            [{"count": {"player": "you", "zone": "battlefield", "face_down": True, "n": 0}}])
    assert not r.passed


# ---------------------------------------------------------------- prevention (615.7, 601.2d, 609.7a)
def _zap():
    return spell("El Zap", [{"damage": {"n": 3}}], [{"kind": "any"}])


def test_prevention_shields_divided_among_targets():
    """615.7 / 601.2d: 3 prevention divided 2 to the creature and 1 to you: 3 damage to the 2/2 leaves it alive
    (1 dealt); 3 damage to you costs 2 life."""
    mend = spell("El Mend", [{"prevent_divided": {"n": 3, "to": "target"}}], [{"kind": "any", "up_to": "any"}])
    z = {"you": {"hand": ["El Mend", "El Zap", "El Zap"], "battlefield": ["Grizzly Bears"]}}
    act = [{"choose": {"divide": [2, 1]}}, {"cast": "El Mend", "targets": ["Grizzly Bears", "you"]}, {"resolve": "all"},
           {"cast": "El Zap", "targets": ["Grizzly Bears"]}, {"resolve": "all"},
           {"cast": "El Zap", "targets": ["you"]}, {"resolve": "all"}]
    both([mend, _zap()], z, act, [{"zone": {"card": "Grizzly Bears", "zone": "battlefield"}}, {"life": {"you": 18}}],
         [{"zone": {"card": "Grizzly Bears", "zone": "graveyard"}}])


def test_prevent_all_damage_a_chosen_source_would_deal_to_anyone():
    """609.7a / 615.7: the source is chosen on resolution; none of its damage this turn is dealt, whoever it is
    dealt to."""
    ward = spell("El Ward", [{"prevent_source": {"filter": {}, "to": "any"}}])
    z = {"you": {"hand": ["El Ward"], "battlefield": ["Grizzly Bears"]}, "opponent": {"hand": ["El Zap"]}}
    act = [{"cast": "El Zap", "by": "opponent", "targets": ["Grizzly Bears"]}, {"choose": {"card": "El Zap"}},
           {"cast": "El Ward"}, {"resolve": "all"}]
    both([ward, _zap()], z, act, [{"zone": {"card": "Grizzly Bears", "zone": "battlefield"}}],
         [{"zone": {"card": "Grizzly Bears", "zone": "graveyard"}}])


# ---------------------------------------------------------------- damage to a permanent becomes counters (614.1a, 615.1)
def test_damage_to_it_becomes_counters_instead():
    """614.1a: 3 damage to the creature is not dealt; three +1/+1 counters are put on it instead."""
    hyd = card("El Hydra", spec={"statics": [{"damage_to_counters": {"kind": "+1/+1", "mode": "add", "n": "that_many"}}]},
               pt=(1, 1))
    z = {"you": {"battlefield": ["El Hydra"], "hand": ["El Zap"]}}
    both([hyd, _zap()], z, [{"cast": "El Zap", "targets": ["El Hydra"]}, {"resolve": "all"}],
         [{"counters": {"card": "El Hydra", "kind": "+1/+1", "n": 3}}, {"pt": {"card": "El Hydra", "power": 4,
                                                                              "toughness": 4}}],
         [{"zone": {"card": "El Hydra", "zone": "graveyard"}}])


def test_damage_prevented_while_it_has_a_counter_removes_one():
    """615.1: while it has a +1/+1 counter, damage is prevented and one counter removed; without one, damage is
    dealt."""
    champ = card("El Champion", spec={"statics": [{"damage_to_counters": {"kind": "+1/+1", "mode": "remove", "n": 1,
                                                                          "while": "+1/+1"}}]}, pt=(2, 2))
    z = {"you": {"battlefield": [{"card": "El Champion", "counters": {"+1/+1": 1}}], "hand": ["El Zap", "El Zap"]}}
    act = [{"cast": "El Zap", "targets": ["El Champion"]}, {"resolve": "all"},
           {"expect": [{"counters": {"card": "El Champion", "kind": "+1/+1", "n": 0}},
                       {"zone": {"card": "El Champion", "zone": "battlefield"}}]},
           {"cast": "El Zap", "targets": ["El Champion"]}, {"resolve": "all"}]
    both([champ, _zap()], z, act, [{"zone": {"card": "El Champion", "zone": "graveyard"}}],
         [{"zone": {"card": "El Champion", "zone": "battlefield"}}])


# ---------------------------------------------------------------- honesty of the tables
LINES = [
    "Target opponent reveals their hand. You choose a nonland card from it and exile that card.",
    "Target player reveals their hand. You choose a nonland card from it with mana value 3 or less. That player "
    "discards that card.",
    "Target opponent reveals their hand. You choose a creature card from it. Exile that card.",
    "Target opponent exiles two cards from their hand.",
    "Draw three cards, then put two cards from your hand on top of your library in any order.",
    "Target opponent may draw a card.",
    "As an additional cost to cast this spell, sacrifice a creature.\nSearch your library for a creature card with "
    "mana value equal to 1 plus the sacrificed creature's mana value, put that card onto the battlefield, then "
    "shuffle.",
    "Target opponent reveals a card at random from their hand. You gain life equal to that card's mana value.",
    "Each player discards all the cards in their hand, then draws that many cards.",
    "Discard up to three cards, then draw that many cards plus one.",
    "Put the cards in your hand on the bottom of your library in any order, then draw that many cards.",
    "Return all enchantment cards from your graveyard to the battlefield.",
    "Exile up to three target cards from a single graveyard.",
    "Reveal any number of red cards in your hand. Target creature gets +X/+X until end of turn, where X is the number "
    "of cards revealed this way.",
    "Put target creature card from your graveyard on top of your library.",
    "Shuffle target card from your graveyard into your library.",
    "Prevent the next 4 damage that would be dealt this turn to any number of targets, divided as you choose.",
    "Prevent all damage a red source of your choice would deal this turn.",
    "Manifest the top two cards of your library.",
    "Destroy target creature. Its controller may search their library for a basic land card, put it onto the "
    "battlefield tapped, then shuffle.",
    "The next time a black source of your choice would deal damage this turn, prevent that damage.",
]


@pytest.mark.parametrize("line", LINES)
def test_lines_supported_and_an_added_clause_rejected(line):
    assert_supported(_sorcery(line))
    assert_added_clause_rejected(_sorcery, line)


def _creature(text):
    return {"name": "El Test Beast", "text": text, "types": ["Creature"], "type": "Creature — Beast",
            "manaCost": "{2}{G}", "power": "2", "toughness": "2"}


STATIC_LINES = [
    "If damage would be dealt to El Test Beast, put that many +1/+1 counters on it instead.",
    "If damage would be dealt to El Test Beast while it has a +1/+1 counter on it, prevent that damage and remove a "
    "+1/+1 counter from El Test Beast.",
    "If damage would be dealt to El Test Beast, prevent that damage. Put a -1/-1 counter on El Test Beast for each 1 "
    "damage prevented this way.",
]


@pytest.mark.parametrize("line", STATIC_LINES)
def test_static_lines_supported_and_an_added_clause_rejected(line):
    assert_supported(_creature(line))
    assert_added_clause_rejected(_creature, line)


def test_numbers_and_nouns_change_the_behaviour():
    from engine.oracle.compile import compile_face
    a = compile_face(_sorcery("Target opponent exiles two cards from their hand.")).behaviour
    b = compile_face(_sorcery("Target opponent exiles three cards from their hand.")).behaviour
    assert a != b
    a = compile_face(_sorcery("Discard up to two cards, then draw that many cards.")).behaviour
    b = compile_face(_sorcery("Discard up to two cards, then draw that many cards plus one.")).behaviour
    assert a != b
    for line in ("Exile target creature from a single graveyard.",
                 "Reveal any number of red cards in target player's graveyard.",
                 "Put target creature card from a graveyard on top of your library."):
        assert not compile_face(_sorcery(line)).supported, line
    # "those creatures" after returning each matching card names no bound set; a returned target still binds "its"
    assert not compile_face(_sorcery("Return each creature card from your graveyard to the battlefield. Exile those "
                                     "creatures at the beginning of your next upkeep.")).supported
    assert compile_face(_sorcery("Return target creature card from your graveyard to the battlefield. You lose life "
                                 "equal to its mana value.")).supported
    assert not compile_face(_sorcery("Draw three cards, then put two cards from your hand on top of your library."))\
        .supported                                                  # the order of the two is unsaid
    bad = compile_face(_sorcery("Target opponent reveals their hand. You choose a nonland flimwick from it and exile "
                                "that card."))
    assert not bad.supported
