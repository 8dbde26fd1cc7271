"""Cross-check: synthesis from typed claims, the verdict rules, and the claims of each family (the store side,
reports and the acceptance run on the bundled corpus: tests/kb/test_validate.py)."""
from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from claimdata import claim, needs_engine
from engine import crosscheck as cc
from engine.crosscheck.cards import PLAIN_CREATURE
from engine.crosscheck.verdict import Run, claim_fields, verdict_from_runs


# ------------------------------------------------------------------------------------------- synthesis
def test_trigger_count_stages_the_cause_and_expects_the_count():
    c = claim("trigger_count", {"event": "enters", "cause": "Raise the Alarm"}, {"times": 2}, subject="Soul Warden")
    [sc] = cc.synthesize(c, None)
    assert "Soul Warden" in sc["zones"]["you"]["battlefield"]
    assert sc["zones"]["you"]["hand"] == ["Raise the Alarm"]
    assert sc["actions"][0] == {"cast": "Raise the Alarm"}
    assert {"triggered": {"source": "Soul Warden", "times": 2}} in sc["expect"]
    assert "誘発型能力" in sc["source"] and "line 7" in sc["source"]


def test_trigger_count_accepts_japanese_names_and_counts_per_object():
    c = claim("trigger_count", {"event": "dies", "cause": "審判の日",
                                "objects": [{"card": "Zulaport Cutthroat"}, {"card": "Grizzly Bears", "n": 2}]},
              {"times": "per_object"}, subject="ズーラポートの殺し屋")
    [sc] = cc.synthesize(c, None)
    assert sc["zones"]["you"]["battlefield"] == ["Zulaport Cutthroat", "Grizzly Bears x2"]
    assert {"triggered": {"source": "Zulaport Cutthroat", "times": 3}} in sc["expect"]


def test_open_count_is_tried_in_several_readings():
    c = claim("trigger_count", {"event": "dies", "cause": "Day of Judgment",
                                "objects": [{"card": "Zulaport Cutthroat"}, {"card": "Grizzly Bears", "n": "some"}]},
              {"times": "per_object"}, subject="Zulaport Cutthroat")
    scs = cc.synthesize(c, None)
    assert [s["expect"][-1]["triggered"]["times"] for s in scs] == [2, 3]


def test_no_trigger_expects_zero():
    c = claim("no_trigger", {"event": "enters", "objects": ["Grizzly Bears"]}, {"times": 0}, subject="Soul Warden")
    [sc] = cc.synthesize(c, None)
    assert {"triggered": {"source": "Soul Warden", "times": 0}} in sc["expect"]
    assert any("put" in a for a in sc["actions"])


def test_can_counter_opponent_casts_and_you_counter():
    c = claim("can_counter", {"spell": "Boon Satyr", "mode": "normal", "counter": "Essence Scatter"},
              {"can": True}, subject="Essence Scatter")
    [sc] = cc.synthesize(c, None)
    assert sc["zones"]["opponent"]["hand"] == ["Boon Satyr"]
    assert sc["zones"]["you"]["hand"] == ["Essence Scatter"]
    assert sc["actions"][0] == {"cast": "Boon Satyr", "by": "opponent"}
    assert sc["actions"][1] == {"expect": [{"can_target": {"spell": "Essence Scatter", "target": "Boon Satyr",
                                                           "value": True}}]}
    assert {"zone": {"card": "Boon Satyr", "zone": "graveyard"}} in sc["expect"]


def test_cannot_counter_with_bestow_targets_a_creature_and_expects_no_target():
    c = claim("can_counter", {"spell": "Boon Satyr", "mode": "bestow", "counter": "Negate"}, {"can": False})
    [sc] = cc.synthesize(c, None)
    assert sc["actions"][0] == {"cast": "Boon Satyr", "by": "opponent", "mode": "bestow",
                                "targets": [PLAIN_CREATURE]}
    assert sc["actions"][1]["expect"][0]["can_target"]["value"] is False
    assert not any("cast" in a and a.get("by") == "you" for a in sc["actions"])


