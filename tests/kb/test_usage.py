"""The CLI as its users meet it: multi-word names, missing or damaged stores, readable output, simulate."""
from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from conftest import ROOT


def mtgkb(*args: str, cwd=ROOT) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "kb", *args], capture_output=True, text=True, cwd=cwd,
                          timeout=300, env=env)


@pytest.fixture(scope="module")
def sample_db(tmp_path_factory):
    db = tmp_path_factory.mktemp("usage") / "kb.sqlite"
    r = mtgkb("ingest", "--json", "--db", str(db))
    assert r.returncode == 0, r.stderr
    return db


def test_show_card_takes_an_unquoted_name_of_several_words(sample_db):
    r = mtgkb("show", "card", "soul", "wardn", "--db", str(sample_db))
    assert r.returncode == 0, r.stderr
    assert r.stdout.startswith("Soul Warden")


def test_show_card_lists_types_as_words_not_python_lists(sample_db):
    r = mtgkb("show", "card", "魂の管理人", "--db", str(sample_db))
    assert r.returncode == 0, r.stderr
    lines = {ln.split(":")[0].strip(): ln for ln in r.stdout.splitlines() if ln.startswith("  ")}
    assert lines["types"].strip() == "types: Creature"
    assert "[" not in lines["subtypes"] and "Cleric" in lines["subtypes"]


@pytest.mark.parametrize("argv", [("show", "card", "Soul Warden"), ("export", "g.json"), ("search", "誘発")])
def test_reading_commands_refuse_a_missing_store_without_creating_one(tmp_path, argv):
    r = mtgkb(*argv, cwd=tmp_path)
    assert r.returncode == 2
    assert "no store at mtgkb.sqlite" in r.stderr and "Traceback" not in r.stderr
    assert not (tmp_path / "mtgkb.sqlite").exists() and not (tmp_path / "g.json").exists()
    r = mtgkb(*argv, "--json", cwd=tmp_path)
    assert r.returncode == 2 and "no store" in json.loads(r.stdout)["error"]


def test_a_damaged_store_is_an_error_naming_the_file_not_a_traceback(sample_db, tmp_path):
    damaged = tmp_path / "damaged.sqlite"
    data = bytearray(sample_db.read_bytes())
    assert len(data) > 5 * 4096, "the sample store is expected to span several pages"
    data[2 * 4096:-4096] = b"\xff" * (len(data) - 3 * 4096)     # keep the header page, wreck the rest
    damaged.write_bytes(bytes(data))
    r = mtgkb("export", str(tmp_path / "g.json"), "--db", str(damaged))
    assert r.returncode == 2, r.stdout + r.stderr
    assert "damaged.sqlite" in r.stderr and "Traceback" not in r.stderr


def test_export_refuses_a_name_whose_format_it_cannot_tell(sample_db, tmp_path):
    out = tmp_path / "graph.txt"
    r = mtgkb("export", str(out), "--db", str(sample_db))
    assert r.returncode == 2 and "--format" in r.stderr and not out.exists()
    r = mtgkb("export", str(out), "--format", "json", "--db", str(sample_db))
    assert r.returncode == 0, r.stderr
    assert json.loads(out.read_text(encoding="utf-8"))["nodes"]


def test_search_json_reports_a_bad_query_as_json(sample_db):
    r = mtgkb("search", '"unbalanced', "--json", "--db", str(sample_db))
    assert r.returncode == 2
    assert "unbalanced quote" in json.loads(r.stdout)["error"]


def test_search_scores_are_never_printed_as_minus_zero(sample_db):
    r = mtgkb("search", "kind:claim", "--db", str(sample_db))
    assert r.returncode == 0, r.stderr
    heads = [ln for ln in r.stdout.splitlines() if ln[:3].strip().rstrip(".").isdigit()]
    assert heads and not any("(-0)" in h for h in heads)


@pytest.mark.parametrize("score, shown", [(-0.0, "0"), (-1990.0, "-1990"), (1000.0, "1000"), (24.543, "24.54")])
def test_search_scores_read_as_plain_numbers(score, shown):
    from kb.search import _score

    assert _score(score) == shown


