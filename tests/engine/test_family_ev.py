"""Clause family EV of issue 21 (values, counts, characteristic-defining P/T, conditions): one scenario per
mechanic, XMage style (setup → action → assertion, CR rule in the docstring), each with a wrong twin that must
fail; then the compiler's honesty on the family's constructions (a nonsense noun or an added clause is never
supported, a changed number changes the behaviour).  Lines are constructions around a made-up name, not any
card's text."""
from __future__ import annotations

import pytest

from engine.oracle.compile import compile_face
from family_honesty import assert_added_clause_rejected, assert_supported
from test_breadth import _forget, both, card, run  # noqa: F401  (_forget: the autouse fixture)


def _face(text, types=("Artifact",), pt=None):
    f = {"name": "EV Thing", "text": text, "types": list(types)}
    if pt:
        f["power"], f["toughness"] = str(pt[0]), str(pt[1])
    return f


def _compiled(text, **kw):
    c = compile_face(_face(text, **kw))
    assert c.supported, (text, c.reason, c.behaviour)
    return c.behaviour


# ---------------------------------------------------------------------------- X of an activated ability (107.3)
def test_602_2b_x_announced_on_activation_is_the_damage():
    """107.3 / 602.2b: "{X}{R}, {T}: ~ deals X damage to any target" — X is the value announced as it is activated."""
    c = card("EV Rod", ("Artifact",), {"activated": [{"cost": "{X}{R}", "tap": True, "targets": [{"kind": "any"}],
                                                      "effects": [{"damage": {"n": "X", "to": "target"}}]}]})
    z = {"you": {"battlefield": ["EV Rod"]}}
    acts = [{"activate": "EV Rod", "targets": ["opponent"], "x": 3}, {"resolve": "all"}]
    both([c], z, acts, [{"life": {"opponent": 17}}], [{"life": {"opponent": 20}}])


def test_602_2b_x_target_count_and_filter():
    """601.2b–c via 602.2b: "{X}: destroy X target creatures with mana value X or less" — X choices, each with
    mana value at most X; a creature above X is not a legal target."""
    c = card("EV Culler", ("Artifact",), {"activated": [{"cost": "{X}", "targets": [
        {"kind": "creature", "filter": {"mana_value_at_most": "X"}, "n": "X"}], "effects": [{"destroy": "target"}]}]})
    big, pup = card("EV Ogre", cost="{4}", pt=(4, 4)), card("EV Pup", cost="{1}", pt=(1, 1))
    cards = [c, big, pup]
    z = {"you": {"battlefield": ["EV Culler"]}, "opponent": {"battlefield": ["Grizzly Bears", "EV Ogre", "EV Pup"]}}
    r = run(cards, z, [{"activate": "EV Culler", "targets": ["Grizzly Bears", "EV Ogre"], "x": 2}], [])
    assert not r.passed and "not a legal target" in str(r.error)      # mana value 4 > X
    r = run(cards, z, [{"activate": "EV Culler", "targets": ["Grizzly Bears"], "x": 2}], [])
    assert not r.passed and "needs 2 target" in str(r.error)           # X = 2: two target choices
    both(cards, z, [{"activate": "EV Culler", "targets": ["Grizzly Bears", "EV Pup"], "x": 2}, {"resolve": "all"}],
         [{"zone": {"card": "Grizzly Bears", "zone": "graveyard"}}, {"zone": {"card": "EV Pup", "zone": "graveyard"}},
          {"zone": {"card": "EV Ogre", "zone": "battlefield"}}],
         [{"zone": {"card": "Grizzly Bears", "zone": "battlefield"}}])


def test_606_4_loyalty_minus_x():
    """606.4: a loyalty cost −X removes X loyalty counters; the effect reads the same X (107.3)."""
    c = card("EV Walker", ("Planeswalker",), {"activated": [
        {"loyalty": "-x", "targets": [{"kind": "any"}], "effects": [{"damage": {"n": "X", "to": "target"}}]}]})
    z = {"you": {"battlefield": [{"card": "EV Walker", "counters": {"loyalty": 5}}]}}
    acts = [{"activate": "EV Walker", "targets": ["opponent"], "x": 2}, {"resolve": "all"}]
    both([c], z, acts, [{"life": {"opponent": 18}}, {"counters": {"card": "EV Walker", "kind": "loyalty", "n": 3}}],
         [{"counters": {"card": "EV Walker", "kind": "loyalty", "n": 5}}])


def test_111_4_token_with_x_power_and_toughness():
    """111.4 / 608.2h: "{X}{G}: create an X/X Ooze token" — the token's P/T is the announced X."""
    c = card("EV Vat", ("Artifact",), {"activated": [{"cost": "{X}{G}", "targets": [], "effects": [
        {"create_token": {"token": {"types": ["Creature"], "subtypes": ["Ooze"], "colors": "G", "pt": ["X", "X"]}}}]}]})
    z = {"you": {"battlefield": ["EV Vat"]}}
    both([c], z, [{"activate": "EV Vat", "x": 4}, {"resolve": "all"}],
         [{"pt": {"card": "Ooze Token", "power": 4, "toughness": 4}}], [{"pt": {"card": "Ooze Token", "power": 0}}])


