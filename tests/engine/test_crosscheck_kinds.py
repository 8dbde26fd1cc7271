"""The cross-check of the issue-12 kinds, fidelity (the claim's swallow check) and described objects (stand-ins):
each kind confirmed, contradicted by the opposite outcome, and unsimulable with the reason."""
from __future__ import annotations

import pytest

from engine import crosscheck as cc
from engine import simulate
from engine.cardbase import default_cards
from extractor.facts import Claim, Provenance


def claim(kind, situation, outcome, subject=None) -> Claim:
    return Claim(id="claim:k", kind=kind, text="…", prov=Provenance("D", line=1), subject=subject,
                 situation=situation, outcome=outcome)


def D(**k) -> dict:
    return {"desc": k}


def verdict(kind, situation, outcome, subject=None):
    return cc.check_claim(claim(kind, situation, outcome, subject))


FLYER, PLAIN, REACH = D(types=["Creature"], keywords=["flying"]), D(types=["Creature"]), D(types=["Creature"],
                                                                                           keywords=["reach"])
INDESTRUCTIBLE = D(types=["Creature"], pt="5/5", keywords=["indestructible"])


@pytest.mark.parametrize("kind, situation, outcome, want", [
    # can_block (509.1a, 702.9b, 702.17b, 702.16f)
    ("can_block", {"attacker": FLYER, "blocker": D(types=["Creature"], lacks=["flying", "reach"])}, {"can": False},
     "confirmed"),
    # a plain described blocker may have reach: the denial is not confirmed (standins.enabler_variants)
    ("can_block", {"attacker": FLYER, "blocker": PLAIN}, {"can": False}, "unsimulable"),
    ("can_block", {"attacker": FLYER, "blocker": PLAIN}, {"can": True}, "contradicted"),
    ("can_block", {"attacker": FLYER, "blocker": REACH}, {"can": True}, "confirmed"),
    ("can_block", {"attacker": PLAIN, "blocker": PLAIN}, {"can": True}, "confirmed"),
    ("can_block", {"attacker": D(types=["Creature"], protection=["W"]), "blocker": D(types=["Creature"], colors="W")},
     {"can": False}, "confirmed"),
    ("can_block", {"attacker": "Grizzly Bears", "blocker": "Gnarled Scarhide"}, {"can": True}, "contradicted"),
    # can_attack (302.6, 702.10)
    ("can_attack", {"card": PLAIN, "conditions": [{"kind": "summoning_sick"}]}, {"can": False}, "confirmed"),
    ("can_attack", {"card": PLAIN, "conditions": [{"kind": "summoning_sick"}]}, {"can": True}, "contradicted"),
    ("can_attack", {"card": D(types=["Creature"], keywords=["haste"]), "conditions": [{"kind": "just_controlled"}]},
     {"can": True}, "confirmed"),
    # can_destroy (701.7, 702.12b, 704.5f/g, 701.17a)
    ("can_destroy", {"target": INDESTRUCTIBLE}, {"can": False}, "confirmed"),
    ("can_destroy", {"target": INDESTRUCTIBLE}, {"can": True}, "contradicted"),
    ("can_destroy", {"target": INDESTRUCTIBLE, "by": "sacrifice"}, {"can": True}, "confirmed"),
    ("can_destroy", {"target": INDESTRUCTIBLE, "by": "toughness_zero"}, {"can": True}, "confirmed"),
    ("can_destroy", {"target": INDESTRUCTIBLE, "by": "lethal_damage"}, {"can": True}, "contradicted"),
    ("can_destroy", {"target": D(types=["Creature"], protection=["W"]), "by": "Day of Judgment"}, {"can": True},
     "confirmed"),
    ("can_destroy", {"target": "Grizzly Bears", "by": "Flame Slash"}, {"can": False}, "contradicted"),
    # can_exile (406.2): Oblivion Ring's own entering trigger
    ("can_exile", {"target": INDESTRUCTIBLE, "by": "Oblivion Ring"}, {"can": True}, "confirmed"),
    # zone_after (400.7, 704.5d, 701.5a)
    ("zone_after", {"card": "Grizzly Bears", "events": [{"action": "damage", "n": 2}]}, {"zone": "graveyard"},
     "confirmed"),
    ("zone_after", {"card": "Grizzly Bears", "events": [{"action": "damage", "n": 1}],
                    "conditions": [{"kind": "damage", "n": 1}]}, {"zone": "battlefield"}, "confirmed"),
    ("zone_after", {"card": D(types=["Creature"], pt="1/1", token=True), "events": [{"action": "leave"}]},
     {"zone": "none"}, "confirmed"),
    ("zone_after", {"card": "Grizzly Bears", "events": [{"action": "cast"}, {"action": "counter"}]},
     {"zone": "exile"}, "contradicted"),
    # pt_after (613, 122.1a)
    ("pt_after", {"card": "Grizzly Bears", "effects": [{"counters": {"+1/+1": 2}}]}, {"pt": "4/4"}, "confirmed"),
    ("pt_after", {"card": "Grizzly Bears", "effects": [{"counters": {"+1/+1": 2}}]}, {"pt": "3/3"}, "contradicted"),
    ("pt_after", {"card": D(types=["Creature"], pt="2/2", colors="W"), "effects": [{"card": "Honor of the Pure"}]},
     {"pt": "3/3"}, "confirmed"),
    # life_result (119.3, 510.1, 702.19c)
    ("life_result", {"cause": "Soul Warden"}, {"life": {"gain": 1}}, "confirmed"),
    ("life_result", {"cause": "Soul Warden"}, {"life": {"gain": 2}}, "contradicted"),
    ("life_result", {"attacker": D(types=["Creature"], pt="6/6", keywords=["trample"]),
                     "blocker": D(types=["Creature"], pt="2/2"), "conditions": [{"kind": "blocked"}]},
     {"damage": {"n": 4, "to": "opponent"}}, "confirmed"),
    # can_counter of a spell that can't be countered (101.2)
    ("can_counter", {"counter": "Essence Scatter", "uncounterable": True, "spell_types": ["Creature"]}, {"can": False},
     "confirmed"),
    ("can_counter", {"counter": "Essence Scatter", "uncounterable": True, "spell_types": ["Creature"]}, {"can": True},
     "contradicted"),
    # can_target with protection / hexproof (702.16b, 702.11b)
    ("can_target", {"source": "Flame Slash", "target": D(types=["Creature"], protection=["R"])}, {"can": False},
     "confirmed"),
    ("can_target", {"source": "Flame Slash", "target": D(types=["Creature"], protection=["W"])}, {"can": False},
     "contradicted"),
    ("can_target", {"source": D(types=["Instant"], controller="opponent"),
                    "target": D(types=["Creature"], keywords=["hexproof"])}, {"can": False}, "confirmed"),
])
def test_new_kinds(kind, situation, outcome, want):
    v = verdict(kind, situation, outcome)
    assert v.verdict == want, v.reason