def test_show_claim_log_says_why_there_is_no_log(sample_db):
    from kb.store import Store

    with Store(sample_db) as store:
        claim = next(n["id"] for n in store.nodes("claim"))
    r = mtgkb("show", "claim", claim, "--log", "--db", str(sample_db))
    assert r.returncode == 0, r.stderr
    assert "mtgkb validate" in r.stdout


def test_simulate_points_at_the_line_of_a_misspelt_card(tmp_path):
    f = tmp_path / "s.yaml"
    f.write_text("name: misspelt\nzones:\n  you:\n    battlefield:\n      - Grizzly Bears\n      - Soul Wardn\n"
                 "expect:\n  - life: {you: 20}\n", encoding="utf-8")
    r = mtgkb("simulate", str(f), cwd=tmp_path)
    assert r.returncode == 2
    assert "s.yaml:6: unknown card 'Soul Wardn'" in r.stdout and "Soul Warden" in r.stdout


def test_simulate_prints_a_summary_and_uses_the_store_in_the_folder(tmp_path):
    # a card the bundled table lacks, known to the store only through a wiki link
    page = tmp_path / "page.txt"
    page.write_text("# title: テスト\n== 例 ==\n[[ズズズの石像/Zuzuzu Statue]]が戦場に出た。\n", encoding="utf-8")
    r = mtgkb("ingest", str(page), cwd=tmp_path)
    assert (tmp_path / "mtgkb.sqlite").is_file(), r.stderr
    f = tmp_path / "s.yaml"
    f.write_text("name: store card\nzones:\n  you:\n    battlefield: [Zuzuzu Statue]\nexpect:\n"
                 "  - life: {you: 20}\n", encoding="utf-8")
    bundled = mtgkb("simulate", str(f), "--db", str(tmp_path / "none.sqlite"), cwd=tmp_path)
    assert "unknown card 'Zuzuzu Statue'" in bundled.stdout
    r = mtgkb("simulate", str(f), cwd=tmp_path)
    assert "unknown card" not in r.stdout, r.stdout      # ./mtgkb.sqlite knows the card
    assert r.stdout.strip().splitlines()[-1].startswith("1 scenario(s): ")


@pytest.mark.parametrize("typed", ["CR 603.10A", "６０３．１０ａ", "rule:603.10a.", "603.10a"])
def test_rule_numbers_are_read_as_readers_type_them(typed):
    from kb.show import rule_number

    assert rule_number(typed) == "603.10a"


def test_show_keyword_by_english_name_or_alias(sample_db):
    r = mtgkb("show", "keyword", "bestow", "--db", str(sample_db))
    assert r.returncode == 0, r.stderr
    assert r.stdout.splitlines()[0] == "keyword 授与 / Bestow"
    r = mtgkb("show", "keyword", "怪物的", "--json", "--db", str(sample_db))
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout)["name"] == "怪物化"


def test_search_limit_must_be_positive(sample_db):
    r = mtgkb("search", "誘発", "--limit", "0", "--db", str(sample_db))
    assert r.returncode == 2 and "--limit" in r.stderr


def test_an_unwritable_report_is_an_error_naming_the_file(sample_db, tmp_path):
    out = tmp_path / "no" / "such" / "folder" / "r.html"
    r = mtgkb("validate", "--no-progress", "--report", str(out), "--db", str(sample_db))
    assert r.returncode == 2
    assert str(out) in r.stderr and "Traceback" not in r.stderr


def _closed_pipe(args):
    raise BrokenPipeError(32, "Broken pipe")


def _unwritable(args):
    raise FileNotFoundError(2, "No such file or directory", "/no/such/out.txt")


