"""Engine breadth for compiled Oracle text (issue 11 item 3): one small test per handler, XMage style —
setup → action → assertion, with the CR rule in the docstring.  Card behaviours are structured test data
registered with ``engine.behaviours.register``; every test also runs a "wrong" twin that must fail."""
from __future__ import annotations

import pytest

import engine
from engine import behaviours
from engine import vocabulary as V
from engine.cardbase import Card, CardIndex, default_cards

_NAMES: list[str] = []


@pytest.fixture(autouse=True)
def _forget():
    yield
    for n in _NAMES:
        behaviours._extra.pop(n, None)
    _NAMES.clear()


def card(name, types=("Creature",), spec=None, cost="{1}", pt=(2, 2), subtypes=(), colors="", supertypes=()):
    """A test card: its characteristics, and its behaviour as data (checked against the vocabulary)."""
    if spec is not None:
        assert V.unhandled(spec) == [], V.unhandled(spec)
        behaviours.register(name, spec)
        _NAMES.append(name)
    creature = "Creature" in types
    return Card(name=name, cost=cost, colors=colors, types=list(types), subtypes=list(subtypes),
                supertypes=list(supertypes), power=str(pt[0]) if creature else None,
                toughness=str(pt[1]) if creature else None, has_text=spec is not None)


def run(cards, zones, actions, expect, **top):
    table = CardIndex(list(default_cards()) + list(cards))
    return engine.simulate({"zones": zones, "actions": list(actions), "expect": list(expect), **top},
                           cards=table, log=True)


def both(cards, zones, actions, right, wrong, **top):
    """The right expectations pass; the wrong twin fails (so the test can fail)."""
    r = run(cards, zones, actions, right, **top)
    assert r.passed, (r.error, r.checks, r.log[-15:] if r.log else None)
    w = run(cards, zones, actions, wrong, **top)
    assert not w.passed, "the wrong twin passed too"
    return r


def spell(name, effects, targets=(), types=("Instant",), **kw):
    return card(name, types, {"spell": {"targets": list(targets), "effects": list(effects)}}, **kw)


def flyer():
    return card("Breadth Flyer", spec={"keywords": ["flying"]}, pt=(4, 4))


def bolt():
    return spell("Breadth Bolt", [{"damage": {"n": 3}}], [{"kind": "any"}], colors="R", cost="{R}")


# ---------------------------------------------------------------------------- damage (120)
def test_damage_to_each_creature_matching_a_filter():
    """120.3 / 120.2: "deals 2 damage to each creature without flying" — all at once, flyers spared."""
    c = spell("Breadth Quake", [{"damage": {"n": 2, "to": "each",
                                            "filter": {"types": ["Creature"], "lacks_keyword": "flying"}}}])
    z = {"you": {"hand": ["Breadth Quake"], "battlefield": ["Grizzly Bears"]},
         "opponent": {"battlefield": ["Breadth Flyer"]}}
    both([c, flyer()], z, [{"cast": "Breadth Quake"}, {"resolve": "all"}],
         [{"zone": {"card": "Grizzly Bears", "zone": "graveyard"}}, {"damage": {"card": "Breadth Flyer", "n": 0}}],
         [{"zone": {"card": "Grizzly Bears", "zone": "battlefield"}}])


def test_damage_to_each_creature_and_each_player():
    """120.3: "1 damage to each creature and each player"."""
    c = spell("Breadth Pyre", [{"damage": {"n": 1, "to": "each_and_players", "filter": {"types": ["Creature"]}}}])
    z = {"you": {"hand": ["Breadth Pyre"]}, "opponent": {"battlefield": ["Grizzly Bears"]}}
    both([c], z, [{"cast": "Breadth Pyre"}, {"resolve": "all"}],
         [{"life": {"you": 19, "opponent": 19}}, {"damage": {"card": "Grizzly Bears", "n": 1}}],
         [{"life": {"you": 20}}])


def test_damage_to_the_targets_controller():
    """120.3 with the player word `its_controller`: "… and 2 damage to that creature's controller"."""
    c = spell("Breadth Jolt", [{"damage": {"n": 1}}, {"damage": {"n": 2, "to": "its_controller"}}],
              [{"kind": "creature"}])
    z = {"you": {"hand": ["Breadth Jolt"]}, "opponent": {"battlefield": ["Grizzly Bears"]}}
    both([c], z, [{"cast": "Breadth Jolt", "targets": ["Grizzly Bears"]}, {"resolve": "all"}],
         [{"life": {"opponent": 18}}, {"damage": {"card": "Grizzly Bears", "n": 1}}],
         [{"life": {"opponent": 20}}])


# ---------------------------------------------------------------------------- destroy / regenerate (701.19)
def test_regeneration_shield_replaces_destruction():
    """701.19a: a regenerated creature is tapped, its damage removed, instead of being destroyed."""
    c = card("Breadth Troll", spec={"activated": [{"name": "regenerate", "cost": "{G}",
                                                    "effects": [{"regenerate": "self"}]}]})
    k = spell("Breadth Murder", [{"destroy": "target"}], [{"kind": "creature"}])
    z = {"you": {"battlefield": ["Breadth Troll"]}, "opponent": {"hand": ["Breadth Murder"]}}
    acts = [{"activate": "Breadth Troll"}, {"resolve": "all"},
            {"cast": "Breadth Murder", "by": "opponent", "targets": ["Breadth Troll"]}, {"resolve": "all"}]
    both([c, k], z, acts, [{"zone": {"card": "Breadth Troll", "zone": "battlefield"}},
                           {"tapped": {"card": "Breadth Troll", "value": True}}],
         [{"zone": {"card": "Breadth Troll", "zone": "graveyard"}}])


def test_cant_be_regenerated():
    """701.19c: "destroy target creature. It can't be regenerated." ignores the shield."""
    c = card("Breadth Troll", spec={"activated": [{"name": "regenerate", "cost": "{G}",
                                                    "effects": [{"regenerate": "self"}]}]})
    k = spell("Breadth Terror", [{"destroy": {"what": "target", "no_regen": True}}], [{"kind": "creature"}])
    z = {"you": {"battlefield": ["Breadth Troll"]}, "opponent": {"hand": ["Breadth Terror"]}}
    acts = [{"activate": "Breadth Troll"}, {"resolve": "all"},
            {"cast": "Breadth Terror", "by": "opponent", "targets": ["Breadth Troll"]}, {"resolve": "all"}]
    both([c, k], z, acts, [{"zone": {"card": "Breadth Troll", "zone": "graveyard"}}],
         [{"zone": {"card": "Breadth Troll", "zone": "battlefield"}}])


