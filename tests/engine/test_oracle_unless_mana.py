"""118.12 / 118.3: "unless <player> pays {M}" charges mana — the payer's pool, then their untapped permanents'
{T} mana abilities (605.3a) — and is offered only when that mana covers every symbol (107.4); "unless any player
pays" lets each player in turn order (101.4) pay, one payment being enough; "you may pay {M}. If you do" (608.2c)
depends on the payment.  Made-up names compiled by the Oracle compiler, run by the engine, each with a wrong twin."""
from __future__ import annotations

from engine.oracle.compile import compile_face
from test_breadth import _forget, both, card, run  # noqa: F401  (_forget: the autouse fixture)


def _compiled(name, text, types=("Instant",), pt=(2, 2)):
    c = compile_face({"name": name, "text": text, "types": list(types)})
    assert c.supported, (c.reason, c.behaviour)
    return card(name, types, c.behaviour, pt=pt)


def _where(name, zone):
    return {"zone": {"card": name, "zone": zone}}


def _leak():
    return _compiled("UM Leak", "Counter target spell unless its controller pays {3}.")


def _cast_and_counter(choice):
    return [{"cast": "Grizzly Bears", "by": "opponent"}, {"cast": "UM Leak", "targets": ["Grizzly Bears"]},
            {"choose": {"pay": choice}, "by": "opponent"}, {"resolve": "all"}]


def _tapped(name, n):
    return {"count": {"card": name, "zone": "battlefield", "tapped": True, "n": n}}


def test_118_12_the_payment_taps_the_payers_lands():
    """118.12: with three untapped Islands the spell's controller pays {3}: the spell resolves and all three
    Islands are tapped (the mana was charged, 605.3a)."""
    z = {"you": {"hand": ["UM Leak"]}, "opponent": {"hand": ["Grizzly Bears"], "battlefield": ["Island"] * 3}}
    both([_leak()], z, _cast_and_counter(True), [_where("Grizzly Bears", "battlefield"), _tapped("Island", 3)],
         [_tapped("Island", 0)], active="opponent")
    both([_leak()], z, _cast_and_counter(False), [_where("Grizzly Bears", "graveyard"), _tapped("Island", 0)],
         [_where("Grizzly Bears", "battlefield")], active="opponent")


def test_118_3_mana_that_does_not_cover_the_cost_cannot_pay():
    """118.3: two untapped Islands and a tapped one can't pay {3}: the spell is countered though the player
    would pay, and no Island is tapped by the attempt."""
    z = {"you": {"hand": ["UM Leak"]},
         "opponent": {"hand": ["Grizzly Bears"], "battlefield": ["Island", "Island", {"card": "Island", "tapped": True}]}}
    acts = [a for a in _cast_and_counter(True) if "choose" not in a]
    both([_leak()], z, acts, [_where("Grizzly Bears", "graveyard"), _tapped("Island", 1)],
         [_where("Grizzly Bears", "battlefield")], active="opponent")


def test_107_4_a_coloured_symbol_needs_its_colour():
    """107.4: "unless you pay {U}" can't be paid with Forests (the creature is sacrificed); an Island pays it."""
    imp = _compiled("UM Imp", "At the beginning of your upkeep, sacrifice UM Imp unless you pay {U}.",
                    types=("Creature",))
    up = [{"advance": {"turn": 3, "step": "upkeep"}}, {"resolve": "all"}]
    both([imp], {"you": {"battlefield": ["UM Imp", "Forest", "Forest"]}}, up,
         [_where("UM Imp", "graveyard"), _tapped("Forest", 0)], [_where("UM Imp", "battlefield")])
    both([imp], {"you": {"battlefield": ["UM Imp", "Forest", "Island"]}}, [{"choose": {"pay": True}}] + up,
         [_where("UM Imp", "battlefield"), _tapped("Island", 1), _tapped("Forest", 0)],
         [_where("UM Imp", "graveyard")])


