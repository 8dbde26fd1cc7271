"""extractor.claims: typed claims per kind (several phrasings), seed 000 answers, seed 001 examples,
mutations of the source text, ids and provenance."""
from __future__ import annotations

import re

import pytest

from extractor.claims import attach_claims, kanji_int, normalise, split_sentences
from extractor.facts import CardRef, Example, ExtractedDocument, Provenance, RawDocument
from extractor.prose import extract_prose

from conftest import SEED_000, SEED_001
from claimdata import example_doc


claims_of = example_doc      # one hand-built example, its claims read (tests/claimdata.py)


def kinds(doc, kind):
    return [c for c in doc.claims if c.kind == kind]


# --------------------------------------------------------------------------------------------- helpers

def test_numbers_and_sentences():
    assert kanji_int("二") == 2 and kanji_int("十二") == 12 and kanji_int("二十") == 20 and kanji_int("二十三") == 23
    assert normalise("２回と二回、一方") == "2回と2回、一方"
    text = "白への信心は５である。（赤への信心は３である。）次の文。"
    assert [text[a:b] for a, b in split_sentences(text)] == ["白への信心は５である。（赤への信心は３である。）", "次の文。"]


# --------------------------------------------------------------------------------------------- per kind

@pytest.mark.parametrize("text,times", [
    ("例：《急報》によって2体のクリーチャーが戦場に出たとき、《魂の管理人》の能力は2回誘発する。", 2),
    ("《急報》によって２体のクリーチャーが戦場に出たとき、魂の管理人の能力は２回誘発する。", 2),
    ("《急報》で二体のクリーチャーが戦場に出た場合、《魂の管理人》の能力は二回誘発します。", 2),
    ("《急報》によって3体のクリーチャーが戦場に出たとき、《魂の管理人》の能力は3回誘発する。", 3),
])
def test_trigger_count(nlp, text, times):
    (c,) = kinds(claims_of(nlp, text), "trigger_count")
    assert c.outcome == {"times": times}
    assert c.subject == "Soul Warden" and c.situation["cause"] == "Raise the Alarm"
    assert c.situation["event"] == "enters"
    assert {"type": "Creature", "n": times} in c.situation["objects"]


@pytest.mark.parametrize("text,subject,event", [
    ("《審判の日》によって《ズーラポートの殺し屋》を含むクリーチャーが死亡した。ズーラポートの殺し屋の能力は、死亡したクリーチャーの数だけ誘発する。",
     "Zulaport Cutthroat", "dies"),
    ("《審判の日》でクリーチャーが死亡した。《ズーラポートの殺し屋》の能力は死亡したクリーチャーの数と同じ回数誘発する。",
     "Zulaport Cutthroat", "dies"),
])
def test_trigger_count_per_object(nlp, text, subject, event):
    (c,) = kinds(claims_of(nlp, text), "trigger_count")
    assert c.outcome["times"] == "per_object" and c.subject == subject and c.situation["event"] == event
    assert c.situation["cause"] == "Day of Judgment"


def test_trigger_count_per_object_counts_named_cards(nlp):
    text = "《溶鉄の尖峰、ヴァラクート》と5枚の《山》が同時に戦場に出た。ヴァラクートの能力は戦場に出た山の数だけ誘発する。"
    (c,) = kinds(claims_of(nlp, text), "trigger_count")
    assert c.subject == "Valakut, the Molten Pinnacle"
    assert c.outcome == {"times": "per_object", "n": 5}
    assert c.situation["objects"] == [{"card": "Mountain", "n": 5}]


@pytest.mark.parametrize("text", ["従って、《鍛冶の神、パーフォロス》の能力は誘発しない。",
                                  "《鍛冶の神、パーフォロス》の能力は誘発しません。",
                                  "この場合、鍛冶の神、パーフォロスの能力が誘発することはない。"])
def test_no_trigger(nlp, text):
    (c,) = kinds(claims_of(nlp, text), "no_trigger")
    assert c.outcome == {"times": 0} and c.subject == "Purphoros, God of the Forge"


@pytest.mark.parametrize("text,counter,can", [
    ("《本質の散乱》で打ち消せる。", "Essence Scatter", True),
    ("《本質の散乱》で打ち消すことができる。", "Essence Scatter", True),
    ("《本質の散乱》では打ち消せない。", "Essence Scatter", False),
    ("《本質の散乱》では打ち消すことはできない。", "Essence Scatter", False),
    ("《否認》で打ち消せます。", "Negate", True),
    ("この呪文は《無効》によって打ち消される。", "Annul", True),
])
def test_can_counter(nlp, text, counter, can):
    (c,) = kinds(claims_of(nlp, text), "can_counter")
    assert c.outcome == {"can": can} and c.subject == counter and c.situation["counter"] == counter


def test_can_counter_mode_and_spell_types_from_context(nlp):
    text = ("授与コストを支払って唱えると、これはエンチャント・オーラ呪文となる。従って《否認》で打ち消せる。"
            "《本質の散乱》では対象に取れず打ち消せない。")
    doc = claims_of(nlp, text)
    by = {c.subject: c for c in kinds(doc, "can_counter")}
    assert by["Negate"].outcome["can"] is True and by["Essence Scatter"].outcome["can"] is False
    assert by["Negate"].situation["mode"] == "bestow"
    assert "Enchantment" in by["Negate"].situation["spell_types"]
    assert "Creature" not in by["Negate"].situation["spell_types"]
    (t,) = kinds(doc, "can_target")
    assert t.subject == "Essence Scatter" and t.outcome == {"can": False}


