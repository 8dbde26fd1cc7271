"""extractor.japanese card mentions with or without 《》: short forms, word-like names, wiki spellings,
English names, page context."""
from __future__ import annotations

import json

import pytest

from extractor.japanese import build_nlp, cards_in, is_ambiguous, parse, short_forms

from conftest import shared_path

CARDS = [
    ("急報", "Raise the Alarm"), ("魂の管理人", "Soul Warden"), ("溶鉄の尖峰、ヴァラクート", "Valakut, the Molten Pinnacle"),
    ("無効", "Annul"), ("否認", "Negate"), ("山", "Mountain"), ("悪夢の番人", "Nightmare Shepherd"),
    ("大修道士、エリシュ・ノーン", "Elesh Norn, Grand Cenobite"), ("機械の母、エリシュ・ノーン", "Elesh Norn, Mother of Machines"),
    ("アジャニの群れ仲間", "Ajani's Pridemate"), ("カラ、アジャニの群れ仲間", "Qala, Ajani's Pridemate"),
    ("仕える者たち", "Those Who Serve"), ("探検", "Explore"), ("再生", "Regeneration"),
    ("プレインズウォーカー、ニコル・ボーラス", "Nicol Bolas, Planeswalker"),
]
# MTG Wiki's own spellings (EN → JA as the wiki writes them), handed in by the caller
WIKI = [("ハーマ＝パシャール", "Hama Pashar, Ruin Seeker"), ("遺跡探し、ハーマ・パシャール", "Hama Pashar, Ruin Seeker")]


@pytest.fixture(scope="module")
def nlp():
    return build_nlp(CARDS, ["探検", "再生"], extra_names=WIKI)


def ents(nlp, text, **kw):
    (doc,) = parse(nlp, [text], **kw)
    return [(doc.text[s:e], en) for s, e, en in cards_in(doc)]


def test_long_names_without_brackets_in_running_text(nlp):
    assert ents(nlp, "急報を唱えて2体のトークンが戦場に出ると、魂の管理人の能力は2回誘発します。") == [
        ("急報", "Raise the Alarm"), ("魂の管理人", "Soul Warden")]


def test_short_forms_of_a_comma_name(nlp):
    assert short_forms("溶鉄の尖峰、ヴァラクート") == ["ヴァラクート", "溶鉄の尖峰"]
    assert short_forms("本質の散乱") == []
    assert ents(nlp, "ヴァラクートの能力が誘発する。") == [("ヴァラクート", "Valakut, the Molten Pinnacle")]
    assert ents(nlp, "溶鉄の尖峰がある。") == [("溶鉄の尖峰", "Valakut, the Molten Pinnacle")]
    assert ents(nlp, "ニコル・ボーラスの能力") == [("ニコル・ボーラス", "Nicol Bolas, Planeswalker")]


def test_a_short_form_of_several_cards_needs_the_page_to_name_one(nlp):
    assert ents(nlp, "エリシュ・ノーンが戦場にいる。") == []
    assert ents(nlp, "《エリシュ・ノーン》が戦場にいる。") == []          # 《》 does not resolve it either
    assert ents(nlp, "《機械の母、エリシュ・ノーン》がいて、エリシュ・ノーンの能力で") == [
        ("機械の母、エリシュ・ノーン", "Elesh Norn, Mother of Machines"), ("エリシュ・ノーン", "Elesh Norn, Mother of Machines")]
    # the page (its title card, its links) names one of them
    assert ents(nlp, "エリシュ・ノーンが戦場にいる。", page_cards=["Elesh Norn, Grand Cenobite"]) == [
        ("エリシュ・ノーン", "Elesh Norn, Grand Cenobite")]
    assert ents(nlp, "エリシュ・ノーンが戦場にいる。") == []              # the page context does not stick


def test_a_full_name_wins_over_another_cards_short_form(nlp):
    assert ents(nlp, "アジャニの群れ仲間の上に+1/+1カウンターを置く。") == [("アジャニの群れ仲間", "Ajani's Pridemate")]
    assert ents(nlp, "《アジャニの群れ仲間》") == [("アジャニの群れ仲間", "Ajani's Pridemate")]


@pytest.mark.parametrize("text", [
    "この効果は無効になる。", "対戦相手はそれを否認した。", "山を見る。", "神々やそれに仕える者たちの物語。",
    "クリーチャーAの探検の能力でカードを見る。", "再生/Regenerateは置換効果である。",
    "プレインズウォーカーに与えるダメージ",                          # a card type, not Nicol Bolas's short form
    "そのプレインズウォーカーが戦場を離れた",
])
def test_word_like_names_are_not_cards_bare(nlp, text):
    assert ents(nlp, text) == []


@pytest.mark.parametrize("text,want", [
    ("《無効》で打ち消せる。", [("無効", "Annul")]),
    ("否認を唱えた。", [("否認", "Negate")]),
    ("否認で打ち消せない。", [("否認", "Negate")]),
    ("6枚の山が同時に戦場に出た。", [("山", "Mountain")]),
    ("山/Mountainを出す。", [("山", "Mountain")]),
    ("《仕える者たち》を唱える。", [("仕える者たち", "Those Who Serve")]),
])
def test_word_like_names_in_brackets_or_card_context(nlp, text, want):
    assert ents(nlp, text) == want