def test_118_12_mana_in_the_pool_pays_first():
    """106.4 / 118.12: mana already in the pool pays before a land is tapped: {G} in the pool and one untapped
    Forest pay {1}{G}... with the Forest tapped; {G} alone in the pool can't pay {1}{G} without the Forest."""
    imp = _compiled("UM Imp", "At the beginning of your upkeep, sacrifice UM Imp unless you pay {1}{G}.",
                    types=("Creature",))
    acts = [{"advance": {"turn": 3, "step": "upkeep"}}, {"activate": "Forest#1"}, {"choose": {"pay": True}},
            {"resolve": "all"}]
    both([imp], {"you": {"battlefield": ["UM Imp", "Forest", "Forest"]}}, acts,
         [_where("UM Imp", "battlefield"), _tapped("Forest", 2)], [_where("UM Imp", "graveyard")])
    both([imp], {"you": {"battlefield": ["UM Imp", "Forest"]}}, acts[:2] + acts[3:],
         [_where("UM Imp", "graveyard")], [_where("UM Imp", "battlefield")])


def test_118_12_any_player_pays_in_turn_order():
    """101.4 / 118.12: "sacrifice ~ unless any player pays {3}" — its controller, with no mana, can't; the
    opponent's three Mountains pay it (they are tapped, the permanent stays); if nobody pays it is sacrificed."""
    prison = _compiled("UM Prison", "At the beginning of your upkeep, sacrifice UM Prison unless any player pays "
                                    "{3}.", types=("Enchantment",))
    z = {"you": {"battlefield": ["UM Prison", {"card": "Plains", "tapped": True}]},
         "opponent": {"battlefield": ["Mountain"] * 3}}
    up = [{"advance": {"turn": 3, "step": "upkeep"}}]
    both([prison], z, up + [{"choose": {"pay": True}, "by": "opponent"}, {"resolve": "all"}],
         [_where("UM Prison", "battlefield"), _tapped("Mountain", 3)], [_where("UM Prison", "graveyard")])
    both([prison], z, up + [{"choose": {"pay": False}, "by": "opponent"}, {"resolve": "all"}],
         [_where("UM Prison", "graveyard"), _tapped("Mountain", 0)], [_where("UM Prison", "battlefield")])


def test_608_2c_you_may_pay_if_you_do_needs_the_mana():
    """608.2c / 118.3: "you may pay {2}. If you do, draw a card" — with one untapped land the payment can't be
    made and no card is drawn; with two it is (both lands tapped)."""
    sage = _compiled("UM Sage", "When UM Sage enters the battlefield, you may pay {2}. If you do, draw a card.",
                     types=("Creature",))
    acts = [{"cast": "UM Sage"}, {"choose": {"may": True}}, {"choose": {"pay": True}}, {"resolve": "all"}]
    lib = ["Forest"] * 5
    both([sage], {"you": {"hand": ["UM Sage"], "battlefield": ["Swamp"], "library": lib}}, acts[:2] + acts[3:],
         [{"count": {"player": "you", "zone": "hand", "n": 0}}], [{"count": {"player": "you", "zone": "hand", "n": 1}}])
    both([sage], {"you": {"hand": ["UM Sage"], "battlefield": ["Swamp", "Swamp"], "library": lib}}, acts,
         [{"count": {"player": "you", "zone": "hand", "n": 1}}, _tapped("Swamp", 2)],
         [{"count": {"player": "you", "zone": "hand", "n": 0}}])


def test_608_2c_you_may_return_if_you_do_needs_the_return():
    """608.2c: "you may return a land you control to its owner's hand. If you do, you gain 3 life" — with no
    land nothing returns and no life is gained though the player said yes; with a Forest it returns and 3 life."""
    kami = _compiled("UM Kami", "When UM Kami enters the battlefield, you may return a land you control to its "
                                "owner's hand. If you do, you gain 3 life.", types=("Creature",))
    acts = [{"cast": "UM Kami"}, {"choose": {"may": True}}, {"resolve": "all"}]
    both([kami], {"you": {"hand": ["UM Kami"]}}, acts, [{"life": {"you": 20}}],
         [{"life": {"you": 23}}])
    both([kami], {"you": {"hand": ["UM Kami"], "battlefield": ["Forest"]}}, acts,
         [{"life": {"you": 23}}, _where("Forest", "hand")], [{"life": {"you": 20}}])