def test_regeneration_shield_also_meets_lethal_damage():
    """701.19a / 704.5g: lethal damage destroys through state-based actions — the shield replaces that too."""
    c = card("Breadth Troll", spec={"activated": [{"name": "regenerate", "cost": "{G}",
                                                    "effects": [{"regenerate": "self"}]}]})
    z = {"you": {"battlefield": ["Breadth Troll"], "hand": ["Breadth Bolt"]}}
    acts = [{"activate": "Breadth Troll"}, {"resolve": "all"},
            {"cast": "Breadth Bolt", "targets": ["Breadth Troll"]}, {"resolve": "all"}]
    both([c, bolt()], z, acts, [{"zone": {"card": "Breadth Troll", "zone": "battlefield"}},
                        {"damage": {"card": "Breadth Troll", "n": 0}}],
         [{"zone": {"card": "Breadth Troll", "zone": "graveyard"}}])


# ---------------------------------------------------------------------------- zones
def test_return_target_permanent_to_hand():
    """400.7: "return target creature to its owner's hand" — a new object in the owner's hand."""
    c = spell("Breadth Unsummon", [{"return_to_hand": "target"}], [{"kind": "creature"}])
    z = {"you": {"hand": ["Breadth Unsummon"]}, "opponent": {"battlefield": ["Grizzly Bears"]}}
    both([c, bolt()], z, [{"cast": "Breadth Unsummon", "targets": ["Grizzly Bears"]}, {"resolve": "all"}],
         [{"zone": {"card": "Grizzly Bears", "zone": "hand", "owner": "opponent"}}],
         [{"zone": {"card": "Grizzly Bears", "zone": "battlefield"}}])


def test_dies_trigger_returns_itself_from_the_graveyard():
    """400.7d / 603.6c: "when ~ dies, return it to its owner's hand" finds the card in the graveyard."""
    c = card("Breadth Phoenix", spec={"triggers": [{"event": "dies", "object": {"self": True},
                                                      "effects": [{"return_to_hand": "self"}]}]})
    z = {"you": {"battlefield": ["Breadth Phoenix"]}}
    both([c], z, [{"destroy": "Breadth Phoenix"}, {"resolve": "all"}],
         [{"zone": {"card": "Breadth Phoenix", "zone": "hand"}}],
         [{"zone": {"card": "Breadth Phoenix", "zone": "graveyard"}}])


def test_bounce_all_and_exile_all():
    """Every matching permanent moves at once: "return all creatures", "exile all artifacts"."""
    c = spell("Breadth Evacuation", [{"return_to_hand_all": {"types": ["Creature"]}}], types=("Sorcery",))
    z = {"you": {"hand": ["Breadth Evacuation"], "battlefield": ["Grizzly Bears"]},
         "opponent": {"battlefield": ["Breadth Flyer", "Forest"]}}
    both([c, flyer()], z, [{"cast": "Breadth Evacuation"}, {"resolve": "all"}],
         [{"count": {"player": "opponent", "zone": "hand", "n": 1}}, {"zone": {"card": "Forest", "zone": "battlefield"}},
          {"zone": {"card": "Grizzly Bears", "zone": "hand"}}],
         [{"zone": {"card": "Breadth Flyer", "zone": "battlefield"}}])
    e = spell("Breadth Purge", [{"exile_all": {"types": ["Creature"], "controller": "opponent"}}], types=("Sorcery",))
    both([e, flyer()], {"you": {"hand": ["Breadth Purge"], "battlefield": ["Grizzly Bears"]},
               "opponent": {"battlefield": ["Breadth Flyer"]}}, [{"cast": "Breadth Purge"}, {"resolve": "all"}],
         [{"zone": {"card": "Breadth Flyer", "zone": "exile"}}, {"zone": {"card": "Grizzly Bears", "zone": "battlefield"}}],
         [{"zone": {"card": "Grizzly Bears", "zone": "exile"}}])


def test_each_opponent_sacrifices_a_creature_of_their_choice():
    """701.21a: "each opponent sacrifices a creature" — the opponent chooses which."""
    c = spell("Breadth Edict", [{"sacrifice": {"player": "each_opponent", "n": 1, "filter": {"types": ["Creature"]}}}])
    z = {"you": {"hand": ["Breadth Edict"], "battlefield": ["Grizzly Bears"]},
         "opponent": {"battlefield": ["Breadth Flyer", "Grizzly Bears"]}}
    acts = [{"cast": "Breadth Edict"}, {"choose": {"card": "Grizzly Bears"}, "by": "opponent"}, {"resolve": "all"}]
    both([c, flyer()], z, acts, [{"zone": {"card": "Breadth Flyer", "zone": "battlefield"}},
                        {"count": {"player": "opponent", "zone": "graveyard", "n": 1}},
                        {"count": {"player": "you", "zone": "battlefield", "n": 1}}],
         [{"zone": {"card": "Breadth Flyer", "zone": "graveyard"}}])


# ---------------------------------------------------------------------------- cards
def test_target_player_draws_and_surveil():
    """121.1: "target player draws two cards"; 701.25a: surveil 2 puts the chosen cards into the graveyard."""
    c = spell("Breadth Insight", [{"draw": {"player": "target", "n": 2}}], [{"kind": "player"}])
    z = {"you": {"hand": ["Breadth Insight"]}}
    both([c, flyer()], z, [{"cast": "Breadth Insight", "targets": ["opponent"]}, {"resolve": "all"}],
         [{"count": {"player": "opponent", "zone": "hand", "n": 2}}, {"count": {"player": "you", "zone": "hand", "n": 0}}],
         [{"count": {"player": "you", "zone": "hand", "n": 2}}])
    s = spell("Breadth Peek", [{"surveil": 2}])
    z = {"you": {"hand": ["Breadth Peek"], "library": ["Island", "Forest", "Swamp"]}}
    acts = [{"cast": "Breadth Peek"}, {"choose": {"surveil": {"graveyard": ["Forest"]}}}, {"resolve": "all"}]
    both([s, flyer()], z, acts, [{"zone": {"card": "Forest", "zone": "graveyard"}}, {"zone": {"card": "Island", "zone": "library"}}],
         [{"zone": {"card": "Island", "zone": "graveyard"}}])


