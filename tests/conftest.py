"""Shared fixtures.  Tests that need ../shared/ skip with a clear reason when it is absent."""
from __future__ import annotations

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
