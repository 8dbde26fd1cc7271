"""Lifelink applies to any damage its source deals, combat or not (702.15b): the statements of its scope
(「絆魂は戦闘ダメージにのみ機能する」「…にしか機能しない」「…以外にも機能する」) and of noncombat damage in the
wordings real prose uses (「戦闘以外の方法で」「戦闘ダメージ以外のダメージを与えた場合」「非戦闘ダメージ」), each
true one with mutated false ones (polarity, scope): none confirmed, each true one confirmed."""
from __future__ import annotations

import pytest

from test_composed import verdicts

CASES = [
    ("絆魂は戦闘ダメージ以外のダメージにも機能する。", True),
    ("絆魂は戦闘ダメージ以外でも機能します。", True),
    ("絆魂は戦闘ダメージにのみ機能する。", False),
    ("絆魂は戦闘ダメージにしか機能しない。", False),
    ("絆魂は戦闘ダメージ以外には機能しない。", False),
    ("絆魂を持つクリーチャーが戦闘以外の方法でダメージを与えても、そのコントローラーはライフを得る。", True),
    ("絆魂を持つクリーチャーが戦闘ダメージ以外のダメージを与えた場合も、そのコントローラーはライフを得る。", True),
    ("絆魂を持つクリーチャーが戦闘ダメージ以外のダメージを与えた場合、そのコントローラーはライフを得ない。", False),
    ("絆魂を持つクリーチャーが非戦闘ダメージを与えても、そのコントローラーはライフを得る。", True),
]


@pytest.mark.parametrize("text, truth", CASES, ids=[c[0][:24] for c in CASES])
def test_lifelink_from_noncombat_damage(text, truth):
    got = [v for k, v in verdicts(text) if k == "fight_lifelink"]
    right, wrong = ("confirmed", "contradicted") if truth else ("contradicted", "confirmed")
    assert wrong not in got and right in got, (text, got)


@pytest.mark.parametrize("text", [
    "絆魂は戦闘ダメージにも機能する。",          # says nothing of noncombat damage
    "絆魂は戦闘ダメージで機能する。",
])
def test_lifelink_with_combat_damage_says_nothing_of_the_rest(text):
    assert "fight_lifelink" not in [k for k, _ in verdicts(text)]