def test_discard_by_type_and_at_random():
    """701.9: "target player discards a creature card" only takes creature cards; "at random" (701.9c)."""
    c = spell("Breadth Tear", [{"discard": {"player": "target", "n": 1, "filter": {"types": ["Creature"]}}}],
              [{"kind": "player"}])
    z = {"you": {"hand": ["Breadth Tear"]}, "opponent": {"hand": ["Grizzly Bears", "Breadth Bolt"]}}
    both([c, flyer(), bolt()], z, [{"cast": "Breadth Tear", "targets": ["opponent"]}, {"resolve": "all"}],
         [{"zone": {"card": "Grizzly Bears", "zone": "graveyard"}}, {"zone": {"card": "Breadth Bolt", "zone": "hand"}}],
         [{"zone": {"card": "Breadth Bolt", "zone": "graveyard"}}])


# ---------------------------------------------------------------------------- values (107.3, for each)
def test_for_each_value_counts_matching_permanents():
    """"Draw a card for each creature you control" — {count: FILTER} read on resolution."""
    c = spell("Breadth Census", [{"draw": {"count": {"types": ["Creature"], "controller": "you"}}}])
    z = {"you": {"hand": ["Breadth Census"], "battlefield": ["Grizzly Bears x2"]},
         "opponent": {"battlefield": ["Grizzly Bears"]}}
    both([c, flyer(), bolt()], z, [{"cast": "Breadth Census"}, {"resolve": "all"}],
         [{"count": {"player": "you", "zone": "hand", "n": 2}}], [{"count": {"player": "you", "zone": "hand", "n": 3}}])


# ---------------------------------------------------------------------------- tokens (111.4)
def test_token_with_characteristics():
    """111.4: "create a 3/3 green Beast creature token with trample" — the effect sets its characteristics."""
    c = spell("Breadth Call", [{"create_token": {"token": {"types": ["Creature"], "subtypes": ["Beast"], "colors": "G",
                                                           "pt": [3, 3], "keywords": ["trample"]}, "n": 1}}],
              types=("Sorcery",))
    z = {"you": {"hand": ["Breadth Call"]}}
    both([c, flyer(), bolt()], z, [{"cast": "Breadth Call"}, {"resolve": "all"}],
         [{"pt": {"card": "Beast Token", "power": 3, "toughness": 3}},
          {"has_ability": {"card": "Beast Token", "ability": "trample", "value": True}}],
         [{"pt": {"card": "Beast Token", "power": 2, "toughness": 2}}])


# ---------------------------------------------------------------------------- permanents
def test_untap_and_counters_of_any_kind_on_each():
    """701.26b untap; 122.1: counters of any kind, on each permanent matching a filter."""
    c = spell("Breadth Rally", [{"untap_all": {"types": ["Creature"], "controller": "you"}},
                                {"put_counters": {"to": "each", "filter": {"types": ["Creature"], "controller": "you"},
                                                  "kind": "shield", "n": 1}}])
    z = {"you": {"hand": ["Breadth Rally"], "battlefield": [{"card": "Grizzly Bears", "tapped": True}]},
         "opponent": {"battlefield": ["Breadth Flyer"]}}
    both([c, flyer(), bolt()], z, [{"cast": "Breadth Rally"}, {"resolve": "all"}],
         [{"tapped": {"card": "Grizzly Bears", "value": False}}, {"counters": {"card": "Grizzly Bears", "kind": "shield", "n": 1}},
          {"counters": {"card": "Breadth Flyer", "kind": "shield", "n": 0}}],
         [{"tapped": {"card": "Grizzly Bears", "value": True}}])


def test_enters_with_counters():
    """614.1c / 122.6: "~ enters the battlefield with two +1/+1 counters on it"."""
    c = card("Breadth Hydra", spec={"enters_with_counters": {"+1/+1": 2}}, pt=(0, 0), cost="{G}")
    z = {"you": {"hand": ["Breadth Hydra"], "battlefield": ["Forest"]}}
    both([c], z, [{"activate": "Forest"}, {"cast": "Breadth Hydra"}, {"resolve": "all"}],
         [{"pt": {"card": "Breadth Hydra", "power": 2, "toughness": 2}}],
         [{"zone": {"card": "Breadth Hydra", "zone": "graveyard"}}])


def test_add_one_of_two_colors():
    """106.1: "{T}: add {R} or {G}" — the player picks one of the two."""
    c = card("Breadth Signet", ("Artifact",), {"activated": [{"name": "mana", "tap": True, "mana": True,
                                                               "effects": [{"add_mana": {"one_of": ["R", "G"]}}]}]})
    z = {"you": {"battlefield": ["Breadth Signet"]}}
    both([c], z, [{"choose": {"color": "R"}}, {"activate": "Breadth Signet"}],
         [{"mana_pool": {"player": "you", "mana": "R"}}], [{"mana_pool": {"player": "you", "mana": "G"}}])


# ---------------------------------------------------------------------------- keywords
def test_defender_cant_attack():
    """702.3b: a creature with defender can't attack."""
    c = card("Breadth Wall", spec={"keywords": ["defender"]}, pt=(0, 4))
    z = {"you": {"battlefield": ["Breadth Wall", "Grizzly Bears"]}}
    both([c], z, [], [{"illegal": {"action": {"attack": ["Breadth Wall"]}, "message": "defender"}}],
         [{"illegal": {"action": {"attack": ["Grizzly Bears"]}}}])