def test_608_2c_you_may_exile_it_if_you_do_needs_the_card_there():
    """608.2c: "when ~ dies, you may exile it. If you do, draw two cards" — if the card left the graveyard
    before the ability resolves, nothing is exiled and no card is drawn; otherwise it is exiled and two drawn."""
    imp = _compiled("UM Rector", "When UM Rector dies, you may exile it. If you do, draw two cards.",
                    types=("Creature",))
    lib = {"library": ["Forest"] * 5}
    kill = [{"destroy": "UM Rector"}]
    both([imp], {"you": {"battlefield": ["UM Rector"], **lib}}, kill + [{"choose": {"may": True}}, {"resolve": "all"}],
         [_where("UM Rector", "exile"), {"count": {"player": "you", "zone": "hand", "n": 2}}],
         [{"count": {"player": "you", "zone": "hand", "n": 0}}])
    # the card leaves the graveyard while the ability waits: nothing to exile, so no card is drawn (400.7)
    both([imp], {"you": {"battlefield": ["UM Rector"], **lib}},
         kill + [{"exile": "UM Rector"}, {"choose": {"may": True}}, {"resolve": "all"}],
         [{"count": {"player": "you", "zone": "hand", "n": 0}}], [{"count": {"player": "you", "zone": "hand", "n": 2}}])


# ---------------------------------------------------------------- 608.2c "if you do" after a mandatory action
def test_608_2c_sacrifice_then_if_you_do_happens_only_with_a_sacrifice():
    """608.2c: "at the beginning of your end step, sacrifice a creature other than ~. If you do, you gain 3 life"
    — with a Grizzly Bears it is sacrificed and 3 life gained; alone, nothing is sacrificed and no life gained."""
    demon = _compiled("UM Demon", "At the beginning of your end step, sacrifice a creature other than UM Demon. If "
                                  "you do, you gain 3 life.", types=("Creature",))
    end = [{"advance": {"turn": 1, "step": "end"}}, {"resolve": "all"}]
    both([demon], {"you": {"battlefield": ["UM Demon", "Grizzly Bears"]}}, end,
         [{"life": {"you": 23}}, _where("Grizzly Bears", "graveyard")], [{"life": {"you": 20}}])
    both([demon], {"you": {"battlefield": ["UM Demon"]}}, end, [{"life": {"you": 20}}], [{"life": {"you": 23}}])


def test_608_2c_remove_a_counter_if_you_do():
    """608.2c / 122.8: "whenever ~ attacks, remove a +1/+1 counter from it. If you do, you gain 2 life" — no
    counter to remove: no life; one counter: it is removed and 2 life gained."""
    hydra = _compiled("UM Hydra", "Whenever UM Hydra attacks, remove a +1/+1 counter from it. If you do, you gain "
                                  "2 life.", types=("Creature",))
    atk = [{"advance": {"turn": 1, "step": "declare_attackers"}}, {"attack": ["UM Hydra"]}, {"resolve": "all"}]
    both([hydra], {"you": {"battlefield": ["UM Hydra"]}}, atk, [{"life": {"you": 20}}], [{"life": {"you": 22}}])
    both([hydra], {"you": {"battlefield": [{"card": "UM Hydra", "counters": {"+1/+1": 1}}]}}, atk,
         [{"life": {"you": 22}}, {"counters": {"card": "UM Hydra", "kind": "+1/+1", "n": 0}}], [{"life": {"you": 20}}])