def test_devotion_and_enters_as():
    c = claim("devotion", {"player": "you", "permanents": ["Evangel of Heliod", "Yoked Ox"], "color": "白"},
              {"color": "W", "value": 3})
    [sc] = cc.synthesize(c, None)
    assert sc["zones"]["you"]["battlefield"] == ["Evangel of Heliod", "Yoked Ox"]
    assert sc["expect"] == [{"devotion": {"player": "you", "color": "W", "n": 3}}]

    c = claim("enters_as", {"spell": "Boon Satyr", "mode": "bestow", "target_illegal": True},
              {"types": ["Enchantment", "Creature"], "zone": "battlefield"})
    [sc] = cc.synthesize(c, None)
    assert {"destroy": PLAIN_CREATURE} in sc["actions"]
    assert {"types": {"card": "Boon Satyr", "has": ["Enchantment", "Creature"], "lacks": ["Aura"]}} in sc["expect"]


def test_result_activates_as_often_as_stated():
    c = claim("result", {"actions": {"action": "activate", "times": 2}},
              {"counters": {"kind": "+1/+1", "n": 3}, "destroyed": 1}, subject="Keepsake Gorgon")
    [sc] = cc.synthesize(c, None)
    assert [a.get("activate") for a in sc["actions"][:3]] == ["Keepsake Gorgon"] * 2 + [None]
    assert {"counters": {"card": "Keepsake Gorgon", "kind": "+1/+1", "n": 3}} in sc["expect"]
    assert {"count": {"player": "opponent", "zone": "graveyard", "n": 1}} in sc["expect"]
    # more potential victims than the actions could destroy one each, or "only one" could not fail; the number
    # comes from the actions, never from the claimed outcome (else the check reads its answer back)
    assert "Grizzly Bears x3" in sc["zones"]["opponent"]["battlefield"]
    for n in (0, 2, 5):
        other = claim("result", c.situation, {**c.outcome, "destroyed": n}, subject="Keepsake Gorgon")
        [sc2] = cc.synthesize(other, None)
        assert sc2["zones"] == sc["zones"] and sc2["actions"] == sc["actions"]


@pytest.mark.parametrize("c, words", [
    (claim("finds", {"source": "Strangleroot Geist"}, {"returned": False}), "603.6"),
    (claim("choice_on_resolution", {"source": "Soul Warden"}, {"decided": "resolution"}), "Soul Warden"),
    (claim("made_up_kind"), "made_up_kind"),
    (claim("trigger_count", {"event": "enters", "cause": "No Such Card"}, {"times": 2}, subject="Soul Warden"),
     "No Such Card"),
    (claim("devotion", {"player": "you", "color": "W"}, {"value": 5}), "permanents"),
    (claim("can_counter", {"spell": "Boon Satyr"}, {"can": True}), "counterspell"),
])
def test_unsimulable_names_what_is_missing(c, words):
    r = cc.synthesize(c, None)
    assert isinstance(r, cc.Unsimulable)
    assert words in r.reason


@settings(max_examples=150, deadline=None)
@given(kind=st.sampled_from(sorted(cc.kinds()) + ["nope"]),
       situation=st.dictionaries(st.sampled_from(["event", "cause", "objects", "board", "spell", "mode", "counter",
                                                  "permanents", "color", "actions", "events", "triggers",
                                                  "controllers", "target", "source", "extra_trigger_effects"]),
                                 st.one_of(st.none(), st.booleans(), st.integers(-3, 9),
                                           st.sampled_from(["Soul Warden", "enters", "dies", "bestow", "白",
                                                            "creature", "Nope Card"]),
                                           st.lists(st.sampled_from(["Grizzly Bears", "artifact", "Mountain x6"]),
                                                    max_size=3),
                                           st.dictionaries(st.sampled_from(["you", "activate", "card", "n"]),
                                                           st.integers(0, 3), max_size=2))),
       outcome=st.dictionaries(st.sampled_from(["times", "can", "value", "types", "counters", "first", "returned"]),
                               st.one_of(st.none(), st.booleans(), st.integers(0, 5), st.just("per_object"),
                                         st.lists(st.just("Creature"), max_size=2))),
       subject=st.sampled_from([None, "Soul Warden", "Keepsake Gorgon", "Essence Scatter", "Nope"]))
def test_synthesis_never_crashes_on_odd_claims(kind, situation, outcome, subject):
    c = claim(kind, situation, outcome, subject=subject)
    r = cc.synthesize(c, None)
    assert isinstance(r, cc.Unsimulable) and r.reason or isinstance(r, list) and all(
        {"zones", "actions", "expect"} <= set(sc) for sc in r)


