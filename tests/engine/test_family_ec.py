"""Clause family ec of issue 21 (costs, cost changes, casting permissions, kicker conditions): one scenario per
mechanic, XMage style (setup → action → assertion, CR rule in the docstring), the card compiled from a
construction around a made-up name (not any card's text), each with a wrong twin that must fail; then the
compiler's honesty on the family's constructions (an added clause is never supported, a changed number changes
the behaviour)."""
from __future__ import annotations

import pytest

from engine.oracle.compile import compile_face
from family_honesty import assert_added_clause_rejected, assert_supported
from test_breadth import _forget, both, card  # noqa: F401  (_forget: the autouse fixture)


def _face(text, name="EC Thing", types=("Instant",), cost="{3}{R}"):
    return {"name": name, "text": text, "types": list(types), "type": " ".join(types), "manaCost": cost}


def compiled(text, name="EC Thing", types=("Instant",), cost="{3}{R}", pt=(2, 2)):
    """The face compiled (it must be supported) and given to the engine as a test card."""
    c = compile_face(_face(text, name, types, cost))
    assert c.supported, (text, c.reason, c.behaviour)
    return card(name, tuple(types), c.behaviour, cost=cost, pt=pt)


# ---------------------------------------------------------------------------- cost changes (601.2f)
def test_601_2f_cost_less_if_condition():
    """601.2f: "this spell costs {2} less to cast if you control an artifact" — only while the condition holds."""
    c = compiled("This spell costs {2} less to cast if you control an artifact.\nDraw a card.")
    rock = card("EC Rock", ("Artifact",))
    z = {"you": {"hand": ["EC Thing"], "battlefield": ["EC Rock"]}}
    both([c, rock], z, [], [{"total_cost": {"card": "EC Thing", "mana": "{1}{R}"}}],
         [{"total_cost": {"card": "EC Thing", "mana": "{3}{R}"}}])
    both([c, rock], {"you": {"hand": ["EC Thing"]}}, [], [{"total_cost": {"card": "EC Thing", "mana": "{3}{R}"}}],
         [{"total_cost": {"card": "EC Thing", "mana": "{1}{R}"}}])


def test_601_2f_two_conditional_reductions_add_up():
    """601.2f: "… {1} less to cast if you control an artifact and {1} less to cast if you control an enchantment"
    — each reduction applies on its own condition."""
    c = compiled("This spell costs {1} less to cast if you control an artifact and {1} less to cast if you "
                 "control an enchantment.\nDraw a card.")
    rock, aura = card("EC Rock", ("Artifact",)), card("EC Glow", ("Enchantment",))
    z = {"you": {"hand": ["EC Thing"], "battlefield": ["EC Rock", "EC Glow"]}}
    both([c, rock, aura], z, [], [{"total_cost": {"card": "EC Thing", "mana": "{1}{R}"}}],
         [{"total_cost": {"card": "EC Thing", "mana": "{2}{R}"}}])
    z = {"you": {"hand": ["EC Thing"], "battlefield": ["EC Glow"]}}
    both([c, rock, aura], z, [], [{"total_cost": {"card": "EC Thing", "mana": "{2}{R}"}}],
         [{"total_cost": {"card": "EC Thing", "mana": "{1}{R}"}}])


def test_601_2c_cost_less_if_it_targets():
    """601.2c/601.2f: the targets are chosen before the total cost is determined — "this spell costs {2} less to
    cast if it targets a blue creature" is cheaper only with such a target."""
    c = compiled("This spell costs {2} less to cast if it targets a blue creature.\n"
                 "Target creature gets -2/-2 until end of turn.")
    blue, red = card("EC Drake", colors="U"), card("EC Imp", colors="R")
    z = {"you": {"hand": ["EC Thing"]}, "opponent": {"battlefield": ["EC Drake", "EC Imp"]}}
    both([c, blue, red], z, [], [{"total_cost": {"card": "EC Thing", "mana": "{1}{R}", "targets": ["EC Drake"]}}],
         [{"total_cost": {"card": "EC Thing", "mana": "{1}{R}", "targets": ["EC Imp"]}}])


