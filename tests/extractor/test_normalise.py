"""extractor.normalise.plain: polite endings → plain, the rest of the text unchanged."""
from __future__ import annotations

import pytest

from extractor.normalise import plain

TABLE = [
    ("魂の管理人の能力は2回誘発します。", "魂の管理人の能力は2回誘発する。"),
    ("打ち消すことはできません。", "打ち消すことはできない。"),
    ("追放されます。", "追放される。"),
    ("誘発しません", "誘発しない"),
    ("誘発しませんでした", "誘発しなかった"),
    ("戦場に戻りました", "戦場に戻った"),
    ("カードを引けません", "カードを引けない"),
    ("唱えられます", "唱えられる"),
    ("置かれません", "置かれない"),
    ("生け贄に捧げます", "生け贄に捧げる"),
    ("好きな順番で選びます", "好きな順番で選ぶ"),
    ("墓地に行きました", "墓地に行った"),
    ("効果はありません", "効果はない"),
    ("可能です。", "可能だ。"),
    ("はい、その通りです。", "はい、その通りだ。"),
    ("対象にできないでしょう", "対象にできないだろう"),
    ("ブロックできるでしょうか?", "ブロックできるだろうか?"),
    ("出せないのですか?", "出せないのか?"),
    ("それでよいです", "それでよい"),
    ("戦場に出ます。その後、誘発します。", "戦場に出る。その後、誘発する。"),
    ("誘発する。", "誘発する。"),                          # plain stays plain
    ("《本質の散乱》で打ち消せる", "《本質の散乱》で打ち消せる"),
]


@pytest.mark.parametrize("polite,want", TABLE)
def test_polite_to_plain(polite, want):
    assert plain(polite) == want


def test_plain_is_idempotent():
    for polite, want in TABLE:
        assert plain(want) == want