def test_608_2c_tap_target_if_you_do():
    """701.26a / 608.2c: "tap target creature you control. If you do, you gain life equal to its power" — an
    untapped 2/2 is tapped (2 life); an already tapped one can't be tapped again, so no life."""
    tap = _compiled("UM Tap", "Tap target creature you control. If you do, you gain life equal to its power.")
    acts = [{"cast": "UM Tap", "targets": ["Grizzly Bears"]}, {"resolve": "all"}]
    both([tap], {"you": {"hand": ["UM Tap"], "battlefield": ["Grizzly Bears"]}}, acts, [{"life": {"you": 22}}],
         [{"life": {"you": 20}}])
    both([tap], {"you": {"hand": ["UM Tap"], "battlefield": [{"card": "Grizzly Bears", "tapped": True}]}}, acts,
         [{"life": {"you": 20}}], [{"life": {"you": 22}}])


def test_608_2c_if_condition_false_the_optional_draw_did_not_happen():
    """608.2c: "If you control a creature with power 4 or greater, you may draw a card. If you do, discard a
    card" after a mandatory bounce — with no such creature nothing is drawn, so nothing is discarded."""
    away = _compiled("UM Away", "Return target creature to its owner's hand. If you control a creature with power "
                                "4 or greater, you may draw a card. If you do, discard a card.")
    acts = [{"cast": "UM Away", "targets": ["Grizzly Bears"]}, {"resolve": "all"}]
    z = {"you": {"hand": ["UM Away", "Forest"], "library": ["Island"] * 3}, "opponent": {"battlefield": ["Grizzly Bears"]}}
    both([away], z, acts, [_where("Forest", "hand"), _where("Grizzly Bears", "hand")],
         [_where("Forest", "graveyard")])


def test_608_2c_if_you_do_after_an_unreporting_action_is_not_supported():
    """608.2c: "if you do" after an action whose happening the engine can't tell (a delayed sacrifice read
    outside its trigger) is reported unhandled, never run as "never" or "always"."""
    c = compile_face({"name": "UM Embrace", "types": ["Instant"],
                      "text": "Untap target creature you don't control and gain control of it until end of turn. "
                              "That creature gains haste until end of turn. Sacrifice it at the beginning of the "
                              "next end step. If you do, you gain life equal to its toughness."})
    assert not c.supported and "608.2c" in (c.reason or ""), (c.reason, c.behaviour)


# ---------------------------------------------------------------- 701.5a / 118.12 in cast triggers
def test_701_5a_counter_that_spell_unless_that_player_pays():
    """701.5a / 118.12: "whenever a player casts a spell, counter it unless that player pays {3}" — "that player"
    is the caster: with three untapped Forests they pay (the spell resolves, the Forests are tapped); with two
    they can't (118.3) and the spell is countered."""
    void = _compiled("UM Void", "Whenever a player casts a spell, counter it unless that player pays {3}.",
                     types=("Enchantment",))
    acts = [{"cast": "Grizzly Bears", "by": "opponent"}, {"choose": {"pay": True}, "by": "opponent"},
            {"resolve": "all"}]
    z = {"you": {"battlefield": ["UM Void", "Island", "Island", "Island"]},
         "opponent": {"hand": ["Grizzly Bears"], "battlefield": ["Forest"] * 3}}
    both([void], z, acts, [_where("Grizzly Bears", "battlefield"), _tapped("Forest", 3), _tapped("Island", 0)],
         [_where("Grizzly Bears", "graveyard")], active="opponent")
    z["opponent"]["battlefield"] = ["Forest"] * 2
    both([void], z, [a for a in acts if "choose" not in a], [_where("Grizzly Bears", "graveyard")],
         [_where("Grizzly Bears", "battlefield")], active="opponent")