def test_strive_costs_more_for_each_target_beyond_the_first():
    """601.2f / 207.2c strive: "this spell costs {1}{R} more to cast for each target beyond the first"."""
    c = compiled("Strive — This spell costs {1}{R} more to cast for each target beyond the first.\n"
                 "Any number of target creatures each get +1/+0 until end of turn.", cost="{R}")
    z = {"you": {"hand": ["EC Thing"], "battlefield": ["Grizzly Bears x3"]}}
    three = ["Grizzly Bears", "Grizzly Bears", "Grizzly Bears"]
    both([c], z, [], [{"total_cost": {"card": "EC Thing", "mana": "{2}{R}{R}{R}", "targets": three}},
                      {"total_cost": {"card": "EC Thing", "mana": "{R}", "targets": three[:1]}}],
         [{"total_cost": {"card": "EC Thing", "mana": "{1}{R}{R}", "targets": three}}])


def test_601_2f_cost_less_where_x_is_devotion():
    """601.2f / 700.5: "this spell costs {X} less to cast, where X is your devotion to black"."""
    c = compiled("This spell costs {X} less to cast, where X is your devotion to black.\nDraw a card.",
                 cost="{4}{B}{B}")
    shade = card("EC Shade", cost="{B}{B}", colors="B")
    z = {"you": {"hand": ["EC Thing"], "battlefield": ["EC Shade"]}}
    both([c, shade], z, [], [{"total_cost": {"card": "EC Thing", "mana": "{2}{B}{B}"}}],
         [{"total_cost": {"card": "EC Thing", "mana": "{4}{B}{B}"}}])


def test_602_2b_ability_costs_less_for_each():
    """602.2b applies 601.2f to an activated ability: "this ability costs {1} less to activate for each artifact
    you control" — the ability's total cost, not the card's."""
    c = compiled("{4}, {T}: Draw a card. This ability costs {1} less to activate for each artifact you control.",
                 types=("Artifact",), cost="{2}")
    rock = card("EC Rock", ("Artifact",))
    z = {"you": {"battlefield": ["EC Thing", "EC Rock"]}}
    # the Thing is an artifact too: two artifacts
    both([c, rock], z, [], [{"total_cost": {"card": "EC Thing", "ability": 1, "mana": "{2}"}}],
         [{"total_cost": {"card": "EC Thing", "ability": 1, "mana": "{4}"}}])


# ---------------------------------------------------------------------------- honesty
COST_LINES = [
    "This spell costs {2} less to cast if you control an artifact.",
    "This spell costs {1} less to cast if you control an artifact and {1} less to cast if you control an enchantment.",
    "This spell costs {2} less to cast if it targets a blue creature.",
    "This spell costs {1}{R} more to cast for each target beyond the first.",
    "This spell costs {X} less to cast, where X is your devotion to black.",
    "This spell costs {2} less to cast if an opponent controls a green permanent.",
    "This spell costs {3} less to cast if you've gained 3 or more life this turn.",
]


@pytest.mark.parametrize("line", COST_LINES)
def test_cost_lines_supported_and_added_clause_rejected(line):
    assert_supported(_face(line + "\nDraw a card."))
    assert_added_clause_rejected(lambda t: _face(t + "\nDraw a card."), line)


def test_changed_number_changes_the_cost_change():
    a = compile_face(_face(COST_LINES[0] + "\nDraw a card.")).behaviour
    b = compile_face(_face(COST_LINES[0].replace("{2}", "{3}") + "\nDraw a card.")).behaviour
    assert a != b and a["statics"][0]["cost_modifier"]["less"] == "{2}"


def test_ability_cost_change_added_clause_rejected():
    line = "{4}, {T}: Draw a card. This ability costs {1} less to activate for each artifact you control."
    c = compile_face(_face(line.rstrip(".") + " unless you flimwick.", types=("Artifact",)))
    assert not c.supported


# ---------------------------------------------------------------------------- kicker conditions (702.33)
def _cast_at(name, kicked, target=None):
    act = {"cast": name, "kicked": kicked}
    if target:
        act["targets"] = [target]
    return [act, {"resolve": "all"}]


