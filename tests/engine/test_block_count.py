"""The creatures a block is made WITH (issue 20): 「…でブロックする」 marks the blocker (509.1a), and a count on it
(「N体以上のクリーチャーで」「クリーチャーN体で」「1体のクリーチャーだけでは」) is how many block together (509.1b).  A
restrictive 「N体以上の…でしかブロックできない」 is one claim: N blockers allowed and fewer refused (menace 702.111b)."""
from __future__ import annotations

import pytest

from test_composed import claims_of, verdicts


@pytest.mark.parametrize("text, truth", [
    ("威迫を持つクリーチャーは2体以上のクリーチャーでしかブロックできない。", True),
    ("威迫を持つクリーチャーは、2体以上のクリーチャーによってしかブロックされない。", True),
    ("威迫を持つクリーチャーは、1体のクリーチャーだけではブロックされない。", True),
    ("威迫を持つクリーチャーは、クリーチャー2体でブロックできる。", True),
    ("威迫を持つクリーチャーは1体のクリーチャーでもブロックできる。", False),
    ("威迫を持つクリーチャーは3体以上のクリーチャーでしかブロックできない。", False),
    ("飛行を持つクリーチャーは2体以上のクリーチャーでしかブロックできない。", False),
    ("威迫を持つクリーチャーは、1体のクリーチャーだけでブロックされる。", False),
])
def test_block_count_is_decided_right(text, truth):
    vs = [v for k, v in verdicts(text) if k == "can_block"]
    assert vs and set(vs) == {"confirmed" if truth else "contradicted"}, (text, vs)


def test_the_menace_creature_is_the_attacker_and_the_count_is_kept():
    (c,) = [c for c in claims_of("威迫を持つクリーチャーは2体以上のクリーチャーでしかブロックできない。")
            if c.kind == "can_block"]
    sit = c.situation
    assert sit["attacker"]["desc"]["keywords"] == ["menace"]
    assert "keywords" not in sit["blocker"]["desc"]
    assert sit["blockers"] == 2 and sit["fewer_refused"] is True and c.outcome == {"can": True}


def test_the_instrument_blocks_the_object():
    (c,) = [c for c in claims_of("Q: 《灰色熊》で《セラの天使》をブロックできますか？\nA: いいえ、できません。")
            if c.kind == "can_block"]
    assert c.situation["blocker"] == "Grizzly Bears" and c.situation["attacker"] in ("Serra Angel", "セラの天使")
    assert c.outcome == {"can": False}


def test_a_restrictive_of_another_description_is_not_read():
    # 「黒のクリーチャーでしか」 states what every creature of another description cannot do: not read
    assert not [c for c in claims_of("飛行を持つクリーチャーは、黒のクリーチャーでしかブロックできない。")
                if c.kind == "can_block"]


@pytest.mark.parametrize("text, truth", [
    # 509.1h / 510.1a: an unblocked attacker deals its combat damage to the player it attacks (Grizzly Bears: 2/2)
    ("《灰色熊》がブロックされなかった場合、防御プレイヤーは2点のダメージを受ける。", True),
    ("《灰色熊》がブロックされなかった場合、防御プレイヤーは3点のダメージを受ける。", False),
    ("《灰色熊》がブロックされなかった場合、防御プレイヤーはダメージを受けない。", False),
])
def test_an_unblocked_attacker_damages_the_defending_player(text, truth):
    got = [v for k, v in verdicts(text) if k == "composed"]
    assert got == ["confirmed" if truth else "contradicted"], (text, verdicts(text))


def test_not_blocked_is_not_read_as_blocked():
    # 「ブロックされなかった」 was read as the condition 'blocked' (its polarity dropped)
    for c in claims_of("《灰色熊》がブロックされなかった場合、防御プレイヤーは2点のダメージを受ける。"):
        assert {"kind": "blocked"} not in (c.situation.get("conditions") or []), c


@pytest.mark.parametrize("text, truth", [
    ("飛行を持つクリーチャーは、飛行か到達を持つクリーチャーによってしかブロックされない。", True),     # 702.9b
    ("シャドーを持つクリーチャーは、シャドーを持つクリーチャーによってしかブロックされない。", True),   # 702.28b
    ("飛行を持つクリーチャーは、到達を持つクリーチャーによってしかブロックされない。", False),         # flying can too
    ("飛行を持つクリーチャーは、飛行を持つクリーチャーによってしかブロックされない。", False),         # reach can too
    ("シャドーを持つクリーチャーは、飛行を持つクリーチャーによってしかブロックされない。", False),
])
def test_only_blockers_with_keywords(text, truth):
    vs = [v for k, v in verdicts(text) if k == "can_block"]
    assert vs, text
    if truth:
        assert set(vs) == {"confirmed"}, (text, vs)
    else:
        assert "confirmed" not in vs, (text, vs)


def test_both_keywords_is_not_either():
    # 「飛行と到達を持つ」 is a creature with both: what one with either can do is not read from it
    assert not [c for c in claims_of("飛行を持つクリーチャーは、飛行と到達を持つクリーチャーによってしかブロックされない。")
                if c.kind == "can_block"]


@pytest.mark.parametrize("text, truth", [
    # 「XをYでブロック」 (the object first): X is the attacker, never part of the blocker's description
    ("プロテクション（黒）を持つクリーチャーを黒のクリーチャーでブロックすることはできない。", True),
    ("プロテクション（黒）を持つクリーチャーを黒のクリーチャーでブロックできる。", False),
    ("プロテクション（白）を持つクリーチャーを、白のクリーチャーでブロックすることはできない。", True),
    ("プロテクション（白）を持つクリーチャーを白のクリーチャーでブロックすることができる。", False),
])
def test_the_object_before_the_instrument_is_the_attacker(text, truth):
    vs = [v for k, v in verdicts(text) if k == "can_block"]
    assert vs and set(vs) == {"confirmed" if truth else "contradicted"}, (text, vs)
    (c,) = [c for c in claims_of(text) if c.kind == "can_block"]
    assert "types" in c.situation["attacker"]["desc"] and c.situation["blocker"]["desc"] != c.situation["attacker"]["desc"]
