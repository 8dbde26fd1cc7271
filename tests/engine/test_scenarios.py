"""The seed scenarios (issue 6): every file in tests/engine/scenarios passes, every file in tests/engine/scenarios/wrong
fails on its changed expectation (not on an engine error).  See tests/engine/scenarios/README.md."""
from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

import engine
from kb.cards import CardTable
from conftest import SEED_000, SEED_001

HERE = Path(__file__).parent / "scenarios"
# hand-written scenarios shipped with the bundled sample (kb/data/sample/attachments.yaml attaches them)
SAMPLE = Path(__file__).resolve().parents[2] / "kb" / "data" / "sample" / "scenarios"
GOOD = sorted([*HERE.glob("*.yaml"), *SAMPLE.glob("*.yaml")], key=lambda p: p.name)
WRONG = sorted((HERE / "wrong").glob("*.yaml"))


def _good_twin(wrong: Path) -> Path:
    return next(p for p in GOOD if p.name == wrong.name)

# file stem -> the precise engine mechanic that is still missing (marks both the file and its wrong
# variant xfail(strict=True), so the mark has to be removed as soon as the mechanic lands).
KNOWN_GAPS: dict[str, str] = {}

RULE = re.compile(r"^\d{3}(\.\d+[a-z]?)?$")
COUNT_SUFFIX = re.compile(r"\s+x\d+$|#\d+$")
PLAYERS = {"you", "opponent"}


def _params(paths):
    out = []
    for p in paths:
        marks = [pytest.mark.xfail(strict=True, reason=KNOWN_GAPS[p.stem])] if p.stem in KNOWN_GAPS else []
        out.append(pytest.param(p, id=p.stem, marks=marks))
    return out


def _docs(path: Path) -> list[dict]:
    return [d for d in yaml.safe_load_all(path.read_text(encoding="utf-8")) if d is not None]


def _check_field(check, name):
    return check[name] if isinstance(check, dict) else getattr(check, name)


def _failing(result) -> list:
    return [c for c in result.checks if not _check_field(c, "ok")]


def _expectations(doc: dict) -> list:
    """Every expectation of a scenario, mid-scenario ones included, in order."""
    out = []
    for a in doc.get("actions") or []:
        if isinstance(a, dict) and "expect" in a:
            out.extend(a["expect"])
    return out + list(doc.get("expect") or [])


def _card_names(doc: dict) -> set[str]:
    """Card names the scenario puts in zones or acts on (tokens, players and trigger labels excluded)."""
    names: set[str] = set()
    for zones in (doc.get("zones") or {}).values():
        for entries in zones.values():
            for e in entries:
                names.add(e["card"] if isinstance(e, dict) else e)
    for a in doc.get("actions") or []:
        for key in ("cast", "activate", "destroy", "exile", "sacrifice", "counter"):
            if isinstance(a.get(key), str):
                names.add(a[key])
        put = a.get("put")
        if isinstance(put, dict):
            names.update(put.get("cards") or [put.get("card")])
    return {COUNT_SUFFIX.sub("", n) for n in names if n and n not in PLAYERS}


# -- structure (no engine needed) ---------------------------------------------------------------------
def test_every_scenario_has_a_wrong_twin():
    assert len(GOOD) >= 25
    assert [p.name for p in GOOD] == [p.name for p in WRONG]


@pytest.mark.parametrize("path", GOOD, ids=lambda p: p.stem)
def test_header_and_card_names(path):
    table = CardTable.bundled()
    for doc in _docs(path):
        assert doc.get("name") and doc.get("source"), path.name
        rules = doc.get("rules")
        assert rules and all(RULE.match(str(r)) for r in rules), (path.name, rules)
        for name in _card_names(doc):
            assert table.get(name) is not None, f"{path.name}: {name!r} is not in kb/data/cards.yaml"


