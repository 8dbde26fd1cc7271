"""Group ek2 of issue 21: keyword mechanics of casting, copying and graveyards — one test per mechanic
(setup → action → assertion, the CR rule in the docstring), each with a wrong twin that must fail (so a no-op
handler fails the test)."""
from __future__ import annotations

import engine.game  # noqa: F401  (the registrations)
from test_breadth import both, card, spell, _forget  # noqa: F401  (the fixture forgets registered cards)


# ---------------------------------------------------------------- casting and copying
def test_cast_self_trigger_works_on_the_stack():
    """601.2i / 113.6: "when you cast this spell, draw a card" triggers from the stack, before the spell
    resolves (the spell is still on the stack when the draw happens)."""
    c = card("K Titan", spec={"triggers": [{"event": "cast_self", "object": {"self": True},
                                           "effects": [{"draw": 1}]}]}, pt=(6, 6))
    z = {"you": {"hand": ["K Titan"], "library": ["Forest", "Swamp"]}}
    both([c], z, [{"cast": "K Titan"}, {"resolve": 1}],
         [{"zone": {"card": "Forest", "zone": "hand"}}, {"zone": {"card": "K Titan", "zone": "stack"}}],
         [{"zone": {"card": "Forest", "zone": "library"}}])


def test_cast_trigger_of_a_permanent_does_not_see_itself_cast():
    """113.6: a permanent's "whenever you cast a creature spell" works on the battlefield only — casting that
    card itself does not trigger it."""
    c = card("K Watcher", spec={"triggers": [{"event": "cast", "object": {"types": ["Creature"]},
                                             "effects": [{"gain_life": 2}]}]})
    both([c], {"you": {"hand": ["K Watcher"]}}, [{"cast": "K Watcher"}, {"resolve": "all"}],
         [{"life": {"you": 20}}], [{"life": {"you": 22}}])


def test_storm_copies_for_each_spell_cast_before_it():
    """702.40a: storm copies the spell once per other spell cast before it this turn (any player's)."""
    s2 = card("K Grapeshot", ("Sorcery",), {"keywords": ["storm"], "spell": {"targets": [{"kind": "any"}],
                                                                          "effects": [{"damage": {"n": 1}}]}})
    r = spell("K Ritual", [{"gain_life": 1}])
    z = {"you": {"hand": ["K Grapeshot", "K Ritual", "K Ritual"]}}
    both([s2, r], z, [{"cast": "K Ritual"}, {"resolve": "all"}, {"cast": "K Ritual"}, {"resolve": "all"},
                      {"choose": {"may": "no"}}, {"choose": {"may": "no"}},
                      {"cast": "K Grapeshot", "targets": ["opponent"]}, {"resolve": "all"}],
         [{"life": {"opponent": 17, "you": 22}}], [{"life": {"opponent": 19, "you": 22}}])


def test_storm_copy_may_choose_new_targets():
    """707.10c: a storm copy's controller may choose new targets for it."""
    s = card("K Grapeshot", ("Sorcery",), {"keywords": ["storm"], "spell": {"targets": [{"kind": "any"}],
                                                                         "effects": [{"damage": {"n": 1}}]}})
    r = spell("K Ritual", [{"gain_life": 1}])
    z = {"you": {"hand": ["K Grapeshot", "K Ritual"]}, "opponent": {"battlefield": ["Grizzly Bears"]}}
    both([s, r], z, [{"cast": "K Ritual"}, {"resolve": "all"},
                     {"choose": {"may": "yes"}}, {"choose": {"targets": ["Grizzly Bears"]}},
                     {"cast": "K Grapeshot", "targets": ["opponent"]}, {"resolve": "all"}],
         [{"life": {"opponent": 19}}, {"damage": {"card": "Grizzly Bears", "n": 1}}],
         [{"life": {"opponent": 18}}])