def test_a_closed_pipe_is_quiet_and_an_unwritable_file_is_named(monkeypatch, capsys):
    import io

    from kb import cli

    monkeypatch.setattr(sys, "stdout", io.StringIO())       # main() swaps stdout on a closed pipe
    monkeypatch.setitem(cli.HANDLERS, "search", _closed_pipe)
    assert cli.main(["search", "x"]) == 0
    monkeypatch.setitem(cli.HANDLERS, "search", _unwritable)
    assert cli.main(["search", "x"]) == 2
    assert "/no/such/out.txt: No such file or directory" in capsys.readouterr().err


def test_game_log_speaks_to_you_in_the_second_person():
    from engine.game import _second_person

    assert _second_person("you casts Negate targeting X") == "you cast Negate targeting X"
    assert _second_person("you has 0 or less life and loses the game") == "you have 0 or less life and lose the game"
    assert _second_person("you scries 1") == "you scry 1"
    assert _second_person("you searches and finds Forest") == "you search and find Forest"
    assert _second_person("opponent casts Negate") == "opponent casts Negate"


def test_simulate_log_lines_read_you_cast(tmp_path):
    f = tmp_path / "s.yaml"
    f.write_text("name: cast\nzones:\n  you:\n    battlefield: [Soul Warden]\n    hand: [Raise the Alarm]\n"
                 "actions:\n  - cast: Raise the Alarm\n  - resolve: all\nexpect:\n  - life: {you: 22}\n",
                 encoding="utf-8")
    r = mtgkb("simulate", str(f), "--log", cwd=tmp_path)
    assert r.returncode == 0, r.stdout + r.stderr
    assert "you cast Raise the Alarm" in r.stdout and "you casts" not in r.stdout


def test_suggestions_are_close_names_only(sample_db):
    from kb.show import suggestions
    from kb.store import Store

    with Store(sample_db) as store:
        assert suggestions(store, "card", "nosuchcardxyz") == []
        assert "授与" in suggestions(store, "keyword", "授予")
        claim = next(n["id"] for n in store.nodes("claim"))[len("claim:"):]
        assert suggestions(store, "claim", claim[:4]) and all(
            s.startswith(claim[:4]) for s in suggestions(store, "claim", claim[:4]))
        assert suggestions(store, "claim", "zzzz") == []


def test_show_keyword_tells_claims_of_one_sentence_apart_by_outcome(sample_db):
    r = mtgkb("show", "keyword", "授与", "--db", str(sample_db))
    assert r.returncode == 0, r.stderr
    claims = [ln for ln in r.stdout.splitlines() if ln.startswith("  [claim:")]
    assert claims and all("=" in ln.split(":", 2)[1] for ln in claims), claims


def test_simulate_runs_a_folder_and_refuses_empty_inputs(tmp_path):
    d = tmp_path / "emitted"
    d.mkdir()
    (d / "a.yaml").write_text("name: a\nzones:\n  you:\n    battlefield: [Grizzly Bears]\nexpect:\n"
                              "  - life: {you: 20}\n", encoding="utf-8")
    (d / "b.yaml").write_text("name: b\nexpect:\n  - life: {you: 19}\n", encoding="utf-8")
    (d / "notes.txt").write_text("not a scenario", encoding="utf-8")
    r = mtgkb("simulate", str(d), cwd=tmp_path)
    assert r.returncode == 1, r.stdout + r.stderr            # b fails
    assert "PASS a" in r.stdout and "FAIL b" in r.stdout and "notes.txt" not in r.stdout
    assert r.stdout.strip().splitlines()[-1] == "2 scenario(s): 1 passed, 1 failed, 0 error(s)"
    (tmp_path / "empty.yaml").write_text("", encoding="utf-8")
    (tmp_path / "none").mkdir()
    for arg, msg in (("empty.yaml", "no scenario in this file"), ("none", "no scenario files")):
        r = mtgkb("simulate", arg, cwd=tmp_path)
        assert r.returncode == 2 and msg in r.stdout, r.stdout


