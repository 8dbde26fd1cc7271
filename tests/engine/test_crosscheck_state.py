"""End to end on real cards compiled from ../shared/cards/AtomicCards.json: permanents' state (issue 20) — a
control change by a named card (「《X》でコントロールを得た」: X is cast on the opponent's creature, 613.1b; what
else X does — an untap, haste — counts for 302.6 / 702.10), 「そのターン」 as the turn of that condition, and a
regeneration shield against a named damage spell (701.15a: the spell's own damage staged once).  Each true form
confirmed and each false form contradicted, never the opposite; the card a sentence names is never dropped."""
from __future__ import annotations

import pytest

from test_crosscheck_g4 import _verdicts, card_fixtures, judge, undecided

NAMES = ["Act of Treason", "Control Magic", "Threaten", "Mind Control", "Grizzly Bears", "Llanowar Elves",
         "Lightning Bolt", "Shock", "Hill Giant", "Serra Angel", "Birds of Paradise", "Sol Ring", "Elvish Mystic",
         "Glistener Elf", "Blight Mamba", "Ornithopter"]

CASES = [
    # (text, truth)
    # the means card is a fact: Act of Treason / Threaten give haste, Control Magic / Mind Control do not (302.6)
    ("《反逆の行動》でコントロールを得たクリーチャーは攻撃できる。", True),
    ("《反逆の行動》でコントロールを得たクリーチャーは攻撃できない。", False),
    ("《支配魔法》でコントロールを得たクリーチャーは、そのターンには攻撃できない。", True),
    ("《支配魔法》でコントロールを得た《灰色熊》は攻撃できる。", False),
    ("《脅しつけ》でコントロールを得た《灰色熊》は、そのターンに攻撃できる。", True),
    ("《脅しつけ》でコントロールを得た《灰色熊》は、そのターンには攻撃できない。", False),
    ("《精神の制御》でコントロールを得た《ラノワールのエルフ》の{T}能力は起動できない。", True),
    ("《反逆の行動》でコントロールを得た《ラノワールのエルフ》の{T}能力は起動できない。", False),
    # 「ターンの開始時から続けてコントロールしていなければ」: the definition of summoning sickness (302.6), read as it
    ("速攻を持たないクリーチャーは、ターンの開始時から続けてコントロールしていなければ攻撃できない。", True),
    ("速攻を持たないクリーチャーは、ターンの開始時から続けてコントロールしていなければ攻撃できる。", False),
    # a {T} mana ability named by what it does (「{T}でマナを出せる」, 605.1a), the card as its instrument
    # (「召喚酔いの《X》でマナを出せますか」): a creature's is refused the turn it came under control (302.6)
    ("Q: 召喚酔いの《ラノワールのエルフ》でマナを出せますか？ A: いいえ、出せません。", True),
    ("Q: 召喚酔いの《ラノワールのエルフ》でマナを出せますか？ A: はい、出せます。", False),
    ("召喚酔いの《ラノワールのエルフ》は{T}能力を起動できない。", True),
    ("Q: このターンに戦場に出た《太陽の指輪》でマナを出せますか？ A: いいえ、出せません。", False),
    ("《極楽鳥》は、戦場に出たターンには{T}でマナを出せない。", True),
    ("《エルフの神秘家》は、戦場に出たターンでも{T}でマナを出せる。", False),
    ("Q: 《精神の制御》でコントロールを得た《ラノワールのエルフ》で、そのターンにマナを出せますか？ A: いいえ、出せません。",
     True),
    # owner's graveyard (400.3) with the control change staged by the named card
    ("《支配魔法》でコントロールを得たクリーチャーが破壊された場合、そのクリーチャーはオーナーの墓地に置かれる。", True),
    ("《支配魔法》でコントロールを得たクリーチャーが破壊された場合、そのクリーチャーはコントローラーの墓地に置かれる。", False),
    ("《反逆の行動》でコントロールを得たクリーチャーを生け贄に捧げると、そのクリーチャーはあなたの墓地に置かれる。", False),
    # counters put on a permanent already on the battlefield (a stand-in instant putting exactly those), then
    # 704.5q: the remaining number and kind are facts
    ("-1/-1カウンターが2個置かれている《丘巨人》に+1/+1カウンターが1個置かれると、-1/-1カウンターが1個だけ残る。", True),
    ("-1/-1カウンターが2個置かれている《丘巨人》に+1/+1カウンターが1個置かれると、+1/+1カウンターが1個残る。", False),
    ("-1/-1カウンターが2個置かれている《丘巨人》に+1/+1カウンターが1個置かれると、-1/-1カウンターが2個残る。", False),
    # infect (702.90b): damage to a creature as -1/-1 counters — kind and number are facts
    ("ぎらつかせのエルフが丘巨人に戦闘ダメージを与えると、丘巨人には-1/-1カウンターが1個置かれる。", True),
    ("《ぎらつかせのエルフ》が《丘巨人》に戦闘ダメージを与えると、《丘巨人》には+1/+1カウンターが1個置かれる。", False),
    ("《荒廃のマンバ》が《丘巨人》に戦闘ダメージを与えると、《丘巨人》には-1/-1カウンターが2個置かれる。", False),
    ("《灰色熊》が《丘巨人》にダメージを与えると、《丘巨人》には-1/-1カウンターが2個置かれる。", False),
    # the named spell's damage is the stated damage, dealt once: the shield replaces that one destruction
    ("再生の盾がある《灰色熊》は、《稲妻》で3点のダメージを受けても戦場に残る。", True),
    ("再生の盾がある《灰色熊》は、《稲妻》で3点のダメージを受けると墓地に置かれる。", False),
    ("《セラの天使》は、《稲妻》で3点のダメージを受けても戦場に残る。", True),
    ("《丘巨人》が《ショック》で2点のダメージを受けると、墓地に置かれる。", False),
]
# stated and not staged: never decided
UNDECIDED = ["再生の盾がある《灰色熊》は、《稲妻》で2点のダメージを受けると墓地に置かれる。",
             # the state it stays in is stated (701.15a: tapped): zone_after checks only the zone
             "再生の盾がある《灰色熊》は、《稲妻》で3点のダメージを受けても、アンタップ状態のまま戦場に残る。",
             "《灰色熊》は、そのターンには攻撃できない。",
             # enough -1/-1 counters to kill it: the count cannot be seen after (704.5f)
             "《ぎらつかせのエルフ》が《羽ばたき飛行機械》にダメージを与えると、《羽ばたき飛行機械》には-1/-1カウンターが2個置かれる。"]       # 「そのターン」 of no stated condition


