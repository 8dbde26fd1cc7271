"""engine/oracle: grammar cases as data (oracle_cases.yaml), the support check, the seed cards through the
behaviour loader, the supported-faces ratchet and bad input."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml

from conftest import shared_path
from engine import behaviours
from engine.oracle.compile import compile_card, compile_face
from engine.oracle.coverage import coverage_of, load
from engine.oracle.support import unhandled

HERE = Path(__file__).parent
CASES = yaml.safe_load((HERE / "oracle_cases.yaml").read_text(encoding="utf-8"))


def contains(actual, expected, path="") -> None:
    """``expected`` is a fragment of ``actual``: dict keys recursively, lists element by element."""
    if isinstance(expected, dict):
        assert isinstance(actual, dict), f"{path}: expected a mapping, got {actual!r}"
        for k, v in expected.items():
            assert k in actual, f"{path}: missing key {k!r} in {actual!r}"
            contains(actual[k], v, f"{path}.{k}")
    elif isinstance(expected, list):
        assert isinstance(actual, list) and len(actual) == len(expected), f"{path}: {actual!r} != {expected!r}"
        for i, (a, e) in enumerate(zip(actual, expected)):
            contains(a, e, f"{path}[{i}]")
    else:
        assert actual == expected, f"{path}: {actual!r} != {expected!r}"


def face(text, types=("Creature",), name="Test Card"):
    return {"name": name, "text": text, "types": list(types), "supertypes": [], "subtypes": []}


@pytest.mark.parametrize("case", CASES, ids=[c["text"][:50] for c in CASES])
def test_case(case):
    c = compile_face(face(case["text"], case.get("types", ["Creature"])))
    if "reason" in case:
        assert not c.parsed and c.reason.startswith(case["reason"]), c.reason
        assert c.behaviour is None
        return
    assert c.parsed, c.reason
    contains(c.behaviour, case["expect"])
    if "supported" in case:
        assert c.supported is case["supported"], (c.reason, c.behaviour)


def test_number_reaches_behaviour():
    a = compile_face(face("When Test Card enters the battlefield, you gain 3 life."))
    b = compile_face(face("When Test Card enters the battlefield, you gain 4 life."))
    assert a.behaviour["triggers"][0]["effects"] == [{"gain_life": 3}]
    assert b.behaviour["triggers"][0]["effects"] == [{"gain_life": 4}]


def test_reason_is_a_shape():
    c = compile_face(face("Put three blorf counters on target creature you control.", ["Instant"]))
    assert not c.supported and not c.parsed
    assert c.reason.startswith("effect: '") and "<N>" in c.reason


def test_unhandled_names_what_the_engine_lacks():
    assert unhandled({"keywords": ["flying"], "triggers": [{"event": "enters", "object": {"self": True},
                                                            "effects": [{"draw": 1}]}]}) == []
    miss = unhandled({"triggers": [{"event": "becomes_tapped", "effects": [{"venture": 2}]}], "madness": "{2}"})
    assert "behaviour key madness" in miss and "event becomes_tapped" in miss and "effect venture" in miss
    assert unhandled({"spell": {"effects": [{"draw": "Y"}]}}) == ["value form Y"]
    assert unhandled({"spell": {"effects": [{"damage": {"n": 2, "to": "each", "filter": {"blorf": True}}}]}})


def test_text_less_face_is_vanilla():
    c = compile_face({"name": "Plain Bear", "types": ["Creature"]})
    assert c.supported and c.behaviour == {}


def test_transform_front_names_back():
    front = dict(face("At the beginning of your upkeep, transform Test Card."), layout="transform", side="a",
                 faceName="Test Card")
    back = dict(face("Flying", name="Back Card"), layout="transform", side="b", faceName="Back Card")
    c = compile_card([front, back])
    assert c[0].behaviour["transform_to"] == "Back Card"
    assert c[0].behaviour["triggers"][0]["effects"] == [{"transform": "self"}]


def test_bad_file_names_the_file(tmp_path):
    p = tmp_path / "broken.json"
    p.write_text("{not json", encoding="utf-8")
    with pytest.raises(ValueError, match="broken.json"):
        load(p)
    p.write_text('{"meta": {}}', encoding="utf-8")
    with pytest.raises(ValueError, match="broken.json"):
        load(p)


def _seed():
    return json.loads(shared_path("cards/AtomicCards.seed.json").read_text(encoding="utf-8"))["data"]


@pytest.mark.shared
def test_seed_behaviours_load_through_the_loader():
    """Every compiled seed-card behaviour that uses only existing keys loads through behaviours.register."""
    loaded = 0
    for name, faces in _seed().items():
        for c in compile_card(faces):
            if c.supported:
                behaviours.register(f"oracle-test::{c.name}", json.loads(json.dumps(c.behaviour)))
                loaded += 1
    behaviours._extra.clear()
    assert loaded >= 30


@pytest.mark.shared
def test_seed_coverage_counts():
    cov = coverage_of(_seed())
    assert cov["cards"] == len(_seed())
    assert cov["supported_faces"] <= cov["parsed_faces"] <= len(cov["faces"])
    assert sum(cov["by_reason"].values()) == len(cov["faces"]) - cov["parsed_faces"]


@pytest.mark.shared
@pytest.mark.slow
def test_supported_ratchet():
    """Faces listed in oracle_supported.txt stay supported on the full AtomicCards file."""
    listed = [n for n in (HERE / "oracle_supported.txt").read_text(encoding="utf-8").splitlines() if n.strip()]
    cards = load(shared_path("cards/AtomicCards.json"))
    by_face = {}
    for name, faces in cards.items():
        for f in faces:
            by_face.setdefault(f.get("faceName") or f.get("name"), f)
    lost = [n for n in listed if n not in by_face or not compile_face(by_face[n]).supported]
    assert not lost, f"{len(lost)} faces no longer supported, e.g. {lost[:10]}"