@pytest.mark.parametrize("text,can", [("《否認》では対象に取れず打ち消せない。", False),
                                      ("スタック上の神を《否認》の対象に取ることはできない。", False),
                                      ("《否認》で対象に取れる。", True)])
def test_can_target(nlp, text, can):
    (c,) = kinds(claims_of(nlp, text), "can_target")
    assert c.outcome == {"can": can} and c.situation["source"] == "Negate"


@pytest.mark.parametrize("text,color,value", [
    ("この場合、白への信心は５である。", "W", 5), ("この場合、白への信心は5です。", "W", 5),
    ("この場合、白への信心は四である。", "W", 4), ("赤への信心を数えるとすると、それは３である。", "R", 3),
    ("緑への信心は合計7となる。", "G", 7),
])
def test_devotion(nlp, text, color, value):
    (c,) = kinds(claims_of(nlp, text), "devotion")
    assert c.outcome == {"color": color, "value": value} and c.situation["color"] == color


def test_devotion_counts_named_permanents(nlp):
    text = "《ヘリオッドの福音者》の能力は白への信心を数えるので、《ヘリオッドの福音者》と《鋤引きの雄牛》を数えて、合計3となる。"
    (c,) = kinds(claims_of(nlp, text), "devotion")
    assert c.situation["permanents"] == ["Evangel of Heliod", "Yoked Ox"] and c.outcome["value"] == 3


@pytest.mark.parametrize("text", ["解決時に対象が不適正であっても、授与コストを支払って唱えられた呪文は、元のクリーチャー・エンチャントで戦場に出る。",
                                  "授与で唱えた呪文の対象が無くなった場合、それはクリーチャー・エンチャントとして戦場に出ます。"])
def test_enters_as(nlp, text):
    (c,) = kinds(claims_of(nlp, text), "enters_as")
    assert c.outcome == {"types": ["Creature", "Enchantment"], "zone": "battlefield"}
    assert c.situation["mode"] == "bestow" and c.situation["target_illegal"] is True


@pytest.mark.parametrize("text", ["結局、何も起きない。", "その能力は何もしない。", "何も起こらない。", "なにも起きません。"])
def test_nothing_happens(nlp, text):
    (c,) = kinds(claims_of(nlp, text), "nothing_happens")
    assert c.outcome == {"nothing": True}


def test_result_counts(nlp):
    text = "《形見持ちのゴルゴン》の能力を連続で２回起動した。起動自体は可能であるが、１体しか破壊できない。（乗る+1/+1カウンターも１個のみ）"
    (c,) = kinds(claims_of(nlp, text), "result")
    assert c.outcome["destroyed"] == 1 and c.outcome["counters"] == {"kind": "+1/+1", "n": 1}
    assert c.situation["actions"] == {"activate": 2} and c.subject == "Keepsake Gorgon"
    text2 = text.replace("１体しか", "２体しか")
    (c2,) = kinds(claims_of(nlp, text2), "result")
    assert c2.outcome["destroyed"] == 2


def test_result_order_of_effects(nlp):
    text = "《噂の蒐集家》の能力が追加で誘発したなら、先に解決した方から「占術1」「カードを1枚引く」になる。"
    (c,) = kinds(claims_of(nlp, text), "result")
    assert c.outcome["order"] == ["scry 1", "draw 1"] and c.subject == "Rumor Gatherer"
    assert c.situation.get("extra_trigger") is True


def test_must_target(nlp):
    text = ("あなたしかアーティファクトをコントロールしていないときに《躁の蛮人》を戦場に出した。"
            "あなたは自分のコントロールするアーティファクトを対象に選んで躁の蛮人の能力をスタックに置かなければならない。")
    (c,) = kinds(claims_of(nlp, text), "must_target")
    assert c.outcome == {"target": "own Artifact", "controller": "you"} and c.subject == "Manic Vandal"
    assert c.situation["board"]["opponent"] == [] and "Artifact" in c.situation["board"]["you"]


def test_stack_order_free_and_first(nlp):
    text = ("対戦相手が《大修道士、エリシュ・ノーン》をコントロールしているときに《真面目な身代わり》を出した。"
            "どちらを先にスタックに置いてもよい。")
    (c,) = kinds(claims_of(nlp, text), "stack_order")
    assert c.outcome == {"free_order": True}
    assert c.situation["controllers"] == {"opponent": ["Elesh Norn, Grand Cenobite"], "you": ["Solemn Simulacrum"]}
    text2 = ("《台所の嫌がらせ屋》が攻撃し、《残忍なレッドキャップ》にブロックされた。"
             "スタックに置く順はアクティブ・プレイヤーのコントロールする台所の嫌がらせ屋の頑強が先になる。")
    (c2,) = kinds(claims_of(nlp, text2), "stack_order")
    assert c2.outcome == {"first": "Kitchen Finks"} and c2.situation["order_rule"] == "APNAP"


def test_once_per_turn(nlp):
    (c,) = kinds(claims_of(nlp, "《エルフの戦練者》のような1ターンに1回しか誘発しない能力は、追加で誘発することはない。"),
                 "once_per_turn")
    assert c.outcome == {"max_times": 1, "extra_trigger": False} and c.subject == "Elvish Warmaster"
    assert not kinds(claims_of(nlp, "《エルフの戦練者》の能力は１ターンに１回しか誘発しない。"), "no_trigger")


