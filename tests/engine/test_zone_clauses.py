"""Zones, permanents' state and planeswalkers in the wordings real prose uses, on real cards compiled from
../shared/cards/AtomicCards.json — each group a construction, each true statement with mutated false ones
(number, polarity, zone, whose zone, counter kind, card swapped): none is confirmed, each true one is.

- who owns a described object (「対戦相手がオーナーであるクリーチャーをあなたがコントロールしている場合」, 400.3 / 108.3);
- the +1/+1 and -1/-1 counters put on a named card (122.1; toughness 0, 704.5f, even when indestructible, 702.12b),
  a keyword given as the cause in its adjective form (「破壊不能なので」: a fact of the card, checked against it);
- 704.5q said of a named card's counters (its own toughness, never a stand-in's);
- an Aura on a named creature a named spell makes leave (608.2, then 704.5m / 303.4d);
- a token a named spell made, moved off the battlefield (111.1, 111.7, 704.5d);
- an Aura / Equipment attached to nothing (704.5m / 704.5n);
- what regeneration does (701.15a: tapped, removed from combat, damage removed);
- a loyalty-only planeswalker the compiler does not compile, by its printed characteristics (606.3, 120.3c, 704.5i)."""
from __future__ import annotations

import pytest

from test_crosscheck_g4 import _verdicts, card_fixtures, judge, undecided, wrong_and_missed

table, nlp = card_fixtures(["Grizzly Bears", "Darksteel Myr", "Hill Giant", "Pacifism", "Murder", "Unsummon",
                            "Swords to Plowshares", "River Boa", "Raise the Alarm", "Bonesplitter", "Ajani Goldmane",
                            "Liliana of the Veil", "Teferi, Time Raveler"])

