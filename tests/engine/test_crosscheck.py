"""Cross-check: synthesis from typed claims, verdicts stored in the KB, reports, and the acceptance run on
the bundled corpus (every seed claim gets a verdict, ≥ 15 confirmed by synthesis, none contradicted)."""
from __future__ import annotations

import html
import json
import re
import subprocess
import sys

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import crosscheck as cc
from engine.crosscheck import verdict
from engine.crosscheck.cards import PLAIN_CREATURE
from kb import reports
from kb import validate as kv
from extractor.facts import Claim, ExtractedDocument, Provenance, RawDocument
from kb.store import Store

ROOT = __import__("pathlib").Path(__file__).resolve().parents[2]


def claim(kind, situation=None, outcome=None, subject=None, cards=(), keywords=(), text="例文", line=7,
          cid="claim:test"):
    return Claim(id=cid, kind=kind, text=text, prov=Provenance("誘発型能力", "42", ("解説", "誘発する"), line),
                 subject=subject, cards=list(cards), keywords=list(keywords), situation=situation or {},
                 outcome=outcome or {})


def _engine_ready() -> bool:
    try:
        import engine
        return callable(getattr(engine, "simulate", None)) and callable(getattr(engine, "has_behaviour", None))
    except Exception:
        return False


needs_engine = pytest.mark.skipif(not _engine_ready(), reason="the rules engine (engine.simulate) is not built yet")


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


def test_synthesized_scenarios_are_yaml_round_trippable():
    c = claim("can_counter", {"spell": "Boon Satyr", "mode": "bestow", "counter": "Negate"}, {"can": True})
    [sc] = cc.synthesize(c, None)
    assert yaml.safe_load(reports.scenario_yaml(sc)) == sc


# ------------------------------------------------------------------------------------- verdict decisions
def _run(label, passed, failed=False, error=None, missing=None):
    r = verdict.Run(label, {"name": label})
    r.passed, r.failed_checks, r.error, r.missing = passed, failed, error, missing
    r.checks = [{"expect": {"x": 1}, "observed": 1 if passed else 2, "ok": passed if error is None else None}]
    return r


def test_verdict_rules_across_readings():
    base = verdict.claim_fields(claim("can_counter"))
    # a claim must hold in every reading the text leaves open; readings that disagree decide nothing
    v = verdict.verdict_from_runs(base, [_run("a", False, True), _run("b", True)], "synthesized")
    assert v.verdict == "unsimulable" and "disagree" in v.reason and "a" in v.reason and "b" in v.reason
    v = verdict.verdict_from_runs(base, [_run("a", True), _run("b", True)], "synthesized")
    assert v.verdict == "confirmed" and "a, b" in v.reason
    v = verdict.verdict_from_runs(base, [_run("a", False, True), _run("b", False, True)], "synthesized")
    assert v.verdict == "contradicted" and "every reading" in v.reason
    v = verdict.verdict_from_runs(base, [_run("a", False, True), _run("b", False, missing="Boon Satyr",
                                                                  error="no behaviour for Boon Satyr")],
                              "synthesized")
    assert v.verdict == "unsimulable" and "Boon Satyr" in v.reason
    v = verdict.verdict_from_runs(base, [_run("a", False, error="engine broke")], "synthesized")
    assert v.verdict == "unsimulable" and "engine broke" in v.reason
    # free order: every order must be legal
    v = verdict.verdict_from_runs(base, [_run("a", True), _run("b", False, True)], "synthesized", require_all=True)
    assert v.verdict == "contradicted"


# ------------------------------------------------------------------------------------------- the store
def _store_with_claims(tmp_path, claims):
    raw = RawDocument(title="誘発型能力", text="x\ny\n", path=str(tmp_path / "doc.txt"), key="doc.txt")
    doc = ExtractedDocument(raw=raw, claims=claims)
    s = Store(tmp_path / "kb.sqlite")
    s.write_document(doc)
    return s


