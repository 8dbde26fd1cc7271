"""The Japanese compile (kb/cards_ja.py): a face's Japanese printed text compiles, through the Oracle compiler's own
binder, to the same behaviour as the English text of the same construction; `mtgkb cards coverage --lang ja`.
Small AtomicCards files written here: no ../shared needed."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.oracle.compile import compile_face
from kb.cards_ja import compile_face_ja
from kb.cli import main


def face(name, en, ja, types=("Instant",), **kw):
    return {"name": name, "text": en, "types": list(types), "supertypes": [], "subtypes": [], "colors": [],
            "foreignData": [{"language": "Japanese", "name": "ズズ・テスト", "text": ja}], **kw}


SAME = [  # (English construction, the same construction in Japanese, types)
    ("~ deals 3 damage to any target.", "クリーチャー1体かプレイヤー1人を対象とする。ズズ・テストはそれに3点のダメージを与える。",
     ("Instant",)),
    ("Draw two cards.", "カードを2枚引く。", ("Sorcery",)),
    ("Destroy target nonland permanent.", "土地でないパーマネント1つを対象とし、それを破壊する。", ("Instant",)),
    ("Flying\nWhen ~ enters the battlefield, you gain 3 life.",
     "飛行\nズズ・テストが戦場に出たとき、あなたは3点のライフを得る。", ("Creature",)),
    ("Target creature gets +2/+2 until end of turn.",
     "クリーチャー1体を対象とする。ターン終了時まで、それは+2/+2の修整を受ける。", ("Instant",)),
    ("{T}: Add {G}.", "{T}:{G}を加える。", ("Artifact",)),
    ("At the beginning of your upkeep, target player loses 1 life.",
     "あなたのアップキープの開始時に、プレイヤー1人を対象とする。そのプレイヤーは1点のライフを失う。", ("Enchantment",)),
    # "that creature" of an event with a second object is that object (608.2c), bound as event_other
    ("Whenever ~ deals combat damage to a creature, tap that creature.",
     "ズズ・テストがクリーチャー1体に戦闘ダメージを与えるたび、そのクリーチャーをタップする。", ("Creature",)),
    ("Whenever ~ blocks or becomes blocked by a creature, ~ deals 1 damage to that creature.",
     "ズズ・テストがクリーチャー1体をブロックするかクリーチャー1体にブロックされた状態になるたび、ズズ・テストはそのクリーチャーに1点の"
     "ダメージを与える。", ("Creature",)),
    ("Whenever ~ is dealt damage, put a +1/+1 counter on it.",
     "ズズ・テストにダメージが与えられるたび、これの上に+1/+1カウンターを1個置く。", ("Creature",)),
    # several targets declared at once (115.1, 601.2c), named by place: その前者 / その後者
    ("Target creature you control fights target creature you don't control.",
     "あなたがコントロールするクリーチャー1体と、あなたがコントロールしていないクリーチャー1体を対象とする。その前者はその後者と"
     "格闘を行う。", ("Sorcery",)),
    ("Target creature you control deals damage equal to its power to another target creature.",
     "あなたがコントロールするクリーチャー1体と他のクリーチャー1体を対象とする。その前者はその後者に、自身のパワーに等しい点数の"
     "ダメージを与える。", ("Instant",)),
    ("Target creature you control gets +2/+0 until end of turn. It deals damage equal to its power to target creature an "
     "opponent controls.",
     "あなたがコントロールするクリーチャー1体と、対戦相手がコントロールするクリーチャー1体を対象とする。ターン終了時まで、その前者は"
     "+2/+0の修整を受ける。その前者はその後者に、自身のパワーに等しい点数のダメージを与える。", ("Instant",)),
    ("~ deals 4 damage to target creature and 1 damage to target player or planeswalker.",
     "クリーチャー1体とプレイヤー1人を対象とする。ズズ・テストはその前者に4点のダメージ、その後者に1点のダメージを与える。",
     ("Instant",)),
    ("Destroy target artifact. Return target creature card from your graveyard to your hand.",
     "アーティファクト1つを対象とし、あなたの墓地にあるクリーチャー・カード1枚を対象とする。その前者を破壊する。その後者をあなたの"
     "手札に戻す。", ("Sorcery",)),
    ("Target creature blocks target creature this turn if able.",
     "クリーチャー1体とクリーチャー1体を対象とする。このターン、その前者は可能ならその後者をブロックする。", ("Instant",)),
    ("Target creature gets +3/+3 until end of turn. Up to one other target creature blocks it this turn if able.",
     "クリーチャー1体と他のクリーチャー最大1体を対象とする。ターン終了時まで、その前者は+3/+3の修整を受ける。このターン、その後者は"
     "可能ならその前者をブロックする。", ("Instant",)),
    # a quoted granted ability (113.1a) is read with the same grammar as a line of its own
    ('Equipped creature has "{T}: Draw a card."', "装備しているクリーチャーは「{T}：カードを1枚引く。」を持つ。", ("Artifact",)),
    ('Creatures you control have "When this creature dies, you gain 1 life."',
     "あなたがコントロールするクリーチャーは「このクリーチャーが死亡したとき、あなたは1点のライフを得る。」を持つ。",
     ("Enchantment",)),
    ('Create a 0/1 colorless Eldrazi Spawn creature token. It has "Sacrifice this creature: Add {C}."',
     "無色の0/1のエルドラージ・落とし子・クリーチャー・トークンを1体生成する。それは「このクリーチャーを生け贄に捧げる：{C}を"
     "加える。」を持つ。", ("Sorcery",)),
]


# mutated twins of the several-target constructions: a number, the roles of the two targets, a target's filter or
# the action changed must give another behaviour than the English sentence, never the same one
DIFFERENT = [
    ("Target creature you control fights target creature you don't control.",
     "あなたがコントロールするクリーチャー1体と、あなたがコントロールしていないクリーチャー1体を対象とする。その後者はその前者に、"
     "自身のパワーに等しい点数のダメージを与える。", ("Sorcery",)),
    ("Target creature you control deals damage equal to its power to another target creature.",
     "あなたがコントロールするクリーチャー1体と他のクリーチャー1体を対象とする。その前者はその後者と格闘を行う。", ("Instant",)),
    ("~ deals 4 damage to target creature and 1 damage to target player or planeswalker.",
     "クリーチャー1体とプレイヤー1人を対象とする。ズズ・テストはその前者に1点のダメージ、その後者に4点のダメージを与える。",
     ("Instant",)),
    ("Destroy target artifact. Return target creature card from your graveyard to your hand.",
     "エンチャント1つを対象とし、あなたの墓地にあるクリーチャー・カード1枚を対象とする。その前者を破壊する。その後者をあなたの"
     "手札に戻す。", ("Sorcery",)),
    ("Destroy target artifact. Return target creature card from your graveyard to your hand.",
     "アーティファクト1つを対象とし、あなたの墓地にあるクリーチャー・カード1枚を対象とする。その前者を追放する。その後者をあなたの"
     "手札に戻す。", ("Sorcery",)),
    ("Target creature blocks target creature this turn if able.",
     "クリーチャー1体とクリーチャー1体を対象とする。このターン、その後者は可能ならその前者をブロックする。", ("Instant",)),
    ('Equipped creature has "{T}: Draw a card."', "装備しているクリーチャーは「{T}：カードを2枚引く。」を持つ。", ("Artifact",)),
    ('Equipped creature has "{T}: Draw a card."', "装備しているクリーチャーは「{T}：カードを1枚捨てる。」を持つ。", ("Artifact",)),
    ('Equipped creature has "{T}: Draw a card."', "装備しているクリーチャーは「{T}：月を1枚引く。」を持つ。", ("Artifact",)),
    ('Creatures you control have "When this creature dies, you gain 1 life."',
     "あなたがコントロールするクリーチャーは「このクリーチャーが死亡したとき、あなたは1点のライフを失う。」を持つ。",
     ("Enchantment",)),
    ('Create a 0/1 colorless Eldrazi Spawn creature token. It has "Sacrifice this creature: Add {C}."',
     "無色の0/1のエルドラージ・落とし子・クリーチャー・トークンを1体生成する。それは「このクリーチャーを生け贄に捧げる：{G}を"
     "加える。」を持つ。", ("Sorcery",)),
]


@pytest.mark.parametrize("en,ja,types", DIFFERENT)
def test_a_mutated_several_target_sentence_is_not_the_english_behaviour(en, ja, types):
    f = face("Zz Test", en.replace("~", "Zz Test"), ja, types)
    e, j = compile_face(f), compile_face_ja(f)
    assert e.supported
    assert not j.supported or json.dumps(j.behaviour, sort_keys=True) != json.dumps(e.behaviour, sort_keys=True)


@pytest.mark.parametrize("ja,why", [
    # the later target named before the earlier one: the binder numbers targets as first named — refused
    ("クリーチャー1体とプレイヤー1人を対象とする。そのプレイヤーはカードを1枚引く。その前者を破壊する。", "declared target"),
    ("アーティファクト1つとクリーチャー1体を対象とする。その後者を破壊する。その前者を破壊する。", "out of their written order"),
    # an earlier target named again after a later one: which "it" is meant is not guessed
    ("アーティファクト1つとクリーチャー1体を対象とする。その前者をタップする。その後者をタップする。その前者を破壊する。",
     "named again"),
    ("アーティファクト1つとクリーチャー1体を対象とする。それを破壊する。その後者を破壊する。", "pronoun for one of several"),
    ("アーティファクト1つとクリーチャー1体を対象とする。その前者を破壊する。", "no clause names"),
    ("アーティファクト1つを対象とする。その後者を破壊する。", "no such declared target"),
])
def test_several_targets_named_out_of_order_or_ambiguously_are_unsupported(ja, why):
    c = compile_face_ja(face("Zz Test", "", ja, ("Instant",)))
    assert not c.supported and why in (c.reason or ""), c.reason


@pytest.mark.parametrize("en,ja,types", SAME)
def test_japanese_compiles_to_the_english_behaviour(en, ja, types):
    f = face("Zz Test", en.replace("~", "Zz Test"), ja, types)
    e, j = compile_face(f), compile_face_ja(f)
    assert e.supported and j.supported, (e.reason, j.reason)
    assert json.dumps(j.behaviour, sort_keys=True) == json.dumps(e.behaviour, sort_keys=True)


def test_a_changed_number_changes_the_behaviour():
    a = compile_face_ja(face("Zz Test", "", "カードを2枚引く。", ("Sorcery",)))
    b = compile_face_ja(face("Zz Test", "", "カードを５枚引く。", ("Sorcery",)))
    assert a.behaviour["spell"]["effects"] == [{"draw": 2}] and b.behaviour["spell"]["effects"] == [{"draw": 5}]


def test_a_meaningless_sentence_makes_the_face_unsupported():
    c = compile_face_ja(face("Zz Test", "", "カードを2枚引く。\nその後、月が2回うなる。", ("Sorcery",)))
    assert not c.supported and c.behaviour is None and "月がN回うなる" in c.reason


def test_no_japanese_text_is_unsupported():
    f = face("Zz Test", "Draw two cards.", "", ("Sorcery",))
    assert not compile_face_ja(f).supported


def write(tmp_path: Path, cards: dict) -> Path:
    p = tmp_path / "AtomicCards.json"
    p.write_text(json.dumps({"meta": {}, "data": cards}, ensure_ascii=False), encoding="utf-8")
    return p


CARDS = {"Zap Test": [face("Zap Test", "Zap Test deals 3 damage to any target.",
                           "クリーチャー1体かプレイヤー1人を対象とする。ズズ・テストはそれに3点のダメージを与える。")],
         "Gibberish Test": [face("Gibberish Test", "Draw two cards.", "雲が歌うたび、あなたはきらめく。")]}


def test_coverage_lang_ja_json_carries_behaviour_in_either_language(tmp_path, capsys):
    p = write(tmp_path, CARDS)
    assert main(["cards", "coverage", "--cards", str(p), "--lang", "ja", "--json", "--db", str(tmp_path / "x.db")]) == 0
    ja = json.loads(capsys.readouterr().out)
    assert ja["lang"] == "ja" and ja["supported_faces"] == 1
    by = {f["name"]: f for f in ja["faces"]}
    assert by["Zap Test"]["behaviour"]["spell"]["effects"] == [{"damage": {"n": 3, "to": "target"}}]
    assert by["Gibberish Test"]["behaviour"] is None and "雲が歌うたび" in by["Gibberish Test"]["reason"]
    assert main(["cards", "coverage", "--cards", str(p), "--json", "--db", str(tmp_path / "x.db")]) == 0
    en = json.loads(capsys.readouterr().out)
    assert all("behaviour" in f for f in en["faces"]) and en["supported_faces"] == 2
    assert {f["name"]: f for f in en["faces"]}["Zap Test"]["behaviour"] == by["Zap Test"]["behaviour"]


def test_coverage_lang_ja_text_ranks_japanese_constructions(tmp_path, capsys):
    p = write(tmp_path, CARDS)
    assert main(["cards", "coverage", "--cards", str(p), "--lang", "ja", "--db", str(tmp_path / "x.db")]) == 0
    out = capsys.readouterr().out
    assert "Japanese constructions" in out and "雲が歌うたび" in out


def test_show_card_gives_the_japanese_compile_beside_the_english_one(tmp_path, capsys):
    from kb.cards import load_mtgjson_into
    from kb.store import Store
    cards = dict(CARDS, **{"Drift Test": [face("Drift Test", "Draw two cards.", "カードを3枚引く。", ("Sorcery",))]})
    db = tmp_path / "s.sqlite"
    with Store(str(db)) as s:
        load_mtgjson_into(s, write(tmp_path, cards))
    assert main(["show", "card", "Zap Test", "--json", "--db", str(db)]) == 0
    ja = json.loads(capsys.readouterr().out)["compiled_ja"]
    assert ja["supported"] and ja["same_as_english"] is True and ja["differences"] == []
    assert main(["show", "card", "Drift Test", "--db", str(db)]) == 0
    out = capsys.readouterr().out
    assert "Japanese compile: supported" in out and "DIFFERS from the English compile at: spell.effects[0].draw" in out
    assert main(["show", "card", "Gibberish Test", "--db", str(db)]) == 0
    assert "Japanese compile: not supported — " in capsys.readouterr().out


def test_that_creature_after_an_event_with_a_second_object_is_that_object_not_the_source():
    # 608.2c: ~がクリーチャー1体に戦闘ダメージを与えるたび、そのクリーチャー… names the damaged creature; これ names the source
    def effects(ja):
        c = compile_face_ja(face("Zz Test", "", ja, ("Creature",)))
        assert c.supported, c.reason
        return c.behaviour["triggers"][0]["effects"]
    assert effects("ズズ・テストがクリーチャー1体に戦闘ダメージを与えるたび、そのクリーチャーをタップする。") == [{"tap": "event_other"}]
    assert effects("ズズ・テストがクリーチャー1体に戦闘ダメージを与えるたび、これをタップする。") == [{"tap": "self"}]