def test_107_3_x_refused_for_an_ability_without_x():
    """107.3: only an ability whose cost has X announces one."""
    w = card("EV Walker", ("Planeswalker",), {"activated": [
        {"loyalty": "-x", "targets": [{"kind": "any"}], "effects": [{"damage": {"n": "X", "to": "target"}}]}]})
    c = card("EV Plain Rod", ("Artifact",), {"activated": [{"cost": "{1}", "tap": True, "targets": [{"kind": "any"}],
                                                            "effects": [{"damage": {"n": 1, "to": "target"}}]}]})
    r = run([c], {"you": {"battlefield": ["EV Plain Rod"]}},
            [{"activate": "EV Plain Rod", "targets": ["opponent"], "x": 2}], [])
    assert not r.passed and "no X" in str(r.error)
    r = run([w], {"you": {"battlefield": [{"card": "EV Walker", "counters": {"loyalty": 1}}]}},
            [{"activate": "EV Walker", "targets": ["opponent"], "x": 2}], [])    # 606.6: not enough loyalty
    assert not r.passed and "only 1 loyalty" in str(r.error)


@pytest.mark.parametrize("line", [
    "{x}{r}, {t}: ~ deals x damage to target creature with mana value x or less.",
    "{x}, {t}: destroy x target lands.",
    "{x}: target creature gets -x/-x until end of turn.",
    "{x}{g}: create an x/x green ooze creature token.",
])
def test_ability_x_lines_supported_and_honest(line):
    assert_supported(_face(line))
    assert_added_clause_rejected(_face, line)


def test_ability_x_without_x_in_the_cost_stays_unsupported():
    """An X no cost announces (a triggered ability, or a cost without {X}) is never read as 0."""
    for line in ("{t}: create an x/x green ooze creature token.",
                 "when ~ enters the battlefield, create an x/x green ooze creature token.",
                 "{1}, {t}: destroy x target lands."):
        assert not compile_face(_face(line)).supported, line


# ---------------------------------------------------------------------------- counted values (107.3, 608.2h)
def test_122_1_counters_on_the_sacrificed_source():
    """122.1 / 608.2h: "sacrifice ~: ~ deals X damage to any target, where X is the number of verse counters on ~"
    — counted on the source as it last existed."""
    c = card("EV Song", ("Enchantment",), {"activated": [{"sacrifice_self": True, "targets": [{"kind": "any"}],
                                                           "effects": [{"damage": {"n": {"counters_on": {
                                                               "kind": "verse", "of": "self"}}, "to": "target"}}]}]})
    z = {"you": {"battlefield": [{"card": "EV Song", "counters": {"verse": 3}}]}}
    both([c], z, [{"activate": "EV Song", "targets": ["opponent"]}, {"resolve": "all"}],
         [{"life": {"opponent": 17}}, {"zone": {"card": "EV Song", "zone": "graveyard"}}], [{"life": {"opponent": 20}}])


def test_greatest_power_among_creatures_you_control():
    """107.3: "… loses X life, where X is the greatest power among creatures you control" (the largest one)."""
    c = card("EV Harvest", ("Sorcery",), {"spell": {"targets": [{"kind": "player"}], "effects": [
        {"lose_life": {"n": {"greatest": {"of": "power", "filter": {"types": ["Creature"], "controller": "you"}}},
                       "player": "target"}}]}})
    big = card("EV Ogre", cost="{4}", pt=(4, 4))
    z = {"you": {"hand": ["EV Harvest"], "battlefield": ["Grizzly Bears", "EV Ogre"]}}
    both([c, big], z, [{"cast": "EV Harvest", "targets": ["opponent"]}, {"resolve": "all"}],
         [{"life": {"opponent": 16}}], [{"life": {"opponent": 18}}])


def test_119_3_life_gained_this_turn():
    """119.3: "the amount of life you gained this turn" — the total gained so far this turn."""
    c = card("EV Draught", ("Instant",), {"spell": {"targets": [{"kind": "player"}], "effects": [
        {"gain_life": 2}, {"gain_life": 3}, {"damage": {"n": "life_gained:you", "to": "target"}}]}})
    z = {"you": {"hand": ["EV Draught"]}}
    both([c], z, [{"cast": "EV Draught", "targets": ["opponent"]}, {"resolve": "all"}],
         [{"life": {"opponent": 15, "you": 25}}], [{"life": {"opponent": 17}}])


def test_102_3_for_each_opponent_times_n():
    """102.3: "you gain 2 life for each opponent" — two players: one opponent, 2 life."""
    c = card("EV Toast", ("Instant",), {"spell": {"targets": [], "effects": [
        {"gain_life": {"product": [2, "opponents:you"]}}]}})
    both([c], {"you": {"hand": ["EV Toast"]}}, [{"cast": "EV Toast"}, {"resolve": "all"}],
         [{"life": {"you": 22}}], [{"life": {"you": 20}}])


def test_608_2h_dying_creatures_toughness():
    """608.2h: "whenever a creature you control dies, you gain life equal to that creature's toughness" (as it last
    existed)."""
    beh = _compiled("whenever a creature you control dies, you gain life equal to that creature's toughness.",
                    types=("Enchantment",))
    c = card("EV Wake", ("Enchantment",), beh)
    k = card("EV Murder", ("Instant",), {"spell": {"targets": [{"kind": "creature"}], "effects": [{"destroy": "target"}]}})
    big = card("EV Wall", cost="{2}", pt=(0, 5))
    z = {"you": {"battlefield": ["EV Wake", "EV Wall"]}, "opponent": {"hand": ["EV Murder"]}}
    both([c, k, big], z, [{"cast": "EV Murder", "by": "opponent", "targets": ["EV Wall"]}, {"resolve": "all"}],
         [{"life": {"you": 25}}], [{"life": {"you": 20}}])


