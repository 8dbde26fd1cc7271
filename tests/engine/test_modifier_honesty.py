"""Honesty probe (issue 20): words before or around a named card are never dropped.

True statements about named real cards, in the forms the readers read (can_destroy / can_exile / zone_after,
can_target, can_counter, can_attack / can_block, can_activate), each with a modifier put before the card that
changes or may change the truth (召喚酔いの, タップ状態の, 墓地にある, 破壊不能を持つ, 呪禁を持つ, トークンである …)
or with a condition clause before the statement (「《X》が戦場にない場合、」).  A variant may be confirmed only when
its modifier is represented in what was staged — its claim's situation differs from the plain statement's (a
condition fact, whose controller the target is); a variant whose words leave no trace in the situation must not
be decided.  Variants known to be false (CR cited) are never confirmed."""
from __future__ import annotations

import pytest

from test_crosscheck_g4 import _verdicts, card_fixtures

NAMES = ["Grizzly Bears", "Serra Angel", "Llanowar Elves", "Doom Blade", "Swords to Plowshares", "Lightning Bolt",
         "Counterspell", "Rabid Elephant", "Soul Warden", "Isamaru, Hound of Konda"]

# (statement with @ where the modifier goes) — each true as written without a modifier
BASES = [
    "《破滅の刃》は@《灰色熊》を破壊できる。",             # can_destroy, the topic card the cause (701.8)
    "《稲妻》で@《灰色熊》を破壊できる。",                 # can_destroy, the means card (704.5g)
    "《剣を鍬に》は@《灰色熊》を追放できる。",             # can_exile (406)
    "《稲妻》を唱えると、@《灰色熊》は墓地に置かれる。",     # zone_after (704.5g, 400.3)
    "@《灰色熊》が死亡すると、墓地に置かれる。",             # zone_after, the object in a condition clause (700.4)
    "《稲妻》は@《灰色熊》を対象にできる。",               # can_target (115.1)
    "@《灰色熊》を《稲妻》の対象にできる。",               # can_target, the target before the source
    "《対抗呪文》は@《稲妻》を打ち消すことができる。",       # can_counter (701.6)
    "《対抗呪文》で@《稲妻》を打ち消せる。",
    "@《灰色熊》は攻撃できる。",                           # can_attack (508.1a)
    "@《セラの天使》はブロックできる。",                   # can_block (509.1a)
    "@《ラノワールのエルフ》はマナを生み出せる。",         # can_activate (605.1a)
    # the readers the first probe left out (s10): triggers, the legend rule, P/T and counters, damage results
    "@《凶暴象》が3体のクリーチャーにブロックされた場合、その能力は1回だけ誘発する。",   # trigger_count (509.3c, 603.2)
    "@《灰色熊》が戦場に出ると、《魂の管理人》の能力が誘発する。",                     # composed trigger (603.2)
    "《灰色熊》が戦場に出ると、@《魂の管理人》の能力が誘発する。",
    "@《灰色熊》が戦場に出ても、《凶暴象》の能力は誘発しない。",                       # composed no trigger
    "@《今田家の猟犬、勇丸》を2体コントロールしている場合、1体を墓地に置く。",          # legend_rule (704.5j)
    "@《灰色熊》を2体コントロールしていても、どちらも墓地に置かれない。",               # legend_rule, not legendary
    "@《灰色熊》に+1/+1カウンターが1個置かれると、《灰色熊》は3/3になる。",             # composed P/T (122.1a, 613.4c)
    "@《灰色熊》に-1/-1カウンターが2個置かれると、《灰色熊》は墓地に置かれる。",        # counters, zone_after (704.5f)
    "@《灰色熊》がブロックされなかった場合、防御プレイヤーは2点のダメージを受ける。",    # damage result (510.1a)
]
MODIFIERS = ["召喚酔いの", "タップ状態の", "対戦相手の", "墓地にある", "手札の", "破壊不能を持つ", "呪禁を持つ",
             "プロテクション（赤）を持つ", "トークンである", "2/2の", "装備品をつけた"]