def test_copy_spell_with_new_targets():
    """707.10 / 707.10c: "copy target instant or sorcery spell; you may choose new targets for the copy"."""
    bolt = spell("K Bolt", [{"damage": {"n": 3}}], [{"kind": "any"}])
    tw = spell("K Twincast", [{"copy_spell": {"what": "target", "new_targets": True}}],
               [{"kind": "spell", "filter": {"types_any": ["Instant", "Sorcery"]}}])
    z = {"you": {"hand": ["K Bolt", "K Twincast"]}, "opponent": {"battlefield": ["Grizzly Bears"]}}
    both([bolt, tw], z, [{"cast": "K Bolt", "targets": ["opponent"]}, {"cast": "K Twincast", "targets": ["K Bolt"]},
                         {"choose": {"may": "yes"}}, {"choose": {"targets": ["Grizzly Bears"]}}, {"resolve": "all"}],
         [{"life": {"opponent": 17}}, {"zone": {"card": "Grizzly Bears", "zone": "graveyard"}}],
         [{"life": {"opponent": 14}}])


def test_replicate_copies_once_per_payment():
    """702.56a: the replicate cost paid twice gives two copies."""
    s = card("K Pyromatics", ("Instant",), {"replicate": "{1}{R}", "spell": {"targets": [{"kind": "any"}],
                                                                          "effects": [{"damage": {"n": 1}}]}})
    z = {"you": {"hand": ["K Pyromatics"]}}
    both([s], z, [{"choose": {"may": "no"}}, {"choose": {"may": "no"}},
                  {"cast": "K Pyromatics", "targets": ["opponent"], "replicate": 2}, {"resolve": "all"}],
         [{"life": {"opponent": 17}}], [{"life": {"opponent": 19}}])
    both([s], z, [{"cast": "K Pyromatics", "targets": ["opponent"]}, {"resolve": "all"}],
         [{"life": {"opponent": 19}}], [{"life": {"opponent": 17}}])


def test_cascade_casts_the_first_cheaper_nonland_card():
    """702.85a: exile until a nonland card with lesser mana value, cast it free; the rest to the bottom."""
    big = card("K Shardless", spec={"keywords": ["cascade"]}, cost="{2}{U}{G}")
    cheap = spell("K Insight", [{"draw": 1}], types=("Sorcery",), cost="{1}{U}")
    dear = spell("K Epic", [{"draw": 3}], types=("Sorcery",), cost="{5}{U}")
    z = {"you": {"hand": ["K Shardless"], "library": ["Forest", "K Epic", "K Insight", "Swamp", "Island"]}}
    both([big, cheap, dear], z, [{"choose": {"may": "yes"}}, {"cast": "K Shardless"}, {"resolve": "all"}],
         [{"zone": {"card": "K Insight", "zone": "graveyard"}}, {"zone": {"card": "Swamp", "zone": "hand"}},
          {"zone": {"card": "Forest", "zone": "library"}}, {"zone": {"card": "K Shardless", "zone": "battlefield"}}],
         [{"zone": {"card": "K Epic", "zone": "graveyard"}}])


def test_split_second_forbids_spells_and_abilities():
    """702.61a: while a split second spell is on the stack no other spell is cast and no non-mana ability is
    activated."""
    grip = card("K Grip", ("Instant",), {"keywords": ["split_second"], "spell": {
        "targets": [{"kind": "permanent", "filter": {"types": ["Artifact"]}}], "effects": [{"destroy": "target"}]}})
    art = card("K Relic", ("Artifact",), {"activated": [{"name": "r", "effects": [{"gain_life": 1}]}]})
    bolt = spell("K Bolt", [{"damage": {"n": 3}}], [{"kind": "any"}])
    z = {"you": {"hand": ["K Grip"]}, "opponent": {"battlefield": ["K Relic"], "hand": ["K Bolt"]}}
    both([grip, art, bolt], z, [{"cast": "K Grip", "targets": ["K Relic"]}],
         [{"illegal": {"action": {"activate": "K Relic", "by": "opponent"}, "message": "702.61a"}},
          {"illegal": {"action": {"cast": "K Bolt", "by": "opponent", "targets": ["you"]}, "message": "702.61a"}}],
         [{"allowed": {"action": {"cast": "K Bolt", "by": "opponent", "targets": ["you"]}}}])


