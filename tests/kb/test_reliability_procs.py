"""Issue 23, defects 4 and 5 (store): a killed ingest leaves no process behind, the store opens and a re-ingest
completes; a store whose first ingest was interrupted is told apart from an empty one (exit 2, clear message)."""
from __future__ import annotations

import os
import shutil
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from conftest import ROOT, SAMPLE, SEED_000, SEED_001

pytestmark = pytest.mark.skipif(not Path("/proc/self/task").is_dir(), reason="needs /proc (Linux)")


def mtgkb(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "kb", *args], capture_output=True, text=True, cwd=ROOT,
                          timeout=600)


def children(pid: int) -> list[int]:
    out = []
    for task in Path(f"/proc/{pid}/task").glob("*"):
        try:
            out += [int(c) for c in (task / "children").read_text().split()]
        except OSError:
            pass
    return out


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def corpus(folder: Path, copies: int) -> Path:
    """The sample pages several times over (different names): an ingest that runs for a while."""
    folder.mkdir()
    for i in range(copies):
        for seed in (SEED_000, SEED_001):
            shutil.copy(seed, folder / f"{i:02d}_{seed.name}")
    return folder


def kill_ingest_when_writing(db: Path, folder: Path, delay: float) -> list[int]:
    """Start an ingest, wait for its writer process, ``kill -9`` the ingest ``delay`` s later; the writer
    pids it had."""
    p = subprocess.Popen([sys.executable, "-m", "kb", "ingest", "--no-progress", "--json", str(folder),
                          "--db", str(db)], cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        t0 = time.monotonic()
        kids: list[int] = []
        while not kids and time.monotonic() - t0 < 60 and p.poll() is None:
            time.sleep(0.05)
            kids = children(p.pid)
        assert kids, "the ingest started no writer process"
        time.sleep(delay)
    finally:
        p.send_signal(signal.SIGKILL)
        p.wait()
    return kids


@pytest.mark.parametrize("delay", [0.0, 1.5])
def test_kill_9_of_ingest_leaves_no_process_and_a_usable_store(tmp_path, delay):
    folder = corpus(tmp_path / "in", 4)
    db = tmp_path / "kb.sqlite"
    kids = kill_ingest_when_writing(db, folder, delay)
    try:
        deadline = time.monotonic() + 5
        while any(alive(k) for k in kids) and time.monotonic() < deadline:
            time.sleep(0.05)
        left = [k for k in kids if alive(k)]
        assert left == [], f"writer process(es) {left} outlived the killed ingest"
    finally:
        for k in kids:
            if alive(k):
                os.kill(k, signal.SIGKILL)
    # the store opens (or is recognised as incomplete) and a re-ingest completes
    r = mtgkb("ingest", "--no-progress", "--json", str(folder), "--db", str(db))
    assert r.returncode == 0, r.stdout + r.stderr
    with sqlite3.connect(db) as c:
        assert c.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        assert c.execute("SELECT count(*) FROM documents").fetchone()[0] == 8


def _tableless(db: Path) -> None:
    """What an ingest killed before its schema was committed leaves: an SQLite file with no table."""
    c = sqlite3.connect(db)
    c.execute("PRAGMA journal_mode=WAL")
    c.execute("PRAGMA user_version=1")
    c.close()


def _schema_only(db: Path) -> None:
    """What an ingest killed before its first document was committed leaves: the schema, no document."""
    from kb.store import Store

    Store(db).close()


@pytest.mark.parametrize("make", [_tableless, _schema_only])
@pytest.mark.parametrize("command", [("validate", "--no-progress"), ("search", "誘発")])
def test_a_store_whose_first_ingest_was_interrupted_is_refused(tmp_path, make, command):
    db = tmp_path / "kb.sqlite"
    make(db)
    r = mtgkb(*command, "--db", str(db))
    assert r.returncode == 2, r.stdout + r.stderr
    assert "incomplete store" in r.stderr and str(db) in r.stderr and "Traceback" not in r.stderr
    assert "0 claims" not in r.stdout


def test_an_interrupted_store_is_refused_by_the_server_and_healed_by_ingest(tmp_path):
    from kb.store import StoreError
    from kb.web.app import create_app

    db = tmp_path / "kb.sqlite"
    _tableless(db)
    with pytest.raises(StoreError, match="incomplete store"):
        create_app(db)
    r = mtgkb("ingest", "--no-progress", "--json", str(SEED_001), "--db", str(db))
    assert r.returncode == 0, r.stdout + r.stderr
    create_app(db).state.pool.close()
    # an ingest that stored nothing still marks the store as having been through an ingest
    empty = tmp_path / "empty.sqlite"
    bad = tmp_path / "bad.txt"
    bad.write_bytes(b"\x00\x01\x02")
    r = mtgkb("ingest", "--no-progress", "--json", str(bad), "--db", str(empty))
    assert r.returncode == 1
    r = mtgkb("validate", "--no-progress", "--json", "--db", str(empty))
    assert r.returncode == 0, r.stdout + r.stderr
    assert SAMPLE.is_dir()


def test_a_folder_with_a_shift_jis_export_ingests_both_good_pages_and_names_the_xml(tmp_path):
    folder = tmp_path / "in"
    folder.mkdir()
    body = "'''誘発型能力'''は[[能力]]の一種。"
    (folder / "a.txt").write_text(f"# title: 最初の頁\n{body}", encoding="utf-8")
    (folder / "m.xml").write_bytes((
        '<?xml version="1.0" encoding="shift_jis"?>\n<mediawiki><page><title>試験</title><ns>0</ns><revision>'
        f'<id>1</id><text>{body}</text></revision></page>\n<page><title>壊れ</title><ns>0</ns></page>'
        '</mediawiki>\n').encode("shift_jis"))
    (folder / "z.txt").write_text(f"# title: 最後の頁\n{body}", encoding="utf-8")
    db = tmp_path / "kb.sqlite"
    r = mtgkb("ingest", "--no-progress", "--json", str(folder), "--db", str(db))
    assert r.returncode == 1, r.stdout + r.stderr             # an error, and everything else ingested
    import json
    summary = json.loads(r.stdout)
    assert summary["documents"] == 3
    assert [(Path(e["file"]).name, e["line"]) for e in summary["errors"]] == [("m.xml", 3)]
    with sqlite3.connect(db) as c:
        assert sorted(k for (k,) in c.execute("SELECT key FROM documents")) == ["a.txt", "m.xml#試験", "z.txt"]


POOL_PARENT = """
import os, sys, time
from concurrent.futures import ProcessPoolExecutor
from kb.lifeline import die_with_parent
with ProcessPoolExecutor(max_workers=2, initializer=die_with_parent) as ex:
    futures = [ex.submit(time.sleep, 120) for _ in range(2)]
    print("ready", flush=True)
    time.sleep(120)
"""


def test_pool_workers_started_with_the_lifeline_end_with_a_killed_parent(tmp_path):
    """What ``kb.cards_compiled`` gives its worker processes: a ``kill -9`` of their parent ends them."""
    p = subprocess.Popen([sys.executable, "-c", POOL_PARENT], cwd=ROOT, stdout=subprocess.PIPE, text=True)
    kids: list[int] = []
    try:
        assert p.stdout.readline().strip() == "ready"
        deadline = time.monotonic() + 30
        while len(kids) < 2 and time.monotonic() < deadline:
            kids = children(p.pid)
            time.sleep(0.05)
        assert len(kids) >= 2
    finally:
        p.kill()
        p.wait()
    try:
        deadline = time.monotonic() + 5
        while any(alive(k) for k in kids) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert [k for k in kids if alive(k)] == []
    finally:
        for k in kids:
            if alive(k):
                os.kill(k, signal.SIGKILL)
