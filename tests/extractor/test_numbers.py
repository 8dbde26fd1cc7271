"""extractor.numbers: numerals in every script, counts with counter words, object-count words."""
from __future__ import annotations

import pytest
from hypothesis import given, strategies as st

from extractor.numbers import find_counts, first_count, object_count, parse_number, to_kanji

TABLE = [
    ("3", 3), ("３", 3), ("１２", 12), ("0", 0), ("〇", 0), ("一", 1), ("十", 10), ("十二", 12), ("二十", 20),
    ("二十三", 23), ("九十九", 99), ("百", 100), ("百五", 105), ("三百十", 310), ("千二百三十四", 1234),
    ("二〇二", 202), ("ひとつ", 1), ("ふたつ", 2), ("みっつ", 3), ("ふたり", 2), (" 5 ", 5),
    ("", None), ("abc", None), ("十百", None), ("二三十", None), ("〇十", None), ("三つ", None),
]


@pytest.mark.parametrize("text,value", TABLE)
def test_parse_number_table(text, value):
    assert parse_number(text) == value


@given(st.integers(min_value=0, max_value=999))
def test_kanji_round_trip(n):
    assert parse_number(to_kanji(n)) == n


@given(st.integers(min_value=0, max_value=9999))
def test_digits_in_both_widths(n):
    full = str(n).translate(str.maketrans("0123456789", "０１２３４５６７８９"))
    assert parse_number(str(n)) == parse_number(full) == n


@given(st.text(alphabet="一二三四五六七八九十百千〇あ", max_size=6))
def test_parse_never_raises_and_is_consistent(s):
    v = parse_number(s)
    assert v is None or (v >= 0 and isinstance(v, int))


COUNT_TABLE = [
    ("能力は一度だけ誘発する", [(1, "度", False)]),
    ("三回誘発する", [(3, "回", False)]),
    ("二体のクリーチャーが戦場に出た", [(2, "体", False)]),
    ("１２枚のカードを引く", [(12, "枚", False)]),
    ("3点のダメージ", [(3, "点", False)]),
    ("ひとつ目の能力", [(1, "つ", True)]),
    ("2つ目の解決", [(2, "つ", True)]),
    ("一番目に", [(1, "番目", True)]),
    ("2ターン後", [(2, "ターン", False)]),
    ("十二回", [(12, "回", False)]),
    ("一つずつ", [(1, "つ", False)]),
    ("唯一の能力", []),                      # 一 inside a word
    ("二度と戻らない", []),                  # idiom: never again
    ("もう一度唱える", [(1, "度", False)]),
]


@pytest.mark.parametrize("text,want", COUNT_TABLE)
def test_counts_table(text, want):
    assert [(c.value, c.counter, c.ordinal) for c in find_counts(text)] == want


def test_count_positions_and_filters():
    text = "《魂の管理人》の能力は２回誘発し、3点のライフを得る。"
    (c, d) = find_counts(text)
    assert text[c.start:c.end] == "２回" and c.value == 2
    assert d.counter == "点"
    assert [x.value for x in find_counts(text, counters=("点",))] == [3]
    assert first_count("1つ目の能力は2回誘発する", ("回", "つ")) == 2
    assert [x.value for x in find_counts("あと3が残る", bare=True)] == [3]
    assert find_counts("あと3が残る") == []


@given(st.integers(min_value=1, max_value=999), st.sampled_from(["回", "体", "枚", "個", "点", "つ"]))
def test_counts_in_any_script_are_found(n, counter):
    for numeral in (str(n), to_kanji(n)):
        got = find_counts(f"能力は{numeral}{counter}誘発する")
        assert [(c.value, c.counter) for c in got] == [(n, counter)]


def test_object_count_words():
    assert object_count("両方") == 2 and object_count("双方") == 2 and object_count("片方") == 1
    assert object_count("すべて") is None
