"""Combat statements (issue 20, honesty): a fact the sentence states about an object or an event — the damage's
source, a stated toughness — is never dropped; unstaged, the claim is not decided."""
from __future__ import annotations

import pytest

from test_composed import verdicts


@pytest.mark.parametrize("text", [
    # false: the source (a creature with deathtouch, 702.2b) and the toughness were dropped, and it was confirmed
    "接死を持つクリーチャーから1点のダメージを受けても、タフネスが4のクリーチャーは破壊されない。",
    # false (704.5g): the toughness 1 was dropped, the stand-ins (2/2, 5/5) survive 1 damage
    "1点のダメージを受けても、タフネスが1のクリーチャーは破壊されない。",
])
def test_a_false_statement_is_not_confirmed_without_its_source_or_toughness(text):
    assert all(v != "confirmed" for _, v in verdicts(text)), (text, verdicts(text))



def test_the_state_of_a_named_blocker_is_never_dropped():
    # true (509.1a: only an untapped creature is declared as a blocker): the state 「タップ状態の」 of the named
    # blocker was dropped and the true statement CONTRADICTED (an untapped 《灰色熊》 blocks)
    for text in ("タップ状態の《灰色熊》でブロックできない。", "タップ状態の《灰色熊》でブロックできる。",
                 "タップ状態の《灰色熊》で《鋤引きの雄牛》をブロックすることはできない。"):
        assert {v for _, v in verdicts(text)} == {"unsimulable"}, (text, verdicts(text))
