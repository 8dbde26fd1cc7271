"""A Q&A question's setup staged (qa_board.compose): a permanent the question has you control changes the asked
creature's P/T by its static ability (613.4c: 「《清浄の名誉》と《鋤引きの雄牛》をコントロールしています」), one of the two
values asked (613.4: 「タフネスは5になりますか」), and a spell cast before the question asks as the instrument of the
asked removal (608.2: 「《審判の日》を唱えた。《灰色熊》は破壊される?」).  End to end with the bundled cards; each true
question mutated (the number, the card, the anthem's controller, the answer's polarity) must not be confirmed."""
from __future__ import annotations

import pytest

HONOR = "《清浄の名誉》"          # white creatures you control get +1/+1 (bundled)
OX, BEARS = "《鋤引きの雄牛》", "《灰色熊》"     # a white 0/4, a green 2/2 (no rules text)

TRUE = [
    f"Q: {HONOR}と{OX}をコントロールしています。{OX}は1/5になりますか？\nA: はい。",
    f"Q: {HONOR}と{OX}をコントロールしています。{OX}のタフネスは5になりますか？\nA: はい、なります。",
    f"Q: {HONOR}をコントロールしているとき、{OX}のパワーは1になりますか？\nA: はい。",
    f"[Q]《審判の日》を唱えた。{BEARS}は破壊される?\n[A]はい。",
    # the setup's active past, agent unstated (701.17a: only its controller sacrifices it)
    f"Q: {BEARS}を生け贄に捧げました。{BEARS}はオーナーの墓地に置かれますか？\nA: はい。",
    f"{BEARS}を破壊した場合、{BEARS}は墓地に置かれる。",
    f"Q: {BEARS}を追放しました。{BEARS}は墓地に置かれますか？\nA: いいえ。",
]
# (text, must be contradicted: a number or a card the engine observes otherwise)
FALSE = [
    (f"Q: {HONOR}と{OX}をコントロールしています。{OX}は1/4になりますか？\nA: はい。", True),
    (f"Q: {HONOR}と{OX}をコントロールしています。{OX}のタフネスは4になりますか？\nA: はい、なります。", True),
    (f"Q: {HONOR}をコントロールしているとき、{OX}のパワーは2になりますか？\nA: はい。", True),
    (f"Q: {HONOR}と{BEARS}をコントロールしています。{BEARS}は3/3になりますか？\nA: はい。", True),
    (f"Q: 対戦相手が{HONOR}をコントロールしています。{OX}は1/5になりますか？\nA: はい。", False),
    (f"[Q]《審判の日》を唱えた。{BEARS}は破壊される?\n[A]いいえ。", True),
    (f"[Q]対戦相手が{BEARS}に《審判の日》を唱えた。{BEARS}は破壊される?\n[A]いいえ。", False),
    (f"Q: {BEARS}を追放しました。{BEARS}はオーナーの墓地に置かれますか？\nA: はい。", True),
    (f"{BEARS}を追放した場合、{BEARS}は墓地に置かれる。", True),
    (f"Q: {BEARS}を生け贄に捧げました。{BEARS}は墓地に置かれますか？\nA: いいえ。", True),
]


def _verdicts(nlp, text: str) -> list:
    from engine.crosscheck import check_claim
    from extractor import extract
    from extractor.claims import attach_claims
    from extractor.facts import RawDocument

    doc = extract(RawDocument(title="QA", text=text + "\n", path="qa.txt", form="prose", key="qa.txt"))
    attach_claims(doc, nlp)
    return [check_claim(c, None) for c in doc.claims]


@pytest.mark.parametrize("text", TRUE)
def test_the_setup_is_staged_and_the_answer_confirmed(nlp, text):
    vs = _verdicts(nlp, text)
    got = {v.verdict for v in vs}
    assert "confirmed" in got and "contradicted" not in got, [(v.kind, v.verdict, v.reason[:140]) for v in vs]


@pytest.mark.parametrize("text, decided", FALSE)
def test_a_mutated_question_is_never_confirmed(nlp, text, decided):
    vs = _verdicts(nlp, text)
    got = {v.verdict for v in vs}
    assert "confirmed" not in got, [(v.kind, v.verdict, v.reason[:140]) for v in vs]
    if decided:
        assert "contradicted" in got, [(v.kind, v.verdict, v.reason[:140]) for v in vs]


@pytest.mark.parametrize("text", [
    # 701.17a: a sacrifice is its controller's own action — the card named as the means (「《無効》で」) is a fact
    # no scenario of the sacrifice stages: it was dropped and the statement confirmed
    f"{BEARS}を《無効》で生け贄に捧げることができる。",
    "プロテクション(黒)を持つクリーチャーを《無効》で生け贄に捧げることができる。",
])
def test_the_card_a_sacrifice_is_done_with_is_never_dropped(nlp, text):
    vs = _verdicts(nlp, text)
    assert vs and all(v.verdict == "unsimulable" for v in vs if v.kind == "can_destroy"), \
        [(v.kind, v.verdict, v.reason[:140]) for v in vs]


def test_a_bare_sacrifice_is_still_judged(nlp):
    vs = _verdicts(nlp, f"{BEARS}を生け贄に捧げることができる。")
    assert "confirmed" in {v.verdict for v in vs}, [(v.kind, v.verdict, v.reason[:140]) for v in vs]


def test_becoming_tapped_is_never_staged_as_a_tapped_state(nlp):
    # a trigger on becoming tapped never sees a permanent put onto the battlefield tapped: not judged so
    vs = [v for v in _verdicts(nlp, f"{BEARS}がタップされたとき、{OX}の能力は誘発しない。") if v.kind == "composed"]
    assert all(v.verdict == "unsimulable" for v in vs), [(v.verdict, v.reason) for v in vs]