@pytest.mark.parametrize("kind, situation, outcome, reason", [
    ("can_destroy", {"target": D(types=["Creature"], pt="3/3", keywords=["indestructible"]),
                     "conditions": [{"kind": "summoning_sick"}]}, {"can": True}, "cannot be staged"),
    ("zone_after", {"card": D(types=["Creature"], pt="1/1", token=True), "events": [{"action": "destroy"}]},
     {"zone": "graveyard"}, "ceases to exist"),
    ("life_result", {"attacker": D(types=["Creature"], pt="6/6", keywords=["trample"]),
                     "blocker": D(types=["Creature"], pt="2/2"), "conditions": [{"kind": "blocked"}]},
     {"damage": {"n": 2, "to": "opponent"}}, "chooses how trample damage"),
    ("can_target", {"target": D(types=["Creature"], keywords=["hexproof"]), "source": D(types=["Instant"])},
     {"can": True}, "readings disagree"),
    # (no compiled quotes handed in: nothing to compare — quoted_text.py, tests/kb/test_quoted_wording.py)
    ("card_text", {"card": "Soul Warden", "quoted": "…"}, {"matches": True}, "was not compiled"),
    ("copy", {"original": "Grizzly Bears"}, {"copied": {"pt": "2/2"}}, "copy effects"),
    ("discard_result", {"cause": "Duress"}, {"discard": 1}, "readings disagree"),
])
def test_new_kinds_unsimulable_with_the_reason(kind, situation, outcome, reason):
    v = verdict(kind, situation, outcome)
    assert v.verdict == "unsimulable" and reason in v.reason, v.reason


# ---- fidelity

def test_an_unrepresented_clause_is_named_and_never_judged():
    v = verdict("can_counter", {"counter": "Essence Scatter", "spell": "Grizzly Bears", "mode": "normal",
                                "unrepresented": ["授与コストで"]}, {"can": True})
    assert v.verdict == "unsimulable" and "「授与コストで」" in v.reason and "not stage" in v.reason


