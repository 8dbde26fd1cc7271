"""A triggered ability described by its own event, with no card named (extractor/claims/triggers.py
``described_trigger``): 「ブロックしたときに誘発する能力は、…1回だけ誘発する」 is about a creature whose one
triggered ability is "whenever this creature blocks" (509.3a) — likewise attacks (508.3a) and becomes blocked
(509.3c).  The stand-in (engine/crosscheck/standins.py) has exactly that ability; the count is checked by a staged
combat.  Each true statement is decided as true; each mutation (count, polarity, event swapped, moment swapped)
is never confirmed."""
from __future__ import annotations

import pytest

from engine.crosscheck import check_claim
from kb.cards import CardTable

from claimdata import example_doc


@pytest.fixture(scope="module")
def table():
    return CardTable.bundled()

# (``nlp``: the session pipeline knowing the bundled cards, tests/conftest.py)


def counts(nlp, table, text: str) -> list[tuple[object, str]]:
    doc = example_doc(nlp, text)
    return [(c, check_claim(c, table).verdict) for c in doc.claims if c.kind in ("trigger_count", "no_trigger")]


@pytest.mark.parametrize("text,event", [
    ("ブロックしたときに誘発する能力は、1回だけ誘発する。", "blocks"),
    ("ブロックすることで誘発する能力は、ブロック・クリーチャーが指定された時点で1度誘発する。", "blocks"),
    ("攻撃するたびに誘発する能力は、攻撃クリーチャーが指定された時点で1回だけ誘発する。", "attacks"),
    ("攻撃したときに誘発する能力は誘発する。", "attacks"),
    ("ブロックされたときに誘発する能力は、何体のクリーチャーにブロックされても1回しか誘発しない。", "becomes_blocked"),
    ("ブロックされることで誘発する能力は、2体にブロックされても1度だけ誘発する。", "becomes_blocked"),
    # the condition quoted with the holder as its doer
    ("「~がブロックされるたび」という能力は、複数のクリーチャーによってブロックされた場合でも1度だけ誘発する。",
     "becomes_blocked"),
    ("「このクリーチャーが攻撃するたび」という能力は、1回だけ誘発する。", "attacks"),
    ("「~がブロックするたび」という能力は、ブロック・クリーチャーが指定された時点で1回誘発する。", "blocks"),
])
def test_a_described_ability_counts_as_the_stand_in_with_just_that_trigger(nlp, table, text, event):
    (claim, verdict), = counts(nlp, table, text)
    assert claim.situation["source"] == {"desc": {"types": ["Creature"],
                                                  "trigger": {"event": event, "object": {"self": True}}}}
    assert verdict == "confirmed"


@pytest.mark.parametrize("text", [
    "ブロックしたときに誘発する能力は、2回誘発する。",                                     # count
    "ブロックすることで誘発する能力は、ブロック・クリーチャーが指定された時点で3度誘発する。",
    "攻撃したときに誘発する能力は、2回誘発する。",
    "ブロックされたときに誘発する能力は、何体のクリーチャーにブロックされても2回誘発する。",
    "ブロックされたときに誘発する能力は、3体のクリーチャーにブロックされた場合、3回誘発する。",   # 509.3c vs 509.3d
    "「~がブロックされるたび」という能力は、複数のクリーチャーによってブロックされた場合、2度誘発する。",
    "「~がブロックするたび」という能力は、2回誘発する。",
])
def test_a_wrong_count_is_contradicted(nlp, table, text):
    assert [v for _, v in counts(nlp, table, text)] == ["contradicted"]


@pytest.mark.parametrize("text", [
    "攻撃したときに誘発する能力は誘発しない。",                                           # polarity
    "ブロックしたときに誘発する能力は1度も誘発しない。",
    "ブロックすることで誘発する能力は、2体のクリーチャーにブロックされても1回だけ誘発する。",  # event swapped
    "攻撃したときに誘発する能力は、ブロック・クリーチャーが指定された時点で1回誘発する。",     # moment swapped
    "ブロックすることで誘発する能力は、戦闘ダメージが与えられた時点で1度だけ誘発する。",       # a moment not staged
    "「~が攻撃するたび」という能力は、ブロック・クリーチャーが指定された時点で1回だけ誘発する。",
    "「クリーチャーがブロックするたび」という能力は、1回だけ誘発する。",   # not the holder: whose block is open
])
def test_a_mutation_is_never_confirmed_and_gets_no_stand_in(nlp, table, text):
    found = counts(nlp, table, text)
    assert found                                   # the statement is read (a claim about its triggers) …
    for claim, verdict in found:                   # … and never judged with a stand-in it does not describe
        assert verdict != "confirmed"
        assert "source" not in (claim.situation or {})


def test_a_statement_inside_a_condition_or_with_other_facts_gets_no_stand_in(nlp, table):
    # the ability is not the sentence's topic (a clause before it), or the example states objects it does not stage
    for text in ("クリーチャーが戦場に出た場合、ブロックしたときに誘発する能力は1回誘発する。",
                 "2体のクリーチャーが戦場に出た。ブロックしたときに誘発する能力は1回誘発する。"):
        for claim, verdict in counts(nlp, table, text):
            assert "source" not in (claim.situation or {}) and verdict != "confirmed"