def test_countered_spell_exiled_instead():
    """701.5a / 614.1a: "counter target spell; if it's countered this way, exile it instead"."""
    bolt = spell("K Bolt", [{"damage": {"n": 3}}], [{"kind": "any"}])
    dis = spell("K Dissipate", [{"counter": "target"}, {"countered_to_exile": True}], [{"kind": "spell"}])
    z = {"you": {"hand": ["K Bolt"]}, "opponent": {"hand": ["K Dissipate"]}}
    both([bolt, dis], z, [{"cast": "K Bolt", "targets": ["opponent"]},
                          {"cast": "K Dissipate", "by": "opponent", "targets": ["K Bolt"]}, {"resolve": "all"}],
         [{"zone": {"card": "K Bolt", "zone": "exile"}}, {"life": {"opponent": 20}}],
         [{"zone": {"card": "K Bolt", "zone": "graveyard"}}])


# ---------------------------------------------------------------- graveyard abilities and casts
def test_embalm_creates_a_white_zombie_token_copy():
    """702.128a / 707.9b: embalm exiles the card and creates a token copy — white, a Zombie, no mana cost."""
    c = card("K Initiate", spec={"embalm": "{6}{W}", "keywords": ["flying"]}, pt=(3, 2), colors="U",
             subtypes=("Bird",), cost="{3}{U}")
    z = {"you": {"graveyard": ["K Initiate"]}}
    r = both([c], z, [{"activate": "K Initiate", "ability": "embalm"}, {"resolve": "all"}],
             [{"zone": {"card": "K Initiate", "zone": "battlefield"}}, {"mana_value": {"card": "K Initiate", "n": 0}},
              {"has_ability": {"card": "K Initiate", "ability": "flying", "value": True}}],
             [{"zone": {"card": "K Initiate", "zone": "graveyard"}}])
    assert any("702.128a" in line for line in r.log)
    both([c], {"you": {"graveyard": ["K Initiate"]}}, [{"advance": {"turn": 2, "step": "main1"}}],
         [{"illegal": {"action": {"activate": "K Initiate", "ability": "embalm", "by": "you"}, "message": "sorcery"}}],
         [{"allowed": {"action": {"activate": "K Initiate", "ability": "embalm", "by": "you"}}}])


def test_eternalize_makes_a_4_4_black_zombie():
    """702.129a: the eternalized token is a 4/4 black Zombie copy."""
    c = card("K Khenra", spec={"eternalize": "{4}{R}{R}"}, pt=(2, 1), colors="R", cost="{1}{R}")
    z = {"you": {"graveyard": ["K Khenra"]}}
    both([c], z, [{"activate": "K Khenra", "ability": "eternalize"}, {"resolve": "all"}],
         [{"pt": {"card": "K Khenra", "power": 4, "toughness": 4}}, {"zone": {"card": "K Khenra", "zone": "battlefield"}}],
         [{"pt": {"card": "K Khenra", "power": 2, "toughness": 1}}])


def test_scavenge_puts_counters_equal_to_its_power():
    """702.97a: exile the card from the graveyard: +1/+1 counters equal to its power on target creature."""
    c = card("K Beetle", spec={"scavenge": "{5}{G}"}, pt=(4, 1))
    z = {"you": {"graveyard": ["K Beetle"], "battlefield": ["Grizzly Bears"]}}
    both([c], z, [{"activate": "K Beetle", "ability": "scavenge", "targets": ["Grizzly Bears"]}, {"resolve": "all"}],
         [{"counters": {"card": "Grizzly Bears", "kind": "+1/+1", "n": 4}}, {"zone": {"card": "K Beetle", "zone": "exile"}}],
         [{"counters": {"card": "Grizzly Bears", "kind": "+1/+1", "n": 1}}])


