"""Card table: bundled names, MTGJSON loading (streamed, all-or-nothing), name resolution, show_card."""
from __future__ import annotations

import hashlib
import json

import pytest

from kb.cards import (Card, CardError, CardTable, add_card_link, load_jpnames, load_mtgjson_into, normalise_ja,
                      show_card)
from kb.store import Store
from conftest import shared_path

# names the seed documents use, with the card each one means
SEED_NAMES = {
    "本質の散乱": "Essence Scatter", "否認": "Negate", "無効": "Annul", "ヘリオッドの福音者": "Evangel of Heliod",
    "鋤引きの雄牛": "Yoked Ox", "鍛冶の神、パーフォロス": "Purphoros, God of the Forge",
    "形見持ちのゴルゴン": "Keepsake Gorgon",
}


def store_hash(store: Store) -> str:
    """Every row of every table (search indexes included)."""
    return hashlib.sha256("\n".join(store.conn.iterdump()).encode()).hexdigest()


def content_hash(store: Store) -> str:
    """Rows of the content tables (not the search indexes' internal segments)."""
    h = hashlib.sha256()
    for table in ("documents", "nodes", "edges", "settings", "cards", "card_names"):
        for row in sorted(repr(r) for r in store.conn.execute(f"SELECT * FROM {table}")):
            h.update(row.encode())
    return h.hexdigest()


def face(name, **kw):
    d = {"name": name, "types": kw.pop("types", ["Creature"]), "supertypes": [], "subtypes": [], "colors": []}
    ja = kw.pop("ja", None)
    if ja:
        d["foreignData"] = [{"language": "French", "name": "x"}, {"language": "Japanese", **ja}]
    d.update(kw)
    return d


def atomic(data: dict) -> dict:
    return {"meta": {"version": "5.2.0"}, "data": data}


SMALL = atomic({
    "Bind": [face("Bind", types=["Instant"], manaCost="{1}{G}", text="t", ja={"name": "束縛"})],
    "Bind // Liberate": [
        face("Bind // Liberate", faceName="Bind", side="a", layout="split", types=["Instant"]),
        face("Bind // Liberate", faceName="Liberate", side="b", layout="split", types=["Instant"]),
    ],
    "Hama Pashar, Ruin Seeker": [face("Hama Pashar, Ruin Seeker", manaCost="{1}{W}{U}", power="2",
                                      toughness="3", colors=["W", "U"], supertypes=["Legendary"], text="t",
                                      ja={"name": "遺跡探し、ハーマ＝パシャール"},
                                      rulings=[{"date": "2022-01-01", "text": "r"}])],
    "Screeching Bat // Stalking Vampire": [
        face("Screeching Bat // Stalking Vampire", faceName="Screeching Bat", side="a", layout="transform",
             power="2", toughness="2", ja={"name": "金切り声のコウモリ // 忍び寄る吸血鬼", "faceName": "金切り声のコウモリ"}),
        face("Screeching Bat // Stalking Vampire", faceName="Stalking Vampire", side="b", layout="transform",
             power="5", toughness="5", ja={"name": "金切り声のコウモリ // 忍び寄る吸血鬼"}),
    ],
    "Soul Warden": [face("Soul Warden", manaCost="{W}", power="1", toughness="1", colors=["W"],
                         subtypes=["Human", "Cleric"], text="t", ja={"name": "魂の管理人", "text": "t"})],
})
WIKI = [{"name": "Hama Pashar, Ruin Seeker", "jpname": "遺跡探し、ハーマ・パシャール"},
        {"name": "Soul Warden", "jpname": "魂の管理人"},
        {"name": "Newer Card", "jpname": "新しいカード"},
        {"name": "Nameless", "jpname": "undefined", "info": "nojpname"}]


@pytest.fixture
def small(tmp_path):
    p = tmp_path / "AtomicCards.json"
    p.write_text(json.dumps(atomic(SMALL["data"]), ensure_ascii=False), encoding="utf-8")
    return p


@pytest.fixture
def store():
    s = Store(":memory:")
    yield s
    s.close()