@pytest.mark.parametrize("path", GOOD, ids=lambda p: p.stem)
def test_source_points_into_a_seed(path):
    """000 scenarios name a quiz answer ("answer 2-1" = the line "2−1）"); 001 ones a section heading."""
    for doc in _docs(path):
        src = doc["source"]
        if src.startswith("000"):
            text = "\n" + SEED_000.read_text(encoding="utf-8")
            m = re.search(r"answer (\d)-(\d)", src)
            if m:
                assert f"\n{m[1]}\u2212{m[2]}）" in text, src
            else:   # a heading of the explanations: "000 Theros quiz, HEADING (…)"
                m = re.match(r"000 Theros quiz, (\S+) ", src)
                assert m and f"\n{m[1]}\n" in text, src
        else:
            m = re.match(r"001 誘発型能力 §(\S+?),? ", src)
            assert m and f"==={m[1]}===" in SEED_001.read_text(encoding="utf-8"), src


@pytest.mark.parametrize("path", GOOD, ids=lambda p: p.stem)
def test_wrong_twin_changes_only_expectations(path):
    good, wrong = _docs(path), _docs(HERE / "wrong" / path.name)
    assert len(good) == len(wrong)
    for g, w in zip(good, wrong):
        assert set(g) == set(w)
        for key in set(g) - {"name", "expect", "actions"}:
            assert g[key] == w[key], (path.name, key)
        strip = lambda doc: [a for a in doc.get("actions") or [] if "expect" not in a]  # noqa: E731
        assert strip(g) == strip(w), path.name
        eg, ew = _expectations(g), _expectations(w)
        assert len(eg) == len(ew)
        assert sum(a != b for a, b in zip(eg, ew)) == 1, f"{path.name}: exactly one expectation must differ"


# -- engine ------------------------------------------------------------------------------------------
needs_engine = pytest.mark.skipif(not hasattr(engine, "simulate"), reason="engine.simulate not implemented yet")


@needs_engine
@pytest.mark.parametrize("path", GOOD + WRONG, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_loads_without_unknown_keys(path):
    scenarios = engine.load_scenarios(path)
    assert len(scenarios) == len(_docs(path))


@needs_engine
@pytest.mark.parametrize("path", _params(GOOD))
def test_scenario_passes(path):
    for scenario in engine.load_scenarios(path):
        result = engine.simulate(scenario)
        assert result.error is None, f"{path.name}: {result.error}"
        failing = _failing(result)
        assert result.passed and not failing, f"{path.name}: failing checks {failing}"
        assert len(result.checks) == len(_expectations(_docs(path)[0])), "every expectation is checked"


@needs_engine
@pytest.mark.parametrize("path", _params(WRONG))
def test_wrong_variant_fails_on_its_expectation(path):
    good_exp = _expectations(_docs(_good_twin(path))[0])
    # positional diff: a changed expectation may equal another (unchanged) one elsewhere in the file
    changed = [w for g, w in zip(good_exp, _expectations(_docs(path)[0])) if w != g]
    for scenario in engine.load_scenarios(path):
        result = engine.simulate(scenario)
        assert result.error is None, f"{path.name} must fail on an expectation, not with {result.error}"
        failing = _failing(result)
        assert not result.passed and failing, f"{path.name}: the wrong expectation was met"
        for check in failing:
            expect = _check_field(check, "expect")
            if isinstance(expect, dict):
                assert expect in changed, f"{path.name}: an unchanged expectation failed: {check}"


@needs_engine
def test_cli_simulate_exit_status_and_json(capsys):
    """`mtgkb simulate` over the whole folder: exit 0 for the good files, 1 for the wrong ones (format doc)."""
    import json

    from kb.cli import main

    good_files = [p for p in GOOD if p.stem not in KNOWN_GAPS]
    wrong_files = [p for p in WRONG if p.stem not in KNOWN_GAPS]
    assert main(["simulate", "--json", *map(str, good_files)]) == 0
    good = json.loads(capsys.readouterr().out)
    assert len(good) == len(good_files) and all(r["passed"] and r["error"] is None for r in good)
    assert main(["simulate", "--json", *map(str, wrong_files)]) == 1
    wrong = json.loads(capsys.readouterr().out)
    assert len(wrong) == len(wrong_files)
    assert all(not r["passed"] and any(not c["ok"] for c in r["checks"]) for r in wrong)