def test_202_3e_that_spells_mana_value_counts_its_x():
    """202.3e / 111.4: "whenever you cast a noncreature spell, create an X/X token, where X is that spell's mana
    value" — an X spell's mana value on the stack includes the announced X."""
    beh = _compiled("whenever you cast a noncreature spell, create an x/x blue shark creature token with flying, "
                    "where x is that spell's mana value.", types=("Enchantment",))
    c = card("EV Typhoon", ("Enchantment",), beh)
    s = card("EV Blast", ("Sorcery",), {"spell": {"targets": [{"kind": "player"}], "effects": [
        {"damage": {"n": "X", "to": "target"}}]}}, cost="{X}{R}")
    z = {"you": {"hand": ["EV Blast"], "battlefield": ["EV Typhoon"]}}
    both([c, s], z, [{"cast": "EV Blast", "targets": ["opponent"], "x": 3}, {"resolve": "all"}],
         [{"pt": {"card": "Shark Token", "power": 4, "toughness": 4}}, {"life": {"opponent": 17}}],
         [{"pt": {"card": "Shark Token", "power": 1}}])


@pytest.mark.parametrize("line,types", [
    ("sacrifice ~: ~ deals x damage to any target, where x is the number of verse counters on ~.", "Enchantment"),
    ("target player loses x life and you gain x life, where x is the greatest power among creatures you control.",
     "Sorcery"),
    ("{t}: you gain 2 life for each opponent.", "Artifact"),
    ("whenever a creature you control dies, you gain life equal to that creature's toughness.", "Enchantment"),
    ("equipped creature gets +x/+x, where x is the number of creature cards in all graveyards.", "Artifact"),
    ("{t}: add x mana of any one color, where x is the amount of life you gained this turn.", "Artifact"),
])
def test_value_lines_supported_and_honest(line, types):
    face = lambda text: _face(text, types=(types,))  # noqa: E731
    assert_supported(face(line))
    assert_added_clause_rejected(face, line)


def test_value_nouns_replaced_are_not_supported():
    """A nonsense noun in a value phrase is never read (the value stays unparsed)."""
    for line in ("sacrifice ~: ~ deals x damage to any target, where x is the number of flimwick counters on ~.",
                 "target player loses x life, where x is the greatest flimwick among creatures you control.",
                 "{t}: you gain 2 life for each flimwick."):
        assert not compile_face(_face(line, types=("Sorcery",) if "target player" in line else ("Artifact",))).supported


def test_value_number_changes_behaviour():
    a = _compiled("{t}: you gain 2 life for each opponent.")
    b = _compiled("{t}: you gain 3 life for each opponent.")
    assert a != b and a["activated"][0]["effects"][0]["gain_life"]["product"][0] == 2


def test_603_10a_dies_trigger_counts_counters_as_it_last_existed():
    """603.10a / 608.2h: "when ~ dies, create a 1/1 token for each +1/+1 counter on ~" — the counters it had on
    the battlefield."""
    beh = _compiled("when ~ dies, create a 1/1 colorless thopter artifact creature token with flying for each "
                    "+1/+1 counter on ~.", types=("Creature",), pt=(0, 0))
    c = card("EV Walker Bot", ("Artifact", "Creature"), beh, pt=(0, 0))
    k = card("EV Murder", ("Instant",), {"spell": {"targets": [{"kind": "creature"}], "effects": [{"destroy": "target"}]}})
    z = {"you": {"battlefield": [{"card": "EV Walker Bot", "counters": {"+1/+1": 2}}]}, "opponent": {"hand": ["EV Murder"]}}
    both([c, k], z, [{"cast": "EV Murder", "by": "opponent", "targets": ["EV Walker Bot"]}, {"resolve": "all"}],
         [{"count": {"card": "Thopter Token", "zone": "battlefield", "n": 2}}], [{"count": {"card": "Thopter Token", "zone": "battlefield", "n": 0}}])


# ---------------------------------------------------------------------------- characteristic-defining P/T (604.3)
def test_613_4a_cda_sum_of_counts():
    """604.3 / 613.4a: "~'s power and toughness are each equal to the number of Bears you control plus the number of
    Bear cards in your graveyard" — read continuously (layer 7a)."""
    beh = _compiled("~'s power and toughness are each equal to the number of bears you control plus the number of "
                    "bear cards in your graveyard.", types=("Creature",), pt=("*", "*"))
    c = card("EV Abomination", spec=beh, pt=(0, 0))
    k = card("EV Murder", ("Instant",), {"spell": {"targets": [{"kind": "creature"}], "effects": [{"destroy": "target"}]}})
    z = {"you": {"battlefield": ["EV Abomination", "Grizzly Bears", "Grizzly Bears"], "graveyard": ["Grizzly Bears"]},
         "opponent": {"hand": ["EV Murder"]}}
    both([c, k], z, [], [{"pt": {"card": "EV Abomination", "power": 3, "toughness": 3}}],
         [{"pt": {"card": "EV Abomination", "power": 2}}])
    # a Bear dies: one fewer on the battlefield, one more in the graveyard — still 3
    both([c, k], z, [{"cast": "EV Murder", "by": "opponent", "targets": ["Grizzly Bears"]}, {"resolve": "all"}],
         [{"pt": {"card": "EV Abomination", "power": 3, "toughness": 3}}], [{"pt": {"card": "EV Abomination", "power": 2}}])