# -- normalisation and the bundled table (no ../shared needed) ----------------------------------------------
@pytest.mark.parametrize("a,b", [("ハーマ・パシャール", "ハーマ＝パシャール"), ("《否認》", "否認"),
                                 ("ｿｳﾙ", "ソウル"), ("ＡＢＣ１２", "abc12"), ("魂の 管理人", "魂の管理人"),
                                 ("ハーマ=パシャール", "ハーマ･パシャール")])
def test_normalise_ja_folds_spellings(a, b):
    assert normalise_ja(a) == normalise_ja(b)


def test_normalise_ja_keeps_different_names_apart():
    assert normalise_ja("否認") != normalise_ja("無効")


@pytest.mark.parametrize("ja,en", sorted(SEED_NAMES.items()))
def test_bundled_resolves_seed_names(ja, en):
    m = CardTable.bundled().resolve(ja)
    assert m is not None and m.card.name == en and m.score == 100.0
    assert CardTable.bundled().resolve(en).how == "exact_en"


def test_both_hama_pashar_spellings_are_one_card():
    t = CardTable.bundled()
    names = ["ハーマ・パシャール", "ハーマ＝パシャール", "遺跡探し、ハーマ・パシャール", "遺跡探し、ハーマ＝パシャール",
             "Hama Pashar"]
    found = {n: t.resolve(n) for n in names}
    assert {m.card.name for m in found.values()} == {"Hama Pashar, Ruin Seeker"}
    assert found["遺跡探し、ハーマ＝パシャール"].how in ("variant_ja", "exact_ja")
    assert all(m.how != "fuzzy" for m in found.values())


def test_bundled_resolution_order_and_fuzzy():
    t = CardTable.bundled()
    assert t.resolve("Soul Warden").how == "exact_en"
    assert t.resolve("魂の管理人").how == "exact_ja"
    assert t.resolve("soul warden").how == "normalised"
    m = t.resolve("soul wardn")
    assert m.card.name == "Soul Warden" and m.how == "fuzzy" and 80 <= m.score < 100
    m = t.resolve("魂の管理者")
    assert m.card.name == "Soul Warden" and m.how == "fuzzy"
    assert t.resolve("soul wardn", fuzzy=False) is None
    for nonsense in ("qwxzv blorp", "あいうえおかきくけこ", "", "   "):
        assert t.resolve(nonsense) is None


def test_bundled_multi_face_names():
    t = CardTable.bundled()
    assert t.resolve("金切り声のコウモリ // 忍び寄る吸血鬼").card.name == "Screeching Bat"
    assert t.resolve("Screeching Bat // Stalking Vampire").card.name == "Screeching Bat"
    assert t.resolve("忍び寄る吸血鬼").card.name == "Stalking Vampire"
    assert t.get("Stalking Vampire").full_name == "Screeching Bat // Stalking Vampire"
    m = t.resolve("Soul Warden // Nothing Such")                   # unknown whole, known face
    assert m.card.name == "Soul Warden" and m.how == "face"


def test_bundled_has_no_rules_text():
    assert all(c.text is None and c.text_ja is None and not c.rulings for c in CardTable.bundled())


# -- loading an AtomicCards file ----------------------------------------------------------------------------
def test_load_writes_cards_names_nodes_and_settings(store, small):
    summary = load_mtgjson_into(store, small)
    assert summary["cards"] == 5 and summary["faces"] == 7
    c = store.conn
    assert c.execute("SELECT count(*) FROM cards").fetchone()[0] == 6      # Bind once, Liberate, 2 bat faces
    assert store.get_setting("cards_path") == str(small.resolve())
    assert c.execute("SELECT count(*) FROM card_names WHERE key = ?", (normalise_ja("魂の管理人"),)).fetchone()[0] == 1
    plan = " ".join(r[-1] for r in c.execute("EXPLAIN QUERY PLAN SELECT name_en FROM card_names WHERE key = 'x'"))
    assert "INDEX" in plan.upper()
    node = store.node("card:Soul Warden")
    assert node["kind"] == "card" and node["doc"] is None and node["title"] == "Soul Warden"
    d = node["data"]
    assert (d["name_en"], d["name_ja"], d["cost"], d["colors"], d["pt"]) == ("Soul Warden", "魂の管理人", "{W}", "W", "1/1")
    assert d["types"] == ["Creature"] and d["subtypes"] == ["Human", "Cleric"] and d["supertypes"] == []
    assert store.node("card:Hama Pashar, Ruin Seeker")["data"]["rulings"] == [{"date": "2022-01-01", "text": "r"}]
    # a whole card keeps its name against a same-named face of another card
    assert json.loads(c.execute("SELECT data FROM cards WHERE name_en='Bind'").fetchone()[0]).get("full_name") is None
    assert store.node("card:Bind")["data"].get("full_name") is None