def test_fear_and_landwalk():
    """702.36b: fear — blocked only by artifact or black creatures; 702.14c: swampwalk can't be blocked while
    the defender controls a Swamp."""
    f = card("Breadth Shade", spec={"keywords": ["fear"]})
    z = {"you": {"battlefield": ["Breadth Shade"]}, "opponent": {"battlefield": ["Grizzly Bears"]}}
    acts = [{"attack": ["Breadth Shade"]}]
    both([f], z, acts, [{"illegal": {"action": {"block": {"Grizzly Bears": "Breadth Shade"}, "by": "opponent"},
                                     "message": "fear"}}],
         [{"illegal": {"action": {"block": {"Grizzly Bears": "Breadth Shade"}, "by": "opponent"}, "message": "menace"}}])
    s = card("Breadth Bog", spec={"keywords": ["swampwalk"]})
    z = {"you": {"battlefield": ["Breadth Bog"]}, "opponent": {"battlefield": ["Grizzly Bears", "Swamp"]}}
    both([s], z, [{"attack": ["Breadth Bog"]}],
         [{"illegal": {"action": {"block": {"Grizzly Bears": "Breadth Bog"}, "by": "opponent"}, "message": "swampwalk"}}],
         [{"illegal": {"action": {"block": {"Grizzly Bears": "Breadth Bog"}, "by": "opponent"}, "message": "fear"}}])


def test_doesnt_untap():
    """502.3: a permanent that "doesn't untap during your untap step" stays tapped."""
    c = card("Breadth Colossus", spec={"keywords": ["doesnt_untap"]})
    z = {"you": {"battlefield": [{"card": "Breadth Colossus", "tapped": True}, {"card": "Grizzly Bears", "tapped": True}]}}
    both([c], z, [{"advance": {"turn": 3, "step": "upkeep"}}],
         [{"tapped": {"card": "Breadth Colossus", "value": True}}, {"tapped": {"card": "Grizzly Bears", "value": False}}],
         [{"tapped": {"card": "Breadth Colossus", "value": False}}])


def test_protection_from_red_debt():
    """702.16: protection from red — can't be targeted by red spells (b), red damage is prevented (e), can't be
    blocked by red creatures (f)."""
    c = card("Breadth Knight", spec={"protection": [{"colors": "R"}]})
    z = {"you": {"battlefield": ["Breadth Knight"]}, "opponent": {"hand": ["Breadth Bolt"]}}
    both([c, bolt()], z, [], [{"can_target": {"spell": "Breadth Bolt", "target": "Breadth Knight", "value": False,
                                      "by": "opponent"}}],
         [{"can_target": {"spell": "Breadth Bolt", "target": "Breadth Knight", "value": True, "by": "opponent"}}])
    p = spell("Breadth Flames", [{"damage": {"n": 3, "to": "each", "filter": {"types": ["Creature"]}}}], colors="R")
    z = {"you": {"battlefield": ["Breadth Knight", "Grizzly Bears"]}, "opponent": {"hand": ["Breadth Flames"]}}
    both([c, p, bolt()], z, [{"cast": "Breadth Flames", "by": "opponent"}, {"resolve": "all"}],
         [{"zone": {"card": "Breadth Knight", "zone": "battlefield"}}, {"damage": {"card": "Breadth Knight", "n": 0}},
          {"zone": {"card": "Grizzly Bears", "zone": "graveyard"}}],
         [{"damage": {"card": "Breadth Knight", "n": 3}}])


# ---------------------------------------------------------------------------- "as long as" (611.3), "if" (608.2c)
def test_as_long_as_static():
    """611.3a: "as long as you control an artifact, ~ gets +1/+1" — applies only while the condition holds."""
    c = card("Breadth Smith", spec={"statics": [{"layer": "7c", "affected": {"self": True}, "pt": [1, 1],
                                                  "if": {"control_at_least": {"n": 1, "filter": {"types": ["Artifact"]}}}}]})
    a = card("Breadth Trinket", ("Artifact",))
    both([c, a, bolt()], {"you": {"battlefield": ["Breadth Smith", "Breadth Trinket"]}}, [],
         [{"pt": {"card": "Breadth Smith", "power": 3, "toughness": 3}}],
         [{"pt": {"card": "Breadth Smith", "power": 2, "toughness": 2}}])
    both([c, bolt()], {"you": {"battlefield": ["Breadth Smith"]}}, [],
         [{"pt": {"card": "Breadth Smith", "power": 2, "toughness": 2}}],
         [{"pt": {"card": "Breadth Smith", "power": 3, "toughness": 3}}])


def test_if_effect_and_optional_payment():
    """608.2c: "if you control a Forest, draw two cards; otherwise draw one"; "you may pay {1}. If you do, …"."""
    c = spell("Breadth Choice", [{"if": {"if": {"control_at_least": {"n": 1, "filter": {"subtypes": ["Forest"]}}},
                                         "then": [{"draw": 2}], "otherwise": [{"draw": 1}]}}])
    both([c], {"you": {"hand": ["Breadth Choice"], "battlefield": ["Forest"]}},
         [{"cast": "Breadth Choice"}, {"resolve": "all"}],
         [{"count": {"player": "you", "zone": "hand", "n": 2}}], [{"count": {"player": "you", "zone": "hand", "n": 1}}])
    p = spell("Breadth Offer", [{"pay": "{1}"}, {"if_you_do": [{"gain_life": 3}]}, {"if_you_dont": [{"lose_life": {"n": 1}}]}])
    z = {"you": {"hand": ["Breadth Offer"]}}
    both([p], z, [{"cast": "Breadth Offer"}, {"choose": {"pay": False}}, {"resolve": "all"}],
         [{"life": {"you": 19}}], [{"life": {"you": 23}}])
    both([p], z, [{"cast": "Breadth Offer"}, {"choose": {"pay": True}}, {"resolve": "all"}],
         [{"life": {"you": 23}}], [{"life": {"you": 19}}])


# ---------------------------------------------------------------------------- the vocabulary is honest
def test_unhandled_reports_argument_shapes_and_words():
    """A key, player word, object word or value no handler reads is reported, so a face using it is not
    supported (nothing consumed without being represented)."""
    assert V.unhandled({"spell": {"effects": [{"draw": {"n": 1, "player": "nobody"}}]}}) == ["draw player nobody"]
    assert V.unhandled({"spell": {"effects": [{"destroy": "whatever"}]}}) == ["destroy whatever"]
    assert V.unhandled({"spell": {"effects": [{"damage": {"n": 1, "to": "target", "bogus": 1}}]}}) == \
        ["damage key bogus"]
    assert V.unhandled({"spell": {"effects": [{"draw": "Y"}]}}) == ["value form Y"]
    assert V.unhandled({"spell": {"effects": [{"pump": {"grant": ["blorf"]}}]}}) == ["keyword blorf"]
    assert V.unhandled({"protection": "red"}) == ["protection 'red'"]
    assert V.unhandled({"triggers": [{"event": "upkeep", "whose": "enchanted_player", "effects": []}]}) == \
        ["whose enchanted_player"]


