"""The Comprehensive Rules' own examples (../shared/corpus/cr, ingested with the card file): every CR example is
true, so none may be contradicted, and the confirmed count may only go up (a ratchet — raise it when more are
confirmed).  Issue 19 asks for at least 12 of the 603/613 examples."""
from __future__ import annotations

import json
import subprocess
import sys

import pytest

from conftest import shared_path

CONFIRMED_AT_LEAST = 21          # measured on merged main: the 603 examples (603.2c, 603.4 ×3, 603.8, 603.10a), 702.103 (×2) and every P/T claim of the 613 examples but 613:66


@pytest.mark.shared
@pytest.mark.slow
def test_cr_examples_are_confirmed_and_never_contradicted(tmp_path):
    cr, cards = shared_path("corpus", "cr"), shared_path("cards", "AtomicCards.json")
    db = tmp_path / "cr.sqlite"

    def mtgkb(*args):
        return subprocess.run([sys.executable, "-m", "kb", *args, "--db", str(db)], cwd=tmp_path,
                              capture_output=True, text=True, timeout=3600)

    ing = mtgkb("ingest", str(cr), "--cards", str(cards))
    assert ing.returncode == 0, ing.stderr[-2000:]
    val = mtgkb("validate", "--json", "--no-progress")
    assert val.returncode in (0, 1), val.stderr[-2000:]
    out = json.loads(val.stdout)
    contradicted = [(v["document"], v["line"], v["kind"], v["reason"]) for v in out["verdicts"]
                    if v["verdict"] == "contradicted"]
    assert not contradicted, contradicted
    assert val.returncode == 0
    confirmed = [(v["document"], v["line"], v["kind"]) for v in out["verdicts"] if v["verdict"] == "confirmed"]
    assert len(confirmed) >= CONFIRMED_AT_LEAST, confirmed
    # the 603 and 613 examples this ratchet was measured with are among them
    assert {("603", 24), ("603", 52), ("603", 96), ("603", 104), ("613", 46), ("613", 48), ("613", 50), ("613", 54),
            ("613", 56), ("613", 62), ("702.103", 18)} <= {(d, ln) for d, ln, _k in confirmed}