def test_escape_casts_from_the_graveyard_exiling_other_cards():
    """702.138a: cast from the graveyard for its escape cost, exiling N other graveyard cards."""
    s = spell("K Velocity", [{"draw": 1}], types=("Sorcery",))
    s2 = card("K Escaper", ("Sorcery",), {"escape": {"cost": "{1}{R}", "exile_from_graveyard": 2},
                                         "spell": {"targets": [], "effects": [{"draw": 1}]}})
    z = {"you": {"graveyard": ["K Escaper", "Forest", "Swamp", "Island"], "library": ["Mountain"]}}
    both([s, s2], z, [{"choose": {"card": "Forest"}}, {"choose": {"card": "Island"}},
                      {"cast": "K Escaper", "mode": "escape"}, {"resolve": "all"}],
         [{"zone": {"card": "Mountain", "zone": "hand"}}, {"zone": {"card": "Forest", "zone": "exile"}},
          {"zone": {"card": "Swamp", "zone": "graveyard"}}, {"zone": {"card": "K Escaper", "zone": "graveyard"}}],
         [{"zone": {"card": "Swamp", "zone": "exile"}}])
    both([s, s2], {"you": {"graveyard": ["K Escaper", "Forest"]}}, [],
         [{"illegal": {"action": {"cast": "K Escaper", "mode": "escape"}, "message": "602.2b"}}],
         [{"allowed": {"action": {"cast": "K Escaper", "mode": "escape"}}}])


def test_jump_start_discards_and_exiles_the_spell():
    """702.133a: cast from the graveyard discarding a card; then exiled instead of going anywhere else."""
    s = card("K Insight", ("Instant",), {"keywords": ["jump_start"], "spell": {"targets": [], "effects": [{"draw": 1}]}})
    z = {"you": {"graveyard": ["K Insight"], "hand": ["Swamp"], "library": ["Island"]}}
    both([s], z, [{"cast": "K Insight", "mode": "jump_start"}, {"resolve": "all"}],
         [{"zone": {"card": "K Insight", "zone": "exile"}}, {"zone": {"card": "Swamp", "zone": "graveyard"}},
          {"zone": {"card": "Island", "zone": "hand"}}],
         [{"zone": {"card": "K Insight", "zone": "graveyard"}}])


def test_retrace_discards_a_land_and_returns_to_the_graveyard():
    """702.81a: cast from the graveyard by discarding a land card; it goes back to the graveyard."""
    s = card("K Jab", ("Sorcery",), {"keywords": ["retrace"], "spell": {"targets": [{"kind": "any"}],
                                                                      "effects": [{"damage": {"n": 1}}]}})
    z = {"you": {"graveyard": ["K Jab"], "hand": ["Swamp", "Grizzly Bears"]}}
    both([s], z, [{"cast": "K Jab", "mode": "retrace", "targets": ["opponent"]}, {"resolve": "all"}],
         [{"life": {"opponent": 19}}, {"zone": {"card": "K Jab", "zone": "graveyard"}},
          {"zone": {"card": "Swamp", "zone": "graveyard"}}, {"zone": {"card": "Grizzly Bears", "zone": "hand"}}],
         [{"zone": {"card": "Swamp", "zone": "hand"}}])
    both([s], {"you": {"graveyard": ["K Jab"], "hand": ["Grizzly Bears"]}}, [],
         [{"illegal": {"action": {"cast": "K Jab", "mode": "retrace", "targets": ["opponent"]}, "message": "602.2b"}}],
         [{"allowed": {"action": {"cast": "K Jab", "mode": "retrace", "targets": ["opponent"]}}}])


