"""Reading real pages' prose (issue 20): a sentence broken over lines, list marks, the older wording 「場」,
a discourse adverb before the subject, a rule quoted as asserted (「S」というルール／ということ), 「なぜなら…から」."""
from __future__ import annotations

import pytest

from extractor.claims import attach_claims
from extractor.claims.sentences import continues, logical_lines, normalise
from extractor.facts import RawDocument
from extractor.prose import extract_prose


def page_claims(nlp, text: str):
    raw = RawDocument(title="テスト", text=text, path="p.txt", form="rendered", key="p.txt")
    doc = extract_prose(raw)
    attach_claims(doc, nlp)
    return doc.claims


def test_a_line_broken_inside_a_sentence_continues():
    assert continues("速攻を持つクリーチャーには", "召喚酔いのルールが適用されない。")
    assert continues("ターン終了時に、", "それを生け贄に捧げる。")
    assert continues("そのパーマネントは自分のターン開始時(", "アンタップ・ステップ)からコントロールし続けていない")
    assert not continues("防衛を持つクリーチャーは攻撃できない。", "ブロックはできる。")      # a sentence ended
    assert not continues("強さの目安", "召喚酔い/Summoning Sickness")                      # a heading
    assert not continues("次の通りになる。また、", "- 飛行を持つクリーチャーは…")          # a new item
    assert not continues("飛行を持つクリーチャーは | ", "ブロックできる |")                 # a table row


def test_logical_lines_join_consecutive_broken_lines_only():
    got = logical_lines([(5, "防衛を持つクリーチャーは、"), (6, "攻撃に参加できない。"), (7, "タップ状態の"),
                         (9, "クリーチャーは…")])
    assert got == [(5, "防衛を持つクリーチャーは、攻撃に参加できない。"), (7, "タップ状態の"), (9, "クリーチャーは…")]


def test_a_broken_sentence_is_read_once_with_its_subject(nlp):
    claims = page_claims(nlp, "事例\n防衛を持つクリーチャーは、\n攻撃に参加できない。\n")
    attacks = [c for c in claims if c.kind == "can_attack"]
    assert [c.prov.line for c in attacks] == [2]
    assert attacks[0].situation["card"]["desc"]["keywords"] == ["defender"]
    assert attacks[0].outcome == {"can": False}


def test_a_broken_answer_paragraph_keeps_its_own_subject(nlp):
    """A Q&A example's later lines are joined too; the continuation is never read alone (its zero subject would
    take the question's topic)."""
    text = ("Q: 速攻を持たないクリーチャーは、戦場に出たターンに攻撃できますか？\nA: いいえ。\n\n"
            "防衛を持つクリーチャーは、\n攻撃に参加できる。\n")
    claims = [c for c in page_claims(nlp, text) if c.kind == "can_attack"]
    assert {c.prov.line for c in claims} == {2, 4}
    (later,) = [c for c in claims if c.prov.line == 4]
    assert later.situation["card"]["desc"]["keywords"] == ["defender"]


@pytest.mark.parametrize("mark", ["* ", "- ", "• ", "・", "1."])
def test_a_list_mark_is_no_word_of_the_sentence(nlp, mark):
    claims = page_claims(nlp, f"{mark}警戒を持つクリーチャーは、ブロックするとタップする。\n")
    (c,) = [c for c in claims if c.kind == "composed"]
    assert c.outcome["check"] == "tapped" and c.outcome["holds"] is True
    assert c.situation["actors"]["A"]["desc"]["keywords"] == ["vigilance"]


def test_a_minus_sign_is_not_a_list_mark(nlp):
    claims = page_claims(nlp, "-1/-1カウンターと+1/+1カウンターが同じクリーチャーの上に置かれている場合、それらは対になって取り除かれる。\n")
    (c,) = [c for c in claims if c.kind == "counters_annihilate"]
    assert [k["kind"] for k in c.situation["counters"]] == ["-1/-1", "+1/+1"]


def test_the_older_wording_of_the_battlefield():
    assert normalise("場に出たターン") == "戦場に出たターン"
    assert normalise("場を離れた場合") == "戦場を離れた場合"
    assert normalise("戦場に出た") == "戦場に出た"
    assert normalise("登場から") == "登場から" and normalise("その場合") == "その場合"


def test_a_discourse_adverb_is_not_part_of_the_description(nlp):
    (c,) = [c for c in page_claims(nlp, "通常クリーチャーは、そのコントローラーの最新のターンの最初から継続して"
                                        "コントロールされていない限り、攻撃に参加できない。\n") if c.kind == "can_attack"]
    assert "unrepresented" not in c.situation
    assert c.situation["conditions"] == [{"kind": "just_controlled"}]