# a clause stating a fact the statement's scenario does not stage (400.1, 115.4, 702.11b, 701.6a)
CLAUSED = [
    "《灰色熊》が戦場にない場合、《稲妻》は《灰色熊》を対象にできる。",
    "《灰色熊》が呪禁を持つ場合、《稲妻》は《灰色熊》を対象にできる。",
    "《灰色熊》が戦場にない場合、《破滅の刃》は《灰色熊》を破壊できる。",
    "《灰色熊》がタップ状態の場合、《破滅の刃》は《灰色熊》を破壊できる。",
    "《灰色熊》が戦場にない場合、《剣を鍬に》は《灰色熊》を追放できる。",
    "《稲妻》が手札にある場合、《対抗呪文》で《稲妻》を打ち消せる。",
    "《稲妻》がスタックにない場合、《対抗呪文》は《稲妻》を打ち消すことができる。",
    "《灰色熊》が戦場にない場合、《灰色熊》は攻撃できる。",
    "《ラノワールのエルフ》が戦場にない場合、《ラノワールのエルフ》はマナを生み出せる。",
    # true, and main contradicted it: the negated condition 「でなければ」 was dropped with its clause
    "《稲妻》が打ち消されない呪文でなければ、《対抗呪文》で打ち消せる。",
]

# false by the CR: the modifier makes the statement false — never confirmed
FALSE = [
    "《破滅の刃》は破壊不能を持つ《灰色熊》を破壊できる。",              # 702.12b
    "《稲妻》で破壊不能を持つ《灰色熊》を破壊できる。",                  # 702.12b
    "《破滅の刃》は墓地にある《灰色熊》を破壊できる。",                  # 701.8a: only a permanent
    "《剣を鍬に》は手札の《灰色熊》を追放できる。",                      # 115.1: a creature on the battlefield
    "《稲妻》はプロテクション（赤）を持つ《灰色熊》を対象にできる。",     # 702.16b
    "《稲妻》は墓地にある《灰色熊》を対象にできる。",                    # 115.1
    "《対抗呪文》は手札の《稲妻》を打ち消すことができる。",              # 701.6a: a spell on the stack
    "《対抗呪文》は墓地にある《稲妻》を打ち消すことができる。",          # 701.6a
    "タップ状態の《灰色熊》は攻撃できる。",                              # 508.1a
    "タップ状態の《セラの天使》はブロックできる。",                      # 509.1a
    "召喚酔いの《ラノワールのエルフ》はマナを生み出せる。",              # 302.6
    "《灰色熊》が戦場にない場合、《稲妻》は《灰色熊》を対象にできる。",   # 115.1
    "《稲妻》が手札にある場合、《対抗呪文》で《稲妻》を打ち消せる。",     # 701.6a
]

table, nlp = card_fixtures(NAMES)


def _situations(nlp, text: str) -> list[tuple[str, str]]:
    from extractor.claims import attach_claims
    from extractor.facts import Example, ExtractedDocument, Provenance, RawDocument

    raw = RawDocument(title="テスト", text=text, path="h.txt", form="wikitext", key="h.txt")
    prov = Provenance(document="テスト", section=("解説",), line=1, file="h.txt")
    doc = ExtractedDocument(raw=raw, examples=[Example(id="ex:h.txt:1", text=text, prov=prov, cards=[])])
    attach_claims(doc, nlp)
    return [(c.kind, repr(sorted(c.situation.items()))) for c in doc.claims]


@pytest.mark.shared
def test_the_plain_statements_are_confirmed(nlp, table):
    """The probe's bases are read and confirmed: a modifier's effect below is the modifier's, not a miss."""
    for base in BASES:
        vs = _verdicts(nlp, table, None, base.replace("@", ""))
        assert any(v.verdict == "confirmed" for v in vs), (base, [(v.kind, v.verdict, v.reason[:120]) for v in vs])


