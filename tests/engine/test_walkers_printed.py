"""A named planeswalker the Oracle compiler does not compile, whose rules text is loyalty abilities only, staged by
its printed characteristics (engine/crosscheck/walkers.py): its loyalty abilities act only when activated (606.3,
602), so damage to it (120.3c), its loyalty (306.5b) and its leaving at 0 loyalty (704.5i) are judged; a
planeswalker with any other rules text is not.  True statements with mutated false ones (number, card, polarity)."""
from __future__ import annotations

import pytest

from test_crosscheck_g4 import _verdicts, card_fixtures, undecided, wrong_and_missed

table, nlp = card_fixtures(["Grizzly Bears", "Hill Giant", "Ajani Goldmane", "Liliana of the Veil",
                            "Teferi, Time Raveler"])

CASES = [
    ("《丘巨人》が《黄金のたてがみのアジャニ》を攻撃してブロックされなかった場合、《黄金のたてがみのアジャニ》から忠誠カウンターが3個取り除かれる。", True),
    ("《丘巨人》が《黄金のたてがみのアジャニ》を攻撃してブロックされなかった場合、《黄金のたてがみのアジャニ》から忠誠カウンターが2個取り除かれる。", False),
    ("《灰色熊》が《黄金のたてがみのアジャニ》を攻撃してブロックされなかった場合、防御プレイヤーのライフは減らない。", True),
    ("《灰色熊》が《黄金のたてがみのアジャニ》を攻撃してブロックされなかった場合、防御プレイヤーのライフは2点減る。", False),
    ("《丘巨人》が《ヴェールのリリアナ》を攻撃してブロックされなかった場合、《ヴェールのリリアナ》はオーナーの墓地に置かれる。", True),
    ("《灰色熊》が《ヴェールのリリアナ》を攻撃してブロックされなかった場合、《ヴェールのリリアナ》はオーナーの墓地に置かれる。", False),
    ("《灰色熊》が《ヴェールのリリアナ》を攻撃してブロックされなかった場合、《ヴェールのリリアナ》は戦場に残る。", True),
]


def test_a_loyalty_only_planeswalker_by_its_printed_characteristics(nlp, table):
    wrong, missed = wrong_and_missed(nlp, table, CASES)
    assert not wrong and not missed, (wrong, missed)


def test_which_planeswalkers_are_loyalty_only(table):
    from engine.crosscheck.walkers import loyalty_only
    assert loyalty_only(table.get("Ajani Goldmane")) and loyalty_only(table.get("Liliana of the Veil"))
    assert not loyalty_only(table.get("Teferi, Time Raveler"))          # a static ability of its own
    assert not loyalty_only(table.get("Hill Giant"))


@pytest.mark.parametrize("text", [
    # a static ability the engine cannot run: never stood in
    "《丘巨人》が《時を解す者、テフェリー》を攻撃してブロックされなかった場合、《時を解す者、テフェリー》はオーナーの墓地に置かれる。",
])
def test_a_planeswalker_with_other_text_decides_nothing(nlp, table, text):
    vs = [v for v in _verdicts(nlp, table, None, text) if v.kind == "composed"]
    assert vs and "Teferi, Time Raveler" in vs[0].reason, [(v.kind, v.reason) for v in vs]   # read, and refused
    undecided(vs)