def test_702_33d_kicked_number_instead():
    """702.33d / 608.2c: "if this spell was kicked, it deals 4 damage instead" — the same target, another number;
    unkicked the first number."""
    c = compiled("Kicker {4}\nThis spell deals 2 damage to any target. If this spell was kicked, it deals 4 damage "
                 "instead.", cost="{R}")
    z = {"you": {"hand": ["EC Thing"]}}
    both([c], z, _cast_at("EC Thing", True, "opponent"), [{"life": {"opponent": 16}}], [{"life": {"opponent": 18}}])
    both([c], z, _cast_at("EC Thing", False, "opponent"), [{"life": {"opponent": 18}}], [{"life": {"opponent": 16}}])


def test_702_33d_kicked_clause_instead():
    """608.2c: "if this spell was kicked, that creature gets +5/+5 until end of turn instead" — "that creature" is
    the target of the replaced effect."""
    c = compiled("Kicker {2}{G}\nTarget creature gets +3/+3 until end of turn. If this spell was kicked, that "
                 "creature gets +5/+5 until end of turn instead.", cost="{G}")
    z = {"you": {"hand": ["EC Thing"], "battlefield": ["Grizzly Bears"]}}
    both([c], z, _cast_at("EC Thing", True, "Grizzly Bears"), [{"pt": {"card": "Grizzly Bears", "power": 7, "toughness": 7}}],
         [{"pt": {"card": "Grizzly Bears", "power": 5, "toughness": 5}}])


def test_702_33d_kicked_tokens_instead():
    """608.2c: "if this spell was kicked, create four of those tokens instead"."""
    c = compiled("Kicker {4}\nCreate two 1/1 green Saproling creature tokens. If this spell was kicked, create four "
                 "of those tokens instead.", cost="{G}")
    z = {"you": {"hand": ["EC Thing"]}}
    both([c], z, _cast_at("EC Thing", True), [{"count": {"player": "you", "zone": "battlefield", "card": "Saproling Token", "n": 4}}],
         [{"count": {"player": "you", "zone": "battlefield", "card": "Saproling Token", "n": 2}}])


def test_702_33d_wasnt_kicked_trigger():
    """603.4 / 702.33d: "at the beginning of the end step, if ~ wasn't kicked, sacrifice it"."""
    c = compiled("Kicker {R}\nHaste\nAt the beginning of the end step, if EC Thing wasn't kicked, sacrifice it.",
                 types=("Creature",), cost="{R}")
    z = {"you": {"hand": ["EC Thing"]}}
    for kicked, stays in ((True, True), (False, False)):
        acts = _cast_at("EC Thing", kicked) + [{"advance": {"step": "cleanup"}}]
        right = [{"zone": {"card": "EC Thing", "zone": "battlefield" if stays else "graveyard"}}]
        wrong = [{"zone": {"card": "EC Thing", "zone": "graveyard" if stays else "battlefield"}}]
        both([c], z, acts, right, wrong)


def test_702_33d_whenever_you_cast_a_kicked_spell():
    """702.33d: "whenever you cast a kicked spell, you gain 2 life" — an unkicked spell doesn't trigger it."""
    watcher = compiled("Whenever you cast a kicked spell, you gain 2 life.", name="EC Watcher", types=("Creature",))
    c = compiled("Kicker {1}\nDraw a card.", cost="{U}")
    z = {"you": {"hand": ["EC Thing"], "battlefield": ["EC Watcher"], "library": ["Island x3"]}}
    both([watcher, c], z, _cast_at("EC Thing", True), [{"life": {"you": 22}}], [{"life": {"you": 20}}])
    both([watcher, c], z, _cast_at("EC Thing", False), [{"life": {"you": 20}}], [{"life": {"you": 22}}])


def test_702_33c_multikicker_counts_the_times_paid():
    """702.33c: multikicker — "create a 2/2 green Wolf creature token for each time it was kicked"."""
    c = compiled("Multikicker {G}\nWhen EC Thing enters the battlefield, create a 2/2 green Wolf creature token for "
                 "each time it was kicked.", types=("Creature",), cost="{2}{G}")
    z = {"you": {"hand": ["EC Thing"]}}
    both([c], z, _cast_at("EC Thing", 3), [{"count": {"player": "you", "zone": "battlefield", "card": "Wolf Token", "n": 3}}],
         [{"count": {"player": "you", "zone": "battlefield", "card": "Wolf Token", "n": 1}}])
    both([c], z, _cast_at("EC Thing", 0), [{"count": {"player": "you", "zone": "battlefield", "card": "Wolf Token", "n": 0}}],
         [{"count": {"player": "you", "zone": "battlefield", "card": "Wolf Token", "n": 1}}])


