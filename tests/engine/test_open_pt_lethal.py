"""Damage between a named creature and one whose P/T the statement leaves open (issue 20's honesty rule): the
open P/T is staged only at a few values, which need not fall on both sides of the named card's power, so an
outcome that depends on lethal damage (704.5g) is never decided — unless deathtouch makes any damage lethal
(702.2b), or both P/T are open (every pair of values is read, which spans both sides)."""
from __future__ import annotations

import pytest

from test_composed import CREATURES, verdicts


@pytest.mark.parametrize("card", [ja for ja, _ in CREATURES])
@pytest.mark.parametrize("outcome", ["破壊される", "破壊されない", "戦場に残る"])
def test_a_named_source_against_an_open_pt_is_never_decided(card, outcome):
    text = f"《{card}》からダメージを受けたクリーチャーは{outcome}。"
    got = [v for k, v in verdicts(text) if k == "composed"]
    assert got and set(got) == {"unsimulable"}, (text, got)


@pytest.mark.parametrize("card", [ja for ja, _ in CREATURES[:3]])
@pytest.mark.parametrize("shape", ["《{c}》をブロックしたクリーチャーは死亡する。",
                                   "《{c}》がクリーチャーをブロックした場合、そのクリーチャーは死亡する。",
                                   "《{c}》をブロックしたクリーチャーは戦場に残る。"])
def test_combat_between_a_named_creature_and_an_open_pt_is_never_decided(card, shape):
    text = shape.format(c=card)
    got = [v for k, v in verdicts(text) if k == "composed"]
    assert "confirmed" not in got and "contradicted" not in got, (text, got)


def test_deathtouch_makes_the_open_pt_irrelevant():
    got = dict(verdicts("接死を持つクリーチャーからダメージを受けたクリーチャーは破壊される。"))
    assert got.get("composed") == "confirmed"
    flipped = dict(verdicts("接死を持つクリーチャーからダメージを受けたクリーチャーは破壊されない。"))
    assert flipped.get("composed") == "contradicted"


@pytest.mark.parametrize("text", [
    "1点のダメージを受けたクリーチャーは破壊されない。",           # false: a 1/1 is
    "クリーチャーは1点のダメージを受けても破壊されない。",
    "6点のダメージを受けたクリーチャーは破壊される。",             # false: a 7/7 is not
    "クリーチャーは6点のダメージを受けると破壊される。",
])
def test_a_stated_amount_against_an_open_toughness_is_never_decided(text):
    # the open P/T is read at 2/2 and 5/5 only: 1 and 6 damage fall on one side of both (704.5g)
    got = [v for _, v in verdicts(text)]
    assert got and "confirmed" not in got and "contradicted" not in got, (text, got)


def test_indestructible_makes_the_amount_irrelevant():
    got = dict(verdicts("破壊不能を持つクリーチャーは6点のダメージを受けても破壊されない。"))    # 702.12b
    assert got.get("composed") == "confirmed" and got.get("can_destroy") == "confirmed", got
