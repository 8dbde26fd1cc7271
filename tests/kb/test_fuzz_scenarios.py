"""Issue 13, item 12: mutated copies of the shipped scenario files (keys dropped, values swapped for numbers,
empty strings, huge numbers and copy counts, a zone holding a number instead of a list).  Every bad one gives an error that
names its file (and line where it can); the run never raises past ``mtgkb simulate``; in a folder the other
files still run and the JSON output has an entry for every file."""
from __future__ import annotations

import copy
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import ROOT

SHIPPED = sorted([*(ROOT / "tests" / "engine" / "scenarios").glob("*.yaml"),
                  *(ROOT / "kb" / "data" / "sample" / "scenarios").glob("*.yaml")])
HUGE = 10 ** 30
MUTATIONS = ("drop", "number", "empty", "huge", "zone_number", "negative", "huge_copies")


def _paths(node, prefix=()):
    """Every (path) to a value inside a parsed scenario (mapping keys and list indexes)."""
    out = []
    if isinstance(node, dict):
        for k, v in node.items():
            out.append((*prefix, k))
            out += _paths(v, (*prefix, k))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            out.append((*prefix, i))
            out += _paths(v, (*prefix, i))
    return out


def _mutate(data, path, how):
    parent = data
    for k in path[:-1]:
        parent = parent[k]
    last = path[-1]
    if how == "drop":
        del parent[last]
    elif how == "number":
        parent[last] = 7
    elif how == "empty":
        parent[last] = ""
    elif how == "huge":
        parent[last] = HUGE
    elif how == "negative":
        parent[last] = -HUGE
    elif how == "huge_copies":         # "Plains x1000000000000000000000000000000"
        parent[last] = f"{parent[last]} x{HUGE}" if isinstance(parent[last], str) else HUGE
    elif how == "zone_number":         # a zone (or any list) holding a number instead of a list
        parent[last] = 3 if isinstance(parent[last], list) else [parent[last], 3]


@st.composite
def mutants(draw):
    source = draw(st.sampled_from(SHIPPED))
    docs = [d for d in yaml.safe_load_all(source.read_text(encoding="utf-8")) if d is not None]
    data = copy.deepcopy(docs[0])
    for _ in range(draw(st.integers(1, 3))):
        paths = _paths(data)
        if not paths:
            break
        path = draw(st.sampled_from(paths))
        try:
            _mutate(data, path, draw(st.sampled_from(MUTATIONS)))
        except (KeyError, IndexError, TypeError):
            pass
    return source.name, data


@pytest.fixture(scope="module")
def cards():
    from kb.cards import CardTable

    return CardTable.bundled()


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                  HealthCheck.too_slow])
@given(mutants())
def test_a_mutated_scenario_runs_or_gives_an_error_naming_its_file(tmp_path_factory, cards, mutant):
    from kb.simulate import run_file

    name, data = mutant
    path = tmp_path_factory.mktemp("fuzz") / f"mutant_{name}"
    path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
    results, status = run_file(str(path), cards)            # raises nothing: that is the point
    assert results and status in (0, 1, 2)
    for d in results:
        assert d["file"] == str(path)
        if d.get("error"):
            assert str(path) in d["error"], d
            assert status == 2


def test_a_folder_of_mutants_still_runs_the_good_file_and_reports_every_file(tmp_path):
    folder = tmp_path / "mixed"
    folder.mkdir()
    good = ROOT / "tests" / "engine" / "scenarios" / "001_day_of_judgment_zulaport.yaml"
    (folder / "m_good.yaml").write_text(good.read_text(encoding="utf-8"), encoding="utf-8")
    base = yaml.safe_load(good.read_text(encoding="utf-8"))
    bad = {"a_zone_number.yaml": {**base, "zones": {"you": {"battlefield": 5}}},
           "b_zones_number.yaml": {**base, "zones": 12},
           "c_empty_name.yaml": {**base, "name": "", "expect": ""},
           "d_huge.yaml": {**base, "life": {"you": HUGE}},
           "e_no_expect.yaml": {k: v for k, v in base.items() if k != "expect"},
           "f_actions_number.yaml": {**base, "actions": 9}}
    for n, d in bad.items():
        (folder / n).write_text(yaml.safe_dump(d, allow_unicode=True, sort_keys=False), encoding="utf-8")
    (folder / "g_sjis_binary.yaml").write_bytes(b"name: \x82\xa0\x00\xff\n")
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    r = subprocess.run([sys.executable, "-m", "kb", "simulate", str(folder), "--json"], capture_output=True,
                       text=True, cwd=tmp_path, env=env, timeout=300)
    assert "Traceback" not in r.stderr, r.stderr
    out = json.loads(r.stdout)                                 # complete JSON, even with bad files
    files = {Path(d["file"]).name for d in out}
    assert files == {"m_good.yaml", *bad, "g_sjis_binary.yaml"}
    assert next(d for d in out if d["file"].endswith("m_good.yaml"))["passed"]
    assert r.returncode == 2
    for d in out:
        if d["error"]:
            assert Path(d["file"]).name in d["error"], d


BAD_TYPES = {   # what the runner would otherwise meet as a TypeError / a loop of 10**30 objects, and its line
    "name: a\nzones:\n  you:\n    battlefield: 5\n": 4,
    "name: a\nlife: 20\n": 2,
    "name: a\nlife: {you: lots}\n": 2,
    "name: a\nat: 3\n": 2,
    "name: a\nzones:\n  you:\n    battlefield: [Plains x1000000000000]\n": 4,
    "name: a\nzones:\n  you:\n    battlefield: [{card: Grizzly Bears, counters: 3}]\n": 4,
    "name: a\nactions:\n  - attack: [Grizzly Bears]\n    defender: 7\n": 4,
    "name: a\nactions:\n  - advance: {turn: [1]}\n": 3,
    "name: a\nactions:\n  - put: {cards: 4}\n": 3,
    "name: a\nexpect:\n  - illegal: {action: {mode: bestow}}\n": 3,
    "name: a\nexpect:\n  - triggered: {source: Soul Warden, times: twice}\n": 3,
}


@pytest.mark.parametrize("text", list(BAD_TYPES))
def test_scenario_validation_checks_types_before_iterating(tmp_path, text):
    from engine.errors import ScenarioError
    from engine.scenario import load_scenarios

    path = tmp_path / "bad.yaml"
    with pytest.raises(ScenarioError) as e:
        load_scenarios(str(path), text=text)
    assert e.value.file == str(path) and e.value.line == BAD_TYPES[text], str(e.value)
