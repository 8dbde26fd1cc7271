"""What regeneration does (701.15a: the permanent is tapped, removed from combat and its damage removed) in the
wordings real prose uses: 「タップ状態で戦場に残る」「アンタップ状態のまま戦場に残る」 (its state on the battlefield),
「(そのまま)戦闘に参加し続ける」 (removal from combat denied), 「負っていたダメージ」.  Each true statement with mutated
false ones (tapped / untapped, polarity): none confirmed, each true one confirmed."""
from __future__ import annotations

from test_crosscheck_g4 import _verdicts, card_fixtures, wrong_and_missed

table, nlp = card_fixtures(["River Boa", "Grizzly Bears"])

CASES = [
    ("再生したクリーチャーは、タップ状態で戦場に残る。", True),
    ("再生したクリーチャーは、アンタップ状態のまま戦場に残る。", False),
    ("再生したクリーチャーは、戦闘に参加し続ける。", False),
    ("再生したクリーチャーは、そのまま戦闘に参加し続ける。", False),
    ("再生したクリーチャーは、戦闘から取り除かれる。", True),
    ("《リバー・ボア》が再生すると、負っていたダメージはすべて取り除かれる。", True),
    ("《リバー・ボア》が再生した場合、《リバー・ボア》はタップ状態で戦場に残る。", True),
    ("《リバー・ボア》が再生した場合、《リバー・ボア》はアンタップ状態のまま戦場に残る。", False),
    ("《リバー・ボア》が再生した場合、《リバー・ボア》は戦闘に参加し続ける。", False),
]


def test_what_regeneration_does(nlp, table):
    wrong, missed = wrong_and_missed(nlp, table, CASES)
    assert not wrong and not missed, (wrong, missed)


def test_a_denied_state_on_the_battlefield_is_not_read(nlp, table):
    # 「…のまま戦場に残らない」 does not say whether the state or the staying is denied: no composed verdict
    vs = _verdicts(nlp, table, None, "《リバー・ボア》が再生した場合、《リバー・ボア》はアンタップ状態のまま戦場に残らない。")
    assert all(v.verdict == "unsimulable" for v in vs if v.kind == "composed"), [(v.kind, v.verdict) for v in vs]