table, nlp = card_fixtures(NAMES)


@pytest.mark.parametrize("text, truth", CASES, ids=[c[0][:24] for c in CASES])
def test_state_statements_on_real_cards(nlp, table, text, truth):
    judge(_verdicts(nlp, table, None, text), truth)


@pytest.mark.parametrize("text", UNDECIDED, ids=[t[:24] for t in UNDECIDED])
def test_unstaged_state_is_not_decided(nlp, table, text):
    undecided(_verdicts(nlp, table, None, text))


def test_the_means_card_is_read_by_its_name(nlp):
    """「《X》でコントロールを得た」: the condition carries X, never a control change by nothing in particular."""
    from extractor.claims import attach_claims
    from extractor.facts import Example, ExtractedDocument, Provenance, RawDocument

    text = "《反逆の行動》でコントロールを得た《灰色熊》は攻撃できる。"
    raw = RawDocument(title="テスト", text=text, path="s.txt", form="wikitext", key="s.txt")
    prov = Provenance(document="テスト", section=("解説",), line=1, file="s.txt")
    doc = ExtractedDocument(raw=raw, examples=[Example(id="ex:s.txt:1", text=text, prov=prov, cards=[])])
    attach_claims(doc, nlp)
    conds = [c for cl in doc.claims for c in (cl.situation or {}).get("conditions") or []]
    assert {"kind": "just_controlled", "by": "Act of Treason"} in conds, conds