def test_load_twice_gives_the_same_store(store, small):
    load_mtgjson_into(store, small)
    first = content_hash(store)
    load_mtgjson_into(store, small)
    assert content_hash(store) == first


def test_table_from_store_resolves_loaded_cards(store, small):
    load_mtgjson_into(store, small)
    t = CardTable.from_store(store)
    assert t.resolve("Liberate").card.full_name == "Bind // Liberate"
    assert t.resolve("束縛").card.name == "Bind"
    bat = t.resolve("金切り声のコウモリ // 忍び寄る吸血鬼").card
    assert bat.name == "Screeching Bat" and bat.side == "a"
    assert t.resolve("忍び寄る吸血鬼").card.name == "Stalking Vampire"     # face JA split from "A // B"
    assert t.get("Soul Warden").text_ja == "t"
    assert t.resolve("Yoked Ox").card.name == "Yoked Ox"                 # bundled cards stay


def test_wiki_names_win_and_printed_names_stay_variants(store, small):
    (small.parent / "mtgwiki-jpnames.json").write_text(json.dumps(WIKI, ensure_ascii=False), encoding="utf-8")
    summary = load_mtgjson_into(store, small)                            # picks up the file beside it
    assert summary["wiki_renamed"] == 1 and summary["wiki_only_cards"] == 1
    assert store.get_setting("jpnames_path").endswith("mtgwiki-jpnames.json")
    assert store.node("card:Hama Pashar, Ruin Seeker")["data"]["name_ja"] == "遺跡探し、ハーマ・パシャール"
    t = CardTable.from_store(store)
    hama = t.get("Hama Pashar, Ruin Seeker")
    assert hama.name_ja == "遺跡探し、ハーマ・パシャール" and "遺跡探し、ハーマ＝パシャール" in hama.variants_ja
    assert t.resolve("遺跡探し、ハーマ＝パシャール").how == "variant_ja"
    assert t.resolve("新しいカード").card.name == "Newer Card"
    assert t.resolve("undefined") is None


def test_load_jpnames_alone_and_bad_jpnames(store, small, tmp_path):
    load_mtgjson_into(store, small)
    wiki = tmp_path / "names.json"
    wiki.write_text(json.dumps(WIKI, ensure_ascii=False), encoding="utf-8")
    assert load_jpnames(store, wiki)["wiki_renamed"] == 1
    before = store_hash(store)
    bad = tmp_path / "bad.json"
    bad.write_text('[{"name": "A", "jpname": "甲"}', encoding="utf-8")
    with pytest.raises(CardError, match="bad.json"):
        load_jpnames(store, bad)
    bad.write_text('{"name": "A"}', encoding="utf-8")
    with pytest.raises(CardError, match="bad.json"):
        load_jpnames(store, bad)
    assert store_hash(store) == before


