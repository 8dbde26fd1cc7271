"""A denial of a block about a described blocker is about every creature the description fits (issue 20,
honesty): the stand-in has only the abilities the text states, so the checker also runs the blocker with each
ability that lets a creature block what others can't and forbids no block (reach 702.17b, flying 702.9b,
horsemanship 702.31b) unless the text says it lacks it.  A reading in which it can block
keeps the claim from being confirmed."""
from __future__ import annotations

import pytest

from test_composed import verdicts


@pytest.mark.parametrize("text", [
    "飛行を持つクリーチャーは赤のクリーチャーによってはブロックされない。",      # a red creature with reach can
    "2/2のクリーチャーは飛行を持つクリーチャーをブロックできない。",             # a 2/2 with reach can
    "飛行を持たないクリーチャーは飛行を持つクリーチャーをブロックできない。",     # one with reach can
])
def test_denial_that_a_fitting_blocker_breaks_is_never_confirmed(text):
    vs = verdicts(text)
    assert vs, text
    assert all(v != "confirmed" for _, v in vs), (text, vs)


@pytest.mark.parametrize("text", [
    "飛行や到達を持たないクリーチャーは飛行を持つクリーチャーをブロックできない。",
    "飛行も到達も持たないクリーチャーは、飛行を持つクリーチャーをブロックできない。",
    "タップ状態のクリーチャーはブロックできない。",
])
def test_denial_every_fitting_blocker_keeps_is_confirmed(text):
    vs = verdicts(text)
    assert any(v == "confirmed" for _, v in vs) and all(v != "contradicted" for _, v in vs), (text, vs)


def test_variants_skip_what_the_description_states_or_lacks():
    from engine.crosscheck.standins import enabler_variants

    v = enabler_variants({"types": ["Creature"], "keywords": ["reach"], "lacks": ["flying"]}, "A")
    assert "blocker_reach" not in v and "blocker_flying" not in v
    assert v["blocker_horsemanship"]["desc"]["keywords"] == ["reach", "horsemanship"]
    assert set(v) == {"blocker_horsemanship"}          # (shadow and artifact forbid some blocks: not varied)