def test_verdicts_are_stored_replaced_and_owned_by_the_document(tmp_path):
    c1 = claim("made_up_kind", cid="claim:aaa", line=1)
    c2 = claim("devotion", {"player": "you", "color": "W"}, {"value": 5}, cid="claim:bbb", line=2)
    s = _store_with_claims(tmp_path, [c1, c2])
    verdicts, summary = kv.validate(s)
    assert summary == {"confirmed": 0, "contradicted": 0, "unsimulable": 2, "total": 2}
    node = s.node("verdict:claim:aaa")
    assert node["kind"] == "verdict" and node["title"] == "unsimulable" and "made_up_kind" in node["text"]
    assert node["doc"] == "doc.txt" and node["data"]["line"] == 1 and node["data"]["claim_id"] == "claim:aaa"
    assert [e["dst"] for e in s.edges_from("claim:aaa", "has_verdict")] == ["verdict:claim:aaa"]
    kv.validate(s)                                              # a second run replaces, never duplicates
    assert len(s.edges_from("claim:aaa", "has_verdict")) == 1
    assert s.counts()["verdict"] == 2
    # subsets
    vs, _ = kv.validate(s, documents=["nope"])
    assert vs == []
    vs, _ = kv.validate(s, documents=["誘発型能力"])
    assert len(vs) == 2
    # the owning document's removal takes its verdicts along
    s.delete_document("doc.txt")
    assert s.counts().get("verdict", 0) == 0


def test_claim_log_reads_the_stored_log(tmp_path):
    s = _store_with_claims(tmp_path, [claim("made_up_kind", cid="claim:aaa")])
    kv.validate(s)
    assert kv.claim_log(s, "claim:aaa") == []
    with s.transaction():
        s.upsert_node("verdict:claim:aaa", "verdict", data={"log": ["603.2: Soul Warden triggers"]}, replace=True)
    assert kv.claim_log(s, "aaa") == ["603.2: Soul Warden triggers"]


# ------------------------------------------------------------------------------------------- reports
def _verdicts():
    return [cc.Verdict("claim:1", "誘発型能力", "42", ["解説"], 3, "<script>alert(1)</script></nowiki>",
                       "trigger_count", "contradicted", [{"triggered": {"source": "Soul Warden", "times": 3}}],
                       [2], "the opposite", {"name": "n", "zones": {}, "actions": [], "expect": []}),
            cc.Verdict("claim:2", "授与", None, [], 9, "《否認》では打ち消せない", "can_counter", "confirmed")]


def test_html_report_escapes_wiki_text_and_groups_by_document():
    out = reports.html_report(_verdicts(), {"confirmed": 1, "contradicted": 1, "unsimulable": 0})
    assert "<script>" not in out and html.escape("<script>alert(1)</script>") in out
    assert out.index("授与") < out.index("誘発型能力")          # documents sorted
    assert "scenario simulated" in out and "#ffd6d6" in out


def test_wikitext_report_nowikis_source_text():
    out = reports.wikitext_report(_verdicts(), {"confirmed": 1, "contradicted": 1, "unsimulable": 0})
    assert "<nowiki><script>alert(1)</script>&lt;/nowiki&gt;</nowiki>" in out
    assert out.count('{| class="wikitable"') == 2 and out.count("|}") == 2