# ---------------------------------------------------------------------------- casting choices (601.2b)
def _command():
    return card("Breadth Command", ("Instant",), {"spell": {"targets": [], "effects": [], "modes": [
        {"choose": "one or both", "modes": [{"targets": [{"kind": "creature"}], "effects": [{"damage": {"n": 2}}]},
                                            {"targets": [], "effects": [{"draw": 1}]}]}]}})


def test_modal_spell_runs_the_chosen_modes():
    """700.2a: the modes are chosen on casting; only the chosen modes' targets are chosen and their effects run."""
    z = {"you": {"hand": ["Breadth Command"]}, "opponent": {"battlefield": ["Grizzly Bears"]}}
    both([_command()], z, [{"cast": "Breadth Command", "modes": [2]}, {"resolve": "all"}],
         [{"count": {"player": "you", "zone": "hand", "n": 1}}, {"damage": {"card": "Grizzly Bears", "n": 0}}],
         [{"damage": {"card": "Grizzly Bears", "n": 2}}])
    both([_command()], z, [{"cast": "Breadth Command", "modes": [1, 2], "targets": ["Grizzly Bears"]},
                           {"resolve": "all"}],
         [{"count": {"player": "you", "zone": "hand", "n": 1}}, {"zone": {"card": "Grizzly Bears", "zone": "graveyard"}}],
         [{"zone": {"card": "Grizzly Bears", "zone": "battlefield"}}])


def test_modal_spell_refuses_a_wrong_number_of_modes():
    """700.2d: a mode can't be chosen twice; "one or both" allows no more than two."""
    z = {"you": {"hand": ["Breadth Command"]}}
    r = run([_command()], z, [{"cast": "Breadth Command", "modes": [2, 2]}], [])
    assert not r.passed and "700.2" in (r.error or "")
    r = run([_command()], z, [{"cast": "Breadth Command", "modes": [2]}], [])
    assert r.passed, r.error


def test_x_spell_uses_the_announced_value():
    """107.3a: X is announced on casting; "deals X damage" deals that much."""
    c = spell("Breadth Blaze", [{"damage": {"n": "X"}}], [{"kind": "any"}], types=("Sorcery",), cost="{X}{R}")
    z = {"you": {"hand": ["Breadth Blaze"]}}
    both([c], z, [{"cast": "Breadth Blaze", "x": 5, "targets": ["opponent"]}, {"resolve": "all"}],
         [{"life": {"opponent": 15}}], [{"life": {"opponent": 20}}])


def test_kicker_condition():
    """702.33d: "if this spell was kicked" reads whether the kicker cost was paid on casting."""
    c = card("Breadth Burst", ("Instant",), {"kicker": "{4}", "spell": {"targets": [], "effects": [
        {"if": {"if": {"kicked": True}, "then": [{"draw": 2}], "otherwise": [{"draw": 1}]}}]}})
    z = {"you": {"hand": ["Breadth Burst"]}}
    both([c], z, [{"cast": "Breadth Burst", "kicked": True}, {"resolve": "all"}],
         [{"count": {"player": "you", "zone": "hand", "n": 2}}], [{"count": {"player": "you", "zone": "hand", "n": 1}}])
    both([c], z, [{"cast": "Breadth Burst"}, {"resolve": "all"}],
         [{"count": {"player": "you", "zone": "hand", "n": 1}}], [{"count": {"player": "you", "zone": "hand", "n": 2}}])


def test_additional_cost_sacrifice_on_casting():
    """601.2b/601.2h: "as an additional cost to cast this spell, sacrifice a creature" is paid on casting."""
    c = card("Breadth Offering", ("Sorcery",), {"additional_cost": {"sacrifice_other": {"types": ["Creature"]}},
                                                "spell": {"targets": [], "effects": [{"draw": 2}]}})
    z = {"you": {"hand": ["Breadth Offering"], "battlefield": ["Grizzly Bears"]}}
    both([c], z, [{"cast": "Breadth Offering"}],
         [{"zone": {"card": "Grizzly Bears", "zone": "graveyard"}}, {"stack": ["Breadth Offering"]}],
         [{"zone": {"card": "Grizzly Bears", "zone": "battlefield"}}])
    r = run([c], {"you": {"hand": ["Breadth Offering"]}}, [{"cast": "Breadth Offering"}], [])
    assert not r.passed and "cost" in (r.error or "")


def test_discard_cost_and_cycling():
    """602.2b: a discard cost is paid on activation; 702.29a: cycling — pay, discard it from the hand, draw."""
    c = card("Breadth Looter", spec={"activated": [{"name": "loot", "tap": True, "discard": {"n": 1},
                                                     "effects": [{"draw": 1}]}]})
    z = {"you": {"battlefield": ["Breadth Looter"], "hand": ["Island"], "library": ["Forest"]}}
    both([c], z, [{"activate": "Breadth Looter"}, {"resolve": "all"}],
         [{"zone": {"card": "Island", "zone": "graveyard"}}, {"zone": {"card": "Forest", "zone": "hand"}}],
         [{"zone": {"card": "Island", "zone": "hand"}}])
    y = card("Breadth Cycler", spec={"cycling": "{2}"})
    z = {"you": {"hand": ["Breadth Cycler"], "library": ["Forest"]}}
    both([y], z, [{"activate": "Breadth Cycler"}, {"resolve": "all"}],
         [{"zone": {"card": "Breadth Cycler", "zone": "graveyard"}}, {"zone": {"card": "Forest", "zone": "hand"}}],
         [{"zone": {"card": "Breadth Cycler", "zone": "hand"}}])