def test_a_quoted_rule_is_stated_and_so_is_what_follows(nlp):
    claims = page_claims(nlp, "「タフネスが0以下のクリーチャーはオーナーの墓地に置かれる」というルールがあるので、"
                              "破壊不能を持つクリーチャーでもタフネスが0になれば墓地に置かれる。\n")
    zones = [c for c in claims if c.kind == "zone_after"]
    assert len(zones) == 2
    assert zones[0].outcome["zone"] == "graveyard" and "unrepresented" not in zones[1].situation
    assert zones[1].situation["card"]["desc"]["keywords"] == ["indestructible"]


@pytest.mark.parametrize("text", ["「防衛を持つクリーチャーは攻撃できる」というルールはない。",
                                  "「タップ状態のクリーチャーはブロックできる」ということですか？"])
def test_a_quote_not_asserted_states_nothing(nlp, text):
    assert not [c for c in page_claims(nlp, text + "\n") if c.kind in ("can_attack", "can_block", "composed")]


def test_naze_nara_states_its_reason(nlp):
    claims = page_claims(nlp, "なぜなら、防衛を持つクリーチャーは攻撃できないからです。\n")
    (c,) = [c for c in claims if c.kind == "can_attack"]
    assert c.outcome == {"can": False} and c.situation["card"]["desc"]["keywords"] == ["defender"]


def test_a_left_out_topic_after_a_described_object_is_unrepresented(nlp):
    """「速攻を持つクリーチャーは…。戦場に出たターンでも攻撃できる。」: the second sentence is about the haste creature,
    never judged of a generic creature (it was contradicted on a 2/2 with no haste)."""
    (c,) = [c for c in page_claims(nlp, "速攻を持つクリーチャーは強い。戦場に出たターンでも攻撃できる。\n")
            if c.kind == "can_attack"]
    assert "unrepresented" in c.situation


def test_a_left_out_topic_is_never_a_generic_creature(nlp):
    """A sentence with no topic after one whose topic the reader cannot carry is not read of "a creature"."""
    claims = [c for c in page_claims(nlp, "このルールは重要だ。戦場に出たターンでも攻撃できる。\n") if c.kind == "can_attack"]
    assert claims and all("unrepresented" in c.situation for c in claims)


def test_the_questions_topic_stops_at_a_heading():
    from extractor.claims.anaphora import answer_statements
    assert answer_statements("速攻を持たないクリーチャーは、戦場に出たターンに攻撃できますか？",
                            "いいえ。\n事例\nタップ状態でも起動できる。") == []
    assert answer_statements("速攻を持たないクリーチャーは、戦場に出たターンに攻撃できますか？",
                            "いいえ。\nタップ状態でも起動できない。") == ["速攻を持たないクリーチャーはタップ状態でも起動できない。"]


@pytest.mark.parametrize("text, kind", [
    ("召喚酔いの影響を受けているクリーチャーは攻撃できない。", "can_attack"),
    ("召喚酔いの影響を受けているクリーチャーは、{T}を含む起動型能力を起動できない。", "can_activate"),
    ("召喚酔いの状態のクリーチャーは攻撃できない。", "can_attack"),
])
def test_summoning_sickness_wording_variants_are_the_one_condition(nlp, text, kind):
    """「召喚酔いの影響を受けている」「召喚酔いの状態の」 say what 「召喚酔い状態の」 says (302.6): the condition
    summoning_sick, nothing left unread; a denial (「…の影響を受けない」) is no such condition and stays unread."""
    [c] = [c for c in page_claims(nlp, text + "\n") if c.kind == kind]
    assert c.situation.get("conditions") == [{"kind": "summoning_sick"}] and not c.situation.get("unrepresented")
    [c] = [c for c in page_claims(nlp, "召喚酔いの影響を受けていないクリーチャーは攻撃できる。\n") if c.kind == "can_attack"]
    assert c.situation.get("unrepresented")


@pytest.mark.parametrize("label", ["例:", "例：", "例2: ", "- 例1:", "・例:"])
def test_an_examples_label_is_no_word_of_the_sentence(nlp, label):
    claims = page_claims(nlp, f"{label}警戒を持つクリーチャーは、ブロックするとタップする。\n")
    (c,) = [c for c in claims if c.kind == "composed"]
    assert c.outcome["check"] == "tapped" and c.situation["actors"]["A"]["desc"]["keywords"] == ["vigilance"]


def test_a_word_beginning_with_rei_is_no_label(nlp):
    claims = page_claims(nlp, "例外:警戒を持つクリーチャーは、ブロックするとタップする。\n")
    assert not [c for c in claims if c.kind == "composed"]