def test_613_4a_cda_counters_on_itself_and_toughness_plus():
    """604.3: "~'s power and toughness are each equal to the number of fade counters on it"; "~'s power is equal to
    <value> and its toughness is equal to that number plus 1"."""
    beh = _compiled("~'s power and toughness are each equal to the number of fade counters on it.",
                    types=("Creature",), pt=("*", "*"))
    c = card("EV Golem", ("Artifact", "Creature"), beh, pt=(0, 0))
    both([c], {"you": {"battlefield": [{"card": "EV Golem", "counters": {"fade": 4}}]}}, [],
         [{"pt": {"card": "EV Golem", "power": 4, "toughness": 4}}], [{"pt": {"card": "EV Golem", "power": 0}}])
    beh = _compiled("~'s power is equal to the number of cards in your hand and its toughness is equal to that number "
                    "plus 1.", types=("Creature",), pt=("*", "1+*"))
    c = card("EV Goyf", spec=beh, pt=(0, 1))
    both([c], {"you": {"battlefield": ["EV Goyf"], "hand": ["Grizzly Bears", "Grizzly Bears"]}}, [],
         [{"pt": {"card": "EV Goyf", "power": 2, "toughness": 3}}], [{"pt": {"card": "EV Goyf", "toughness": 2}}])


@pytest.mark.parametrize("line", [
    "~'s power and toughness are each equal to the number of elves you control plus the number of elf cards in your "
    "graveyard.",
    "~'s power and toughness are each equal to twice the number of creatures you control.",
    "~'s power is equal to the highest mana value among creatures you control.",
    "~'s toughness is equal to 1 plus the number of green creatures on the battlefield.",
])
def test_cda_lines_supported_and_honest(line):
    face = lambda text: _face(text, types=("Creature",), pt=("*", "*"))  # noqa: E731
    assert_supported(face(line))
    assert_added_clause_rejected(face, line)
    mutated = line.replace("creatures", "flimwicks").replace("elves", "flimwicks")
    assert not compile_face(face(mutated)).supported, mutated


def test_cda_number_changes_behaviour():
    a = _compiled("~'s toughness is equal to 1 plus the number of green creatures on the battlefield.", types=("Creature",))
    b = _compiled("~'s toughness is equal to 2 plus the number of green creatures on the battlefield.", types=("Creature",))
    assert a["pt_cda"]["toughness"]["sum"][0] == 1 and b["pt_cda"]["toughness"]["sum"][0] == 2


# ---------------------------------------------------------------------------- durations "for as long as" (611.2b)
def _rod(effects, targets=({"kind": "creature"},), name="EV Rod"):
    return card(name, ("Artifact",), {"activated": [{"cost": "{2}", "tap": True, "targets": list(targets),
                                                     "effects": effects}]})


def test_611_2b_pump_lasts_while_the_source_remains_tapped():
    """611.2b: "target creature gets +2/+2 for as long as ~ remains tapped" outlasts the turn (514.2 ends only
    "until end of turn") and ends as the source untaps in its controller's untap step."""
    c = _rod([{"pump": {"pt": [2, 2], "affected": "target", "until": {"while": "source_tapped"}}}])
    z = {"you": {"battlefield": ["EV Rod", "Grizzly Bears"]}}
    acts = [{"activate": "EV Rod", "targets": ["Grizzly Bears"]}, {"resolve": "all"},
            {"advance": {"turn": 2, "step": "main1"}}]
    both([c], z, acts, [{"pt": {"card": "Grizzly Bears", "power": 4, "toughness": 4}}],
         [{"pt": {"card": "Grizzly Bears", "power": 2}}])
    acts.append({"advance": {"turn": 3, "step": "main1"}})
    both([c], z, acts, [{"pt": {"card": "Grizzly Bears", "power": 2, "toughness": 2}},
                        {"tapped": {"card": "EV Rod", "value": False}}],
         [{"pt": {"card": "Grizzly Bears", "power": 4}}])


def test_611_2b_control_ends_when_you_no_longer_control_the_source():
    """611.2b / 613.1b: "gain control of target creature for as long as you control ~" — the source destroyed, the
    creature goes back to its controller."""
    c = _rod([{"gain_control": {"what": "target", "until": {"while": "you_control_source"}}}])
    k = card("EV Shatter", ("Instant",), {"spell": {"targets": [{"kind": "permanent", "filter": {"types": ["Artifact"]}}],
                                                    "effects": [{"destroy": "target"}]}})
    z = {"you": {"battlefield": ["EV Rod"]}, "opponent": {"battlefield": ["Grizzly Bears"], "hand": ["EV Shatter"]}}
    acts = [{"activate": "EV Rod", "targets": ["Grizzly Bears"]}, {"resolve": "all"}]
    both([c, k], z, acts, [{"count": {"player": "you", "zone": "battlefield", "card": "Grizzly Bears", "n": 1}}],
         [{"count": {"player": "opponent", "zone": "battlefield", "card": "Grizzly Bears", "n": 1}}])
    acts += [{"cast": "EV Shatter", "by": "opponent", "targets": ["EV Rod"]}, {"resolve": "all"}]
    both([c, k], z, acts, [{"count": {"player": "opponent", "zone": "battlefield", "card": "Grizzly Bears", "n": 1}}],
         [{"count": {"player": "you", "zone": "battlefield", "card": "Grizzly Bears", "n": 1}}])