def test_loyalty_abilities():
    """306.5b: a planeswalker enters with its loyalty; 606.4: +1 adds a counter; 606.3: one loyalty ability a turn."""
    c = Card(name="Breadth Walker", cost="{2}{U}", colors="U", types=["Planeswalker"], loyalty="3", has_text=True)
    behaviours.register("Breadth Walker", {"activated": [{"name": "plus", "loyalty": 1, "effects": [{"draw": 1}]},
                                                         {"name": "minus", "loyalty": -4, "effects": [{"draw": 3}]}]})
    _NAMES.append("Breadth Walker")
    z = {"you": {"hand": ["Breadth Walker"]}}
    both([c], z, [{"cast": "Breadth Walker"}, {"resolve": "all"}, {"activate": "Breadth Walker", "ability": "plus"},
                  {"resolve": "all"}],
         [{"counters": {"card": "Breadth Walker", "kind": "loyalty", "n": 4}},
          {"count": {"player": "you", "zone": "hand", "n": 1}},
          {"illegal": {"action": {"activate": "Breadth Walker", "ability": "plus"}, "message": "606.3"}}],
         [{"counters": {"card": "Breadth Walker", "kind": "loyalty", "n": 3}}])
    r = run([c], z, [{"cast": "Breadth Walker"}, {"resolve": "all"}, {"activate": "Breadth Walker", "ability": "minus"}], [])
    assert not r.passed and "loyalty" in (r.error or "")


# ---------------------------------------------------------------------------- delayed triggers (603.7)
def test_exile_and_return_at_the_next_end_step():
    """603.7a/603.7c: "exile target creature; return it at the beginning of the next end step" — the card in exile
    returns as a new object (400.7) when the end step begins."""
    c = spell("Breadth Flicker", [{"exile": {"what": "target"}},
                                  {"delayed": {"at": "next_end_step", "effects": [
                                      {"return_to_battlefield": {"what": "target", "controller": "owner"}}]}}],
              [{"kind": "creature"}])
    z = {"you": {"hand": ["Breadth Flicker"]}, "opponent": {"battlefield": ["Grizzly Bears"]}}
    acts = [{"cast": "Breadth Flicker", "targets": ["Grizzly Bears"]}, {"resolve": "all"}]
    both([c], z, acts, [{"zone": {"card": "Grizzly Bears", "zone": "exile"}}],
         [{"zone": {"card": "Grizzly Bears", "zone": "battlefield"}}])
    later = acts + [{"advance": {"turn": 1, "step": "end", "priority": True}}, {"resolve": "all"}]
    both([c], z, later, [{"zone": {"card": "Grizzly Bears", "zone": "battlefield", "controller": "opponent"}}],
         [{"zone": {"card": "Grizzly Bears", "zone": "exile"}}])


# ---------------------------------------------------------------------------- control (613.1b) and equipment
def test_threaten_gains_control_untaps_and_grants_haste_until_end_of_turn():
    """613.1b layer 2: "gain control of target creature until end of turn. Untap it. It gains haste" — it can
    attack for its new controller; at cleanup (514.2) control returns."""
    c = spell("Breadth Threaten", [{"gain_control": {"what": "target", "until": "end_of_turn"}}, {"untap": "target"},
                                   {"pump": {"affected": "target", "grant": ["haste"]}}],
              [{"kind": "creature"}], types=("Sorcery",))
    z = {"you": {"hand": ["Breadth Threaten"]}, "opponent": {"battlefield": [{"card": "Grizzly Bears", "tapped": True}]}}
    acts = [{"cast": "Breadth Threaten", "targets": ["Grizzly Bears"]}, {"resolve": "all"}, {"attack": ["Grizzly Bears"]},
            {"advance": {"turn": 1, "step": "main2"}}]
    both([c], z, acts, [{"life": {"opponent": 18}}, {"zone": {"card": "Grizzly Bears", "controller": "you",
                                                              "zone": "battlefield"}}],
         [{"life": {"opponent": 20}}])
    both([c], z, acts + [{"advance": {"turn": 2, "step": "upkeep"}}],
         [{"zone": {"card": "Grizzly Bears", "controller": "opponent", "zone": "battlefield"}}],
         [{"zone": {"card": "Grizzly Bears", "controller": "you", "zone": "battlefield"}}])


def test_equip_attaches_and_the_equipped_creature_gets_the_bonus():
    """702.6a equip (sorcery speed, target creature you control); 301.5: "equipped creature gets +2/+2"."""
    e = card("Breadth Blade", ("Artifact",), {"equip": "{2}", "statics": [{"equipped": {"pt": [2, 2], "grant": ["first_strike"]}}]},
             subtypes=("Equipment",))
    z = {"you": {"battlefield": ["Breadth Blade", "Grizzly Bears"]}}
    both([e], z, [{"activate": "Breadth Blade", "targets": ["Grizzly Bears"]}, {"resolve": "all"}],
         [{"pt": {"card": "Grizzly Bears", "power": 4, "toughness": 4}},
          {"has_ability": {"card": "Grizzly Bears", "ability": "first_strike", "value": True}}],
         [{"pt": {"card": "Grizzly Bears", "power": 2, "toughness": 2}}])


# ---------------------------------------------------------------------------- targets, ward, prevention
def test_two_targets_and_up_to_two_targets():
    """601.2c: "two target creatures" — two different ones; "up to two" — none, one or two."""
    c = spell("Breadth Twin Bolt", [{"damage": {"n": 2}}], [{"kind": "creature", "n": 2}])
    z = {"you": {"hand": ["Breadth Twin Bolt"]}, "opponent": {"battlefield": ["Grizzly Bears x2"]}}
    both([c], z, [{"cast": "Breadth Twin Bolt", "targets": ["Grizzly Bears#1", "Grizzly Bears#2"]}, {"resolve": "all"}],
         [{"count": {"player": "opponent", "zone": "graveyard", "n": 2}}],
         [{"count": {"player": "opponent", "zone": "graveyard", "n": 1}}])
    r = run([c], z, [{"cast": "Breadth Twin Bolt", "targets": ["Grizzly Bears#1", "Grizzly Bears#1"]}], [])
    assert not r.passed and "not a legal target" in (r.error or "")
    u = spell("Breadth Scatter", [{"return_to_hand": "target"}], [{"kind": "creature", "up_to": 2}])
    z = {"you": {"hand": ["Breadth Scatter"]}, "opponent": {"battlefield": ["Grizzly Bears x2"]}}
    both([u], z, [{"cast": "Breadth Scatter", "targets": ["Grizzly Bears#1"]}, {"resolve": "all"}],
         [{"count": {"player": "opponent", "zone": "hand", "n": 1}}], [{"count": {"player": "opponent", "zone": "hand", "n": 2}}])


