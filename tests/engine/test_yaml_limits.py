"""Issue 23, defects 2 and 5 (scenarios): a YAML alias bomb or an oversize file is refused quickly with a named
error (exit 2) and the other scenarios of a folder still run; a turn before the first is refused."""
from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.errors import ScenarioError
from engine.scenario import load_scenarios
from engine.yamlines import MAX_BYTES, YamlLimitError, compose

ROOT = Path(__file__).resolve().parent.parent.parent
GOOD = ROOT / "kb" / "data" / "sample" / "scenarios"


def bomb(levels: int = 8, fan: int = 10) -> str:
    """A "billion laughs" scenario: each anchor aliases the previous one ``fan`` times (fan**levels values)."""
    lines = ['a0: &a0 ["lol"]']
    for i in range(1, levels + 1):
        lines.append(f"a{i}: &a{i} [{', '.join(f'*a{i - 1}' for _ in range(fan))}]")
    lines.append(f"zones: {{you: {{battlefield: *a{levels}}}}}")
    return "\n".join(lines) + "\n"


def test_an_alias_bomb_is_refused_at_once_with_its_file_and_line(tmp_path):
    f = tmp_path / "bomb.yaml"
    f.write_text(bomb(), encoding="utf-8")
    t0 = time.perf_counter()
    with pytest.raises(ScenarioError) as e:
        load_scenarios(f)
    assert time.perf_counter() - t0 < 10        # a guard, not a benchmark: expanding it took minutes and GBs
    assert "bomb.yaml" in str(e.value) and "aliases" in str(e.value)


def test_compose_is_bounded_too():
    with pytest.raises(YamlLimitError):
        compose(bomb(levels=6))
    with pytest.raises(YamlLimitError, match="too large"):
        compose("a: b\n" * (MAX_BYTES // 5 + 10))
    assert compose("a: &x [1, 2]\nb: *x\n") == [{"a": [1, 2], "b": [1, 2]}]     # ordinary aliases still work


def test_simulate_refuses_bombs_and_huge_files_and_runs_the_rest_of_the_folder(tmp_path):
    folder = tmp_path / "scen"
    folder.mkdir()
    good = sorted(GOOD.glob("*.yaml"))
    assert good
    for g in good:
        (folder / g.name).write_text(g.read_text(encoding="utf-8"), encoding="utf-8")
    (folder / "0_bomb.yaml").write_text(bomb(), encoding="utf-8")
    (folder / "0_huge.yaml").write_text("# padding\n" * (MAX_BYTES // 10 + 10), encoding="utf-8")
    expected = sum(len(load_scenarios(g)) for g in good)
    t0 = time.perf_counter()
    r = subprocess.run([sys.executable, "-m", "kb", "simulate", "--json", str(folder)], capture_output=True,
                       text=True, cwd=tmp_path, timeout=300)
    elapsed = time.perf_counter() - t0
    assert r.returncode == 2, r.stderr
    out = json.loads(r.stdout)
    errors = {Path(d["file"]).name: d["error"] for d in out if d.get("error")}
    assert set(errors) == {"0_bomb.yaml", "0_huge.yaml"}
    assert "0_bomb.yaml" in errors["0_bomb.yaml"] and "too large" in errors["0_huge.yaml"]
    assert sum(1 for d in out if not d.get("error") and d["passed"]) == expected
    assert elapsed < 120


@pytest.mark.parametrize("where", ["at: {turn: %s}", "actions:\n  - advance: {turn: %s}"])
@pytest.mark.parametrize("turn", [-5, 0, 10 ** 9])
def test_a_turn_outside_the_game_is_refused(tmp_path, where, turn):
    f = tmp_path / "turn.yaml"
    f.write_text("name: t\nzones: {you: {battlefield: [Plains]}}\n" + where % turn + "\n", encoding="utf-8")
    with pytest.raises(ScenarioError, match="turn must be from 1"):
        load_scenarios(f)


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(levels=st.integers(2, 40), fan=st.integers(2, 40))
def test_fuzzed_alias_nests_are_refused_or_read_quickly(levels, fan):
    t0 = time.perf_counter()
    try:
        compose(bomb(levels, fan))
    except YamlLimitError:
        pass
    assert time.perf_counter() - t0 < 10        # a guard against expansion, not a benchmark