def test_118_12_you_may_draw_unless_that_player_pays():
    """118.12: "whenever an opponent casts a spell, you may draw a card unless that player pays {1}" — the
    caster pays with their Mountain: no card; declines: you may draw one."""
    study = _compiled("UM Study", "Whenever an opponent casts a spell, you may draw a card unless that player pays "
                                  "{1}.", types=("Enchantment",))
    z = {"you": {"battlefield": ["UM Study"], "library": ["Island"] * 3},
         "opponent": {"hand": ["Grizzly Bears"], "battlefield": ["Mountain"]}}
    cast = {"cast": "Grizzly Bears", "by": "opponent"}
    hand = lambda n: {"count": {"player": "you", "zone": "hand", "n": n}}   # noqa: E731
    both([study], z, [cast, {"choose": {"pay": True}, "by": "opponent"}, {"resolve": "all"}],
         [hand(0), _tapped("Mountain", 1)], [hand(1)], active="opponent")
    both([study], z, [cast, {"choose": {"pay": False}, "by": "opponent"}, {"choose": {"may": True}, "by": "you"},
                      {"resolve": "all"}], [hand(1), _tapped("Mountain", 0)], [hand(0)], active="opponent")


def test_701_5a_counter_that_spell_only_in_a_cast_trigger():
    """701.5a: "sacrifice ~ and counter that spell" counters the cast spell, not ~; "counter that spell" in a
    trigger whose event is no spell being cast is not read."""
    hes = _compiled("UM Hesitation", "When a player casts a spell, sacrifice UM Hesitation and counter that spell.",
                    types=("Enchantment",))
    z = {"you": {"battlefield": ["UM Hesitation"]}, "opponent": {"hand": ["Grizzly Bears"]}}
    both([hes], z, [{"cast": "Grizzly Bears", "by": "opponent"}, {"resolve": "all"}],
         [_where("Grizzly Bears", "graveyard"), _where("UM Hesitation", "graveyard")],
         [_where("Grizzly Bears", "battlefield")], active="opponent")
    c = compile_face({"name": "UM Wall", "types": ["Creature"],
                      "text": "Whenever UM Wall becomes the target of a spell, counter that spell."})
    assert not c.supported, c.behaviour


# ---------------------------------------------------------------- 118.12 / 608.2c another player's payment
def test_608_2c_that_player_may_pay_if_the_player_does():
    """608.2c: "whenever a player casts a spell, that player may pay {2}. If the player does, they draw a card" —
    the caster pays with two Islands and draws (you don't); with one Island they can't pay (118.3)."""
    theory = _compiled("UM Theory", "Whenever a player casts a spell, that player may pay {2}. If the player does, "
                                    "they draw a card.", types=("Enchantment",))
    cast = {"cast": "Grizzly Bears", "by": "opponent"}
    hand = lambda p, n: {"count": {"player": p, "zone": "hand", "n": n}}   # noqa: E731
    z = {"you": {"battlefield": ["UM Theory"], "library": ["Plains"] * 3},
         "opponent": {"hand": ["Grizzly Bears"], "battlefield": ["Island", "Island"], "library": ["Forest"] * 3}}
    both([theory], z, [cast, {"choose": {"pay": True}, "by": "opponent"}, {"resolve": "all"}],
         [hand("opponent", 1), hand("you", 0), _tapped("Island", 2)], [hand("opponent", 0)], active="opponent")
    z["opponent"]["battlefield"] = ["Island"]
    both([theory], z, [cast, {"resolve": "all"}], [hand("opponent", 0), _tapped("Island", 0)],
         [hand("opponent", 1)], active="opponent")


