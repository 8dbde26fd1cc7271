"""extractor/claims/pt_layers.py: a creature's P/T after effects stated in words, in order (613.4, 613.7), read as
one ``pt_after`` claim per stated P/T.  The examples are built from constructions (an object phrase, effect phrases,
connectives), not copied from the CR; each reading has a near miss that must not be read the same way."""
from __future__ import annotations

import pytest

from claimdata import example_doc
from extractor.ja_card.described import describe_object


def stories(nlp, text, links=()):
    doc = example_doc(nlp, text, links)
    return [c for c in doc.claims if c.kind == "pt_after" and c.situation.get("in_order")], doc


@pytest.mark.parametrize("phrase, desc", [
    ("1/3クリーチャー", {"types": ["Creature"], "pt": "1/3"}),
    ("4/4の緑のクリーチャー", {"types": ["Creature"], "pt": "4/4", "colors": "G"}),
    ("飛行を持つ2/1の白のクリーチャー", {"types": ["Creature"], "pt": "2/1", "colors": "W", "keywords": ["flying"]}),
    ("あなたがコントロールする3/3の人間", {"types": ["Creature"], "subtypes": ["Human"], "pt": "3/3", "controller": "you"}),
    ("+1/+1カウンターが2個置かれたクリーチャー", {"types": ["Creature"], "counters": {"+1/+1": 2}}),
    ("白の兵士・クリーチャー・トークン", {"types": ["Creature"], "subtypes": ["Soldier"], "colors": "W", "token": True}),
])
def test_described_objects_go_through_the_object_grammar(phrase, desc):
    assert describe_object(phrase) == desc


@pytest.mark.parametrize("phrase", ["タップ状態のクリーチャー", "+1/+1の白のクリーチャー", "墓地にあるクリーチャー・カード",
                                    "1/3フランプ", "土地でないパーマネント"])
def test_a_phrase_with_what_no_description_key_holds_is_not_described(phrase):
    assert describe_object(phrase) is None


def test_a_story_of_words_gives_one_claim_per_stated_value_with_the_effects_before_it(nlp):
    text = ("2/5クリーチャーが+3/+0の修整を受けているとき、他の効果がそのクリーチャーのパワーとタフネスを入れ替える場合、"
            "そのクリーチャーは5/5になる。さらにそれに+1/+1カウンターが2個置かれた場合、7/7になる。")
    found, _ = stories(nlp, text)
    assert [(c.situation["effects"], c.outcome["pt"]) for c in found] == [
        ([{"pump": [3, 0]}, {"switch": True}], "5/5"),
        ([{"pump": [3, 0]}, {"switch": True}, {"counters": {"+1/+1": 2}}], "7/7")]
    assert all(c.situation["card"] == {"desc": {"types": ["Creature"], "pt": "2/5"}} for c in found)
    assert all("unrepresented" not in c.situation for c in found)


def test_set_values_colours_ends_and_quoted_effects(nlp):
    text = ("3/3の黒のクリーチャーが何らかの効果によって+2/+2の修整を受けているとき、その黒のクリーチャーを青にする効果が"
            "存在したとすると、5/5になる。この後、+2/+2の効果が終わる場合、3/3に戻る。")
    found, _ = stories(nlp, text)
    assert [c.situation["effects"] for c in found] == [[{"pump": [2, 2]}, {"colors": "U"}],
                                                       [{"pump": [2, 2]}, {"colors": "U"}, {"ends": 0}]]
    text = ("4/4クリーチャーに「クリーチャー1体を対象とする。ターン終了時まで、それは+1/+1の修整を受ける。」という効果が"
            "適用されれば、5/5になる。")
    (c,), _ = stories(nlp, text)
    assert c.situation["effects"] == [{"quoted": "クリーチャー1体を対象とする。ターン終了時まで、それは+1/+1の修整を受ける。",
                                       "source": "spell"}]


def test_a_named_card_with_the_creature_is_on_the_battlefield_first(nlp):
    text = "《清浄の名誉》と1/1の白のクリーチャーが戦場に出ている時に、それのパワーとタフネスを入れ替える場合、2/2になる。"
    (c,), _ = stories(nlp, text, (("清浄の名誉", "Honor of the Pure"),))
    assert c.situation["effects"][0] == {"card": "Honor of the Pure"}
    assert c.situation["card"] == {"desc": {"types": ["Creature"], "pt": "1/1", "colors": "W"}}


def test_words_no_construction_reads_are_kept_unrepresented(nlp):
    text = "1/3クリーチャーが+1/+0の修整を受けているとき、対戦相手がカードを1枚引いた場合、2/3になる。"
    (c,), _ = stories(nlp, text)
    assert c.situation.get("unrepresented"), c.situation


def test_no_story_without_an_effect_or_without_a_creature_first(nlp):
    assert not stories(nlp, "1/3クリーチャーは戦場に出ると4/1になる。")[0]
    assert not stories(nlp, "土地が+1/+1の修整を受ける場合、2/2になる。")[0]


@pytest.mark.parametrize("text", [
    "3/3クリーチャーが戦場に出ているとき、他のクリーチャーが+2/+2の修整を受ける場合、5/5になる。",
    "3/3クリーチャーが戦場に出ているとき、対戦相手のクリーチャーのパワーとタフネスを入れ替える場合、3/3になる。",
    "3/3クリーチャーがターン終了時まで+2/+2の修整を受ける場合、5/5になる。",
])
def test_an_effect_on_another_object_or_for_a_stated_duration_is_never_staged_on_the_creature(nlp, text):
    found, _ = stories(nlp, text)
    assert all(c.situation.get("unrepresented") for c in found), [c.situation for c in found]


def test_a_card_named_with_a_description_keeps_what_the_sentence_says_of_it(nlp):
    text = "2/2のクリーチャー《灰色熊》が戦場に出ている。これに+1/+1カウンターが置かれた場合、3/3になる。"
    (c,), _ = stories(nlp, text, (("灰色熊", "Grizzly Bears"),))
    assert c.situation["card"] == "Grizzly Bears"
    assert c.situation["card_as"] == {"types": ["Creature"], "pt": "2/2"}
    assert c.situation["effects"] == [{"counters": {"+1/+1": 1}}]
