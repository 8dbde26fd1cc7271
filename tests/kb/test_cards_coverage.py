"""Compiled behaviours in the store (kb/cards_compiled.py), `mtgkb cards coverage` (kb/cards_coverage.py) and
the compiled behaviour in `show card`.  Small AtomicCards files written here: no ../shared needed."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

import engine
import engine.game  # noqa: F401  (the rules modules register the vocabulary behaviours are read against)
from engine import behaviours
from kb import cards_compiled
from kb.cards import CardTable, load_mtgjson_into
from kb.cli import main
from kb.store import Store

ROOT = Path(__file__).resolve().parents[2]


def face(name, text, types=("Instant",), **kw):
    return {"name": name, "text": text, "types": list(types), "supertypes": [], "subtypes": [], "colors": [], **kw}


CARDS = {
    "Zap Test": [face("Zap Test", "Zap Test deals 3 damage to any target.", manaCost="{R}")],
    "Think Test": [face("Think Test", "Draw two cards.", manaCost="{1}{U}")],
    "Gibberish Test": [face("Gibberish Test", "Frobnicate the quux until the glorp.", manaCost="{1}")],
}


def write(tmp_path: Path, cards: dict, name="AtomicCards.json") -> Path:
    p = tmp_path / name
    p.write_text(json.dumps({"meta": {}, "data": cards}), encoding="utf-8")
    return p


@pytest.fixture
def cards_file(tmp_path):
    return write(tmp_path, CARDS)


def test_ingest_compiles_every_face_once_and_reuses_the_cache(tmp_path, cards_file):
    db = tmp_path / "s.sqlite"
    with Store(str(db)) as s:
        first = load_mtgjson_into(s, cards_file, compile=True)
    assert first["compiled"] == 3 and first["reused"] == 0 and first["supported_faces"] == 2
    with Store(str(db)) as s:
        second = load_mtgjson_into(s, cards_file)
        rows = s.conn.execute("SELECT name_en, supported, reason FROM compiled ORDER BY name_en").fetchall()
    assert second["compiled"] == 0 and second["reused"] == 3          # nothing recompiled
    assert [(n, bool(k)) for n, k, _r in rows] == [("Gibberish Test", False), ("Think Test", True),
                                                   ("Zap Test", True)]
    assert rows[0][2]                                                    # the blocking clause is kept
    changed = dict(CARDS, **{"Think Test": [face("Think Test", "Draw three cards.", manaCost="{1}{U}")]})
    with Store(str(db)) as s:
        third = load_mtgjson_into(s, write(tmp_path, changed, "changed.json"))
    assert third["compiled"] == 1 and third["reused"] == 2              # only the changed text


def test_the_store_table_hands_compiled_behaviours_to_the_engine(tmp_path, cards_file):
    db = tmp_path / "s.sqlite"
    with Store(str(db)) as s:
        load_mtgjson_into(s, cards_file)
        table = CardTable.from_store(s)
    zap, gib = table.get("Zap Test"), table.get("Gibberish Test")
    assert zap.behaviour["spell"]["effects"] == [{"damage": {"n": 3, "to": "target"}}]
    assert gib.behaviour is None and gib.behaviour_reason
    assert behaviours.get("Zap Test") is None                     # nothing hand-written …
    assert behaviours.resolve(zap).spell is not None              # … the compiled one is used
    assert behaviours.resolve(gib) is None
    path = tmp_path / "zap.yaml"
    path.write_text("name: zap\nsource: t\nrules: ['120.3a']\nzones: {you: {hand: [Zap Test]}}\n"
                    "actions: [{cast: Zap Test, targets: [opponent]}, {resolve: all}]\n"
                    "expect: [{life: {opponent: 17}}]\n", encoding="utf-8")
    sc = engine.load_scenarios(path)[0]
    assert engine.simulate(sc, cards=table).passed
    path = tmp_path / "gib.yaml"
    path.write_text("name: gib\nsource: t\nrules: ['608.2']\nzones: {you: {hand: [Gibberish Test]}}\n"
                    "actions: [{cast: Gibberish Test}, {resolve: all}]\nexpect: [{life: {opponent: 20}}]\n",
                    encoding="utf-8")
    with pytest.raises(engine.NoBehaviour, match=r"no behaviour for Gibberish Test \(not compiled: .+\)"):
        engine.simulate(engine.load_scenarios(path)[0], cards=table)


def test_hand_written_entry_wins_over_the_compiled_one():
    from dataclasses import replace
    card = replace(CardTable.bundled().get("Soul Warden"), behaviour={"spell": {"effects": [{"draw": 1}]}})
    assert behaviours.resolve(card) is behaviours.get("Soul Warden")
    assert behaviours.why("Soul Warden")                          # every hand entry says why it stays


def test_every_hand_written_entry_says_why():
    missing = [n for n in behaviours.names() if behaviours.get(n) and not behaviours.why(n)
               and not n.startswith(("oracle-test::", "Mechanics Test", "Vocabulary Test"))]
    assert not missing


def test_cards_coverage_json_and_text(tmp_path, cards_file, capsys):
    assert main(["cards", "coverage", "--cards", str(cards_file), "--json", "--db", str(tmp_path / "none")]) == 0
    cov = json.loads(capsys.readouterr().out)
    assert cov["cards"] == 3 and cov["supported"] == 2
    assert {f["name"]: f["supported"] for f in cov["faces"]} == {"Zap Test": True, "Think Test": True,
                                                                 "Gibberish Test": False}
    reason = next(f["reason"] for f in cov["faces"] if f["name"] == "Gibberish Test")
    assert reason and cov["by_reason"] == {reason: 1}
    assert main(["cards", "coverage", "--cards", str(cards_file), "--db", str(tmp_path / "none")]) == 0
    out = capsys.readouterr().out
    assert "cards 3: supported 2" in out and "worklist" in out and reason in out


def test_cards_coverage_reuses_the_store_and_ranks_blocking_cards(tmp_path, cards_file, capsys):
    db = tmp_path / "s.sqlite"
    with Store(str(db)) as s:
        load_mtgjson_into(s, cards_file)
        s.conn.execute("CREATE TABLE IF NOT EXISTS verdict_history(claim_key TEXT, reason TEXT, run_id INTEGER)")
        s.conn.executemany("INSERT INTO verdict_history(claim_key, reason, run_id) VALUES (?, ?, ?)",
                           [("a", "no behaviour for Gibberish Test", 1), ("b", "no behaviour for Gibberish Test", 1),
                            ("c", "no behaviour for Gibberish Test", 1), ("c", "confirmed", 2)])
        s.conn.commit()
    assert main(["cards", "coverage", "--cards", str(cards_file), "--db", str(db), "--json"]) == 0
    cov = json.loads(capsys.readouterr().out)
    assert cov["reused_faces"] == 3
    assert cov["blocking_claims"] == {"Gibberish Test": 2}         # claim c's latest verdict is not blocked


def test_cards_coverage_bad_file_names_it(tmp_path, capsys):
    bad = tmp_path / "broken.json"
    bad.write_text('{"data": {"X": [', encoding="utf-8")
    assert main(["cards", "coverage", "--cards", str(bad)]) == 2
    assert "broken.json" in capsys.readouterr().err


def test_show_card_prints_the_compiled_behaviour_or_why_none(tmp_path, cards_file):
    db = tmp_path / "s.sqlite"
    with Store(str(db)) as s:
        load_mtgjson_into(s, cards_file)
        s.conn.commit()

    def show(name):
        r = subprocess.run([sys.executable, "-m", "kb", "show", "card", name, "--db", str(db)], cwd=ROOT,
                           capture_output=True, text=True, env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"})
        assert r.returncode == 0, r.stderr
        return r.stdout
    assert "behaviour: compiled from the Oracle text" in show("Zap Test") and '"damage"' in show("Zap Test")
    assert "behaviour: none — " in show("Gibberish Test")
    assert "behaviour: hand-written" in show("Soul Warden")


def test_a_stale_compile_is_never_used(tmp_path, cards_file):
    """Rows compiled by another compiler/engine version are not handed to the engine (its handlers may differ)."""
    db = tmp_path / "s.sqlite"
    with Store(str(db)) as s:
        load_mtgjson_into(s, cards_file)
        s.conn.execute("UPDATE compiled SET version = 'older'")
        s.conn.commit()
        table = CardTable.from_store(s)
        assert table.get("Zap Test").behaviour is None
        info = cards_compiled.behaviour_info(s.conn, "Zap Test")
    assert info["source"] is None and "another compiler" in info["reason"]
    with Store(str(db)) as s:
        again = load_mtgjson_into(s, cards_file)
        assert again["compiled"] == 3 and s.conn.execute("SELECT DISTINCT version FROM compiled").fetchall() == \
            [(cards_compiled.compiler_version(),)]
