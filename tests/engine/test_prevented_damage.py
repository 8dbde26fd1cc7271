"""Damage prevented by protection read from the wordings real prose uses (702.16e, 615.1): the damage a relative
clause describes — 「AにBが与えるダメージは軽減される」「BがAに与えるダメージは…」, its source (が) and recipient
(に) — damage 「からの」 a source (「…からのダメージは受ける」), and a colourless source (105.2c: protection from a
colour never stops its damage).  Each true statement with mutated false ones (colour, polarity): none confirmed."""
from __future__ import annotations

import pytest

from test_composed import verdicts

CASES = [
    ("プロテクション（赤）を持つクリーチャーに赤の発生源が与えるダメージは軽減される。", True),
    ("プロテクション（赤）を持つクリーチャーに青の発生源が与えるダメージは軽減される。", False),     # colour
    ("赤の発生源がプロテクション（赤）を持つクリーチャーに与えるダメージは軽減される。", True),
    ("赤の発生源がプロテクション（赤）を持つクリーチャーに与えるダメージは軽減されない。", False),   # polarity
    ("白の発生源がプロテクション（赤）を持つクリーチャーに与えるダメージはすべて軽減される。", False),
    ("プロテクション（白）を持つクリーチャーも、無色の発生源からのダメージは受ける。", True),
    ("プロテクション（白）を持つクリーチャーは、無色の発生源からのダメージを受けない。", False),
    ("プロテクション（白）を持つクリーチャーも、白の発生源からのダメージは受ける。", False),
    ("プロテクション（白）を持つクリーチャーも、赤の発生源からのダメージは受ける。", True),
]


@pytest.mark.parametrize("text, truth", CASES, ids=[c[0][:28] for c in CASES])
def test_prevented_damage_wordings(text, truth):
    got = [v for k, v in verdicts(text) if k == "composed"]
    right, wrong = ("confirmed", "contradicted") if truth else ("contradicted", "confirmed")
    assert wrong not in got and right in got, (text, got)
