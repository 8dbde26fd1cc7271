"""all_of: one statement of several facts holds only when every part does (engine/crosscheck/all_of.py)."""
from __future__ import annotations

from types import SimpleNamespace

import pytest

from engine.cardbase import default_cards
from engine.crosscheck import all_of, check_claim
from extractor.facts import Claim, Provenance


def statement(*parts) -> Claim:
    return Claim(id="claim:all", kind="all_of", text="…", prov=Provenance("D", line=1),
                 situation={"parts": [dict(p) for p in parts]}, outcome={"holds": True})


TAPPED = {"desc": {"types": ["Creature"], "tapped": True}}
ATTACK = {"kind": "can_attack", "situation": {"card": TAPPED}, "outcome": {"can": False}}
BLOCK = {"kind": "can_block", "situation": {"attacker": {"desc": {"types": ["Creature"]}}, "blocker": TAPPED},
         "outcome": {"can": False}}


@pytest.mark.parametrize("verdicts, want", [
    (["confirmed", "confirmed"], "confirmed"),
    (["confirmed", "contradicted"], "contradicted"),
    (["contradicted", "unsimulable"], "unsimulable"),      # a part not judged: a fact not staged
    (["confirmed", "unsimulable"], "unsimulable"),
])
def test_the_parts_verdicts_combine(verdicts, want):
    it = iter(verdicts)
    got, reason = all_of.judge(statement(ATTACK, BLOCK), lambda c: SimpleNamespace(verdict=next(it), reason="r"))
    assert got == want, reason


def test_a_statement_of_tapped_creatures_end_to_end():
    """508.1a / 509.1a: a tapped creature can neither attack nor block; say it can block, and the statement fails."""
    assert check_claim(statement(ATTACK, BLOCK), default_cards()).verdict == "confirmed"
    wrong = {**BLOCK, "outcome": {"can": True}}
    assert check_claim(statement(ATTACK, wrong), default_cards()).verdict == "contradicted"


def test_parts_of_no_known_shape_are_not_judged():
    assert check_claim(statement(ATTACK), default_cards()).verdict == "unsimulable"
    assert check_claim(statement(ATTACK, {"kind": "all_of"}), default_cards()).verdict == "unsimulable"


def test_the_whole_statements_unread_words_are_facts_of_every_part():
    """「2体の攻撃クリーチャー…」: words the parts do not stage, lifted to the statement, keep every part unjudged."""
    whole = statement(ATTACK, BLOCK)
    whole.situation["unrepresented"] = ["2体 攻撃"]
    assert all(p.situation.get("unrepresented") == ["2体 攻撃"] for p in all_of.parts(whole))
    assert check_claim(whole, default_cards()).verdict == "unsimulable"


def _assign(desc: dict, to: dict, **sit) -> Claim:
    return Claim(id="claim:t", kind="trample_assign", text="…", prov=Provenance("D", line=1),
                 situation={"attacker": {"desc": {"types": ["Creature"], **desc}}, **sit}, outcome={"to_player": to})


@pytest.mark.parametrize("desc, to, sit, want", [
    ({"keywords": ["trample"]}, {"rest": True}, {}, "confirmed"),          # 702.19b: the rest after lethal damage
    ({"lacks": ["trample"]}, {"rest": True}, {}, "contradicted"),          # 510.1c: a blocked non-trampler: none
    ({"lacks": ["trample"]}, {"some": False}, {}, "confirmed"),
    ({"keywords": ["trample"]}, {"some": False}, {}, "contradicted"),
    ({}, {"some": False}, {}, "unsimulable"),                             # silent on trample: staged both ways
    ({"lacks": ["trample"]}, {"some": True}, {"unblocked": True}, "confirmed"),   # 510.1a: unblocked
    ({"lacks": ["trample"]}, {"some": False}, {"unblocked": True}, "contradicted"),
    ({"keywords": ["trample", "double_strike"]}, {"rest": True}, {}, "unsimulable"),  # another damage step
])
def test_a_blocked_attackers_damage_to_the_player(desc, to, sit, want):
    got = check_claim(_assign(desc, to, **sit), default_cards())
    assert got.verdict == want, got.reason
