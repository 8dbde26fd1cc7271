"""「戦場に出る」 as an outcome of a composed statement (extractor/claims/compose.py ``enters``,
engine/crosscheck/outcome_enters.py): a named permanent card enters the battlefield in the state the statement gives
— tapped (110.5), with N counters of a kind (122.6), under your control (110.2) — by its own replacement effects
as it enters (614.1c).  Each true statement is mutated (polarity, number, counter kind, card swapped) into false
ones that must never be confirmed; what the staging cannot show is never decided.
"""
from __future__ import annotations

import pytest

from test_crosscheck_g4 import _verdicts, card_fixtures, undecided, wrong_and_missed

pytestmark = pytest.mark.shared

CASES = [
    ("《アゾリウスのギルド門》はタップ状態で戦場に出る。", True),                     # its own "enters tapped"
    ("《灰色熊》はタップ状態で戦場に出る。", False),                               # card swapped
    ("《灰色熊》はタップ状態で戦場に出ない。", True),
    ("《アゾリウスのギルド門》はタップ状態で戦場に出ない。", False),               # polarity
    ("《スパイクの飼育係》は+1/+1カウンターが2個置かれた状態で戦場に出る。", True),
    ("《スパイクの飼育係》は+1/+1カウンターが3個置かれた状態で戦場に出る。", False),  # number
    ("《スパイクの飼育係》は-1/-1カウンターが2個置かれた状態で戦場に出る。", False),  # counter kind
    ("《灰色熊》は+1/+1カウンターが2個置かれた状態で戦場に出る。", False),           # card swapped
    ("《鱗の召使い》は、+1/+1カウンターが1個乗った状態で戦場に出ます。", True),
    ("《鱗の召使い》は、+1/+1カウンターが2個乗った状態で戦場に出ます。", False),
    ("《電結の働き手》は1個の+1/+1カウンターが置かれた状態で戦場に出る。", True),    # modular 1 (702.43a)
    ("《ジャングルのうろ穴》は、あなたのコントロール下でタップ状態で戦場に出る。", True),
    ("《ジャングルのうろ穴》は、あなたのコントロール下でタップ状態で戦場に出ない。", False),
    ("《灰色熊》はあなたのコントロール下で戦場に出る。", True),
]

# never decided: a denial with no cause, a denied number, X in the cost (107.3), counters that depend on the game,
# the opponent's control, a described object, an event before it (its cause is not staged), an event with a state
UNDECIDED = [
    "《灰色熊》は戦場に出ない。",
    "《灰色熊》は戦場に出る。",                 # no stated state: its cause is not staged
    "《シミックの信徒》は+1/+1カウンターが1個置かれた状態で戦場に出ない。",
    "《搭載歩行機械》は+1/+1カウンターが2個置かれた状態で戦場に出る。",
    "《搭載歩行機械》はタップ状態で戦場に出ない。",
    "《ゴルガリの墓トロール》は+1/+1カウンターが2個置かれた状態で戦場に出る。",
    "《灰色熊》は対戦相手のコントロール下で戦場に出る。",
    "アーティファクトはタップ状態で戦場に出る。",
    "《灰色熊》が破壊された場合、《アゾリウスのギルド門》はタップ状態で戦場に出る。",
    "《灰色熊》がタップ状態で戦場に出た場合、《灰色熊》は攻撃できない。",
]

table, nlp = card_fixtures(["Azorius Guildgate", "Grizzly Bears", "Spike Feeder", "Servant of the Scale",
                            "Arcbound Worker", "Jungle Hollow", "Simic Initiate", "Hangarback Walker",
                            "Golgari Grave-Troll"])


def test_enters_in_a_stated_state(nlp, table):
    wrong, missed = wrong_and_missed(nlp, table, CASES)
    assert not wrong, wrong
    assert not missed, missed


@pytest.mark.parametrize("text", UNDECIDED, ids=[t[:24] for t in UNDECIDED])
def test_enters_not_staged_is_not_decided(nlp, table, text):
    undecided(_verdicts(nlp, table, None, text))