# ---------------------------------------------------------------------------- acceptance: bundled corpus
@pytest.fixture(scope="module")
def sample_store(tmp_path_factory):
    db = tmp_path_factory.mktemp("cc") / "kb.sqlite"
    r = subprocess.run([sys.executable, "-m", "kb", "ingest", "--db", str(db), "--no-progress"], cwd=ROOT,
                       capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, r.stderr
    return db


def _validate_json(db, *extra):
    r = subprocess.run([sys.executable, "-m", "kb", "validate", "--db", str(db), "--json", *extra], cwd=ROOT,
                       capture_output=True, text=True, timeout=600)
    assert r.returncode in (0, 1), r.stderr
    return r.returncode, json.loads(r.stdout)


@needs_engine
def test_bundled_corpus_acceptance(sample_store, tmp_path):
    s = Store(sample_store)
    claims = list(s.nodes(kind="claim"))
    s.close()
    code, out = _validate_json(sample_store, "--emit-scenarios", str(tmp_path / "sc"),
                               "--report", str(tmp_path / "r.html"), "--wikitext", str(tmp_path / "r.txt"))
    verdicts = out["verdicts"]
    assert {v["claim_id"] for v in verdicts} == {c["id"] for c in claims}          # every claim has a verdict
    by = {k: [v for v in verdicts if v["verdict"] == k] for k in cc.VERDICTS}
    assert out["summary"] == {k: len(by[k]) for k in cc.VERDICTS}
    assert not by["contradicted"], [(v["line"], v["text"], v["reason"]) for v in by["contradicted"]]
    assert code == 0
    confirmed_by_synthesis = [v for v in by["confirmed"] if v["origin"] == "synthesized"]
    assert len(confirmed_by_synthesis) >= 15, out["summary"]
    from kb.cards import CardTable
    names = [c.name for c in CardTable.bundled()]
    for v in by["unsimulable"]:
        # what is missing: a card without behaviour, or the fact / expectation the sentence does not give
        r = v["reason"]
        assert any(n in r for n in names) or re.search(r"does not|no |not |cannot", r), v
    # the emitted scenarios are loadable by the engine's own reader
    import engine
    files = sorted((tmp_path / "sc").glob("*.yaml"))
    assert files
    for f in files:
        assert engine.load_scenarios(str(f))
    assert (tmp_path / "r.html").read_text(encoding="utf-8").count("class='v ") == len(verdicts)


@needs_engine
def test_show_claim_log_reaches_the_verdict_log(sample_store):
    s = Store(sample_store)
    confirmed = [n for n in s.nodes(kind="verdict") if n["title"] == "confirmed"]
    s.close()
    if not confirmed:
        pytest.skip("no confirmed verdict stored yet")
    cid = confirmed[0]["data"]["claim_id"]
    with Store(sample_store) as s:
        log = kv.claim_log(s, cid)
    assert log, "a confirmed verdict keeps the engine's game log"
    r = subprocess.run([sys.executable, "-m", "kb", "show", "claim", cid, "--log", "--db", str(sample_store)],
                       cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    assert log[0] in r.stdout


@needs_engine
def test_attached_scenario_decides_and_persists(sample_store, tmp_path):
    s = Store(sample_store)
    c = next(iter(s.nodes(kind="claim")))
    s.close()
    f = tmp_path / "mine.yaml"
    f.write_text(yaml.safe_dump({"name": "hand-written", "zones": {"you": {"battlefield": ["Grizzly Bears"]}},
                                 "expect": [{"zone": {"card": "Grizzly Bears", "zone": "graveyard"}}]}),
                 encoding="utf-8")
    spec = f"{c['data'].get('key') or c['doc']}:{c['data']['line']}"
    code, out = _validate_json(sample_store, "--attach", spec, str(f), "--document", c["doc"])
    v = next(v for v in out["verdicts"] if v["claim_id"] == c["id"])
    assert v["origin"] == "attached" and v["verdict"] == "contradicted" and code == 1
    # remembered by the store: a later run without --attach still uses it
    code, out = _validate_json(sample_store, "--document", c["doc"])
    v = next(v for v in out["verdicts"] if v["claim_id"] == c["id"])
    assert v["origin"] == "attached"
    # clean up for the other tests sharing the store
    s = Store(sample_store)
    with s.transaction():
        s.set_setting(kv.ATTACH_SETTING, None)
    s.close()


def test_validate_cli_refuses_a_missing_store(tmp_path):
    db = tmp_path / "none.sqlite"
    r = subprocess.run([sys.executable, "-m", "kb", "validate", "--db", str(db)], cwd=ROOT, capture_output=True,
                       text=True, timeout=300)
    assert r.returncode == 2 and "none.sqlite" in r.stderr and not db.exists()


def test_validate_cli_json_shape_and_exit_code(tmp_path):
    s = _store_with_claims(tmp_path, [claim("made_up_kind", cid="claim:aaa")])
    s.close()
    code, out = _validate_json(tmp_path / "kb.sqlite")
    assert code == 0 and out["summary"] == {"confirmed": 0, "contradicted": 0, "unsimulable": 1}
    assert set(out["verdicts"][0]) == {"claim_id", "document", "revision", "section", "line", "text", "kind",
                                       "verdict", "expected", "observed", "reason", "scenario", "origin"}


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


# ------------------------------------------------------ attached scenarios shipped with the sample
@needs_engine
def test_sample_attachments_decide_the_lost_quiz_questions(tmp_path):
    from kb.ingest import ingest

    with Store(tmp_path / "kb.sqlite") as s:
        ingest(None, s)
        verdicts, summary = kv.validate(s)
        answers = {v.claim_id: s.node(v.claim_id)["data"].get("answer") for v in verdicts}
    att = [v for v in verdicts if v.origin == "attached"]
    assert {v.kind for v in att} == {"result", "devotion", "nothing_happens"}
    assert all(v.verdict == "confirmed" for v in att), [(v.line, v.reason) for v in att]
    assert all("kb/data/sample/scenarios/" in v.reason for v in att)
    # exactly the claims of the answers 2-2, 2-3 and 4-2 are decided by an attachment
    assert {v.claim_id for v in att} == {c for c, a in answers.items() if a in ("2-2", "2-3", "4-2")}
    assert summary["contradicted"] == 0
    text = reports.text_summary(verdicts, summary)
    assert f"{len(att)} decided by hand-written attached scenarios" in text


@needs_engine
def test_sample_attachments_skip_an_edited_copy(tmp_path):
    """A copy of the quiz whose text differs is judged on its own words: no attachment applies."""
    from conftest import SEED_000
    from kb.ingest import ingest

    copy = tmp_path / SEED_000.name
    copy.write_text(SEED_000.read_text(encoding="utf-8").replace("白への信心は５", "白への信心は６"), encoding="utf-8")
    with Store(tmp_path / "kb.sqlite") as s:
        ingest([str(copy)], s)
        verdicts, _ = kv.validate(s)
    assert verdicts and not [v for v in verdicts if v.origin == "attached"]


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
    c = claim("can_target", {"source": source, "target": None, "mode": None, "zone": "stack", "target_kind": "神"},
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
    assert eff.verdict == "unsimulable" and "この効果" in eff.reason


def test_unsimulable_reasons_say_what_is_missing():
    quoted = claim("no_trigger", {"event": "upkeep", "quoted_ability": "あなたのアップキープの開始時に…"}, {"times": 0})
    assert "given only by its wording" in cc.check_claim(quoted).reason
    general = claim("trigger_count", {"event": "cast", "ability_keyword": "英雄的"}, {"times": 1})
    assert "英雄的 ability in general" in cc.check_claim(general).reason
    unknown = claim("trigger_count", {"event": "enters"}, {"times": 1}, subject="存在しないカード名")
    assert "存在しないカード名" in cc.check_claim(unknown).reason


# ------------------------------------------------------------------------------ QA regressions
def test_a_store_whose_card_data_cannot_be_read_is_an_error_not_other_verdicts(tmp_path):
    import sqlite3

    s = _store_with_claims(tmp_path, [claim("made_up_kind", cid="claim:aaa")])
    with s.transaction() as c:
        c.execute("DROP TABLE IF EXISTS cards")
        c.execute("CREATE TABLE cards(x)")             # the card rows can no longer be read
    with pytest.raises(sqlite3.DatabaseError):
        kv.validate(s)
    s.close()
    r = subprocess.run([sys.executable, "-m", "kb", "validate", "--no-progress", "--db", str(tmp_path / "kb.sqlite")],
                       cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert r.returncode == 2 and "kb.sqlite" in r.stderr and "Traceback" not in r.stderr, r.stdout + r.stderr


def test_validate_refuses_the_default_store_when_absent_without_creating_it(tmp_path):
    r = subprocess.run([sys.executable, "-m", "kb", "validate", "--no-progress"], cwd=tmp_path,
                       capture_output=True, text=True, timeout=300,
                       env={**__import__("os").environ, "PYTHONPATH": str(ROOT)})
    assert r.returncode == 2 and "mtgkb.sqlite" in r.stderr and "0 claims" not in r.stdout
    assert not (tmp_path / "mtgkb.sqlite").exists()


@pytest.mark.parametrize("flags, words", [
    (["--document", "nosuchdoc"], ["nosuchdoc", "nothing to validate"]),
    (["--document", "誘発型"], ["誘発型", "close titles", "誘発型能力"]),
    (["--keyword", "存在しない語"], ["存在しない語", "nothing to validate"]),
    (["--card", "Grizzly Bears"], ["Grizzly Bears", "nothing to validate"]),
])
def test_validate_filters_that_select_nothing_say_so(tmp_path, flags, words):
    s = _store_with_claims(tmp_path, [claim("made_up_kind", cid="claim:aaa")])
    s.close()
    r = subprocess.run([sys.executable, "-m", "kb", "validate", "--no-progress", "--db", str(tmp_path / "kb.sqlite"),
                        *flags], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert r.returncode == 2, r.stdout + r.stderr
    assert all(w in r.stderr for w in words), r.stderr
    assert "0 claims" not in r.stdout


def test_validate_says_where_its_outputs_were_written(tmp_path):
    s = _store_with_claims(tmp_path, [claim("devotion", {"player": "you", "permanents": ["Yoked Ox"], "color": "W"},
                                            {"value": 1}, cid="claim:aaa")])
    s.close()
    html_out, wiki_out, folder = tmp_path / "r.html", tmp_path / "talk.txt", tmp_path / "scs"
    r = subprocess.run([sys.executable, "-m", "kb", "validate", "--no-progress", "--db", str(tmp_path / "kb.sqlite"),
                        "--document", "誘発型能力", "--report", str(html_out), "--wikitext", str(wiki_out),
                        "--emit-scenarios", str(folder)], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert r.returncode in (0, 1), r.stderr
    n = len(list(folder.glob("*.yaml")))
    assert html_out.exists() and wiki_out.exists() and n >= 1
    assert str(html_out) in r.stdout and str(wiki_out) in r.stdout
    assert f"wrote {n} scenario file" in r.stdout and str(folder) in r.stdout


def test_reports_keep_documents_of_one_title_apart():
    a = cc.Verdict("claim:1", "誘発型能力", "7", ["解説"], 5, "xml の文", "devotion", "confirmed",
                   doc_key="mtgwiki-ja.fragments.xml#誘発型能力")
    b = cc.Verdict("claim:2", "誘発型能力", None, ["解説"], 5, "txt の文", "devotion", "unsimulable",
                   doc_key="誘発型能力.txt", file="corpus/wiki/誘発型能力.txt")
    summary = cc.summarize([a, b])
    out = reports.html_report([a, b], summary)
    heads = re.findall(r"<h2>(.*?)</h2>", out)
    assert len(heads) == 2
    xml_head = next(h for h in heads if "fragments.xml" in h)
    txt_head = next(h for h in heads if "誘発型能力.txt" in h)
    assert "revision 7" in xml_head and "誘発型能力" in txt_head
    # each entry sits under its own document's heading, with its line
    assert out.index(html.escape(xml_head)) < out.index("xml の文") or out.index(txt_head) < out.index("xml の文")
    for head, text in ((xml_head, "xml の文"), (txt_head, "txt の文")):
        section = out[out.index(head):]
        nxt = [out.index(h) for h in heads if out.index(h) > out.index(head)]
        section = out[out.index(head):min(nxt) if nxt else len(out)]
        assert text in section and "line 5" in section
    wiki = reports.wikitext_report([a, b], summary)
    assert wiki.count("=== ") == 2 and "fragments.xml" in wiki and "誘発型能力.txt" in wiki


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