@pytest.mark.parametrize("content,why", [
    (None, "truncated"),
    ('[{"name": "Soul Warden"}]', "a list"),
    ('{"meta": {}, "cards": {}}', "no data"),
    ('{"meta": {}, "data": {"10E": {"name": "Tenth Edition", "cards": []}}}', "AllPrintings-like"),
    ('{"data": {"X": [1, 2]}}', "faces not objects"),
    ("", "empty"),
])
def test_bad_card_file_is_named_and_store_unchanged(store, small, tmp_path, content, why):
    load_mtgjson_into(store, small)
    add_card_link(store.conn, "魂の番人", "Soul Warden")
    before = store_hash(store)
    bad = tmp_path / "broken.json"
    if content is None:
        raw = small.read_bytes()
        bad.write_bytes(raw[: len(raw) * 2 // 3])
    else:
        bad.write_text(content, encoding="utf-8")
    with pytest.raises(CardError) as e:
        load_mtgjson_into(store, bad)
    assert e.value.file == str(bad) and "broken.json" in str(e.value), why
    if content is None:
        assert e.value.position is not None and "near byte" in str(e.value)
    assert store_hash(store) == before
    assert CardTable.from_store(store).resolve("魂の番人").card.name == "Soul Warden"


def test_missing_card_file(store, tmp_path):
    with pytest.raises(CardError, match="nope.json"):
        load_mtgjson_into(store, tmp_path / "nope.json")


def test_plain_sqlite_connection_works_too(small):
    import sqlite3

    from kb.store import SCHEMA
    conn = sqlite3.connect(":memory:")
    conn.executescript(SCHEMA)
    load_mtgjson_into(conn, small)
    assert CardTable.from_store(conn).resolve("魂の管理人").card.name == "Soul Warden"
    assert conn.execute("SELECT value FROM settings WHERE key='cards_path'").fetchone()[0] == str(small.resolve())


def test_wiki_link_spellings_and_link_only_cards_resolve(store, small):
    load_mtgjson_into(store, small)
    add_card_link(store.conn, "魂の番人", "Soul Warden")
    add_card_link(store.conn, "未知のカード", "Unknown Card")
    store.upsert_node("card:Node Only", "card", title="Node Only", text="ノードだけ",
                      data={"name_en": "Node Only", "name_ja": "ノードだけ"})
    t = CardTable.from_store(store)
    assert t.resolve("魂の番人").card.name == "Soul Warden"
    assert t.resolve("魂の番人").how == "variant_ja"
    assert t.resolve("未知のカード").card.name == "Unknown Card"
    assert t.resolve("ノードだけ").card.name == "Node Only"
    load_mtgjson_into(store, small)                                   # a reload keeps link spellings
    assert CardTable.from_store(store).resolve("魂の番人").card.name == "Soul Warden"


# -- show_card ----------------------------------------------------------------------------------------------
def _mention(store: Store, doc: str, line: int, src_kind: str = "section", edge: str = "mentions"):
    store.conn.execute("INSERT OR IGNORE INTO documents(key, title, revision, path, form, sha256) "
                       "VALUES (?, ?, '42', ?, 'wikitext', 'x')", (doc, doc, doc))
    src = f"{'sec' if src_kind == 'section' else 'ex'}:{doc}:{line}"
    store.upsert_node(src, src_kind, title="t", text="text", doc=doc,
                      data={"document": doc, "revision": "42", "section": ["A", "B"], "line": line})
    store.add_edge(src, "card:Soul Warden", edge, doc=doc)


@pytest.mark.parametrize("query,how", [("魂の管理人", "exact_ja"), ("soul wardn", "fuzzy"),
                                       ("Soul Warden", "exact_en"), ("《魂の管理人》", "normalised")])
def test_show_card(store, small, query, how):
    load_mtgjson_into(store, small)
    _mention(store, "page.txt", 12)
    _mention(store, "page.txt", 5, "example")
    info = show_card(store, query)
    assert info["name_en"] == "Soul Warden" and info["name_ja"] == "魂の管理人"
    assert (info["cost"], info["pt"], info["types"]) == ("{W}", "1/1", ["Creature"])
    assert info["match"]["how"] == how and 0 < info["match"]["score"] <= 100
    assert [(m["document"], m["revision"], m["section"], m["line"], m["kind"]) for m in info["mentions"]] == [
        ("page.txt", "42", ["A", "B"], 5, "example"), ("page.txt", "42", ["A", "B"], 12, "section")]
    assert info["rulings"] == []


def test_show_card_rulings_and_nothing_found(store, small):
    load_mtgjson_into(store, small)
    assert show_card(store, "ハーマ＝パシャール")["rulings"] == [{"date": "2022-01-01", "text": "r"}]
    assert show_card(store, "qwxzv blorp") is None


def test_show_card_without_card_file_uses_bundled(store):
    info = show_card(store, "本質の散乱")
    assert info["name_en"] == "Essence Scatter" and info["mentions"] == []


# -- the real files (../shared) -----------------------------------------------------------------------------
@pytest.mark.shared
def test_seed_cards_resolve_by_both_names(store):
    path = shared_path("cards", "AtomicCards.seed.json")
    load_mtgjson_into(store, path)
    t = CardTable.from_store(store)
    data = json.loads(path.read_text(encoding="utf-8"))["data"]
    checked = 0
    for key, faces in data.items():
        for i, f in enumerate(faces):
            en = f.get("faceName") or f["name"]
            assert t.resolve(en).card.name == en
            assert t.resolve(key).card.name in {x.get("faceName") or x["name"] for x in faces}
            ja = [x for x in f.get("foreignData", []) if x["language"] == "Japanese"]
            if ja:
                name = ja[0].get("faceName") or ja[0]["name"]
                m = t.resolve(name)
                assert m is not None and m.how != "fuzzy", name
                assert m.card.name == en or m.card.full_name == key, (name, m.card.name)
                checked += 1
    assert checked >= 120
    for ja, en in SEED_NAMES.items():
        assert t.resolve(ja).card.name == en
    assert t.resolve("ハーマ・パシャール").card is t.resolve("ハーマ＝パシャール").card


@pytest.mark.shared
@pytest.mark.slow
def test_full_atomic_cards_load(tmp_path):
    path = shared_path("cards", "AtomicCards.json")
    with Store(tmp_path / "kb.sqlite") as s:
        summary = load_mtgjson_into(s, path, compile=False)   # the compile is benchmarked (bench/), not here
        assert summary["cards"] == 23726
        assert s.conn.execute("SELECT count(*) FROM nodes WHERE kind='card'").fetchone()[0] >= 23726
        info = show_card(s, "soul wardn")
        assert info["name_en"] == "Soul Warden" and info["rulings"]
        t = CardTable.from_store(s)
        for ja, en in SEED_NAMES.items():
            assert t.resolve(ja).card.name == en
        assert t.resolve("ハーマ・パシャール").card.name == "Hama Pashar, Ruin Seeker"
        assert t.resolve("qwxzv blorp") is None


def test_link_text_and_set_codes_resolve():
    t = CardTable.bundled()
    for text in ("魂の管理人/Soul Warden(M10)", "魂の管理人／Soul Warden", "Soul Warden (M10)", "否認/Negate"):
        m = t.resolve(text)
        assert m is not None and m.how == "link_text" and m.card.name in ("Soul Warden", "Negate"), text


def test_japanese_fuzzy_does_not_take_a_longer_name_that_contains_the_query():
    t = CardTable([Card("Soul of Theros", name_ja="テーロスの魂"), Card("Soul Warden", name_ja="魂の管理人")])
    assert t.resolve("テーロス") is None                      # a set name, not the card
    m = t.resolve("魂の管理者")                               # one character wrong
    assert m.card.name == "Soul Warden" and m.how == "fuzzy" and m.score < 100


def test_resolve_returns_the_merged_card_not_a_stale_copy(store, small):
    load_mtgjson_into(store, small)
    t = CardTable.from_store(store)
    for name in ("魂の管理人", "Soul Warden", "soul wardn", "《魂の管理人》"):
        card = t.resolve(name).card
        assert card is t.get("Soul Warden") and card.text_ja == "t", name
    old = t.get("Hama Pashar, Ruin Seeker")
    t.merge(Card("Hama Pashar, Ruin Seeker", name_ja="新しい名前"))
    assert t.resolve("新しい名前").card is t.get("Hama Pashar, Ruin Seeker") is not old
    assert t.resolve("遺跡探し、ハーマ＝パシャール").how == "variant_ja"


def test_table_from_an_atomic_cards_file_without_a_store(small):
    (small.parent / "mtgwiki-jpnames.json").write_text(json.dumps(WIKI, ensure_ascii=False), encoding="utf-8")
    t = CardTable.from_mtgjson(small)
    assert t.resolve("魂の管理人").card.text_ja == "t"
    assert t.get("Hama Pashar, Ruin Seeker").name_ja == "遺跡探し、ハーマ・パシャール"
    assert t.resolve("遺跡探し、ハーマ＝パシャール").card.name == "Hama Pashar, Ruin Seeker"
    assert t.resolve("新しいカード").card.name == "Newer Card"
    assert t.resolve("本質の散乱").card.name == "Essence Scatter"          # bundled cards stay
    with pytest.raises(CardError, match="AtomicCards.json"):
        small.write_text('{"data": {"X": ', encoding="utf-8")
        CardTable.from_mtgjson(small)
