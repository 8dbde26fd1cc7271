"""Acceptance scenarios per card (issue 11): every file in tests/engine/cards checks what one widely played
card does, run with the behaviour COMPILED from ../shared/cards/AtomicCards.json (and, for a card that also
has a hand-written entry in engine/cards, with that one too: both must behave the same); every file in
tests/engine/cards/wrong changes one expectation and must fail on it.

A card whose compiled behaviour the engine cannot run yet is xfail with the compiler's blocking clause as the
reason (decided at run time from the compiler, so the mark goes away by itself when the clause lands).
``test_report_compiled_vs_hand_written`` prints which cards ran compiled and which are blocked.
"""
from __future__ import annotations

from pathlib import Path

import pytest
import yaml

import engine
import engine.game  # noqa: F401  (the rules modules register the vocabulary behaviours are read against)
from engine import behaviours
from conftest import shared_path

HERE = Path(__file__).parent
CARDS = HERE / "cards"
GOOD = sorted(CARDS.glob("*.yaml"))
WRONG = sorted((CARDS / "wrong").glob("*.yaml"))
SCENARIO_DIRS = [HERE / "scenarios", Path(__file__).resolve().parents[2] / "kb" / "data" / "sample" / "scenarios"]


# card -> a compiler defect that makes its compiled behaviour wrong (strict xfail of the compiled run: the
# mark must go when engine/oracle is fixed).  Never a reason to change a scenario.
COMPILER_BUGS: dict[str, str] = {}      # (Duress's 'noncreature, nonland' filter now compiles right)


def _doc(path: Path) -> dict:
    return yaml.safe_load(path.read_text(encoding="utf-8"))


def _card(path: Path) -> str:
    return _doc(path)["tags"][0]


def _names(doc: dict) -> set[str]:
    out = set(doc.get("tags", [])[:1])
    for zs in (doc.get("zones") or {}).values():
        for entries in (zs or {}).values():
            for e in entries or []:
                out.add(e["card"] if isinstance(e, dict) else e)
    for a in doc.get("actions") or []:
        if isinstance(a.get("put"), dict):
            out.update(n for n in [a["put"].get("card"), *(a["put"].get("cards") or [])] if n)
    return out


@pytest.fixture(scope="module")
def table():
    from kb.cards_coverage import compiled_table
    path = shared_path("cards/AtomicCards.json")
    names = set().union(*(_names(_doc(p)) for p in GOOD))
    names |= set(behaviours.names())
    return compiled_table(path, names)


def _expectations(doc: dict) -> list:
    out = [e for a in doc.get("actions") or [] if "expect" in a for e in a["expect"]]
    return out + list(doc.get("expect") or [])


def _run(path: Path, table, source: str):
    """Run a card file with the card's compiled behaviour (``source="compiled"``) or its hand-written one."""
    name = _card(path)
    card = table.get(name)
    assert card is not None, f"{path.name}: {name} is not in AtomicCards.json"
    hand = behaviours.get(name)
    if source == "hand":
        if hand is None:
            pytest.skip(f"{name} has no hand-written behaviour")
        return engine.simulate(engine.load_scenarios(path)[0], cards=table)
    if card.behaviour is None and behaviours.needs_behaviour(card):
        pytest.xfail(f"compiled behaviour of {name} not supported: {card.behaviour_reason}")
    if name in COMPILER_BUGS and card.behaviour is not None:
        result = _simulate_compiled(CARDS / path.name, table, name, card.behaviour)     # the good twin decides
        if result.error or not result.passed:
            pytest.xfail(COMPILER_BUGS[name])
        pytest.fail(f"{name} now runs correctly compiled: remove it from COMPILER_BUGS")
    return _simulate_compiled(path, table, name, card.behaviour if hand is not None else None)


def _simulate_compiled(path: Path, table, name: str, spec):
    """Run with the compiled behaviour; ``spec`` given: it replaces the hand-written entry for the run."""
    if spec is None:
        return engine.simulate(engine.load_scenarios(path)[0], cards=table)
    behaviours.register(name, spec)                 # the compiled one instead of the hand-written entry
    try:
        return engine.simulate(engine.load_scenarios(path)[0], cards=table)
    finally:
        behaviours.unregister(name)


