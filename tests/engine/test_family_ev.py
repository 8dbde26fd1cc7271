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