def test_word_like_names_are_ambiguous_by_their_shape(nlp):
    sudachi = nlp.tokenizer.tokenizer
    assert is_ambiguous("無効") and is_ambiguous("仕える者たち", sudachi)
    assert not is_ambiguous("魂の管理人", sudachi) and not is_ambiguous("溶鉄の尖峰、ヴァラクート", sudachi)
    assert not is_ambiguous("いらつき甲虫", sudachi)             # a verb + a real noun is a name


def test_the_end_of_a_card_the_text_names(nlp):
    text = "《悪夢の番人》がいる状態で、番人の能力で追放した。"
    assert ents(nlp, text) == [("悪夢の番人", "Nightmare Shepherd"), ("番人", "Nightmare Shepherd")]
    assert ents(nlp, "番人の能力で追放した。") == []                    # not without the card named in full


def test_wiki_spellings_and_width_variants(nlp):
    assert ents(nlp, "《ハーマ・パシャール》の能力") == [("ハーマ・パシャール", "Hama Pashar, Ruin Seeker")]
    assert ents(nlp, "ハーマ＝パシャールが戦場に出た") == [("ハーマ＝パシャール", "Hama Pashar, Ruin Seeker")]


def test_english_names_bare(nlp):
    assert ents(nlp, "Soul Wardenは能力を持つ。") == [("Soul Warden", "Soul Warden")]
    assert ents(nlp, "Valakut, the Molten Pinnacle / 溶鉄の尖峰、ヴァラクート")[0] == (
        "Valakut, the Molten Pinnacle", "Valakut, the Molten Pinnacle")
    assert ents(nlp, "Annulという単語") == []                           # one English word: only in 《》


def test_corpus_pages_with_wiki_spellings():
    rows = json.loads(shared_path("cards", "mtgwiki-jpnames.json").read_text(encoding="utf-8"))
    wanted = {"Nightmare Shepherd", "Tithe Taker", "Thought-Knot Seer", "Eldrazi Displacer", "Wall of Frost"}
    wiki = [(r["jpname"], r["name"]) for r in rows if r.get("name") in wanted]
    assert {en for _, en in wiki} == wanted
    nlp = build_nlp([], (), extra_names=wiki)
    pages = shared_path("corpus", "pages")
    thb = (pages / "seesaawiki-qa-thb.rendered.txt").read_text(encoding="utf-8")
    (doc,) = parse(nlp, [thb])
    bare = [(thb[s:e], en) for s, e, en in cards_in(doc) if thb[s - 1:s] != "《"]
    assert ("番人", "Nightmare Shepherd") in bare and ("徴税人", "Tithe Taker") in bare
    assert all(en in wanted for _, en in bare)
    m15 = (pages / "seesaawiki-qa-m15.rendered.txt").read_text(encoding="utf-8")
    (doc,) = parse(nlp, [m15])
    assert sum(1 for _, _, en in cards_in(doc) if en == "Wall of Frost") >= 3


class _WithoutLookup:
    """A pipeline seen without its lookup table: ``page_card`` then parses every form of a title (no shortcut)."""

    def __init__(self, nlp):
        self.__dict__["_nlp"] = nlp

    def __getattr__(self, name):
        if name == "mtgkb_lookup":
            raise AttributeError(name)
        return getattr(self._nlp, name)


@pytest.mark.parametrize("title,links,want,parses", [
    ("魂の管理人/Soul Warden", [], "Soul Warden", 2),       # a card page (its JA form names the card)
    ("無効/Annul", [], "Annul", 1),
    ("無効/Negate", [], None, 2),                            # a card's English name, not this title's card
    ("イニストラード/Innistrad", [], None, 0),               # a set's page: no card is named Innistrad
    ("急報/Raise the Alarm (2)", [], None, 0),
    ("試練/Trial", [("試練", "Trial")], "Trial", 0),        # the page links to its own title as a card
    ("誘発型能力", [], None, 1),                              # a title without '/': both forms parsed, as before
    ("急報", [], "Raise the Alarm", 1),
])
def test_page_card_skips_the_parse_of_a_title_naming_no_card(nlp, monkeypatch, title, links, want, parses):
    """A 'JA/EN' title whose English half is no card the pipeline knows gives its card only through a link,
    so its forms are not parsed; the result is the one parsing every form gives."""
    from extractor.claims import document
    from extractor import japanese
    from extractor.facts import CardRef, ExtractedDocument, Provenance, RawDocument

    doc = ExtractedDocument(raw=RawDocument(title=title, text="", path="t.txt"),
                            card_refs=[CardRef(ja, en, "link", Provenance(title)) for ja, en in links])
    assert document.page_card(doc, _WithoutLookup(nlp)) == want
    calls = []
    real = japanese.parse

    def counted(pipeline, texts, *a, **kw):             # a generator, as parse: counted when it is read
        texts = list(texts)
        if texts:
            calls.append(texts)
        yield from real(pipeline, texts, *a, **kw)

    monkeypatch.setattr(japanese, "parse", counted)
    assert document.page_card(doc, nlp) == want
    assert len(calls) == parses