KICKER_LINES = [
    "This spell deals 2 damage to any target. If this spell was kicked, it deals 4 damage instead.",
    "Create two 1/1 green Saproling creature tokens. If this spell was kicked, create four of those tokens instead.",
    "Draw two cards. If this spell was kicked, draw three cards instead.",
]


@pytest.mark.parametrize("line", KICKER_LINES)
def test_kicker_lines_supported_and_added_clause_rejected(line):
    assert_supported(_face("Kicker {2}\n" + line))
    assert_added_clause_rejected(lambda t: _face("Kicker {2}\n" + t), line)


def test_instead_variant_with_new_targets_is_not_read():
    """601.2c: a variant that names targets of its own would change the targets with the kicker — not read."""
    c = compile_face(_face("Kicker {3}\nReturn target creature card from your graveyard to your hand. If this spell "
                           "was kicked, instead return two target creature cards from your graveyard to your hand."))
    assert not c.supported


# ---------------------------------------------------------------------------- how a spell was cast (601.2a)
def test_addendum_cast_during_your_main_phase():
    """505.1 addendum: "if you cast this spell during your main phase, it deals 5 damage instead" — cast in
    combat (an instant) it deals 3."""
    c = compiled("This spell deals 3 damage to any target.\nAddendum — If you cast this spell during your main "
                 "phase, it deals 5 damage instead.", cost="{R}")
    z = {"you": {"hand": ["EC Thing"]}}
    acts = [{"cast": "EC Thing", "targets": ["opponent"]}, {"resolve": "all"}]
    both([c], z, acts, [{"life": {"opponent": 15}}], [{"life": {"opponent": 17}}])
    both([c], z, acts, [{"life": {"opponent": 17}}], [{"life": {"opponent": 15}}], at={"turn": 1, "step": "begin_combat"})


def test_601_2a_cast_from_a_graveyard():
    """601.2a / 702.34: "if this spell was cast from a graveyard, create ten of those tokens instead" — cast
    with flashback from the graveyard, the variant; from the hand, the first number."""
    c = compiled("Create two 1/1 white Human creature tokens. If this spell was cast from a graveyard, create four "
                 "of those tokens instead.\nFlashback {5}{W}", types=("Sorcery",), cost="{3}{W}")
    n = {"player": "you", "zone": "battlefield", "card": "Human Token"}
    acts = [{"cast": "EC Thing", "mode": "flashback"}, {"resolve": "all"}]
    both([c], {"you": {"graveyard": ["EC Thing"]}}, acts, [{"count": dict(n, n=4)}], [{"count": dict(n, n=2)}])
    acts = [{"cast": "EC Thing"}, {"resolve": "all"}]
    both([c], {"you": {"hand": ["EC Thing"]}}, acts, [{"count": dict(n, n=2)}], [{"count": dict(n, n=4)}])


# ---------------------------------------------------------------------------- mana spent (601.2h)
def test_601_2h_adamant_mana_spent_instead():
    """601.2h adamant: "if at least three red mana was spent to cast this spell, it deals 4 damage instead" —
    the scenario states the mana paid; two red of three is not enough."""
    c = compiled("This spell deals 3 damage to any target.\nAdamant — If at least three red mana was spent to cast "
                 "this spell, it deals 4 damage instead.", cost="{2}{R}")
    z = {"you": {"hand": ["EC Thing"]}}
    acts = [{"cast": "EC Thing", "targets": ["opponent"], "paid": "{R}{R}{R}"}, {"resolve": "all"}]
    both([c], z, acts, [{"life": {"opponent": 16}}], [{"life": {"opponent": 17}}])
    acts[0]["paid"] = "RRG"
    both([c], z, acts, [{"life": {"opponent": 17}}], [{"life": {"opponent": 16}}])


