"""Release-note card blocks (extractor/claims/note_blocks.py): the card a block heads is the card its rules-text
lines are the printed text of, and the subject of its bullets.  Layouts written here from the release-note form
(name line, cost, type line, P/T, text, bullets); names resolved by a lookup built here."""
from __future__ import annotations

from extractor.claims.note_blocks import card_text_claims, note_blocks
from extractor.japanese import fold

LOOKUP = {fold(ja): en for ja, en in [("ズズ熊", "Zz Bear"), ("ズズ槍", "Zz Lance"), ("ズズの炎", "Zz Flame")]}


def blocks(text: str, off: int = 0):
    return note_blocks(text, off, LOOKUP)


def test_official_layout_text_lines_and_bullets():
    text = "\n".join(["カード別注釈", "", "《ズズ熊》", "{1}{G}", "クリーチャー ― 熊", "2/2", "飛行",
                      "{1}：ターン終了時まで、ズズ熊は+1/+0の修整を受ける。", "•それ自身を対象にできる。",
                      "", "•二つ目の注釈。", "", "次の段落は注釈ではない。"])
    (b,) = blocks(text)
    assert (b.first, b.card, b.text_lines, b.last) == (3, "Zz Bear", (7, 8), 11)
    assert [(ln, card) for ln, _, card in card_text_claims([b], text, 0)] == [(7, "Zz Bear"), (8, "Zz Bear")]


def test_blog_layouts_date_before_the_name_type_run_on_after_the_cost_a_remark_after_the_name():
    text = "\n".join(["2015年3月19日 TCG全般《ズズの炎》", "{R}インスタント", "クリーチャー1体を対象とする。",
                      "* 注釈。", "-----", "《ズズ槍》(デッキのカード)", "{3}", "アーティファクト ― 装備品",
                      "装備{3}", "•注釈。"])
    a, b = blocks(text, off=10)
    assert (a.card, a.first, a.text_lines, a.last) == ("Zz Flame", 11, (13,), 14)
    assert (b.card, b.first, b.text_lines, b.last) == ("Zz Lance", 16, (19,), 20)


def test_a_page_cut_inside_the_name_and_an_unknown_card():
    text = "\n".join(["ズ槍》", "{3}", "アーティファクト", "テキスト。", "《知らない札》", "{1}", "エンチャント", "テキスト。"])
    a, b = blocks(text)
    assert a.card is None and b.card is None and a.text_lines == (4,)     # 「ズ槍」 is no card's full name
    assert list(card_text_claims([a, b], text, 0)) == []                  # no card: no card_text claim


def test_prose_that_names_a_card_at_a_line_end_is_no_block():
    text = "\n".join(["この効果を持つのは《ズズ熊》", "クリーチャーは飛行を持つ。", "《ズズ熊》", "飛行を持つ。"])
    assert blocks(text) == []          # the next line is neither a mana cost nor a whole type line


def test_a_bare_name_before_a_cost_line_and_a_name_with_its_english_name():
    text = "\n".join(["ズズ熊", "{1}{G}", "クリーチャー ― 熊", "2/2", "＊注釈。", "", "《ズズの炎/Zz Flame》", "{R}",
                      "インスタント", "テキスト。", "※注釈。", "", "ズズ熊", "クリーチャー ― 熊"])
    a, b = blocks(text)
    assert (a.card, a.first, a.text_lines, a.last) == ("Zz Bear", 1, (), 5)
    assert (b.card, b.first, b.text_lines, b.last) == ("Zz Flame", 7, (10,), 11)
    # a bare name needs a mana cost line after it (a type line alone is no block: a heading word could be a name)


def test_a_keyword_line_that_is_also_a_cards_name_is_no_block():
    lookup = {**LOOKUP, fold("瞬速"): "Flash"}
    text = "\n".join(["《ズズ熊》", "{1}{G}", "クリーチャー ― 熊", "瞬速", "{1}：ズズ熊は+1/+0の修整を受ける。", "•注釈。"])
    (b,) = note_blocks(text, 0, lookup)
    assert (b.card, b.text_lines, b.last) == ("Zz Bear", (4, 5), 6)


def test_a_blank_line_before_the_text_when_bullets_follow_it_and_commentary_without_bullets():
    text = "\n".join(["《ズズ熊》", "{1}{G}", "クリーチャー ― 熊", "2/2", "", "飛行", "", "・注釈。", "",
                      "《ズズの炎》", "{R}", "インスタント", "", "このカードは強い。", "", "次の話題。"])
    a, b = blocks(text)
    assert (a.card, a.text_lines, a.last) == ("Zz Bear", (6,), 8)
    assert (b.card, b.text_lines, b.last) == ("Zz Flame", (), 12)      # commentary, no bullets: prose