def test_sixty_cards_each_with_a_wrong_twin():
    assert len({_card(p) for p in GOOD}) >= 60
    assert [p.name for p in GOOD] == [p.name for p in WRONG]
    for good in GOOD:
        g, w = _doc(good), _doc(CARDS / "wrong" / good.name)
        assert {k: v for k, v in g.items() if k not in ("expect", "actions", "name")} == \
               {k: v for k, v in w.items() if k not in ("expect", "actions", "name")}
        eg, ew = _expectations(g), _expectations(w)
        assert len(eg) == len(ew) and sum(a != b for a, b in zip(eg, ew)) == 1, good.name


@pytest.mark.parametrize("source", ["compiled", "hand"])
@pytest.mark.parametrize("path", GOOD, ids=lambda p: p.stem)
def test_card_does_what_its_text_says(path, table, source):
    result = _run(path, table, source)
    assert result.error is None, f"{path.name} ({source}): {result.error}"
    failing = [c for c in result.checks if not c["ok"]]
    assert result.passed and not failing, f"{path.name} ({source}): failing checks {failing}"
    assert len(result.checks) == len(_expectations(_doc(path)))


@pytest.mark.parametrize("source", ["compiled", "hand"])
@pytest.mark.parametrize("path", WRONG, ids=lambda p: p.stem)
def test_wrong_twin_fails_on_its_expectation(path, table, source):
    good = _expectations(_doc(CARDS / path.name))
    changed = [w for g, w in zip(good, _expectations(_doc(path))) if w != g]
    result = _run(path, table, source)
    assert result.error is None, f"{path.name} ({source}) must fail on an expectation, not with {result.error}"
    failing = [c for c in result.checks if not c["ok"]]
    assert failing and not result.passed, f"{path.name} ({source}): the wrong expectation was met"
    assert all(c["expect"] in changed for c in failing if isinstance(c["expect"], dict)), failing


def _scenario_files_naming(name: str) -> list[Path]:
    out = []
    for d in SCENARIO_DIRS:
        for p in sorted(d.glob("*.yaml")):
            docs = [x for x in yaml.safe_load_all(p.read_text(encoding="utf-8")) if x]
            if any(name in _names(x) for x in docs):
                out.append(p)
    return out


def test_hand_written_and_compiled_behave_the_same_on_the_seed_scenarios(table):
    """Item 4 of issue 11: a card with both behaviours runs the seed scenarios that name it identically
    (same error, same check outcomes) with either one — or its hand entry's ``why:`` says that the compiled
    behaviour differs (the reason the hand entry stays)."""
    compared, differs = 0, {}
    for name in behaviours.names():
        card = table.get(name)
        if card is None or card.behaviour is None:
            continue
        for path in _scenario_files_naming(name):
            for sc in engine.load_scenarios(path):
                hand = engine.simulate(sc, cards=table)
                behaviours.register(name, card.behaviour)
                try:
                    compiled = engine.simulate(sc, cards=table)
                finally:
                    behaviours.unregister(name)
                if (compiled.error, [c["ok"] for c in compiled.checks]) != (hand.error, [c["ok"] for c in hand.checks]):
                    differs.setdefault(name, []).append(path.name)
                compared += 1
    unexplained = {n: f for n, f in differs.items() if "compiled behaviour differs" not in (behaviours.why(n) or "")}
    assert not unexplained, f"hand-written and compiled behaviours differ (say why in engine/cards): {unexplained}"
    assert compared >= 10


def test_report_compiled_vs_hand_written(table, capsys):
    rows = {"compiled": [], "hand-written (compiled also runs)": [], "hand-written only": [], "blocked": []}
    for p in GOOD:
        name = _card(p)
        card, hand = table.get(name), behaviours.get(name)
        assert card is not None, name
        if name in COMPILER_BUGS:
            rows["hand-written only" if hand else "blocked"].append(f"{name} (compiler bug: {COMPILER_BUGS[name]})")
        elif card.behaviour is not None:
            rows["hand-written (compiled also runs)" if hand else "compiled"].append(name)
        elif hand is not None:
            rows["hand-written only"].append(f"{name} ({card.behaviour_reason})")
        else:
            rows["blocked"].append(f"{name} ({card.behaviour_reason})")
    with capsys.disabled():
        print()
        for k, v in rows.items():
            print(f"card scenarios, {k}: {len(v)}" + (f" — {', '.join(v)}" if v else ""))
    assert sum(map(len, rows.values())) == len(GOOD)
    assert len(rows["compiled"]) + len(rows["hand-written (compiled also runs)"]) >= 40
