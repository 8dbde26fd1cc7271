"""Shared fixtures.  Tests that need ../shared/ skip with a clear reason when it is absent."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared"
SAMPLE = ROOT / "kb" / "data" / "sample"
SEED_000 = next(SAMPLE.glob("000_*.txt"))
SEED_001 = next(SAMPLE.glob("001_*.txt"))


def shared_path(*parts: str) -> Path:
    """Path inside ../shared/, or skip the test when it is not there (a fresh clone has none)."""
    p = SHARED.joinpath(*parts)
    if not p.exists():
        pytest.skip(f"needs ../shared/{'/'.join(parts)} (not present in this checkout)")
    return p


@pytest.fixture
def shared():
    return shared_path


@pytest.fixture(scope="session")
def nlp():
    """The Japanese pipeline knowing the bundled cards' names (a module that needs other cards defines its own
    ``nlp``, which takes precedence)."""
    from extractor.japanese import build_nlp
    from kb.cards import CardTable

    return build_nlp([(c.name_ja, c.name) for c in CardTable.bundled()])


def ingest_and_validate(paths: list, cards: Path, db: Path, cwd: Path) -> tuple[int, list[dict]]:
    """``mtgkb ingest PATHS --cards CARDS`` into the store ``db``, then ``mtgkb validate --json``, as a user runs them
    (child processes started in ``cwd``): (validate's exit code, its verdicts).  Either command failing fails."""
    def mtgkb(*args):
        return subprocess.run([sys.executable, "-m", "kb", *args, "--db", str(db)], cwd=cwd,
                              capture_output=True, text=True, timeout=3600)

    ing = mtgkb("ingest", *map(str, paths), "--cards", str(cards))
    assert ing.returncode == 0, ing.stderr[-2000:]
    val = mtgkb("validate", "--json", "--no-progress")
    assert val.returncode in (0, 1), val.stderr[-2000:]
    return val.returncode, json.loads(val.stdout)["verdicts"]
