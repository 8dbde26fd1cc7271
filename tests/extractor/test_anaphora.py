"""Discourse within a paragraph (issue 20, extractor/claims/anaphora.py): the card a sentence with no subject of
its own, or with 「それは」「このカードは」, is about — the previous sentence's card topic, or the page's / card
box's card — is a fact of the claim, never a generic stand-in; nothing is carried across a question and its
answer or a heading."""
from __future__ import annotations

from test_card_naming import claims

BOX = "Giant Spider / 大蜘蛛 (3)(緑)\nクリーチャー — 蜘蛛(Spider)\n2/4\n"


def _blocks(text: str) -> list:
    return [c for c in claims(text) if c.kind == "can_block"]


def test_a_left_out_subject_is_the_previous_sentences_card():
    found = _blocks("《大蜘蛛》は到達を持つ。《風のドレイク》をブロックできる。\n")
    assert [(c.situation["blocker"], c.situation["attacker"]) for c in found] == [("大蜘蛛", "風のドレイク")]


def test_a_pronoun_is_the_previous_sentences_card():
    for pronoun in ("それは", "そのクリーチャーは"):
        found = _blocks(f"《大蜘蛛》は到達を持つ。{pronoun}《風のドレイク》をブロックできる。\n")
        assert [c.situation["blocker"] for c in found] == ["大蜘蛛"], pronoun


def test_this_card_is_the_card_of_the_box_it_follows():
    found = _blocks(BOX + "このクリーチャーは《風のドレイク》をブロックできる。\n")
    assert [c.situation["blocker"] for c in found] == ["Giant Spider"]
    # a subject-less line right after the box: the box's card too
    found = _blocks(BOX + "《風のドレイク》をブロックできる。\n")
    assert all(c.situation["blocker"] == "Giant Spider" for c in found) and found


def test_this_creature_with_no_card_to_refer_to_is_never_a_generic_creature():
    # a blank line ends the box's lines: 「このクリーチャー」 names an object the reader cannot identify
    for c in _blocks(BOX + "\nこのクリーチャーは《風のドレイク》をブロックできる。\n"):
        assert c.situation.get("unrepresented") or isinstance(c.situation["blocker"], str), c.situation


def test_no_topic_is_carried_across_a_heading_line_or_from_another_subject():
    # a line with no 。 (a heading, a label) ends the discourse
    for c in _blocks("《大蜘蛛》は到達を持つ\n《風のドレイク》をブロックできる。\n"):
        assert c.situation.get("blocker") != "大蜘蛛"
    # the previous sentence's topic is a player, not the card it names
    for c in _blocks("対戦相手は《大蜘蛛》を唱えた。《風のドレイク》をブロックできる。\n"):
        assert c.situation.get("blocker") != "大蜘蛛"


def test_no_topic_is_carried_into_an_answer():
    text = "《大蜘蛛》は到達を持つ。\nQ: 《風のドレイク》をブロックできますか？\nA: はい、できます。\n"
    assert all(c.situation.get("blocker") != "大蜘蛛" for c in _blocks(text))


def test_a_restating_sentence_takes_the_previous_situation():
    found = [c for c in claims("《灰色熊》に-1/-1カウンターが2個置かれた。したがって墓地に置かれる。\n")]
    # the placement is the situation, never an outcome of its own (it was checked as 'cast → 2 counters')
    assert not [c for c in found if c.kind == "result" and "counters" in c.outcome]
    composed = [c for c in found if c.kind == "composed"]
    assert composed and composed[0].outcome["check"] == "to_graveyard"
    assert composed[0].situation["sequence"][0]["n"] == 2


def test_a_frame_of_how_the_writer_puts_it_is_left_out():
    """「結論から言うと、」「簡単に言えば、」「要するに、」 frame the statement after them without changing it: the
    sentence is read as if they were not there (the same claims as the bare sentence)."""
    bare = [(c.kind, c.situation, c.outcome) for c in claims("タップ状態のクリーチャーはブロックできない。\n")]
    assert bare
    for frame in ("結論から言うと、", "簡単に言えば、", "要するに、"):
        framed = [(c.kind, c.situation, c.outcome) for c in claims(f"{frame}タップ状態のクリーチャーはブロックできない。\n")]
        assert framed == bare, frame


def test_one_rule_decides_a_left_out_topic_in_a_paragraph_and_in_an_answer():
    """has_own_topic is the one test of zero anaphora: a sentence continues the topic before it (the previous
    sentence's card, or a Q&A question's object) only when it marks no topic or subject of its own."""
    from extractor.claims.anaphora import answer_statements, has_own_topic
    assert not has_own_topic("シヴ山のドラゴンをブロックできる")
    assert not has_own_topic("戦闘ではブロックできる")            # では is adverbial, not a topic
    assert not has_own_topic("致死ダメージを受けても破壊されない")   # ても is concessive
    assert has_own_topic("〔0〕は到達を持つ")
    assert has_own_topic("対戦相手がブロックできる")
    assert has_own_topic("そのダメージは残る")                    # a pronoun opens it: its own antecedent
    q = "《大蜘蛛》は《シヴ山のドラゴン》をブロックできますか？"
    assert answer_statements("到達を持つクリーチャーは飛行を持つクリーチャーをブロックできますか？",
                             "はい。ブロックしてもタップされません。") == []          # two objects: no one topic
    assert answer_statements("《大蜘蛛》は攻撃できますか？", "はい。到達を持っていても攻撃できます。") == \
        ["《大蜘蛛》は到達を持っていても攻撃できる。"]
    assert answer_statements(q, "はい。対戦相手は防げません。") == []                 # a subject of its own
