"""The Japanese card grammar, one data file per sub-grammar (tests/extractor/ja_card/*.yaml): each phrase parses to
its behaviour fragment, and each near miss does not (it fails, or gives another value)."""
from __future__ import annotations

import json
import time
from pathlib import Path

import pytest
import yaml

from extractor.ja_card import parse_face
from extractor.ja_card.base import parse_or_fail_at
from extractor.ja_card.events import TRIGGER_HEAD
from extractor.ja_card.lines import Failure, parse_line
from extractor.ja_card.tokens import token_string

DATA = Path(__file__).parent / "ja_card"


def _plain(v):
    return json.loads(json.dumps(v))


def _value(grammar: str, phrase: str):
    """The phrase's value under its sub-grammar, or None when it does not parse."""
    try:
        if grammar == "target":
            try:
                kind, val = parse_line(phrase + "を対象とする。それを破壊する。", True)
                return _plain(val[0]["destroy"]["target"]) if kind == "spell" and len(val) == 1 else None
            except Failure:         # a player target: named by そのプレイヤー
                kind, val = parse_line(phrase + "を対象とする。そのプレイヤーはカードを1枚引く。", True)
                return _plain(val[0]["draw"]["target"]) if kind == "spell" and len(val) == 1 else None
        if grammar == "trigger":
            return _plain(parse_or_fail_at(TRIGGER_HEAD, token_string(phrase))[0])
        if grammar == "spell":
            kind, val = parse_line(phrase, True)
            return _plain(val) if kind == "spell" else None
        return _plain(list(parse_line(phrase, False)))
    except Failure:
        return None


def _cases():
    for f in sorted(DATA.glob("*.yaml")):
        doc = yaml.safe_load(f.read_text(encoding="utf-8"))
        for i, c in enumerate(doc["cases"]):
            yield pytest.param(doc["grammar"], c, id=f"{f.stem}-{i}-{c['phrase'][:12]}")


@pytest.mark.parametrize("grammar,case", list(_cases()))
def test_phrase_and_near_miss(grammar, case):
    assert _value(grammar, case["phrase"]) == case["expect"]
    assert case["near_miss"] != case["phrase"]
    assert _value(grammar, case["near_miss"]) != case["expect"]


def test_every_sub_grammar_has_a_data_file():
    assert {f.stem for f in DATA.glob("*.yaml")} >= {"objects", "events", "effects", "quantities", "lines"}


def _face(text: str, types=("Instant",)) -> dict:
    return {"name": "X", "types": list(types), "foreignData": [{"language": "Japanese", "name": "ズズ", "text": text}]}


@pytest.mark.parametrize("text,why", [
    ("「" + "あ" * 100_000 + "」", "longer than any card text"),
    ("「あなたは「カードを1枚引く。」を得る。」", "quote inside a quote"),
    ("カードを1枚引く。「それは", "unbalanced"),
    ("カードを1枚引く。」", "without its"),
])
def test_bad_input_is_unsupported_with_a_reason_quickly(text, why):
    t = time.perf_counter()
    p = parse_face(_face(text))
    assert time.perf_counter() - t < 1.0
    assert p.failure and why in p.failure


def test_a_failing_clause_is_named_in_printed_words():
    p = parse_face(_face("カードを1枚引く。その後、月が2回うなる。"))
    assert p.failure == "effect: 'その後、月がN回うなる。'"


def test_an_ability_word_is_dropped_but_a_keyword_before_it_is_not_swallowed():
    ok = parse_face(_face("上陸 ― 土地が1つあなたのコントロール下で戦場に出るたび、カードを1枚引く。", ("Creature",)))
    assert ok.failure is None and ok.parsed[0][0] == "trigger"
    bad = parse_face(_face("トランプル上陸 ― 土地が1つあなたのコントロール下で戦場に出るたび、カードを1枚引く。", ("Creature",)))
    assert bad.failure is not None


def test_a_modal_heads_ability_word_is_dropped_but_not_a_keyword_before_it():
    modes = "\n•カードを1枚引く。\n•占術1を行う。"
    ok = parse_face(_face("上陸 ― 土地が1つあなたのコントロール下で戦場に出るたび、以下から1つを選ぶ。" + modes, ("Creature",)))
    assert ok.failure is None and ok.parsed[0][0] == "trigger"
    assert ok.parsed[0][1][1][0]["modal"]["choose"] == "one"
    bad = parse_face(_face("トランプル上陸 ― 土地が1つあなたのコントロール下で戦場に出るたび、以下から1つを選ぶ。" + modes,
                           ("Creature",)))
    assert bad.failure is not None