def test_a_situation_key_the_kind_does_not_stage_is_named():
    v = verdict("devotion", {"player": "you", "color": "W", "permanents": ["Yoked Ox"], "mode": "bestow"},
                {"color": "W", "value": 1})
    assert v.verdict == "unsimulable" and "mode" in v.reason


def test_an_event_the_scenario_does_not_perform_is_named():
    # the undying card's death is stated but a devotion scenario never stages it
    v = verdict("devotion", {"player": "you", "color": "W", "permanents": ["Yoked Ox"], "events": ["dies"]},
                {"color": "W", "value": 1})
    assert v.verdict == "unsimulable" and "dies" in v.reason
    ok = verdict("no_return", {"cause": "Tormod's Crypt", "events": ["dies", "exiled"], "ability": "undying"},
                 {"returned": False}, subject="Strangleroot Geist")
    assert ok.verdict == "confirmed" and any(s.startswith("events") for s in ok.staged), ok.reason


def test_a_verdict_lists_the_facts_it_staged():
    v = verdict("can_counter", {"counter": "Essence Scatter", "spell": "Grizzly Bears", "mode": "normal"},
                {"can": True}, subject="Essence Scatter")
    assert v.verdict == "confirmed"
    assert 'mode: "normal"' in v.staged and any(s.startswith("spell") for s in v.staged)
    assert "staged" in v.public()


def test_a_bestow_cast_is_never_judged_as_a_normal_cast():
    """The mode is staged (the bestowed Aura spell is not a creature spell, 702.103b): Essence Scatter can't
    counter a bestow cast, so the normal-cast answer never confirms it."""
    v = verdict("can_counter", {"counter": "Essence Scatter", "spell": "Boon Satyr", "mode": "bestow"}, {"can": True})
    assert v.verdict == "contradicted", v.reason


def test_a_stated_controller_of_a_described_object_must_be_staged():
    v = verdict("can_destroy", {"target": D(types=["Creature"], pt="2/2", controller="you"), "by": "Flame Slash"},
                {"can": True})
    assert v.verdict == "unsimulable" and "controlled by you" in v.reason


def test_a_bare_trigger_statement_is_checked_as_at_least_once():
    sit = {"cause": "Raise the Alarm", "event": "enters", "objects": [{"type": "creature"}]}
    assert verdict("trigger_count", sit, {"times": 1, "at_least": True}, subject="Soul Warden").verdict == "confirmed"
    assert verdict("trigger_count", sit, {"times": 1}, subject="Soul Warden").verdict == "contradicted"


# ---- stand-ins

def test_stand_ins_never_leak_into_the_card_table():
    before = len(default_cards())
    verdict("can_block", {"attacker": FLYER, "blocker": PLAIN}, {"can": False})
    assert len(default_cards()) == before
    assert not any(c.name.startswith("Stand-in") for c in default_cards())


def test_what_a_description_leaves_open_is_a_reading():
    v = verdict("can_destroy", {"target": D(types=["Creature"]), "by": "lethal_damage"}, {"can": True})
    assert v.verdict == "confirmed"
    assert len(v.readings_tried) == 2 and {"2/2", "5/5"} <= {x for r in v.readings_tried for x in ("2/2", "5/5")
                                                              if x in r["reading"]}


def test_a_description_without_a_type_or_a_pt_is_completed_by_readings_not_guessed():
    v = verdict("can_destroy", {"target": D(keywords=["indestructible"]), "by": "sacrifice"}, {"can": True})
    assert v.verdict == "confirmed" and len(v.readings_tried) == 3     # creature 2/2, creature 5/5, artifact
    bad = verdict("can_destroy", {"target": D(label="A")}, {"can": True})
    assert bad.verdict == "unsimulable" and "no card type" in bad.reason


# ---- engine capabilities the kinds use

def _sc(zones, actions, expect):
    return {"name": "t", "strict_choices": False, "zones": zones, "actions": actions, "expect": expect}


def test_allowed_expectation_reports_the_refusal():
    sc = _sc({"you": {"battlefield": ["Grizzly Bears"]}, "opponent": {"battlefield": ["Ornithopter"]}},
             [{"attack": ["Ornithopter"], "defender": "you", "by": "opponent"}], [])
    sc["active"] = "opponent"
    sc["expect"] = [{"allowed": {"action": {"block": {"Grizzly Bears": "Ornithopter"}}, "value": False}}]
    r = simulate(sc)
    assert r.passed and "flying" in r.checks[0]["observed"]
    sc["expect"] = [{"allowed": {"action": {"block": {"Grizzly Bears": "Ornithopter"}}}}]
    assert not simulate(sc).passed
