"""Honesty of the reading (issue 20): the facts a statement states — the card it names, the kind of a counter,
which card of a coordination does what, its numbers — are never dropped, swapped or stood in for.  Each test
builds its page from constructions (a card box, a statement pattern) and checks the verdict end to end: a true
statement may be confirmed or unsimulable, its false twin is never confirmed."""
from __future__ import annotations

import pytest

from engine.crosscheck import check_claim
from extractor.claims import attach_claims
from extractor.facts import ExtractedDocument, RawDocument
from extractor.japanese import build_nlp
from kb.cards import CardTable

from claimdata import example_doc


@pytest.fixture(scope="module")
def table():
    return CardTable.bundled()


@pytest.fixture(scope="module")
def nlp(table):
    return build_nlp([(c.name_ja, c.name) for c in table])


def page(nlp, title: str, text: str):
    raw = RawDocument(title=title, text=text, path="p.txt", form="rendered", key="p.txt")
    doc = ExtractedDocument(raw=raw)
    attach_claims(doc, nlp)
    return doc


example = example_doc      # one hand-built example, its claims read (tests/claimdata.py)


def verdicts(doc, table, kind: str) -> list[tuple[object, str]]:
    return [(c, check_claim(c, table).verdict) for c in doc.claims if c.kind == kind]


def box(en: str, ja: str, cost: str, typeline: str, pt: str) -> str:
    """A rendered card box: 'Name / 名前 (cost)', the type line, a blank line, the P/T."""
    return f"{en} / {ja} {cost}\n{typeline}\n\n{pt}\n"


# --- a card named without 《》 is that card; an object the reader cannot identify is never a stand-in ------------

GOD = ("Erebos, God of the Dead", "死者の神、エレボス", "(3)(黒)", "伝説のクリーチャー エンチャント — 神", "5/7")


@pytest.mark.parametrize("verb,true", [("ブロックできない", True), ("ブロックできる", False),
                                       ("攻撃できない", True), ("攻撃できる", False)])
def test_a_card_named_by_its_short_name_on_its_page_is_that_card(nlp, table, verb, true):
    """The page's card box names the card; the statement names it by the short form of its name, without 《》.
    (A God without devotion is not a creature, so it can neither attack nor block, 704.5? / the God's text.)"""
    en, ja = GOD[0], GOD[1]
    doc = page(nlp, f"{ja}/{en}", box(*GOD) + f"- エレボスは{verb}。\n")
    got = verdicts(doc, table, "can_block" if "ブロック" in verb else "can_attack")
    assert got, "the statement is read"
    for c, v in got:
        assert c.subject == en                      # the card, not a stand-in creature
        assert v != ("contradicted" if true else "confirmed"), (c.situation, v)


@pytest.mark.parametrize("verb", ["ブロックできない", "ブロックできる", "攻撃できない", "攻撃できる"])
def test_a_named_card_the_engine_does_not_know_is_unsimulable(nlp, table, verb):
    """A card box names a card the card table lacks: the statement about it is unsimulable, whichever its
    polarity — a generic 2/2 never stands in for it."""
    doc = page(nlp, "ゾンガ/Zonga", box("Zonga", "ゾンガ", "(2)(緑)", "クリーチャー — 熊", "2/2") + f"- ゾンガは{verb}。\n")
    got = verdicts(doc, table, "can_block" if "ブロック" in verb else "can_attack")
    assert got and all(v == "unsimulable" for _, v in got), got


@pytest.mark.parametrize("topic", ["ゾンガ", "それ", "あのカード", "対戦相手"])
@pytest.mark.parametrize("verb", ["ブロックできない", "ブロックできる", "攻撃できない", "攻撃できる"])
def test_a_topic_the_reader_cannot_identify_is_never_a_generic_creature(nlp, table, topic, verb):
    """No card box, no link: the words before は name something the reader cannot identify. The claim keeps
    them as unrepresented (unsimulable), never a generic creature standing in."""
    doc = example(nlp, f"{topic}は{verb}。")
    for c, v in verdicts(doc, table, "can_block") + verdicts(doc, table, "can_attack"):
        assert v == "unsimulable", (c.situation, v)