def test_a_long_enchant_parameter_is_kept_but_a_long_reminder_is_not():
    aura = {"types": ["Enchantment"], "subtypes": ["Aura"]}
    ok = parse_face(dict(_face("エンチャント（あなたがコントロールしているクリーチャー）\nエンチャントしているクリーチャーは絆魂を持つ。"), **aura))
    assert ok.failure is None
    assert ok.parsed[0][1] == {"enchant": {"controller": "you", "types": ["Creature"]}}
    # the same length after a word that takes no parameter is reminder text, dropped
    from extractor.ja_card.tokens import normalise_lines
    assert normalise_lines("飛行（あなたがコントロールしているクリーチャー）", []) == ["飛行"]


def test_a_bare_type_line_starts_the_back_face_which_the_front_does_not_have():
    front = parse_face(_face("トランプル\n土地\n{T}：{R}を加える。", ("Creature",)))
    assert front.failure is None and [k for k, _v, _l in front.parsed] == ["keywords"]
    # the back's text must still be readable: nonsense there makes the card unsupported
    bad_back = parse_face(_face("トランプル\nソーサリー\n{2}{B}\n雲が歌うたび、あなたはきらめく。", ("Creature",)))
    assert bad_back.failure is not None
    # a type word inside an ability is not a type line
    p = parse_face(_face("トランプル\n土地を1つ生け贄に捧げる。", ("Creature",)))
    assert p.failure is not None


def test_abilities_run_together_on_one_printed_line_are_split_but_quoted_ones_are_not():
    p = parse_face(_face("~はタップ状態で戦場に出る。{T}：{B}を加える。サイクリング{2}", ("Land",)))
    assert p.failure is None and [k for k, _v, _l in p.parsed] == ["static", "activated", "keywords"]
    from extractor.ja_card import _split_run_on
    assert _split_run_on("あなたは「カードを1枚引く。{T}：{B}を加える。」を得る。") == \
        ["あなたは「カードを1枚引く。{T}：{B}を加える。」を得る。"]


def test_an_activation_restriction_after_several_sentences():
    from extractor.ja_card.lines import parse_line
    kind, (cost, effects, restr) = parse_line(
        "{3}:プレイヤー1人を対象とする。そのプレイヤーはカードを1枚引く。この能力は、あなたがソーサリーを唱えられるときにのみ起動できる。", False)
    assert kind == "activated" and restr == {"speed": "sorcery"}


def test_a_keyword_run_into_the_next_ability_is_split_only_when_both_parse():
    face = {"name": "Zz", "types": ["Creature"], "foreignData": [{"language": "Japanese", "name": "ズズ",
            "text": "飛行ズズが戦場に出たとき、カードを1枚引く。"}]}
    p = parse_face(face)
    assert p.failure is None and [k for k, _v, _l in p.parsed] == ["keywords", "trigger"]
    assert p.parsed[0][1] == {"keywords": ["flying"]}
    # a sentence that starts with a keyword's name is not split into a keyword and a rest that does not parse
    face["foreignData"][0]["text"] = "飛行を持つクリーチャーは歌う。"
    p = parse_face(face)
    assert p.failure and not p.parsed


def test_abilities_printed_without_their_line_break_are_read_apart_only_when_each_parses():
    face = {"name": "Zz", "types": ["Creature"], "foreignData": [{"language": "Japanese", "name": "ズズ",
            "text": "ズズはタップ状態で戦場に出る。ズズが戦場に出たとき、カードを1枚引く。不死（このクリーチャーが死亡したとき、"
                    "それの上に+1/+1カウンターが置かれていなかった場合、それを+1/+1カウンターが1個置かれた状態でオーナーの"
                    "コントロール下で戦場に戻す。）"}]}
    p = parse_face(face)
    assert p.failure is None and [k for k, _v, _l in p.parsed] == ["static", "trigger", "keywords"]
    # a spell's sentences are never cut into abilities of their own
    face = {"name": "Zz", "types": ["Sorcery"], "foreignData": [{"language": "Japanese", "name": "ズズ",
            "text": "カードを1枚引く。不死"}]}
    assert parse_face(face).failure