def test_601_2h_enters_if_mana_was_spent():
    """601.2h / 608.3: "when ~ enters, if {R} was spent to cast it, it deals 2 damage to any target" — the
    permanent remembers the mana spent on the spell; paid with green only, no trigger."""
    c = compiled("When EC Thing enters the battlefield, if {R} was spent to cast it, it deals 2 damage to any "
                 "target.", types=("Creature",), cost="{3}")
    z = {"you": {"hand": ["EC Thing"]}}
    acts = [{"choose": {"targets": ["opponent"]}}, {"cast": "EC Thing", "paid": "RGG"}, {"resolve": "all"}]
    both([c], z, acts, [{"life": {"opponent": 18}}], [{"life": {"opponent": 20}}])
    acts = [{"cast": "EC Thing", "paid": "GGG"}, {"resolve": "all"}]
    both([c], z, acts, [{"life": {"opponent": 20}}], [{"life": {"opponent": 18}}])


def test_601_2h_payment_checked_and_unknown_payment_is_an_error():
    """601.2h: a payment that doesn't pay the total cost is refused; a condition on the mana spent of a spell
    cast without `paid` stops the run (never a guess)."""
    from test_breadth import run
    c = compiled("This spell deals 3 damage to any target.\nAdamant — If at least three red mana was spent to cast "
                 "this spell, it deals 4 damage instead.", cost="{2}{R}")
    z = {"you": {"hand": ["EC Thing"]}}
    for paid in ("GGG", "RR", "RRRR"):
        r = run([c], z, [{"cast": "EC Thing", "targets": ["opponent"], "paid": paid}, {"resolve": "all"}], [])
        assert not r.passed and "601.2h" in (r.error or ""), (paid, r.error)
    r = run([c], z, [{"cast": "EC Thing", "targets": ["opponent"]}, {"resolve": "all"}], [{"life": {"opponent": 17}}])
    assert not r.passed and "paid" in (r.error or ""), r.error


# ---------------------------------------------------------------------------- casting permissions (601.3, 702.8a)
_SAC_LINE = ("You may cast EC Thing as though it had flash. If you cast it any time a sorcery couldn't have been "
             "cast, the controller of the permanent it becomes sacrifices it at the beginning of the next cleanup "
             "step.")


def test_702_8a_own_flash_permission_and_sacrifice_at_cleanup():
    """702.8a / 514.3a: cast in combat (a time a sorcery couldn't be cast) it is sacrificed at the next cleanup
    step; cast in a main phase it stays. Without the permission it can't be cast in combat at all."""
    c = compiled(_SAC_LINE + "\nCreatures you control get +0/+1.", types=("Enchantment",), cost="{1}{W}")
    z = {"you": {"hand": ["EC Thing"]}}
    acts = [{"cast": "EC Thing"}, {"resolve": "all"}, {"advance": {"turn": 2, "step": "upkeep"}}]
    combat = {"turn": 1, "step": "begin_combat"}
    both([c], z, acts, [{"zone": {"card": "EC Thing", "zone": "graveyard"}}],
         [{"zone": {"card": "EC Thing", "zone": "battlefield"}}], at=combat)
    both([c], z, acts, [{"zone": {"card": "EC Thing", "zone": "battlefield"}}],
         [{"zone": {"card": "EC Thing", "zone": "graveyard"}}])
    plain = card("EC Plain", ("Enchantment",), {"statics": [{"pt": [0, 1], "affected": {"types": ["Creature"],
                                                                                          "controller": "you"}}]})
    from test_breadth import run
    r = run([plain], {"you": {"hand": ["EC Plain"]}}, [{"cast": "EC Plain"}], [], at=combat)
    assert not r.passed and "307.1" in (r.error or ""), r.error


def test_702_8a_flash_if_you_pay_more():
    """601.2f: "you may cast ~ as though it had flash if you pay {2} more to cast it" — {2} more only at a time
    a sorcery couldn't be cast."""
    c = compiled("You may cast EC Thing as though it had flash if you pay {2} more to cast it.\nDraw a card.",
                 types=("Sorcery",), cost="{1}{U}")
    z = {"you": {"hand": ["EC Thing"], "library": ["Island x2"]}}
    both([c], z, [], [{"total_cost": {"card": "EC Thing", "mana": "{3}{U}"}}],
         [{"total_cost": {"card": "EC Thing", "mana": "{1}{U}"}}], at={"turn": 1, "step": "begin_combat"})
    both([c], z, [], [{"total_cost": {"card": "EC Thing", "mana": "{1}{U}"}}],
         [{"total_cost": {"card": "EC Thing", "mana": "{3}{U}"}}])
    acts = [{"cast": "EC Thing", "paid": "UUUU"}, {"resolve": "all"}]
    both([c], z, acts, [{"count": {"player": "you", "zone": "hand", "n": 1}}],
         [{"count": {"player": "you", "zone": "hand", "n": 0}}], at={"turn": 1, "step": "begin_combat"})