def test_118_12_defending_player_may_pay_if_that_player_doesnt():
    """118.12: "whenever ~ attacks, defending player may pay {4}. If that player doesn't, ~ can't be blocked this
    turn" — the defending player's four Swamps pay it (the attacker can be blocked); declining, it can't."""
    serpent = _compiled("UM Serpent", "Whenever UM Serpent attacks, defending player may pay {4}. If that player "
                                      "doesn't, UM Serpent can't be blocked this turn.", types=("Creature",))
    z = {"you": {"battlefield": ["UM Serpent"]}, "opponent": {"battlefield": ["Swamp"] * 4 + ["Grizzly Bears"]}}
    atk = [{"advance": {"turn": 1, "step": "declare_attackers"}}, {"attack": ["UM Serpent"]}]
    blk = [{"advance": {"turn": 1, "step": "declare_blockers"}}, {"block": {"Grizzly Bears": "UM Serpent"},
                                                                 "by": "opponent"}]
    r = run([serpent], z, atk + [{"choose": {"pay": False}, "by": "opponent"}, {"resolve": "all"}] + blk, [])
    assert not r.passed and "block" in (r.error or "").lower(), r.error
    both([serpent], z, atk + [{"choose": {"pay": True}, "by": "opponent"}, {"resolve": "all"}] + blk,
         [{"blocking": {"card": "Grizzly Bears", "attacker": "UM Serpent"}}, _tapped("Swamp", 4)],
         [_tapped("Swamp", 0)])


def test_pay_by_a_pronoun_across_the_payment_is_not_read():
    """608.2c: "that player may pay {4}. If the player does, untap the creature" on an Aura — "the creature" is
    the enchanted creature, not the Aura; the binding across the payment is not read (unsupported, never the
    Aura untapping itself); "untap that creature" (the enchanted one) is."""
    up = ("Enchant creature\nAt the beginning of the upkeep of enchanted creature's controller, that player may "
          "pay {4}. If the player does, ")
    c = compile_face({"name": "UM Paralysis", "types": ["Enchantment"], "subtypes": ["Aura"],
                      "text": up + "untap the creature."})
    assert not c.supported, c.behaviour
    c = compile_face({"name": "UM Paralysis", "types": ["Enchantment"], "subtypes": ["Aura"],
                      "text": up + "untap that creature."})
    assert c.supported and c.behaviour["triggers"][0]["effects"][0]["unless"]["then"] == [{"untap": "enchanted"}], \
        (c.reason, c.behaviour)


def test_118_3_a_large_generic_cost_is_counted_not_searched():
    """118.3 / 107.4: eleven Islands can't pay {12} (countered, nothing tapped); twelve can (all tapped)."""
    leak = _compiled("UM Big Leak", "Counter target spell unless its controller pays {12}.")
    acts = [{"cast": "Grizzly Bears", "by": "opponent"}, {"cast": "UM Big Leak", "targets": ["Grizzly Bears"]},
            {"choose": {"pay": True}, "by": "opponent"}, {"resolve": "all"}]
    z = {"you": {"hand": ["UM Big Leak"]}, "opponent": {"hand": ["Grizzly Bears"], "battlefield": ["Island"] * 12}}
    both([leak], z, acts, [_where("Grizzly Bears", "battlefield"), _tapped("Island", 12)],
         [_where("Grizzly Bears", "graveyard")], active="opponent")
    z["opponent"]["battlefield"] = ["Island"] * 11
    both([leak], z, [a for a in acts if "choose" not in a], [_where("Grizzly Bears", "graveyard"), _tapped("Island", 0)],
         [_where("Grizzly Bears", "battlefield")], active="opponent")


# ---------------------------------------------------------------- 702.30a echo, 702.24a cumulative upkeep
def test_702_30a_echo_is_charged_from_the_controllers_mana():
    """702.30a / 118.3: "Echo {2}{R}" — cast on turn 1, in its controller's next upkeep three Mountains pay it
    (all tapped, the creature stays); two Mountains can't pay three mana, so it is sacrificed."""
    ech = _compiled("UM Echo", "Echo {2}{R}", types=("Creature",))
    acts = [{"cast": "UM Echo"}, {"resolve": "all"}, {"advance": {"turn": 3, "step": "upkeep"}},
            {"choose": {"pay": True}}, {"resolve": "all"}]
    both([ech], {"you": {"hand": ["UM Echo"], "battlefield": ["Mountain"] * 3}}, acts,
         [_where("UM Echo", "battlefield"), _tapped("Mountain", 3)], [_where("UM Echo", "graveyard")])
    both([ech], {"you": {"hand": ["UM Echo"], "battlefield": ["Mountain"] * 2}}, acts[:3] + acts[4:],
         [_where("UM Echo", "graveyard"), _tapped("Mountain", 0)], [_where("UM Echo", "battlefield")])


