"""The web UI in a real browser: Debian's chromium + chromedriver driven by selenium against uvicorn.

Skips (with the reason) when /usr/bin/chromium or chromedriver is missing.  Screenshots go to
bench/out/screenshots/ (git-ignored).
"""
from __future__ import annotations

import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import pytest

from conftest import ROOT

CHROMIUM = Path("/usr/bin/chromium")
DRIVER = shutil.which("chromedriver") or "/usr/bin/chromedriver"
SHOTS = ROOT / "bench" / "out" / "screenshots"

pytestmark = pytest.mark.skipif(
    not CHROMIUM.exists() or not Path(DRIVER).exists(),
    reason="needs Debian's chromium and chromium-driver (apt-get install chromium chromium-driver fonts-noto-cjk)")


def mtgkb(*args: str) -> None:
    r = subprocess.run([sys.executable, "-m", "kb", *args], capture_output=True, text=True, cwd=ROOT, timeout=600)
    assert r.returncode in (0, 1), r.stdout + r.stderr


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def served(app):
    """Serve APP with uvicorn in a thread; yield its address until the caller's fixture ends."""
    import uvicorn

    port = _free_port()
    srv = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    t = threading.Thread(target=srv.run, daemon=True)
    t.start()
    for _ in range(200):
        if srv.started:
            break
        time.sleep(0.05)
    assert srv.started, "uvicorn did not start"
    yield f"http://127.0.0.1:{port}"
    srv.should_exit = True
    t.join(timeout=10)


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    from kb.web.app import create_app

    db = tmp_path_factory.mktemp("browser") / "kb.sqlite"
    mtgkb("ingest", "--no-progress", "--db", str(db))
    cr = db.parent / "cr603.txt"            # the rule the game logs cite, so their CR numbers link to a page
    cr.write_text("# form: wikitext\n=603=\n誘発型能力の扱い\n==603.2==\n試験用の規則本文。\n", encoding="utf-8")
    mtgkb("ingest", "--no-progress", str(cr), "--db", str(db))
    mtgkb("validate", "--no-progress", "--db", str(db))
    yield from served(create_app(db))


@pytest.fixture(scope="module")
def browser():
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    profile = tempfile.mkdtemp(prefix="mtgkb-chromium-")
    opts = webdriver.ChromeOptions()
    opts.binary_location = str(CHROMIUM)
    for flag in ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync",
                 "--disable-dev-shm-usage", f"--user-data-dir={profile}", "--window-size=1280,1000",
                 "--lang=ja"):
        opts.add_argument(flag)
    driver = webdriver.Chrome(service=Service(DRIVER), options=opts)
    driver.set_page_load_timeout(30)
    yield driver
    driver.quit()
    shutil.rmtree(profile, ignore_errors=True)


def _submit(driver, box, text: str) -> None:
    """Type into a form field and press Enter, then wait until the new page has replaced the old one: send_keys
    returns before the navigation it starts, so reading elements straight away can read the old page or none."""
    from selenium.common.exceptions import StaleElementReferenceException, WebDriverException
    from selenium.webdriver.common.keys import Keys

    box.send_keys(text)
    try:
        box.send_keys(Keys.ENTER)
    except (StaleElementReferenceException, WebDriverException) as e:
        # the Enter started the navigation before chromedriver finished with the field: the old page's node is
        # gone ("does not belong to the document") — the submit happened; anything else is a real failure
        if not isinstance(e, StaleElementReferenceException) and "does not belong to the document" not in str(e):
            raise
    _loaded(driver, box)


def _follow(driver, link) -> None:
    """Click a link and wait for the page it leads to (the same race as _submit)."""
    link.click()
    _loaded(driver, link)


def _loaded(driver, old) -> None:
    from selenium.webdriver.support import expected_conditions as EC
    from selenium.webdriver.support.ui import WebDriverWait

    wait = WebDriverWait(driver, 30)
    wait.until(EC.staleness_of(old))
    wait.until(lambda d: d.execute_script("return document.readyState") == "complete")


def _shot(driver, name: str) -> Path:
    SHOTS.mkdir(parents=True, exist_ok=True)
    path = SHOTS / f"{name}.png"
    height = driver.execute_script("return document.body.scrollHeight")
    driver.set_window_size(1280, min(max(800, height + 40), 2400))
    driver.save_screenshot(str(path))
    driver.set_window_size(1280, 1000)
    return path


def test_search_card_claim_in_a_browser(server, browser):
    from selenium.webdriver.common.by import By

    browser.get(server + "/")
    assert "知識ベース" in browser.find_element(By.TAG_NAME, "h1").text
    assert _shot(browser, "home").stat().st_size > 10_000
    box = browser.find_element(By.ID, "q")
    _submit(browser, box, "魂の管理人")
    assert "/search" in browser.current_url
    assert browser.find_element(By.ID, "q").get_attribute("value") == "魂の管理人"     # query kept in the box
    marks = [m.text for m in browser.find_elements(By.CSS_SELECTOR, ".snippet mark")]
    assert "魂の管理人" in marks
    _shot(browser, "search")
    _follow(browser, browser.find_element(By.CSS_SELECTOR, "a[href^='/card/']"))
    h1 = browser.find_element(By.TAG_NAME, "h1").text
    assert "魂の管理人" in h1 and "Soul Warden" in h1
    body = browser.find_element(By.TAG_NAME, "body").text
    assert "{W}" in body and "1/1" in body
    assert browser.find_elements(By.CSS_SELECTOR, "svg.graph circle")
    _shot(browser, "card")
    link = browser.find_element(By.CSS_SELECTOR, "li.claim a[href^='/claim/']")
    badge = browser.find_element(By.CSS_SELECTOR, "li.claim .badge")
    assert badge.text.endswith("confirmed")
    # the verdict colour is the confirmed green, as the stylesheet says (CSP lets our own CSS load)
    assert badge.value_of_css_property("color") in ("rgba(30, 123, 58, 1)", "rgb(30, 123, 58)")
    _follow(browser, link)
    assert "/claim/claim:" in browser.current_url
    text = browser.find_element(By.TAG_NAME, "body").text
    assert "Soul Warden's abilities trigger 2 times" in text and "triggered 2 times" in text
    assert "603.2" in text
    cr = browser.find_elements(By.CSS_SELECTOR, "ol.log a.cr")
    assert cr and cr[0].get_attribute("href").startswith(server + "/rule/")
    assert all(a.get_attribute("href").endswith("/rule/603.2") for a in cr)       # only stored rules link
    _shot(browser, "claim")


def test_document_and_keyword_pages_in_a_browser(server, browser):
    from selenium.webdriver.common.by import By

    browser.get(server + "/document/誘発型能力")
    assert browser.find_element(By.TAG_NAME, "h1").text == "誘発型能力"
    examples = browser.find_elements(By.CSS_SELECTOR, "div.example")
    assert len(examples) >= 5
    assert all(e.find_elements(By.CSS_SELECTOR, ".badge") for e in examples)     # a verdict beside each
    assert "'''" not in browser.find_element(By.CSS_SELECTOR, "section.lead").text  # markup dropped
    _shot(browser, "document")
    browser.get(server + "/keyword/授与")
    assert "授与" in browser.find_element(By.TAG_NAME, "h1").text
    assert browser.find_elements(By.CSS_SELECTOR, "li.claim .badge.v-confirmed")
    _shot(browser, "keyword")