@pytest.mark.parametrize("text,choice", [
    ("例：《金切り声のコウモリ》の能力のコストを支払うか決めるのは解決時である。", "pay"),
    ("《突き刺しモズ》を生け贄に捧げるかを選択するのは能力の解決時である。", "sacrifice"),
])
def test_choice_on_resolution(nlp, text, choice):
    links = (("金切り声のコウモリ", "Screeching Bat"),)          # not in the bundled table: known from the link
    (c,) = kinds(claims_of(nlp, text, links), "choice_on_resolution")
    assert c.situation["choice"] == choice and c.outcome == {"decided": "resolution"}
    assert c.subject in ("Screeching Bat", "Impaler Shrike")


@pytest.mark.parametrize("text,returned", [
    ("《絡み根の霊》が死亡し不死が誘発した。解決前に《トーモッドの墓所》によって絡み根の霊が墓地から追放された場合、不死は絡み根の霊を戦場に戻す事はできない。", False),
    ("《絡み根の霊》が死亡し不死が誘発した。不死は絡み根の霊を戦場に戻せない。", False),
    ("《絡み根の霊》が死亡し不死が誘発した。不死は絡み根の霊を戦場に戻すことができる。", True),
])
def test_no_return(nlp, text, returned):
    (c,) = kinds(claims_of(nlp, text), "no_return")
    assert c.outcome == {"returned": returned} and c.subject == "Strangleroot Geist"
    assert c.situation["ability"] == "undying"


def test_unrecognised_text_gives_no_claims(nlp):
    for text in ("これはただの説明文である。", "", "授与は、テーロスに収録されている新しいキーワード能力である。"):
        doc = claims_of(nlp, text)
        assert doc.claims == [] and len(doc.unparsed) == 1
    raw = RawDocument(title="t", text="ただの文章です。\n\n特に何の構造もない。\n", path="t.txt", form="prose", key="t.txt")
    doc = extract_prose(raw)
    attach_claims(doc, nlp)
    assert doc.claims == [] and doc.unparsed == []


# --------------------------------------------------------------------------------------------- seed 000

def seed000_claims(nlp, text: str | None = None):
    text = SEED_000.read_text(encoding="utf-8") if text is None else text
    doc = extract_prose(RawDocument(title="テーロス", text=text, path=str(SEED_000), form="prose", key=SEED_000.name))
    attach_claims(doc, nlp)
    return doc


def by_answer(doc, answer, kind):
    return [c for c in doc.claims if c.answer == answer and c.kind == kind]


def test_seed000_bestow_counterspells(nlp):
    doc = seed000_claims(nlp)
    expect = {"1-1": {"Essence Scatter": True, "Negate": False, "Annul": True},
              "1-2": {"Essence Scatter": False, "Negate": True, "Annul": True}}
    for answer, counters in expect.items():
        got = {c.subject: c.outcome["can"] for c in by_answer(doc, answer, "can_counter")}
        assert got == counters, answer
        modes = {c.situation["mode"] for c in by_answer(doc, answer, "can_counter")}
        assert modes == {"normal" if answer == "1-1" else "bestow"}
        assert all("授与" in c.keywords for c in by_answer(doc, answer, "can_counter"))
    assert [c.subject for c in by_answer(doc, "1-1", "can_target")] == ["Negate"]
    assert [c.subject for c in by_answer(doc, "1-2", "can_target")] == ["Essence Scatter"]
    assert "Creature" in by_answer(doc, "1-1", "can_counter")[0].situation["spell_types"]
    assert "Creature" not in by_answer(doc, "1-2", "can_counter")[0].situation["spell_types"]


def test_seed000_all_answers(nlp):
    doc = seed000_claims(nlp)
    (e13,) = {c.outcome["types"] == ["Creature", "Enchantment"] and c.situation["target_illegal"]
              for c in by_answer(doc, "1-3", "enters_as")}
    assert e13
    d21 = by_answer(doc, "2-1", "devotion")
    assert [(c.outcome["color"], c.outcome["value"]) for c in d21] == [("W", 3)]
    assert d21[0].situation["permanents"] == ["Evangel of Heliod", "Yoked Ox"]
    assert [c.outcome for c in by_answer(doc, "2-1", "result")] == [{"tokens": 3}]
    assert sorted((c.outcome["color"], c.outcome["value"]) for c in by_answer(doc, "2-2", "devotion")) == [
        ("R", 3), ("W", 5)]
    assert by_answer(doc, "2-2", "devotion")[0].situation["symbols"] == "hybrid"
    assert [(c.outcome["color"], c.outcome["value"]) for c in by_answer(doc, "2-3", "devotion")] == [("W", 3)]
    assert by_answer(doc, "2-3", "devotion")[0].situation["symbols"] == "phyrexian"
    c31 = by_answer(doc, "3-1", "can_counter")
    assert [(c.subject, c.outcome["can"]) for c in c31] == [("Essence Scatter", True)]
    assert "Creature" in c31[0].situation["spell_types"] and c31[0].situation["zone"] == "stack"
    n32 = by_answer(doc, "3-2", "no_trigger")
    assert n32 and all(c.outcome == {"times": 0} for c in n32)
    assert "Purphoros, God of the Forge" in {c.subject for c in n32}
    assert all(c.situation["event"] == "enters" and c.situation["devotion_insufficient"] for c in n32)
    (r41,) = by_answer(doc, "4-1", "result")
    assert r41.outcome == {"destroyed": 1, "counters": {"kind": "+1/+1", "n": 1}}
    assert r41.situation["actions"] == {"activate": 2} and r41.subject == "Keepsake Gorgon"
    assert "怪物化" in r41.keywords
    assert by_answer(doc, "4-2", "nothing_happens")
    answers = {c.answer for c in doc.claims if c.answer}
    assert answers == {"1-1", "1-2", "1-3", "2-1", "2-2", "2-3", "3-1", "3-2", "4-1", "4-2"}
    assert doc.unparsed == []