def test_a_statement_naming_no_object_on_a_card_page_is_about_that_card(nlp, table):
    """On a card's own page a statement with no subject is about the page's card (docs/design.md)."""
    doc = page(nlp, f"{GOD[1]}/{GOD[0]}", box(*GOD) + "- ブロックできる。\n- 攻撃できない。\n")
    got = verdicts(doc, table, "can_block") + verdicts(doc, table, "can_attack")
    assert [(c.kind, c.subject, v) for c, v in got] == [
        ("can_block", GOD[0], "contradicted"), ("can_attack", GOD[0], "confirmed")]


# --- the kind of a counter is a fact --------------------------------------------------------------------------

MONSTROUS = "《形見持ちのゴルゴン》の能力を1回起動した。"


@pytest.mark.parametrize("kind", ["槍", "時間", "チャージ・"])
def test_a_named_counter_kind_is_not_read_as_plus_one(nlp, table, kind):
    """The document speaks of +1/+1 counters; the statement names another kind. Monstrosity puts +1/+1
    counters, so the statement is false: never confirmed, and its kind is kept as stated."""
    doc = example(nlp, f"怪物化は+1/+1カウンターを置く。{MONSTROUS}{kind}カウンターが1個置かれる。")
    got = [(c, v) for c, v in verdicts(doc, table, "result") if "counters" in c.outcome]
    assert got
    for c, v in got:
        assert c.outcome["counters"]["kind"] == kind.rstrip("・")
        assert v == "unsimulable", v


def test_the_stated_plus_one_kind_is_still_checked(nlp, table):
    doc = example(nlp, f"{MONSTROUS}+1/+1カウンターが1個置かれる。")
    [(c, v)] = [(c, v) for c, v in verdicts(doc, table, "result") if "counters" in c.outcome]
    assert c.outcome["counters"] == {"kind": "+1/+1", "n": 1} and v == "confirmed"
    doc = example(nlp, f"{MONSTROUS}-1/-1カウンターが1個置かれる。")
    [(c, v)] = [(c, v) for c, v in verdicts(doc, table, "result") if "counters" in c.outcome]
    assert v == "contradicted"


def test_a_bare_counter_among_two_named_kinds_has_no_kind(nlp, table):
    """The example names two kinds; 「カウンター」 alone is then neither: the claim is unsimulable."""
    doc = example(nlp, f"+1/+1カウンターと槍カウンターがある。{MONSTROUS}カウンターが1個置かれる。")
    got = [(c, v) for c, v in verdicts(doc, table, "result") if "counters" in c.outcome]
    assert got and all(c.outcome["counters"]["kind"] is None and v == "unsimulable" for c, v in got)


@pytest.mark.parametrize("n,verdict", [(1, "confirmed"), (2, "contradicted")])
def test_counters_of_no_stated_kind_are_counted_whatever_their_kind(nlp, table, n, verdict):
    """Nothing names a kind: 「カウンター」 counts the counters of every kind (the engine's ``kind: any``)."""
    doc = example(nlp, f"{MONSTROUS}カウンターが{n}個置かれる。")
    [(c, v)] = [(c, v) for c, v in verdicts(doc, table, "result") if "counters" in c.outcome]
    assert c.outcome["counters"] == {"n": n} and v == verdict


# --- which card of a coordinated sentence does what is a fact ----------------------------------------------------

A, B = "《冷たき集いの吸血鬼》", "《台所の嫌がらせ屋》"          # a plain creature, and one with persist (702.79)
PLAIN, PERSIST = "Bleak Coven Vampires", "Kitchen Finks"


def zone_verdicts(nlp, table, text: str) -> dict[str, str]:
    return {c.situation["card"]: v for c, v in verdicts(example(nlp, text), table, "zone_after")}


@pytest.mark.parametrize("text,true", [
    (f"{B}が破壊されると、{A}は墓地に置かれる。", False),     # B's event staged on A would confirm it
    (f"{B}が破壊されると、{A}は戦場に残る。", True),
    (f"{A}が破壊されると、{B}は戦場に戻る。", False),
])
def test_an_event_of_one_card_is_not_staged_on_another(nlp, table, text, true):
    """「《X》が破壊されると、《Y》は…」: the destruction is X's; a claim about Y never stages it on Y."""
    got = zone_verdicts(nlp, table, text)
    assert got
    for card, v in got.items():
        assert v != ("contradicted" if true else "confirmed"), (card, v)