GROUPS = {
    "owned": [
        ("対戦相手がオーナーであるクリーチャーをあなたがコントロールしている場合、そのクリーチャーが死亡するとオーナーの墓地に置かれる。", True),
        ("対戦相手がオーナーであるクリーチャーをあなたがコントロールしている場合、そのクリーチャーが死亡するとあなたの墓地に置かれる。", False),
        ("あなたがオーナーではないクリーチャーをコントロールしている場合、そのクリーチャーが破壊されると対戦相手の墓地に置かれる。", True),
        ("あなたがオーナーではないクリーチャーをコントロールしている場合、そのクリーチャーが破壊されるとあなたの墓地に置かれる。", False),
        ("オーナーが対戦相手であるクリーチャーをあなたがコントロールしているとき、そのクリーチャーが破壊されると対戦相手の墓地に置かれる。", True),
        ("オーナーが対戦相手であるクリーチャーをあなたがコントロールしているとき、そのクリーチャーが破壊されるとあなたの墓地に置かれる。", False),
    ],
    "counters": [
        ("《灰色熊》に-1/-1カウンターが2個置かれると、《灰色熊》は墓地に置かれる。", True),
        ("《灰色熊》に-1/-1カウンターが1個置かれると、《灰色熊》は墓地に置かれる。", False),          # number
        ("《灰色熊》に-1/-1カウンターが1個置かれても、《灰色熊》は戦場に残る。", True),
        ("《灰色熊》に+1/+1カウンターが2個置かれると、《灰色熊》は墓地に置かれる。", False),         # counter kind
        ("《丘巨人》に-1/-1カウンターが2個置かれると、《丘巨人》は墓地に置かれる。", False),         # card swapped (3/3)
        ("《ダークスティールのマイア》に-1/-1カウンターが1個置かれると、墓地に置かれる。", True),
        ("《ダークスティールのマイア》に-1/-1カウンターが1個置かれても、破壊不能なので戦場に残る。", False),
        ("《灰色熊》に+1/+1カウンターが1個と-1/-1カウンターが2個置かれても、《灰色熊》は戦場に残る。", True),
        ("《灰色熊》に+1/+1カウンターが1個と-1/-1カウンターが3個置かれても、《灰色熊》は戦場に残る。", False),
        ("《ダークスティールのマイア》に致死ダメージが与えられても、破壊不能なので戦場に残る。", True),
        ("《ダークスティールのマイア》に致死ダメージが与えられても、破壊不能なので墓地に置かれる。", False),
    ],
    "pairs": [
        ("《丘巨人》に+1/+1カウンターが1個と-1/-1カウンターが2個置かれている場合、-1/-1カウンターが1個残る。", True),
        ("《丘巨人》に+1/+1カウンターが1個と-1/-1カウンターが2個置かれている場合、-1/-1カウンターが2個残る。", False),   # number
        ("《丘巨人》に+1/+1カウンターが1個と-1/-1カウンターが2個置かれている場合、+1/+1カウンターが1個残る。", False),   # kind
        ("《丘巨人》に+1/+1カウンターが1個と-1/-1カウンターが2個置かれている場合、両方とも残る。", False),              # polarity
        ("《灰色熊》に+1/+1カウンターが2個と-1/-1カウンターが2個置かれている場合、カウンターはすべて取り除かれる。", True),
        ("《灰色熊》に+1/+1カウンターが3個と-1/-1カウンターが2個置かれている場合、カウンターはすべて取り除かれる。", False),
        ("+1/+1カウンターが1個置かれたクリーチャーに-1/-1カウンターが1個置かれても、両方とも残る。", False),
    ],
    "hosts": [
        ("《平和な心》がつけられた《灰色熊》が《送還》で手札に戻されると、《平和な心》はオーナーの墓地に置かれる。", True),
        ("《平和な心》がつけられた《灰色熊》が《送還》で手札に戻されても、《平和な心》は戦場に残る。", False),
        ("《平和な心》がつけられた《灰色熊》が《殺害》で破壊されると、《平和な心》は墓地に置かれる。", True),
        ("《平和な心》がつけられた《灰色熊》が《殺害》で破壊されても、《平和な心》は戦場に残る。", False),
        ("《平和な心》がつけられた《灰色熊》が《剣を鍬に》で追放されても、《平和な心》は戦場に残る。", False),
    ],
    "made": [
        ("《急報》で生成したトークンが《送還》で手札に戻された場合、そのトークンは消滅する。", True),
        ("《急報》で生成したトークンは、《送還》で手札に戻されても手札に残る。", False),
        ("《急報》で生成したトークンが《殺害》で破壊されると、そのトークンは消滅する。", True),
        ("《急報》で生成したトークンが《殺害》で破壊されると、そのトークンは墓地に残る。", False),
        ("《急報》が生み出したトークンが追放されると、そのトークンは消滅する。", True),
        ("《急報》が生み出したトークンが破壊されても、そのトークンは戦場に残る。", False),
    ],
    "unattached": [
        ("何にもつけられていないオーラは、オーナーの墓地に置かれる。", True),
        ("どのオブジェクトにもつけられていないオーラは、戦場に残る。", False),
        ("何にもつけられていない装備品は、戦場に残る。", True),
        ("何にもつけられていない装備品は、墓地に置かれる。", False),
        ("何にもつけられていない《平和な心》は墓地に置かれる。", True),
        ("何にもつけられていない《骨断ちの矛槍》は墓地に置かれる。", False),
    ],
    "regeneration": [
        ("再生したクリーチャーは、タップ状態で戦場に残る。", True),
        ("再生したクリーチャーは、アンタップ状態のまま戦場に残る。", False),
        ("再生したクリーチャーは、戦闘に参加し続ける。", False),
        ("再生したクリーチャーは、そのまま戦闘に参加し続ける。", False),
        ("再生したクリーチャーは、戦闘から取り除かれる。", True),
        ("《リバー・ボア》が再生すると、負っていたダメージはすべて取り除かれる。", True),
        ("《リバー・ボア》が再生した場合、《リバー・ボア》はタップ状態で戦場に残る。", True),
        ("《リバー・ボア》が再生した場合、《リバー・ボア》はアンタップ状態のまま戦場に残る。", False),
        ("《リバー・ボア》が再生した場合、《リバー・ボア》は戦闘に参加し続ける。", False),
    ],
    "walkers": [
        ("《丘巨人》が《黄金のたてがみのアジャニ》を攻撃してブロックされなかった場合、《黄金のたてがみのアジャニ》から忠誠カウンターが3個取り除かれる。", True),
        ("《丘巨人》が《黄金のたてがみのアジャニ》を攻撃してブロックされなかった場合、《黄金のたてがみのアジャニ》から忠誠カウンターが2個取り除かれる。", False),
        ("《灰色熊》が《黄金のたてがみのアジャニ》を攻撃してブロックされなかった場合、防御プレイヤーのライフは減らない。", True),
        ("《灰色熊》が《黄金のたてがみのアジャニ》を攻撃してブロックされなかった場合、防御プレイヤーのライフは2点減る。", False),
        ("《丘巨人》が《ヴェールのリリアナ》を攻撃してブロックされなかった場合、《ヴェールのリリアナ》はオーナーの墓地に置かれる。", True),
        ("《灰色熊》が《ヴェールのリリアナ》を攻撃してブロックされなかった場合、《ヴェールのリリアナ》はオーナーの墓地に置かれる。", False),
        ("《灰色熊》が《ヴェールのリリアナ》を攻撃してブロックされなかった場合、《ヴェールのリリアナ》は戦場に残る。", True),
    ],
}