def test_seed000_provenance_and_ids(nlp):
    doc = seed000_claims(nlp)
    lines = SEED_000.read_text(encoding="utf-8").split("\n")
    ids = [c.id for c in doc.claims]
    assert len(ids) == len(set(ids)) and all(re.fullmatch(r"claim:[0-9a-f]{12}", i) for i in ids)
    for c in doc.claims:
        assert c.text and c.text in lines[c.prov.line - 1], (c.kind, c.prov.line)
        assert c.prov.document == "テーロス" and c.prov.file == str(SEED_000)
        if c.answer:
            assert c.example_id == f"ex:{SEED_000.name}:{next(e.prov.line for e in doc.examples if e.id == c.example_id)}"
    assert [c.id for c in seed000_claims(nlp).claims] == ids          # stable across runs


def test_seed000_mutations_change_claims(nlp):
    text = SEED_000.read_text(encoding="utf-8")
    swapped = text.replace("本質の散乱", "\0").replace("否認", "本質の散乱").replace("\0", "否認")
    doc = seed000_claims(nlp, swapped)
    got = {c.subject: c.outcome["can"] for c in by_answer(doc, "1-1", "can_counter")}
    assert got == {"Negate": True, "Essence Scatter": False, "Annul": True}

    flipped = text.replace("《本質の散乱》で打ち消せる", "《本質の散乱》で打ち消せない")
    doc = seed000_claims(nlp, flipped)
    assert [c.outcome["can"] for c in by_answer(doc, "3-1", "can_counter")] == [False]

    four = text.replace("白への信心は５である", "白への信心は４である")
    doc = seed000_claims(nlp, four)
    assert [c.outcome["value"] for c in by_answer(doc, "2-2", "devotion") if c.outcome["color"] == "W"] == [4]


# --------------------------------------------------------------------------------------------- seed 001

def seed001_doc(nlp, text: str | None = None):
    from extractor import extract
    from extractor.sources import read_path
    (raw,) = list(read_path(SEED_001))
    if text is not None:
        raw.text = text
    doc = extract(raw)
    attach_claims(doc, nlp)
    return doc


def claim_for(doc, en_name, kind):
    return [c for c in doc.claims if c.kind == kind and en_name in c.cards]


def test_seed001_every_example_has_a_claim(nlp):
    doc = seed001_doc(nlp)
    assert len(doc.examples) >= 12
    assert doc.unparsed == [], [e.text[:40] for e in doc.unparsed]
    with_claim = {c.example_id for c in doc.claims}
    assert all(e.id in with_claim for e in doc.examples)


def test_seed001_claim_values(nlp):
    doc = seed001_doc(nlp)
    (c,) = claim_for(doc, "Soul Warden", "trigger_count")
    assert c.outcome == {"times": 2} and c.situation["cause"] == "Raise the Alarm" and c.subject == "Soul Warden"
    (c,) = claim_for(doc, "Valakut, the Molten Pinnacle", "trigger_count")
    assert c.outcome == {"times": "per_object", "n": 6}
    (c,) = claim_for(doc, "Zulaport Cutthroat", "trigger_count")
    assert c.outcome["times"] == "per_object" and c.situation["event"] == "dies"
    (c,) = claim_for(doc, "Manic Vandal", "must_target")
    assert c.outcome["target"] == "own Artifact"
    (c,) = claim_for(doc, "Solemn Simulacrum", "stack_order")
    assert c.outcome == {"free_order": True} and c.situation["controllers"]["opponent"] == ["Elesh Norn, Grand Cenobite"]
    (c,) = claim_for(doc, "Kitchen Finks", "stack_order")
    assert c.outcome == {"first": "Kitchen Finks"}
    assert claim_for(doc, "Bleak Coven Vampires", "nothing_happens")
    (c,) = claim_for(doc, "Strangleroot Geist", "no_return")
    assert c.outcome == {"returned": False} and c.situation["cause"] == "Tormod's Crypt"
    (c,) = claim_for(doc, "Rumor Gatherer", "result")
    assert c.outcome["order"] == ["scry 1", "draw 1"]
    (c,) = claim_for(doc, "Elvish Warmaster", "once_per_turn")
    assert c.outcome["max_times"] == 1
    assert claim_for(doc, "Screeching Bat", "choice_on_resolution")[0].situation["choice"] == "pay"
    assert claim_for(doc, "Impaler Shrike", "choice_on_resolution")[0].situation["choice"] == "sacrifice"
    for c in doc.claims:
        assert c.prov.line is not None and c.example_id and "誘発型能力" in c.keywords


def test_seed001_mutation_2_to_3(nlp):
    from extractor.sources import read_path
    (raw,) = list(read_path(SEED_001))
    assert "魂の管理人/Soul Warden]]の能力は2回誘発する" in raw.text
    doc = seed001_doc(nlp, raw.text.replace("の能力は2回誘発する", "の能力は3回誘発する"))
    (c,) = claim_for(doc, "Soul Warden", "trigger_count")
    assert c.outcome == {"times": 3}