@pytest.mark.parametrize("line", [_SAC_LINE, "You may cast EC Thing as though it had flash if you pay {2} more to "
                                  "cast it."])
def test_flash_lines_supported_and_added_clause_rejected(line):
    face = lambda t: _face(t + "\nDraw a card.", types=("Sorcery",))  # noqa: E731
    assert_supported(face(line))
    assert_added_clause_rejected(face, line)


# ---------------------------------------------------------------------------- statics changing other spells' costs
def test_601_2f_coloured_increase_for_other_spells():
    """601.2f: "white spells you cast cost {W} more to cast" — a coloured increase, only for white spells of its
    controller."""
    leech = compiled("White spells you cast cost {W} more to cast.", name="EC Leech", types=("Creature",))
    w, r = card("EC Knight", cost="{1}{W}", colors="W"), card("EC Imp", cost="{R}", colors="R")
    z = {"you": {"hand": ["EC Knight", "EC Imp"], "battlefield": ["EC Leech"]}}
    both([leech, w, r], z, [], [{"total_cost": {"card": "EC Knight", "mana": "{1}{W}{W}"}},
                                {"total_cost": {"card": "EC Imp", "mana": "{R}"}}],
         [{"total_cost": {"card": "EC Knight", "mana": "{1}{W}"}}])
    z = {"you": {"battlefield": ["EC Leech"]}, "opponent": {"hand": ["EC Knight"]}}
    both([leech, w], z, [], [{"total_cost": {"card": "EC Knight", "mana": "{1}{W}"}}],
         [{"total_cost": {"card": "EC Knight", "mana": "{1}{W}{W}"}}])


def test_601_2c_spells_that_target_the_source_cost_more():
    """601.2c/601.2f: "spells your opponents cast that target ~ cost {2} more to cast" — only with it as a
    target, only for opponents."""
    scion = compiled("Spells your opponents cast that target EC Scion cost {2} more to cast.", name="EC Scion",
                     types=("Creature",))
    bolt = card("EC Bolt", ("Instant",), {"spell": {"targets": [{"kind": "any"}], "effects": [{"damage": {"n": 3}}]}},
                cost="{R}")
    z = {"you": {"battlefield": ["EC Scion", "Grizzly Bears"]}, "opponent": {"hand": ["EC Bolt"]}}
    both([scion, bolt], z, [], [{"total_cost": {"card": "EC Bolt", "mana": "{2}{R}", "targets": ["EC Scion"]}},
                                {"total_cost": {"card": "EC Bolt", "mana": "{R}", "targets": ["Grizzly Bears"]}}],
         [{"total_cost": {"card": "EC Bolt", "mana": "{R}", "targets": ["EC Scion"]}}])


def test_601_2f_except_during_its_controllers_turn():
    """601.2f: "each spell costs {3} more to cast except during its controller's turn"."""
    grid = compiled("Each spell costs {3} more to cast except during its controller's turn.", name="EC Grid",
                    types=("Artifact",))
    imp = card("EC Imp", ("Instant",), cost="{R}", colors="R")
    both([grid, imp], {"you": {"battlefield": ["EC Grid"], "hand": ["EC Imp"]}}, [],
         [{"total_cost": {"card": "EC Imp", "mana": "{R}"}}], [{"total_cost": {"card": "EC Imp", "mana": "{3}{R}"}}])
    both([grid, imp], {"you": {"battlefield": ["EC Grid"]}, "opponent": {"hand": ["EC Imp"]}}, [],
         [{"total_cost": {"card": "EC Imp", "mana": "{3}{R}"}}], [{"total_cost": {"card": "EC Imp", "mana": "{R}"}}])