@pytest.mark.shared
@pytest.mark.parametrize("base", BASES)
def test_a_modifier_is_staged_or_the_claim_is_not_decided(nlp, table, base):
    plain = set(_situations(nlp, base.replace("@", "")))
    bad = []
    for mod in MODIFIERS:
        text = base.replace("@", mod)
        sits = _situations(nlp, text)
        for (kind, sit), v in zip(sits, _verdicts(nlp, table, None, text)):
            if (kind, mod) == ("can_counter", "対戦相手の"):
                continue      # (the scenario casts the spell as the opponent's: engine/crosscheck/counter_target.py)
            if v.verdict != "unsimulable" and (kind, sit) in plain:
                bad.append((text, kind, v.verdict, v.reason[:120]))     # the modifier left no trace, and decided
    assert not bad, bad


@pytest.mark.shared
@pytest.mark.parametrize("text", CLAUSED)
def test_a_condition_clause_is_staged_or_the_claim_is_not_decided(nlp, table, text):
    vs = _verdicts(nlp, table, None, text)
    assert all(v.verdict == "unsimulable" for v in vs), [(v.kind, v.verdict, v.reason[:150]) for v in vs]


@pytest.mark.shared
@pytest.mark.parametrize("text", FALSE)
def test_a_false_modified_statement_is_never_confirmed(nlp, table, text):
    vs = _verdicts(nlp, table, None, text)
    assert not any(v.verdict == "confirmed" for v in vs), [(v.kind, v.verdict, v.reason[:150]) for v in vs]


# clauses that state only what the scenario stages are read, not dropped: the claim's own spell cast (601.2) or on
# the stack (701.6a), the opponent casting it (as staged), a spell that can't be countered (101.2) — (text, truth)
READ = [
    ("《稲妻》を唱えた時点で、《対抗呪文》で打ち消せる。", True),
    ("《稲妻》を唱えた時点で、《対抗呪文》で打ち消せない。", False),
    ("《稲妻》はスタック上にある時点で、《対抗呪文》で打ち消せる。", True),
    ("《稲妻》はスタック上にある時点で、《対抗呪文》で打ち消すことはできない。", False),
    ("対戦相手が唱えた《稲妻》は、《対抗呪文》で打ち消せる。", True),
    ("対戦相手が唱えた《稲妻》は、《対抗呪文》で打ち消せない。", False),
    ("《稲妻》が打ち消されない呪文である場合、《対抗呪文》で打ち消すことはできない。", True),
    ("《稲妻》が打ち消されない呪文である場合、《対抗呪文》で打ち消すことができる。", False),
]


@pytest.mark.shared
@pytest.mark.parametrize("text, truth", READ)
def test_a_clause_the_scenario_stages_is_read(nlp, table, text, truth):
    from test_crosscheck_g4 import judge
    judge(_verdicts(nlp, table, None, text), truth)


@pytest.mark.shared
@pytest.mark.parametrize("text", [
    # true (601.2c: it can be cast when there is a spell to target): main contradicted it on a board with none
    "打ち消されない呪文に対しても、《対抗呪文》を唱えることはできるが、打ち消すことはできない。",
    "《対抗呪文》を唱えることはできる。",
    "《破滅の刃》を唱えることはできる。",
])
def test_a_cast_needing_a_target_the_board_lacks_is_not_decided(nlp, table, text):
    vs = [v for v in _verdicts(nlp, table, None, text) if v.kind == "can_cast"]
    assert vs and all(v.verdict == "unsimulable" for v in vs), [(v.kind, v.verdict, v.reason[:150]) for v in vs]


@pytest.mark.shared
def test_a_cast_whose_target_the_board_offers_is_decided(nlp, table):
    from test_crosscheck_g4 import judge
    judge([v for v in _verdicts(nlp, table, None, "《稲妻》を唱えることはできる。") if v.kind == "can_cast"], True)
