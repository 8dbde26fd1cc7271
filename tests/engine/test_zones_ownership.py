"""Zones and permanents' state read by composition (issue 20): who owns and controls a named object (400.3,
108.3), a fact stated before a named object (a keyword it has, a regeneration shield), the legend rule of two of
one named card (704.5j), a basic land's intrinsic mana ability (305.6) — and the honesty of each reading: a fact
about another object is never staged on this one, a denial of whose graveyard is no claim about the zone.

Statements run end to end (the extractor pipeline reads them; the cross-check judges them with the bundled
cards where it says so)."""
from __future__ import annotations

import pytest

from test_composed import claims_of, verdicts


def _one(text: str, kind: str):
    got = [c for c in claims_of(text) if c.kind == kind]
    assert len(got) == 1, (text, [(c.kind, c.situation, c.outcome) for c in claims_of(text)])
    return got[0]


@pytest.mark.parametrize("text, fact", [
    # the card it was done with is how the object came to be controlled, not what removes it (613.1b)
    ("《Control Magic》でコントロールを得た《Grizzly Bears》が死亡した場合、《Grizzly Bears》はオーナーの墓地に置かれる。",
     {"kind": "just_controlled", "by": "Control Magic"}),
    ("コントロールを奪った《Grizzly Bears》が破壊された場合、《Grizzly Bears》はあなたの墓地に置かれる。",
     {"kind": "just_controlled"}),
    ("あなたがコントロールしている対戦相手の《Grizzly Bears》が死亡した場合、《Grizzly Bears》は対戦相手の墓地に置かれる。",
     {"kind": "not_owned"}),
    ("対戦相手の《Grizzly Bears》をコントロールしている場合、《Grizzly Bears》が死亡すると、《Grizzly Bears》は対戦相手の墓地に置かれる。",
     {"kind": "not_owned"}),
    ("破壊不能を持つ《Grizzly Bears》に致死ダメージが与えられても、《Grizzly Bears》は戦場に残る。",
     {"kind": "has", "keyword": "indestructible", "card": "Grizzly Bears"}),
    ("再生の盾がある《Grizzly Bears》を生け贄に捧げると、《Grizzly Bears》は戦場に残る。", {"kind": "regen_shield"}),
])
def test_a_fact_stated_before_the_named_object_is_its_condition(text, fact):
    c = _one(text, "zone_after")
    sit = c.situation or {}
    assert fact in (sit.get("conditions") or []), sit
    assert not sit.get("unrepresented"), sit
    assert "by" not in sit or fact.get("kind") != "just_controlled", sit      # the means is no destroyer


def test_whose_zone_is_a_fact_of_the_outcome():
    c = _one("《Control Magic》でコントロールを得た《Grizzly Bears》が死亡した場合、《Grizzly Bears》はあなたの墓地に置かれる。",
             "zone_after")
    assert c.outcome == {"zone": "graveyard", "owner": "you"}


def test_a_fact_about_another_object_is_never_staged_on_this_one():
    c = _one("対戦相手の《Hill Giant》をコントロールしている場合、《Grizzly Bears》が死亡すると、《Grizzly Bears》は対戦相手の墓地に置かれる。",
             "zone_after")
    sit = c.situation or {}
    assert {"kind": "not_owned"} not in (sit.get("conditions") or [])
    assert sit.get("unrepresented"), sit
    assert [v for k, v in verdicts("対戦相手の《Hill Giant》をコントロールしている場合、《Grizzly Bears》が死亡すると、"
                                   "《Grizzly Bears》は対戦相手の墓地に置かれる。") if k == "zone_after"] == ["unsimulable"]


@pytest.mark.parametrize("text", [
    # 'no' to 「あなたの墓地に置かれますか」 denies whose graveyard (400.3), never that it is put into one
    "Q: 《Control Magic》でコントロールを得た《Grizzly Bears》が死亡した場合、あなたの墓地に置かれますか？ A: いいえ、オーナーの墓地に置かれます。",
    "《Control Magic》でコントロールを得た《Grizzly Bears》が死亡しても、あなたの墓地には置かれない。",
    # exiled / returned: it is in another zone, not on the battlefield (400.7)
    "《Grizzly Bears》が追放された場合、墓地に置かれない。",
    "《Grizzly Bears》が手札に戻された場合、墓地に置かれない。",
])
def test_a_denied_graveyard_is_no_claim_that_it_stays(text):
    assert not [c for c in claims_of(text) if c.kind == "zone_after" and (c.outcome or {}).get("zone") == "battlefield"]


@pytest.mark.parametrize("text, applies, verdict", [
    # 704.5j: two of a legendary card, one goes; two of a nonlegendary card both stay (the named card is a fact)
    ("《Grizzly Bears》を2体コントロールしていても、どちらも墓地に置かれない。", False, "confirmed"),
    ("《Grizzly Bears》をコントロールしているときにもう1体の《Grizzly Bears》が戦場に出ると、あなたはどちらか1体を墓地に置く。",
     True, "contradicted"),
])
def test_two_of_one_named_card_is_a_legend_rule_statement(text, applies, verdict):
    c = _one(text, "legend_rule")
    assert c.outcome == {"applies": applies}
    assert [v for k, v in verdicts(text) if k == "legend_rule"] == [verdict]


@pytest.mark.parametrize("text, verdict", [
    # 305.6: a basic land's {T}: Add [mana] is intrinsic; a land is no creature, 302.6 does not apply to it
    ("《Forest》は戦場に出たターンでも{T}でマナを出せる。", "confirmed"),
    ("《Forest》は戦場に出たターンには{T}でマナを出せない。", "contradicted"),
])
def test_a_basic_lands_intrinsic_mana_ability(text, verdict):
    assert [v for k, v in verdicts(text) if k == "can_activate"] == [verdict]