def test_more_phrasings(nlp):
    doc = claims_of(nlp, "誰かが土地を破壊する呪文を唱えた場合、その能力はその呪文の解決中に墓地に送られた土地の枚数とおなじ回数だけ誘発する。")
    assert [c.outcome["times"] for c in kinds(doc, "trigger_count")] == ["per_object"]
    doc = claims_of(nlp, "この能力は一度誘発し、スタックを離れるまでは再び誘発することはない。")
    assert [c.outcome for c in kinds(doc, "trigger_count")] == [{"times": 1}]
    doc = claims_of(nlp, "その遅延誘発型能力が誘発されることはない。")
    assert [c.outcome for c in kinds(doc, "no_trigger")] == [{"times": 0}]
    doc = claims_of(nlp, "スタック上の神を《否認》の対象に取ることはできず、他の呪文の対象にはできる。")
    assert [(c.subject, c.outcome["can"]) for c in kinds(doc, "can_target")][0] == ("Negate", False)


def test_result_power_toughness_ignores_quoted_card_text(nlp):
    text = "「それは3/3のクリーチャーになる。」という効果の後で、+1/+1の修整を受けると、4/4の土地・クリーチャーになる。"
    (c,) = kinds(claims_of(nlp, text), "result")
    assert c.outcome["pt"] == "4/4"
    (c,) = kinds(claims_of(nlp, text.replace("4/4の", "5/4の")), "result")
    assert c.outcome["pt"] == "5/4"
    assert kinds(claims_of(nlp, "「それは3/3のクリーチャーになる。」という効果を持つ。"), "result") == []


def test_without_a_pipeline_cards_come_from_links():
    text = "例：急報/Raise the Alarmによって2体のクリーチャーが戦場に出たとき、魂の管理人/Soul Wardenの能力は2回誘発する。"
    raw = RawDocument(title="t", text=text, path="t.txt", form="wikitext", key="t.txt")
    prov = Provenance(document="t", line=1)
    ex = Example(id="ex:t.txt:1", text=text, prov=prov,
                 cards=[CardRef("急報", "Raise the Alarm", "link", prov), CardRef("魂の管理人", "Soul Warden", "link", prov)])
    doc = ExtractedDocument(raw=raw, examples=[ex])
    attach_claims(doc, None)
    (c,) = doc.claims
    assert c.kind == "trigger_count" and c.subject == "Soul Warden" and c.situation["cause"] == "Raise the Alarm"


def test_rule_examples_are_read(nlp):
    from extractor.facts import Rule
    text = "例：《鍛冶の神、パーフォロス》の能力は誘発しない。"
    raw = RawDocument(title="603", text=text, path="603.txt", form="rules", key="603.txt")
    prov = Provenance(document="603", line=1)
    ex = Example(id="ex:603.txt:1", text=text, prov=prov, rule="603.2")
    doc = ExtractedDocument(raw=raw, rules=[Rule(number="603.2", text="", parent="603", prov=prov, examples=[ex])])
    attach_claims(doc, nlp)
    assert [c.kind for c in doc.claims] == ["no_trigger"] and doc.claims[0].example_id == ex.id


from hypothesis import given, settings, strategies as st  # noqa: E402

_PIECES = ["《本質の散乱》", "《否認》", "で", "では", "打ち消せ", "ない", "る", "。", "（", "）", "「", "」", "２回", "二回",
           "誘発する", "誘発しない", "白への信心は", "５", "である", "何も起きない", "1−1）", "のように", "\n", "　",
           "対象に取れず", "が先になる", "《", "》", "/", "枚の山", "体", "解決時"]


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(_PIECES) | st.text(max_size=5), max_size=30))
def test_any_text_gives_well_formed_claims_or_none(nlp, parts):
    text = "".join(parts)
    for form in ("prose", "wikitext"):
        raw = RawDocument(title="t", text=text, path="t.txt", form=form, key="t.txt")
        doc = extract_prose(raw) if form == "prose" else claims_of(nlp, text)
        if form == "prose":
            attach_claims(doc, nlp)
        ids = [c.id for c in doc.claims]
        assert len(ids) == len(set(ids))
        for c in doc.claims:
            assert c.text and c.kind and isinstance(c.outcome, dict) and c.outcome
            assert c.prov.line is not None and 1 <= c.prov.line <= max(1, text.count("\n") + 1)


def test_polarity_mutations_flip_the_kind(nlp):
    doc = seed000_claims(nlp, SEED_000.read_text(encoding="utf-8").replace("誘発しない", "誘発する"))
    assert by_answer(doc, "3-2", "no_trigger") == []
    t = by_answer(doc, "3-2", "trigger_count")
    assert t and all(c.outcome == {"times": 1} and c.situation["event"] == "enters" for c in t)
    from extractor.sources import read_path
    (raw,) = list(read_path(SEED_001))
    doc = seed001_doc(nlp, raw.text.replace("山/Mountain]]の数だけ誘発する", "山/Mountain]]の数だけ誘発しない")
                      .replace("山の数だけ誘発する", "山の数だけ誘発しない"))
    # 'as many times as the Mountains' negated says only that it does not trigger that many times: a negated
    # count, not 'it never triggers'
    assert claim_for(doc, "Valakut, the Molten Pinnacle", "no_trigger") == []
    (c,) = claim_for(doc, "Valakut, the Molten Pinnacle", "trigger_count")
    assert c.outcome == {"times": "per_object", "n": 6, "negated": True}
    assert c.situation["objects"] == [{"card": "Mountain", "n": 6}] and c.situation["event"] == "enters"


def test_nth_resolution_limits_the_actions(nlp):
    text = ("《形見持ちのゴルゴン》の能力を連続で２回起動したとしても、１つ目の起動型能力の解決では"
            "《形見持ちのゴルゴン》の誘発型能力も誘発する。")
    (c,) = kinds(claims_of(nlp, text), "trigger_count")
    assert c.outcome == {"times": 1} and c.situation["actions"] == {"activate": 1}