@pytest.mark.parametrize("line", ["White spells you cast cost {W} more to cast.",
                                  "Spells your opponents cast that target EC Thing cost {2} more to cast.",
                                  "Each spell costs {3} more to cast except during its controller's turn."])
def test_other_spells_cost_lines_supported_and_added_clause_rejected(line):
    face = lambda t: _face(t, types=("Artifact",))  # noqa: E731
    assert_supported(face(line))
    assert_added_clause_rejected(face, line)


# ---------------------------------------------------------------------------- mana (106.1b)
def test_106_1b_mana_in_any_combination_of_listed_colours():
    """106.1b / 106.4: "add three mana in any combination of {R} and/or {G}" — each mana one of those colours; a
    colour not listed is refused."""
    c = compiled("{T}: Add three mana in any combination of {R} and/or {G}.", types=("Artifact",), cost="{2}")
    z = {"you": {"battlefield": ["EC Thing"]}}
    picks = [{"choose": {"color": x}} for x in "RGR"]
    both([c], z, picks + [{"activate": "EC Thing"}], [{"mana_pool": {"player": "you", "mana": "GRR"}}],
         [{"mana_pool": {"player": "you", "mana": "GGR"}}])
    from test_breadth import run
    r = run([c], z, [{"choose": {"color": "U"}}, {"activate": "EC Thing"}], [])
    assert not r.passed and "106.1b" in (r.error or ""), r.error


def test_any_combination_line_added_clause_rejected():
    line = "{T}: Add three mana in any combination of {R} and/or {G}."
    face = lambda t: _face(t, types=("Artifact",))  # noqa: E731
    assert_supported(face(line))
    assert_added_clause_rejected(face, line)


def test_601_2f_cost_less_if_you_cast_a_spell_this_turn():
    """601.2f: "this spell costs {2}{U} less to cast if you've cast an instant or sorcery spell this turn" — after
    an instant, not after a creature spell."""
    c = compiled("This spell costs {2}{U} less to cast if you've cast an instant or sorcery spell this turn.\nFlying",
                 types=("Creature",), cost="{3}{U}")
    zap = card("EC Zap", ("Instant",), {"spell": {"targets": [{"kind": "any"}], "effects": [{"damage": {"n": 1}}]}},
               cost="{R}")
    z = {"you": {"hand": ["EC Thing", "EC Zap", "Grizzly Bears"]}}
    bolt = [{"cast": "EC Zap", "targets": ["opponent"]}, {"resolve": "all"}]
    both([c, zap], z, bolt, [{"total_cost": {"card": "EC Thing", "mana": "{1}"}}],
         [{"total_cost": {"card": "EC Thing", "mana": "{3}{U}"}}])
    bears = [{"cast": "Grizzly Bears"}, {"resolve": "all"}]
    both([c, zap], z, bears, [{"total_cost": {"card": "EC Thing", "mana": "{3}{U}"}}],
         [{"total_cost": {"card": "EC Thing", "mana": "{1}"}}])


def test_601_2f_cost_less_if_an_opponent_has_cards_in_graveyard():
    """601.2f: "… {3} less to cast if an opponent has seven or more cards in their graveyard" — one opponent's
    graveyard, not the caster's."""
    c = compiled("This spell costs {3} less to cast if an opponent has seven or more cards in their graveyard.\n"
                 "Draw four cards.", cost="{5}{U}{U}")
    z = {"you": {"hand": ["EC Thing"]}, "opponent": {"graveyard": ["Forest x7"]}}
    both([c], z, [], [{"total_cost": {"card": "EC Thing", "mana": "{2}{U}{U}"}}],
         [{"total_cost": {"card": "EC Thing", "mana": "{5}{U}{U}"}}])
    z = {"you": {"hand": ["EC Thing"], "graveyard": ["Forest x7"]}, "opponent": {"graveyard": ["Forest x6"]}}
    both([c], z, [], [{"total_cost": {"card": "EC Thing", "mana": "{5}{U}{U}"}}],
         [{"total_cost": {"card": "EC Thing", "mana": "{2}{U}{U}"}}])