def test_502_3_no_untap_while_the_source_remains_tapped():
    """502.3 / 611.2b: "tap target land. It doesn't untap during its controller's untap step for as long as ~ remains
    tapped" — the land stays tapped through its controller's untap step."""
    c = _rod([{"tap": "target"}, {"no_untap_while": {"what": "target", "while": "source_tapped"}}],
             [{"kind": "permanent", "filter": {"types": ["Land"]}}])
    z = {"you": {"battlefield": ["EV Rod"]}, "opponent": {"battlefield": ["Forest"]}}
    acts = [{"activate": "EV Rod", "targets": ["Forest"]}, {"resolve": "all"}, {"advance": {"turn": 2, "step": "main1"}}]
    both([c], z, acts, [{"tapped": {"card": "Forest", "value": True}}], [{"tapped": {"card": "Forest", "value": False}}])
    acts.append({"advance": {"turn": 4, "step": "main1"}})      # the Rod untapped in turn 3: the lock ended
    both([c], z, acts, [{"tapped": {"card": "Forest", "value": False}}], [{"tapped": {"card": "Forest", "value": True}}])


def test_611_2b_a_duration_already_over_does_nothing():
    """611.2b: "when ~ enters, target creature gets +2/+2 for as long as ~ remains tapped" — it entered untapped: the
    duration has ended before the effect begins."""
    c = card("EV Sentry", spec={"triggers": [{"event": "enters", "object": {"self": True}, "targets": [{"kind": "creature"}],
                                              "effects": [{"pump": {"pt": [2, 2], "affected": "target",
                                                                    "until": {"while": "source_tapped"}}}]}]})
    z = {"you": {"hand": ["EV Sentry"], "battlefield": ["Grizzly Bears"]}}
    both([c], z, [{"cast": "EV Sentry"}, {"choose": {"targets": ["Grizzly Bears"]}}, {"resolve": "all"}],
         [{"pt": {"card": "Grizzly Bears", "power": 2}}],
         [{"pt": {"card": "Grizzly Bears", "power": 4}}])


@pytest.mark.parametrize("line", [
    "{2}, {t}: target creature gets +2/-2 for as long as ~ remains tapped.",
    "{2}{g}, {t}: target elf creature gets +2/+2 and has trample for as long as ~ remains tapped.",
    "{1}{r}{r}, {t}: gain control of target artifact for as long as you control ~.",
    "{t}: tap target land. it doesn't untap during its controller's untap step for as long as ~ remains tapped.",
])
def test_duration_lines_supported_and_honest(line):
    assert_supported(_face(line))
    assert_added_clause_rejected(_face, line)
    assert not compile_face(_face(line.replace("remains tapped", "remains flimwicked")
                                  .replace("you control ~", "you flimwick ~"))).supported


def test_502_3_choosing_not_to_untap_keeps_the_duration():
    """502.3: "you may choose not to untap ~ during your untap step" — kept tapped (a `may` yes), the "remains
    tapped" pump goes on; untapped (no), it ends."""
    c = card("EV Weaponry", ("Artifact",), {"statics": [{"may_not_untap": True}], "activated": [
        {"cost": "{2}", "tap": True, "targets": [{"kind": "creature"}],
         "effects": [{"pump": {"pt": [1, 1], "affected": "target", "until": {"while": "source_tapped"}}}]}]})
    z = {"you": {"battlefield": ["EV Weaponry", "Grizzly Bears"]}}
    acts = [{"activate": "EV Weaponry", "targets": ["Grizzly Bears"]}, {"resolve": "all"}]
    keep = acts + [{"choose": {"may": "yes"}}, {"advance": {"turn": 3, "step": "main1"}}]
    both([c], z, keep, [{"pt": {"card": "Grizzly Bears", "power": 3}}, {"tapped": {"card": "EV Weaponry", "value": True}}],
         [{"pt": {"card": "Grizzly Bears", "power": 2}}])
    untap = acts + [{"choose": {"may": "no"}}, {"advance": {"turn": 3, "step": "main1"}}]
    both([c], z, untap, [{"pt": {"card": "Grizzly Bears", "power": 2}}, {"tapped": {"card": "EV Weaponry", "value": False}}],
         [{"pt": {"card": "Grizzly Bears", "power": 3}}])


# ---------------------------------------------------------------------------- "that many", "cards equal to"
def test_that_many_cards_is_the_combat_damage_dealt():
    """510.2 / 608.2h: "whenever ~ deals combat damage to a player, draw that many cards" — the damage dealt."""
    beh = _compiled("whenever ~ deals combat damage to a player, draw that many cards.", types=("Creature",), pt=(3, 3))
    c = card("EV Selkie", spec=beh, pt=(3, 3))
    z = {"you": {"battlefield": ["EV Selkie"], "library": ["Forest"] * 6}}
    both([c], z, [{"attack": ["EV Selkie"]}, {"advance": {"turn": 1, "step": "main2"}}],
         [{"count": {"player": "you", "zone": "hand", "n": 3}}], [{"count": {"player": "you", "zone": "hand", "n": 0}}])