def test_huge_prose_paragraph_and_repeat_calls(nlp):
    text = "前置き。\n" + "ただの説明である" * 12_000 + "\n\n《鍛冶の神、パーフォロス》の能力は誘発しない。\n"
    assert len(text.encode("utf-8")) > 200_000
    doc = extract_prose(RawDocument(title="t", text=text, path="t.txt", form="prose", key="t.txt"))
    attach_claims(doc, nlp)
    attach_claims(doc, nlp)
    assert [(c.kind, c.prov.line, c.subject) for c in doc.claims] == [("no_trigger", 4, "Purphoros, God of the Forge")]


def test_conditional_and_negated_counts_are_not_trigger_counts(nlp):
    doc = claims_of(nlp, "一度誘発したら、その能力がスタックにある限りもう一度誘発することはない。")
    assert kinds(doc, "trigger_count") == []
    assert [c.outcome for c in kinds(doc, "no_trigger")] == [{"times": 0}]


def test_can_cast_modes(nlp):
    text = ("例：《ガラクの大軍》は「あなたはあなたのライブラリーの一番上からクリーチャー・呪文を唱えてもよい。」という能力を持つ。"
            "ライブラリーの一番上が授与を持つクリーチャー・カードだった場合、そのカードをクリーチャー・呪文として唱えることはできるが、"
            "授与された状態で唱えることはできない。")
    doc = claims_of(nlp, text, (("ガラクの大軍", "Garruk's Horde"),))
    got = [(c.situation["mode"], c.outcome["can"], c.subject) for c in kinds(doc, "can_cast")]
    assert got == [("normal", True, "Garruk's Horde"), ("bestow", False, "Garruk's Horde")]
    assert all(c.situation["zone"] == "library" for c in kinds(doc, "can_cast"))
    doc = claims_of(nlp, "この効果は、授与を持つクリーチャー・カードが授与された状態で唱えられることを妨げない。")
    assert [(c.situation["mode"], c.outcome["can"]) for c in kinds(doc, "can_cast")] == [("bestow", True)]
    assert kinds(claims_of(nlp, "「クリーチャー・呪文は唱えられない。」という能力を持つ。"), "can_cast") == []


def test_situation_before_resolution_and_entered(nlp):
    """What changed between triggering and resolution, with the count the text states; what entered."""
    doc = claims_of(nlp, "例：冷たき集いの吸血鬼の能力の解決前に、あなたのコントロールするアーティファクトが破壊され２つになった。"
                         "そのまま能力を解決した場合、冷たき集いの吸血鬼の能力は何もしない。")
    [c] = kinds(doc, "nothing_happens")
    assert c.subject == "Bleak Coven Vampires"
    assert c.situation["before_resolution"] == {"event": "destroyed", "type": "Artifact", "controller": "you",
                                                "remaining": 2}
    doc = claims_of(nlp, "例：対戦相手が大修道士、エリシュ・ノーンをコントロールしているときに真面目な身代わりを出した。"
                         "どちらを先にスタックに置いてもよい。")
    [c] = kinds(doc, "stack_order")
    assert c.situation["entered"] == ["Solemn Simulacrum"]
    assert c.situation["board"]["opponent"] == ["Elesh Norn, Grand Cenobite"]


def test_later_activations(nlp):
    doc = claims_of(nlp, "起動型能力は複数回起動できるが、２回目以降など、もうすでに怪物的であった場合、怪物化を行ってもなにも起きない。")
    [c] = kinds(doc, "nothing_happens")
    assert c.situation["actions"] == {"activate": 2}


def _page(nlp, title: str, text: str, form: str = "rendered"):
    raw = RawDocument(title=title, text=text, path="p.txt", form=form, key="p.txt")
    doc = extract_prose(raw) if form == "prose" else ExtractedDocument(raw=raw)
    attach_claims(doc, nlp)
    return doc


def test_card_page_subject_and_card_text(nlp):
    """On a card's own page (title = the card's name) the card is the subject of what names no card; its
    counterspell wording gives one can_counter claim per spell type; another card's box ends the page's card
    (and what is in that box is that card's)."""
    doc = _page(nlp, "無効/Annul", "Annul / 無効 (青)\nインスタント\n\n"
                "アーティファクト呪文1つかエンチャント呪文1つを対象とし、それを打ち消す。\n\n"
                "Malfunction (青)\nインスタント\n\nアーティファクト呪文1つを対象とし、それを打ち消す。\n")
    cs = kinds(doc, "can_counter")
    assert [(c.subject, c.situation["spell_types"], c.outcome["can"], c.prov.line) for c in cs] == [
        ("Annul", ["Artifact"], True, 4), ("Annul", ["Enchantment"], True, 4),
        ("Malfunction", ["Artifact"], True, 9)]                 # a box's rules text is that box's card's
    doc = _page(nlp, "本質の散乱/Essence Scatter", "クリーチャー呪文1つを対象とする。それを打ち消す。\n")
    [c] = kinds(doc, "can_counter")
    assert c.subject == "Essence Scatter" and c.situation["spell_types"] == ["Creature"]
    doc = _page(nlp, "魂の管理人/Soul Warden", "他のクリーチャーが1体戦場に出るたび、あなたは1点のライフを得る。\n")
    [c] = kinds(doc, "result")
    assert c.subject == "Soul Warden" and c.outcome == {"life": {"gain": 1}}
    # not a card's page: no subject is made up
    doc = _page(nlp, "誘発型能力", "他のクリーチャーが1体戦場に出るたび、あなたは1点のライフを得る。\n")
    assert [c.subject for c in kinds(doc, "result")] == [None]