def test_disturb_casts_the_back_face_from_the_graveyard():
    """702.146a/b: cast transformed from the graveyard — the permanent is the back face; it is exiled by the back
    face's own replacement when it would go to a graveyard."""
    front = card("K Beggar", spec={"disturb": "{1}{W}", "transform_to": "K Soul"}, pt=(1, 1))
    back = card("K Soul", spec={"keywords": ["flying"], "statics": [{"graveyard_to_exile": "self"}]}, pt=(1, 1))
    z = {"you": {"graveyard": ["K Beggar"]}}
    both([front, back], z, [{"cast": "K Beggar", "mode": "disturb"}, {"resolve": "all"}],
         [{"zone": {"card": "K Soul", "zone": "battlefield"}},
          {"has_ability": {"card": "K Soul", "ability": "flying", "value": True}}],
         [{"zone": {"card": "K Beggar", "zone": "battlefield"}}])
    both([front, back], {"you": {"hand": ["K Beggar"]}}, [],
         [{"illegal": {"action": {"cast": "K Beggar", "mode": "disturb"}, "message": "702.146a"}}],
         [{"allowed": {"action": {"cast": "K Beggar", "mode": "disturb"}}}])


# ---------------------------------------------------------------- alternative and additional costs
def test_spectacle_only_after_an_opponent_lost_life():
    """702.137a: the spectacle cost can be paid only if an opponent lost life this turn."""
    c = card("K Juggler", spec={"spectacle": "{2}{B}"})
    bolt = spell("K Bolt", [{"damage": {"n": 3}}], [{"kind": "any"}])
    both([c, bolt], {"you": {"hand": ["K Juggler"]}}, [],
         [{"illegal": {"action": {"cast": "K Juggler", "mode": "spectacle"}, "message": "702.137a"}}],
         [{"allowed": {"action": {"cast": "K Juggler", "mode": "spectacle"}}}])
    both([c, bolt], {"you": {"hand": ["K Juggler", "K Bolt"]}},
         [{"cast": "K Bolt", "targets": ["opponent"]}, {"resolve": "all"}, {"cast": "K Juggler", "mode": "spectacle"},
          {"resolve": "all"}],
         [{"zone": {"card": "K Juggler", "zone": "battlefield"}}], [{"zone": {"card": "K Juggler", "zone": "hand"}}])


def test_surge_only_after_casting_another_spell():
    """702.117a: the surge cost can be paid only if its caster cast another spell this turn."""
    c = card("K Runner", spec={"surge": "{1}{R}"})
    r = spell("K Ritual", [{"gain_life": 1}])
    both([c, r], {"you": {"hand": ["K Runner"]}, "opponent": {"hand": ["K Ritual"]}},
         [{"advance": {"turn": 1, "step": "main1"}}],
         [{"illegal": {"action": {"cast": "K Runner", "mode": "surge"}, "message": "702.117a"}}],
         [{"allowed": {"action": {"cast": "K Runner", "mode": "surge"}}}])
    both([c, r], {"you": {"hand": ["K Runner", "K Ritual"]}},
         [{"cast": "K Ritual"}, {"resolve": "all"}],
         [{"allowed": {"action": {"cast": "K Runner", "mode": "surge"}}}],
         [{"illegal": {"action": {"cast": "K Runner", "mode": "surge"}, "message": "702.117a"}}])


def test_blitz_haste_draw_on_death_and_end_step_sacrifice():
    """702.152a: blitzed — haste; sacrificed at the next end step; "when this creature dies, draw a card"."""
    c = card("K Goons", spec={"blitz": "{2}{B}"}, pt=(3, 3))
    z = {"you": {"hand": ["K Goons"], "library": ["Island", "Swamp"]}}
    both([c], z, [{"cast": "K Goons", "mode": "blitz"}, {"resolve": "all"},
                  {"attack": ["K Goons"], "defender": "opponent"},
                  {"advance": {"turn": 1, "step": "end", "priority": True}}, {"resolve": "all"}],
         [{"life": {"opponent": 17}}, {"zone": {"card": "K Goons", "zone": "graveyard"}},
          {"zone": {"card": "Island", "zone": "hand"}}],
         [{"zone": {"card": "K Goons", "zone": "battlefield"}}])
    both([c], z, [{"cast": "K Goons"}, {"resolve": "all"}, {"advance": {"turn": 1, "step": "end", "priority": True}},
                  {"resolve": "all"}],
         [{"zone": {"card": "K Goons", "zone": "battlefield"}},
          {"has_ability": {"card": "K Goons", "ability": "haste", "value": False}}],
         [{"zone": {"card": "K Goons", "zone": "graveyard"}}])


