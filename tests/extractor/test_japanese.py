"""extractor.japanese: card/keyword entities, name variants, long texts, lazy spaCy import."""
from __future__ import annotations

import subprocess
import sys

import pytest

from extractor.japanese import build_nlp, cards_in, fold, keywords_in, name_variants, parse, split_for_sudachi
from kb.cards import CardTable

from conftest import ROOT


@pytest.fixture(scope="module")
def nlp():
    return build_nlp([(c.name_ja, c.name) for c in CardTable.bundled()], [("アンタップ・ステップ", "Untap Step")])


def ents(nlp, text):
    return [name for _, _, name in cards_in(nlp(text))]


def test_bracketed_and_bare_long_names(nlp):
    assert ents(nlp, "《本質の散乱》で打ち消せる。") == ["Essence Scatter"]
    assert ents(nlp, "従って、鍛冶の神、パーフォロスの能力は誘発しない。") == ["Purphoros, God of the Forge"]
    assert ents(nlp, "魂の管理人の能力は2回誘発する。") == ["Soul Warden"]


def test_name_variants_width_and_separators(nlp):
    assert "エリシュ・ノーン" in name_variants("大修道士、エリシュ・ノーン")
    assert fold("《ハーマ＝パシャール》") == fold("ハーマ・パシャール")
    assert ents(nlp, "《遺跡探し、ハーマ＝パシャール》の能力") == ["Hama Pashar, Ruin Seeker"]
    # the short form of two cards (大修道士、エリシュ・ノーン and 機械の母、エリシュ・ノーン): a card only where
    # the text names exactly one of them in full
    assert ents(nlp, "エリシュ・ノーンをコントロールしている") == []
    assert ents(nlp, "《大修道士、エリシュ・ノーン》がいる。エリシュ・ノーンをコントロールしている") == [
        "Elesh Norn, Grand Cenobite"] * 2


def test_common_word_names_need_brackets_or_card_context(nlp):
    assert ents(nlp, "もちろん、《無効》で打ち消せる。") == ["Annul"]
    assert ents(nlp, "この効果は無効になる。") == []
    assert ents(nlp, "山を見る。") == []
    assert ents(nlp, "6枚の山が同時に戦場に出た。") == ["Mountain"]
    assert ents(nlp, "六枚の山が同時に戦場に出た。") == ["Mountain"]


def test_card_entity_is_one_merged_token(nlp):
    doc = nlp("《鍛冶の神、パーフォロス》の能力")
    tok = next(t for t in doc if t.ent_type_ == "CARD")
    assert tok.text == "鍛冶の神、パーフォロス" and tok.ent_id_ == "Purphoros, God of the Forge"


def test_keywords_from_lexicon_and_from_caller(nlp):
    doc = nlp("授与コストを支払って唱えると、アンタップ・ステップに誘発型能力が誘発する。")
    kws = keywords_in(doc)
    assert "授与" in kws and "誘発型能力" in kws and "アンタップ・ステップ" in kws
    assert cards_in(doc) == []


def test_norm_matching_folds_spelling(nlp):
    # Sudachi normalises both spellings of the same word to one NORM; the ruler matches on NORM.
    a, b = nlp.make_doc("打ち消す"), nlp.make_doc("打消す")
    assert [t.norm_ for t in a] == [t.norm_ for t in b]


def test_long_paragraph_is_chunked_not_crashing(nlp):
    text = "あ" * 70_000                                    # 210 KB, one paragraph, no sentence ends
    assert len(text.encode("utf-8")) > 200_000
    chunks = split_for_sudachi(text)
    assert len(chunks) > 4 and "".join(chunks) == text
    assert all(len(c.encode("utf-8")) < 49_149 for c in chunks)
    (doc,) = parse(nlp, [text])
    assert doc.text == text


def test_long_text_keeps_entities_after_the_first_chunk(nlp):
    para = "授与は能力である。" * 2000 + "\n\n"                  # ~54 KB per paragraph
    text = para * 3 + "《本質の散乱》で打ち消せる。"
    (doc,) = parse(nlp, [text])
    assert doc.text == text
    assert [n for _, _, n in cards_in(doc)] == ["Essence Scatter"]
    s, e, _ = cards_in(doc)[0]
    assert text[s:e] == "本質の散乱"


def test_importing_extractor_does_not_import_spacy():
    code = ("import sys, extractor, extractor.prose, extractor.claims, extractor.japanese; "
            "print('spacy' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_dictionary_words_and_verbs_are_ambiguous_names(nlp):
    from extractor.japanese import is_ambiguous
    sudachi = nlp.tokenizer.tokenizer
    for word in ("ターン", "ライフ", "取り除く", "稲妻", "Dead", "無効"):
        assert is_ambiguous(word, sudachi), word
    for name in ("パンハモニコン", "魂の管理人", "大修道士、エリシュ・ノーン"):
        assert not is_ambiguous(name, sudachi), name
    small = build_nlp([("ターン", "Turn"), ("取り除く", "Eliminate"), ("パンハモニコン", "Panharmonicon")])
    assert cards_in(small("ターン終了時に、それを取り除く。")) == []
    assert [n for _, _, n in cards_in(small("《ターン》と《取り除く》とパンハモニコン"))] == [
        "Turn", "Eliminate", "Panharmonicon"]