# ------------------------------------------------------------------------------------- verdict decisions
def _run(label, passed, failed=False, error=None, missing=None):
    r = Run(label, {"name": label})
    r.passed, r.failed_checks, r.error, r.missing = passed, failed, error, missing
    r.checks = [{"expect": {"x": 1}, "observed": 1 if passed else 2, "ok": passed if error is None else None}]
    return r


def test_verdict_rules_across_readings():
    base = claim_fields(claim("can_counter"))
    # a claim must hold in every reading the text leaves open; readings that disagree decide nothing
    v = verdict_from_runs(base, [_run("a", False, True), _run("b", True)], "synthesized")
    assert v.verdict == "unsimulable" and "disagree" in v.reason and "a" in v.reason and "b" in v.reason
    v = verdict_from_runs(base, [_run("a", True), _run("b", True)], "synthesized")
    assert v.verdict == "confirmed" and "a, b" in v.reason
    v = verdict_from_runs(base, [_run("a", False, True), _run("b", False, True)], "synthesized")
    assert v.verdict == "contradicted" and "every reading" in v.reason
    v = verdict_from_runs(base, [_run("a", False, True), _run("b", False, missing="Boon Satyr",
                                                                  error="no behaviour for Boon Satyr")],
                              "synthesized")
    assert v.verdict == "unsimulable" and "Boon Satyr" in v.reason
    v = verdict_from_runs(base, [_run("a", False, error="engine broke")], "synthesized")
    assert v.verdict == "unsimulable" and "engine broke" in v.reason
    # free order: every order must be legal
    v = verdict_from_runs(base, [_run("a", True), _run("b", False, True)], "synthesized", require_all=True)
    assert v.verdict == "contradicted"


@needs_engine
def test_choice_on_resolution_removes_the_source_while_the_ability_waits():
    c = claim("choice_on_resolution", {"source": "Impaler Shrike", "choice": "sacrifice"},
              {"decided": "resolution"}, subject="Impaler Shrike")
    sc, timed = cc.synthesize(c, None)
    assert timed["expect"] == [{"choice_made": {"kind": "may", "source": "Impaler Shrike", "at": "resolution"}}]
    acts = sc["actions"]
    assert acts.index({"destroy": "Impaler Shrike"}) < acts.index({"resolve": "all"})
    # measured by the engine: declining draws nothing, so a removed Shrike must draw nothing either
    assert {"count": {"player": "you", "zone": "hand", "n": 0}} in sc["expect"]
    v = cc.check_claim(c)
    assert v.verdict == "confirmed", v.reason
    assert v.log, "the verdict keeps the engine's game log"


@needs_engine
def test_repeated_action_claims_compare_with_the_state_before_the_last():
    c = claim("nothing_happens", {"actions": {"activate": 2}}, {"nothing": True}, subject="Keepsake Gorgon")
    [sc] = cc.synthesize(c, None)
    assert [a.get("activate") for a in sc["actions"]].count("Keepsake Gorgon") == 2
    assert {"counters": {"card": "Keepsake Gorgon", "kind": "+1/+1", "n": 1}} in sc["expect"]
    assert cc.check_claim(c).verdict == "confirmed"
    # the same claim about a single activation is contradicted: the first one does something
    c1 = claim("no_trigger", {"event": "monstrous"}, {"times": 0}, subject="Keepsake Gorgon")
    v = cc.check_claim(c1)
    assert v.verdict == "contradicted", v.reason


# ----------------------------------------------- issue 7 follow-up: readings the text states (seed 001)
@needs_engine
@pytest.mark.parametrize("remaining,verdict", [(2, "confirmed"), (3, "contradicted"), (4, "contradicted")])
def test_intervening_if_removal_before_resolution(remaining, verdict):
    """Bleak Coven Vampires: 'your artifacts were destroyed so that N remain; the ability does nothing'.
    With 2 left the condition (3 artifacts) fails on resolution; with 3 or 4 left it holds, so 'nothing
    happens' is contradicted in every reading (1 or 2 destroyed)."""
    c = claim("nothing_happens", {"before_resolution": {"event": "destroyed", "type": "artifact",
                                                        "controller": "you", "remaining": remaining}},
              {"nothing": True}, subject="Bleak Coven Vampires")
    scs = cc.synthesize(c, None)
    assert len(scs) == 2
    for sc in scs:
        # the ability must really have triggered before the removal, or "nothing" would prove nothing
        assert {"expect": [{"stack": ["Bleak Coven Vampires"]}]} in sc["actions"]
    v = cc.check_claim(c)
    assert v.verdict == verdict, v.reason


