"""`mtgkb claims coverage`: each example with its claims, or the reason it has none."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _mtgkb(*args: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "kb", *args], cwd=ROOT, capture_output=True, text=True, env=env)


def test_coverage_lists_claims_and_reasons(tmp_path):
    page = tmp_path / "qa.txt"
    page.write_text("# form: prose\n[Q]《否認》で《急報》を打ち消せますか?\n[A]はい。\n\n"
                    "[Q]《急報》はどうなる?\n[A]場合によってはタップ状態で戦場に出る魔法になる。\n", encoding="utf-8")
    db = tmp_path / "s.sqlite"
    assert _mtgkb("ingest", str(page), "--db", str(db), "--no-progress").returncode == 0
    r = _mtgkb("claims", "coverage", "--db", str(db), "--json")
    assert r.returncode == 0, r.stderr
    docs = json.loads(r.stdout)
    examples = [e for d in docs for e in d["examples"]]
    with_claims = [e for e in examples if e["claims"]]
    without = [e for e in examples if not e["claims"]]
    assert with_claims and with_claims[0]["claims"][0]["kind"] == "can_counter"
    assert with_claims[0]["claims"][0]["outcome"] == {"can": True} and with_claims[0]["reason"] is None
    assert without and without[0]["reason"].startswith(("phrasing not understood", "no checkable outcome"))
    text = _mtgkb("claims", "coverage", "--db", str(db))
    assert "can_counter" in text.stdout and "examples with claims: 1/2" in text.stdout


def test_coverage_unknown_document_and_missing_store(tmp_path):
    r = _mtgkb("claims", "coverage", "--db", str(tmp_path / "none.sqlite"))
    assert r.returncode == 2 and "none.sqlite" in r.stderr
