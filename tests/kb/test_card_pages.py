"""Card pages (issue 22 A): names, English and Japanese text of every face, the engine's behaviour as one
answer (CLI, web, API), and cards only from card sources.  Small made-up AtomicCards and wiki files written
here: no ../shared needed."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from urllib.parse import quote

import pytest

from kb.cards import load_mtgjson_into, show_card
from kb.ingest import ingest
from kb.store import Store

ROOT = Path(__file__).resolve().parents[2]


def face(name, text, types=("Instant",), ja=None, ja_text=None, **kw):
    out = {"name": name, "text": text, "types": list(types), "supertypes": [], "subtypes": [], "colors": [], **kw}
    if ja:
        out["foreignData"] = [{"language": "Japanese", "name": ja, "text": ja_text}]
    return out


def split(full, ja_full, *faces):
    out = []
    for side, (name, ja, text, ja_text, cost) in zip("ab", faces):
        f = face(full, text, ja=ja_full, ja_text=ja_text, manaCost=cost, faceName=name, side=side, layout="split",
                 colors=["R" if "R" in cost else "U"], manaValue=4.0, colorIdentity=["R", "U"])
        f["foreignData"][0]["faceName"] = ja
        out.append(f)
    return out


CARDS = {
    "Zap Test": [face("Zap Test", "Zap Test deals 3 damage to any target.", ja="試験の電撃",
                      ja_text="試験の電撃は任意の対象1つに3点のダメージを与える。", manaCost="{R}", colors=["R"],
                      manaValue=1.0, colorIdentity=["R"])],
    "Zap Testing Twice": [face("Zap Testing Twice", "Zap Testing Twice deals 2 damage to any target.",
                               ja="試験の電撃二連", manaCost="{1}{R}", colors=["R"], manaValue=2.0, colorIdentity=["R"])],
    "Frost Half // Flame Half": split("Frost Half // Flame Half", "霜の半分 // 炎の半分",
                                      ("Frost Half", "霜の半分", "Tap target permanent.", "パーマネント1つを対象とし、それをタップする。", "{1}{U}"),
                                      ("Flame Half", "炎の半分", "Flame Half deals 2 damage to any target.",
                                       "炎の半分は任意の対象1つに2点のダメージを与える。", "{1}{R}")),
    "Winged Test": [face("Winged Test", "Flying, vigilance", types=("Creature",), ja="翼の試験", manaCost="{3}{W}{W}",
                         colors=["W"], power="4", toughness="4", subtypes=["Angel"], manaValue=5.0,
                         colorIdentity=["W"], keywords=["Flying", "Vigilance"])],
    "Spark Storm Test": [face("Spark Storm Test", "Spark Storm Test deals 4 damage to any target.", ja="火花の嵐",
                              manaCost="{3}{R}", colors=["R"], manaValue=4.0, colorIdentity=["R"])],
    "Spark Test": [face("Spark Test", "Spark Test deals 1 damage to any target.", ja="火花", manaCost="{R}",
                        colors=["R"], manaValue=1.0, colorIdentity=["R"])],
    "Gibberish Test": [face("Gibberish Test", "Frobnicate the quux until the glorp.", manaCost="{1}", manaValue=1.0)],
}

PAGE = """「カード試験の記事」を編集中
'''カード試験の記事'''は生成した記事である。
==解説==
*[[試験の電撃/Zap Test]]は[[テーロス/Theros]]に収録された。[[マーク・ローズウォーター/Mark Rosewater]]が書いた。
{{#card:Brand New Test}}
*例：[[試験の電撃/Zap Test]]で[[翼の試験/Winged Test]]を対象にした。
"""

RULE_PAGE = """「603」を編集中
'''603'''は生成した記事である。
==解説==
*[[試験の電撃/Zap Test]]の話。
"""


@pytest.fixture(scope="module")
def db(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("cardpages")
    cards = tmp / "AtomicCards.json"
    cards.write_text(json.dumps({"meta": {}, "data": CARDS}, ensure_ascii=False), encoding="utf-8")
    corpus = tmp / "corpus"
    corpus.mkdir()
    (corpus / "card-page.txt").write_text(PAGE, encoding="utf-8")
    (corpus / "603.txt").write_text(RULE_PAGE, encoding="utf-8")
    (corpus / "seesaawiki-qa-test.rendered.txt").write_text("Q：《試験の電撃》で何点与えますか？\nA：3点です。\n",
                                                           encoding="utf-8")
    path = tmp / "s.sqlite"
    with Store(str(path)) as s:
        load_mtgjson_into(s, cards)
        s.conn.commit()
        s._card_table = None
        ingest([corpus], s, parallel=False)
    return path


def run(db, *args):
    r = subprocess.run([sys.executable, "-m", "kb", *args, "--db", str(db)], cwd=ROOT, capture_output=True,
                       text=True, env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"})
    return r


def test_show_card_has_both_texts_and_one_behaviour_answer(db):
    out = run(db, "show", "card", "Zap Test")
    assert out.returncode == 0, out.stderr
    text = out.stdout
    assert "Zap Test deals 3 damage to any target." in text
    assert "試験の電撃は任意の対象1つに3点のダメージを与える。" in text
    lines = [ln for ln in text.splitlines() if "behaviour" in ln]
    assert lines == ["engine behaviour: yes", "  behaviour: compiled from the Oracle text"], lines
    gib = run(db, "show", "card", "Gibberish Test").stdout
    lines = [ln for ln in gib.splitlines() if "behaviour" in ln]
    assert len(lines) == 1 and "none" in lines[0] and "cannot simulate" in lines[0], lines


def test_behaviour_is_the_same_answer_in_cli_json_and_api(db):
    from starlette.testclient import TestClient

    from kb.web.app import create_app

    cli = json.loads(run(db, "show", "card", "Zap Test", "--json").stdout)
    assert cli["behaviour"]["status"] == "compiled" and cli["behaviour"]["defined"]
    assert "engine_behaviour" not in cli and "compiled" not in cli           # one answer, not three
    with TestClient(create_app(db)) as client:
        api = client.get("/api/card/Zap Test").json()
    assert api["behaviour"] == cli["behaviour"]


def test_split_card_shows_both_faces(db):
    for name in ("Frost Half // Flame Half", "Flame Half", "炎の半分"):
        out = run(db, "show", "card", name)
        assert out.returncode == 0, out.stderr
        for want in ("Frost Half", "Flame Half", "霜の半分", "炎の半分", "Tap target permanent.",
                     "Flame Half deals 2 damage to any target.", "{1}{U}", "{1}{R}"):
            assert want in out.stdout, (name, want)
    with Store(str(db)) as s:
        info = show_card(s, "Frost Half // Flame Half")
    assert [f["name_en"] for f in info["faces"]] == ["Frost Half", "Flame Half"]
    assert info["faces"][1]["text_ja"] == "炎の半分は任意の対象1つに2点のダメージを与える。"


def test_card_page_draws_texts_faces_and_mana_symbols(db):
    from starlette.testclient import TestClient

    from kb.web.app import create_app

    with TestClient(create_app(db)) as client:
        html = client.get("/card/" + quote("Frost Half // Flame Half", safe="")).text
        api = client.get("/api/card/Winged Test").json()
        zap = client.get("/card/Zap Test").text
    assert html.count('class="face"') == 2
    assert "Tap target permanent." in html and "炎の半分は任意の対象1つに2点のダメージを与える。" in html
    assert 'class="ms ms-u"' in html and 'class="ms ms-r"' in html         # {U} and {R} drawn
    assert "試験の電撃は任意の対象1つに3点のダメージを与える。" in zap and 'lang="en"' in zap
    assert api["keywords"] == ["Flying", "Vigilance"] and api["mana_value"] == 5.0


def test_cards_come_only_from_card_sources(db):
    with Store(str(db)) as s:
        ids = {r[0] for r in s.conn.execute("SELECT id FROM nodes WHERE kind = 'card'")}
        linked = {r[0] for r in s.conn.execute("SELECT DISTINCT dst FROM edges WHERE dst LIKE 'card:%'")}
    for made_up in ("card:Theros", "card:Mark Rosewater", "card:603", "card:seesaawiki-qa-test.rendered",
                    "card:カード試験の記事"):
        assert made_up not in ids and made_up not in linked, made_up
    assert {"card:Zap Test", "card:Winged Test", "card:Brand New Test"} <= linked


def test_a_card_box_the_card_file_lacks_stays_a_card_marked(db):
    out = run(db, "show", "card", "Brand New Test")
    assert out.returncode == 0, out.stderr
    assert "not in the card file" in out.stdout
    assert "not in the card file" not in run(db, "show", "card", "Zap Test").stdout


def test_a_misspelt_name_says_did_you_mean(db):
    out = run(db, "show", "card", "Zap Tset")
    assert out.returncode == 0 and out.stderr.startswith("did you mean: Zap Test"), out.stderr
    assert out.stdout.startswith("Zap Test / 試験の電撃")


# --------------------------------------------------------------------------------------------- keywords
BESTOW_CR = """# form: wikitext
==702.900==
試験能力／Testability
===702.900a===
試験能力は生成した規則である。
"""


@pytest.mark.parametrize("name,ja,en", [("deathtouch", "接死", "Deathtouch"), ("接死", "接死", "Deathtouch"),
                                        ("flying", "飛行", "Flying"), ("scry", "占術", "Scry"),
                                        ("ward", "護法", "Ward"), ("飛行", "飛行", "Flying"),
                                        ("First Strike", "先制攻撃", "First strike")])
def test_every_keyword_by_english_or_japanese_name(db, name, ja, en):
    out = run(db, "show", "keyword", name)
    assert out.returncode == 0, out.stderr
    assert out.stdout.splitlines()[0].endswith(f"{ja} / {en}"), out.stdout


def test_keyword_page_gives_kind_rule_and_the_cards_that_have_it(db):
    info = json.loads(run(db, "show", "keyword", "flying", "--json").stdout)
    assert info["kind"] == "ability" and info["cards_count"] == 1
    assert info["cards"] == [{"name_en": "Winged Test", "name_ja": "翼の試験"}]
    assert json.loads(run(db, "show", "keyword", "scry", "--json").stdout)["kind"] == "action"
    assert "not in this store" in run(db, "show", "keyword", "flying").stdout       # no CR page stored


def test_keyword_rule_from_a_stored_cr_page(tmp_path):
    from kb import keywords

    (tmp_path / "702.900.txt").write_text(BESTOW_CR, encoding="utf-8")
    with Store(str(tmp_path / "s.sqlite")) as s:
        ingest([tmp_path / "702.900.txt"], s, parallel=False)
        kw = keywords.KeywordName("Testability", "試験能力", "ability")
        rule = keywords.rule_of(s.conn, kw)
    assert rule["number"] == "702.900" and rule["subrules"][0]["number"] == "702.900a"


def test_keyword_page_on_the_web(db):
    from starlette.testclient import TestClient

    from kb.web.app import create_app

    with TestClient(create_app(db)) as client:
        r = client.get("/keyword/deathtouch")
        html = client.get("/keyword/" + quote("飛行")).text
    assert r.status_code == 200 and "接死" in r.text
    assert "Winged Test" in html and "/card/Winged%20Test" in html and "CR 702" in html


# ---------------------------------------------------------------------------------------------- search
def _ids(db, query, limit=50):
    from kb import search as S

    with Store(str(db)) as s:
        return [h.id for h in S.search(s, query, limit=limit)]


@pytest.mark.parametrize("query,want,unwanted", [
    ("t:creature", {"card:Winged Test"}, {"card:Zap Test"}),
    ("t:angel", {"card:Winged Test"}, set()),
    ("o:\"damage to any target\"", {"card:Zap Test", "card:Flame Half"}, {"card:Frost Half"}),
    ("o:ダメージ", {"card:Zap Test", "card:Flame Half"}, {"card:Winged Test"}),
    ("mv>=5", {"card:Winged Test"}, {"card:Zap Test"}),
    ("cmc:1", {"card:Zap Test", "card:Gibberish Test"}, {"card:Winged Test"}),
    ("mv<2 c:r", {"card:Zap Test"}, {"card:Gibberish Test", "card:Zap Testing Twice"}),
    ("c:c", {"card:Gibberish Test"}, {"card:Zap Test"}),
    ("id<=r", {"card:Zap Test", "card:Gibberish Test"}, {"card:Flame Half", "card:Winged Test"}),
    ("id:ur", {"card:Flame Half", "card:Zap Test"}, {"card:Winged Test"}),
    ("c=u", {"card:Frost Half"}, {"card:Flame Half"}),
    ("pow>=4 tou=4", {"card:Winged Test"}, set()),
    ("pow<=4", {"card:Winged Test"}, {"card:Zap Test"}),
    ("kw:flying", {"card:Winged Test"}, {"card:Zap Test"}),
    ("is:split", {"card:Frost Half", "card:Flame Half"}, {"card:Zap Test"}),
    ("t:angel or is:split", {"card:Winged Test", "card:Frost Half"}, {"card:Zap Test"}),
    ("t:instant -c:r", {"card:Frost Half", "card:Gibberish Test"}, {"card:Zap Test", "card:Flame Half"}),
])
def test_scryfall_operators(db, query, want, unwanted):
    ids = set(_ids(db, query))
    assert want <= ids and not (unwanted & ids), (query, ids)


@pytest.mark.parametrize("query,message", [("t:creature foo:bar", "unknown operator 'foo:'"),
                                           ("mv>=x", "a number is needed"), ("c:purple", "unknown colour"),
                                           ("is:weird", "unknown is:weird"), ("t:elf or", "'or' at the end"),
                                           ("t>3", "takes ':'"), ("誘発 or t:elf", "must join two operators")])
def test_bad_operator_gets_the_parsers_message(db, query, message):
    out = run(db, "search", query)
    assert out.returncode == 2 and message in out.stderr, out.stderr


def test_exact_names_rank_first(db):
    assert _ids(db, "Zap Test")[0] == "card:Zap Test"
    assert _ids(db, "kind:card 試験の電撃")[0] == "card:Zap Test"        # before 試験の電撃二連
    assert _ids(db, "kind:card 火花")[0] == "card:Spark Test"          # a two-character name: token index
    assert "card:Spark Storm Test" in _ids(db, "kind:card 火花")