def test_ward_counters_unless_paid():
    """702.21a: an opponent's spell targeting a permanent with ward {2} is countered unless they pay {2}."""
    w = card("Breadth Warded", spec={"ward": "{2}"})
    z = {"you": {"battlefield": ["Breadth Warded"]}, "opponent": {"hand": ["Breadth Bolt"]}}
    acts = [{"cast": "Breadth Bolt", "by": "opponent", "targets": ["Breadth Warded"]},
            {"choose": {"pay": False}, "by": "opponent"}, {"resolve": "all"}]
    both([w, bolt()], z, acts, [{"zone": {"card": "Breadth Warded", "zone": "battlefield"}},
                                {"zone": {"card": "Breadth Bolt", "zone": "graveyard"}}, {"damage": {"card": "Breadth Warded", "n": 0}}],
         [{"zone": {"card": "Breadth Warded", "zone": "graveyard"}}])
    acts[1] = {"choose": {"pay": True}, "by": "opponent"}
    both([w, bolt()], z, acts, [{"zone": {"card": "Breadth Warded", "zone": "graveyard"}}],
         [{"zone": {"card": "Breadth Warded", "zone": "battlefield"}}])


def test_fog_prevents_combat_damage_this_turn():
    """615.1: "prevent all combat damage that would be dealt this turn"."""
    f = spell("Breadth Fog", [{"prevent": {"what": "combat", "until": "end_of_turn"}}])
    z = {"you": {"battlefield": ["Grizzly Bears"]}, "opponent": {"hand": ["Breadth Fog"]}}
    acts = [{"attack": ["Grizzly Bears"]}, {"cast": "Breadth Fog", "by": "opponent"}, {"resolve": "all"},
            {"advance": {"turn": 1, "step": "main2"}}]
    both([f], z, acts, [{"life": {"opponent": 20}}], [{"life": {"opponent": 18}}])


def test_pump_for_each():
    """611.2c: "+1/+1 until end of turn for each creature you control" — counted on resolution."""
    c = spell("Breadth Rally Cry", [{"pump": {"affected": "target", "pt": [1, 1],
                                              "per": {"count": {"types": ["Creature"], "controller": "you"}}}}],
              [{"kind": "creature"}])
    z = {"you": {"hand": ["Breadth Rally Cry"], "battlefield": ["Grizzly Bears x3"]}}
    both([c], z, [{"cast": "Breadth Rally Cry", "targets": ["Grizzly Bears#1"]}, {"resolve": "all"}],
         [{"pt": {"card": "Grizzly Bears#1", "power": 5, "toughness": 5}}],
         [{"pt": {"card": "Grizzly Bears#1", "power": 3, "toughness": 3}}])


# ---------------------------------------------------------------------------- more words and keywords
def test_treasure_token_makes_mana_of_any_color():
    """111.10a: a Treasure is "{T}, sacrifice this artifact: add one mana of any color"."""
    c = spell("Breadth Plunder", [{"create_token": {"token": "treasure"}}])
    z = {"you": {"hand": ["Breadth Plunder"]}}
    both([c], z, [{"cast": "Breadth Plunder"}, {"resolve": "all"}, {"choose": {"color": "U"}},
                  {"activate": "Treasure Token"}],
         [{"mana_pool": {"player": "you", "mana": "U"}}, {"count": {"player": "you", "zone": "battlefield", "n": 0}}],
         [{"count": {"player": "you", "zone": "battlefield", "n": 1}}])


def test_infect_and_wither():
    """702.90b/c: infect — poison counters to players, -1/-1 counters to creatures; 702.80a: wither."""
    i = card("Breadth Blight", spec={"keywords": ["infect"]})
    z = {"you": {"battlefield": ["Breadth Blight"]}}
    both([i], z, [{"attack": ["Breadth Blight"]}, {"advance": {"turn": 1, "step": "main2"}}],
         [{"life": {"opponent": 20}}, {"player_counters": {"player": "opponent", "kind": "poison", "n": 2}}],
         [{"life": {"opponent": 18}}])
    w = card("Breadth Witherer", spec={"keywords": ["wither"]}, pt=(1, 1))
    z = {"you": {"battlefield": ["Breadth Witherer"]}, "opponent": {"battlefield": ["Grizzly Bears"]}}
    both([w], z, [{"attack": ["Breadth Witherer"]}, {"block": {"Grizzly Bears": "Breadth Witherer"}, "by": "opponent"},
                  {"advance": {"turn": 1, "step": "main2"}}],
         [{"counters": {"card": "Grizzly Bears", "kind": "-1/-1", "n": 1}}, {"damage": {"card": "Grizzly Bears", "n": 0}}],
         [{"damage": {"card": "Grizzly Bears", "n": 1}}])


def test_cant_be_countered():
    """101.2: a spell that can't be countered stays on the stack when a counter effect resolves."""
    s = spell("Breadth Roar", [{"draw": 1}], cost="{1}")
    behaviours.register("Breadth Roar", {"keywords": ["cant_be_countered"], "spell": {"targets": [], "effects": [{"draw": 1}]}})
    k = spell("Breadth Cancel", [{"counter": "target"}], [{"kind": "spell"}])
    z = {"you": {"hand": ["Breadth Roar"]}, "opponent": {"hand": ["Breadth Cancel"]}}
    both([s, k], z, [{"cast": "Breadth Roar"}, {"cast": "Breadth Cancel", "by": "opponent", "targets": ["Breadth Roar"]},
                     {"resolve": "all"}],
         [{"count": {"player": "you", "zone": "hand", "n": 1}}], [{"count": {"player": "you", "zone": "hand", "n": 0}}])


