"""Combat damage read by composition (issue 20): a creature dealing combat damage to the defending player
(「Aが防御プレイヤーに戦闘ダメージを与えた」: it attacked unblocked, 510.1a), its controller's life (「そのコントローラー
はN点のライフを得る」, lifelink 702.15b) and 「その点数に等しいライフ」 (the amount of the damage)."""
from __future__ import annotations

import pytest

from test_composed import verdicts


def test_a_stated_amount_to_the_defending_player_is_not_staged_as_the_power():
    # the staged damage is the attacker's power: a stated other amount is not what is staged
    got = [v for k, v in verdicts("《灰色熊》が防御プレイヤーに3点の戦闘ダメージを与えた場合、そのコントローラーはライフを得ない。")
           if k == "composed"]
    assert "confirmed" not in got and "contradicted" not in got, got


# each decided by the engine: true ones confirmed, their mutants contradicted
DECIDED = [
    # 702.15b: the controller of a lifelink source gains the damage it deals; an unlifelinked source gives nothing
    ("絆魂を持つクリーチャーがダメージを与えると、そのコントローラーはその点数に等しいライフを得る。", True),
    ("絆魂を持たないクリーチャーがダメージを与えると、そのコントローラーはその点数に等しいライフを得る。", False),
    ("《灰色熊》が防御プレイヤーに戦闘ダメージを与えた場合、そのコントローラーは2点のライフを得る。", False),
    # 506.3 / 508.1b: the を-object of 「攻撃して」 is the planeswalker attacked; 120.3c: its loyalty, not its
    # controller's life; the subject of 「ブロックされなかった」 is the attacker's (a て-joined predicate's subject)
    ("《灰色熊》がプレインズウォーカーを攻撃してブロックされなかった場合、そのプレインズウォーカーから忠誠カウンターが2個取り除かれる。", True),
    ("《灰色熊》がプレインズウォーカーを攻撃してブロックされなかった場合、そのプレインズウォーカーから忠誠カウンターが3個取り除かれる。", False),
    ("《灰色熊》がプレインズウォーカーを攻撃してブロックされなかった場合、防御プレイヤーのライフは減らない。", True),
    ("《灰色熊》がプレインズウォーカーを攻撃してブロックされなかった場合、防御プレイヤーのライフは2点減る。", False),
    ("《灰色熊》が防御プレイヤーを攻撃してブロックされなかった場合、防御プレイヤーのライフは2点減る。", True),
    # 「合計N点」: the total of the combat damage (510.2)
    ("《灰色熊》がブロックされなかった場合、防御プレイヤーに合計2点の戦闘ダメージを与える。", True),
    ("《灰色熊》がブロックされなかった場合、防御プレイヤーに合計3点の戦闘ダメージを与える。", False),
    # 「Aが攻撃して、Bにブロックされた」: the block of the attack declared (509.1)
    ("《灰色熊》が攻撃して《古の緑守り》にブロックされた場合、《灰色熊》は破壊される。", True),
    ("《灰色熊》が攻撃して《古の緑守り》にブロックされた場合、《古の緑守り》は破壊される。", False),
    # 「N回」: an unblocked attacker's combat damage N times (510.2, 702.4b) — the player's life change N × its power
    ("《灰色熊》がブロックされなかった場合、戦闘ダメージを1回与える。", True),
    ("《灰色熊》がブロックされなかった場合、戦闘ダメージを2回与える。", False),
    ("《灰色熊》がブロックされなかった場合、防御プレイヤーに2回ダメージを与える。", False),
    # 510.2: the combat damage a combatant of the staged combat is dealt (0, lethal, or N marked)
    ("《灰色熊》が《古の緑守り》にブロックされた場合、《古の緑守り》は2点のダメージを受ける。", True),
    ("《灰色熊》が《古の緑守り》にブロックされた場合、《古の緑守り》は3点のダメージを受ける。", False),
    ("《灰色熊》が《古の緑守り》にブロックされた場合、《古の緑守り》はダメージを受けない。", False),
    # 702.14c: a landwalker can't be blocked as long as the defending player controls a land of that type; a topic
    # set off before a subordinate clause with its own subject is the main clause's (は over the sentence)
    ("沼渡りを持つクリーチャーは、防御プレイヤーが沼をコントロールしている限り、ブロックされない。", True),
    ("沼渡りを持つクリーチャーは、防御プレイヤーが山をコントロールしている限り、ブロックされない。", False),
    ("沼渡りを持つクリーチャーは、防御プレイヤーが沼をコントロールしていないならブロックされうる。", True),
    ("沼渡りを持つクリーチャーは、防御プレイヤーが沼をコントロールしていてもブロックされることがある。", False),
    ("《灰色熊》は、防御プレイヤーが沼をコントロールしている場合、ブロックされない。", False),
]


@pytest.mark.parametrize("text, truth", DECIDED)
def test_combat_statements_decided(text, truth):
    got = [v for k, v in verdicts(text) if k == "composed"]
    assert got == ["confirmed" if truth else "contradicted"], (text, verdicts(text))


def test_an_attacked_object_that_is_no_planeswalker_is_not_staged():
    got = [v for k, v in verdicts("《灰色熊》が《古の緑守り》を攻撃してブロックされなかった場合、防御プレイヤーのライフは減らない。")
           if k == "composed"]
    assert "confirmed" not in got and "contradicted" not in got, got


def test_a_lethal_amount_of_combat_damage_is_never_confirmed():
    # the Bears are dealt 5 and die: 7 (false) and 5 (true) leave the same board — neither is decided
    for n in (5, 7):
        got = [v for k, v in verdicts(f"《灰色熊》が《古の緑守り》にブロックされた場合、《灰色熊》は{n}点の戦闘ダメージを受ける。")
               if k == "composed"]
        assert "confirmed" not in got and "contradicted" not in got, (n, got)


def test_unblockable_is_confirmed_only_by_a_staged_rule():
    # no plain creature may block a flier, but another creature might: 'can't be blocked' is not decided
    got = [v for k, v in verdicts("飛行を持つクリーチャーは、防御プレイヤーが沼をコントロールしている限り、ブロックされない。")
           if k == "composed"]
    assert "confirmed" not in got, got
