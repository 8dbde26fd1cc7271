"""Damage statements in the wordings real prose uses, each true one with mutated false ones (colour, polarity,
scope): none confirmed, each true one confirmed.

- damage prevented by protection (702.16e, 615.1): the damage a relative clause describes — 「AにBが与えるダメージは
  軽減される」「BがAに与えるダメージは…」, its source (が) and recipient (に) — damage 「からの」 a source
  (「…からのダメージは受ける」), and a colourless source (105.2c: protection from a colour never stops it);
- lifelink applies to any damage its source deals (702.15b): its scope (「絆魂は戦闘ダメージにのみ機能する」「…にしか
  機能しない」「…以外にも機能する」) and noncombat damage (「戦闘以外の方法で」「戦闘ダメージ以外のダメージを与えた場合」
  「非戦闘ダメージ」)."""
from __future__ import annotations

import pytest

from test_composed import verdicts

CASES = [
    ("プロテクション（赤）を持つクリーチャーに赤の発生源が与えるダメージは軽減される。", True, "composed"),
    ("プロテクション（赤）を持つクリーチャーに青の発生源が与えるダメージは軽減される。", False, "composed"),     # colour
    ("赤の発生源がプロテクション（赤）を持つクリーチャーに与えるダメージは軽減される。", True, "composed"),
    ("赤の発生源がプロテクション（赤）を持つクリーチャーに与えるダメージは軽減されない。", False, "composed"),   # polarity
    ("白の発生源がプロテクション（赤）を持つクリーチャーに与えるダメージはすべて軽減される。", False, "composed"),
    ("プロテクション（白）を持つクリーチャーも、無色の発生源からのダメージは受ける。", True, "composed"),
    ("プロテクション（白）を持つクリーチャーは、無色の発生源からのダメージを受けない。", False, "composed"),
    ("プロテクション（白）を持つクリーチャーも、白の発生源からのダメージは受ける。", False, "composed"),
    ("プロテクション（白）を持つクリーチャーも、赤の発生源からのダメージは受ける。", True, "composed"),
    ("絆魂は戦闘ダメージ以外のダメージにも機能する。", True, "fight_lifelink"),
    ("絆魂は戦闘ダメージ以外でも機能します。", True, "fight_lifelink"),
    ("絆魂は戦闘ダメージにのみ機能する。", False, "fight_lifelink"),
    ("絆魂は戦闘ダメージにしか機能しない。", False, "fight_lifelink"),
    ("絆魂は戦闘ダメージ以外には機能しない。", False, "fight_lifelink"),
    ("絆魂を持つクリーチャーが戦闘以外の方法でダメージを与えても、そのコントローラーはライフを得る。", True, "fight_lifelink"),
    ("絆魂を持つクリーチャーが戦闘ダメージ以外のダメージを与えた場合も、そのコントローラーはライフを得る。", True, "fight_lifelink"),
    ("絆魂を持つクリーチャーが戦闘ダメージ以外のダメージを与えた場合、そのコントローラーはライフを得ない。", False, "fight_lifelink"),
    ("絆魂を持つクリーチャーが非戦闘ダメージを与えても、そのコントローラーはライフを得る。", True, "fight_lifelink"),
]


@pytest.mark.parametrize("text, truth, kind", CASES, ids=[c[0][:28] for c in CASES])
def test_damage_wordings(text, truth, kind):
    got = [v for k, v in verdicts(text) if k == kind]
    right, wrong = ("confirmed", "contradicted") if truth else ("contradicted", "confirmed")
    assert wrong not in got and right in got, (text, got)


@pytest.mark.parametrize("text", [
    "絆魂は戦闘ダメージにも機能する。",          # says nothing of noncombat damage
    "絆魂は戦闘ダメージで機能する。",
])
def test_lifelink_with_combat_damage_says_nothing_of_the_rest(text):
    assert "fight_lifelink" not in [k for k, _ in verdicts(text)]
