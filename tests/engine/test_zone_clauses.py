"""Condition clauses of the zone readers (can_destroy / can_exile / zone_after) on real cards compiled from
../shared/cards/AtomicCards.json: who owns a described object (「対戦相手がオーナーであるクリーチャーをあなたが
コントロールしている場合」, 400.3 / 108.3), the +1/+1 and -1/-1 counters put on a named card (122.1; toughness 0,
704.5f, even when indestructible, 702.12b; pairs removed, 704.5q), and a keyword given as the cause in its
adjective form (「破壊不能なので」: a fact of the card, checked against it).  Each true statement comes with mutated
false ones (number, polarity, zone, whose zone, card swapped): none is confirmed, and each true one is."""
from __future__ import annotations

import pytest

from test_crosscheck_g4 import _verdicts, card_fixtures, judge, undecided, wrong_and_missed

table, nlp = card_fixtures(["Grizzly Bears", "Darksteel Myr", "Hill Giant", "Pacifism", "Murder", "Unsummon",
                            "Swords to Plowshares", "River Boa", "Raise the Alarm", "Bonesplitter"])

OWNED = [
    ("対戦相手がオーナーであるクリーチャーをあなたがコントロールしている場合、そのクリーチャーが死亡するとオーナーの墓地に置かれる。", True),
    ("対戦相手がオーナーであるクリーチャーをあなたがコントロールしている場合、そのクリーチャーが死亡するとあなたの墓地に置かれる。", False),
    ("あなたがオーナーではないクリーチャーをコントロールしている場合、そのクリーチャーが破壊されると対戦相手の墓地に置かれる。", True),
    ("あなたがオーナーではないクリーチャーをコントロールしている場合、そのクリーチャーが破壊されるとあなたの墓地に置かれる。", False),
    ("オーナーが対戦相手であるクリーチャーをあなたがコントロールしているとき、そのクリーチャーが破壊されると対戦相手の墓地に置かれる。", True),
    ("オーナーが対戦相手であるクリーチャーをあなたがコントロールしているとき、そのクリーチャーが破壊されるとあなたの墓地に置かれる。", False),
]

COUNTERS = [
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
]


def test_who_owns_a_described_object(nlp, table):
    wrong, missed = wrong_and_missed(nlp, table, OWNED)
    assert not wrong and not missed, (wrong, missed)


def test_counters_put_on_a_named_card(nlp, table):
    wrong, missed = wrong_and_missed(nlp, table, COUNTERS)
    assert not wrong and not missed, (wrong, missed)


@pytest.mark.parametrize("text", [
    # the cause given is not a fact of the card: never judged
    "《灰色熊》に致死ダメージが与えられても、破壊不能なので戦場に残る。",
    # another object's counters are never staged on this one
    "《灰色熊》に-1/-1カウンターが2個置かれると、《ダークスティールのマイア》は墓地に置かれる。",
    # the card that put them is a fact the clause does not hold
    "《丘巨人》で《灰色熊》に-1/-1カウンターが2個置かれると、《灰色熊》は墓地に置かれる。",
    # 「対戦相手の…」 names its controller, not its owner: no ownership fact read from it
    "対戦相手のクリーチャーをあなたがコントロールしている場合、そのクリーチャーが破壊されるとあなたの墓地に置かれる。",
])
def test_a_fact_not_of_the_object_decides_nothing(nlp, table, text):
    undecided([v for v in _verdicts(nlp, table, None, text) if v.kind in ("zone_after", "can_destroy")])


def test_the_counters_and_the_owner_are_the_objects_conditions(nlp, table):
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


# 704.5q said of a named card's counters: the card's own toughness (a stand-in never takes its place)
PAIRS = [
    ("《丘巨人》に+1/+1カウンターが1個と-1/-1カウンターが2個置かれている場合、-1/-1カウンターが1個残る。", True),
    ("《丘巨人》に+1/+1カウンターが1個と-1/-1カウンターが2個置かれている場合、-1/-1カウンターが2個残る。", False),   # number
    ("《丘巨人》に+1/+1カウンターが1個と-1/-1カウンターが2個置かれている場合、+1/+1カウンターが1個残る。", False),   # kind
    ("《丘巨人》に+1/+1カウンターが1個と-1/-1カウンターが2個置かれている場合、両方とも残る。", False),              # polarity
    ("《灰色熊》に+1/+1カウンターが2個と-1/-1カウンターが2個置かれている場合、カウンターはすべて取り除かれる。", True),
    ("《灰色熊》に+1/+1カウンターが3個と-1/-1カウンターが2個置かれている場合、カウンターはすべて取り除かれる。", False),
    ("+1/+1カウンターが1個置かれたクリーチャーに-1/-1カウンターが1個置かれても、両方とも残る。", False),
]


def test_counters_of_a_named_card_cancel_out(nlp, table):
    wrong, missed = wrong_and_missed(nlp, table, PAIRS)
    assert not wrong and not missed, (wrong, missed)