def test_emerge_sacrifices_a_creature():
    """702.119a: cast for the emerge cost by sacrificing a creature as it is cast."""
    c = card("K Fiend", spec={"emerge": "{5}{U}{U}"}, pt=(5, 6))
    z = {"you": {"hand": ["K Fiend"], "battlefield": ["Grizzly Bears"]}}
    both([c], z, [{"cast": "K Fiend", "mode": "emerge"}, {"resolve": "all"}],
         [{"zone": {"card": "Grizzly Bears", "zone": "graveyard"}}, {"zone": {"card": "K Fiend", "zone": "battlefield"}}],
         [{"zone": {"card": "Grizzly Bears", "zone": "battlefield"}}])
    both([c], {"you": {"hand": ["K Fiend"]}}, [],
         [{"illegal": {"action": {"cast": "K Fiend", "mode": "emerge"}, "message": "702.119a"}}],
         [{"allowed": {"action": {"cast": "K Fiend", "mode": "emerge"}}}])


def test_casualty_sacrifices_and_copies():
    """702.153a: casualty 2 — sacrifice a creature with power 2 or greater as it is cast; then a copy."""
    s = card("K Chat", ("Instant",), {"casualty": 2, "spell": {"targets": [], "effects": [{"draw": 1}]}})
    one = card("K Elf", pt=(1, 1))
    z = {"you": {"hand": ["K Chat"], "battlefield": ["Grizzly Bears", "K Elf"], "library": ["Island", "Swamp", "Forest"]}}
    both([s, one], z, [{"cast": "K Chat", "mode": "casualty"}, {"resolve": "all"}],
         [{"zone": {"card": "Grizzly Bears", "zone": "graveyard"}}, {"zone": {"card": "Swamp", "zone": "hand"}},
          {"zone": {"card": "Forest", "zone": "library"}}],
         [{"zone": {"card": "Swamp", "zone": "library"}}])
    both([s, one], {"you": {"hand": ["K Chat"], "battlefield": ["K Elf"]}}, [],
         [{"illegal": {"action": {"cast": "K Chat", "mode": "casualty"}, "message": "702.153a"}}],
         [{"allowed": {"action": {"cast": "K Chat", "mode": "casualty"}}}])


def test_transmute_finds_a_card_of_the_same_mana_value():
    """702.53a: discard it from the hand: search for a card with the same mana value, put it into the hand."""
    c = card("K Guard", spec={"transmute": "{1}{B}{B}"}, cost="{3}{B}")
    three = card("K Three", cost="{2}{G}")
    four = card("K Four", cost="{3}{G}")
    z = {"you": {"hand": ["K Guard"], "library": ["K Three", "K Four"]}}
    both([c, three, four], z, [{"activate": "K Guard", "ability": "transmute"}, {"resolve": "all"}],
         [{"zone": {"card": "K Four", "zone": "hand"}}, {"zone": {"card": "K Guard", "zone": "graveyard"}}],
         [{"zone": {"card": "K Three", "zone": "hand"}}])


# ---------------------------------------------------------------- "the sacrificed creature" (608.2h)
def test_sacrificed_creature_power_as_additional_cost_and_ability_cost():
    """608.2h: "damage equal to the sacrificed creature's power" — its power as it last existed, for a spell's
    additional cost and for an ability's cost."""
    fl = card("K Fling", ("Instant",), {"additional_cost": {"sacrifice_other": {"types": ["Creature"]}},
                                        "spell": {"targets": [{"kind": "any"}],
                                                  "effects": [{"damage": {"n": "power:sacrificed", "to": "target"}}]}})
    big = card("K Ogre", pt=(5, 4))
    z = {"you": {"hand": ["K Fling"], "battlefield": ["K Ogre"]}}
    both([fl, big], z, [{"cast": "K Fling", "targets": ["opponent"]}, {"resolve": "all"}],
         [{"life": {"opponent": 15}}, {"zone": {"card": "K Ogre", "zone": "graveyard"}}],
         [{"life": {"opponent": 20}}])
    condor = card("K Condor", spec={"activated": [{"sacrifice_other": {"types": ["Creature"]},
                                                    "targets": [{"kind": "any"}],
                                                    "effects": [{"damage": {"n": "toughness:sacrificed",
                                                                            "to": "target"}}]}]})
    both([condor, big], {"you": {"battlefield": ["K Condor", "K Ogre"]}},
         [{"activate": "K Condor", "targets": ["opponent"]}, {"resolve": "all"}],
         [{"life": {"opponent": 16}}], [{"life": {"opponent": 15}}])


