"""A described creature known by a keyword it LACKS is every creature without it (standins.others_keywords,
UNIVERSAL_KEYWORDS): a statement about it is confirmed only when its outcome holds also for such a creature with
each keyword that changes tapping, attacking, blocking, combat damage, destruction or targeting and that the
description neither states nor denies.  A keyword that changes the outcome keeps the statement from being
confirmed (unsimulable, naming the keyword); statements no such keyword changes stay confirmed, and their false
mutations are still contradicted (the creature as described is one such creature)."""
from __future__ import annotations

import pytest

from test_crosscheck_g4 import _verdicts, card_fixtures, judge

pytestmark = pytest.mark.shared

table, nlp = card_fixtures(["Grizzly Bears", "Threaten"])

# (generic statement the plain stand-in suits, the keyword a creature fitting the description may have that
# makes the outcome fail)
NOT_EVERY = [
    ("速攻を持たないクリーチャーは、攻撃するとタップ状態になる。", "vigilance"),              # 702.20b
    ("トランプルを持たないクリーチャーは、飛行を持たないクリーチャーによってブロックされることがある。", "flying"),  # 702.9b
    ("飛行を持たないクリーチャーは、致死ダメージを受けると破壊される。", "indestructible"),     # 702.12b
    ("先制攻撃を持つクリーチャーは、先制攻撃を持たないクリーチャーより先に戦闘ダメージを与える。", "double"),  # 702.4b
]


@pytest.mark.parametrize("text, keyword", NOT_EVERY, ids=[k for _, k in NOT_EVERY])
def test_a_keyword_the_description_leaves_free_keeps_it_from_being_confirmed(nlp, table, text, keyword):
    vs = _verdicts(nlp, table, None, text)
    assert vs, "no claim read"
    assert not [v for v in vs if v.verdict in ("confirmed", "contradicted")], [(v.kind, v.verdict) for v in vs]
    assert any(keyword in v.reason for v in vs), [v.reason[:200] for v in vs]


# true generic statements no listed keyword changes, with false mutations (polarity, keyword swapped)
EVERY = [
    ("警戒を持たないクリーチャーは、攻撃するとタップ状態になる。",                 # 508.1f, 702.20b
     ["警戒を持たないクリーチャーは、攻撃してもタップ状態にならない。"]),
    ("速攻を持たないクリーチャーは、戦場に出たターンに攻撃できない。",              # 302.6
     ["速攻を持たないクリーチャーは、戦場に出たターンに攻撃できる。"]),
    ("トランプルを持たない攻撃クリーチャーがブロックされた場合、防御プレイヤーに戦闘ダメージを割り振ることができない。",  # 510.1c
     ["トランプルを持たない攻撃クリーチャーがブロックされた場合、防御プレイヤーに戦闘ダメージを割り振ることができる。"]),
    # 702.9b; menace (702.111b) restricts the block as a whole, so it is not varied
    ("飛行を持つクリーチャーは、飛行を持たないクリーチャーをブロックできる。",
     ["飛行を持つクリーチャーは、飛行を持たないクリーチャーをブロックできない。",
      "飛行を持たないクリーチャーは、飛行を持つクリーチャーをブロックできる。"]),
]


@pytest.mark.parametrize("true, mutants", EVERY, ids=[c[0][:12] for c in EVERY])
def test_a_statement_no_free_keyword_changes_stays_confirmed(nlp, table, true, mutants):
    judge(_verdicts(nlp, table, None, true), True)
    for text in mutants:
        assert not [v for v in _verdicts(nlp, table, None, text) if v.verdict == "confirmed"], text


def test_the_readings_add_only_keywords_the_description_leaves_free():
    from engine.crosscheck.standins import UNIVERSAL_KEYWORDS, others_keywords
    desc = {"types": ["Creature"], "pt": "2/2", "lacks": ["vigilance"], "keywords": ["flying"]}
    added = [d["keywords"][-1] for d, _ in others_keywords(desc, {"a": desc})]
    assert "vigilance" not in added and "flying" not in added and "reach" in added
    assert "menace" not in added and "defender" in added and "defender" not in [d["keywords"][-1] for d, _ in
                                                     others_keywords(desc, {"a": desc}, attack_asked=False)]
    assert all(d["keywords"][0] == "flying" for d, _ in others_keywords(desc, {"a": desc}))
    assert len(added) == len(UNIVERSAL_KEYWORDS) - 2
    assert others_keywords({"types": ["Creature"], "pt": "2/2", "keywords": ["flying"]}, {"a": {}}) == []


def test_a_cause_turned_over_is_the_object_as_staged(nlp, table):
    # 「…ので」: the cause is checked by the same object without it (verdict: causes), not by every object lacking
    # it — Threaten's haste (not vigilance) lets the creature attack, so vigilance given as the cause is no cause
    vs = _verdicts(nlp, table, None, "脅しつけ/Threatenで奪ったクリーチャーは、警戒を持つので、攻撃に参加できる。")
    assert vs and not [v for v in vs if v.verdict == "confirmed"], [(v.kind, v.reason[:150]) for v in vs]