def test_terminal_search_output_keeps_heads_on_one_line_and_snippets_indented(sample_db):
    import io

    from rich.console import Console

    from kb.search import _print_rich, search
    from kb.store import Store

    with Store(sample_db) as store:
        hits = search(store, "魂の管理人", limit=5)
    assert hits
    buf = io.StringIO()
    _print_rich(hits, Console(file=buf, width=50, highlight=False, color_system=None))
    lines = [ln.rstrip() for ln in buf.getvalue().splitlines() if ln.strip()]
    heads = [ln for ln in lines if ln[:4].strip().rstrip(".").isdigit()]
    assert len(heads) == len(hits)
    assert all(ln.startswith("    ") for ln in lines if ln not in heads)    # wrapped lines stay indented
    assert not any(ln.rstrip().endswith("—") for ln in lines)


def test_show_card_names_the_whole_card_of_a_face():
    from kb.show import render

    text = render("card", {"name_en": "Fire", "name_ja": "火", "node": "card:Fire", "full_name": "Fire // Ice",
                           "full_name_ja": "火 // 氷", "cost": "{1}{R}", "types": ["Instant"], "mentions": []})
    assert "face of: Fire // Ice / 火 // 氷" in text and "types: Instant" in text


def test_search_exclusions_may_be_typed_as_separate_words(sample_db):
    def ids(*argv):
        r = mtgkb("search", *argv, "--limit", "100", "--json", "--db", str(sample_db))
        assert r.returncode == 0, r.stderr
        return [h["id"] for h in json.loads(r.stdout)]

    quoted, unquoted, first = ids("授与 -否認"), ids("授与", "-否認"), ids("-否認", "授与")
    assert quoted == unquoted == first
    assert len(quoted) < len(ids("授与"))
    r = mtgkb("search", "誘発", "--limt", "3", "--db", str(sample_db))
    assert r.returncode == 2 and "--limt" in r.stderr          # a misspelt option is not a search term
    r = mtgkb("show", "card", "Soul Warden", "-x", "--db", str(sample_db))
    assert r.returncode == 2 and "unrecognized arguments: -x" in r.stderr


def test_show_claim_by_document_and_line_as_validate_prints_it(sample_db):
    from kb.store import Store

    with Store(sample_db) as store:
        c = next(n for n in store.nodes("claim") if n["data"].get("line"))
    where = f"{c['data']['document']}:{c['data']['line']}"
    r = mtgkb("show", "claim", where, "--json", "--db", str(sample_db))
    assert r.returncode == 0, r.stderr
    shown = json.loads(r.stdout)
    assert c["id"] in [shown["id"], *shown["also_here"]]
    assert shown["provenance"]["line"] == c["data"]["line"]


def test_export_linked_cards_only_leaves_out_cards_without_edges(sample_db, tmp_path):
    import shutil
    import sqlite3

    db = tmp_path / "kb.sqlite"
    shutil.copy(sample_db, db)
    with sqlite3.connect(db) as conn:                     # a card loaded from a card file and never linked
        conn.execute("INSERT INTO nodes(id, kind, title, data) VALUES ('card:Lonely Ox', 'card', 'Lonely Ox', "
                     "'{\"name_en\": \"Lonely Ox\"}')")
    conn.close()
    full, linked = tmp_path / "full.json", tmp_path / "linked.json"
    assert mtgkb("export", str(full), "--db", str(db)).returncode == 0
    r = mtgkb("export", str(linked), "--linked-cards-only", "--json", "--db", str(db))
    assert r.returncode == 0, r.stderr
    res = json.loads(r.stdout)

    def graph(path):
        data = json.loads(path.read_text(encoding="utf-8"))
        nodes = {n["id"]: n for n in data["nodes"]}
        ends = {e[k] for e in data.get("links", data.get("edges", [])) for k in ("source", "target")}
        return nodes, ends

    nodes_full, ends_full = graph(full)
    nodes_linked, _ = graph(linked)
    unlinked = {n for n, a in nodes_full.items() if a["kind"] == "card" and n not in ends_full}
    assert "card:Lonely Ox" in unlinked and "card:Lonely Ox" not in nodes_linked
    assert set(nodes_linked) == set(nodes_full) - unlinked
    assert res["unlinked_cards_dropped"] == len(unlinked) and res["nodes"] == len(nodes_linked)