# ---------------------------------------------------------------- split cards (709)
def _split(a, b):
    import dataclasses
    full = f"{a.name} // {b.name}"
    return dataclasses.replace(a, full_name=full, side="a"), dataclasses.replace(b, full_name=full, side="b")


def test_fuse_casts_both_halves_with_their_own_targets():
    """702.102a/c/d: fused from the hand — the first half's effect on its target, then the second's on its own."""
    a, b = _split(card("K Alive", ("Sorcery",), {"keywords": ["fuse"], "spell": {
                      "targets": [{"kind": "any"}], "effects": [{"damage": {"n": 2}}]}}),
                  card("K Well", ("Sorcery",), {"keywords": ["fuse"], "spell": {
                      "targets": [{"kind": "player"}], "effects": [{"gain_life": {"n": 3, "player": "target"}}]}}))
    z = {"you": {"hand": ["K Alive"]}, "opponent": {"battlefield": ["Grizzly Bears"]}}
    both([a, b], z, [{"cast": "K Alive", "mode": "fuse", "targets": ["Grizzly Bears", "you"]}, {"resolve": "all"}],
         [{"zone": {"card": "Grizzly Bears", "zone": "graveyard"}}, {"life": {"you": 23}},
          {"zone": {"card": "K Alive", "zone": "graveyard"}}],
         [{"life": {"you": 20}}])
    both([a, b], {"you": {"graveyard": ["K Alive"]}}, [],
         [{"illegal": {"action": {"cast": "K Alive", "mode": "fuse", "targets": ["opponent", "you"]},
                       "message": "601.2a"}}],
         [{"allowed": {"action": {"cast": "K Alive", "mode": "fuse", "targets": ["opponent", "you"]}}}])


def test_aftermath_half_from_the_graveyard_then_exiled():
    """702.127a: the aftermath half is cast only from the graveyard, and is exiled after."""
    a, b = _split(card("K Failure", ("Instant",), {"spell": {"targets": [], "effects": [{"gain_life": 1}]}}),
                  card("K Comply", ("Sorcery",), {"keywords": ["aftermath"], "spell": {
                      "targets": [], "effects": [{"draw": 1}]}}))
    z = {"you": {"graveyard": ["K Failure"], "library": ["Island"]}}
    both([a, b], z, [{"cast": "K Failure", "mode": "aftermath"}, {"resolve": "all"}],
         [{"zone": {"card": "Island", "zone": "hand"}}, {"zone": {"card": "K Failure", "zone": "exile"}},
          {"life": {"you": 20}}],
         [{"zone": {"card": "K Failure", "zone": "graveyard"}}])
    both([a, b], {"you": {"hand": ["K Comply"]}}, [],
         [{"illegal": {"action": {"cast": "K Comply"}, "message": "702.127a"}}],
         [{"allowed": {"action": {"cast": "K Comply"}}}])


def test_granted_cast_keywords_are_not_reported_handled():
    """Honesty: storm, cascade, fuse, aftermath, jump-start and retrace run from the card's own keywords — a static
    granting one of them does nothing here, so the vocabulary reports it unhandled."""
    from engine import vocabulary as V
    for kw in ("storm", "cascade", "fuse", "aftermath", "jump_start", "retrace"):
        assert V.unhandled({"keywords": [kw]}) == [], kw
        grant = {"statics": [{"layer": 6, "affected": {"types": ["Instant"]}, "grant": [kw]}]}
        assert V.unhandled(grant), kw


