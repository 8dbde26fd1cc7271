"""Honesty at scale, a fixed sample: true statements mutated by bench/bench_mutants.py's own rules (a number, the
polarity, a named card, a keyword, a counter kind, a zone, the player) are never confirmed; and the mutated real
statements the bench found confirmed on main (each a construction of real prose, written here in our own words)
are not confirmed now, while their true forms still are.  The CR rule each relies on is cited per case."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

from test_crosscheck_g4 import _verdicts, card_fixtures, judge

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
from bench_mutants import SWAP_POOL, mutations  # noqa: E402

NAMES = sorted({*[en for pool in SWAP_POOL.values() for en in pool], "Raging Goblin", "Birds of Paradise",
                "Isamaru, Hound of Konda", "Obosh, the Preypiercer", "Gladecover Scout", "Bonesplitter",
                "Essence Scatter", "Soul Warden", "Rabid Elephant", "Giant Spider", "Wall of Stone"})
table, nlp = card_fixtures(NAMES)


def _detail(vs) -> list:
    return [(v.kind, v.verdict, v.reason[:160]) for v in vs]


# (true statement, the mutation kinds whose every mutant of it is false) — the automatic sample
SAMPLE = [
    ("《怒り狂うゴブリン》は戦場に出たターンに攻撃できる。", ("polarity", "card", "zone")),      # 702.10b haste
    ("《セラの天使》は攻撃してもタップしない。", ("polarity", "card")),                        # 702.20b vigilance
    ("《稲妻》で《灰色熊》を破壊できる。", ("polarity", "card")),                              # 704.5g
    ("《灰色熊》に-1/-1カウンターが2個置かれると、《灰色熊》は墓地に置かれる。",
     ("polarity", "counter", "zone")),                                                       # 704.5f
    ("同じ名前の伝説のパーマネントを2つ以上コントロールしている場合、そのプレイヤーはその中から1つを選び、"
     "残りはオーナーの墓地に置かれる。", ("polarity", "zone")),                               # 704.5j
    ("格闘でも絆魂によって、ライフを回復することができる。", ("polarity",)),                   # 702.15b
]


@pytest.mark.shared
@pytest.mark.parametrize("text, kinds", SAMPLE, ids=[t[:16] for t, _ in SAMPLE])
def test_no_mutant_of_a_true_statement_is_confirmed(nlp, table, text, kinds):
    judge(_verdicts(nlp, table, None, text), True)
    muts = [m for m in mutations(text, 0, len(text), table) if m[0] in kinds]
    assert {m[0] for m in muts} == set(kinds), (text, muts)            # each kind applies: the sample can fail
    bad = [(kind, label, _detail(vs)) for kind, label, new in muts
           for vs in [_verdicts(nlp, table, None, new)] if any(v.verdict == "confirmed" for v in vs)]
    assert not bad, bad


# (true statement, its mutant the bench found confirmed on main) — the mutant is never confirmed now
PAIRS = [
    # 302.6: only the battlefield is entered; 「墓地に出たターン」 is no turn a permanent entered
    ("《灰色熊》は戦場に出たターンに攻撃できない。", "《灰色熊》は墓地に出たターンに攻撃できない。"),
    ("《極楽鳥》は、戦場に出たターンには{T}でマナを出せない。", "《極楽鳥》は、墓地に出たターンには{T}でマナを出せない。"),
    # 704.5j: one is chosen, the rest go to the graveyard; legendary permanents only
    ("同じ名前の伝説のパーマネントを2つ以上コントロールしている場合、そのプレイヤーはその中から1つを選び、残りはオーナーの墓地に置かれる。",
     "同じ名前の伝説のパーマネントを2つ以上コントロールしている場合、そのプレイヤーはその中から2つを選び、残りはオーナーの墓地に置かれる。"),
    ("同じ名前の伝説のパーマネントを2つ以上コントロールしている場合、そのプレイヤーはその中から1つを選び、残りはオーナーの墓地に置かれる。",
     "同じ名前の伝説のパーマネントを2つ以上コントロールしている場合、そのプレイヤーはその中から1つを選び、残りはオーナーの手札に置かれる。"),
    ("同じ名前の伝説のパーマネントを2つ以上コントロールしている場合、そのプレイヤーはその中から1つを選び、残りはオーナーの墓地に置かれる。",
     "同じ名前の伝説のパーマネントを2つ以上コントロールしている場合、そのプレイヤーはその中から1つを選び、残りはオーナーの墓地に置かれない。"),
    ("レジェンド・ルールが適用されるのは、複数のパーマネントが同じ名前で、なおかつそれらが特殊タイプ「伝説の」を持つ場合だけである。",
     "レジェンド・ルールが適用されるのは、複数のパーマネントが同じ名前で、なおかつそれらが特殊タイプ「伝説の」を持たない場合だけである。"),
    ("《今田家の猟犬、勇丸》をコントロールしているときにもう1体の《今田家の猟犬、勇丸》が戦場に出ると、あなたはどちらか1体を墓地に置く。",
     "《今田家の猟犬、勇丸》をコントロールしているときにもう1体の《今田家の猟犬、勇丸》が墓地に出ると、あなたはどちらか1体を墓地に置く。"),
    # 702.15b: lifelink's controller gains the life, fight damage included
    ("格闘でも絆魂によって、ライフを回復することができる。", "格闘でも絆魂によって、ライフを回復することができません。"),
    ("格闘でも絆魂はその能力を発揮して、自分のライフを回復します。", "格闘でも絆魂はその能力を発揮して、対戦相手のライフを回復します。"),
    # 700.5: devotion counts the mana symbols of the permanents' costs; a modifier of the card is a fact of it
    ("《獲物貫き、オボシュ》は赤の信心が2つ。", "赤と黒の混成マナを持たない《獲物貫き、オボシュ》は赤の信心が2つ。"),
    ("《獲物貫き、オボシュ》は赤の信心が2つ。黒も2つということになります。",
     "《獲物貫き、オボシュ》は赤の信心が3つ。黒も2つということになりません。"),
    # 702.16: a creature without protection from artifacts can be equipped
    ("《骨断ちの矛槍》はプロテクション(アーティファクト)を持つクリーチャーには装備できない。",
     "《骨断ちの矛槍》はプロテクション(アーティファクト)を持たないクリーチャーには装備できない。"),
    # 702.11b: hexproof — the opponent's spells can't target it, its controller's can
    ("対戦相手は《林間隠れの斥候》を《稲妻》の対象にできない。", "自分は《林間隠れの斥候》を《稲妻》の対象にできない。"),
    ("呪禁は対戦相手のカードや能力の対象にならない能力。", "呪禁は自分のカードや能力の対象にならない能力。"),
    # 509.3c / 603.2: a 'becomes blocked' trigger triggers once per combat, however many blockers
    ("《凶暴象》の能力は、複数のクリーチャーにブロックされた場合でも、戦闘1回につき1度だけ誘発する。",
     "《凶暴象》の能力は、複数のクリーチャーにブロックされた場合でも、戦闘2回につき1度だけ誘発する。"),
    # 605.3a: a mana ability doesn't use the stack, it resolves immediately
    ("マナ能力はスタックに乗らず、直ちに解決される。", "マナ能力はスタックに乗らず、直ちに解決されない。"),
    # 702.16: protection from artifacts named in brackets inside brackets, denied
    ("装備品の性質に対するプロテクション(典型例はプロテクション(アーティファクト))を持つクリーチャーには、装備することができない。",
     "装備品の性質に対するプロテクション(典型例はプロテクション(アーティファクト))を持たないクリーチャーには、装備することができない。"),
    # 606.3: loyalty abilities — your own permanent's, stack empty, your main phase, once a turn
    ("606.3. 自分のコントロールしているパーマネントの忠誠度能力を起動できるのは、優先権を持っていてスタックが空で自分のメイン・フェイズの間で、"
     "そのターンにそのパーマネントの忠誠度能力をまだどのプレイヤーも起動していない場合に限る。",
     "606.3. 自分のコントロールしているパーマネントの忠誠度能力を起動できないのは、優先権を持っていてスタックが空で自分のメイン・フェイズの間で、"
     "そのターンにそのパーマネントの忠誠度能力をまだどのプレイヤーも起動していない場合に限る。"),
    ("606.3. 自分のコントロールしているパーマネントの忠誠度能力を起動できるのは、優先権を持っていてスタックが空で自分のメイン・フェイズの間で、"
     "そのターンにそのパーマネントの忠誠度能力をまだどのプレイヤーも起動していない場合に限る。",
     "606.3. 自分のコントロールしているパーマネントの忠誠度能力を起動できるのは、優先権を持っていて墓地が空で対戦相手のメイン・フェイズの間で、"
     "そのターンにそのパーマネントの忠誠度能力をまだどのプレイヤーも起動していない場合に限る。"),
    # 704.5g: lethal damage destroys — a condition that denies the damage is not the event staged
    ("《灰色熊》は2点のダメージを受けると破壊される。", "《灰色熊》は2点のダメージを受けないと破壊される。"),
    ("《稲妻》で《灰色熊》に3点のダメージを与えると、《灰色熊》は破壊される。",
     "《稲妻》で《灰色熊》に3点のダメージを与えないと、《灰色熊》は破壊される。"),
    # 702.15b: only a creature with lifelink makes its controller gain life for noncombat damage
    ("絆魂を持つクリーチャーが戦闘以外でダメージを与えた場合でも、そのコントローラーはライフを得る。",
     "絆魂を持たないクリーチャーが戦闘以外でダメージを与えた場合でも、そのコントローラーはライフを得る。"),
    # a Q&A answer whose answer word and restated verb disagree says nothing (302.6 the question's rule)
    ("Q: 《灰色熊》は戦場に出たターンに攻撃できますか？\nA: いいえ、できません。",
     "Q: 《灰色熊》は戦場に出たターンに攻撃できますか？\nA: いいえ、できます。"),
    ("Q: 《灰色熊》は戦場に出たターンに攻撃できますか？\nA: いいえ、できません。",
     "Q: 《灰色熊》は戦場に出たターンに攻撃できますか？\nA: はい、できません。"),
    # 704.5d: a token in a zone other than the battlefield ceases to exist
    ("トークンは戦場以外に移動すると状況起因処理で消滅する。", "トークンは戦場以外に移動しないと状況起因処理で消滅する。"),
]

# (page card, true statement, its mutant): the page's own card text (a triggered ability's event, 603.2, 403.1)
PAGE_PAIRS = [
    ("Soul Warden", "他のクリーチャーが1体戦場に出るたび、あなたは1点のライフを得る。",
     "他のクリーチャーが2体戦場に出るたび、あなたは1点のライフを得る。"),
    ("Soul Warden", "他のクリーチャーが1体戦場に出るたび、あなたは1点のライフを得る。",
     "他のクリーチャーが1体墓地に出るたび、あなたは1点のライフを得る。"),
]


@pytest.mark.shared
@pytest.mark.parametrize("page, true, mutant", PAGE_PAIRS, ids=[m[:20] for _, _, m in PAGE_PAIRS])
def test_a_mutated_card_text_is_not_confirmed(nlp, table, page, true, mutant):
    judge(_verdicts(nlp, table, page, true), True)
    vs = _verdicts(nlp, table, page, mutant)
    assert not any(v.verdict == "confirmed" for v in vs), _detail(vs)


@pytest.mark.shared
@pytest.mark.parametrize("true, mutant", PAIRS, ids=[m[:20] for _, m in PAIRS])
def test_a_mutated_real_statement_is_not_confirmed(nlp, table, true, mutant):
    judge(_verdicts(nlp, table, None, true), True)
    vs = _verdicts(nlp, table, None, mutant)
    assert not any(v.verdict == "confirmed" for v in vs), _detail(vs)


@pytest.mark.shared
def test_a_counterspell_text_denied_is_not_read(nlp, table):
    """A counterspell's own wording on its page (701.6a): 「…を対象とする。それを打ち消す。」 is read, its denial
    「対象としない」 is not."""
    judge(_verdicts(nlp, table, "Essence Scatter", "クリーチャー呪文1つを対象とする。それを打ち消す。"), True)
    vs = _verdicts(nlp, table, "Essence Scatter", "クリーチャー呪文1つを対象としない。それを打ち消す。")
    assert not any(v.verdict == "confirmed" for v in vs), _detail(vs)


# ---- facts stated beside the outcome (hp3): a reason, a coordinated predicate, an exception

# (true statement, its mutants: none confirmed).  A reason clause (…ので／…ため／…から) states a fact of the card:
# checked against the card, or the claim is not judged (702.17b reach, 702.10b haste, 702.9b flying)
REASONS = [
    ("《大蜘蛛》は到達を持つため、《セラの天使》をブロックできる。",
     ["《大蜘蛛》は飛行を持つため、《セラの天使》をブロックできる。",          # keyword of the reason swapped
      "《大蜘蛛》は警戒を持つから、《セラの天使》をブロックできる。",
      "《灰色熊》は到達を持つため、《セラの天使》をブロックできる。",          # card swapped
      "《大蜘蛛》は到達を持つため、《セラの天使》をブロックできない。"]),      # polarity
    ("《怒り狂うゴブリン》は速攻を持つため、戦場に出たターンに攻撃できる。",
     ["《怒り狂うゴブリン》は警戒を持つため、戦場に出たターンに攻撃できる。",
      "《怒り狂うゴブリン》は警戒を持つから、戦場に出たターンに攻撃できる。",
      "《灰色熊》は速攻を持つため、戦場に出たターンに攻撃できる。"]),
]


@pytest.mark.shared
@pytest.mark.parametrize("true, mutants", REASONS, ids=[t[:16] for t, _ in REASONS])
def test_a_false_reason_is_never_confirmed(nlp, table, true, mutants):
    judge(_verdicts(nlp, table, None, true), True)
    bad = [(m, _detail(vs)) for m in mutants for vs in [_verdicts(nlp, table, None, m)]
           if any(v.verdict == "confirmed" for v in vs)]
    assert not bad, bad


@pytest.mark.shared
def test_a_reason_read_as_its_own_clause_keeps_its_card(nlp, table):
    """「…ため、」 ends a clause: its words are a fact of the card before it, not dropped (702.17b)."""
    vs = _verdicts(nlp, table, None, "《大蜘蛛》は警戒を持つため、《セラの天使》をブロックできる。")
    assert [v.verdict for v in vs if v.kind == "can_block"] == ["unsimulable"], _detail(vs)
    assert any("vigilance" in v.reason for v in vs if v.kind == "can_block"), _detail(vs)


# a second predicate coordinated with the claim's (「…できず、…できる」「…せず、…」「…でき、…」「…ないが、…」):
# its own claim, or the claim is not judged — a false part never rides on a confirmed one
# (702.3b defender, 509.1a, 702.20b vigilance, 302.6 summoning sickness)
COORDINATED_FALSE = [
    "《石の壁》は攻撃に参加できず、マナ能力を起動できる。",          # Wall of Stone has no mana ability
    "《灰色熊》は攻撃してもタップせず、ブロックもできる。",          # Grizzly Bears lacks vigilance
    "《灰色熊》は攻撃してもタップしないが、ブロックはできる。",
    "《灰色熊》は戦場に出たターンに攻撃でき、ブロックもできる。",    # Grizzly Bears lacks haste
]


@pytest.mark.shared
@pytest.mark.parametrize("text", COORDINATED_FALSE, ids=[t[:16] for t in COORDINATED_FALSE])
def test_a_false_coordinated_predicate_rides_on_no_confirmed_one(nlp, table, text):
    vs = _verdicts(nlp, table, None, text)
    assert not any(v.verdict == "confirmed" for v in vs), _detail(vs)


# (true statement, its mutant: some claim contradicted, about the card the mutated clause names)
COORDINATED_PAIRS = [
    ("《石の壁》は攻撃に参加できず、ブロックに参加できる。", "《石の壁》は攻撃に参加できず、ブロックに参加できない。",
     "Wall of Stone"),
    ("《石の壁》は攻撃できないが、ブロックはできる。", "《石の壁》は攻撃できるが、ブロックはできる。", "Wall of Stone"),
    # a new topic after 「…が、」 begins the clause: the second blocker is Giant Spider, never Grizzly Bears (702.17b)
    ("《灰色熊》は《セラの天使》をブロックできないが、《大蜘蛛》は《セラの天使》をブロックできる。",
     "《灰色熊》は《セラの天使》をブロックできないが、《大蜘蛛》は《セラの天使》をブロックできない。", "Giant Spider"),
]


@pytest.mark.shared
@pytest.mark.parametrize("true, mutant, card", COORDINATED_PAIRS, ids=[m[:20] for _, m, _ in COORDINATED_PAIRS])
def test_each_coordinated_predicate_is_its_own_claim(nlp, table, true, mutant, card):
    judge(_verdicts(nlp, table, None, true), True)
    vs = _verdicts(nlp, table, None, mutant)
    assert any(v.verdict == "contradicted" and card in v.reason for v in vs), _detail(vs)


# an exception 「Kを持たない限り」 states that K makes the difference: the converse is never staged, so the keyword
# may not be swapped unnoticed (702.10b haste, 702.17b reach)
EXCEPTIONS = [
    ("《灰色熊》は速攻を持たない限り、戦場に出たターンに攻撃できない。", "《灰色熊》は警戒を持たない限り、戦場に出たターンに攻撃できない。"),
    ("クリーチャーは速攻を持たない限り、戦場に出たターンに攻撃できない。", "クリーチャーは警戒を持たない限り、戦場に出たターンに攻撃できない。"),
    ("クリーチャーは飛行か到達を持たない限り、飛行を持つクリーチャーをブロックできない。",
     "クリーチャーは飛行か警戒を持たない限り、飛行を持つクリーチャーをブロックできない。"),
]


@pytest.mark.shared
@pytest.mark.parametrize("true, mutant", EXCEPTIONS, ids=[m[:20] for _, m in EXCEPTIONS])
def test_an_exception_with_the_wrong_keyword_is_not_confirmed(nlp, table, true, mutant):
    assert not any(v.verdict == "contradicted" for v in _verdicts(nlp, table, None, true))
    vs = _verdicts(nlp, table, None, mutant)
    assert not any(v.verdict == "confirmed" for v in vs), _detail(vs)


@pytest.mark.shared
def test_a_reason_without_a_comma_is_still_a_stated_fact(nlp, table):
    """「…ので」 ends its clause with or without a comma: Grizzly Bears is green, so 「赤いので」 is not confirmable
    (704.5g alone would confirm the rest); a connective 「そのため、」 states nothing and is no reason (302.6, 702.10b)."""
    judge(_verdicts(nlp, table, None, "《稲妻》は3点のダメージを与えるので《灰色熊》を破壊できる。"), True)
    vs = _verdicts(nlp, table, None, "《灰色熊》は赤いので《稲妻》で破壊できる。")
    assert not any(v.verdict == "confirmed" for v in vs), _detail(vs)
    judge(_verdicts(nlp, table, None, "そのため、《怒り狂うゴブリン》は戦場に出たターンに攻撃できる。"), True)
    judge(_verdicts(nlp, table, None, "そのため、《灰色熊》は戦場に出たターンに攻撃できる。"), False)