@needs_engine
def test_free_order_is_checked_in_every_order_of_the_observed_triggers():
    c = claim("stack_order", {"triggers": ["Elesh Norn, Grand Cenobite", "Solemn Simulacrum"],
                              "board": {"opponent": ["Elesh Norn, Grand Cenobite"], "you": ["Solemn Simulacrum"]},
                              "events": ["enters"], "entered": ["Solemn Simulacrum"]},
              {"free_order": True})
    scs = cc.synthesize(c, None)
    assert len(scs) == 2
    orders = [next(a["choose"]["order"] for a in sc["actions"] if "choose" in a) for sc in scs]
    assert sorted(orders) == [["Solemn Simulacrum: dies", "Solemn Simulacrum: enters"],
                              ["Solemn Simulacrum: enters", "Solemn Simulacrum: dies"]]
    v = cc.check_claim(c)
    assert v.verdict == "confirmed" and v.reason.startswith("holds in every reading"), v.reason
    # without the opposing Elesh Norn, Solemn survives: one trigger, no order to choose — never confirmed
    c2 = claim("stack_order", {"board": {"you": ["Solemn Simulacrum"]}, "triggers": ["Solemn Simulacrum", "Yoked Ox"],
                               "entered": ["Solemn Simulacrum"]}, {"free_order": True})
    v2 = cc.check_claim(c2)
    assert v2.verdict == "unsimulable" and "fewer than two" in v2.reason


@needs_engine
@pytest.mark.parametrize("order,verdict", [(["scry 1", "draw 1"], "confirmed"),
                                           (["draw 1", "scry 1"], "contradicted"),
                                           (["scry 1", "scry 1"], "contradicted")])
def test_effect_order_with_an_additional_trigger(order, verdict):
    c = claim("result", {"extra_trigger": True}, {"order": order}, subject="Rumor Gatherer")
    scs = cc.synthesize(c, None)
    assert scs and all({"effects": {"source": "Rumor Gatherer", "sequence": order}} in sc["expect"] for sc in scs)
    v = cc.check_claim(c)
    assert v.verdict == verdict, v.reason


@needs_engine
def test_repeated_monstrosity_without_a_named_card_reads_the_topic():
    """'the second activation and later do nothing' under the heading 怪物化: any card with monstrosity."""
    c = claim("nothing_happens", {"actions": {"activate": 2}}, {"nothing": True}, keywords=["怪物化"])
    v = cc.check_claim(c)
    assert v.verdict == "confirmed" and "Keepsake Gorgon" in json.dumps(v.scenario), v.reason
    v0 = cc.check_claim(claim("nothing_happens", {"actions": {"activate": 2}}, {"nothing": True}))
    assert v0.verdict == "unsimulable" and "topic" in v0.reason


@needs_engine
@pytest.mark.parametrize("life,verdict", [({"gain": 1}, "confirmed"), ({"gain": 2}, "contradicted"),
                                          ({"lose": 1}, "contradicted")])
def test_life_from_a_triggered_ability_stages_its_event(life, verdict):
    """Soul Warden's own wording: another creature enters, you gain 1 life."""
    c = claim("result", {"events": ["enters"]}, {"life": life}, subject="Soul Warden")
    [sc] = cc.synthesize(c, None)
    assert "Soul Warden" in sc["zones"]["you"]["battlefield"] and sc["actions"][0]["put"]["cards"] != ["Soul Warden"]
    assert cc.check_claim(c).verdict == verdict


@needs_engine
@pytest.mark.parametrize("types,verdict", [(["Creature"], "confirmed"), (["Artifact"], "contradicted")])
def test_counterspell_wording_against_a_spell_of_the_stated_type(types, verdict):
    c = claim("can_counter", {"spell": None, "mode": None, "counter": "Essence Scatter", "spell_types": types},
              {"can": True}, subject="Essence Scatter")
    v = cc.check_claim(c)
    assert v.verdict == verdict, v.reason


@needs_engine
@pytest.mark.parametrize("times,verdict", [(2, "confirmed"), (3, "contradicted")])
def test_additional_trigger_effect_wording(times, verdict):
    c = claim("trigger_count", {"extra": times - 1, "extra_source": "Panharmonicon", "event": "enters",
                                "objects_any": [{"type": "artifact", "n": 1}, {"type": "creature", "n": 1}]},
              {"times": times})
    scs = cc.synthesize(c, None)
    assert scs and all("Panharmonicon" in sc["zones"]["you"]["battlefield"] for sc in scs)
    assert cc.check_claim(c).verdict == verdict