@pytest.mark.parametrize("group", GROUPS)
def test_each_construction(nlp, table, group):
    wrong, missed = wrong_and_missed(nlp, table, GROUPS[group])
    assert not wrong and not missed, (wrong, missed)


# a fact the staging does not hold as said: read, and never decided
UNDECIDED = [
    # the cause given is not a fact of the card
    ("zone_after", "《灰色熊》に致死ダメージが与えられても、破壊不能なので戦場に残る。"),
    # another object's counters are never staged on this one
    ("zone_after", "《灰色熊》に-1/-1カウンターが2個置かれると、《ダークスティールのマイア》は墓地に置かれる。"),
    # the card that put them is a fact the clause does not hold
    ("zone_after", "《丘巨人》で《灰色熊》に-1/-1カウンターが2個置かれると、《灰色熊》は墓地に置かれる。"),
    # 「対戦相手の…」 names its controller, not its owner: no ownership fact read from it
    ("zone_after", "対戦相手のクリーチャーをあなたがコントロールしている場合、そのクリーチャーが破壊されるとあなたの墓地に置かれる。"),
    # 2/2 with a net -2: put into the graveyard (704.5f) — what is left on it is not observed
    ("counters_annihilate", "《灰色熊》に+1/+1カウンターが1個と-1/-1カウンターが3個置かれている場合、-1/-1カウンターが2個残る。"),
    # a card with rules text of its own is not staged beside 704.5q
    ("counters_annihilate", "《ダークスティールのマイア》に+1/+1カウンターが1個と-1/-1カウンターが1個置かれている場合、両方とも取り除かれる。"),
    # the spell does not do what the sentence says it does
    ("zone_after", "《平和な心》がつけられた《灰色熊》が《送還》で破壊されると、《平和な心》は墓地に置かれる。"),
    # a host with rules text of its own (regeneration) is not the plain host staged
    ("zone_after", "《平和な心》がつけられた《リバー・ボア》が《殺害》で破壊されると、《平和な心》は墓地に置かれる。"),
    ("zone_after", "《急報》で生成したトークンが《送還》で破壊されると、そのトークンは消滅する。"),
    # a card that makes no token is no token's maker
    ("zone_after", "《殺害》で生成したトークンが破壊されると、そのトークンは消滅する。"),
    ("zone_after", "何にもつけられていない《灰色熊》は戦場に残る。"),
    # 「…のまま戦場に残らない」 does not say whether the state or the staying is denied
    ("composed", "《リバー・ボア》が再生した場合、《リバー・ボア》はアンタップ状態のまま戦場に残らない。"),
    # a planeswalker with a static ability the engine cannot run: never stood in
    ("composed", "《丘巨人》が《時を解す者、テフェリー》を攻撃してブロックされなかった場合、《時を解す者、テフェリー》はオーナーの墓地に置かれる。"),
]


@pytest.mark.parametrize("kind, text", UNDECIDED, ids=[t[:30] for _, t in UNDECIDED])
def test_a_fact_not_staged_as_said_decides_nothing(nlp, table, kind, text):
    vs = [v for v in _verdicts(nlp, table, None, text) if v.kind == kind]
    if kind != "composed" or "テフェリー" in text:
        assert vs, (kind, text)                  # read, then refused
    undecided(vs)


def test_the_counters_are_the_objects_conditions(nlp, table):
    from extractor.claims import attach_claims
    from extractor.facts import Example, ExtractedDocument, Provenance, RawDocument

    text = "《灰色熊》に+1/+1カウンターが2個と-1/-1カウンターが1個置かれても、《灰色熊》は戦場に残る。"
    raw = RawDocument(title="テスト", text=text, path="z.txt", form="wikitext", key="z.txt")
    prov = Provenance(document="テスト", section=("解説",), line=1, file="z.txt")
    doc = ExtractedDocument(raw=raw, examples=[Example(id="ex:z.txt:1", text=text, prov=prov, cards=[])])
    attach_claims(doc, nlp)
    za = [c for c in doc.claims if c.kind == "zone_after"]
    assert len(za) == 1 and za[0].situation["card"] == "Grizzly Bears", [c.situation for c in doc.claims]
    assert {"kind": "counters", "counters": {"+1/+1": 2, "-1/-1": 1}} in za[0].situation["conditions"]
    judge([v for v in _verdicts(nlp, table, None, text) if v.kind == "zone_after"], True)


def test_which_planeswalkers_are_loyalty_only(table):
    from engine.crosscheck.walkers import loyalty_only
    assert loyalty_only(table.get("Ajani Goldmane")) and loyalty_only(table.get("Liliana of the Veil"))
    assert not loyalty_only(table.get("Teferi, Time Raveler"))          # a static ability of its own
    assert not loyalty_only(table.get("Hill Giant"))
