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
