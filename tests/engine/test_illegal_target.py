"""illegal_target (608.2b): a spell whose one target became illegal does not resolve — the release-note ruling
「《X》の解決時に、対象としたクリーチャーが不正な対象になっていた場合、《X》は解決されない／打ち消される」, staged
with the card itself (cast at a creature that then returns to its owner's hand).  Cards built here; mutated
statements (polarity, the outcome changed, a spell with no or several targets, an ability) are never confirmed."""
from __future__ import annotations

import pytest

from engine.cardbase import Card
from engine.crosscheck import check_claim
from extractor.claims.context import build_context
from extractor.claims.illegal_target import find_illegal_target
from extractor.claims.sentences import Sentence, normalise
from extractor.facts import Claim, Provenance
from tests.engine.test_self_cost import card
from tests.kb.test_quoted_wording import Table

BEARS = Card(name="Grizzly Bears", types=["Creature"], has_text=False, power="2", toughness="2", cost="{1}{G}")
PLAINS = Card(name="Plains", types=["Land"], supertypes=["Basic"], subtypes=["Plains"], has_text=False)
TABLE = Table(
    BEARS, PLAINS,
    card("Zz Bolt", "Zz Bolt deals 3 damage to any target.", ["Instant"]),
    card("Zz Blade", "Destroy target nonblack creature.", ["Instant"]),
    card("Zz Rescue", "Return target creature to its owner's hand. You gain 2 life.", ["Instant"]),
    card("Zz Fling", "As an additional cost to cast this spell, sacrifice a creature.\nZz Fling deals damage equal to "
                     "the sacrificed creature's power to any target.", ["Instant"]),
    card("Zz Wrath", "Destroy all creatures.", ["Sorcery"]),
    card("Zz Mind", "Target player draws two cards.", ["Sorcery"]),
)


def claim(name, resolves=False):
    return Claim(id="claim:i", kind="illegal_target", text="…", prov=Provenance("test", line=1), subject=name,
                 situation={"spell": name}, outcome={"resolves": resolves})


@pytest.mark.parametrize("name", ["Zz Bolt", "Zz Blade", "Zz Rescue", "Zz Fling"])
def test_a_spell_whose_one_target_left_does_not_resolve(name):
    v = check_claim(claim(name), TABLE)
    assert v.verdict == "confirmed", v.reason


@pytest.mark.parametrize("name,why", [("Zz Wrath", "0 targets"), ("Zz Mind", "not one a creature can be")])
def test_a_spell_without_one_creature_target_is_not_judged(name, why):
    v = check_claim(claim(name), TABLE)
    assert v.verdict == "unsimulable" and why in v.reason, v.reason
    assert check_claim(claim(name, resolves=True), TABLE).verdict == "unsimulable"


def read(text, cards, page_card=None):
    s = Sentence(text=text, norm=normalise(text), line=1, cards=list(cards))
    return find_illegal_target(s, 0, build_context([s], [], page_card))


@pytest.mark.parametrize("text", [
    "〔0〕の解決時に、対象としたクリーチャーが不正な対象になっていた場合、〔0〕は解決されない。",
    "〔0〕が解決される時点で対象が不適正な対象になっていた場合、それは打ち消され、その効果は一切発生しない。",
    "〔0〕の解決時にそのクリーチャーが不正な対象になっていたなら、〔0〕は何もしない。"])
def test_the_reader_takes_the_named_spell(text):
    (f,) = read(text, ["Zz Bolt"])
    assert (f.kind, f.situation, f.outcome) == ("illegal_target", {"spell": "Zz Bolt"}, {"resolves": False})


def test_the_block_card_when_none_is_named_and_the_mutations_are_not_read():
    (f,) = read("解決時に、そのクリーチャーが不正な対象になっていた場合、その呪文は解決されない。", [], "Zz Bolt")
    assert f.situation == {"spell": "Zz Bolt"}
    assert read("解決時に、そのクリーチャーが不正な対象になっていた場合、その呪文は解決されない。", []) == []
    for text in ["〔0〕の解決時に、対象としたクリーチャーが不正な対象になっていた場合でも、〔0〕は解決される。",
                 "〔0〕の解決時に、対象としたクリーチャーが不正な対象になっていた場合、〔0〕は3点のダメージを与える。",
                 "〔0〕の解決時に、対象のうち1つが不正な対象になっていた場合、〔0〕は解決されない。",
                 "〔0〕の能力の解決時に、対象としたクリーチャーが不正な対象になっていた場合、その能力は解決されない。",
                 "〔0〕の解決時に、対象としたクリーチャーが不正な対象になっていた場合、〔1〕は解決されない。"]:
        assert read(text, ["Zz Bolt", "Zz Blade"][: 2 if "〔1〕" in text else 1]) == [], text


TRIGGERS = Table(
    BEARS, PLAINS,
    card("Zz Kavu", "When Zz Kavu enters the battlefield, it deals 4 damage to target creature.", ["Creature"]),
    card("Zz Jelly", "When Zz Jelly enters the battlefield, return target creature to its owner's hand.", ["Creature"]),
    card("Zz Twin", "When Zz Twin enters the battlefield, it deals 1 damage to any target.\n"
                    "When Zz Twin dies, you gain 1 life.", ["Creature"]),
    card("Zz Plain", "When Zz Plain enters the battlefield, you gain 2 life.", ["Creature"]),
)


def ability_claim(name):
    return Claim(id="claim:t", kind="illegal_target", text="…", prov=Provenance("test", line=1), subject=name,
                 situation={"spell": name, "ability": "triggered"}, outcome={"resolves": False})


@pytest.mark.parametrize("name", ["Zz Kavu", "Zz Jelly"])
def test_an_enter_trigger_whose_target_left_does_not_resolve(name):
    v = check_claim(ability_claim(name), TRIGGERS)
    assert v.verdict == "confirmed", v.reason


@pytest.mark.parametrize("name,why", [("Zz Twin", "exactly one triggered ability"), ("Zz Plain", "one target")])
def test_a_card_without_one_targeted_enter_trigger_is_not_judged(name, why):
    v = check_claim(ability_claim(name), TRIGGERS)
    assert v.verdict == "unsimulable" and why in v.reason, v.reason


def test_the_reader_reads_a_triggered_ability_but_not_an_activated_one():
    (f,) = read("〔0〕の誘発型能力の解決時に、対象としたクリーチャーが不正な対象になっていた場合、その能力は解決されない。",
                ["Zz Kavu"])
    assert f.situation == {"spell": "Zz Kavu", "ability": "triggered"}
    assert read("〔0〕の起動型能力の解決時に、対象としたクリーチャーが不正な対象になっていた場合、その能力は解決されない。",
                ["Zz Kavu"]) == []
