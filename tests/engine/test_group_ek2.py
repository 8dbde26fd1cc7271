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