def test_an_aura_only_there_changes_nothing_the_statement_stages(nlp):
    # 303.4: an Aura's effect is on what it enchants — controlling it beside the creature attaches nothing
    vs = [v for v in _verdicts(nlp, f"Q: 《繁茂》と{OX}をコントロールしています。{OX}は0/4になりますか？\nA: はい。")
          if v.kind == "composed"]
    assert vs and all(v.verdict == "unsimulable" for v in vs), [(v.verdict, v.reason[:120]) for v in vs]


@pytest.mark.parametrize("text, truth", [
    # 509.1a / 508.1a: a tapped creature neither blocks nor attacks (staged on the battlefield tapped, 110.5)
    (f"Q: {OX}をタップしました。{OX}でブロックできますか？\nA: できません。", True),
    (f"Q: {OX}をタップしました。{OX}でブロックできますか？\nA: できます。", False),
    (f"[Q]{BEARS}がタップ状態である。{BEARS}は攻撃できる?\n[A]いいえ。", True),
    (f"[Q]{BEARS}がタップ状態である。{BEARS}は攻撃できる?\n[A]はい。", False),
    (f"{BEARS}がタップされた場合、{BEARS}はブロックできない。", True),
    (f"{BEARS}がタップされた場合、{BEARS}はブロックできる。", False),
    # 601.2c / 608.2: 「《Y》に《S》を唱えた場合」 — S cast by you with Y as its target, then resolved
    (f"{OX}に《炎の斬りつけ》を唱えた場合、{OX}は破壊される。", True),
    (f"{OX}に《炎の斬りつけ》を唱えた場合、{OX}は破壊されない。", False),
    (f"Q：{BEARS}に《蛙変化》を唱えた場合、{BEARS}は1/1になりますか？\nA：はい。", True),
    (f"Q：{BEARS}に《蛙変化》を唱えた場合、{BEARS}は2/2になりますか？\nA：はい。", False),
    # 613.4 「…のまま」: unchanged after the events
    (f"{BEARS}に《蛙変化》を唱えた場合、{BEARS}は2/2のままである。", False),
    (f"Q: {HONOR}と{BEARS}をコントロールしています。{BEARS}は2/2のままですか？\nA: はい。", True),
    (f"Q: {HONOR}と{OX}をコントロールしています。{OX}は0/4のままですか？\nA: はい。", False),
])
def test_a_setup_event_is_staged_and_the_answer_judged(nlp, text, truth):
    got = {v.verdict for v in _verdicts(nlp, text)}
    right, wrong = ("confirmed", "contradicted") if truth else ("contradicted", "confirmed")
    assert right in got and wrong not in got, (text, got)


def test_a_spell_cast_by_the_opponent_is_not_staged_as_yours(nlp):
    vs = [v for v in _verdicts(nlp, f"対戦相手が{BEARS}に《蛙変化》を唱えた場合、{BEARS}は2/2になる。") if v.kind == "composed"]
    assert all(v.verdict == "unsimulable" for v in vs), [(v.verdict, v.reason[:120]) for v in vs]


def test_a_pt_said_unchanged():
    # 613.4 「…は0/4のまま」: the P/T after the events is the one stated (a cast changes it: contradicted)
    from extractor.claims.compose_amounts import PREDICATES
    import re
    rx = next(re.compile(p) for p, name, _ in PREDICATES if "のまま" in p)
    assert rx.search("0/4のままである").group("x_pt") == "0/4" and rx.search("2/2のまま").group("x_pt") == "2/2"
    assert rx.search("2/2のままではない") is None          # a denial is not this outcome


@pytest.mark.parametrize("text, wrong", [
    # 120.3c: 3 damage removes 3 counters — 'not 1' is true and 'not 3' false, yet neither is one count of counters
    ("Q: プレインズウォーカーに3点のダメージが与えられました。忠誠カウンターは1個取り除かれますか？\nA: いいえ。", "contradicted"),
    ("Q: プレインズウォーカーに3点のダメージが与えられました。忠誠カウンターは3個取り除かれますか？\nA: いいえ。", "confirmed"),
])
def test_a_denied_number_of_loyalty_counters_is_no_count(nlp, text, wrong):
    vs = [v for v in _verdicts(nlp, text) if v.kind == "composed"]
    assert vs and all(v.verdict == "unsimulable" for v in vs), [(v.kind, v.verdict, v.reason[:140]) for v in vs]


@pytest.mark.parametrize("text, truth", [
    ("Q: プレインズウォーカーに3点のダメージが与えられました。忠誠カウンターは1個取り除かれますか？\nA: いいえ、3個です。", True),
    ("Q: プレインズウォーカーに3点のダメージが与えられました。忠誠カウンターは1個取り除かれますか？\nA: いいえ、2個です。", False),
    ("Q: プレインズウォーカーに3点のダメージが与えられました。忠誠カウンターは1個取り除かれますか？\nA: いいえ、3個取り除かれます。", True),
    ("Q: プレインズウォーカーに3点のダメージが与えられました。忠誠カウンターは3個取り除かれますか？\nA: いいえ、1個です。", False),
])
def test_a_corrected_count_is_checked(nlp, text, truth):
    """「いいえ、3個です。」 corrects the asked count: the question's board with the answer's count (120.3c)."""
    got = {v.verdict for v in _verdicts(nlp, text)}
    assert ("confirmed" in got) == truth and ("contradicted" in got) != truth, got