def test_603_4_if_that_spell_was_kicked():
    """603.4 / 702.33d: "whenever you cast a spell, if that spell was kicked, ~ gets +1/+1 until end of turn"."""
    watcher = compiled("Whenever you cast a spell, if that spell was kicked, EC Watcher gets +1/+1 until end of turn.",
                       name="EC Watcher", types=("Creature",))
    c = compiled("Kicker {1}\nDraw a card.", cost="{U}")
    z = {"you": {"hand": ["EC Thing"], "battlefield": ["EC Watcher"], "library": ["Island x3"]}}
    both([watcher, c], z, _cast_at("EC Thing", True), [{"pt": {"card": "EC Watcher", "power": 3, "toughness": 3}}],
         [{"pt": {"card": "EC Watcher", "power": 2, "toughness": 2}}])
    both([watcher, c], z, _cast_at("EC Thing", False), [{"pt": {"card": "EC Watcher", "power": 2, "toughness": 2}}],
         [{"pt": {"card": "EC Watcher", "power": 3, "toughness": 3}}])


@pytest.mark.parametrize("line,old,new", [
    ("Kicker {4}\nThis spell deals 2 damage to any target. If this spell was kicked, it deals 4 damage instead.",
     "deals 4", "deals 5"),
    ("This spell deals 3 damage to any target.\nIf at least three red mana was spent to cast this spell, it deals 4 "
     "damage instead.", "three red", "two red"),
    ("You may cast EC Thing as though it had flash if you pay {2} more to cast it.\nDraw a card.", "{2}", "{3}"),
    ("Each spell costs {3} more to cast except during its controller's turn.", "{3}", "{1}"),
    ("{T}: Add three mana in any combination of {R} and/or {G}.", "three", "two"),
])
def test_changed_number_changes_the_compiled_behaviour(line, old, new):
    a = compile_face(_face(line, types=("Sorcery",)))
    b = compile_face(_face(line.replace(old, new), types=("Sorcery",)))
    assert a.supported and b.supported and a.behaviour != b.behaviour


@pytest.mark.parametrize("line,noun", [
    ("This spell costs {2} less to cast if it targets a blue creature.", "creature"),
    ("White spells you cast cost {W} more to cast.", "spells"),
    ("Whenever you cast a kicked spell, you gain 2 life.", "spell"),
])
def test_replaced_noun_is_not_supported(line, noun):
    c = compile_face(_face(line.replace(noun, "flimwick"), types=("Creature",)))
    assert not c.supported


# ---------------------------------------------------------------------------- restricted mana (106.6)
def test_106_6_restricted_mana_pays_only_for_its_spells():
    """106.6 / 601.2h: "add three mana of any one color. Spend this mana only to cast creature spells" — a creature
    spell paid with it empties the pool; a sorcery can't use it, the mana stays; unrestricted mana pays either."""
    sage = compiled("{T}: Add three mana of any one color. Spend this mana only to cast creature spells.",
                    name="EC Sage", types=("Artifact",), cost="{2}")
    plain = compiled("{T}: Add three mana of any one color.", name="EC Plain", types=("Artifact",), cost="{2}")
    ogre = card("EC Ogre", cost="{2}{G}", colors="G")
    rite = card("EC Rite", ("Sorcery",), {"spell": {"targets": [], "effects": [{"gain_life": 1}]}}, cost="{2}{G}")
    z = {"you": {"battlefield": ["EC Sage", "EC Plain"], "hand": ["EC Ogre", "EC Rite"]}}
    for src, spell, left in (("EC Sage", "EC Ogre", ""), ("EC Sage", "EC Rite", "GGG"), ("EC Plain", "EC Rite", "")):
        acts = [{"choose": {"color": "G"}}, {"activate": src}, {"cast": spell, "paid": "GGG"}, {"resolve": "all"}]
        both([sage, plain, ogre, rite], z, acts, [{"mana_pool": {"player": "you", "mana": left}}],
             [{"mana_pool": {"player": "you", "mana": "GGG" if not left else ""}}])


def test_spend_only_line_added_clause_rejected():
    line = "{T}: Add {C}. Spend this mana only to cast an instant or sorcery spell."
    face = lambda t: _face(t, types=("Artifact",))  # noqa: E731
    assert_supported(face(line))
    assert_added_clause_rejected(face, line)
    assert not compile_face(face(line.replace("sorcery spell", "flimwick spell"))).supported