def test_cards_equal_to_a_count_and_for_each_basic_land_type():
    """107.3 / 207.2c: "draw cards equal to the number of cards in your hand"; "draw a card for each basic land type
    among lands you control"."""
    beh = _compiled("draw cards equal to the number of cards in your hand.", types=("Sorcery",))
    c = card("EV Insight", ("Sorcery",), beh)
    z = {"you": {"hand": ["EV Insight", "Forest", "Island"], "library": ["Swamp"] * 6}}
    both([c], z, [{"cast": "EV Insight"}, {"resolve": "all"}], [{"count": {"player": "you", "zone": "hand", "n": 4}}],
         [{"count": {"player": "you", "zone": "hand", "n": 2}}])
    beh = _compiled("draw a card for each basic land type among lands you control.", types=("Sorcery",))
    c = card("EV Strategies", ("Sorcery",), beh)
    z = {"you": {"hand": ["EV Strategies"], "battlefield": ["Forest", "Forest", "Island"], "library": ["Swamp"] * 6}}
    both([c], z, [{"cast": "EV Strategies"}, {"resolve": "all"}], [{"count": {"player": "you", "zone": "hand", "n": 2}}],
         [{"count": {"player": "you", "zone": "hand", "n": 3}}])


def test_that_many_without_an_amount_event_is_unsupported():
    for line in ("whenever ~ attacks, draw that many cards.", "{t}: draw that many cards."):
        assert not compile_face(_face(line, types=("Creature",))).supported, line
    assert_added_clause_rejected(lambda t: _face(t, types=("Creature",)),
                                 "whenever ~ deals combat damage to a player, draw that many cards.")


# ---------------------------------------------------------------------------- "as long as" conditions (611.3)
def test_611_3_as_long_as_an_opponent_has_cards_in_graveyard_or_low_life():
    """611.3: "~ gets +3/+0 as long as an opponent has eight or more cards in their graveyard"; "… 10 or less life"."""
    beh = _compiled("~ gets +3/+0 as long as an opponent has eight or more cards in their graveyard.",
                    types=("Creature",), pt=(1, 1))
    c = card("EV Rogue", spec=beh, pt=(1, 1))
    both([c], {"you": {"battlefield": ["EV Rogue"]}, "opponent": {"graveyard": ["Forest"] * 8}}, [],
         [{"pt": {"card": "EV Rogue", "power": 4}}], [{"pt": {"card": "EV Rogue", "power": 1}}])
    both([c], {"you": {"battlefield": ["EV Rogue"]}, "opponent": {"graveyard": ["Forest"] * 7}}, [],
         [{"pt": {"card": "EV Rogue", "power": 1}}], [{"pt": {"card": "EV Rogue", "power": 4}}])
    beh = _compiled("~ gets +2/+1 as long as an opponent has 10 or less life.", types=("Creature",), pt=(2, 1))
    c = card("EV Cullblade", spec=beh, pt=(2, 1))
    bolt = card("EV Bolt", ("Instant",), {"spell": {"targets": [{"kind": "any"}], "effects": [{"damage": {"n": 3}}]}})
    z = {"you": {"battlefield": ["EV Cullblade"], "hand": ["EV Bolt"]}}
    both([c, bolt], z, [{"cast": "EV Bolt", "targets": ["opponent"]}, {"resolve": "all"}],
         [{"pt": {"card": "EV Cullblade", "power": 4, "toughness": 2}}], [{"pt": {"card": "EV Cullblade", "power": 2}}],
         life={"opponent": 12})
    both([c, bolt], z, [], [{"pt": {"card": "EV Cullblade", "power": 2}}], [{"pt": {"card": "EV Cullblade", "power": 4}}],
         life={"opponent": 12})


def test_121_1_as_long_as_you_have_drawn_two_cards_this_turn():
    """121.1 / 611.3: "~ gets +2/+0 as long as you've drawn two or more cards this turn"."""
    beh = _compiled("~ gets +2/+0 as long as you've drawn two or more cards this turn.", types=("Creature",), pt=(1, 1))
    c = card("EV Eyekite", spec=beh, pt=(1, 1))
    draw = card("EV Divination", ("Sorcery",), {"spell": {"targets": [], "effects": [{"draw": 2}]}})
    z = {"you": {"battlefield": ["EV Eyekite"], "hand": ["EV Divination"], "library": ["Forest"] * 4}}
    both([c, draw], z, [{"cast": "EV Divination"}, {"resolve": "all"}], [{"pt": {"card": "EV Eyekite", "power": 3}}],
         [{"pt": {"card": "EV Eyekite", "power": 1}}])


def test_303_4_aura_otherwise_bonus_or_penalty():
    """303.4 / 611.3: "enchanted creature gets +3/+3 as long as it's a Zombie. Otherwise, it gets -3/-3"."""
    beh = _compiled("enchant creature\nenchanted creature gets +2/+2 as long as it's a bear. otherwise, it gets -1/-1.",
                    types=("Enchantment",))
    c = card("EV Clutch", ("Enchantment",), beh, subtypes=("Aura",))
    elf = card("EV Elf", pt=(3, 3), subtypes=("Elf",))
    for host, right, wrong in (("Grizzly Bears", 4, 1), ("EV Elf", 2, 5)):
        z = {"you": {"hand": ["EV Clutch"], "battlefield": [host]}}
        both([c, elf], z, [{"cast": "EV Clutch", "targets": [host]}, {"resolve": "all"}],
             [{"pt": {"card": host, "power": right}}], [{"pt": {"card": host, "power": wrong}}])


