"""Attacking a planeswalker (506.3, 508.1b) and its combat damage (510.1, 120.3c), in the engine: the attacked
planeswalker, not its controller, is dealt the damage and loses that many loyalty counters; at 0 it goes to its
owner's graveyard (704.5i).  The stand-ins of :mod:`test_general_mechanics` ("Walker", a planeswalker)."""
from __future__ import annotations

from test_general_mechanics import run, twin

BEARS = "Grizzly Bears"          # a bundled 2/2


def _attack_walker(loyalty: int) -> tuple[dict, list]:
    zones = {"you": {"battlefield": [BEARS]},
             "opponent": {"battlefield": [{"card": "Walker", "counters": {"loyalty": loyalty}}]}}
    return zones, [{"attack": [BEARS], "defender": "Walker"}, {"advance": {"turn": 1, "step": "main2"}}]


def test_combat_damage_to_the_attacked_planeswalker_removes_loyalty_not_life():
    zones, acts = _attack_walker(5)
    twin(zones, acts, [{"counters": {"card": "Walker", "kind": "loyalty", "n": 3}}, {"life_change": {"opponent": 0}}],
         [{"life_change": {"opponent": -2}}], "120.3c")


def test_the_attacked_planeswalker_at_zero_loyalty_goes_to_the_graveyard():
    zones, acts = _attack_walker(2)
    twin(zones, acts, [{"zone": {"card": "Walker", "zone": "graveyard"}}],
         [{"zone": {"card": "Walker", "zone": "battlefield"}}], "704.5i")


def test_a_planeswalker_of_your_own_is_not_attacked():
    zones = {"you": {"battlefield": [BEARS, {"card": "Walker", "counters": {"loyalty": 5}}]}}
    r = run(zones, [{"attack": [BEARS], "defender": "Walker"}])
    assert not r.passed and "508.1b" in (r.error or ""), r.error


def test_an_unknown_defender_is_a_clear_error():
    zones, _ = _attack_walker(5)
    r = run(zones, [{"attack": [BEARS], "defender": "Nobody Walker"}])
    assert not r.passed and "Nobody Walker" in (r.error or ""), r.error