def test_return_a_creature_you_control_chosen_on_resolution_and_dies_any():
    """"Return a creature you control to its owner's hand" is chosen as it resolves (no target)."""
    c = spell("Breadth Retreat", [{"return_to_hand": {"choose": {"types": ["Creature"], "controller": "you"}}}])
    z = {"you": {"hand": ["Breadth Retreat"], "battlefield": ["Grizzly Bears", "Breadth Flyer"]}}
    both([c, flyer()], z, [{"cast": "Breadth Retreat"}, {"choose": {"card": "Breadth Flyer"}}, {"resolve": "all"}],
         [{"zone": {"card": "Breadth Flyer", "zone": "hand"}}, {"zone": {"card": "Grizzly Bears", "zone": "battlefield"}}],
         [{"zone": {"card": "Grizzly Bears", "zone": "hand"}}])
    d = card("Breadth Mourner", ("Enchantment",), {"triggers": [{"event": "dies_any", "object": {"types": ["Artifact"]},
                                                                  "effects": [{"gain_life": 2}]}]})
    t = card("Breadth Trinket", ("Artifact",))
    both([d, t], {"you": {"battlefield": ["Breadth Mourner", "Breadth Trinket"]}},
         [{"destroy": "Breadth Trinket"}, {"resolve": "all"}], [{"life": {"you": 22}}], [{"life": {"you": 20}}])


def test_flashback_casts_from_the_graveyard_then_exiles():
    """702.34a: cast from the graveyard with flashback; it's exiled instead of going anywhere else."""
    c = card("Breadth Recall", ("Sorcery",), {"flashback": "{3}", "spell": {"targets": [], "effects": [{"draw": 1}]}})
    z = {"you": {"graveyard": ["Breadth Recall"]}}
    both([c], z, [{"cast": "Breadth Recall", "mode": "flashback"}, {"resolve": "all"}],
         [{"zone": {"card": "Breadth Recall", "zone": "exile"}}, {"count": {"player": "you", "zone": "hand", "n": 1}}],
         [{"zone": {"card": "Breadth Recall", "zone": "graveyard"}}])
    r = run([c], z, [{"cast": "Breadth Recall"}], [])
    assert not r.passed and "601.2a" in (r.error or "")


def test_exalted_and_block_triggers():
    """702.83a: exalted — a creature attacking alone gets +1/+1; 509.3a/509.3c: blocks / becomes blocked."""
    e = card("Breadth Squire", spec={"keywords": ["exalted"]}, pt=(1, 1))
    z = {"you": {"battlefield": ["Breadth Squire", "Grizzly Bears"]}}
    both([e], z, [{"attack": ["Grizzly Bears"]}, {"resolve": "all"}],
         [{"pt": {"card": "Grizzly Bears", "power": 3, "toughness": 3}}],
         [{"pt": {"card": "Grizzly Bears", "power": 2, "toughness": 2}}])
    both([e], z, [{"attack": ["Grizzly Bears", "Breadth Squire"]}, {"resolve": "all"}],
         [{"pt": {"card": "Grizzly Bears", "power": 2, "toughness": 2}}],
         [{"pt": {"card": "Grizzly Bears", "power": 3, "toughness": 3}}])
    b = card("Breadth Sentry", spec={"triggers": [{"event": "blocks", "object": {"self": True},
                                                     "effects": [{"gain_life": 1}]}]})
    z = {"you": {"battlefield": ["Grizzly Bears"]}, "opponent": {"battlefield": ["Breadth Sentry"]}}
    both([b], z, [{"attack": ["Grizzly Bears"]}, {"block": {"Breadth Sentry": "Grizzly Bears"}, "by": "opponent"},
                  {"resolve": "all"}], [{"life": {"opponent": 21}}], [{"life": {"opponent": 20}}])


def test_protection_makes_an_aura_of_that_color_fall_off():
    """702.16c / 704.5m: an Aura with the quality attached to a permanent with protection goes to the graveyard."""
    k = card("Breadth Knight", spec={"protection": [{"colors": "W"}]})
    a = card("Breadth Shackle", ("Enchantment",), {"keywords": ["enchant_creature"]}, subtypes=("Aura",), colors="W")
    z = {"you": {"battlefield": ["Breadth Knight", "Grizzly Bears",
                                 {"card": "Breadth Shackle", "attached_to": "Breadth Knight"}]}}
    both([k, a], z, [{"resolve": "all"}], [{"zone": {"card": "Breadth Shackle", "zone": "graveyard"}}],
         [{"zone": {"card": "Breadth Shackle", "zone": "battlefield"}}])


def test_animate_sets_types_and_pt_through_the_layers():
    """613.4b/613.1d: "until end of turn, ~ becomes a 4/4 Elemental creature with haste; it's still a land" —
    7b sets 4/4, 7c pumps and counters still apply on top; 514.2: it ends at cleanup."""
    land = card("Breadth Mesa", ("Land",), {"activated": [{"name": "animate", "cost": "{1}", "effects": [
        {"animate": {"what": "self", "pt": [4, 4], "types": ["Creature"], "subtypes": ["Elemental"],
                     "keywords": ["haste"], "still": "land", "until": "end_of_turn"}}]}]})
    z = {"you": {"battlefield": [{"card": "Breadth Mesa", "counters": {"+1/+1": 1}}]}}
    acts = [{"activate": "Breadth Mesa", "ability": "animate"}, {"resolve": "all"}]
    both([land], z, acts, [{"pt": {"card": "Breadth Mesa", "power": 5, "toughness": 5}},
                           {"types": {"card": "Breadth Mesa", "has": ["Creature", "Land"]}},
                           {"has_ability": {"card": "Breadth Mesa", "ability": "haste", "value": True}}],
         [{"pt": {"card": "Breadth Mesa", "power": 4, "toughness": 4}}])
    both([land], z, acts + [{"advance": {"turn": 2, "step": "upkeep"}}],
         [{"types": {"card": "Breadth Mesa", "lacks": ["Creature"], "has": ["Land"]}}],
         [{"types": {"card": "Breadth Mesa", "has": ["Creature"]}}])


def test_activate_only_during_your_upkeep():
    """602.5b: a timing restriction — refused outside the controller's upkeep, allowed in it."""
    c = card("Breadth Sundial", ("Artifact",), {"activated": [{"name": "tick", "during": "your_upkeep",
                                                                "effects": [{"gain_life": 1}]}]})
    z = {"you": {"battlefield": ["Breadth Sundial"]}}
    both([c], z, [], [{"illegal": {"action": {"activate": "Breadth Sundial"}, "message": "602.5b"}}],
         [{"illegal": {"action": {"activate": "Breadth Sundial"}, "message": "summoning"}}])
    both([c], z, [{"advance": {"turn": 3, "step": "upkeep"}}, {"activate": "Breadth Sundial"}, {"resolve": "all"}],
         [{"life": {"you": 21}}], [{"life": {"you": 20}}])