@needs_engine
@pytest.mark.parametrize("source,can,verdict", [("Negate", False, "confirmed"), ("Essence Scatter", False, "contradicted"),
                                                ("Negate", True, "contradicted")])
def test_can_target_a_kind_of_card_on_the_stack(source, can, verdict):
    """'a God on the stack cannot be targeted by Negate': every God the engine knows is a creature spell there."""
    c = claim("can_target", {"source": source, "target": None, "mode": None, "zone": "stack", "target_kind": "god"},
              {"can": can}, subject=source)
    from kb.cards import CardTable

    table = CardTable.bundled()
    scs = cc.synthesize(c, None)
    assert scs and all("God" in table.get(sc["actions"][0]["cast"]).subtypes for sc in scs)
    assert all(sc["actions"][0]["by"] == "opponent" for sc in scs)          # a spell on the stack
    assert cc.check_claim(c).verdict == verdict


@needs_engine
def test_can_cast_with_bestow_and_what_it_needs():
    ok = claim("can_cast", {"mode": "bestow"}, {"can": True}, keywords=["授与"])
    v = cc.check_claim(ok)
    assert v.verdict == "confirmed", v.reason
    assert cc.check_claim(claim("can_cast", {"mode": "bestow"}, {"can": False}, keywords=["授与"])).verdict == "contradicted"
    lib = cc.check_claim(claim("can_cast", {"mode": "bestow", "zone": "library"}, {"can": False}, keywords=["授与"]))
    assert lib.verdict == "unsimulable" and "library" in lib.reason
    eff = cc.check_claim(claim("can_cast", {"mode": "bestow"}, {"can": True}, text="この効果は唱えることを妨げない。"))
    assert eff.verdict == "unsimulable" and "this effect" in eff.reason


def test_unsimulable_reasons_say_what_is_missing():
    quoted = claim("no_trigger", {"event": "upkeep", "quoted_ability": "あなたのアップキープの開始時に…"}, {"times": 0})
    assert "given only by its wording" in cc.check_claim(quoted).reason
    general = claim("trigger_count", {"event": "cast", "ability_keyword": "英雄的"}, {"times": 1})
    assert "英雄的 ability in general" in cc.check_claim(general).reason
    unknown = claim("trigger_count", {"event": "enters"}, {"times": 1}, subject="存在しないカード名")
    assert "存在しないカード名" in cc.check_claim(unknown).reason


# ------------------------------------------------------------------------------ QA regressions


@needs_engine
def test_can_cast_under_a_named_effect_casts_the_bestow_card_with_the_effect_in_play():
    from engine import behaviours

    effect = "Soul Warden"                 # a card with a behaviour (its effect does not stop casting)
    assert behaviours.get(effect) is not None
    c = claim("can_cast", {"mode": "bestow"}, {"can": True}, subject=effect, cards=[effect], keywords=["授与"],
              text="この効果は、授与を持つクリーチャー・カードが授与された状態で唱えられることを妨げない。")
    scs = cc.synthesize(c, None)
    assert scs
    for sc in scs:
        cast = sc["expect"][0]["can_cast"]
        assert cast["card"] != effect and cast["mode"] == "bestow"
        assert behaviours.get(cast["card"]).bestow                          # the bestow card is the one cast
        assert effect in sc["zones"]["you"]["battlefield"]                 # the effect's card is in play
        assert effect not in sc["zones"]["you"].get("hand", [])
    assert cc.check_claim(c).verdict == "confirmed"
    # an effect card the engine has no behaviour for: unsimulable, naming it (never cast "with bestow" itself)
    from kb.cards import CardTable

    silent = next(x.name for x in sorted(CardTable.bundled(), key=lambda x: x.name)
                  if x.has_text and behaviours.get(x.name) is None and "Enchantment" in x.types
                  and "Creature" not in x.types)
    for text in (c.text, "授与された状態で唱えることはできない。"):
        v = cc.check_claim(claim("can_cast", {"mode": "bestow"}, {"can": False}, subject=silent,
                                 keywords=["授与"], text=text))
        assert v.verdict == "unsimulable" and f"no behaviour for {silent}" in v.reason, v.reason