def test_additional_trigger_wording_on_its_card_page(nlp):
    doc = _page(nlp, "パンハモニコン/Panharmonicon",
                "アーティファクト1つかクリーチャー1体が戦場に出たことによりあなたがコントロールするパーマネントの"
                "誘発型能力が誘発するなら、その能力は追加でもう1回誘発する。\n")
    [c] = kinds(doc, "trigger_count")
    assert c.subject is None and c.outcome == {"times": 2}
    assert c.situation["extra_source"] == "Panharmonicon" and c.situation["event"] == "enters"
    assert c.situation["objects_any"] == [{"type": "Artifact", "n": 1}, {"type": "Creature", "n": 1}]


def test_can_target_reads_what_is_targeted(nlp):
    doc = claims_of(nlp, "スタック上の神を否認/Negateの対象に取ることはできず、手札に戻すこともできない。",
                    (("否認", "Negate"),))
    [c] = kinds(doc, "can_target")
    assert c.subject == "Negate" and c.outcome == {"can": False}
    assert c.situation["zone"] == "stack" and c.situation["target_kind"] == "god"


def test_devotion_with_permanents_given_by_cost_and_keyword_ability_statements(nlp):
    doc = claims_of(nlp, "例：プレイヤーがこの両方のパーマネントと、もう1つコストが{R}{R}{R}のパーマネントをコントロールしているとき、"
                         "そのプレイヤーの赤への信心は、鍛冶の神、パーフォロスのタイプ変更効果が適用される前に計算されて5であり、"
                         "鍛冶の神、パーフォロスはクリーチャーである。")
    [c] = kinds(doc, "devotion")
    assert c.outcome == {"color": "R", "value": 5}
    assert c.situation["permanents"] == ["Purphoros, God of the Forge", {"cost": "{R}{R}{R}", "n": 1}]
    doc = claims_of(nlp, "英雄的能力は、あなたがその英雄的クリーチャーを対象とする呪文を唱えるたびに誘発します。")
    assert [c.situation.get("ability_keyword") for c in kinds(doc, "trigger_count")] == ["heroic"]


def test_card_box_text_belongs_to_the_box_card_on_any_page(nlp):
    doc = _page(nlp, "怪物化", "怪物化とは、キーワード処理の1つ。\n\nKeepsake Gorgon / 形見持ちのゴルゴン (3)(黒)(黒)\n"
                "クリーチャー — ゴルゴン(Gorgon)\n\n(5)(黒)(黒):怪物化1を行う。(このクリーチャーが怪物的でない場合、"
                "これの上に+1/+1カウンターを1個置く。これは怪物的になる。)\n\n2/5\n\n"
                "その後、+1/+1カウンターを3個置く効果が解決される。\n")
    cs = kinds(doc, "result")
    assert [(c.prov.line, c.subject) for c in cs] == [(6, "Keepsake Gorgon"), (10, None)]


def test_pt_outcome_is_what_it_becomes(nlp):
    doc = claims_of(nlp, "栄光の頌歌が戦場にある状況で、通常は1/1であるクリーチャー呪文が解決されれば、2/2のクリーチャーが戦場に出る。")
    assert [c.outcome.get("pt") for c in kinds(doc, "result")] == ["2/2"]


def test_ability_given_by_its_wording_is_recorded(nlp):
    doc = claims_of(nlp, "例：「あなたのアップキープの開始時に、あなたのライフが40点以上である場合、あなたはこのゲームに勝利する。」"
                         "という能力がある。ライフが39点以下である場合、この能力は誘発しない。")
    [c] = kinds(doc, "no_trigger")
    assert c.subject is None and c.situation["quoted_ability"].startswith("あなたのアップキープの開始時に")


def test_unlinked_card_names_stay_card_mentions(nlp):
    """《名前》 and '名前/English Nameの能力' the card table does not know are still cards (so the cross-check can
    say which card it lacks); an English term that is not an ability's owner is not."""
    doc = claims_of(nlp, "誘発した、欲深きドラゴン/Covetous Dragonの状態誘発型能力は、何度でも誘発する。")
    assert [c.subject for c in kinds(doc, "trigger_count")] == ["Covetous Dragon"]
    doc = claims_of(nlp, "状態誘発/State Triggersは、ゲームの状態が条件を満たしたら直ちに誘発する。")
    assert all("State Triggers" not in c.cards for c in doc.claims)
    doc = claims_of(nlp, "その答えは、《炉のドラゴン》の能力は誘発しないということでした。")
    assert [c.subject for c in kinds(doc, "no_trigger")] == ["炉のドラゴン"]


def test_trigger_subject_is_the_ability_owner_not_any_card_with_no(nlp):
    doc = claims_of(nlp, "変位エルドラージ/Eldrazi Displacerの明滅処理中に予見者の二つの能力が誘発する。",
                    (("変位エルドラージ", "Eldrazi Displacer"),))
    assert [c.subject for c in kinds(doc, "trigger_count")] == [None]
    doc = claims_of(nlp, "例:王家の跡継ぎ/The Royal Scionsの-8能力の再帰誘発型能力は、カードを4枚引けなかった場合誘発しない。",
                    (("王家の跡継ぎ", "The Royal Scions"),))
    assert [c.subject for c in kinds(doc, "no_trigger")] == ["The Royal Scions"]


# --------------------------------------------------------------------------------------------- registry, lexicon

