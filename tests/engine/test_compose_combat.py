"""Combat damage read by composition (issue 20): a creature dealing combat damage to the defending player
(「Aが防御プレイヤーに戦闘ダメージを与えた」: it attacked unblocked, 510.1a), its controller's life (「そのコントローラー
はN点のライフを得る」, lifelink 702.15b) and 「その点数に等しいライフ」 (the amount of the damage)."""
from __future__ import annotations

import pytest

from test_composed import verdicts


@pytest.mark.parametrize("text, truth", [
    ("絆魂を持つクリーチャーがダメージを与えると、そのコントローラーはその点数に等しいライフを得る。", True),
    ("絆魂を持たないクリーチャーがダメージを与えると、そのコントローラーはその点数に等しいライフを得る。", False),
    ("《灰色熊》が防御プレイヤーに戦闘ダメージを与えた場合、そのコントローラーは2点のライフを得る。", False),
])
def test_combat_damage_and_life(text, truth):
    got = [v for k, v in verdicts(text) if k == "composed"]
    assert got == ["confirmed" if truth else "contradicted"], (text, verdicts(text))


def test_a_stated_amount_to_the_defending_player_is_not_staged_as_the_power():
    # the staged damage is the attacker's power: a stated other amount is not what is staged
    got = [v for k, v in verdicts("《灰色熊》が防御プレイヤーに3点の戦闘ダメージを与えた場合、そのコントローラーはライフを得ない。")
           if k == "composed"]
    assert "confirmed" not in got and "contradicted" not in got, got