@pytest.mark.parametrize("line,types", [
    ("~ gets +3/+0 as long as an opponent has eight or more cards in their graveyard.", "Creature"),
    ("~ gets +2/+0 as long as you've drawn two or more cards this turn.", "Creature"),
    ("~ gets +1/+2 as long as you have one or fewer cards in hand.", "Creature"),
    ("enchanted creature gets +3/+3 as long as it's a zombie. otherwise, it gets -3/-3.", "Enchantment"),
])
def test_condition_lines_supported_and_honest(line, types):
    face = lambda text: _face(text, types=(types,))  # noqa: E731
    assert_supported(face(line))
    assert_added_clause_rejected(face, line)
    assert not compile_face(face(line.replace("graveyard", "flimwick").replace("drawn", "flimwicked")
                                 .replace("in hand", "in flimwick").replace("zombie", "flimwick"))).supported


def test_condition_number_changes_behaviour():
    a = _compiled("~ gets +1/+2 as long as you have one or fewer cards in hand.", types=("Creature",))
    b = _compiled("~ gets +1/+2 as long as you have two or fewer cards in hand.", types=("Creature",))
    assert a["statics"][0]["if"] == {"hand_at_most": 1} and b["statics"][0]["if"] == {"hand_at_most": 2}


def test_107_3_with_mana_value_exactly_x():
    """107.3 / 202.3: "destroy target creature with mana value X" — only mana value equal to the announced X."""
    beh = _compiled("destroy target creature with mana value x.", types=("Sorcery",))
    c = card("EV Disembowel", ("Sorcery",), beh, cost="{X}{B}")
    z = {"you": {"hand": ["EV Disembowel"]}, "opponent": {"battlefield": ["Grizzly Bears"]}}
    both([c], z, [{"cast": "EV Disembowel", "targets": ["Grizzly Bears"], "x": 2}, {"resolve": "all"}],
         [{"zone": {"card": "Grizzly Bears", "zone": "graveyard"}}], [{"zone": {"card": "Grizzly Bears", "zone": "battlefield"}}])
    for x in (1, 3):
        r = run([c], z, [{"cast": "EV Disembowel", "targets": ["Grizzly Bears"], "x": x}], [])
        assert not r.passed and "legal target" in str(r.error), x
    assert_added_clause_rejected(lambda t: _face(t, types=("Sorcery",)), "destroy target creature with mana value x.")


def test_700_4_for_each_creature_that_died_this_turn():
    """700.4 / 608.2h: "you gain 1 life for each creature that died this turn" — what died this turn, as it last
    existed (this turn only)."""
    beh = _compiled("you gain 1 life for each creature that died this turn.", types=("Instant",))
    c = card("EV Canopy", ("Instant",), beh)
    wrath = card("EV Wrath", ("Sorcery",), {"spell": {"targets": [], "effects": [{"destroy_all": {"types": ["Creature"]}}]}})
    z = {"you": {"hand": ["EV Wrath", "EV Canopy"], "battlefield": ["Grizzly Bears", "Grizzly Bears"]},
         "opponent": {"battlefield": ["Grizzly Bears"]}}
    both([c, wrath], z, [{"cast": "EV Wrath"}, {"resolve": "all"}, {"cast": "EV Canopy"}, {"resolve": "all"}],
         [{"life": {"you": 23}}], [{"life": {"you": 20}}])
    both([c, wrath], z, [{"cast": "EV Wrath"}, {"resolve": "all"}, {"advance": {"turn": 2, "step": "upkeep"}},
                         {"cast": "EV Canopy"}, {"resolve": "all"}], [{"life": {"you": 20}}], [{"life": {"you": 23}}])
    assert_added_clause_rejected(lambda t: _face(t, types=("Instant",)),
                                 "you gain 1 life for each creature that died this turn.")


def test_613_4c_for_each_aura_attached_to_it():
    """613.4c / 303.4: "~ gets +1/+1 for each Aura attached to it" — only the Auras on it."""
    beh = _compiled("~ gets +1/+1 for each aura attached to it.", types=("Creature",), pt=(2, 2))
    c = card("EV Shrike", spec=beh, pt=(2, 2))
    aura = card("EV Ward", ("Enchantment",), {"enchant": {"types": ["Creature"]}}, subtypes=("Aura",))
    z = {"you": {"battlefield": ["EV Shrike", "Grizzly Bears", {"card": "EV Ward", "attached_to": "EV Shrike"},
                                {"card": "EV Ward", "attached_to": "EV Shrike"}, {"card": "EV Ward", "attached_to": "Grizzly Bears"}]}}
    both([c, aura], z, [], [{"pt": {"card": "EV Shrike", "power": 4, "toughness": 4}}],
         [{"pt": {"card": "EV Shrike", "power": 5}}])
    assert_added_clause_rejected(lambda t: _face(t, types=("Creature",)), "~ gets +1/+1 for each aura attached to it.")