def test_registry_orders_claims_spans_and_skips_finders_without_their_literals():
    """A claiming finder's span is not read again by a later finder; readings are listed by ``order``; a
    finder whose literals the sentence lacks is not run."""
    from extractor.claims.registry import Found, Registry, register
    from extractor.claims.sentences import Sentence

    reg, ran = Registry(), []

    @register("extra", priority=1, claims=True, order=20, registry=reg)
    def extra(s, si, ctx):
        return [Found("extra", {}, {"times": 2}, None, m.span()) for m in re.finditer(r"もう1回誘発する", s.norm)]

    @register("plain", priority=2, order=10, registry=reg)
    def plain(s, si, ctx):
        return [Found("plain", {}, {"times": 1}, None, m.span()) for m in re.finditer(r"1回誘発する", s.norm)]

    @register("never", priority=3, needs=("打ち消",), registry=reg)
    def never(s, si, ctx):
        ran.append(s.norm)
        return []

    s = Sentence("", None, "Aは1回誘発する。Bはもう1回誘発する。", [])
    assert [(f.kind, f.span) for f in reg.read(s, 0, None)] == [("plain", (2, 8)), ("extra", (11, 19))]
    assert ran == []
    with pytest.raises(ValueError, match="already registered"):
        register("plain", priority=5, registry=reg)(plain)


def test_lexicon_values_and_bad_file(tmp_path, monkeypatch):
    import extractor.lexicon as lx

    lex = lx.lexicon()
    assert lex.colour("緑") == "G" and lex.card_type("土地") == "Land" and lex.object_type("対戦相手のクリーチャー") == "Creature"
    assert lex.types_in("アーティファクト・クリーチャー") == ["Artifact", "Creature"]
    assert lex.topic("神") == "god" and lex.topic("授与") == "bestow" and lex.topic("不死") == "undying"
    assert lex.first("events", "戦場に出た") == "enters" and lex.is_about_effect("その効果は")
    bad = tmp_path / "lexicon.yaml"
    bad.write_text("card_types: [{en: Creature}]\n", encoding="utf-8")
    monkeypatch.setattr(lx, "LEXICON_FILE", bad)
    lx.lexicon.cache_clear()
    try:
        with pytest.raises(ValueError, match="lexicon.yaml: bad lexicon"):
            lx.lexicon()
    finally:
        monkeypatch.undo()
        lx.lexicon.cache_clear()
    assert lx.lexicon().colour("白") == "W"


def test_claims_carry_english_topics_and_japanese_keywords(nlp):
    doc = claims_of(nlp, "スタック上の神を《否認》の対象に取ることはできない。")
    (c,) = kinds(doc, "can_target")
    assert c.keywords == ["スタック", "対象"] and c.topics == ["stack", "target"]     # keyword nodes stay Japanese
    assert c.situation["target_kind"] == "god"


def test_a_claim_keeps_the_words_its_reading_was_made_at(nlp):
    """Claim.clause: the part of the sentence the reading was made at (cards as 《EN》), so two statements of one
    sentence can be told apart; it is part of the sentence."""
    doc = claims_of(nlp, "《魂の管理人》の能力は2回誘発する。")
    (c,) = kinds(doc, "trigger_count")
    assert c.clause and "誘発" in c.clause and c.clause in normalise(c.text).replace("《魂の管理人》", "《Soul Warden》")
    doc = claims_of(nlp, "破壊されないパーマネントを生け贄に捧げることはできるし、タフネスが0以下であれば墓地に置かれる。")
    clauses = [c.clause for c in doc.claims]
    assert len(clauses) >= 2 and len(set(clauses)) == len(clauses), clauses


def test_an_unofficial_card_box_is_not_the_real_card_of_that_name(nlp):
    """A rendered card page's unofficial-card section (非公式/非実在カード) shows made-up cards; a box there
    whose name a real card also has is not that card: its text gets no subject (the real card's behaviour
    would check a made-up text), while the page's own box still gives its card."""
    from engine import crosscheck as cc

    text = "\n".join(["無効/Annul", "", "Annul / 無効 (青)", "インスタント", "",
                      "アーティファクト呪文1つかエンチャント呪文1つを対象とし、それを打ち消す。", "", "",
                      "非公式/非実在カード", "", "Negate (青)", "インスタント", "",
                      "クリーチャー呪文1つを対象とし、それを打ち消す。", ""])
    raw = RawDocument(title="無効/Annul", text=text, path="annul.txt", form="rendered", key="annul.txt")
    doc = ExtractedDocument(raw=raw)
    attach_claims(doc, nlp)
    own = [c for c in doc.claims if c.prov.line == 6]
    made_up = [c for c in doc.claims if c.prov.line == 14]
    assert own and all(c.subject == "Annul" for c in own), [(c.kind, c.subject) for c in own]
    assert all(c.subject is None and "Negate" not in c.cards for c in made_up), [(c.kind, c.subject) for c in made_up]
    assert all(cc.check_claim(c).verdict == "unsimulable" for c in made_up)


def test_a_named_spell_targeting_the_object_is_its_cause(nlp):
    """「《A》で《B》を対象にした場合、《B》は…」: A is the cause, cast with B as its target (nothing unrepresented);
    the clause targeting another object than the statement's stays unrepresented (never staged on this one)."""
    for verb in ("対象にした場合", "対象にしても", "対象にすると"):
        [c] = kinds(claims_of(nlp, f"《稲妻》で《セラの天使》を{verb}、《セラの天使》は破壊されない。"), "can_destroy")
        assert c.situation.get("by") and c.situation.get("target") and "unrepresented" not in c.situation, c.situation
        assert c.outcome == {"can": False}
    [c] = kinds(claims_of(nlp, "《稲妻》で《灰色熊》を対象にした場合、《セラの天使》は破壊されない。"), "can_destroy")
    assert c.situation.get("unrepresented"), c.situation
