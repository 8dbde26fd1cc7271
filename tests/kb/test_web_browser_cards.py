"""Card, keyword and card-search pages in a real browser (issue 22 A): Debian's chromium driven by selenium
against uvicorn, over a store with a small made-up card file (tests/kb/test_card_pages.py).  Skips when
chromium or chromedriver is missing; screenshots go to bench/out/screenshots/ (git-ignored)."""
from __future__ import annotations

import json
from urllib.parse import quote

import pytest

from test_card_pages import CARDS, PAGE
from test_web_browser import _follow, _shot, _submit, browser, pytestmark, served  # noqa: F401  (fixture, skip mark)


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    from kb.cards import load_mtgjson_into
    from kb.ingest import ingest
    from kb.store import Store
    from kb.web.app import create_app

    tmp = tmp_path_factory.mktemp("browser-cards")
    cards = tmp / "AtomicCards.json"
    cards.write_text(json.dumps({"meta": {}, "data": CARDS}, ensure_ascii=False), encoding="utf-8")
    (tmp / "corpus").mkdir()
    (tmp / "corpus" / "card-page.txt").write_text(PAGE, encoding="utf-8")
    db = tmp / "kb.sqlite"
    with Store(str(db)) as s:
        load_mtgjson_into(s, cards)
        s.conn.commit()
        s._card_table = None
        ingest([tmp / "corpus"], s, parallel=False)
    yield from served(create_app(db))


def test_card_page_shows_both_texts_of_both_faces(server, browser):
    from selenium.webdriver.common.by import By

    browser.get(server + "/card/" + quote("Frost Half // Flame Half", safe=""))
    faces = browser.find_elements(By.CSS_SELECTOR, ".face")
    assert len(faces) == 2
    assert [f.find_element(By.TAG_NAME, "h3").text for f in faces] == ["霜の半分 Frost Half", "炎の半分 Flame Half"]
    assert faces[0].find_element(By.CSS_SELECTOR, ".card-text.en").text == "Tap target permanent."
    assert "パーマネント1つを対象とし" in faces[0].find_element(By.CSS_SELECTOR, ".card-text.ja").text
    assert "2点のダメージ" in faces[1].find_element(By.CSS_SELECTOR, ".card-text.ja").text
    # mana symbols drawn: a round coloured symbol, not the {U} braces
    symbol = faces[0].find_element(By.CSS_SELECTOR, ".cost abbr.ms.ms-u")
    assert symbol.text.startswith("U") and symbol.get_attribute("title") == "{U}"
    assert symbol.value_of_css_property("border-radius") == "50%"
    assert symbol.value_of_css_property("background-color") in ("rgba(170, 224, 250, 1)", "rgb(170, 224, 250)")
    _shot(browser, "card-split")


def test_card_page_behaviour_is_one_answer(server, browser):
    from selenium.webdriver.common.by import By

    browser.get(server + "/card/Zap Test")
    body = browser.find_element(By.TAG_NAME, "body").text
    assert "Zap Test deals 3 damage to any target." in body and "試験の電撃は任意の対象1つに3点" in body
    behaviour = browser.find_element(By.CSS_SELECTOR, "section.behaviour").text
    assert "compiled from the Oracle text" in behaviour and "cannot simulate" not in behaviour
    browser.get(server + "/card/Brand New Test")
    assert "not in the card file" in browser.find_element(By.TAG_NAME, "body").text


def test_keyword_page_lists_the_cards_that_have_it(server, browser):
    from selenium.webdriver.common.by import By

    browser.get(server + "/keyword/flying")
    h1 = browser.find_element(By.TAG_NAME, "h1").text
    assert "飛行" in h1 and "Flying" in h1
    assert "CR 702" in browser.find_element(By.CSS_SELECTOR, "section.rule").text
    _shot(browser, "keyword-flying")
    _follow(browser, browser.find_element(By.CSS_SELECTOR, "section.cards-with a[href^='/card/']"))
    assert "Winged Test" in browser.find_element(By.TAG_NAME, "h1").text


def test_search_page_with_card_operators(server, browser):
    from selenium.webdriver.common.by import By

    def search(q):
        browser.get(server + "/")
        _submit(browser, browser.find_element(By.ID, "q"), q)
        return [a.text for a in browser.find_elements(By.CSS_SELECTOR, "a[href^='/card/']")]

    assert any("Winged Test" in t for t in search("t:creature mv>=5"))
    found = " ".join(search("t:angel or is:split"))
    assert "Winged Test" in found and "Frost Half" in found and "Zap Test" not in found
    found = " ".join(search("t:instant -c:r"))
    assert "Frost Half" in found and "Zap Test" not in found
    _shot(browser, "search-operators")
    search("t:creature foo:bar")
    assert "unknown operator 'foo:'" in browser.find_element(By.TAG_NAME, "body").text
