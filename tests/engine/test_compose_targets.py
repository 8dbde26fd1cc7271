"""The active form of targeting, read by composition (issue 20; extractor/claims/compose.py ``targeted``):
「<spell>は<object>を対象に取れる / 取れない / 対象にできる / できない」 — generated statements with an automatic key.

Colours × colours, true by 702.16b (a permanent with protection from a colour can't be the target of spells of
that colour) — a spell of another colour can target it.  Each true statement is mutated: polarity flipped, the
spell's colour swapped.  Asserted (``check_generated``): no false statement confirmed, no true one contradicted,
most true ones confirmed and most mutations contradicted.
"""
from __future__ import annotations

from functools import lru_cache

import pytest

from test_composed import check_generated, verdicts

pytestmark = pytest.mark.slow

COLOURS = ["白", "青", "黒", "赤", "緑"]
FORMS = [("対象に取れる", "対象に取れない"), ("対象にできる", "対象にできない")]


def statements() -> list[tuple[str, bool, str]]:
    out: list[tuple[str, bool, str]] = []
    for i, prot in enumerate(COLOURS):
        for j, spell in enumerate(COLOURS):
            can = spell != prot                                  # 702.16b
            swapped = prot if can else COLOURS[(j + 1) % len(COLOURS)]
            for yes, no in FORMS:
                what = f"702.16b {prot}-{spell}"
                text = f"{spell}の呪文はプロテクション（{prot}）を持つクリーチャーを{{}}。"
                out.append((text.format(yes if can else no), True, what))
                out.append((text.format(no if can else yes), False, what + " / polarity"))
                out.append((f"{swapped}の呪文はプロテクション（{prot}）を持つクリーチャーを{yes if can else no}。", False,
                            what + " / colour"))
    return out


@lru_cache(maxsize=None)
def judged() -> list[tuple[str, bool, str, list[str]]]:
    return [(t, truth, what, [v for k, v in verdicts(t) if k == "composed"]) for t, truth, what in statements()]


def test_generated_active_targeting_statements():
    check_generated(judged(), n_true=40, n_mutants=80)


@pytest.mark.parametrize("text", [
    # 「自身を」: the object is not read — never a stand-in
    "赤の呪文は自身を対象に取れない。",
])
def test_an_unread_target_is_never_decided(text):
    assert [v for k, v in verdicts(text) if k == "composed"] in ([], ["unsimulable"])