def test_each_card_of_a_coordination_gets_the_statement(nlp, table):
    """「《A》と《B》が破壊されると、戦場に戻る」 says both return: A (no persist) does not, so the statement is
    never confirmed as a whole — each card gets its claim, and A's is contradicted."""
    got = zone_verdicts(nlp, table, f"{A}と{B}が破壊されると、戦場に戻る。")
    assert got == {PLAIN: "contradicted", PERSIST: "confirmed"}
    got = zone_verdicts(nlp, table, f"{A}と{B}が破壊されると、{B}が戦場に戻る。")
    assert got == {PERSIST: "confirmed"}
    got = zone_verdicts(nlp, table, f"{A}と{B}が破壊されると、{A}が戦場に戻る。")
    assert got == {PLAIN: "contradicted"}


@pytest.mark.parametrize("partner", ["先制攻撃を持つクリーチャー", "5/5のクリーチャー", "飛行を持つ3/3のクリーチャー"])
@pytest.mark.parametrize("verb", ["破壊される", "破壊されない"])
def test_the_other_creature_of_a_block_in_a_description_is_not_dropped(nlp, table, partner, verb):
    """「Xにブロックされた2/2のクリーチャーは…」: X (who blocks) is a fact; a reading that keeps only "blocked"
    would stage any blocker — the words are kept as unrepresented."""
    doc = example(nlp, f"{partner}にブロックされた2/2のクリーチャーは{verb}。")
    got = verdicts(doc, table, "can_destroy")
    assert got
    for c, v in got:
        assert {"kind": "blocked"} not in c.situation.get("conditions", []) and v == "unsimulable", c.situation


@pytest.mark.parametrize("n", [1, 2])
def test_what_happened_first_in_words_the_reader_does_not_know_is_kept(nlp, table, n):
    """「《X》を怪物化したとき、…N個置かれる」: the event (monstrosity, here in a form no event word reads) is a fact
    of the result; a reading without it would cast X and count its counters — the claim is unsimulable instead
    (the true statement, N = 1, was contradicted)."""
    doc = example(nlp, f"《形見持ちのゴルゴン》を怪物化したとき、+1/+1カウンターが{n}個置かれる。")
    got = [(c, v) for c, v in verdicts(doc, table, "result") if "counters" in c.outcome]
    assert got and all(v == "unsimulable" for _, v in got), got


@pytest.mark.parametrize("verb", ["ブロックに参加できない", "ブロックに参加できる", "ブロックできない", "ブロックできる"])
def test_a_blocker_described_as_having_attacked_is_not_a_plain_blocker(nlp, table, verb):
    """「攻撃に参加したクリーチャーは…ブロックできない」: that the would-be blocker attacked (and so is tapped) is a
    fact; a staging with a plain untapped blocker contradicted the true statement (and would confirm its
    negation) — unsimulable instead, both ways."""
    doc = example(nlp, f"攻撃に参加したクリーチャーはタップ状態になるため、{verb}。")
    got = verdicts(doc, table, "can_block")
    assert all(v == "unsimulable" for _, v in got), [(c.situation, v) for c, v in got]


def test_a_rendered_table_row_is_not_read_as_a_sentence(nlp, table):
    """A rendered table's row 「Xは | できる | できない」: each cell is about its column's header (the attacker), which
    a sentence reading does not see — read as one sentence, the 'can't' cell was checked against a plain
    attacker and a true table contradicted.  The row is never read as one sentence: each cell is read with its
    column's header (extractor/claims/tables.py), so each claim names the attacker its column states and the
    true table is never contradicted; the prose line above still reads."""
    doc = page(nlp, "到達", "到達を持つクリーチャーは飛行を持つクリーチャーをブロックできる。\n"
                            "飛行を持たないクリーチャーを | 飛行を持つクリーチャーを | |\n---|---|---|\n"
                            "飛行を持たないクリーチャーは | ブロックできる | ブロックできない |\n")
    assert any(c.kind == "can_block" and c.prov.line == 1 for c in doc.claims)
    assert all("|" not in (getattr(c, "sentence", None) or "") and "|" not in (c.text or "") for c in doc.claims)
    row = [c for c in doc.claims if c.kind == "can_block" and c.prov.line == 4]
    assert {c.text for c in row} == {"飛行を持たないクリーチャーは飛行を持たないクリーチャーをブロックできる。",
                                     "飛行を持たないクリーチャーは飛行を持つクリーチャーをブロックできない。"}, \
        [(c.text, c.situation, c.outcome) for c in row]
    got = verdicts(doc, table, "can_block")
    assert not [v for _, v in got if v == "contradicted"], [(c.text, v) for c, v in got]