# ---------------------------------------------------------------------------- comparisons with a value
def test_509_1b_creatures_with_power_less_than_its_power_cant_block_it():
    """509.1b: "creatures with power less than ~'s power can't block it" — read against its power now."""
    beh = _compiled("creatures with power less than ~'s power can't block it.", types=("Creature",), pt=(3, 3))
    c = card("EV Gnarlid", spec=beh, pt=(3, 3))
    big = card("EV Ogre", cost="{4}", pt=(4, 4))
    z = {"you": {"battlefield": ["EV Gnarlid"]}, "opponent": {"battlefield": ["Grizzly Bears", "EV Ogre"]}}
    r = run([c, big], z, [{"attack": ["EV Gnarlid"]}, {"block": {"Grizzly Bears": "EV Gnarlid"}, "by": "opponent"}], [])
    assert not r.passed and "can't block" in str(r.error)
    both([c, big], z, [{"attack": ["EV Gnarlid"]}, {"block": {"EV Ogre": "EV Gnarlid"}, "by": "opponent"},
                       {"advance": {"turn": 1, "step": "main2"}}],
         [{"zone": {"card": "EV Gnarlid", "zone": "graveyard"}}], [{"zone": {"card": "EV Gnarlid", "zone": "battlefield"}}])


def test_filter_power_compared_with_a_count():
    """107.3: "exile each creature with power greater than the number of cards in your hand"."""
    beh = _compiled("exile each creature with power greater than the number of cards in your hand.", types=("Sorcery",))
    c = card("EV Unmaking", ("Sorcery",), beh)
    big = card("EV Ogre", cost="{4}", pt=(4, 4))
    z = {"you": {"hand": ["EV Unmaking", "Forest", "Forest"]}, "opponent": {"battlefield": ["Grizzly Bears", "EV Ogre"]}}
    both([c, big], z, [{"cast": "EV Unmaking"}, {"resolve": "all"}],
         [{"zone": {"card": "EV Ogre", "zone": "exile"}}, {"zone": {"card": "Grizzly Bears", "zone": "battlefield"}}],
         [{"zone": {"card": "Grizzly Bears", "zone": "exile"}}])
    for line in ("creatures with power less than ~'s power can't block it.",
                 "exile each creature with power greater than the number of cards in your hand."):
        assert_added_clause_rejected(lambda t: _face(t, types=("Sorcery" if "exile" in t else "Creature",)), line)
        assert not compile_face(_face(line.replace("power less", "flimwick less").replace("power greater", "flimwick greater"),
                                      types=("Sorcery",))).supported


# ---------------------------------------------------------------------------- base P/T set (613.4b, layer 7b)
def test_613_4b_aura_sets_base_pt_before_modifications():
    """613.4b: "enchanted creature has base power and toughness 0/2" — set in layer 7b; a +1/+1 counter (7c) still
    applies on top."""
    beh = _compiled("enchant creature\nenchanted creature has base power and toughness 0/2.", types=("Enchantment",))
    c = card("EV Wrappings", ("Enchantment",), beh, subtypes=("Aura",))
    big = card("EV Ogre", cost="{4}", pt=(4, 4))
    z = {"you": {"hand": ["EV Wrappings"]}, "opponent": {"battlefield": [{"card": "EV Ogre", "counters": {"+1/+1": 1}}]}}
    both([c, big], z, [{"cast": "EV Wrappings", "targets": ["EV Ogre"]}, {"resolve": "all"}],
         [{"pt": {"card": "EV Ogre", "power": 1, "toughness": 3}}], [{"pt": {"card": "EV Ogre", "power": 5}}])


def test_611_2c_target_has_base_pt_until_end_of_turn():
    """611.2c / 613.4b: "target creature has base power and toughness 1/1 until end of turn"."""
    beh = _compiled("{t}: target creature has base power and toughness 1/1 until end of turn.")
    c = card("EV Shrinker", ("Artifact",), beh)
    big = card("EV Ogre", cost="{4}", pt=(4, 4))
    z = {"you": {"battlefield": ["EV Shrinker"]}, "opponent": {"battlefield": ["EV Ogre"]}}
    both([c, big], z, [{"activate": "EV Shrinker", "targets": ["EV Ogre"]}, {"resolve": "all"}],
         [{"pt": {"card": "EV Ogre", "power": 1, "toughness": 1}}], [{"pt": {"card": "EV Ogre", "power": 4}}])


def test_base_pt_lines_honest():
    for line, types in (("enchanted creature has base power and toughness 0/2.", "Enchantment"),
                        ("{t}: target creature has base power and toughness 1/1 until end of turn.", "Artifact")):
        face = lambda text, ty=types: _face(text, types=(ty,))  # noqa: E731
        assert_supported(face(line))
        assert_added_clause_rejected(face, line)
    assert not compile_face(_face("enchanted creature has base power and toughness x/x.", types=("Enchantment",))).supported
    a = _compiled("enchanted creature has base power and toughness 0/2.", types=("Enchantment",))
    b = _compiled("enchanted creature has base power and toughness 0/3.", types=("Enchantment",))
    assert a["statics"][0]["base_pt"] == [0, 2] and b["statics"][0]["base_pt"] == [0, 3]


def test_119_1_where_x_is_your_life_total():
    """119.1 / 107.3: "create X 1/1 tokens, where X is your life total"."""
    beh = _compiled("create x 1/1 white pegasus creature tokens with flying, where x is your life total.",
                    types=("Sorcery",))
    c = card("EV Herd", ("Sorcery",), beh)
    both([c], {"you": {"hand": ["EV Herd"]}}, [{"cast": "EV Herd"}, {"resolve": "all"}],
         [{"count": {"card": "Pegasus Token", "zone": "battlefield", "n": 3}}],
         [{"count": {"card": "Pegasus Token", "zone": "battlefield", "n": 20}}], life={"you": 3})