def test_overload_affects_each_instead_of_target():
    """702.96b: overloaded, "target creature you don't control" becomes "each creature you don't control" —
    hexproof doesn't matter ("each" doesn't target)."""
    s = card("K Mortars", ("Sorcery",), {"overload": "{3}{R}{R}{R}", "spell": {
        "targets": [{"kind": "creature", "filter": {"controller": "opponent"}}], "effects": [{"damage": {"n": 4}}]}})
    hx = card("K Hexer", spec={"keywords": ["hexproof"]}, pt=(2, 2))
    gi = card("K Giant", pt=(3, 3))
    z = {"you": {"hand": ["K Mortars"], "battlefield": ["Grizzly Bears"]},
         "opponent": {"battlefield": ["K Hexer", "K Giant"]}}
    both([s, hx, gi], z, [{"cast": "K Mortars", "mode": "overload"}, {"resolve": "all"}],
         [{"zone": {"card": "K Hexer", "zone": "graveyard"}}, {"zone": {"card": "K Giant", "zone": "graveyard"}},
          {"zone": {"card": "Grizzly Bears", "zone": "battlefield"}}],
         [{"zone": {"card": "K Hexer", "zone": "battlefield"}}])
    both([s, hx, gi], z, [{"cast": "K Mortars", "targets": ["K Giant"]}, {"resolve": "all"}],
         [{"zone": {"card": "K Hexer", "zone": "battlefield"}}, {"zone": {"card": "K Giant", "zone": "graveyard"}}],
         [{"zone": {"card": "K Hexer", "zone": "graveyard"}}])


def test_conspire_taps_two_creatures_sharing_a_color_and_copies():
    """702.78a: tap two untapped creatures sharing a colour with the spell as it is cast; when you do, copy it."""
    s = card("K Trail", ("Sorcery",), {"keywords": ["conspire"], "spell": {"targets": [{"kind": "any"}],
                                                                         "effects": [{"damage": {"n": 3}}]}}, colors="R")
    red = card("K Goblin", pt=(1, 1), colors="R")
    z = {"you": {"hand": ["K Trail"], "battlefield": ["K Goblin", "K Goblin", "Grizzly Bears"]}}
    both([s, red], z, [{"choose": {"may": "no"}}, {"cast": "K Trail", "mode": "conspire", "targets": ["opponent"]},
                       {"resolve": "all"}],
         [{"life": {"opponent": 14}}, {"tapped": {"card": "K Goblin", "value": True}}],
         [{"life": {"opponent": 17}}])
    both([s, red], {"you": {"hand": ["K Trail"], "battlefield": ["K Goblin", "Grizzly Bears"]}}, [],
         [{"illegal": {"action": {"cast": "K Trail", "mode": "conspire", "targets": ["opponent"]}, "message": "702.78a"}}],
         [{"allowed": {"action": {"cast": "K Trail", "mode": "conspire", "targets": ["opponent"]}}}])


def test_ripple_casts_revealed_cards_with_the_same_name():
    """702.60a: ripple 4 — the revealed cards with its name are cast free (their own ripple triggers too: declined
    here), the others go to the bottom."""
    s = card("K Surge", ("Instant",), {"ripple": 4, "spell": {"targets": [{"kind": "any"}],
                                                             "effects": [{"damage": {"n": 2}}]}})
    z = {"you": {"hand": ["K Surge"], "library": ["Island", "K Surge", "Swamp", "Forest", "Mountain"]}}
    both([s], z, [{"choose": {"may": "yes"}}, {"choose": {"may": "yes"}}, {"choose": {"targets": ["opponent"]}},
                  {"choose": {"may": "no"}},
                  {"cast": "K Surge", "targets": ["opponent"]}, {"resolve": "all"}],
         [{"life": {"opponent": 16}}, {"zone": {"card": "Mountain", "zone": "library"}},
          {"zone": {"card": "Island", "zone": "library"}}],
         [{"life": {"opponent": 18}}])