def test_702_24a_cumulative_upkeep_is_charged_per_age_counter():
    """702.24a: "Cumulative upkeep {1}" with one Forest: the first upkeep (one age counter) is paid, the Forest
    tapped; the next (two counters, {1}{1}) can't be paid with the one Forest, so it is sacrificed."""
    age = _compiled("UM Age", "Cumulative upkeep {1}", types=("Enchantment",))
    z = {"you": {"battlefield": ["UM Age", "Forest"]}}
    first = [{"advance": {"turn": 3, "step": "upkeep"}}, {"choose": {"pay": True}}, {"resolve": "all"}]
    both([age], z, first, [_where("UM Age", "battlefield"), _tapped("Forest", 1),
                           {"counters": {"card": "UM Age", "kind": "age", "n": 1}}], [_where("UM Age", "graveyard")])
    both([age], z, first + [{"advance": {"turn": 5, "step": "upkeep"}}, {"resolve": "all"}],
         [_where("UM Age", "graveyard")], [_where("UM Age", "battlefield")])


# ---------------------------------------------------------------- 101.4 each player decides for themselves
def test_101_4_each_opponent_sacrifices_unless_they_pay():
    """101.4 / 118.12: "each opponent sacrifices a permanent unless they pay {3}" — the opponent pays with three
    Islands (nothing sacrificed, the Islands tapped) or declines (their Grizzly Bears is sacrificed; your own
    permanents are never asked)."""
    brig = _compiled("UM Brigand", "When UM Brigand enters the battlefield, each opponent sacrifices a permanent "
                                   "unless they pay {3}.", types=("Creature",))
    z = {"you": {"hand": ["UM Brigand"], "battlefield": ["Forest"]},
         "opponent": {"battlefield": ["Island", "Island", "Island", "Grizzly Bears"]}}
    acts = [{"cast": "UM Brigand"}, {"resolve": 1}]
    both([brig], z, acts + [{"choose": {"pay": True}, "by": "opponent"}, {"resolve": "all"}],
         [_where("Grizzly Bears", "battlefield"), _tapped("Island", 3)], [_where("Grizzly Bears", "graveyard")])
    both([brig], z, acts + [{"choose": {"pay": False}, "by": "opponent"},
                            {"choose": {"card": "Grizzly Bears"}, "by": "opponent"}, {"resolve": "all"}],
         [_where("Grizzly Bears", "graveyard"), _where("Forest", "battlefield"), _tapped("Island", 0)],
         [_where("Grizzly Bears", "battlefield")])


def test_101_4_each_player_loses_life_unless_they_sacrifice():
    """101.4 / 118.3: "each player loses 4 life unless they sacrifice a nontoken creature" — you sacrifice your
    Grizzly Bears (no life lost); the opponent, with no creature, can't pay and loses 4."""
    maul = _compiled("UM Mauler", "At the beginning of your end step, each player loses 4 life unless they "
                                  "sacrifice a nontoken creature.", types=("Creature",))
    z = {"you": {"battlefield": ["UM Mauler", "Grizzly Bears"]}, "opponent": {"battlefield": ["Forest"]}}
    acts = [{"advance": {"turn": 1, "step": "end"}}, {"choose": {"pay": True}},
            {"choose": {"card": "Grizzly Bears"}}, {"resolve": "all"}]
    both([maul], z, acts, [{"life": {"you": 20, "opponent": 16}}, _where("Grizzly Bears", "graveyard")],
         [{"life": {"you": 16}}])
