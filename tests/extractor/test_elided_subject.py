"""A clause with no topic continues the previous sentence's topic (a Japanese zero subject): when that topic is a
description the combat readers do not read, the clause's object is that unread object, never a generic creature
(issue 20: a fact the sentence states and the staging drops makes the verdict unsimulable)."""
from __future__ import annotations

from test_card_naming import claims


def _kinds(text: str, kind: str) -> list:
    return [c for c in claims(text) if c.kind == kind]


def test_an_elided_subject_after_an_unread_description_is_not_a_generic_creature():
    text = "このターンに対戦相手からコントロールを得たクリーチャーは攻撃できない。(ブロックには参加できる。)\n"
    found = _kinds(text, "can_block")
    assert found, "the block clause is still read"
    for c in found:
        assert c.situation.get("unrepresented"), c.situation


def test_a_sentence_with_its_own_topic_is_unchanged():
    found = _kinds("到達を持つクリーチャーは飛行を持つクリーチャーをブロックできる。\n", "can_block")
    assert found and not any(c.situation.get("unrepresented") for c in found)


def test_a_first_sentence_with_no_topic_is_a_general_rule():
    # no earlier sentence to continue: the reader's general-rule default (a creature) stays
    found = _kinds("飛行を持つクリーチャーをブロックできる。\n", "can_block")
    assert all(not c.situation.get("unrepresented") for c in found)


def test_the_card_attacked_with_is_the_attacker_never_a_stand_in():
    """「《X》で攻撃する」: the player attacks with X — X is the attacker (508.1a), with the relative clause before
    it as X's condition; a card the clause names in another role is never replaced by a generic creature."""
    [c] = _kinds("このターンに戦場に出た《灰色熊》で攻撃することはできない。\n", "can_attack")
    assert c.situation["card"] == "Grizzly Bears" and not c.situation.get("unrepresented")
    assert c.situation["conditions"] == [{"kind": "summoning_sick"}] and c.outcome == {"can": False}
    [c] = _kinds("《灰色熊》は《大蜘蛛》で攻撃できない。\n", "can_attack")
    assert c.situation["card"] == "Grizzly Bears" and c.situation.get("unrepresented")
    [c] = _kinds("《灰色熊》を攻撃することはできない。\n", "can_attack")     # a card attacked is not the attacker
    assert c.situation.get("unrepresented"), c.situation