@pytest.mark.parametrize("text", [
    # 2/2 with a net -2: it is put into the graveyard (704.5f) — what is left on it is not observed
    "《灰色熊》に+1/+1カウンターが1個と-1/-1カウンターが3個置かれている場合、-1/-1カウンターが2個残る。",
    # a card with rules text of its own is not staged beside 704.5q
    "《ダークスティールのマイア》に+1/+1カウンターが1個と-1/-1カウンターが1個置かれている場合、両方とも取り除かれる。",
])
def test_a_named_card_the_counters_would_take_away_decides_nothing(nlp, table, text):
    undecided([v for v in _verdicts(nlp, table, None, text) if v.kind == "counters_annihilate"])


# an Aura on a named creature that a named spell makes leave: the spell cast on it (608.2), then 704.5m (303.4d)
HOSTS = [
    ("《平和な心》がつけられた《灰色熊》が《送還》で手札に戻されると、《平和な心》はオーナーの墓地に置かれる。", True),
    ("《平和な心》がつけられた《灰色熊》が《送還》で手札に戻されても、《平和な心》は戦場に残る。", False),
    ("《平和な心》がつけられた《灰色熊》が《殺害》で破壊されると、《平和な心》は墓地に置かれる。", True),
    ("《平和な心》がつけられた《灰色熊》が《殺害》で破壊されても、《平和な心》は戦場に残る。", False),
    ("《平和な心》がつけられた《灰色熊》が《剣を鍬に》で追放されても、《平和な心》は戦場に残る。", False),
]


def test_an_aura_whose_named_host_a_named_spell_removes(nlp, table):
    wrong, missed = wrong_and_missed(nlp, table, HOSTS)
    assert not wrong and not missed, (wrong, missed)


@pytest.mark.parametrize("text", [
    # the spell does not do what the sentence says it does: never staged as doing it
    "《平和な心》がつけられた《灰色熊》が《送還》で破壊されると、《平和な心》は墓地に置かれる。",
    # a host with rules text of its own (regeneration) is not the plain host staged
    "《平和な心》がつけられた《リバー・ボア》が《殺害》で破壊されると、《平和な心》は墓地に置かれる。",
])
def test_a_host_or_means_not_staged_as_said_decides_nothing(nlp, table, text):
    vs = [v for v in _verdicts(nlp, table, None, text) if v.kind == "zone_after"]
    assert vs, text
    undecided(vs)


# a token a named spell made (111.1), moved off the battlefield: it ceases to exist (111.7, 704.5d); the maker's
# other token stays
MADE = [
    ("《急報》で生成したトークンが《送還》で手札に戻された場合、そのトークンは消滅する。", True),
    ("《急報》で生成したトークンは、《送還》で手札に戻されても手札に残る。", False),
    ("《急報》で生成したトークンが《殺害》で破壊されると、そのトークンは消滅する。", True),
    ("《急報》で生成したトークンが《殺害》で破壊されると、そのトークンは墓地に残る。", False),
    ("《急報》が生み出したトークンが追放されると、そのトークンは消滅する。", True),
    ("《急報》が生み出したトークンが破壊されても、そのトークンは戦場に残る。", False),
]


def test_a_token_a_named_spell_made(nlp, table):
    wrong, missed = wrong_and_missed(nlp, table, MADE)
    assert not wrong and not missed, (wrong, missed)


@pytest.mark.parametrize("text", [
    # the named spell does not do what the sentence says: not staged as doing it
    "《急報》で生成したトークンが《送還》で破壊されると、そのトークンは消滅する。",
    # a card that makes no token is no token's maker
    "《殺害》で生成したトークンが破壊されると、そのトークンは消滅する。",
])
def test_a_token_not_made_or_moved_as_said_decides_nothing(nlp, table, text):
    vs = [v for v in _verdicts(nlp, table, None, text) if v.kind == "zone_after"]
    assert vs, text
    undecided(vs)


# attached to nothing: an Aura goes (704.5m), an Equipment stays (704.5n, 301.5c)
UNATTACHED = [
    ("何にもつけられていないオーラは、オーナーの墓地に置かれる。", True),
    ("どのオブジェクトにもつけられていないオーラは、戦場に残る。", False),
    ("何にもつけられていない装備品は、戦場に残る。", True),
    ("何にもつけられていない装備品は、墓地に置かれる。", False),
    ("何にもつけられていない《平和な心》は墓地に置かれる。", True),
    ("何にもつけられていない《骨断ちの矛槍》は墓地に置かれる。", False),
]


def test_attached_to_nothing(nlp, table):
    wrong, missed = wrong_and_missed(nlp, table, UNATTACHED)
    assert not wrong and not missed, (wrong, missed)


def test_attached_to_nothing_is_no_fact_of_a_creature(nlp, table):
    vs = [v for v in _verdicts(nlp, table, None, "何にもつけられていない《灰色熊》は戦場に残る。") if v.kind == "zone_after"]
    assert vs
    undecided(vs)
