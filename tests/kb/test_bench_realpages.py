"""bench/bench_realpages.py: the fixed held-out split of each folder, the candidate filter and the tally of
claims by source and part (decided lines counted once however many claims a line gives)."""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
import bench_realpages as br  # noqa: E402


def _corpus(tmp_path: Path) -> Path:
    more = tmp_path / "more"
    more.mkdir()
    (more / "README.md").write_text("# about\n", encoding="utf-8")
    body = "# source: x\n# form: prose\n飛行を持つクリーチャーはブロックされない。\n歴史の話。\n"
    for n in ("a.txt", "b.txt", "c.txt", "d.txt", "e.txt"):
        (more / n).write_text(body, encoding="utf-8")
    return tmp_path


def test_every_third_file_by_name_is_held_out_and_the_readme_counts(tmp_path):
    docs = br.documents(_corpus(tmp_path), ["more"])
    assert sorted(docs) == ["a.txt", "b.txt", "c.txt", "d.txt", "e.txt"]      # the README is not a document
    # sorted: README.md, a, b, c, d, e  ->  the 3rd and 6th (b.txt, e.txt) are held out
    assert {n for n, (_, part, _) in docs.items() if part == "held"} == {"b.txt", "e.txt"}


def test_a_missing_folder_is_named(tmp_path):
    try:
        br.documents(tmp_path, ["nowhere"])
    except FileNotFoundError as e:
        assert "nowhere" in str(e)
    else:
        raise AssertionError("a missing folder must be an error")


def test_candidates_skip_the_header_and_sentences_without_a_game_word(tmp_path):
    p = _corpus(tmp_path) / "more" / "a.txt"
    assert br.candidates(p) == [(3, "飛行を持つクリーチャーはブロックされない。")]
    assert br.ending("飛行を持つクリーチャーはブロックされない。") == "されない"


def test_tally_counts_decided_lines_once_and_keeps_parts_apart(tmp_path):
    docs = br.documents(_corpus(tmp_path), ["more"])
    claims = [{"file": "a.txt", "line": 3, "verdict": "confirmed"},
              {"file": "a.txt", "line": 3, "verdict": "confirmed"},
              {"file": "b.txt", "line": 3, "verdict": "unsimulable"},
              {"file": "zzz.txt", "line": 3, "verdict": "contradicted"}]      # not a chosen document
    rows, by_doc = br.tally(docs, claims)
    work = next(r for r in rows if r["source"] == "more" and r["part"] == "work")
    held = next(r for r in rows if r["source"] == "more" and r["part"] == "held")
    assert (work["docs"], work["candidates"], work["claims"], work["decided_lines"], work["confirmed"]) == (3, 3, 2, 1, 2)
    assert (held["docs"], held["claims"], held["lines"], held["decided_lines"]) == (2, 1, 1, 0)
    assert next(r for r in rows if r["source"] == "ALL" and r["part"] == "work")["contradicted"] == 0
    assert "zzz.txt" not in by_doc
