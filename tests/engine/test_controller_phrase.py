"""Whose card it is, said before a named card (108.4 controller, 110.2): 「あなたの《X》」「自分の《X》」
「あなたがコントロールする《X》」「対戦相手の《X》」「対戦相手がコントロールする《X》」 — read by the combat
(can_attack 508.1a, can_block 509.1a), removal (can_destroy / can_exile, 115.1) and named-topic targeting
(702.11b hexproof) readers as ``situation.controllers`` / ``target_controller`` and staged on that side; each
true statement with mutations (player swapped, polarity flipped, card swapped) that must not be confirmed."""
from __future__ import annotations

import pytest

from test_crosscheck_g4 import _verdicts, card_fixtures, undecided

pytestmark = pytest.mark.shared

table, nlp = card_fixtures(["Grizzly Bears", "Wall of Stone", "Raging Goblin", "Air Elemental", "Llanowar Elves",
                            "Doom Blade", "Swords to Plowshares", "Slippery Bogle"])

# (true statement, [its mutations: each false])
CASES = [
    # 508.1a: your creature attacks on your turn, an opponent's on theirs; a defender (702.3b) never attacks
    ("あなたの《灰色熊》は攻撃できる。", ["あなたの《石の壁》は攻撃できる。", "あなたの《灰色熊》は攻撃できない。"]),
    ("対戦相手の《怒り狂うゴブリン》は、戦場に出たターンでも攻撃できる。",
     ["対戦相手の《灰色熊》は、戦場に出たターンでも攻撃できる。", "対戦相手の《怒り狂うゴブリン》は、戦場に出たターンには攻撃できない。"]),
    # 509.1a / 702.9b: the blocker on the defending player's side
    ("あなたがコントロールする《灰色熊》は《大気の精霊》をブロックできない。",
     ["あなたがコントロールする《灰色熊》は《大気の精霊》をブロックできる。"]),
    ("自分の《灰色熊》は対戦相手の《ラノワールのエルフ》をブロックできる。",
     ["自分の《灰色熊》は自分の《ラノワールのエルフ》をブロックできる。",
      "自分の《灰色熊》は対戦相手の《大気の精霊》をブロックできる。"]),
    ("対戦相手の《石の壁》はあなたの《灰色熊》をブロックできる。",
     ["対戦相手の《灰色熊》はあなたの《大気の精霊》をブロックできる。", "あなたの《石の壁》はあなたの《灰色熊》をブロックできる。"]),
    # 115.1 / 702.11b: your spell may target your own hexproof creature, not an opponent's
    ("《破滅の刃》はあなたの《ぬめるボーグル》を破壊できる。",
     ["《破滅の刃》はあなたの《ぬめるボーグル》を破壊できない。", "《破滅の刃》は対戦相手の《ぬめるボーグル》を破壊できる。"]),
    ("《剣を鍬に》で対戦相手の《灰色熊》を追放できる。", ["《剣を鍬に》で対戦相手の《灰色熊》を追放できない。"]),
    ("対戦相手の《ぬめるボーグル》はあなたの呪文の対象にならない。",
     ["あなたの《ぬめるボーグル》はあなたの呪文の対象にならない。", "対戦相手の《灰色熊》はあなたの呪文の対象にならない。",
      "対戦相手の《ぬめるボーグル》はあなたの呪文の対象になる。"]),
    ("あなたの《ぬめるボーグル》は対戦相手の呪文の対象にならない。",
     ["対戦相手の《ぬめるボーグル》は対戦相手の呪文の対象にならない。"]),
]


def _got(nlp, table, text) -> set[str]:
    return {v.verdict for v in _verdicts(nlp, table, None, text)}


@pytest.mark.parametrize("true, mutants", CASES, ids=[c[0][:16] for c in CASES])
def test_a_stated_controller_is_staged_and_its_mutations_are_not_confirmed(nlp, table, true, mutants):
    got = _got(nlp, table, true)
    assert "confirmed" in got and "contradicted" not in got, (true, got)
    for text in mutants:
        assert "confirmed" not in _got(nlp, table, text), text


def test_the_side_is_read_as_a_fact_of_the_claim(nlp, table):
    from test_composed import claims_of
    by_kind = {c.kind: c.situation for c in claims_of("対戦相手の《灰色熊》はあなたの《大気の精霊》をブロックできる。")}
    assert by_kind["can_block"]["controllers"] == {"blocker": "opponent", "attacker": "you"}
    sit = next(c.situation for c in claims_of("《破滅の刃》はあなたの《灰色熊》を破壊できる。") if c.kind == "can_destroy")
    assert sit["controllers"] == {"target": "you"} and not sit.get("unrepresented")


@pytest.mark.parametrize("text", [
    # a reflexive 自分 after the topic is the topic's own controller: a block of one's own creature is not staged
    "《大気の精霊》は自分の《灰色熊》をブロックできる。",
    # more than the side before the card (its state): not read
    "タップ状態のあなたの《灰色熊》は攻撃できる。",
    # a colour spell whose controller is not said: the target's side is not judged against a guessed one
    "対戦相手の《ぬめるボーグル》は赤の呪文の対象になる。",
    # a sacrifice is its controller's own action (701.17a): a stated side is not staged
    "あなたの《灰色熊》を生け贄に捧げることができる。",
])
def test_a_side_that_cannot_be_staged_leaves_the_claim_undecided(nlp, table, text):
    undecided(_verdicts(nlp, table, None, text))
