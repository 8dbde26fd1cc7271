"""A card the page names (card box, 《》, its title) is that card wherever the page writes its name, with or without
《》, full or by its short form — never a generic stand-in (issue 20).  Made-up pages over the bundled cards."""
from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "engine"))
from test_paraphrases import _nlp  # noqa: E402


def claims(text: str, title: str = "ルール解説") -> list:
    from extractor.claims import attach_claims
    from extractor.facts import ExtractedDocument, RawDocument

    doc = ExtractedDocument(raw=RawDocument(title=title, text=text, path="p.txt", form="rendered", key="p.txt"),
                            examples=[])
    attach_claims(doc, _nlp())
    return doc.claims


def named(c) -> str:
    """The claim's situation as text: the card names it stages are in it."""
    return json.dumps(c.situation, ensure_ascii=False)


BOX = "《死者の神、エレボス》\n{3}{B}\n伝説のエンチャント・クリーチャー ― 神\n"


@pytest.mark.parametrize("line", ["•エレボスはブロックできない。", "•死者の神、エレボスはブロックできない。",
                                  "•エレボスが破壊された場合、オーナーの墓地に置かれる。"])
def test_a_short_or_bare_name_the_page_states_is_that_card(line):
    got = claims(BOX + line + "\n")
    assert got, "the statement about the page's card is read"
    assert all("Erebos, God of the Dead" in named(c) for c in got), [(c.kind, c.situation) for c in got]


def test_the_page_title_names_the_card_its_short_form_stands_for():
    got = claims("•エレボスはブロックできない。\n", title="死者の神、エレボス")
    assert got and all("Erebos, God of the Dead" in named(c) for c in got), [(c.kind, c.situation) for c in got]


def test_a_short_form_the_page_does_not_state_is_no_card_and_no_stand_in_decides():
    from engine import crosscheck as cc

    got = claims("•エレボスはブロックできない。\n")
    assert not any("Erebos, God of the Dead" in named(c) for c in got)
    assert all(cc.check_claim(c, None).verdict == "unsimulable" for c in got), [(c.kind, c.situation) for c in got]


def test_the_named_card_decides_and_its_mutation_is_never_confirmed():
    """Erebos is indestructible and can't block (its own text): the statements about it are judged on it."""
    from engine import crosscheck as cc

    def verdicts(line):
        return {cc.check_claim(c, None).verdict for c in claims(BOX + line + "\n")}
    assert "confirmed" in verdicts("•エレボスはブロックできない。")
    assert "confirmed" not in verdicts("•エレボスはブロックできる。")
    assert "confirmed" not in verdicts("•エレボスが破壊された場合、オーナーの墓地に置かれる。")


def test_document_names_reads_bracketed_names_the_card_table_knows():
    from extractor.claims.document import document_names
    from extractor.japanese import fold

    lookup = {fold("死者の神、エレボス"): "Erebos, God of the Dead"}
    got = document_names("《死者の神、エレボス》を参照。", lookup)
    assert got["死者の神、エレボス"] == got["エレボス"] == "Erebos, God of the Dead"
    assert "エレボス" not in document_names("《死者の神、エレボス》を参照。")       # no table: nothing is guessed
    assert document_names("本文", None, ("死者の神、エレボス", "Erebos, God of the Dead"))["エレボス"] == \
        "Erebos, God of the Dead"


def test_a_name_that_is_also_a_word_stays_a_word():
    """A page naming 《再生》 (a card) or titled 再生 (a keyword page) does not make every 再生 on it that card."""
    from extractor.claims.document import document_names
    from extractor.japanese import fold

    lookup = {fold("再生"): "Regenerate", fold("死者の神、エレボス"): "Erebos, God of the Dead"}
    got = document_names("《再生》と《死者の神、エレボス》。", lookup, ("再生", "Regenerate"))
    assert "再生" not in got and got["エレボス"] == "Erebos, God of the Dead"
